/* A kernel's limits from its launches' (--group): each limit's time and
 * bound, the overhead, the explained time summed over its launches, each
 * worked out on its own (a kernel whose grids vary gets each launch's
 * waves); its limiter the limit that explains the most of its time; its
 * speedups the time it took over the times expected of its launches (and
 * at most); the next limit, headroom and suggestion those of its longest
 * launch with the kernel's limiter. */
#ifndef GPUROOF_NCU_LIMITS_SUM_H
#define GPUROOF_NCU_LIMITS_SUM_H

#include <stdbool.h>
#include <stddef.h>
#include "ncu_limits.h"

/* sums[g] for each of the groups from each[i], launch i of group
 * group_of[i]; false where memory runs out. */
bool gr_ncu_limits_sum(const gr_ncu_limits *each, const size_t *group_of, size_t launches, gr_ncu_limits *sums,
                       size_t groups);

#endif
