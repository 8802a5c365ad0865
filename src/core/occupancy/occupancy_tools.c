#include <stdlib.h>
#include <string.h>
#include "occupancy_tools.h"

static const char *const axis_names[] = {"threads", "regs", "smem"};

bool gr_sweep_axis_parse(const char *text, gr_sweep_axis *axis)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(text, axis_names[i]) == 0) {
            *axis = (gr_sweep_axis)i;
            return true;
        }
    return false;
}

const char *gr_sweep_axis_name(gr_sweep_axis axis)
{
    return axis_names[axis];
}

static void set_axis(gr_launch *l, gr_sweep_axis axis, int64_t x)
{
    if (axis == GR_SWEEP_THREADS)
        l->threads_per_block = (int)x;
    else if (axis == GR_SWEEP_REGS)
        l->regs_per_thread = (int)x;
    else
        l->smem_per_block_bytes = x;
}

static void sweep_point(const gr_sm_limits *lim, const gr_launch *base, gr_sweep_axis axis, int64_t x,
                        gr_sweep_point *pt)
{
    gr_launch l = *base;
    set_axis(&l, axis, x);
    pt->x = x;
    pt->valid = gr_occupancy_compute(lim, &l, &pt->occ, NULL);
}

/* The range and step of each axis; textbook limits without per-block
 * maxima sweep up to the SM's own. */
static void axis_range(const gr_sm_limits *lim, gr_sweep_axis axis,
                       int64_t *first, int64_t *last, int64_t *step)
{
    if (axis == GR_SWEEP_THREADS) {
        *step = lim->warp_size;
        *first = *step;
        *last = lim->max_threads_block > 0 ? lim->max_threads_block : lim->max_threads_sm;
    } else if (axis == GR_SWEEP_REGS) {
        *step = 1;
        *first = 1;
        *last = lim->max_regs_thread > 0 ? lim->max_regs_thread : 255;
    } else {
        int64_t unit = lim->smem_alloc_unit > 1 ? lim->smem_alloc_unit : 256;
        *first = 0;
        *last = lim->smem_block_max_bytes > 0 ? lim->smem_block_max_bytes : lim->smem_sm_bytes;
        /* at most about 4096 points, in whole allocation units */
        *step = (*last / 4096 + unit - 1) / unit * unit;
        *step = *step > unit ? *step : unit;
    }
}

bool gr_occupancy_sweep(const gr_sm_limits *lim, const gr_launch *base,
                        gr_sweep_axis axis, gr_sweep *out, gr_error *err)
{
    int64_t first, last, step;
    axis_range(lim, axis, &first, &last, &step);
    size_t n = last >= first ? (size_t)((last - first) / step + 1) : 0;
    /* a block limit of no whole number of warps (__launch_bounds__(500)) is a point too */
    bool limit_point = axis == GR_SWEEP_THREADS && last >= first && (last - first) % step != 0;
    out->axis = axis;
    out->count = 0;
    out->points = calloc(n + limit_point > 0 ? n + limit_point : 1, sizeof *out->points);
    if (!out->points)
        return gr_error_set(err, "out of memory");
    for (int64_t x = first; x <= last; x += step)
        sweep_point(lim, base, axis, x, &out->points[out->count++]);
    if (limit_point)
        sweep_point(lim, base, axis, last, &out->points[out->count++]);
    return true;
}

void gr_sweep_free(gr_sweep *s)
{
    free(s->points);
    s->points = NULL;
    s->count = 0;
}

bool gr_occupancy_suggest(const gr_sm_limits *lim, const gr_launch *base,
                          gr_suggestion *out, gr_error *err)
{
    return gr_occupancy_suggest_within(lim, base, 0, out, err);
}

/* From the largest block down in whole warps, the first size being the
 * limit itself where it is no whole number of warps (as the runtime tries
 * them); the most resident threads win, the larger block on a tie. */
bool gr_occupancy_suggest_within(const gr_sm_limits *lim, const gr_launch *base, int block_limit,
                                 gr_suggestion *out, gr_error *err)
{
    int largest = lim->max_threads_block > 0 ? lim->max_threads_block : lim->max_threads_sm;
    int warp = lim->warp_size > 0 ? lim->warp_size : 1;
    int64_t best_threads = 0;
    largest = block_limit > 0 && block_limit < largest ? block_limit : largest;
    memset(out, 0, sizeof *out);
    for (int aligned = (largest + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
        gr_launch l = *base;
        l.threads_per_block = aligned < largest ? aligned : largest;
        gr_occupancy o;
        if (!gr_occupancy_compute(lim, &l, &o, NULL))
            continue;
        if ((int64_t)o.blocks_per_sm * l.threads_per_block > best_threads) {
            best_threads = (int64_t)o.blocks_per_sm * l.threads_per_block;
            *out = (gr_suggestion){l.threads_per_block, o.blocks_per_sm, o.occupancy};
        }
    }
    if (best_threads == 0)
        return gr_error_set(err, "no block size fits with these registers and shared memory");
    return true;
}

void gr_limits_bounded(gr_sm_limits *lim, int64_t max_threads)
{
    if (max_threads > 0 && (lim->max_threads_block <= 0 || max_threads < lim->max_threads_block))
        lim->max_threads_block = (int)max_threads;
}

bool gr_kernel_block_size(const gr_sm_limits *lim, const gr_launch *base, int64_t max_threads,
                          gr_block_choice *out, gr_error *err)
{
    gr_suggestion s;
    if (max_threads > 0) {
        *out = (gr_block_choice){max_threads > 1 << 20 ? 1 << 20 : (int)max_threads, GR_BLOCK_FROM_BOUNDS};
        return true;
    }
    if (!gr_occupancy_suggest(lim, base, &s, err))
        return false;
    *out = (gr_block_choice){s.threads_per_block, GR_BLOCK_SUGGESTED};
    return true;
}

const char *gr_block_source_key(gr_block_source from)
{
    return from == GR_BLOCK_FROM_BOUNDS ? "launch_bounds" : "suggest";
}

bool gr_kernel_block_check(int threads, int64_t max_threads, const char *kernel, gr_error *err)
{
    if (max_threads <= 0 || threads <= max_threads)
        return true;
    return gr_error_set(err, "%d threads a block: %s is bounded at %lld threads a block by __launch_bounds__ "
                             "(a launch of more fails)", threads, kernel, (long long)max_threads);
}

static int64_t round_down(int64_t n, int64_t unit)
{
    return unit > 1 ? n / unit * unit : n;
}

bool gr_occupancy_max_smem(const gr_sm_limits *lim, const gr_launch *base, int target,
                           gr_smem_target *out, gr_error *err)
{
    if (target < 1)
        return gr_error_set(err, "the target must be at least 1 block, not %d", target);
    gr_launch l = *base;
    gr_occupancy o;
    if (!gr_occupancy_compute(lim, &l, &o, err))
        return false;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (i != GR_LIMIT_SHARED_MEMORY && o.limit[i] != GR_UNLIMITED && o.limit[i] < target)
            return gr_error_set(err, "%d blocks can never be resident: %s allow only %lld",
                                target, gr_limit_name((gr_limit)i), (long long)o.limit[i]);
    out->per_block_bytes = round_down(lim->smem_sm_bytes / target, lim->smem_alloc_unit);
    int64_t dynamic = out->per_block_bytes - lim->smem_reserved_bytes - base->smem_per_block_bytes;
    int64_t cap = lim->smem_block_max_bytes > 0 ? lim->smem_block_max_bytes - base->smem_per_block_bytes : dynamic;
    int64_t runtime = out->per_block_bytes - base->smem_per_block_bytes;
    out->max_dynamic_smem_bytes = dynamic < cap ? dynamic : cap;
    out->runtime_dynamic_smem_bytes = runtime < cap ? runtime : cap;
    if (out->max_dynamic_smem_bytes < 0)
        return gr_error_set(err, "%d blocks cannot be resident: each would have %lld bytes of shared memory, less than the %lld it needs before any dynamic memory",
                            target, (long long)out->per_block_bytes,
                            (long long)(base->smem_per_block_bytes + lim->smem_reserved_bytes));
    return true;
}
