/* What lifting a launch's limiter leaves (ncu_limits.h): the headroom to
 * its roof, the next limit, the most it could gain and what to expect.
 * Lifting a limit changes the launch as its suggestion says:
 *   - memory levels bound by their access pattern (the L1's pipes or the
 *     L2 busy with more sectors than the loads and stores need: scattered
 *     words, partial-sector stores, atomics) get the traffic the accesses
 *     need, coalesced, at every level: the L1 asked-for sectors, the L2's
 *     and, where it read more, DRAM's;
 *   - compute moves its FLOPs to the next faster precision the kernel can
 *     use (FP64 to FP32, TF32 to BF16, FP16 and BF16 to FP8, FP32 FFMA in
 *     a tiled kernel to the Tensor Cores' TF32), or, with none, leaves;
 *   - any other limit's work leaves, with what it also took: DRAM's
 *     fills leave the L2 (what the L1s asked for remains), compute's FP
 *     instructions and shared memory's instructions leave the issue slots,
 *     bank conflicts leave the L1 pipe its ideal wavefronts, and spreading
 *     a small grid or a tail's blocks over every SM leaves each SM-side
 *     bound the mean SM's share of it.
 * A lifted kernel reaches its next limit's bound at the efficiency lifted
 * kernels reached (gr_limit_efficiency), after the launch's overhead. */
#include <math.h>
#include "ncu_efficiency.h"
#include "ncu_limits.h"

/* A sector is 32 bytes; a coalesced warp request of 4-byte words takes 4
 * of them, of 16-byte words 16, the most any coalesced request takes. */
#define SECTOR_BYTES 32
#define COALESCED_MOST 16
#define WORD_SECTORS 4
/* An access pattern binds where the L2 serves at least this many times
 * the sectors the accesses need. */
#define PATTERN_EXCESS 1.5

static bool positive(double x)
{
    return isfinite(x) && x > 0;
}

typedef struct {
    gr_time_limit lifted;
    double pattern;     /* the sectors needed over those the L2 served for the L1s; 1: no excess */
    double l1_pattern;  /* the same for the L1's load sectors */
    double dram_share;  /* DRAM's bytes left, once coalesced: 0..1 */
    bool coalesce;      /* the lift is the access pattern's */
    double compute_ns;  /* compute's bound at the faster precision; NaN: compute leaves */
    bool to_tensor;     /* that precision is the Tensor Cores' */
    bool fp_to_tensor;  /* FP pipe FLOPs move there: one MMA does the work of many FP instructions */
} lift_plan;

/* The sectors the loads and stores need: each request a coalesced one of
 * its width (a load's sectors a request where they could be coalesced,
 * else 4-byte words; stores as wide as the loads), and the L1 wavefronts
 * (a coalesced request of 4-byte words is one). */
static void plan_pattern(const gr_ncu_figures *f, lift_plan *p)
{
    double ld = f->q[GR_NCU_Q_GLOBAL_LD_REQUESTS], ld_sectors = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS];
    double st = isnan(f->q[GR_NCU_Q_GLOBAL_ST_REQUESTS]) ? 0 : f->q[GR_NCU_Q_GLOBAL_ST_REQUESTS];
    double served = f->q[GR_NCU_Q_L2_TEX_SECTORS], dram = f->bytes[GR_NCU_DRAM];
    double wavefronts = f->q[GR_NCU_Q_L1_WAVEFRONTS] - (f->shared_load + f->shared_store);
    p->pattern = p->l1_pattern = p->dram_share = 1;
    if (isnan(ld) || isnan(ld_sectors) || ld + st <= 0)
        return;
    double per = ld > 0 ? ld_sectors / ld : WORD_SECTORS, width = per <= COALESCED_MOST ? per : WORD_SECTORS;
    double needed = (ld + st) * width, needed_wavefronts = (ld + st) * width / WORD_SECTORS;
    bool l2_excess = served >= PATTERN_EXCESS * needed, l1_excess = wavefronts >= PATTERN_EXCESS * needed_wavefronts;
    if (!l2_excess && !l1_excess)
        return;
    p->pattern = positive(served) ? fmin(1, needed / served) : 1;
    p->l1_pattern = positive(wavefronts) ? fmin(1, needed_wavefronts / wavefronts) : 1;
    p->dram_share = positive(dram) ? fmin(1, needed * SECTOR_BYTES / dram) : 1;
    p->coalesce = true;
}

/* The precision a kernel's FLOPs can move to, and its rate's ratio to
 * theirs (flops_per_clock); -1 where none is faster. */
static int faster_precision(const gr_ncu_figures *f, int p)
{
    bool tiled = f->shared_load + f->shared_store > 0;
    switch (p) {
    case GR_NCU_FP64: return GR_NCU_FP32;
    case GR_NCU_FP32: return tiled ? GR_NCU_TENSOR_TF32 : -1;
    case GR_NCU_TENSOR_TF32: return GR_NCU_TENSOR_BF16;
    case GR_NCU_TENSOR_FP16:
    case GR_NCU_TENSOR_BF16: return GR_NCU_TENSOR_FP8;
    default: return -1;
    }
}

/* Compute's bound with each precision's FLOPs at its faster one's rate
 * at the launch's clock; NaN where none of its FLOPs has a faster one. */
static void plan_compute(const gr_ncu_figures *f, const gr_limit_inputs *in, const gr_ncu_limits *lim, lift_plan *p)
{
    double ns = 0, ghz = lim->clock_mhz / 1000;
    bool moved = false;
    p->compute_ns = NAN;
    for (int q = 0; q < GR_NCU_PRECISION_COUNT; q++) {
        if (!positive(f->flops[q]))
            continue;
        int to = faster_precision(f, q), at = to >= 0 && in->flops_per_clock[to] > 0 ? to : q;
        double rate = in->flops_per_clock[at] * ghz;
        if (!positive(rate))
            return;
        moved |= at != q;
        p->to_tensor |= at >= GR_NCU_TENSOR_FP16;
        p->fp_to_tensor |= q < GR_NCU_TENSOR_FP16 && at >= GR_NCU_TENSOR_FP16;
        ns += f->flops[q] / rate;
    }
    if (moved)
        p->compute_ns = ns;
}

/* The issue slots left once the lifted limit's instructions are gone. */
static double issue_left(const gr_ncu_limits *lim, gr_time_limit lifted)
{
    const gr_issue_figures *is = &lim->issue;
    double b = lim->bound_ns[GR_TIME_LIMIT_ISSUE], taken = 0;
    if (lifted == GR_TIME_LIMIT_COMPUTE)
        taken = is->fp_inst;
    else if (lifted == GR_TIME_LIMIT_SHARED || lifted == GR_TIME_LIMIT_BANK_CONFLICTS)
        taken = is->shared_inst;
    else if (lifted == GR_TIME_LIMIT_PIPE) /* the integer and other instructions an SM pipe runs */
        taken = is->warp_inst - is->fp_inst - is->shared_inst - is->global_inst;
    if (!(taken > 0) || !positive(is->warp_inst))
        return b;
    return b * fmax(0, is->warp_inst - taken) / is->warp_inst;
}

/* A limit's work at its roof's rate where a roof gives it: what a
 * changed kernel still has to do (a unit's busy time is this kernel's
 * way of doing it); else its measured bound. */
static double work_ns(const gr_ncu_limits *lim, gr_time_limit l)
{
    return positive(lim->roof_ns[l]) ? lim->roof_ns[l] : lim->bound_ns[l];
}

/* A memory level's work once the pattern is coalesced. */
static double coalesced(const gr_ncu_limits *lim, gr_time_limit l, const lift_plan *p)
{
    double b = work_ns(lim, l);
    if (l == GR_TIME_LIMIT_L2)
        return b * p->pattern;
    if (l == GR_TIME_LIMIT_DRAM)
        return b * p->dram_share;
    if (l == GR_TIME_LIMIT_L1)
        return b * p->l1_pattern;
    return b;
}

/* Limit l's bound with the blocks spread over every SM: a roof's work is
 * the whole GPU's already, a unit's busy time on the SM side the busiest
 * SM's, of which the mean SM has its share. */
static double spread_bound(const gr_ncu_limits *lim, gr_time_limit l)
{
    double b = work_ns(lim, l), max = lim->busy.active_max_ns, mean = lim->busy.active_mean_ns;
    if (positive(lim->roof_ns[l]) || !gr_time_limit_is_sm_side(l) || !positive(max) || isnan(mean))
        return b;
    return b * mean / max;
}

/* Limit l's bound with the launch fused into another (one kernel, a CUDA
 * graph's neighbour): its work at the roofs, less the L2 traffic every
 * launch makes (launch_l2_share).  A unit's busy time is left out: in a
 * launch this short it is mostly what each launch pays whatever its work
 * (its warps' start and exit on the ADU and the issue slots: lifts.cu's
 * tiny_steps keeps 83 ns of ADU a launch, fused_steps, 64 times the
 * work in one launch, 76 ns). */
static double fused_bound(const gr_ncu_limits *lim, gr_time_limit l)
{
    double b = lim->roof_ns[l];
    if (l == GR_TIME_LIMIT_L2 && isfinite(lim->launch_l2_share))
        b *= 1 - lim->launch_l2_share;
    return b;
}

/* Throughput limit l's bound with the plan carried out; NaN where its work
 * leaves or is not known. */
static double bound_left(const gr_ncu_limits *lim, gr_time_limit l, const lift_plan *p)
{
    gr_time_limit lifted = p->lifted;
    double b = work_ns(lim, l);
    if (l == GR_TIME_LIMIT_BANK_CONFLICTS || (lifted == GR_TIME_LIMIT_SHARED && l == GR_TIME_LIMIT_BANK_CONFLICTS))
        return NAN;
    if (p->coalesce)
        return coalesced(lim, l, p);
    if (l == lifted)
        return l == GR_TIME_LIMIT_COMPUTE ? p->compute_ns : NAN;
    if (lifted == GR_TIME_LIMIT_BANK_CONFLICTS && (l == GR_TIME_LIMIT_L1 || l == GR_TIME_LIMIT_SHARED))
        return lim->bound_ns[l] - lim->bound_ns[GR_TIME_LIMIT_BANK_CONFLICTS];
    if (l == GR_TIME_LIMIT_L2 && lifted == GR_TIME_LIMIT_DRAM && !isnan(lim->l2_asked_ns))
        return fmin(lim->l2_asked_ns, b);
    if (lifted == GR_TIME_LIMIT_WAVES || lifted == GR_TIME_LIMIT_SMALL_GRID)
        return spread_bound(lim, l);
    if (lifted == GR_TIME_LIMIT_LAUNCH)
        return fused_bound(lim, l);
    /* FP64 moved to FP32 keeps its instructions, one for one; FP moved to
     * the Tensor Cores leaves the issue slots (an m16n8k8 MMA does a warp's
     * 32 FFMAs 32 times over) */
    bool kept = lifted == GR_TIME_LIMIT_COMPUTE && !isnan(p->compute_ns) && !p->fp_to_tensor;
    if (l == GR_TIME_LIMIT_ISSUE && !kept)
        b = issue_left(lim, lifted);
    return b;
}

/* A roof's work reaches it at the lifted kernels' efficiency; a unit's
 * measured busy time (no roof: the other pipes) at its busy peak. */
static double lifted_efficiency(const gr_ncu_limits *lim, gr_time_limit l, const lift_plan *p)
{
    if (l == GR_TIME_LIMIT_COMPUTE && p->to_tensor)
        return GR_LIFTED_TENSOR;
    if (l == GR_TIME_LIMIT_DRAM && lim->dram_scattered && !p->coalesce) /* the loads keep their pattern */
        return GR_DRAM_SCATTERED;
    const gr_limit_efficiency *e = gr_limit_efficiency_of(l);
    return positive(lim->roof_ns[l]) ? e->lifted : e->busy_peak;
}

/* The next limit once the plan is carried out: the throughput bound that,
 * at its lifted efficiency, takes longest; its bound and that time. */
static gr_time_limit next_of(const gr_ncu_limits *lim, const lift_plan *p, double *bound_ns, double *time_ns)
{
    gr_time_limit next = GR_TIME_LIMIT_COUNT;
    *bound_ns = *time_ns = NAN;
    for (gr_time_limit l = GR_TIME_LIMIT_DRAM; l <= GR_TIME_LIMIT_PIPE; l++) {
        double b = bound_left(lim, l, p);
        if (!positive(b))
            continue;
        double t = b / lifted_efficiency(lim, l, p);
        if (next == GR_TIME_LIMIT_COUNT || t > *time_ns)
            next = l, *bound_ns = b, *time_ns = t;
    }
    return next;
}

/* The longest throughput bound: the roof the launch is nearest; for a
 * shape limiter, with its blocks spread over every SM. */
static double binding_bound(const gr_ncu_limits *lim)
{
    bool spread = lim->limiter == GR_TIME_LIMIT_WAVES || lim->limiter == GR_TIME_LIMIT_SMALL_GRID;
    double best = NAN;
    for (gr_time_limit l = GR_TIME_LIMIT_DRAM; l <= GR_TIME_LIMIT_PIPE; l++) {
        double b = spread ? spread_bound(lim, l) : lim->bound_ns[l];
        if (positive(b) && !(best >= b))
            best = b;
    }
    return best;
}

void gr_ncu_lift(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *lim)
{
    gr_time_limit l = lim->limiter;
    lift_plan plan = {.lifted = l, .pattern = 1, .l1_pattern = 1, .dram_share = 1, .compute_ns = NAN};
    if (l == GR_TIME_LIMIT_L1 || l == GR_TIME_LIMIT_L2)
        plan_pattern(f, &plan);
    if (l == GR_TIME_LIMIT_COMPUTE)
        plan_compute(f, in, lim, &plan);
    double T = lim->duration_ns, b, t;
    double overhead = l == GR_TIME_LIMIT_LAUNCH || !positive(lim->overhead_ns) ? 0 : lim->overhead_ns;
    /* no more than an empty kernel's: beyond it, the time no SM is active
     * is the replay passes' differences (0 to 35 us on the second suite's
     * millisecond kernels, launch to launch), not a cost a lift keeps */
    if (positive(in->launch_floor_ns))
        overhead = fmin(overhead, in->launch_floor_ns);
    double roof = gr_time_limit_is_throughput(l) ? lim->bound_ns[l] : binding_bound(lim);
    lim->headroom = positive(roof) ? T / roof : NAN;
    lim->next = next_of(lim, &plan, &b, &t);
    lim->next_bound_ns = b;
    if (lim->next == GR_TIME_LIMIT_COUNT)
        return;
    lim->at_most = T / fmin(T, overhead + b);
    if (!lim->explained) { /* a limit that does not account for the time: lifting it promises nothing */
        lim->expected_ns = T;
        return;
    }
    lim->expected_ns = fmin(T, overhead + t);
    lim->expected = T / lim->expected_ns;
}
