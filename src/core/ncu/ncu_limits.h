/* What a launch's time went to: its limits, each the time it accounts
 * for, and the limiter, the one that accounts for the most, with how much
 * of the launch it explains, the headroom to its roof, the speedup to
 * expect if it were lifted and the most it could be, and what to change.
 * Each limit's arithmetic, with its sources: doc/ncu-input.md, "The
 * limits".
 *
 *   dram, l2      memory: the bytes at the roof's bandwidth, or the level's
 *                 busiest unit's measured busy time
 *   l1            the L1's pipes and tag stage for global and local traffic
 *   shared        the same for shared memory: its ideal wavefronts
 *   bank_conflicts the same with every wavefront, where the conflicts'
 *                 excess is what binds
 *   compute       the FLOPs at their peaks, or the busiest FP pipe's busy
 *                 time (where the FP instructions fill most issue slots,
 *                 those slots: the same pipe)
 *   issue         warp instructions / (SMs x 4 schedulers x clock), or the
 *                 busiest scheduler's issue-active time
 *   pipe          the busiest other SM pipe (integer, special functions,
 *                 load/store, ...)
 *   latency       the warps' time waiting on memory and dependencies where
 *                 no unit runs near its peak (Little's law says why)
 *   waves         SMs idle in a tail wave or for a load imbalance
 *   small_grid    SMs idle for want of blocks
 *   launch        a launch's overhead: the time no SM is active
 *
 * A throughput limit accounts for its busy time over the share of its
 * peak the best kernels reach (gr_limit_efficiency); the warps' waits go
 * to the memory level or pipe they wait for where it runs near its peak,
 * else to latency; the launch overhead is in sequence with any other.
 * The SM-side roofs run at the clock the launch ran at (its SM cycles
 * over its duration), not the profile's. */
#ifndef GPUROOF_NCU_LIMITS_H
#define GPUROOF_NCU_LIMITS_H

#include <stdbool.h>
#include "kernel_library.h"
#include "ncu_busy.h"
#include "ncu_figures.h"
#include "ncu_occupancy.h"
#include "ncu_roofs.h"
#include "gpuroof_profile.h"

typedef enum {
    GR_TIME_LIMIT_DRAM,
    GR_TIME_LIMIT_L2,
    GR_TIME_LIMIT_L1,
    GR_TIME_LIMIT_SHARED,
    GR_TIME_LIMIT_BANK_CONFLICTS,
    GR_TIME_LIMIT_COMPUTE,
    GR_TIME_LIMIT_ISSUE,
    GR_TIME_LIMIT_PIPE,
    GR_TIME_LIMIT_LATENCY,
    GR_TIME_LIMIT_WAVES,
    GR_TIME_LIMIT_SMALL_GRID,
    GR_TIME_LIMIT_LAUNCH,
    GR_TIME_LIMIT_COUNT
} gr_time_limit;

/* "dram", "l2", "l1", "shared", "bank_conflicts", "compute", "issue",
 * "pipe", "latency", "waves", "small_grid", "launch": JSON's keys, a
 * published interface. */
const char *gr_time_limit_key(gr_time_limit l);
/* For people: "DRAM", "L2", "the L1's pipes", "shared memory", ... */
const char *gr_time_limit_name(gr_time_limit l);
/* Whether a limit is a throughput (a unit busy or a roof), whose time is
 * its work at a rate; the others are the warps' waits, idle SMs and the
 * launch's overhead. */
bool gr_time_limit_is_throughput(gr_time_limit l);

/* Where a limit's time came from. */
typedef enum {
    GR_LIMIT_FROM_NONE,
    GR_LIMIT_FROM_ROOF,     /* its work at the roof's rate (bytes, FLOPs, warp instructions) */
    GR_LIMIT_FROM_UNIT,     /* its busiest unit's busy time as Nsight Compute measured it */
    GR_LIMIT_FROM_WARPS,    /* the warps' cycles waiting on it (the warp-state counters) */
    GR_LIMIT_FROM_IDLE,     /* the SMs' idle time (active cycles, the busiest SM's and the mean's) */
    GR_LIMIT_FROM_GRID,     /* the grid's shape stretching the SM side (no active cycles counted) */
    GR_LIMIT_FROM_OVERHEAD, /* the time no SM was active */
    GR_LIMIT_FROM_PROFILE,  /* the profile's launch floor */
} gr_limit_source;

/* "roof", "unit", "warps", "idle", "grid", "overhead", "profile". */
const char *gr_limit_source_key(gr_limit_source s);

/* What the device and a results file say beyond the roofs. */
typedef struct {
    int sm_count;              /* 0: unknown */
    int max_warps_sm;          /* 0: unknown */
    double roofs_clock_mhz;    /* the SM clock the SM-side roofs assume; NaN: take them as they are */
    /* a load's latency from DRAM and from the L2 (the near partition's:
     * the least an L2 hit takes), ns: the profile's cycles at the clock
     * they were measured at, or a results file's; NaN: unknown */
    double dram_latency_ns, l2_latency_ns;
    double launch_floor_ns;    /* an empty kernel's duration under Nsight Compute; NaN: unknown */
    double launch_l2_bytes;    /* an empty kernel's L2 traffic under Nsight Compute; NaN: unknown */
    const char *latency_from;  /* where the latencies came from, for the text: "the profile" */
    /* each precision's FLOPs the whole GPU does a clock (SMs x an SM's
     * rate): the compute limit is the hardware's at the launch's own
     * clock, which no kernel beats; 0: unknown, the roof's time scaled by
     * roofs_clock_mhz instead */
    double flops_per_clock[GR_NCU_PRECISION_COUNT];
    const gr_profile *device;  /* the registers that reach a number of warps; NULL: not worked out */
} gr_limit_inputs;

typedef struct {
    double warp_inst;      /* warp instructions executed */
    double fp_inst;        /* of them FP32/FP64/FP16 arithmetic: thread instructions / 32 */
    double shared_inst;    /* shared-memory loads and stores */
    double global_inst;    /* global load and store requests */
    double slots_per_ns;   /* SMs x 4 schedulers x clock: warp instructions a ns */
} gr_issue_figures;

typedef struct {
    double warps_per_sm;     /* achieved: occupancy x the most an SM holds */
    double sms;              /* SMs the grid reaches */
    double bytes_per_load;   /* a warp's global load: sectors x 32 B / requests */
    double loads_in_flight;  /* a warp's that explain the achieved bandwidth at that latency */
    double dram_share;       /* of the bytes the L2 read for the L1, the share DRAM gave */
    double latency_ns;       /* the L2's and DRAM's, weighted by dram_share */
    double bytes;            /* read past the L1 (the L2's sectors read for it) */
    double one_load_gbs;     /* what Little's law allows with one load a warp in flight */
    double achieved_gbs;     /* bytes / duration */
    double waits_ns;         /* the warps' waits that went to latency: memory, shared memory, dependencies */
} gr_latency_figures;

typedef struct {
    double waves;        /* blocks / (resident blocks an SM x SMs) */
    double stretch;      /* ceil(waves) / waves for waves >= 1, else 1 */
    double grid_stretch; /* SMs / blocks for a grid of fewer blocks than SMs, else 1 */
    double blocks;
    double sm_side_ns;   /* the longest SM-side bound both stretch */
    double idle_ns;      /* the busiest SM's active time less the mean SM's; NaN where not counted */
} gr_wave_figures;

typedef struct {
    bool known;                             /* some limit is known */
    char why_unknown[160];
    /* each limit: the least time it takes at the hardware's peak (a roof,
     * or a unit's measured busy time; NaN: unknown, 0: does not apply),
     * the time it accounts for, where that came from and the unit behind
     * it (a gr_ncu_unit_id, -1) */
    double bound_ns[GR_TIME_LIMIT_COUNT];
    double time_ns[GR_TIME_LIMIT_COUNT];
    /* the roofs' part of the bounds: the launch's work (bytes, FLOPs, warp
     * instructions) at the roof's rate, what a lifted kernel's next limit
     * is worked out from; NaN where no roof gives one */
    double roof_ns[GR_TIME_LIMIT_COUNT];
    gr_limit_source source[GR_TIME_LIMIT_COUNT];
    int unit[GR_TIME_LIMIT_COUNT];
    char why[GR_TIME_LIMIT_COUNT][160];     /* why a limit is unknown, "" */
    double duration_ns;
    /* the launch's overhead (no SM active): measured, or the profile's
     * floor for a launch no longer than it; NaN: unknown */
    double overhead_ns;
    /* of the L2's bytes, the share an empty kernel moves too (the
     * profile's launch_l2_bytes): every launch's, not its kernel's work;
     * NaN: unknown */
    double launch_l2_share;
    /* the L2's time for the sectors the L1s asked for alone: what is left
     * of the L2's traffic with DRAM lifted */
    double l2_asked_ns;
    double compute_flops_ns;                /* the FLOPs at their peaks at the launch's clock; NaN */
    bool tensor_compute;                    /* most of that time is the Tensor Cores' */
    double clock_mhz;                       /* the launch's SM clock */
    double clock_scale;                     /* the roofs' clock / the launch's: SM-side times x this */
    double compute_gflops_at_clock, shared_gbs_at_clock;
    gr_ncu_busy busy;
    gr_issue_figures issue;
    gr_latency_figures latency;
    gr_wave_figures waves;
    bool compute_in_issue_slots;            /* compute's time is its instructions' issue slots */
    /* DRAM read about twice the bytes of the sectors the loads asked for:
     * each sector in a burst of its own, DRAM's capacity
     * GR_DRAM_SCATTERED of its roof */
    bool dram_scattered;
    /* the limiter: the limit that accounts for the most; explained: the
     * time it accounts for, with the launch overhead in sequence where
     * that is not the limiter (overhead_added); a launch whose limiter
     * explains less than half of it is unexplained */
    gr_time_limit limiter;
    double explained_ns;
    bool overhead_added;
    bool explained;
    /* the limit in sequence with the limiter, and its time: after the
     * launch's overhead, the SMs' longest; after idle SMs (waves, small
     * grid), the one that binds while they work, on the mean SM
     * (ncu_sequence.c); GR_TIME_LIMIT_COUNT where none */
    gr_time_limit sequence;
    double sequence_ns;
    /* lifted: the next limit, its bound and the time expected of it;
     * headroom: the duration over the limiter's bound; at_most: over the
     * next bound; expected: over the time expected once lifted (NaN where
     * not known) */
    gr_time_limit next;
    double next_bound_ns, expected_ns;
    double headroom, at_most, expected;
    char suggestion[400];
    /* the library the kernel is from (by its name), and for a library
     * kernel what to change in the call; older_arch: built for an older
     * architecture than the GPU's, reaching tensor_roof_share of the
     * Tensor Core roof, with call_expected the speedup to expect of the
     * GPU's own kernel (NaN where not known) */
    gr_library_info library;
    bool older_arch;
    double tensor_roof_share, call_expected;
    char call_advice[400];
    int top_stall;                          /* a GR_NCU_STALLS reason's index, or -1 */
    double top_stall_share;                 /* of every stalled warp-cycle counted */
    double achieved_gbs[GR_NCU_LEVEL_COUNT];/* bytes / duration at each level */
    double roof_share[GR_NCU_LEVEL_COUNT];  /* achieved_gbs of the level's bandwidth */
} gr_ncu_limits;

/* The share of the launch's time its limiter accounts for (0 where
 * unexplained or unknown). */
double gr_ncu_explained_share(const gr_ncu_limits *lim);

/* The name of stall reason i of GR_NCU_STALLS ("long_scoreboard"), NULL past them. */
const char *gr_ncu_stall_name(int i);

/* pred: gpuroof's occupancy prediction of the same launch (its launch as
 * the report gives it), for the registers that reach a number of warps;
 * NULL: not worked out. */
void gr_ncu_limits_of(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_prediction *pred,
                      const gr_roofs *roofs, const gr_limit_inputs *in, gr_ncu_limits *out);

/* Whether a limit is the SMs' own (compute, issue, a pipe, the L1 and
 * shared memory): a unit's busy share of it is the busiest SM's. */
bool gr_time_limit_is_sm_side(gr_time_limit l);

/* The share of its peak limit l's bound counts as its whole capacity:
 * its time is its bound over this. */
double gr_ncu_limit_capacity(const gr_ncu_limits *lim, gr_time_limit l);

/* Two limits in sequence (ncu_sequence.c): a launch overhead that is
 * the limiter, and the SMs' work after it; idle SMs and a limit that
 * binds while the SMs work, the shape named. */
void gr_ncu_limits_in_sequence(gr_ncu_limits *lim);

/* Whether a launch on Hopper did its Tensor Core math with mma.sync (no
 * warp ever waited on a warpgroup MMA), at 2/3 of wgmma's rate. */
bool gr_ncu_mma_sync_on_hopper(const gr_ncu_figures *f);

/* The next limit once the limiter is lifted, the headroom and the
 * speedups (ncu_lift.c). */
void gr_ncu_lift(const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *lim);

/* The library kernel's part (ncu_call.c): which library the kernel is
 * from, what to change in the call, an older architecture's kernel. */
void gr_ncu_call_advice(const char *kernel, const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *lim);

/* What to change to lift lim's limiter, in terms gpuroof can check (the
 * registers that reach N warps, the grid, the padding), into
 * lim->suggestion (ncu_suggest.c). */
void gr_ncu_suggest(const gr_ncu_figures *f, const gr_ncu_prediction *pred, const gr_limit_inputs *in,
                    gr_ncu_limits *lim);

#endif
