/* Two limits in sequence (ncu_limits.h): the launch's overhead, then
 * the SMs' work; idle SMs, then the work of the mean SM; a memory phase
 * and the SMs' work.
 *
 * In a launch whose busiest SM works well past the mean SM (a tail wave
 * after full waves, a grid of fewer blocks than SMs, an imbalance), the
 * time is the SMs' idle time (the busiest SM's active time less the mean
 * SM's) and then the mean SM's work.  Nsight Compute's busy shares of the
 * SM side are the busiest SM's (.max): there they say a pipe ran near
 * its peak, which leaves no headroom on it, while the launch took as long
 * again for the SMs its shape left idle.  Where the idle SMs take at least
 * SHAPE_THAT_MATTERS of the launch and a throughput limit binds while the
 * SMs work, the shape is named, the two in sequence: lifting the shape
 * (spreading the blocks) is what the launch can gain without doing its
 * work faster.  The measured cases: tests/ncu/lifts.cu's tail_blocks (FMA
 * pipe 94% busy on the busiest SM, SMs idle 47%) and tests/ncu/sequence.cu's
 * copy_tail (a DRAM copy with a tail of 8 blocks; doc/ncu.md). */
#include <math.h>
#include "ncu_efficiency.h"
#include "ncu_limits.h"

/* The idle SMs are named in sequence where they take at least this share
 * of the launch: a quarter of it lost to the grid's shape. */
#define SHAPE_THAT_MATTERS 0.25
/* A memory phase is looked for where the limiter leaves at least a tenth
 * of the launch unexplained, and counted where it is at least a tenth of
 * the launch and the warps' waits on memory cover most of it. */
#define PHASE_ROOM 0.9
#define PHASE_THAT_MATTERS 0.1
#define PHASE_WAITS_COVER 0.8
/* Two phases' times, each at its capacity, sum to no more than this of
 * the launch (read_then_fma's: 1.10) */
#define PHASES_AT_MOST 1.15

static bool positive(double x)
{
    return isfinite(x) && x > 0;
}

/* Limit l's time while the mean SM works: its bound at its capacity, a
 * unit's busy time on the SM side (the busiest SM's) in the mean SM's
 * share.  The warps' waits folded into it are left out: in sequence
 * only the work counts, the waits are the other SMs' idle time. */
static double mean_sm_ns(const gr_ncu_limits *lim, gr_time_limit l)
{
    double ns = lim->bound_ns[l] / gr_ncu_limit_capacity(lim, l);
    if (lim->source[l] == GR_LIMIT_FROM_UNIT && gr_time_limit_is_sm_side(l))
        ns *= lim->busy.active_mean_ns / lim->busy.active_max_ns;
    return ns;
}

/* The throughput limit with the longest time while the mean SM works.
 * The GPU-wide limits (DRAM, the L2) count only after a tail: there the
 * idle SMs wait at the end, while the full waves kept DRAM and the L2
 * busy; a grid of fewer blocks than SMs leaves SMs idle throughout, its
 * DRAM and L2 time overlapping theirs. */
static gr_time_limit working_limit(const gr_ncu_limits *lim, gr_time_limit shape, double *ns)
{
    gr_time_limit best = GR_TIME_LIMIT_COUNT;
    *ns = NAN;
    for (gr_time_limit l = GR_TIME_LIMIT_DRAM; l <= GR_TIME_LIMIT_PIPE; l++) {
        /* bank conflicts are the L1 pipe's; issue slots FP instructions fill are compute's */
        bool in_another = l == GR_TIME_LIMIT_BANK_CONFLICTS || (l == GR_TIME_LIMIT_ISSUE && lim->compute_in_issue_slots);
        bool overlaps = shape == GR_TIME_LIMIT_SMALL_GRID && !gr_time_limit_is_sm_side(l);
        double t = in_another || overlaps ? NAN : mean_sm_ns(lim, l);
        if (positive(t) && !(*ns >= t))
            best = l, *ns = t;
    }
    return best;
}

/* The shape limit with idle time counted (GR_LIMIT_FROM_IDLE), or none. */
static gr_time_limit shape_of(const gr_ncu_limits *lim)
{
    static const gr_time_limit shapes[] = {GR_TIME_LIMIT_WAVES, GR_TIME_LIMIT_SMALL_GRID};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (lim->source[shapes[i]] == GR_LIMIT_FROM_IDLE && positive(lim->time_ns[shapes[i]]))
            return shapes[i];
    return GR_TIME_LIMIT_COUNT;
}

/* A launch whose overhead (no SM active) is its longest limit: the
 * overhead, then what the SMs' time went to, the longest of the other
 * limits (each counted within the SMs' active time). */
static void launch_then_work(gr_ncu_limits *lim)
{
    gr_time_limit other = GR_TIME_LIMIT_COUNT;
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (l != GR_TIME_LIMIT_LAUNCH && positive(lim->time_ns[l]) &&
            (other == GR_TIME_LIMIT_COUNT || lim->time_ns[l] > lim->time_ns[other]))
            other = l;
    if (other == GR_TIME_LIMIT_COUNT || !positive(lim->overhead_ns))
        return;
    double T = lim->duration_ns;
    lim->sequence = other;
    lim->sequence_ns = fmin(lim->time_ns[other], T - lim->overhead_ns);
    lim->explained_ns = fmin(T, lim->overhead_ns + lim->sequence_ns);
    lim->explained = lim->explained_ns >= 0.5 * T;
}

static void shape_then_work(gr_ncu_limits *lim)
{
    double T = lim->duration_ns, mean = lim->busy.active_mean_ns, work;
    gr_time_limit shape = shape_of(lim), worked = working_limit(lim, shape, &work);
    bool limiter_is_work = gr_time_limit_is_throughput(lim->limiter) || !lim->explained;
    if (shape == GR_TIME_LIMIT_COUNT || worked == GR_TIME_LIMIT_COUNT || !limiter_is_work || !positive(mean) ||
        !positive(lim->busy.active_max_ns))
        return;
    double idle = lim->time_ns[shape];
    if (idle < SHAPE_THAT_MATTERS * T || work < GR_BUSY_THAT_BINDS * mean)
        return;
    double overhead = positive(lim->overhead_ns) ? lim->overhead_ns : 0;
    lim->limiter = shape;
    lim->sequence = worked;
    lim->sequence_ns = work;
    lim->overhead_added = overhead > 0 && idle + work < T;
    lim->explained_ns = fmin(T, idle + work + (lim->overhead_added ? overhead : 0));
    lim->explained = lim->explained_ns >= 0.5 * T;
}

/* The memory level with the longest time at its capacity (DRAM, the
 * L2), its time in *ns; GR_TIME_LIMIT_COUNT where neither is known. */
static gr_time_limit longest_memory(const gr_ncu_limits *lim, double *ns)
{
    static const gr_time_limit memory[] = {GR_TIME_LIMIT_DRAM, GR_TIME_LIMIT_L2};
    gr_time_limit mem = GR_TIME_LIMIT_COUNT;
    *ns = NAN;
    for (size_t i = 0; i < sizeof memory / sizeof memory[0]; i++) {
        double t = lim->bound_ns[memory[i]] / gr_ncu_limit_capacity(lim, memory[i]);
        if (positive(t) && !(*ns >= t))
            mem = memory[i], *ns = t;
    }
    return mem;
}

/* A memory phase before (or after) the SMs' work: a launch bound on the
 * SM side whose warps waited on global memory at least PHASE_WAITS_COVER
 * of DRAM's or the L2's time, the two times summing to about the
 * launch's.  Overlapped with the work, memory's time would hide behind
 * it and its warps would seldom wait; here they waited as long as the
 * memory took, so its time came before or after the work's.  Measured on
 * tests/ncu/sequence.cu's read_then_fma: 391 us, its two phases alone
 * 123 us (read_sum) and 275 us (fma_loop). */
static void memory_then_work(gr_ncu_limits *lim)
{
    double T = lim->duration_ns, active = lim->busy.active_max_ns, phase;
    if (!gr_time_limit_is_sm_side(lim->limiter) || !lim->busy.warps_known || !positive(active) ||
        lim->explained_ns >= PHASE_ROOM * T)
        return;
    gr_time_limit mem = longest_memory(lim, &phase);
    double waits = lim->busy.warp_share[GR_WARPS_MEMORY] * fmin(active, T);
    double work = fmin(lim->time_ns[lim->limiter], T), overhead = positive(lim->overhead_ns) ? lim->overhead_ns : 0;
    if (mem == GR_TIME_LIMIT_COUNT || phase < PHASE_THAT_MATTERS * T || waits < PHASE_WAITS_COVER * phase ||
        work + phase > PHASES_AT_MOST * T) /* more than the launch: they overlapped */
        return;
    lim->sequence = mem;
    lim->sequence_ns = phase;
    lim->overhead_added = overhead > 0 && work + phase < T;
    lim->explained_ns = fmin(T, work + phase + (lim->overhead_added ? overhead : 0));
    lim->explained = lim->explained_ns >= 0.5 * T;
}

void gr_ncu_limits_in_sequence(gr_ncu_limits *lim)
{
    if (lim->limiter == GR_TIME_LIMIT_LAUNCH)
        launch_then_work(lim);
    else
        shape_then_work(lim);
    if (lim->sequence == GR_TIME_LIMIT_COUNT)
        memory_then_work(lim);
}
