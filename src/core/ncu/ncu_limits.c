/* The limits of a launch, what each accounts for, and its limiter
 * (ncu_limits.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_roofline.h"
#include "ncu_efficiency.h"
#include "ncu_limits.h"

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
/* The L1 pipe is called bank conflicts where they are at least this share
 * of its wavefronts: the excess, not the pipe's own work, binds. */
#define CONFLICTS_THAT_BIND 0.5

static const char *const keys[GR_TIME_LIMIT_COUNT] = {
    "dram",    "l2",      "l1",    "shared",     "bank_conflicts", "compute",
    "issue",   "pipe",    "latency", "waves",    "small_grid",     "launch",
};
static const char *const names[GR_TIME_LIMIT_COUNT] = {
    "DRAM",    "L2",      "the L1's pipes", "shared memory", "bank conflicts", "compute",
    "instruction issue", "an SM pipe", "latency", "waves", "small grid", "launch overhead",
};

const char *gr_time_limit_key(gr_time_limit l)
{
    return l < GR_TIME_LIMIT_COUNT ? keys[l] : "?";
}

const char *gr_time_limit_name(gr_time_limit l)
{
    return l < GR_TIME_LIMIT_COUNT ? names[l] : "?";
}

bool gr_time_limit_is_throughput(gr_time_limit l)
{
    return l <= GR_TIME_LIMIT_PIPE;
}

bool gr_time_limit_is_sm_side(gr_time_limit l)
{
    return l == GR_TIME_LIMIT_COMPUTE || l == GR_TIME_LIMIT_ISSUE || l == GR_TIME_LIMIT_PIPE ||
           l == GR_TIME_LIMIT_L1 || l == GR_TIME_LIMIT_SHARED || l == GR_TIME_LIMIT_BANK_CONFLICTS;
}

const char *gr_limit_source_key(gr_limit_source s)
{
    static const char *const sources[] = {"none", "roof", "unit", "warps", "idle", "grid", "overhead", "profile"};
    return s <= GR_LIMIT_FROM_PROFILE ? sources[s] : "?";
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

static double or_zero(double x)
{
    return isnan(x) ? 0 : x;
}

static void unknown(gr_ncu_limits *out, gr_time_limit l, const char *why)
{
    out->bound_ns[l] = out->time_ns[l] = NAN;
    snprintf(out->why[l], sizeof out->why[l], "%s", why);
}

/* A limit's bound from a source, where it is longer than what it has. */
static void raise_bound(gr_ncu_limits *out, gr_time_limit l, double ns, gr_limit_source from, int unit)
{
    if (from == GR_LIMIT_FROM_ROOF && !isnan(ns))
        out->roof_ns[l] = ns;
    if (isnan(ns) || !(isnan(out->bound_ns[l]) || ns > out->bound_ns[l]))
        return;
    out->bound_ns[l] = ns;
    out->source[l] = from;
    out->unit[l] = unit;
    out->why[l][0] = '\0';
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
                         gr_ncu_limits *out)
{
    double ns = 0, tensor_ns = 0, ghz = out->clock_mhz / 1000;
    if (!b->known && isnan(b->compute_time_ns))
        return NAN;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        double flops = f->flops[p];
        if (isnan(flops) || flops == 0)
            continue;
        double per_ns = in->flops_per_clock[p] * tensor_share(f, p) * ghz;
        if (!positive(per_ns)) {
            out->tensor_compute = f->flops_tensor > f->flops_total / 2;
            return b->compute_time_ns * out->clock_scale;
        }
        ns += flops / per_ns;
        tensor_ns += p >= GR_NCU_TENSOR_FP16 ? flops / per_ns : 0;
    }
    out->tensor_compute = tensor_ns > ns / 2;
    return ns;
}

/* The share of the L1 data pipe's wavefronts that are shared memory's:
 * whether the L1 level is shared memory's limit or the L1's (global and
 * local traffic). */
static double shared_share_of_l1(const gr_ncu_figures *f)
{
    double shared = f->shared_load + f->shared_store, all = f->q[GR_NCU_Q_L1_WAVEFRONTS];
    if (positive(all) && !isnan(shared))
        return fmin(1, shared / all);
    double bytes = f->bytes[GR_NCU_L1];
    return positive(bytes) && !isnan(shared) ? fmin(1, GR_NCU_WAVEFRONT_BYTES * shared / bytes) : 1;
}

static gr_time_limit l1_kind(const gr_ncu_figures *f)
{
    return shared_share_of_l1(f) >= 0.5 ? GR_TIME_LIMIT_SHARED : GR_TIME_LIMIT_L1;
}

/* The bank conflicts' share of the L1 data pipe's wavefronts. */
static double conflict_share(const gr_ncu_figures *f)
{
    double conflicts = or_zero(f->shared_conflicts), all = f->q[GR_NCU_Q_L1_WAVEFRONTS];
    if (!positive(all))
        all = f->shared_load + f->shared_store;
    return positive(all) ? fmin(1, conflicts / all) : 0;
}

static void roof_bounds(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_roofs *roofs,
                        const gr_limit_inputs *in, gr_ncu_limits *out)
{
    const char *why = b->known ? "" : b->why_unknown;
    raise_bound(out, GR_TIME_LIMIT_DRAM, b->known ? b->level_time_ns[GR_NCU_DRAM] : NAN, GR_LIMIT_FROM_ROOF, -1);
    raise_bound(out, GR_TIME_LIMIT_L2, b->known ? b->level_time_ns[GR_NCU_L2] : NAN, GR_LIMIT_FROM_ROOF, -1);
    out->compute_flops_ns = compute_ns(f, b, in, out);
    raise_bound(out, GR_TIME_LIMIT_COMPUTE, out->compute_flops_ns, GR_LIMIT_FROM_ROOF, -1);
    out->l2_asked_ns = f->q[GR_NCU_Q_L2_TEX_SECTORS] * SECTOR_BYTES / roofs->bandwidth_gbs[GR_NCU_L2].value;
    double l1_gbs = roofs->bandwidth_gbs[GR_NCU_L1].value / out->clock_scale;
    out->shared_gbs_at_clock = l1_gbs;
    out->compute_gflops_at_clock = f->flops_total / out->bound_ns[GR_TIME_LIMIT_COMPUTE];
    raise_bound(out, l1_kind(f), f->bytes[GR_NCU_L1] / l1_gbs, GR_LIMIT_FROM_ROOF, -1);
    static const gr_time_limit roofs_limits[] = {GR_TIME_LIMIT_DRAM, GR_TIME_LIMIT_L2, GR_TIME_LIMIT_L1,
                                                 GR_TIME_LIMIT_SHARED, GR_TIME_LIMIT_COMPUTE};
    for (size_t i = 0; i < sizeof roofs_limits / sizeof roofs_limits[0]; i++) {
        gr_time_limit l = roofs_limits[i];
        if ((l == GR_TIME_LIMIT_L1 || l == GR_TIME_LIMIT_SHARED) && l != l1_kind(f))
            out->bound_ns[l] = 0; /* the L1 level is the other one's */
        else if (isnan(out->bound_ns[l]))
            unknown(out, l, *why ? why : "the report lacks its counters, or the device its roof");
    }
}

static double fp_thread_inst(const gr_ncu_figures *f)
{
    static const gr_ncu_quantity fp[] = {GR_NCU_Q_DADD, GR_NCU_Q_DMUL, GR_NCU_Q_DFMA, GR_NCU_Q_FADD, GR_NCU_Q_FMUL,
                                         GR_NCU_Q_FFMA, GR_NCU_Q_HADD, GR_NCU_Q_HMUL, GR_NCU_Q_HFMA};
    double sum = 0;
    for (size_t i = 0; i < sizeof fp / sizeof fp[0]; i++)
        sum += or_zero(f->q[fp[i]]);
    return sum;
}

static void issue_bound(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
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
        raise_bound(out, GR_TIME_LIMIT_ISSUE, is->warp_inst / is->slots_per_ns, GR_LIMIT_FROM_ROOF, -1);
}

/* Whether the busiest FP pipe is the FMA pipe busy with integer work
 * (IMAD, the integer multiply-add it shares with FFMA): its FLOPs at
 * their rate come to under a quarter of its busy time. */
static bool integer_on_fma_pipe(const gr_ncu_limits *out, int unit, double busy_ns)
{
    bool fma = unit == GR_NCU_UNIT_fma || unit == GR_NCU_UNIT_fmaheavy;
    return fma && !(or_zero(out->compute_flops_ns) >= 0.25 * busy_ns);
}

/* Each family's busiest unit as its limit's bound: a measured busy time
 * is one the launch took, so at least any roof's. */
static void unit_bounds(const gr_ncu_figures *f, gr_ncu_limits *out)
{
    static const gr_time_limit of_family[GR_NCU_UNIT_FAMILIES] = {
        [GR_NCU_UNIT_DRAM] = GR_TIME_LIMIT_DRAM,   [GR_NCU_UNIT_L2] = GR_TIME_LIMIT_L2,
        [GR_NCU_UNIT_L1] = GR_TIME_LIMIT_L1,       [GR_NCU_UNIT_FP] = GR_TIME_LIMIT_COMPUTE,
        [GR_NCU_UNIT_ISSUE] = GR_TIME_LIMIT_ISSUE, [GR_NCU_UNIT_PIPE] = GR_TIME_LIMIT_PIPE,
    };
    const gr_ncu_busy *busy = &out->busy;
    for (int k = 0; k < GR_NCU_UNIT_FAMILIES; k++) {
        gr_time_limit l = k == GR_NCU_UNIT_L1 ? l1_kind(f) : of_family[k];
        if (k == GR_NCU_UNIT_FP && integer_on_fma_pipe(out, busy->busiest[k], busy->family_ns[k]))
            l = GR_TIME_LIMIT_PIPE;
        if (busy->busiest[k] >= 0)
            raise_bound(out, l, busy->family_ns[k], GR_LIMIT_FROM_UNIT, busy->busiest[k]);
    }
    if (isnan(out->bound_ns[GR_TIME_LIMIT_PIPE]))
        unknown(out, GR_TIME_LIMIT_PIPE, "the report lacks the pipes' busy shares (gpuroof ncu --metrics)");
}

/* The latency the loads past the L1 see: the L2's, and DRAM's for the
 * share DRAM served; without the L2's, DRAM's share alone. */
static double mean_latency_ns(const gr_limit_inputs *in, double dram_share)
{
    if (!positive(in->dram_latency_ns))
        return NAN;
    if (!positive(in->l2_latency_ns))
        return dram_share * in->dram_latency_ns;
    return in->l2_latency_ns + dram_share * (in->dram_latency_ns - in->l2_latency_ns);
}

/* Little's law of the launch's loads: what one load a warp in flight
 * allows at the latency the loads see, and how many loads a warp had in
 * flight to reach what it reached; the text's why, the suggestion's
 * figures (the latency limit's time is the warps' waits). */
static void littles_figures(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_latency_figures *lt = &out->latency;
    double requests = f->q[GR_NCU_Q_GLOBAL_LD_REQUESTS], sectors = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS];
    double blocks = f->q[GR_NCU_Q_GRID_BLOCKS];
    double past_l1 = f->q[GR_NCU_Q_L2_LOAD_SECTORS] * SECTOR_BYTES;
    /* the loads' own share of what the L2 read for the L1s: no more than
     * they asked the L1 for (TMA and cp.async copies are the rest) */
    lt->bytes = fmin(past_l1, sectors * SECTOR_BYTES);
    lt->warps_per_sm = f->occupancy_achieved * in->max_warps_sm;
    lt->sms = positive(blocks) && blocks < in->sm_count ? blocks : in->sm_count;
    lt->bytes_per_load = requests > 0 ? sectors * SECTOR_BYTES / requests : NAN;
    lt->dram_share = past_l1 > 0 ? fmin(1, or_zero(f->q[GR_NCU_Q_DRAM_READ]) / past_l1) : 0;
    lt->latency_ns = mean_latency_ns(in, lt->dram_share);
    lt->achieved_gbs = lt->bytes / f->q[GR_NCU_Q_TIME_NS];
    gr_littles_law law = {lt->warps_per_sm, lt->sms, lt->bytes_per_load, 1, lt->latency_ns};
    lt->one_load_gbs = gr_littles_bandwidth_gbs(&law);
    lt->loads_in_flight = positive(lt->one_load_gbs) ? lt->achieved_gbs / lt->one_load_gbs : NAN;
}

/* The grid's shape where the SMs' active cycles were not counted: the
 * SM-side bounds stretched by the last wave's idle share, or by SMs over
 * blocks for a grid of fewer blocks than SMs. */
static void stretched_shape(gr_ncu_limits *out)
{
    gr_wave_figures *w = &out->waves;
    static const gr_time_limit side[] = {GR_TIME_LIMIT_COMPUTE, GR_TIME_LIMIT_ISSUE, GR_TIME_LIMIT_SHARED,
                                         GR_TIME_LIMIT_L1, GR_TIME_LIMIT_PIPE};
    w->sm_side_ns = 0;
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++)
        w->sm_side_ns = fmax(w->sm_side_ns, or_zero(out->bound_ns[side[i]]));
    out->time_ns[GR_TIME_LIMIT_WAVES] = w->stretch >= GR_STRETCH_THAT_MATTERS ? w->stretch * w->sm_side_ns : 0;
    out->time_ns[GR_TIME_LIMIT_SMALL_GRID] = w->grid_stretch >= GR_STRETCH_THAT_MATTERS ? w->grid_stretch * w->sm_side_ns : 0;
    out->source[GR_TIME_LIMIT_WAVES] = out->source[GR_TIME_LIMIT_SMALL_GRID] = GR_LIMIT_FROM_GRID;
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

/* Waves and a small grid: the SMs the grid left idle while the busiest
 * worked (its active time less the mean SM's), named by the cause: fewer
 * blocks than SMs, else a tail wave or an imbalance. */
static void shape_limits(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_wave_figures *w = &out->waves;
    double per_sm = resident_blocks_per_sm(f);
    gr_grid_shape shape;
    w->blocks = f->q[GR_NCU_Q_GRID_BLOCKS];
    if (positive(per_sm) && in->sm_count > 0)
        gr_grid_shape_of(w->blocks, per_sm, in->sm_count, &shape);
    else
        gr_grid_shape_of_waves(w->blocks, f->q[GR_NCU_Q_WAVES], in->sm_count, &shape);
    w->waves = shape.waves;
    w->stretch = shape.stretch;
    w->grid_stretch = shape.grid_stretch;
    w->idle_ns = out->busy.active_max_ns - out->busy.active_mean_ns;
    if (isnan(w->blocks) || in->sm_count <= 0) {
        unknown(out, GR_TIME_LIMIT_WAVES, "the report lacks the grid, or the device its SM count");
        unknown(out, GR_TIME_LIMIT_SMALL_GRID, out->why[GR_TIME_LIMIT_WAVES]);
        return;
    }
    if (isnan(w->idle_ns)) {
        stretched_shape(out);
        return;
    }
    bool small = w->blocks < in->sm_count;
    out->time_ns[GR_TIME_LIMIT_SMALL_GRID] = small ? fmax(0, w->idle_ns) : 0;
    out->time_ns[GR_TIME_LIMIT_WAVES] = small ? 0 : fmax(0, w->idle_ns);
    out->source[GR_TIME_LIMIT_WAVES] = out->source[GR_TIME_LIMIT_SMALL_GRID] = GR_LIMIT_FROM_IDLE;
}

/* The launch's overhead: the time no SM was active, where counted; else
 * the profile's floor, for a launch no longer than it takes. */
static void launch_limit(const gr_limit_inputs *in, gr_ncu_limits *out)
{
    double active = out->busy.active_max_ns;
    out->overhead_ns = NAN;
    if (!isnan(active)) {
        out->overhead_ns = fmax(0, out->duration_ns - fmin(active, out->duration_ns));
        out->source[GR_TIME_LIMIT_LAUNCH] = GR_LIMIT_FROM_OVERHEAD;
    } else if (positive(in->launch_floor_ns)) {
        out->overhead_ns = fmin(in->launch_floor_ns, out->duration_ns);
        out->source[GR_TIME_LIMIT_LAUNCH] = GR_LIMIT_FROM_PROFILE;
    }
    out->time_ns[GR_TIME_LIMIT_LAUNCH] = out->overhead_ns;
    if (isnan(out->overhead_ns))
        unknown(out, GR_TIME_LIMIT_LAUNCH, "no launch floor: the profile has none and the report no "
                                           "sm__cycles_active (gpuroof ncu --metrics)");
}

/* Where the FP instructions fill most of the issue slots the issue limit
 * counts, the FP pipe and the slots are one limit: compute's, as long as
 * the slots, and what lifts it (a faster pipe) frees them. */
static void compute_through_issue(gr_ncu_limits *lim)
{
    const gr_issue_figures *is = &lim->issue;
    double issue = lim->bound_ns[GR_TIME_LIMIT_ISSUE], compute = lim->bound_ns[GR_TIME_LIMIT_COMPUTE];
    if (isnan(issue) || isnan(compute) || compute <= 0 || issue <= compute)
        return;
    if (is->fp_inst < FP_SHARE_OF_ISSUE * is->warp_inst)
        return;
    lim->bound_ns[GR_TIME_LIMIT_COMPUTE] = issue;
    lim->compute_in_issue_slots = true;
}

/* The share of its peak limit l's bound counts as its whole capacity: a
 * unit's busy share the best kernels sustain, or the share of a roof (a
 * datasheet's bandwidth, the SMs' peak FLOPs) lifted kernels reached. */
double gr_ncu_limit_capacity(const gr_ncu_limits *out, gr_time_limit l)
{
    const gr_limit_efficiency *e = gr_limit_efficiency_of(l);
    if (l == GR_TIME_LIMIT_DRAM && out->dram_scattered)
        return GR_DRAM_SCATTERED;
    if (out->source[l] != GR_LIMIT_FROM_ROOF)
        return e->busy_peak;
    return l == GR_TIME_LIMIT_COMPUTE && out->tensor_compute ? GR_LIFTED_TENSOR : e->lifted;
}

/* Each throughput limit's time: its bound over its capacity; the bank
 * conflicts' share of the L1 pipe's, or the whole where they are most of
 * its wavefronts. */
static void throughput_times(const gr_ncu_figures *f, gr_ncu_limits *out)
{
    for (gr_time_limit l = GR_TIME_LIMIT_DRAM; l <= GR_TIME_LIMIT_PIPE; l++)
        if (l != GR_TIME_LIMIT_BANK_CONFLICTS)
            out->time_ns[l] = out->bound_ns[l] / gr_ncu_limit_capacity(out, l);
    if (out->compute_in_issue_slots) /* one limit: the FP pipe's slots */
        out->time_ns[GR_TIME_LIMIT_ISSUE] = out->time_ns[GR_TIME_LIMIT_COMPUTE];
    gr_time_limit l1 = l1_kind(f);
    double share = conflict_share(f), pipe = out->time_ns[l1];
    out->source[GR_TIME_LIMIT_BANK_CONFLICTS] = out->source[l1];
    out->unit[GR_TIME_LIMIT_BANK_CONFLICTS] = out->unit[l1];
    out->bound_ns[GR_TIME_LIMIT_BANK_CONFLICTS] = share > 0 ? out->bound_ns[l1] * share : 0;
    out->time_ns[GR_TIME_LIMIT_BANK_CONFLICTS] = share >= CONFLICTS_THAT_BIND ? pipe : pipe * share;
    if (isnan(pipe))
        unknown(out, GR_TIME_LIMIT_BANK_CONFLICTS, out->why[l1]);
}

/* Of limits kinds[0..n-1], the one whose time is the longest share of
 * the launch; ties keep the earlier. */
static gr_time_limit busiest_of(const gr_ncu_limits *out, const gr_time_limit *kinds, size_t n)
{
    gr_time_limit best = kinds[0];
    for (size_t i = 1; i < n; i++)
        if (or_zero(out->time_ns[kinds[i]]) > or_zero(out->time_ns[best]))
            best = kinds[i];
    return best;
}

/* Whether limit l runs near its capacity: its time at least
 * GR_BUSY_THAT_BINDS of the launch. */
static bool binds(const gr_ncu_limits *out, gr_time_limit l)
{
    return out->time_ns[l] >= GR_BUSY_THAT_BINDS * out->duration_ns;
}

static void fold(gr_ncu_limits *out, gr_time_limit l, double waits_ns)
{
    if (waits_ns > or_zero(out->time_ns[l])) {
        out->time_ns[l] = waits_ns;
        out->source[l] = GR_LIMIT_FROM_WARPS;
    }
}

/* The warps' waits, as times of the busiest SM's active time: for memory
 * to the busiest memory level, for shared memory to the L1's, for the
 * pipes to the busiest SM-side limit, each where it runs near its peak
 * (its warps then wait on its throughput); else to latency. */
static void fold_waits(const gr_ncu_figures *f, gr_ncu_limits *out)
{
    static const gr_time_limit memory[] = {GR_TIME_LIMIT_DRAM, GR_TIME_LIMIT_L2, GR_TIME_LIMIT_L1, GR_TIME_LIMIT_SHARED};
    static const gr_time_limit sm_side[] = {GR_TIME_LIMIT_COMPUTE, GR_TIME_LIMIT_ISSUE, GR_TIME_LIMIT_PIPE};
    const gr_ncu_busy *b = &out->busy;
    double active = isnan(b->active_max_ns) ? out->duration_ns : fmin(b->active_max_ns, out->duration_ns);
    const double *share = b->warp_share;
    double waits = 0, shared = share[GR_WARPS_SHARED] * active;
    gr_time_limit mem = busiest_of(out, memory, 4), l1 = l1_kind(f), side = busiest_of(out, sm_side, 3);
    if (binds(out, mem))
        fold(out, mem, share[GR_WARPS_MEMORY] * active + (mem == l1 ? shared : 0));
    else
        waits += share[GR_WARPS_MEMORY] * active;
    if (mem != l1 || !binds(out, mem)) {
        if (binds(out, l1))
            fold(out, l1, shared);
        else
            waits += shared;
    }
    if (binds(out, side))
        fold(out, side, (share[GR_WARPS_ISSUING] + share[GR_WARPS_PIPES]) * active);
    else
        waits += share[GR_WARPS_PIPES] * active;
    if (f->flops_tensor > 0)
        fold(out, GR_TIME_LIMIT_COMPUTE, (share[GR_WARPS_TENSOR] + share[GR_WARPS_ISSUING]) * active);
    out->latency.waits_ns = waits;
    out->time_ns[GR_TIME_LIMIT_LATENCY] = out->bound_ns[GR_TIME_LIMIT_LATENCY] = waits;
    out->bound_ns[GR_TIME_LIMIT_LATENCY] = 0; /* no rate: the waits are no work */
    out->source[GR_TIME_LIMIT_LATENCY] = GR_LIMIT_FROM_WARPS;
}

/* The limit that accounts for the most, a tie the earlier, by the one
 * rule the binding level's ties follow (gr_balanced: times within a
 * rounding of each other); GR_TIME_LIMIT_COUNT where none is known. */
static gr_time_limit longest_limit(const gr_ncu_limits *lim)
{
    double longest = NAN;
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (!isnan(lim->time_ns[l]) && !(lim->time_ns[l] <= longest))
            longest = lim->time_ns[l];
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (!isnan(lim->time_ns[l]) && gr_balanced(lim->time_ns[l], longest))
            return l;
    return GR_TIME_LIMIT_COUNT;
}

/* The longest limit, bank conflicts where they are the L1 pipe's binding
 * share, and how much of the launch it explains, the launch's overhead in
 * sequence. */
static void choose_limiter(gr_ncu_limits *lim)
{
    gr_time_limit best = longest_limit(lim);
    lim->known = best != GR_TIME_LIMIT_COUNT && lim->time_ns[best] > 0 && positive(lim->duration_ns);
    if (!positive(lim->duration_ns)) {
        snprintf(lim->why_unknown, sizeof lim->why_unknown, "the report has no duration of it (gpu__time_duration.sum)");
        return;
    }
    if (!lim->known) {
        snprintf(lim->why_unknown, sizeof lim->why_unknown, "no limit is known: %.120s", lim->why[GR_TIME_LIMIT_DRAM]);
        return;
    }
    if ((best == GR_TIME_LIMIT_L1 || best == GR_TIME_LIMIT_SHARED) &&
        lim->time_ns[GR_TIME_LIMIT_BANK_CONFLICTS] >= lim->time_ns[best])
        best = GR_TIME_LIMIT_BANK_CONFLICTS;
    lim->limiter = best;
    double T = lim->duration_ns, ns = fmin(lim->time_ns[best], T);
    lim->overhead_added = best != GR_TIME_LIMIT_LAUNCH && positive(lim->overhead_ns) && ns < T;
    lim->explained_ns = fmin(T, ns + (lim->overhead_added ? lim->overhead_ns : 0));
    lim->explained = lim->explained_ns >= 0.5 * T;
    gr_ncu_limits_in_sequence(lim);
}

double gr_ncu_explained_share(const gr_ncu_limits *lim)
{
    if (!lim->known || !lim->explained || !positive(lim->duration_ns))
        return 0;
    return lim->explained_ns / lim->duration_ns;
}

static void stalls_and_bandwidth(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_limits *out)
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

static void start(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    *out = (gr_ncu_limits){.duration_ns = f->q[GR_NCU_Q_TIME_NS], .clock_mhz = f->sm_clock_mhz, .clock_scale = 1,
                           .limiter = GR_TIME_LIMIT_COUNT, .next = GR_TIME_LIMIT_COUNT, .next_bound_ns = NAN,
                           .expected_ns = NAN, .headroom = NAN, .at_most = NAN, .expected = NAN,
                           .compute_flops_ns = NAN, .tensor_roof_share = NAN, .call_expected = NAN,
                           .launch_l2_share = NAN, .sequence = GR_TIME_LIMIT_COUNT,
                           .sequence_ns = NAN};
    for (int l = 0; l < GR_TIME_LIMIT_COUNT; l++) {
        out->bound_ns[l] = out->time_ns[l] = out->roof_ns[l] = NAN;
        out->unit[l] = -1;
    }
    if (positive(in->roofs_clock_mhz) && positive(f->sm_clock_mhz))
        out->clock_scale = in->roofs_clock_mhz / f->sm_clock_mhz;
    if (positive(in->launch_l2_bytes) && positive(f->bytes[GR_NCU_L2]))
        out->launch_l2_share = fmin(1, in->launch_l2_bytes / f->bytes[GR_NCU_L2]);
    gr_ncu_busy_of(f, &out->busy);
    double asked = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS] * SECTOR_BYTES;
    out->dram_scattered = positive(asked) && f->q[GR_NCU_Q_DRAM_READ] >= GR_DRAM_OVERFETCH_SCATTERED * asked;
}

void gr_ncu_limits_of(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_prediction *pred,
                      const gr_roofs *roofs, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    start(f, in, out);
    roof_bounds(f, b, roofs, in, out);
    issue_bound(f, in, out);
    unit_bounds(f, out);
    compute_through_issue(out);
    throughput_times(f, out);
    littles_figures(f, in, out);
    if (out->busy.warps_known)
        fold_waits(f, out);
    else
        unknown(out, GR_TIME_LIMIT_LATENCY, "the report lacks the warp-state counters (smsp__warps_issue_stalled_*)");
    shape_limits(f, in, out);
    launch_limit(in, out);
    choose_limiter(out);
    stalls_and_bandwidth(f, roofs, out);
    if (out->known) {
        gr_ncu_lift(f, in, out);
        gr_ncu_suggest(f, pred, in, out);
    }
}
