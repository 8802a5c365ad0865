/* --target-blocks' whole answer: the most dynamic shared memory a block
 * may ask for and still keep N blocks resident, the arithmetic behind it,
 * and the answer tried (with it, a byte more, and the runtime's figure
 * where the reserved bytes make it differ), so that every printer shows
 * the same checked figures. */
#ifndef GPUROOF_OCCUPANCY_TARGET_H
#define GPUROOF_OCCUPANCY_TARGET_H

#include <stdbool.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "occupancy.h"
#include "occupancy_tools.h"

/* One dynamic shared-memory size tried: the blocks resident with it, or
 * why it does not launch. */
typedef struct {
    int64_t dynamic_bytes;
    bool launches;
    int blocks_per_sm;
    gr_error why;
} gr_target_check;

typedef struct {
    int blocks;                 /* the target: blocks resident per SM */
    gr_smem_target smem;        /* the answer */
    int64_t share_bytes;        /* the SM's capacity / blocks */
    int64_t left_bytes;         /* a block's share less the reserved and the static bytes */
    gr_target_check checks[3];  /* the answer, a byte more, the runtime's answer */
    int check_count;
} gr_occupancy_target;

/* The answer for target blocks a SM of base's launch; false, with err,
 * where the other resources already keep fewer blocks. */
bool gr_occupancy_target_compute(const gr_sm_limits *lim, const gr_launch *base, int blocks,
                                 gr_occupancy_target *out, gr_error *err);

#endif
