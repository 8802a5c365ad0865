/* Several ranks of one job and their comparison (trace_ranks.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_results.h"
#include "gpuroof_text.h"
#include "trace_ranks.h"

void gr_trace_ranks_init(gr_trace_ranks *rs)
{
    *rs = (gr_trace_ranks){.limit_pct = GR_TRACE_STRAGGLER_PCT};
}

bool gr_trace_rank_begin(gr_trace_ranks *rs, const char *file, const char *summary, gr_error *err)
{
    if (rs->count == GR_TRACE_MAX_RANKS)
        return gr_error_set(err, "%s: more than %d ranks to compare", summary ? summary : file, GR_TRACE_MAX_RANKS);
    gr_trace_rank *ranks = gr_grow(rs->ranks, &rs->capacity, rs->count, sizeof *ranks, 16);
    if (!ranks)
        return gr_error_set(err, "out of memory");
    rs->ranks = ranks;
    gr_trace_rank *r = &rs->ranks[rs->count];
    *r = (gr_trace_rank){.file = file ? strdup(file) : NULL, .summary = summary};
    if (file && !r->file)
        return gr_error_set(err, "out of memory");
    rs->count++;
    return true;
}

/* A rank's GPUs: its step is the longest of their spans; the time each
 * was busy or idle adds up over them. */
void gr_trace_rank_device(gr_trace_ranks *rs, const gr_rank_time *device)
{
    gr_rank_time *t = &rs->ranks[rs->count - 1].time;
    t->span_ns = device->span_ns > t->span_ns ? device->span_ns : t->span_ns;
    t->busy_ns += device->busy_ns;
    t->kernel_ns += device->kernel_ns;
    for (int k = 0; k < GR_RANK_IDLE_KINDS; k++)
        t->idle_ns[k] += device->idle_ns[k];
    t->collective_ns += device->collective_ns;
}

void gr_trace_rank_collectives(gr_trace_ranks *rs, int64_t collective_ns)
{
    rs->ranks[rs->count - 1].time.collective_ns = collective_ns;
}

bool gr_trace_rank_kernel(gr_trace_ranks *rs, const char *name, size_t launches, int64_t time_ns, gr_error *err)
{
    gr_trace_rank *r = &rs->ranks[rs->count - 1];
    gr_rank_kernel *kernels = gr_grow(r->kernels, &r->kernel_capacity, r->kernel_count, sizeof *kernels, 16);
    if (!kernels)
        return gr_error_set(err, "out of memory");
    r->kernels = kernels;
    r->kernels[r->kernel_count] = (gr_rank_kernel){strdup(name), launches, time_ns};
    if (!r->kernels[r->kernel_count].name)
        return gr_error_set(err, "out of memory");
    r->kernel_count++;
    return true;
}

bool gr_trace_ranks_add_run(gr_trace_ranks *rs, const gr_trace_run *run, const char *file, gr_error *err)
{
    if (!gr_trace_rank_begin(rs, file, NULL, err))
        return false;
    for (size_t i = 0; i < run->time.device_count; i++) {
        const gr_trace_device_time *d = &run->time.devices[i];
        gr_rank_time t = {d->last_ns - d->first_ns, d->busy_ns, d->op_ns[GR_TRACE_OP_KERNEL],
                          {d->idle_host_ns, d->idle_stream_ns, d->idle_other_ns}, 0};
        gr_trace_rank_device(rs, &t);
    }
    gr_trace_rank_collectives(rs, run->time.collectives.union_ns);
    for (size_t i = 0; i < run->kernels.count; i++) {
        const gr_trace_kernel *k = &run->kernels.kernels[i];
        if (!gr_trace_rank_kernel(rs, k->name, k->launches, k->time_ns, err))
            return false;
    }
    return true;
}

/* ---- the medians ---------------------------------------------------------- */

typedef struct {
    double value;
    size_t rank;
} ranked_value;

static int by_value(const void *a, const void *b)
{
    const ranked_value *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static double span_of(const gr_trace_rank *r, int kind)
{
    (void)kind;
    return (double)r->time.span_ns;
}

/* Its span less its time in collectives: what the others wait for. */
static double own_of(const gr_trace_rank *r, int kind)
{
    (void)kind;
    int64_t own = r->time.span_ns - r->time.collective_ns;
    return own > 0 ? (double)own : 0;
}

static double collective_of(const gr_trace_rank *r, int kind)
{
    (void)kind;
    return (double)r->time.collective_ns;
}

static double idle_of(const gr_trace_rank *r, int kind)
{
    return (double)r->time.idle_ns[kind];
}

/* others[i]: the median of value(rank, kind) over every rank but i.
 * sorted has room for the ranks' values. */
static bool medians_of_others(const gr_trace_ranks *rs, double (*value)(const gr_trace_rank *, int), int kind,
                              double *sorted, double *others)
{
    ranked_value *v = malloc(rs->count * sizeof *v);
    if (!v)
        return false;
    for (size_t i = 0; i < rs->count; i++)
        v[i] = (ranked_value){value(&rs->ranks[i], kind), i};
    qsort(v, rs->count, sizeof *v, by_value);
    for (size_t i = 0; i < rs->count; i++)
        sorted[i] = v[i].value;
    for (size_t p = 0; p < rs->count; p++)
        others[v[p].rank] = gr_node_median_without(sorted, rs->count, p);
    free(v);
    return true;
}

/* ---- the stragglers ------------------------------------------------------- */

/* Each rank's own time against the others' median of it, by a share of
 * their median span; the stragglers listed. */
static bool judge_spans(gr_trace_ranks *rs, double *sorted, double *others)
{
    if (!medians_of_others(rs, span_of, 0, sorted, others))
        return false;
    for (size_t i = 0; i < rs->count; i++)
        rs->ranks[i].median_span_ns = others[i];
    if (!medians_of_others(rs, own_of, 0, sorted, others))
        return false;
    size_t flagged = 0;
    for (size_t i = 0; i < rs->count; i++) {
        gr_trace_rank *r = &rs->ranks[i];
        r->own_ns = own_of(r, 0);
        r->median_own_ns = others[i];
        r->slower_ns = r->own_ns - others[i];
        r->slower_share = r->median_span_ns > 0 ? r->slower_ns / r->median_span_ns : NAN;
        r->straggler = r->slower_ns > 0 && r->slower_ns > r->median_span_ns * rs->limit_pct / 100;
        flagged += r->straggler;
    }
    /* slowest first: by the negated figure, ascending (a tie: the first rank) */
    ranked_value *v = malloc((flagged ? flagged : 1) * sizeof *v);
    rs->stragglers = calloc(flagged ? flagged : 1, sizeof *rs->stragglers);
    for (size_t i = 0, n = 0; v && i < rs->count; i++)
        if (rs->ranks[i].straggler)
            v[n++] = (ranked_value){-rs->ranks[i].slower_ns, i};
    bool ok = v && rs->stragglers;
    if (ok) {
        qsort(v, flagged, sizeof *v, by_value);
        for (size_t s = 0; s < flagged; s++)
            rs->stragglers[s] = (gr_trace_straggler){.rank = v[s].rank};
        rs->straggler_count = flagged;
    }
    free(v);
    return ok;
}

/* Each straggler's idle time of each kind against the others' median. */
static bool judge_idle(gr_trace_ranks *rs, double *sorted, double *others)
{
    for (int k = 0; k < GR_RANK_IDLE_KINDS; k++) {
        if (!medians_of_others(rs, idle_of, k, sorted, others))
            return false;
        for (size_t s = 0; s < rs->straggler_count; s++) {
            gr_trace_straggler *st = &rs->stragglers[s];
            st->idle_median_ns[k] = others[st->rank];
            st->idle_slower_ns[k] = (double)rs->ranks[st->rank].time.idle_ns[k] - others[st->rank];
        }
    }
    return true;
}

/* Each straggler's time in collectives against the others' median: how
 * much longer they wait there than it. */
static bool judge_collectives(gr_trace_ranks *rs, double *sorted, double *others)
{
    if (!medians_of_others(rs, collective_of, 0, sorted, others))
        return false;
    for (size_t s = 0; s < rs->straggler_count; s++) {
        gr_trace_straggler *st = &rs->stragglers[s];
        st->collective_median_ns = others[st->rank];
        st->collective_wait_ns = others[st->rank] - (double)rs->ranks[st->rank].time.collective_ns;
    }
    return true;
}

/* ---- the stragglers' kernels ---------------------------------------------- */

/* One kernel of one rank, among every rank's. */
typedef struct {
    const gr_rank_kernel *kernel;
    size_t rank;
} rank_kernel_at;

static int by_name_then_time(const void *a, const void *b)
{
    const rank_kernel_at *x = a, *y = b;
    int c = strcmp(x->kernel->name, y->kernel->name);
    if (c)
        return c;
    if (x->kernel->time_ns != y->kernel->time_ns)
        return x->kernel->time_ns < y->kernel->time_ns ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* The kernel k among the straggler's, most over its median first; the
 * GR_TRACE_SLOWER_KERNELS most over kept. */
static void note_slower(gr_trace_straggler *st, const gr_rank_kernel_slower *k)
{
    st->kernel_slower_ns += k->slower_ns;
    st->kernels_slower++;
    size_t at = st->kernels_shown;
    while (at > 0 && st->kernels[at - 1].slower_ns < k->slower_ns)
        at--;
    if (at == GR_TRACE_SLOWER_KERNELS)
        return;
    size_t last = st->kernels_shown < GR_TRACE_SLOWER_KERNELS ? st->kernels_shown : GR_TRACE_SLOWER_KERNELS - 1;
    memmove(&st->kernels[at + 1], &st->kernels[at], (last - at) * sizeof st->kernels[0]);
    st->kernels[at] = *k;
    st->kernels_shown = last + 1;
}

typedef struct {
    gr_trace_ranks *rs;
    size_t *straggler_of; /* a rank's place among the stragglers + 1; 0: none */
    size_t whole_ranks;   /* the ranks that list every kernel */
    double *values;       /* a kernel's times, sorted: the whole ranks without it as 0, then the others */
    size_t values_capacity;
} kernel_judge;

/* One kernel, group[0..n) its ranks' entries in the order of their time:
 * each straggler among them against the median of the others. */
static bool judge_kernel(kernel_judge *j, const rank_kernel_at *group, size_t n)
{
    size_t whole_listing = 0, stragglers = 0;
    for (size_t i = 0; i < n; i++) {
        whole_listing += j->rs->ranks[group[i].rank].kernels_whole;
        stragglers += j->straggler_of[group[i].rank] != 0;
    }
    if (!stragglers)
        return true;
    size_t zeros = j->whole_ranks > whole_listing ? j->whole_ranks - whole_listing : 0, count = zeros + n;
    if (count > j->values_capacity) {
        free(j->values);
        j->values_capacity = count;
        if (!(j->values = malloc(count * sizeof *j->values)))
            return false;
    }
    for (size_t i = 0; i < count; i++)
        j->values[i] = i < zeros ? 0 : (double)group[i - zeros].kernel->time_ns;
    for (size_t i = 0; i < n; i++) {
        size_t s = j->straggler_of[group[i].rank];
        double median = gr_node_median_without(j->values, count, zeros + i);
        const gr_rank_kernel *k = group[i].kernel;
        if (s && !isnan(median) && (double)k->time_ns > median)
            note_slower(&j->rs->stragglers[s - 1],
                        &(gr_rank_kernel_slower){k->name, k->time_ns, median, (double)k->time_ns - median});
    }
    return true;
}

/* Every rank's kernels, sorted by name: each kernel's group judged. */
static bool judge_kernels(kernel_judge *j, rank_kernel_at *all, size_t total)
{
    qsort(all, total, sizeof *all, by_name_then_time);
    for (size_t a = 0, b; a < total; a = b) {
        for (b = a + 1; b < total && strcmp(all[a].kernel->name, all[b].kernel->name) == 0; b++)
            ;
        if (!judge_kernel(j, all + a, b - a))
            return false;
    }
    return true;
}

static bool judge_all_kernels(gr_trace_ranks *rs)
{
    size_t total = 0;
    kernel_judge j = {rs, calloc(rs->count, sizeof *j.straggler_of), 0, NULL, 0};
    for (size_t i = 0; i < rs->count; i++)
        total += rs->ranks[i].kernel_count, j.whole_ranks += rs->ranks[i].kernels_whole;
    rank_kernel_at *all = malloc((total ? total : 1) * sizeof *all);
    bool ok = all && j.straggler_of;
    for (size_t s = 0; ok && s < rs->straggler_count; s++)
        j.straggler_of[rs->stragglers[s].rank] = s + 1;
    for (size_t i = 0, n = 0; ok && i < rs->count; i++)
        for (size_t k = 0; k < rs->ranks[i].kernel_count; k++)
            all[n++] = (rank_kernel_at){&rs->ranks[i].kernels[k], i};
    ok = ok && judge_kernels(&j, all, total);
    free(all);
    free(j.straggler_of);
    free(j.values);
    return ok;
}

/* ---- the comparison ------------------------------------------------------- */

static void mark_whole(gr_trace_rank *r)
{
    int64_t listed_ns = 0;
    for (size_t k = 0; k < r->kernel_count; k++)
        listed_ns += r->kernels[k].time_ns;
    r->kernels_whole = listed_ns >= r->time.kernel_ns;
}

/* What makes a straggler slower, most. */
static void find_cause(gr_trace_straggler *st)
{
    double most = st->kernel_slower_ns;
    st->cause = GR_RANK_CAUSE_KERNELS;
    for (int k = 0; k < GR_RANK_IDLE_KINDS; k++)
        if (st->idle_slower_ns[k] > most) {
            most = st->idle_slower_ns[k];
            st->cause = (gr_rank_cause)(GR_RANK_CAUSE_HOST + k);
        }
    if (st->collective_wait_ns > most)
        st->cause = GR_RANK_CAUSE_COLLECTIVES;
}

bool gr_trace_ranks_compare(gr_trace_ranks *rs, gr_error *err)
{
    if (rs->count < 2)
        return gr_error_set(err, "%zu rank%s to compare: two or more", rs->count, rs->count == 1 ? "" : "s");
    for (size_t i = 0; i < rs->count; i++) {
        mark_whole(&rs->ranks[i]);
        rs->collectives = rs->collectives || rs->ranks[i].time.collective_ns > 0;
    }
    double *sorted = malloc(rs->count * sizeof *sorted), *others = malloc(rs->count * sizeof *others);
    bool ok = sorted && others && judge_spans(rs, sorted, others) && judge_idle(rs, sorted, others) &&
              judge_collectives(rs, sorted, others) &&
              judge_all_kernels(rs);
    free(sorted);
    free(others);
    if (!ok)
        return gr_error_set(err, "out of memory");
    for (size_t s = 0; s < rs->straggler_count; s++)
        find_cause(&rs->stragglers[s]);
    return true;
}

void gr_trace_ranks_free(gr_trace_ranks *rs)
{
    for (size_t i = 0; i < rs->count; i++) {
        for (size_t k = 0; k < rs->ranks[i].kernel_count; k++)
            free(rs->ranks[i].kernels[k].name);
        free(rs->ranks[i].kernels);
        free(rs->ranks[i].file);
    }
    free(rs->ranks);
    free(rs->stragglers);
    gr_trace_ranks_init(rs);
}

const char *gr_rank_cause_name(gr_rank_cause c)
{
    static const char *const names[] = {"kernels", "host", "stream", "other", "collectives"};
    return names[c];
}
