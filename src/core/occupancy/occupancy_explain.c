/* The figures that explain an occupancy (occupancy_tools.h). */
#include <string.h>
#include "occupancy_tools.h"

/* Where shared memory limits, what the per-thread estimate gives and what
 * the reserved bytes cost; nothing where it does not limit. */
static void explain_smem(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                         gr_occupancy_explanation *out)
{
    if (!(o->limiters & (1u << GR_LIMIT_SHARED_MEMORY)) || launch->smem_per_block_bytes == 0)
        return;
    out->has_estimate = true;
    out->smem_per_thread_bytes = (double)launch->smem_per_block_bytes / launch->threads_per_block;
    double threads = (double)o->smem_sm_bytes / out->smem_per_thread_bytes;
    if (threads > lim->max_threads_sm)
        threads = lim->max_threads_sm;
    out->estimate_threads = threads;
    out->estimate_occupancy = threads / lim->max_threads_sm;
    out->estimate_differs = (int)threads != o->threads_per_sm;
    if (!lim->smem_reserved_bytes)
        return;
    gr_sm_limits unreserved = *lim;
    unreserved.smem_reserved_bytes = 0;
    out->reserved_costs = gr_occupancy_compute(&unreserved, launch, &out->unreserved, NULL) &&
                          out->unreserved.blocks_per_sm != o->blocks_per_sm;
}

void gr_occupancy_explain(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                          gr_occupancy_explanation *out)
{
    memset(out, 0, sizeof *out);
    out->thread_slots_per_block = o->warps_per_block * lim->warp_size;
    out->regs_per_warp_asked = (int64_t)launch->regs_per_thread * lim->warp_size;
    if (lim->reg_subpartitions > 0) {
        out->regs_per_subpartition = lim->regs_sm / lim->reg_subpartitions;
        out->warps_per_subpartition = o->warps_by_registers / lim->reg_subpartitions;
    }
    explain_smem(lim, launch, o, out);
}
