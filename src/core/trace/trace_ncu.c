/* Nsight Compute's launches joined to a trace's kernels (trace_ncu.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "trace_names.h"
#include "trace_ncu.h"

/* A kernel's key and its place in the table. */
typedef struct {
    char *key;
    size_t kernel;
} kernel_key;

/* The trace's kernels sorted by key (a tie: by their place in the
 * table), for a search. */
typedef struct {
    kernel_key *keys;
    size_t count;
} kernel_keys;

static int by_key(const void *a, const void *b)
{
    const kernel_key *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->kernel > y->kernel) - (x->kernel < y->kernel);
}

static void keys_free(kernel_keys *kk)
{
    for (size_t i = 0; kk->keys && i < kk->count; i++)
        free(kk->keys[i].key);
    free(kk->keys);
}

static bool keys_make(const gr_trace_kernels *k, kernel_keys *kk)
{
    gr_buf key = GR_BUF_INIT;
    *kk = (kernel_keys){calloc(k->count + 1, sizeof *kk->keys), k->count};
    bool ok = kk->keys != NULL;
    for (size_t i = 0; ok && i < k->count; i++) {
        kk->keys[i].kernel = i;
        ok = gr_trace_name_key(k->kernels[i].name, &key) && (kk->keys[i].key = gr_buf_take(&key)) != NULL;
    }
    gr_buf_free(&key);
    if (ok)
        qsort(kk->keys, k->count, sizeof *kk->keys, by_key);
    return ok;
}

/* The first place in order whose key is key's, or count. */
static size_t first_with(const kernel_keys *kk, const char *key)
{
    size_t low = 0, high = kk->count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (strcmp(kk->keys[mid].key, key) < 0)
            low = mid + 1;
        else
            high = mid;
    }
    return low < kk->count && strcmp(kk->keys[low].key, key) == 0 ? low : kk->count;
}

/* Whether kernel was launched with the report launch's grid and block: a
 * report without them says nothing against it, and a kernel of more
 * configurations than the table keeps apart may have had them. */
static bool launched_as(const gr_trace_kernel *kernel, const gr_ncu_launch *l)
{
    if (l->grid[0] < 0 || l->block[0] < 0 || kernel->config_count == GR_TRACE_MAX_CONFIGS)
        return true;
    for (size_t c = 0; c < kernel->config_count; c++) {
        const gr_trace_config *cf = &kernel->configs[c];
        bool same = true;
        for (int d = 0; d < 3; d++)
            same = same && cf->grid[d] == l->grid[d] && cf->block[d] == l->block[d];
        if (same)
            return true;
    }
    return false;
}

/* The kernel launch l joins (k->count: none), the first in the table of
 * those its name's key names that was launched as it was; *named the
 * first of those its key names (k->count: none). */
static size_t kernel_of(const gr_trace_kernels *k, const kernel_keys *kk, const char *key, const gr_ncu_launch *l,
                        size_t *named)
{
    size_t best = k->count;
    *named = k->count;
    for (size_t at = first_with(kk, key); at < kk->count && strcmp(kk->keys[at].key, key) == 0; at++) {
        size_t i = kk->keys[at].kernel;
        *named = i < *named ? i : *named;
        if (i < best && launched_as(&k->kernels[i], l))
            best = i;
    }
    return best;
}

/* A report launch joined to nothing so far, by the rule for a trace
 * kernel whose name libiberty cannot read: the words of the launch's name
 * all in its mangled name, and launched as the launch was. */
static size_t kernel_by_words(const gr_trace_kernels *k, const bool *unreadable, const char *key,
                              const gr_ncu_launch *l)
{
    for (size_t i = 0; i < k->count; i++)
        if (unreadable[i] && launched_as(&k->kernels[i], l) && gr_trace_name_words_in(key, k->kernels[i].name))
            return i;
    return k->count;
}

/* Report launch i's kernel in the trace (k->count: none); *named the
 * first kernel of its name (k->count: none). */
static bool kernel_for(const gr_trace_kernels *k, const kernel_keys *kk, const bool *unreadable,
                       const gr_ncu_launch *l, gr_buf *key, size_t *kernel, size_t *named)
{
    if (!gr_trace_name_key(l->kernel, key))
        return false;
    *kernel = kernel_of(k, kk, gr_buf_text(key), l, named);
    if (*kernel == k->count && *named == k->count)
        *kernel = kernel_by_words(k, unreadable, gr_buf_text(key), l);
    return true;
}

/* A report launch counted: joined to kernel, or not and why; the kernel
 * of its name (where one has it) told which configuration the report had
 * instead. */
static void count_launch(gr_trace_ncu *j, size_t launch, const gr_ncu_launch *l, size_t kernel, size_t named)
{
    gr_trace_verdict *v = kernel < j->kernel_count ? &j->verdicts[kernel] : NULL;
    if (v) {
        if (v->ncu_launches++ == 0)
            v->first_id = l->id;
        v->join = GR_TRACE_JOINED;
        j->ncu_joined++;
        return;
    }
    if (j->first_unjoined == j->ncu_launches)
        j->first_unjoined = launch;
    if (named == j->kernel_count) {
        j->ncu_no_name++;
        return;
    }
    j->ncu_other_config++;
    v = &j->verdicts[named];
    if (v->join == GR_TRACE_NO_NAME) {
        v->join = GR_TRACE_OTHER_CONFIG;
        memcpy(v->report_grid, l->grid, sizeof v->report_grid);
        memcpy(v->report_block, l->block, sizeof v->report_block);
    }
}

/* Each report launch's kernel in the trace (group_of: the kernel's index,
 * kernel_count for none). */
static bool join_launches(const gr_trace_kernels *k, const gr_ncu_analysis *a, gr_trace_ncu *j, size_t *group_of)
{
    kernel_keys kk;
    gr_buf key = GR_BUF_INIT;
    bool *unreadable = calloc(k->count + 1, sizeof *unreadable);
    bool ok = unreadable && keys_make(k, &kk);
    for (size_t i = 0; ok && i < k->count; i++)
        unreadable[i] = gr_trace_name_unreadable(k->kernels[i].name);
    for (size_t i = 0; ok && i < a->report.count; i++) {
        size_t named;
        ok = kernel_for(k, &kk, unreadable, &a->report.launches[i], &key, &group_of[i], &named);
        if (ok)
            count_launch(j, i, &a->report.launches[i], group_of[i], named);
    }
    gr_buf_free(&key);
    if (unreadable)
        keys_free(&kk);
    free(unreadable);
    return ok;
}

/* Each kernel's verdict weighed by its time in the trace. */
static void weigh(const gr_trace_kernels *k, gr_trace_ncu *j)
{
    for (size_t i = 0; i < k->count; i++) {
        gr_trace_verdict *v = &j->verdicts[i];
        j->kernel_ns += k->kernels[i].time_ns;
        v->explained_share = NAN;
        if (v->join != GR_TRACE_JOINED)
            continue;
        v->explained_share = gr_ncu_explained_share(&v->limits);
        j->kernels_joined++;
        j->joined_ns += k->kernels[i].time_ns;
        j->explained_ns += v->explained_share * (double)k->kernels[i].time_ns;
    }
}

bool gr_trace_ncu_join(const gr_trace_kernels *k, const gr_ncu_analysis *a, gr_trace_ncu *out, gr_error *err)
{
    size_t n = a->report.count;
    *out = (gr_trace_ncu){.analysis = a, .kernel_count = k->count, .ncu_launches = n, .first_unjoined = n};
    out->verdicts = calloc(k->count + 1, sizeof *out->verdicts);
    gr_ncu_limits *sums = malloc((k->count + 1) * sizeof *sums);
    size_t *group_of = malloc((n ? n : 1) * sizeof *group_of);
    bool ok = out->verdicts && sums && group_of;
    for (size_t i = 0; ok && i <= k->count; i++)
        out->verdicts[i].join = GR_TRACE_NO_NAME;
    ok = ok && join_launches(k, a, out, group_of);
    ok = ok && gr_ncu_limits_sum(a->limits, group_of, n, sums, k->count + 1);
    for (size_t i = 0; ok && i < k->count; i++)
        out->verdicts[i].limits = sums[i];
    if (ok)
        weigh(k, out);
    free(sums);
    free(group_of);
    if (!ok)
        gr_error_set(err, "out of memory joining Nsight Compute's report to the trace");
    return ok;
}

void gr_trace_ncu_free(gr_trace_ncu *j)
{
    free(j->verdicts);
    *j = (gr_trace_ncu){0};
}
