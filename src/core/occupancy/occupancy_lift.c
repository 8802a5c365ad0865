/* What lifts an occupancy (occupancy_lift.h). */
#include "occupancy_lift.h"
#include "occupancy_tools.h"

int gr_registers_for_warps(const gr_sm_limits *lim, const gr_launch *launch, int warps)
{
    int lo = 1, hi = launch->regs_per_thread, found = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        gr_launch l = *launch;
        gr_occupancy occ;
        gr_error err;
        l.regs_per_thread = mid;
        if (gr_occupancy_compute(lim, &l, &occ, &err) && occ.warps_per_sm >= warps)
            found = mid, lo = mid + 1;
        else
            hi = mid - 1;
    }
    return found;
}

/* The least threads a block (whole warps) with which more blocks' warps
 * fit where the blocks an SM takes hold occupancy down. */
static int64_t threads_for_blocks_limit(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                                        gr_occupancy *lifted)
{
    for (int threads = launch->threads_per_block + lim->warp_size; threads <= lim->max_threads_block;
         threads += lim->warp_size) {
        gr_launch l = *launch;
        gr_error err;
        l.threads_per_block = threads;
        if (gr_occupancy_compute(lim, &l, lifted, &err) && lifted->warps_per_sm > o->warps_per_sm)
            return threads;
    }
    return -1;
}

static void lift_by(const gr_sm_limits *lim, const gr_launch *launch, gr_limit limit, int64_t value,
                    gr_occupancy_lift *out)
{
    gr_launch l = *launch;
    gr_error err;
    if (limit == GR_LIMIT_REGISTERS)
        l.regs_per_thread = (int)value;
    else if (limit == GR_LIMIT_SHARED_MEMORY)
        l.smem_per_block_bytes = value;
    out->possible = value >= 0 && gr_occupancy_compute(lim, &l, &out->lifted, &err);
    out->value = value;
}

void gr_occupancy_lift_of(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                          gr_occupancy_lift *out)
{
    *out = (gr_occupancy_lift){.limit = GR_LIMIT_COUNT};
    int more = o->blocks_per_sm + 1;
    if (o->limiters & (1u << GR_LIMIT_REGISTERS)) {
        out->limit = GR_LIMIT_REGISTERS;
        lift_by(lim, launch, GR_LIMIT_REGISTERS, gr_registers_for_warps(lim, launch, more * o->warps_per_block), out);
    } else if (o->limiters & (1u << GR_LIMIT_SHARED_MEMORY)) {
        gr_smem_target t;
        gr_error err;
        gr_launch no_dynamic = *launch;
        no_dynamic.smem_per_block_bytes = 0;
        out->limit = GR_LIMIT_SHARED_MEMORY;
        bool fits = gr_occupancy_max_smem(lim, &no_dynamic, more, &t, &err);
        lift_by(lim, launch, GR_LIMIT_SHARED_MEMORY, fits ? t.max_dynamic_smem_bytes : -1, out);
    } else if (o->limiters & (1u << GR_LIMIT_BLOCKS)) {
        out->limit = GR_LIMIT_BLOCKS;
        out->value = threads_for_blocks_limit(lim, launch, o, &out->lifted);
        out->possible = out->value > 0;
    }
    if (out->possible && out->lifted.warps_per_sm <= o->warps_per_sm)
        out->possible = false; /* another limit holds it as well */
}
