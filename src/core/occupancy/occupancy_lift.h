/* What lifts an occupancy its resources hold down: for the limit that
 * holds it (registers, shared memory, the blocks an SM takes), the most
 * of that resource a block may use, or the least threads a block must
 * have, for one more block (or a given number of warps) to be resident,
 * the rest of the launch as it is.  Figures, for a printer to word
 * ("at most 128 registers a thread: 2 blocks, 25%"). */
#ifndef GPUROOF_OCCUPANCY_LIFT_H
#define GPUROOF_OCCUPANCY_LIFT_H

#include <stdbool.h>
#include <stdint.h>
#include "occupancy.h"

typedef struct {
    bool possible;        /* some value of the resource gives more blocks */
    gr_limit limit;       /* the resource changed */
    int64_t value;        /* registers a thread, shared memory bytes a block, or threads a block */
    gr_occupancy lifted;  /* the occupancy with it */
} gr_occupancy_lift;

/* The most registers a thread with which an SM holds at least warps
 * warps of launch; -1 where none does.  Fewer registers never hold fewer
 * warps, so a binary search. */
int gr_registers_for_warps(const gr_sm_limits *lim, const gr_launch *launch, int warps);

/* The change of o's limiting resource that lets one more block be
 * resident (o of launch under lim). */
void gr_occupancy_lift_of(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                          gr_occupancy_lift *out);

#endif
