/* A report's launches summed by kernel (ncu_group.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_group.h"

typedef struct {
    const char *name;
    size_t index;
} named_launch;

static int by_name(const void *a, const void *b)
{
    const named_launch *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* Adds one launch's quantity to the kernel's. */
static void add_quantity(gr_ncu_figures *sum, const gr_ncu_figures *one, int q, bool first)
{
    double v = one->q[q], t = one->q[GR_NCU_Q_TIME_NS];
    switch (gr_ncu_quantity_of(q)->summing) {
    case GR_NCU_ADDS:
        sum->q[q] = first ? v : sum->q[q] + v;
        break;
    case GR_NCU_SAME:
        if (first)
            sum->q[q] = v;
        else if (!(v == sum->q[q] || (isnan(v) && isnan(sum->q[q]) && !sum->varies[q])))
            sum->q[q] = NAN, sum->varies[q] = true;
        break;
    case GR_NCU_TIME_MEAN: /* the weighted sum, divided by the time once all are in */
        sum->q[q] = first ? v * t : sum->q[q] + v * t;
        break;
    }
}

static void add_shape(long long sum[3], const long long one[3], bool first, bool *varies)
{
    if (first) {
        memcpy(sum, one, 3 * sizeof *sum);
        return;
    }
    if (memcmp(sum, one, 3 * sizeof *sum) != 0) {
        sum[0] = sum[1] = sum[2] = -1;
        *varies = true;
    }
}

static void add_launch(gr_ncu_figures *sum, const gr_ncu_figures *one, bool first)
{
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        add_quantity(sum, one, q, first);
        /* a sum some launch has only part of is that part's lower bound */
        if (first || sum->lacking[q] == 0)
            sum->lacking[q] = one->lacking[q];
    }
    if (first)
        sum->chip = one->chip;
    sum->fp16_move_hfma = (first ? 0 : sum->fp16_move_hfma) + one->fp16_move_hfma;
    add_shape(sum->grid, one->grid, first, &sum->varies[GR_NCU_Q_GRID_X]);
    add_shape(sum->block, one->block, first, &sum->varies[GR_NCU_Q_BLOCK_X]);
}

static void finish_group(gr_ncu_group *g)
{
    gr_ncu_figures *f = &g->figures;
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        f->from[q] = -1;
        if (gr_ncu_quantity_of(q)->summing == GR_NCU_TIME_MEAN)
            f->q[q] = f->q[GR_NCU_Q_TIME_NS] > 0 ? f->q[q] / f->q[GR_NCU_Q_TIME_NS] : NAN;
    }
    gr_ncu_figures_derive(f);
}

/* Longest total time first; an unknown time last; then by name. */
static int by_time(const void *a, const void *b)
{
    const gr_ncu_group *x = a, *y = b;
    double tx = x->figures.q[GR_NCU_Q_TIME_NS], ty = y->figures.q[GR_NCU_Q_TIME_NS];
    if (isnan(tx) != isnan(ty))
        return isnan(tx) ? 1 : -1;
    if (tx != ty && !isnan(tx))
        return tx > ty ? -1 : 1;
    return strcmp(x->kernel, y->kernel);
}

static void share_time(gr_ncu_group *groups, size_t count)
{
    double total = 0;
    for (size_t i = 0; i < count; i++)
        total += groups[i].figures.q[GR_NCU_Q_TIME_NS];
    for (size_t i = 0; i < count; i++)
        groups[i].time_share = total > 0 ? groups[i].figures.q[GR_NCU_Q_TIME_NS] / total : NAN;
}

/* group_of[i] held each launch's group as made; the sort moved them. */
static bool follow_sort(const gr_ncu_group *groups, size_t n, size_t *group_of, size_t launches)
{
    size_t *now = malloc((n ? n : 1) * sizeof *now);
    if (!now)
        return false;
    for (size_t g = 0; g < n; g++)
        now[groups[g].made] = g;
    for (size_t i = 0; i < launches; i++)
        group_of[i] = now[group_of[i]];
    free(now);
    return true;
}

bool gr_ncu_group_launches(const gr_ncu_report *r, const gr_ncu_figures *each, gr_ncu_group **groups,
                           size_t *count, size_t *group_of, gr_error *err)
{
    named_launch *order = malloc((r->count ? r->count : 1) * sizeof *order);
    gr_ncu_group *out = calloc(r->count ? r->count : 1, sizeof *out);
    if (!order || !out) {
        free(order);
        free(out);
        return gr_error_set(err, "out of memory grouping %zu launches", r->count);
    }
    for (size_t i = 0; i < r->count; i++)
        order[i] = (named_launch){r->launches[i].kernel, i};
    qsort(order, r->count, sizeof *order, by_name);
    size_t n = 0;
    for (size_t i = 0; i < r->count; i++) {
        bool first = i == 0 || strcmp(order[i].name, order[i - 1].name) != 0;
        if (first) {
            out[n] = (gr_ncu_group){.kernel = order[i].name, .first = order[i].index, .made = n};
            n++;
        }
        out[n - 1].launches++;
        if (group_of)
            group_of[order[i].index] = n - 1;
        add_launch(&out[n - 1].figures, &each[order[i].index], first);
    }
    free(order);
    for (size_t i = 0; i < n; i++)
        finish_group(&out[i]);
    share_time(out, n);
    qsort(out, n, sizeof *out, by_time);
    if (group_of && !follow_sort(out, n, group_of, r->count)) {
        free(out);
        return gr_error_set(err, "out of memory grouping %zu launches", r->count);
    }
    *groups = out;
    *count = n;
    return true;
}
