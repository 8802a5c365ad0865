/* The rows of `gpuroof ncu`'s table (ncu_table.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_kernels.h"
#include "gpuroof_text.h"
#include "ncu_table.h"

/* The limit of each binding level, for a row whose limits are unknown. */
static gr_time_limit level_limit(gr_level level)
{
    static const gr_time_limit limit_of[GR_LEVEL_COUNT] = {GR_TIME_LIMIT_DRAM, GR_TIME_LIMIT_L2,
                                                           GR_TIME_LIMIT_SHARED, GR_TIME_LIMIT_COMPUTE};
    return limit_of[level];
}

/* What binds: the limiter, else the binding level, and how close to it. */
static void fill_bound(gr_ncu_table_row *row, const gr_ncu_figures *f, const gr_ncu_binding *b,
                       const gr_ncu_limits *lim)
{
    row->bound_from = GR_NCU_BOUND_UNKNOWN;
    row->limit_share = row->explained_share = NAN;
    if (lim->known) {
        row->bound_from = GR_NCU_BOUND_LIMITS;
        row->limiter = lim->limiter;
        row->unexplained = !lim->explained;
        row->explained_share = lim->explained_ns / lim->duration_ns;
        if (gr_time_limit_is_throughput(lim->limiter))
            row->limit_share = lim->bound_ns[lim->limiter] / lim->duration_ns;
    } else if (b->known) {
        gr_level level = b->binding.primary;
        row->bound_from = GR_NCU_BOUND_ROOFS;
        row->limiter = level_limit(level);
        row->limit_share = level == GR_LEVEL_COMPUTE || f->flops_total > 0 ? b->achieved_fraction
                                                                           : lim->roof_share[level];
    }
}

/* GFLOP/s, or without FLOPs the GB/s at the binding memory level (DRAM
 * where no level binds). */
static void fill_achieved(gr_ncu_table_row *row, const gr_ncu_figures *f, const gr_ncu_binding *b,
                          const gr_ncu_limits *lim)
{
    row->achieved_gbs = f->flops_total == 0;
    row->achieved_level = GR_LEVEL_DRAM;
    if (!row->achieved_gbs) {
        row->achieved = f->gflops;
        row->achieved_lower = f->flops_total_lower;
        return;
    }
    if (b->known && b->binding.primary < GR_NCU_LEVEL_COUNT)
        row->achieved_level = b->binding.primary;
    row->achieved = lim->achieved_gbs[row->achieved_level];
    row->achieved_lower = f->bytes_lower[row->achieved_level];
}

static void fill_occupancy(gr_ncu_table_row *row, const gr_ncu_figures *f, const gr_ncu_prediction *p)
{
    row->theoretical_varies = f->varies[GR_NCU_Q_THEORETICAL_PCT];
    row->occupancy_theoretical = row->theoretical_varies ? NAN : f->occupancy_theoretical;
    row->occupancy_achieved = f->occupancy_achieved;
    row->occupancy_predicted = p->known ? p->occ.occupancy : NAN;
    row->occupancy_differs = p->compared && !p->agrees;
}

static void fill_banks(gr_ncu_table_row *row, const gr_ncu_figures *f)
{
    double wavefronts = f->shared_load + f->shared_store;
    row->no_shared = wavefronts == 0;
    row->bank_excess = row->no_shared ? 0 : f->shared_conflicts / f->shared_ideal;
    if (isinf(row->bank_excess))
        row->bank_excess = NAN; /* conflicts counted beyond every wavefront: the counters disagree */
}

static gr_ncu_table_row row_of(const gr_ncu_analysis *a, const gr_ncu_figures *f, const gr_ncu_binding *b,
                               const gr_ncu_prediction *p, const gr_ncu_limits *lim)
{
    gr_ncu_table_row row = {.launches = 1, .time_ns = f->q[GR_NCU_Q_TIME_NS]};
    row.time_share = a->time_ns_total > 0 ? row.time_ns / a->time_ns_total : NAN;
    fill_bound(&row, f, b, lim);
    bool compute = row.bound_from != GR_NCU_BOUND_UNKNOWN && row.limiter == GR_TIME_LIMIT_COMPUTE;
    row.compute_precision = compute ? gr_ncu_slowest_precision(f, &a->roofs) : -1;
    fill_achieved(&row, f, b, lim);
    fill_occupancy(&row, f, p);
    fill_banks(&row, f);
    return row;
}

/* The longest first, unknown times last, then in the analysis's order. */
static int longest_first(const void *x, const void *y)
{
    const gr_ncu_table_row *a = x, *b = y;
    if (isnan(a->time_ns) != isnan(b->time_ns))
        return isnan(a->time_ns) ? 1 : -1;
    if (a->time_ns != b->time_ns && !isnan(a->time_ns))
        return a->time_ns > b->time_ns ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

static void fill_rows(const gr_ncu_analysis *a, gr_ncu_table *t)
{
    for (size_t i = 0; i < t->count; i++) {
        gr_ncu_table_row *row = &t->rows[i];
        if (t->grouped) {
            const gr_ncu_group *g = &a->groups[i];
            *row = row_of(a, &g->figures, &a->group_bindings[i], &a->group_predictions[i], &a->group_limits[i]);
            row->time_share = g->time_share;
            row->launches = g->launches;
            row->kernel = g->kernel;
            row->id = a->report.launches[g->first].id;
        } else {
            *row = row_of(a, &a->figures[i], &a->bindings[i], &a->predictions[i], &a->limits[i]);
            row->kernel = a->report.launches[i].kernel;
            row->id = a->report.launches[i].id;
        }
        row->index = i;
    }
}

bool gr_ncu_table_build(const gr_ncu_analysis *a, gr_ncu_table *t, gr_error *err)
{
    *t = (gr_ncu_table){.grouped = a->grouped, .more_time_ns = 0, .more_time_share = 0};
    t->all = t->count = t->matched = a->grouped ? a->group_count : a->report.count;
    t->rows = malloc((t->count ? t->count : 1) * sizeof *t->rows);
    if (!t->rows)
        return gr_error_set(err, "out of memory making the table of %zu rows", t->count);
    fill_rows(a, t);
    qsort(t->rows, t->count, sizeof *t->rows, longest_first);
    return true;
}

/* Keeps the rows marked, in their order. */
static void keep_marked(gr_ncu_table *t, const bool *keep)
{
    size_t kept = 0;
    for (size_t i = 0; i < t->count; i++)
        if (keep[i])
            t->rows[kept++] = t->rows[i];
    t->count = kept;
}

/* Which rows pattern picks, into keep; their count. */
static bool pick(const gr_ncu_table *t, const char *pattern, bool glob, bool *keep, size_t *picked, gr_error *err)
{
    gr_name_pattern p;
    const char **names = malloc((t->count ? t->count : 1) * sizeof *names);
    if (!names)
        return gr_error_set(err, "out of memory matching kernel names");
    for (size_t i = 0; i < t->count; i++)
        names[i] = t->rows[i].kernel;
    bool ok = gr_name_pattern_init(&p, pattern, glob, err);
    if (ok) {
        ok = gr_name_select(&p, names, t->count, keep, picked, err);
        gr_name_pattern_free(&p);
    }
    free(names);
    return ok;
}

bool gr_ncu_table_match(gr_ncu_table *t, const char *shown, const char *pattern, bool glob, gr_error *err)
{
    size_t picked = 0;
    bool *keep = malloc((t->count ? t->count : 1) * sizeof *keep);
    if (!keep)
        return gr_error_set(err, "out of memory matching kernel names");
    bool ok = pick(t, pattern, glob, keep, &picked, err);
    if (ok && picked == 0)
        ok = gr_error_set(err, "%s: no kernel matches '%s' among its %zu %s", shown, pattern, t->all,
                          t->grouped ? (t->all == 1 ? "kernel" : "kernels") : (t->all == 1 ? "launch" : "launches"));
    if (ok) {
        keep_marked(t, keep);
        t->matched = picked;
    }
    free(keep);
    return ok;
}

void gr_ncu_table_top(gr_ncu_table *t, size_t n)
{
    if (n >= t->count)
        return;
    double time_ns = 0, share = 0;
    for (size_t i = n; i < t->count; i++) {
        time_ns += t->rows[i].time_ns;
        share += t->rows[i].time_share;
    }
    t->more += t->count - n;
    t->more_time_ns += time_ns;
    t->more_time_share += share;
    t->count = n;
}

/* An open-addressed set of the kept kernels' names: each launch looks its
 * kernel up once, so a report of many kernels stays linear. */
typedef struct {
    const char **slots;
    size_t mask;
} name_set;

static bool name_set_make(const gr_ncu_table *t, name_set *set)
{
    size_t size = 2;
    while (size < 2 * t->count)
        size *= 2;
    set->mask = size - 1;
    set->slots = calloc(size, sizeof *set->slots);
    if (!set->slots)
        return false;
    for (size_t i = 0; i < t->count; i++) {
        size_t at = gr_name_hash(t->rows[i].kernel) & set->mask;
        while (set->slots[at])
            at = (at + 1) & set->mask;
        set->slots[at] = t->rows[i].kernel;
    }
    return true;
}

static bool name_set_has(const name_set *set, const char *name)
{
    for (size_t at = gr_name_hash(name) & set->mask; set->slots[at]; at = (at + 1) & set->mask)
        if (strcmp(set->slots[at], name) == 0)
            return true;
    return false;
}

bool gr_ncu_table_launches(const gr_ncu_analysis *a, const gr_ncu_table *t, bool *shown, gr_error *err)
{
    memset(shown, 0, a->report.count * sizeof *shown);
    if (!t->grouped) {
        for (size_t i = 0; i < t->count; i++)
            shown[t->rows[i].index] = true;
        return true;
    }
    name_set set;
    if (!name_set_make(t, &set))
        return gr_error_set(err, "out of memory marking the launches of %zu kernels", t->count);
    for (size_t i = 0; i < a->report.count; i++)
        shown[i] = name_set_has(&set, a->report.launches[i].kernel);
    free(set.slots);
    return true;
}

void gr_ncu_table_free(gr_ncu_table *t)
{
    free(t->rows);
    *t = (gr_ncu_table){0};
}
