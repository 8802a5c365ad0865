/* How busy a launch kept the GPU, as Nsight Compute measured it: each
 * unit's busy time (its busiest instance's share of the elapsed cycles,
 * times the duration: GR_NCU_UNITS), the busiest unit of each family, how
 * long the busiest SM and the mean SM were active, and where the warps
 * spent their cycles (the warp-state counters, grouped by what a warp
 * waited for).  The limits (ncu_limits.h) are worked out of these. */
#ifndef GPUROOF_NCU_BUSY_H
#define GPUROOF_NCU_BUSY_H

#include <stdbool.h>
#include "ncu_figures.h"

#define GR_NCU_UNIT_FAMILIES 6

/* What a warp's cycles went to: its stall reasons (GR_NCU_STALLS) and the
 * cycles it issued, by the resource it waited for (the Kernel Profiling
 * Guide, "Warp Scheduler States"). */
typedef enum {
    GR_WARPS_ISSUING, /* selected, or eligible and not selected: the issue slots */
    GR_WARPS_MEMORY,  /* long scoreboard, lg and tex throttle, drain: global and local memory */
    GR_WARPS_SHARED,  /* short scoreboard, MIO throttle: shared memory and the MIO's other work */
    GR_WARPS_PIPES,   /* math-pipe throttle, a fixed-latency dependency (wait), dispatch */
    GR_WARPS_TENSOR,  /* waiting on a warpgroup MMA (gmma) */
    GR_WARPS_SYNC,    /* barriers and memory barriers */
    GR_WARPS_FETCH,   /* no instruction, branch resolving, the constant cache */
    GR_WARPS_OTHER,   /* sleeping, misc */
    GR_WARP_STATE_COUNT
} gr_warp_state;

/* "issuing", "memory", ...: JSON's keys. */
const char *gr_warp_state_key(gr_warp_state s);

typedef struct {
    double unit_ns[GR_NCU_UNIT_COUNT];          /* NaN where the report lacks it */
    int busiest[GR_NCU_UNIT_FAMILIES];          /* a family's busiest unit, -1 where none is known */
    double family_ns[GR_NCU_UNIT_FAMILIES];     /* its busy time, NaN where none is known */
    double active_max_ns, active_mean_ns;       /* the busiest SM's and the mean SM's active time; NaN */
    bool warps_known;                           /* the report has the warp-state counters */
    double warp_share[GR_WARP_STATE_COUNT];     /* of every warp-cycle, 0..1 */
} gr_ncu_busy;

void gr_ncu_busy_of(const gr_ncu_figures *f, gr_ncu_busy *out);

#endif
