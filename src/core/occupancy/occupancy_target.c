/* --target-blocks' answer and its checks (occupancy_target.h). */
#include "occupancy_target.h"

/* The blocks resident with dynamic_bytes more shared memory. */
static void check_dynamic(const gr_sm_limits *lim, const gr_launch *base, int64_t dynamic_bytes, gr_target_check *c)
{
    gr_launch l = *base;
    gr_occupancy o;
    l.smem_per_block_bytes += dynamic_bytes;
    c->dynamic_bytes = dynamic_bytes;
    c->launches = gr_occupancy_compute(lim, &l, &o, &c->why);
    c->blocks_per_sm = c->launches ? o.blocks_per_sm : 0;
}

bool gr_occupancy_target_compute(const gr_sm_limits *lim, const gr_launch *base, int blocks,
                                 gr_occupancy_target *out, gr_error *err)
{
    *out = (gr_occupancy_target){.blocks = blocks};
    if (!gr_occupancy_max_smem(lim, base, blocks, &out->smem, err))
        return false;
    out->share_bytes = lim->smem_sm_bytes / blocks;
    out->left_bytes = out->smem.per_block_bytes - lim->smem_reserved_bytes - base->smem_per_block_bytes;
    check_dynamic(lim, base, out->smem.max_dynamic_smem_bytes, &out->checks[out->check_count++]);
    check_dynamic(lim, base, out->smem.max_dynamic_smem_bytes + 1, &out->checks[out->check_count++]);
    /* the runtime leaves the reserved bytes out of what it reports */
    if (lim->smem_reserved_bytes && out->smem.runtime_dynamic_smem_bytes != out->smem.max_dynamic_smem_bytes)
        check_dynamic(lim, base, out->smem.runtime_dynamic_smem_bytes, &out->checks[out->check_count++]);
    return true;
}
