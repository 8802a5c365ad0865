#include <stdio.h>
#include <string.h>
#include "occupancy.h"

static int64_t round_up(int64_t n, int64_t unit)
{
    return unit > 1 ? (n + unit - 1) / unit * unit : n;
}

static int64_t div_ceil(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

gr_smem_config gr_smem_config_of(const gr_profile *p)
{
    if (p->carveout_count < 2)
        return GR_SMEM_FIXED;
    return p->cc_major >= 7 ? GR_SMEM_CARVEOUT : GR_SMEM_CACHE_CONFIG;
}

bool gr_limits_from_profile(const gr_profile *p, int64_t carveout_bytes,
                            gr_sm_limits *out, gr_error *err)
{
    int64_t capacity = p->smem_sm_bytes;
    if (carveout_bytes > p->smem_sm_bytes)
        return gr_error_set(err, "a carveout of %lld bytes exceeds the %d bytes of shared memory per SM of %s",
                            (long long)carveout_bytes, p->smem_sm_bytes, p->name);
    if (carveout_bytes >= 0)
        for (int i = p->carveout_count - 1; i >= 0 && p->carveouts_bytes[i] >= carveout_bytes; i--)
            capacity = p->carveouts_bytes[i];
    *out = (gr_sm_limits){
        .warp_size = p->warp_size,
        .max_threads_sm = p->max_threads_sm,
        .max_blocks_sm = p->max_blocks_sm,
        .regs_sm = p->regs_sm,
        .smem_sm_bytes = capacity,
        .max_threads_block = p->max_threads_block,
        .regs_block = p->regs_block,
        .max_regs_thread = p->max_regs_thread,
        .smem_block_bytes = p->smem_block_bytes,
        .smem_block_max_bytes = p->smem_block_optin_bytes,
        .reg_alloc_unit = p->reg_alloc_unit,
        .reg_subpartitions = p->reg_subpartitions,
        .smem_alloc_unit = p->smem_alloc_unit,
        .smem_reserved_bytes = p->smem_block_reserved_bytes,
        .carveout_count = p->carveout_count,
        .smem_config = gr_smem_config_of(p),
    };
    for (int i = 0; i < p->carveout_count; i++)
        out->carveouts_bytes[i] = p->carveouts_bytes[i];
    return true;
}

int64_t gr_carveout_from_percent(const gr_profile *p, int percent)
{
    return ((int64_t)percent * p->smem_sm_bytes + 99) / 100;
}

static bool check_block(const gr_sm_limits *lim, const gr_launch *l, gr_error *err)
{
    if (l->threads_per_block < 1)
        return gr_error_set(err, "a block needs at least 1 thread, not %d", l->threads_per_block);
    if (lim->max_threads_block > 0 && l->threads_per_block > lim->max_threads_block)
        return gr_error_set(err, "%d threads per block exceed the maximum of %d threads per block",
                            l->threads_per_block, lim->max_threads_block);
    if (l->regs_per_thread < 0)
        return gr_error_set(err, "registers per thread cannot be negative (%d)", l->regs_per_thread);
    if (lim->max_regs_thread > 0 && l->regs_per_thread > lim->max_regs_thread)
        return gr_error_set(err, "%d registers per thread exceed the maximum of %d registers per thread",
                            l->regs_per_thread, lim->max_regs_thread);
    if (l->smem_per_block_bytes < 0)
        return gr_error_set(err, "shared memory per block cannot be negative (%lld bytes)",
                            (long long)l->smem_per_block_bytes);
    if (lim->smem_block_max_bytes > 0 && l->smem_per_block_bytes > lim->smem_block_max_bytes)
        return gr_error_set(err, "%lld bytes of shared memory per block exceed the maximum of %lld bytes per block (with opt-in)",
                            (long long)l->smem_per_block_bytes, (long long)lim->smem_block_max_bytes);
    return true;
}

static void limit_by_threads(const gr_sm_limits *lim, gr_occupancy *o)
{
    o->limit[GR_LIMIT_THREADS] = o->max_warps_sm / o->warps_per_block;
    o->limit[GR_LIMIT_BLOCKS] = lim->max_blocks_sm;
}

/* Registers are allocated to whole warps; a warp's registers come from one
 * sub-partition of the register file, so the file holds whole warps per
 * partition rather than regs_sm / regs_per_warp of them. */
static void limit_by_registers(const gr_sm_limits *lim, const gr_launch *l, gr_occupancy *o)
{
    int64_t per_warp = round_up((int64_t)l->regs_per_thread * lim->warp_size, lim->reg_alloc_unit);
    int parts = lim->reg_subpartitions > 0 ? lim->reg_subpartitions : 1;
    o->regs_per_warp = per_warp;
    o->regs_per_block = per_warp * o->warps_per_block;
    if (per_warp == 0) {
        o->warps_by_registers = GR_UNLIMITED;
        o->limit[GR_LIMIT_REGISTERS] = GR_UNLIMITED;
        return;
    }
    o->warps_by_registers = (lim->regs_sm / parts) / per_warp * parts;
    o->limit[GR_LIMIT_REGISTERS] = o->warps_by_registers / o->warps_per_block;
}

/* The capacity the driver takes for a block the one asked for cannot hold:
 * the smallest carveout that holds it; for a cache configuration, the
 * largest shared memory (PreferShared). */
static void raise_capacity(const gr_sm_limits *lim, gr_occupancy *o)
{
    int first = lim->smem_config == GR_SMEM_CACHE_CONFIG ? lim->carveout_count - 1 : 0;
    for (int i = first; o->smem_per_block > o->smem_sm_bytes && i < lim->carveout_count; i++)
        if (lim->carveouts_bytes[i] >= o->smem_per_block) {
            o->smem_sm_bytes = lim->carveouts_bytes[i];
            o->carveout_raised = true;
        }
}

static void limit_by_shared_memory(const gr_sm_limits *lim, const gr_launch *l, gr_occupancy *o)
{
    o->smem_per_block = round_up(l->smem_per_block_bytes + lim->smem_reserved_bytes, lim->smem_alloc_unit);
    o->smem_sm_bytes = lim->smem_sm_bytes;
    raise_capacity(lim, o);
    o->limit[GR_LIMIT_SHARED_MEMORY] =
        o->smem_per_block > 0 ? o->smem_sm_bytes / o->smem_per_block : GR_UNLIMITED;
    o->needs_optin = lim->smem_block_bytes > 0 && l->smem_per_block_bytes > lim->smem_block_bytes;
}

static void take_minimum(gr_occupancy *o)
{
    int64_t blocks = -1;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (o->limit[i] != GR_UNLIMITED && (blocks < 0 || o->limit[i] < blocks))
            blocks = o->limit[i];
    o->limiters = 0;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (o->limit[i] == blocks)
            o->limiters |= 1u << i;
    o->blocks_per_sm = (int)blocks;
}

static bool explain_nothing_fits(const gr_sm_limits *lim, const gr_launch *l,
                                 const gr_occupancy *o, gr_error *err)
{
    if (o->limit[GR_LIMIT_THREADS] == 0)
        return gr_error_set(err, "a block of %d threads (%d warp%s) exceeds the %d threads per SM",
                            l->threads_per_block, o->warps_per_block, o->warps_per_block == 1 ? "" : "s",
                            lim->max_threads_sm);
    if (o->limit[GR_LIMIT_REGISTERS] == 0)
        return gr_error_set(err, "a block needs %lld registers (%d warps x %lld), more than the SM's register file holds for it (%lld warps of %lld registers)",
                            (long long)o->regs_per_block, o->warps_per_block, (long long)o->regs_per_warp,
                            (long long)o->warps_by_registers, (long long)o->regs_per_warp);
    return gr_error_set(err, "a block needs %lld bytes of shared memory, more than the %lld bytes per SM",
                        (long long)o->smem_per_block, (long long)lim->smem_sm_bytes);
}

bool gr_occupancy_compute(const gr_sm_limits *lim, const gr_launch *l,
                          gr_occupancy *o, gr_error *err)
{
    memset(o, 0, sizeof *o);
    if (!check_block(lim, l, err))
        return false;
    o->warps_per_block = (int)div_ceil(l->threads_per_block, lim->warp_size);
    o->max_warps_sm = lim->max_threads_sm / lim->warp_size;
    limit_by_threads(lim, o);
    limit_by_registers(lim, l, o);
    if (lim->regs_block > 0 && o->regs_per_block > lim->regs_block)
        return gr_error_set(err, "a block needs %lld registers (%d warps x %lld), more than the maximum of %lld registers per block",
                            (long long)o->regs_per_block, o->warps_per_block, (long long)o->regs_per_warp,
                            (long long)lim->regs_block);
    limit_by_shared_memory(lim, l, o);
    take_minimum(o);
    if (o->blocks_per_sm == 0)
        return explain_nothing_fits(lim, l, o, err);
    o->warps_per_sm = o->blocks_per_sm * o->warps_per_block;
    o->threads_per_sm = o->blocks_per_sm * l->threads_per_block;
    o->occupancy = (double)o->warps_per_sm / o->max_warps_sm;
    return true;
}

int64_t gr_default_carveout(const gr_profile *p, const gr_sm_limits *lim, const gr_launch *l)
{
    gr_occupancy best, at;
    if (gr_smem_config_of(p) != GR_SMEM_CARVEOUT || !gr_occupancy_compute(lim, l, &best, NULL))
        return p->smem_sm_bytes;
    for (int i = 0; i < p->carveout_count; i++) {
        gr_sm_limits smaller = *lim;
        smaller.smem_sm_bytes = p->carveouts_bytes[i];
        if (gr_occupancy_compute(&smaller, l, &at, NULL) && !at.carveout_raised &&
            at.blocks_per_sm == best.blocks_per_sm)
            return p->carveouts_bytes[i];
    }
    return p->smem_sm_bytes;
}

const char *gr_limit_name(gr_limit limit)
{
    static const char *const names[GR_LIMIT_COUNT] = {"threads", "blocks", "registers", "shared_memory"};
    return limit < GR_LIMIT_COUNT ? names[limit] : "?";
}
