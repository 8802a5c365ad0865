/* What to fix first: a report's kernels (its launches, ungrouped) ranked
 * by the share of the report's time each would save at the speedup to
 * expect of its change (the call's, for a library kernel built for an
 * older architecture, where that is larger): time share x (1 - 1 /
 * speedup).  Nsight Compute's rules rank each launch's speedups alone;
 * a ranked list over the report says where the time goes. */
#ifndef GPUROOF_NCU_FIX_FIRST_H
#define GPUROOF_NCU_FIX_FIRST_H

#include <stdbool.h>
#include <stddef.h>
#include "ncu_limits.h"

#define GR_NCU_FIX_FIRST_MOST 5

typedef struct {
    size_t index;          /* a kernel's index in groups, or a launch's in the report */
    double time_share;     /* of the report's time */
    double speedup;        /* the speedup to expect of its change */
    bool by_call;          /* that is the call's (a library kernel's change), not the limiter's lift */
    double saving_share;   /* of the report's time: time_share x (1 - 1 / speedup) */
    int compute_precision; /* the slowest precision's roof, where compute binds; -1 otherwise */
} gr_ncu_fix;

/* The most GR_NCU_FIX_FIRST_MOST of count limits (one a kernel or a
 * launch, each taking times[i] of total_ns) into out, the largest saving
 * first; how many (those that would save anything). */
size_t gr_ncu_fix_first(const gr_ncu_limits *limits, const double *times, size_t count, double total_ns,
                        gr_ncu_fix out[GR_NCU_FIX_FIRST_MOST]);

#endif
