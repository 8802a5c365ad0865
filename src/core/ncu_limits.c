/* The limits of a launch beside its roofs, and its limiter (ncu_limits.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "littles_law.h"
#include "ncu_limits.h"
#include "occupancy.h"

/* Each SM sub-partition's scheduler issues at most one warp instruction a
 * cycle, four sub-partitions an SM (every architecture since Volta: the
 * CUDA C++ Programming Guide, "Compute Capabilities", and the Kernel
 * Profiling Guide's "issue slots"). */
#define SCHEDULERS_PER_SM 4
/* A sector is 32 bytes (the Kernel Profiling Guide, "Memory Tables"). */
#define SECTOR_BYTES 32
/* The FP instructions are compute's, not issue's, where they take at
 * least this share of the issue slots. */
#define FP_SHARE_OF_ISSUE 0.5
/* The grid's shape (waves, a small grid) is named a limit only where it
 * stretches the SM side by at least this: blocks that do not run in
 * lock-step hide a few percent of a tail, and a few percent is noise. */
#define STRETCH_THAT_MATTERS 1.1

static const char *const keys[GR_TIME_LIMIT_COUNT] = {
    "dram", "l2", "shared", "compute", "issue", "latency", "bank_conflicts", "waves", "small_grid", "launch",
};
static const char *const names[GR_TIME_LIMIT_COUNT] = {
    "DRAM",    "L2",             "shared memory", "compute",    "instruction issue",
    "latency", "bank conflicts", "waves",         "small grid", "launch overhead",
};

const char *gr_time_limit_key(gr_time_limit l)
{
    return l < GR_TIME_LIMIT_COUNT ? keys[l] : "?";
}

const char *gr_time_limit_name(gr_time_limit l)
{
    return l < GR_TIME_LIMIT_COUNT ? names[l] : "?";
}

#define STALL_NAME(reason) #reason,
static const char *const stall_names[] = {GR_NCU_STALLS(STALL_NAME)};
#undef STALL_NAME
#define STALL_COUNT ((int)(sizeof stall_names / sizeof stall_names[0]))

const char *gr_ncu_stall_name(int i)
{
    return i >= 0 && i < STALL_COUNT ? stall_names[i] : NULL;
}

static bool positive(double x)
{
    return isfinite(x) && x > 0;
}

static void unknown(gr_ncu_limits *out, gr_time_limit l, const char *why)
{
    out->time_ns[l] = NAN;
    snprintf(out->why[l], sizeof out->why[l], "%s", why);
}

/* On Hopper the dense tensor rates an SM a clock are warpgroup MMA's
 * (wgmma: 4096 FP16 FLOP); mma.sync, the instruction of earlier GPUs,
 * runs at 2/3 of them (2730.67: Nsight Compute's own peaks on the H100,
 * ../shared/GPU-FACTS.md).  A launch with Tensor Core FLOPs and no warp
 * ever waiting on a warpgroup MMA (smsp__warps_issue_stalled_gmma) used
 * mma.sync: every wgmma kernel of the recorded PyTorch step waited on
 * them, neither mma.sync kernel of tests/ncu/limits.cu did. */
#define MMA_SYNC_SHARE_ON_HOPPER (2.0 / 3.0)

bool gr_ncu_mma_sync_on_hopper(const gr_ncu_figures *f)
{
    return f->chip == GR_NCU_GH100 && f->q[GR_NCU_Q_STALL_gmma] == 0 && f->flops_tensor > 0;
}

static double tensor_share(const gr_ncu_figures *f, int precision)
{
    return precision >= GR_NCU_TENSOR_FP16 && gr_ncu_mma_sync_on_hopper(f) ? MMA_SYNC_SHARE_ON_HOPPER : 1;
}

/* The FLOPs at each precision's rate at the launch's clock, or the compute
 * roof's time at the roofs' clock where a precision with FLOPs has no
 * per-clock rate. */
static double compute_ns(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_limit_inputs *in,
                         const gr_ncu_limits *out)
{
    double ns = 0, ghz = out->clock_mhz / 1000;
    if (!b->known && isnan(b->compute_time_ns))
        return NAN;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        double flops = f->flops[p];
        if (isnan(flops) || flops == 0)
            continue;
        double per_ns = in->flops_per_clock[p] * tensor_share(f, p) * ghz;
        if (!positive(per_ns))
            return b->compute_time_ns * out->clock_scale;
        ns += flops / per_ns;
    }
    return ns;
}

static void roof_limits(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_roofs *roofs,
                        const gr_limit_inputs *in, gr_ncu_limits *out)
{
    out->time_ns[GR_TIME_LIMIT_DRAM] = b->known ? b->level_time_ns[GR_NCU_DRAM] : NAN;
    out->time_ns[GR_TIME_LIMIT_L2] = b->known ? b->level_time_ns[GR_NCU_L2] : NAN;
    out->time_ns[GR_TIME_LIMIT_COMPUTE] = compute_ns(f, b, in, out);
    out->l2_asked_ns = f->q[GR_NCU_Q_L2_TEX_SECTORS] * SECTOR_BYTES / roofs->bandwidth_gbs[GR_NCU_L2].value;
    double l1_gbs = roofs->bandwidth_gbs[GR_NCU_L1].value / out->clock_scale;
    out->shared_gbs_at_clock = l1_gbs;
    out->compute_gflops_at_clock = f->flops_total / out->time_ns[GR_TIME_LIMIT_COMPUTE];
    double all = f->bytes[GR_NCU_L1] / l1_gbs;
    double conflicts = isnan(f->shared_conflicts) ? 0 : f->shared_conflicts;
    out->time_ns[GR_TIME_LIMIT_SHARED] = (f->bytes[GR_NCU_L1] - GR_NCU_WAVEFRONT_BYTES * conflicts) / l1_gbs;
    out->time_ns[GR_TIME_LIMIT_BANK_CONFLICTS] = conflicts > 0 ? all : 0;
    const char *why = b->known ? "" : b->why_unknown;
    for (gr_time_limit l = GR_TIME_LIMIT_DRAM; l <= GR_TIME_LIMIT_COMPUTE; l++)
        if (isnan(out->time_ns[l]))
            unknown(out, l, *why ? why : "the report lacks its counters, or the device its roof");
    if (isnan(out->time_ns[GR_TIME_LIMIT_SHARED]) || isnan(all))
        unknown(out, GR_TIME_LIMIT_BANK_CONFLICTS, out->why[GR_TIME_LIMIT_SHARED]);
}

static double fp_thread_inst(const gr_ncu_figures *f)
{
    static const gr_ncu_quantity fp[] = {GR_NCU_Q_DADD, GR_NCU_Q_DMUL, GR_NCU_Q_DFMA, GR_NCU_Q_FADD, GR_NCU_Q_FMUL,
                                         GR_NCU_Q_FFMA, GR_NCU_Q_HADD, GR_NCU_Q_HMUL, GR_NCU_Q_HFMA};
    double sum = 0;
    for (size_t i = 0; i < sizeof fp / sizeof fp[0]; i++)
        if (!isnan(f->q[fp[i]]))
            sum += f->q[fp[i]];
    return sum;
}

static double or_zero(double x)
{
    return isnan(x) ? 0 : x;
}

static void issue_limit(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_issue_figures *is = &out->issue;
    is->warp_inst = f->q[GR_NCU_Q_WARP_INST];
    /* a warp's 32 threads make one warp instruction: thread counts / 32
     * is the least the FP arithmetic issued */
    is->fp_inst = fp_thread_inst(f) / 32;
    is->shared_inst = or_zero(f->q[GR_NCU_Q_SHARED_LD_INST]) + or_zero(f->q[GR_NCU_Q_SHARED_ST_INST]);
    is->global_inst = or_zero(f->q[GR_NCU_Q_GLOBAL_LD_REQUESTS]) + or_zero(f->q[GR_NCU_Q_GLOBAL_ST_REQUESTS]);
    is->slots_per_ns = in->sm_count * SCHEDULERS_PER_SM * out->clock_mhz / 1000;
    if (isnan(is->warp_inst))
        unknown(out, GR_TIME_LIMIT_ISSUE, "the report has no smsp__inst_executed.sum");
    else if (!positive(is->slots_per_ns))
        unknown(out, GR_TIME_LIMIT_ISSUE, "the SM clock or the SM count is unknown");
    else
        out->time_ns[GR_TIME_LIMIT_ISSUE] = is->warp_inst / is->slots_per_ns;
}

/* The latency the loads past the L1 see: the L2's, and DRAM's for the
 * share DRAM served; without the L2's, DRAM's share alone (a lower bound,
 * so the time is still one the launch cannot beat). */
static double mean_latency_ns(const gr_limit_inputs *in, double dram_share)
{
    if (!positive(in->dram_latency_ns))
        return NAN;
    if (!positive(in->l2_latency_ns))
        return dram_share * in->dram_latency_ns;
    return in->l2_latency_ns + dram_share * (in->dram_latency_ns - in->l2_latency_ns);
}

static bool latency_figures(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_latency_figures *lt = &out->latency;
    double requests = f->q[GR_NCU_Q_GLOBAL_LD_REQUESTS], sectors = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS];
    double blocks = f->q[GR_NCU_Q_GRID_BLOCKS];
    double past_l1 = f->q[GR_NCU_Q_L2_LOAD_SECTORS] * SECTOR_BYTES;
    /* the loads' own share of what the L2 read for the L1s: no more than
     * they asked the L1 for (TMA and cp.async copies, which keep their own
     * bytes in flight, are the rest) */
    lt->bytes = fmin(past_l1, sectors * SECTOR_BYTES);
    lt->warps_per_sm = f->occupancy_achieved * in->max_warps_sm;
    lt->sms = positive(blocks) && blocks < in->sm_count ? blocks : in->sm_count;
    lt->bytes_per_load = requests > 0 ? sectors * SECTOR_BYTES / requests : NAN;
    lt->dram_share = past_l1 > 0 ? fmin(1, or_zero(f->q[GR_NCU_Q_DRAM_READ]) / past_l1) : 0;
    lt->latency_ns = mean_latency_ns(in, lt->dram_share);
    lt->achieved_gbs = lt->bytes / f->q[GR_NCU_Q_TIME_NS];
    if (isnan(past_l1) || isnan(requests) || isnan(sectors))
        return unknown(out, GR_TIME_LIMIT_LATENCY, "the report lacks the global loads' counters"), false;
    if (isnan(lt->latency_ns))
        return unknown(out, GR_TIME_LIMIT_LATENCY, "no DRAM latency (give --results from gpuroof measure)"), false;
    if (!positive(lt->warps_per_sm) || in->sm_count <= 0)
        return unknown(out, GR_TIME_LIMIT_LATENCY, "the achieved occupancy or the SM count is unknown"), false;
    return true;
}

static void latency_limit(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_latency_figures *lt = &out->latency;
    if (!latency_figures(f, in, out))
        return;
    if (lt->bytes == 0) { /* nothing read past the L1: no load waits on the L2 or DRAM */
        out->time_ns[GR_TIME_LIMIT_LATENCY] = 0;
        lt->loads_in_flight = 0;
        return;
    }
    if (isnan(lt->bytes_per_load)) {
        unknown(out, GR_TIME_LIMIT_LATENCY,
                "no global load instructions: its loads are copies (TMA, cp.async) Little's law does not count here");
        return;
    }
    gr_littles_law law = {lt->warps_per_sm, lt->sms, lt->bytes_per_load, 1, lt->latency_ns};
    double one = gr_littles_bandwidth_gbs(&law);
    /* a launch that beat one load a warp had more in flight: the fewest
     * that explain what it achieved */
    lt->loads_in_flight = lt->achieved_gbs > one ? ceil(lt->achieved_gbs / one - 1e-9) : 1;
    law.loads_in_flight = lt->loads_in_flight;
    lt->bandwidth_gbs = gr_littles_bandwidth_gbs(&law);
    out->time_ns[GR_TIME_LIMIT_LATENCY] = fmax(lt->bytes / lt->bandwidth_gbs, lt->latency_ns);
}

static double resident_blocks_per_sm(const gr_ncu_figures *f)
{
    static const gr_ncu_quantity by[] = {GR_NCU_Q_LIMIT_BLOCKS, GR_NCU_Q_LIMIT_REGISTERS, GR_NCU_Q_LIMIT_SHARED,
                                         GR_NCU_Q_LIMIT_WARPS};
    double least = INFINITY;
    for (size_t i = 0; i < sizeof by / sizeof by[0]; i++)
        least = fmin(least, isnan(f->q[by[i]]) ? INFINITY : f->q[by[i]]);
    return isfinite(least) ? least : NAN;
}

/* The longest of the SM-side limits (compute, issue, shared memory, bank
 * conflicts), those the grid's shape stretches; lifted: one left out
 * (GR_TIME_LIMIT_COUNT: none), with the instructions its lifting takes out
 * of issue. */
static double sm_side_ns(const gr_ncu_limits *lim, gr_time_limit lifted);

static void wave_limits(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_wave_figures *w = &out->waves;
    double per_sm = resident_blocks_per_sm(f);
    w->blocks = f->q[GR_NCU_Q_GRID_BLOCKS];
    w->waves = positive(per_sm) && in->sm_count > 0 ? w->blocks / (per_sm * in->sm_count) : f->q[GR_NCU_Q_WAVES];
    w->stretch = w->waves >= 1 ? ceil(w->waves - 1e-9) / w->waves : 1;
    w->grid_stretch = positive(w->blocks) && w->blocks < in->sm_count ? in->sm_count / w->blocks : 1;
    w->sm_side_ns = sm_side_ns(out, GR_TIME_LIMIT_COUNT);
    if (isnan(w->waves) || isnan(w->blocks))
        unknown(out, GR_TIME_LIMIT_WAVES, "the report lacks the grid or the blocks an SM holds");
    else
        out->time_ns[GR_TIME_LIMIT_WAVES] = w->stretch > 1 ? w->stretch * w->sm_side_ns : 0;
    if (isnan(w->blocks) || in->sm_count <= 0)
        unknown(out, GR_TIME_LIMIT_SMALL_GRID, "the report lacks the grid, or the device its SM count");
    else
        out->time_ns[GR_TIME_LIMIT_SMALL_GRID] = w->grid_stretch > 1 ? w->grid_stretch * w->sm_side_ns : 0;
}

static void launch_limit(const gr_limit_inputs *in, gr_ncu_limits *out)
{
    if (positive(in->launch_floor_ns))
        out->time_ns[GR_TIME_LIMIT_LAUNCH] = in->launch_floor_ns;
    else
        unknown(out, GR_TIME_LIMIT_LAUNCH, "no launch floor (give --results from gpuroof measure)");
}

/* Limit l's time with limit lifted taken away (GR_TIME_LIMIT_COUNT: none):
 * what taking it away also takes from the others.  DRAM's fills leave
 * the L2's traffic with it (what the L1s asked for remains); compute's FP
 * instructions leave the issue slots with it; shared memory's
 * instructions leave with shared memory; the grid's stretches apply to
 * what is left of the SM side; lifting shared memory lifts its bank
 * conflicts too. */
static double lifted_time(const gr_ncu_limits *lim, gr_time_limit l, gr_time_limit lifted)
{
    const gr_issue_figures *is = &lim->issue;
    if (l == lifted || (lifted == GR_TIME_LIMIT_SHARED && l == GR_TIME_LIMIT_BANK_CONFLICTS))
        return NAN;
    if ((l == GR_TIME_LIMIT_WAVES && lim->waves.stretch < STRETCH_THAT_MATTERS) ||
        (l == GR_TIME_LIMIT_SMALL_GRID && lim->waves.grid_stretch < STRETCH_THAT_MATTERS))
        return NAN;
    if (l == GR_TIME_LIMIT_L2 && lifted == GR_TIME_LIMIT_DRAM && !isnan(lim->l2_asked_ns))
        return fmin(lim->l2_asked_ns, lim->time_ns[l]);
    if (l == GR_TIME_LIMIT_ISSUE && lifted == GR_TIME_LIMIT_COMPUTE)
        return (is->warp_inst - is->fp_inst) / is->slots_per_ns;
    if (l == GR_TIME_LIMIT_ISSUE && (lifted == GR_TIME_LIMIT_SHARED || lifted == GR_TIME_LIMIT_BANK_CONFLICTS))
        return (is->warp_inst - is->shared_inst) / is->slots_per_ns;
    if ((l == GR_TIME_LIMIT_WAVES || l == GR_TIME_LIMIT_SMALL_GRID) && lifted != GR_TIME_LIMIT_COUNT &&
        lim->time_ns[l] > 0) {
        double stretch = l == GR_TIME_LIMIT_WAVES ? lim->waves.stretch : lim->waves.grid_stretch;
        return stretch * sm_side_ns(lim, lifted);
    }
    return lim->time_ns[l];
}

static double sm_side_ns(const gr_ncu_limits *lim, gr_time_limit lifted)
{
    static const gr_time_limit side[] = {GR_TIME_LIMIT_COMPUTE, GR_TIME_LIMIT_ISSUE, GR_TIME_LIMIT_SHARED,
                                         GR_TIME_LIMIT_BANK_CONFLICTS};
    double longest = 0;
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
        double t = lifted_time(lim, side[i], lifted);
        if (!isnan(t))
            longest = fmax(longest, t);
    }
    return longest;
}

/* The longest known limit but the one left out (COUNT: none), and its time. */
static gr_time_limit longest(const gr_ncu_limits *lim, gr_time_limit lifted, double *time_ns)
{
    gr_time_limit best = GR_TIME_LIMIT_COUNT;
    *time_ns = NAN;
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++) {
        double t = lifted_time(lim, l, lifted);
        if (!isnan(t) && (best == GR_TIME_LIMIT_COUNT || t > *time_ns)) /* a tie keeps the earlier */
            best = l, *time_ns = t;
    }
    return best;
}

/* Where the FP instructions fill most of the issue slots the issue limit
 * counts, the FP pipe and the slots are one limit: compute's, as long as
 * the slots, and what lifts it (a faster pipe) frees them. */
static void compute_through_issue(gr_ncu_limits *lim)
{
    const gr_issue_figures *is = &lim->issue;
    double issue = lim->time_ns[GR_TIME_LIMIT_ISSUE], compute = lim->time_ns[GR_TIME_LIMIT_COMPUTE];
    if (isnan(issue) || isnan(compute) || compute <= 0 || issue <= compute)
        return;
    if (is->fp_inst < FP_SHARE_OF_ISSUE * is->warp_inst)
        return;
    lim->time_ns[GR_TIME_LIMIT_COMPUTE] = issue;
    lim->compute_in_issue_slots = true;
}

static void choose_limiter(gr_ncu_limits *lim)
{
    double t;
    compute_through_issue(lim);
    lim->limiter = longest(lim, GR_TIME_LIMIT_COUNT, &t);
    lim->known = lim->limiter != GR_TIME_LIMIT_COUNT && t > 0;
    if (!lim->known) {
        snprintf(lim->why_unknown, sizeof lim->why_unknown, "no limit is known: %.120s", lim->why[GR_TIME_LIMIT_DRAM]);
        return;
    }
    lim->next = longest(lim, lim->limiter, &lim->next_ns);
    lim->speedup = lim->next != GR_TIME_LIMIT_COUNT && lim->next_ns > 0 ? t / lim->next_ns : NAN;
}

static void stalls_and_bandwidth(const gr_ncu_figures *f, const gr_ncu_roofs *roofs, gr_ncu_limits *out)
{
    double total = 0, top = 0;
    out->top_stall = -1;
    for (int i = 0; i < STALL_COUNT; i++) {
        double v = f->q[GR_NCU_Q_STALL_barrier + i];
        if (isnan(v))
            continue;
        total += v;
        if (v > top)
            top = v, out->top_stall = i;
    }
    out->top_stall_share = total > 0 ? top / total : NAN;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++) {
        double roof = roofs->bandwidth_gbs[level].value / (level == GR_NCU_L1 ? out->clock_scale : 1);
        out->achieved_gbs[level] = f->bytes[level] / f->q[GR_NCU_Q_TIME_NS];
        out->roof_share[level] = out->achieved_gbs[level] / roof;
    }
}

void gr_ncu_limits_of(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_prediction *pred,
                      const gr_ncu_roofs *roofs, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    *out = (gr_ncu_limits){.duration_ns = f->q[GR_NCU_Q_TIME_NS], .clock_mhz = f->sm_clock_mhz, .clock_scale = 1};
    if (positive(in->roofs_clock_mhz) && positive(f->sm_clock_mhz))
        out->clock_scale = in->roofs_clock_mhz / f->sm_clock_mhz;
    roof_limits(f, b, roofs, in, out);
    issue_limit(f, in, out);
    latency_limit(f, in, out);
    wave_limits(f, in, out);
    launch_limit(in, out);
    choose_limiter(out);
    stalls_and_bandwidth(f, roofs, out);
    if (out->known)
        gr_ncu_suggest(f, pred, in, out);
}
