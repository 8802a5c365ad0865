/* What to change to lift a launch's limiter (ncu_limits.h): each in terms
 * gpuroof can check, worked out from the launch's own figures. */
#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include "gpuroof_roofline.h"
#include "ncu_limits.h"
#include "gpuroof_occupancy.h"

/* a < b, a NaN being less than any number */
static bool or_nan_less(double a, double b)
{
    return isnan(a) ? !isnan(b) : a < b;
}

static void say(gr_ncu_limits *lim, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lim->suggestion, sizeof lim->suggestion, fmt, ap);
    va_end(ap);
}

/* The most registers a thread that still let an SM hold `warps` warps of
 * the launch gpuroof's prediction read from the report (its block size,
 * shared memory and carveout as they are), or -1 where no register count
 * does (gr_registers_for_warps). */
static int registers_for_warps(const gr_profile *p, const gr_ncu_prediction *pred, double warps)
{
    gr_sm_limits limits;
    gr_error err;
    if (!p || !pred || !pred->known || !gr_limits_from_profile(p, pred->carveout_bytes, &limits, &err))
        return -1;
    return gr_registers_for_warps(&limits, &pred->launch, (int)ceil(warps));
}

static void suggest_latency(const gr_ncu_figures *f, const gr_ncu_prediction *pred, const gr_limit_inputs *in,
                            gr_ncu_limits *lim)
{
    const gr_latency_figures *lt = &lim->latency;
    double loads = isnan(lt->loads_in_flight) ? 1 : fmax(1, lt->loads_in_flight);
    gr_littles_law law = {lt->warps_per_sm, lt->sms, lt->bytes_per_load, loads, lt->latency_ns};
    double target_gbs = lt->bytes / lim->next_bound_ns; /* what reaches the next limit */
    double warps = ceil(gr_littles_warps_needed(&law, target_gbs));
    double need = gr_littles_loads_needed(&law, target_gbs);
    if (lt->sms < in->sm_count) {
        say(lim, "a grid of at least %d blocks (it has %.0f): every SM's warps keep loads in flight", in->sm_count,
            lt->sms);
        return;
    }
    if (!(lt->bytes > 0) || isnan(warps) || isnan(need)) {
        say(lim, "more independent work in flight a warp (unrolled loops, independent loads and FMAs) or more warps "
                 "an SM: its warps wait on memory and on dependencies");
        return;
    }
    if (warps <= in->max_warps_sm) {
        int regs = registers_for_warps(in->device, pred, warps);
        char how[96] = "";
        if (regs > 0 && regs < f->q[GR_NCU_Q_REGISTERS])
            snprintf(how, sizeof how, " (at most %d registers a thread: gpuroof occupancy --sweep registers)", regs);
        say(lim, "%.0f warps an SM%s, or %.1f loads in flight a warp at %.0f warps (independent loads a thread; "
                 "16-byte loads move 4 times a 4-byte one's bytes)",
            warps, how, need, lt->warps_per_sm);
        return;
    }
    say(lim, "%.1f loads in flight a warp at %.0f warps an SM (more independent loads a thread, unrolled; 16-byte "
             "loads move 4 times a 4-byte one's bytes)",
        need, lt->warps_per_sm);
}

static void suggest_waves(gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    const gr_wave_figures *w = &lim->waves;
    double slots = w->blocks / w->waves;
    double last = w->blocks - floor(w->waves - 1e-9) * slots;
    say(lim, "%.2f waves: the last runs %.0f of the %.0f blocks the GPU holds at once, idle %.0f%% of it: a grid of a "
             "multiple of %.0f blocks (%d SMs x %.0f), or fewer blocks with more work each",
        w->waves, last, slots, 100 * (1 - last / slots), slots, in->sm_count, slots / in->sm_count);
}

static void suggest_compute(const gr_ncu_figures *f, gr_ncu_limits *lim)
{
    int most = 0;
    for (int p = 1; p < GR_NCU_PRECISION_COUNT; p++)
        if (or_nan_less(f->flops[most], f->flops[p]))
            most = p;
    if (most >= GR_NCU_TENSOR_FP16 && gr_ncu_mma_sync_on_hopper(f))
        say(lim, "the Tensor Cores' %s rate binds, through mma.sync: warpgroup MMA (wgmma) runs 1.5 times its rate on "
                 "Hopper; or a lower precision (each halving of the inputs doubles the rate)",
            gr_ncu_precision_name(most));
    else if (most >= GR_NCU_TENSOR_FP16)
        say(lim, "the Tensor Cores' %s rate binds: a lower precision (each halving of the inputs doubles the rate: "
                 "TF32 to BF16, FP16 to FP8), or fewer FLOPs",
            gr_ncu_precision_name(most));
    else
        say(lim, "a faster pipe for the %s math: the Tensor Cores (TF32, BF16, FP16) or packed half2, or fewer "
                 "FLOPs%s",
            gr_ncu_precision_name(most),
            lim->compute_in_issue_slots ? " (its FP instructions fill the issue slots)" : "");
}

static void suggest_l1(const gr_ncu_figures *f, gr_ncu_limits *lim)
{
    double requests = f->q[GR_NCU_Q_GLOBAL_LD_REQUESTS], sectors = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS];
    int unit = lim->unit[lim->limiter];
    const char *busiest = unit >= 0 ? gr_ncu_unit_name((gr_ncu_unit_id)unit) : "the L1";
    if (requests > 0 && sectors / requests > 4.5)
        say(lim, "%s binds: its global loads touch %.1f sectors a request (4 for 32 threads reading consecutive 4-byte "
                 "words): coalesce them (consecutive threads, consecutive addresses), wider loads, or stage the data "
                 "through shared memory",
            busiest, sectors / requests);
    else
        say(lim, "%s binds: fewer L1 wavefronts: wider loads and stores (16 bytes a thread), fewer requests, data "
                 "reused from registers",
            busiest);
}

static void suggest_pipe(gr_ncu_limits *lim)
{
    int unit = lim->unit[GR_TIME_LIMIT_PIPE];
    gr_ncu_unit_id u = unit >= 0 ? (gr_ncu_unit_id)unit : GR_NCU_UNIT_alu;
    const char *how = u == GR_NCU_UNIT_xu    ? "fewer special functions: the intrinsics (__expf, __sinf), or a "
                                                 "table, or fewer calls"
                      : u == GR_NCU_UNIT_alu ? "fewer integer instructions: index arithmetic hoisted out of loops, "
                                                 "divisions by powers of two as shifts and masks, wider loads"
                      : u == GR_NCU_UNIT_lsu ? "fewer load and store instructions: 16-byte accesses, data kept in "
                                                 "registers"
                                             : "fewer of its instructions";
    say(lim, "%s binds: %s", gr_ncu_unit_name(u), how);
}

static void suggest_issue(gr_ncu_limits *lim)
{
    const gr_issue_figures *is = &lim->issue;
    double other = is->warp_inst - is->fp_inst - is->shared_inst - is->global_inst;
    say(lim, "fewer instructions for the same work: of %.3g warp instructions FP math is %.0f%%, shared memory %.0f%%, "
             "global memory %.0f%%, the rest %.0f%% (index arithmetic, control, integer work): 16-byte loads, "
             "unrolled loops, intrinsics",
        is->warp_inst, 100 * is->fp_inst / is->warp_inst, 100 * is->shared_inst / is->warp_inst,
        100 * is->global_inst / is->warp_inst, 100 * fmax(0, other) / is->warp_inst);
}

void gr_ncu_suggest(const gr_ncu_figures *f, const gr_ncu_prediction *pred, const gr_limit_inputs *in,
                    gr_ncu_limits *lim)
{
    switch (lim->limiter) {
    case GR_TIME_LIMIT_DRAM:
        say(lim, "fewer DRAM bytes: reuse data from shared memory or registers (tiles), smaller types");
        return;
    case GR_TIME_LIMIT_L2:
        say(lim, "fewer L2 bytes: reuse data in the L1 or shared memory (tiles that stay on the SM)");
        return;
    case GR_TIME_LIMIT_SHARED:
        say(lim, "fewer shared-memory wavefronts: reuse operands in registers (several outputs a thread)");
        return;
    case GR_TIME_LIMIT_L1:
        suggest_l1(f, lim);
        return;
    case GR_TIME_LIMIT_PIPE:
        suggest_pipe(lim);
        return;
    case GR_TIME_LIMIT_BANK_CONFLICTS:
        say(lim, "%.2f wavefronts a shared load and %.2f a store, %.3g of them conflicts: pad or swizzle the "
                        "array (gpuroof banks --suggest-pad)",
                   f->shared_load_per_request, f->shared_store_per_request, f->shared_conflicts);
        return;
    case GR_TIME_LIMIT_COMPUTE:
        suggest_compute(f, lim);
        return;
    case GR_TIME_LIMIT_ISSUE:
        suggest_issue(lim);
        return;
    case GR_TIME_LIMIT_LATENCY:
        suggest_latency(f, pred, in, lim);
        return;
    case GR_TIME_LIMIT_WAVES:
        suggest_waves(lim, in);
        return;
    case GR_TIME_LIMIT_SMALL_GRID:
        say(lim, "a grid of at least %d blocks (it has %.0f): split the work so every SM gets some",
                   in->sm_count, lim->waves.blocks);
        return;
    case GR_TIME_LIMIT_LAUNCH:
        say(lim, "its work takes less than a launch: fuse it with the kernels beside it, or launch them as "
                        "a CUDA graph");
        return;
    default:
        return;
    }
}
