/* Why a launch sits below its roofs: the limits that are not roofs beside
 * those that are, each as a time the launch cannot beat, and the limiter,
 * the longest of them, with the speedup if it were lifted and what to
 * change.  Each limit's arithmetic, with its sources: doc/ncu-input.md,
 * "The limits".
 *
 *   dram, l2      the roofs: bytes / bandwidth (ncu_roofs.h)
 *   shared        the L1/shared-memory roof with the ideal wavefronts
 *   bank_conflicts the same with every wavefront, where there are conflicts
 *   compute       the FLOPs at their peaks (or, where the FP instructions
 *                 fill most issue slots, those slots: the same pipe)
 *   issue         warp instructions / (SMs x 4 schedulers x clock)
 *   latency       Little's law: the bytes read past the L1 over the
 *                 bandwidth the resident warps' loads in flight sustain
 *   waves         the SM-side limits stretched by the last wave's idle share
 *   small_grid    the SM-side limits stretched by SMs / blocks
 *   launch        a launch's floor: an empty kernel's duration
 *
 * The SM-side limits (compute, shared, issue) run at the clock the launch
 * ran at (its SM cycles over its duration), not the profile's. */
#ifndef GPUROOF_NCU_LIMITS_H
#define GPUROOF_NCU_LIMITS_H

#include <stdbool.h>
#include "ncu_figures.h"
#include "ncu_occupancy.h"
#include "ncu_roofs.h"
#include "profile.h"

typedef enum {
    GR_TIME_LIMIT_DRAM,
    GR_TIME_LIMIT_L2,
    GR_TIME_LIMIT_SHARED,
    GR_TIME_LIMIT_COMPUTE,
    GR_TIME_LIMIT_ISSUE,
    GR_TIME_LIMIT_LATENCY,
    GR_TIME_LIMIT_BANK_CONFLICTS,
    GR_TIME_LIMIT_WAVES,
    GR_TIME_LIMIT_SMALL_GRID,
    GR_TIME_LIMIT_LAUNCH,
    GR_TIME_LIMIT_COUNT
} gr_time_limit;

/* "dram", "l2", "shared", "compute", "issue", "latency", "bank_conflicts",
 * "waves", "small_grid", "launch": JSON's keys, a published interface. */
const char *gr_time_limit_key(gr_time_limit l);
/* For people: "DRAM", "L2", "shared memory", ..., "bank conflicts". */
const char *gr_time_limit_name(gr_time_limit l);

/* What the device and a results file say beyond the roofs. */
typedef struct {
    int sm_count;              /* 0: unknown */
    int max_warps_sm;          /* 0: unknown */
    double roofs_clock_mhz;    /* the SM clock the SM-side roofs assume; NaN: take them as they are */
    double dram_latency_ns;    /* a load's latency from DRAM, and from the L2; NaN: unknown */
    double l2_latency_ns;
    double launch_floor_ns;    /* an empty kernel's duration; NaN: unknown */
    const char *latency_from;  /* where the latencies came from, for the text: "the profile" */
    /* each precision's FLOPs the whole GPU does a clock (SMs x an SM's
     * rate): the compute limit is the hardware's at the launch's own
     * clock, which no kernel beats (a measured ceiling can be: PyTorch's
     * GEMMs beat the measured tensor ones); 0: unknown, the roof's time
     * scaled by roofs_clock_mhz instead */
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
    double loads_in_flight;  /* a warp's: 1, or the fewest the achieved bandwidth needs */
    double dram_share;       /* of the bytes the L2 read for the L1, the share DRAM gave */
    double latency_ns;       /* the L2's and DRAM's, weighted by dram_share */
    double bytes;            /* read past the L1 (the L2's sectors read for it) */
    double bandwidth_gbs;    /* what Little's law allows */
    double achieved_gbs;     /* bytes / duration */
} gr_latency_figures;

typedef struct {
    double waves;        /* blocks / (resident blocks an SM x SMs) */
    double stretch;      /* ceil(waves) / waves for waves >= 1, else 1 */
    double grid_stretch; /* SMs / blocks for a grid of fewer blocks than SMs, else 1 */
    double blocks;
    double sm_side_ns;   /* the longest SM-side limit both stretch */
} gr_wave_figures;

typedef struct {
    bool known;                             /* some limit is known */
    char why_unknown[160];
    double time_ns[GR_TIME_LIMIT_COUNT];    /* NaN: unknown; 0: does not apply */
    char why[GR_TIME_LIMIT_COUNT][160];     /* why a limit is unknown, "" */
    double duration_ns;
    /* the L2's time for the sectors the L1s asked for alone: what is left
     * of the L2's traffic with DRAM lifted (lts__t_bytes also counts the
     * fills from DRAM and, on Hopper, the crossing between its two
     * partitions: 1.5 times the bytes asked for in a DRAM stream) */
    double l2_asked_ns;
    double clock_mhz;                       /* the launch's SM clock */
    double clock_scale;                     /* the roofs' clock / the launch's: SM-side times x this */
    /* the SM side's roofs at the launch's clock: the FLOPs over the compute
     * limit's time, and shared memory's bandwidth */
    double compute_gflops_at_clock, shared_gbs_at_clock;
    gr_issue_figures issue;
    gr_latency_figures latency;
    gr_wave_figures waves;
    bool compute_in_issue_slots;            /* compute's time is its instructions' issue slots */
    gr_time_limit limiter, next;            /* where known */
    double next_ns;                         /* the next limit, with the limiter's work lifted */
    double speedup;                         /* limiter / next; NaN where no next is known */
    char suggestion[400];
    int top_stall;                          /* a GR_NCU_STALLS reason's index, or -1 */
    double top_stall_share;                 /* of every stalled warp-cycle counted */
    double achieved_gbs[GR_NCU_LEVEL_COUNT];/* bytes / duration at each level */
    double roof_share[GR_NCU_LEVEL_COUNT];  /* achieved_gbs of the level's bandwidth */
} gr_ncu_limits;

/* The name of stall reason i of GR_NCU_STALLS ("long_scoreboard"), NULL past them. */
const char *gr_ncu_stall_name(int i);

/* pred: gpuroof's occupancy prediction of the same launch (its launch as
 * the report gives it), for the registers that reach a number of warps;
 * NULL: not worked out. */
void gr_ncu_limits_of(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_prediction *pred,
                      const gr_ncu_roofs *roofs, const gr_limit_inputs *in, gr_ncu_limits *out);

/* Whether a launch on Hopper did its Tensor Core math with mma.sync (no
 * warp ever waited on a warpgroup MMA), at 2/3 of wgmma's rate. */
bool gr_ncu_mma_sync_on_hopper(const gr_ncu_figures *f);

/* What to change to lift lim's limiter, in terms gpuroof can check (the
 * registers that reach N warps, the grid, the padding), into
 * lim->suggestion (ncu_suggest.c). */
void gr_ncu_suggest(const gr_ncu_figures *f, const gr_ncu_prediction *pred, const gr_limit_inputs *in,
                    gr_ncu_limits *lim);

#endif
