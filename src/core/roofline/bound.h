/* The bound of some work under a device's roofs, with the figures its
 * whiteboard explanation reads (gpuroof bound's one result): each level's
 * roofline, the binding one, and where the work sits against DRAM's
 * ridge.  The text and the JSON print it; neither works out a figure. */
#ifndef GPUROOF_BOUND_H
#define GPUROOF_BOUND_H

#include <stdbool.h>
#include "gpuroof_text.h"
#include "roofline_levels.h"

typedef struct {
    gr_roofline_levels levels; /* every level's roofline, the binding one, the next roof */
    bool hierarchical;         /* an L2 or shared-memory level given: the levels' table */
    bool no_dram_bytes;        /* counts, and no DRAM bytes: no memory roof at DRAM */
    bool one_sided;            /* counts with no FLOPs or no DRAM bytes: one time is all there is */
    double ridge_per_word;     /* DRAM's ridge in FLOPs a word of the precision */
    double dram_ns_per_byte;   /* 1 / DRAM's bandwidth: GB/s is bytes a ns */
} gr_bound;

/* w's bound, a word of its precision word_bytes long; achieved_gflops, a
 * measured rate held against the bound, NaN where none is given.  False,
 * with err, where the work or the rate is refused. */
bool gr_bound_compute(const gr_level_work *w, int word_bytes, double achieved_gflops, gr_bound *out, gr_error *err);

#endif
