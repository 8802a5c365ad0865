/* What of a kernel's counted FLOPs is work, and which roof that work is
 * held against: the rules a chart of a Nsight Compute report draws by
 * (plot --ncu, plot --csv, the SVG of the HTML report), so that a kernel
 * is placed by the core's one roofline engine (gr_ncu_bind) and never by
 * the chart's own arithmetic. */
#ifndef GPUROOF_NCU_WORK_H
#define GPUROOF_NCU_WORK_H

#include <stdbool.h>
#include "ncu_figures.h"
#include "ncu_roofs.h"


/* FLOPs whose least time at their peaks is under this share of the bytes'
 * least time at the level that binds: their intensity is then under a
 * thousandth of the ridge, a point three decades left of every roof's
 * knee, and they change the kernel's time by less than the run-to-run
 * spread of its duration.  An element-wise add (1 FLOP in 12 B, 1/240 of
 * the H100's DRAM ridge) stays a compute point; a copy with a few stray
 * FLOPs does not. */
#define GR_NCU_NEGLIGIBLE_FLOPS_SHARE 0.001

typedef enum {
    GR_NCU_WORK_FLOPS,      /* FLOPs that matter: a point on the roofline */
    GR_NCU_WORK_NO_FLOPS,   /* none counted (or unknown): a memory kernel */
    GR_NCU_WORK_MOVES,      /* its only FLOPs are FP16 register moves (gr_ncu_fp16_moves) */
    GR_NCU_WORK_NEGLIGIBLE, /* FLOPs negligible beside its bytes (GR_NCU_NEGLIGIBLE_FLOPS_SHARE) */
} gr_ncu_work_kind;

typedef struct {
    gr_ncu_work_kind kind;
    bool fp16_moves;           /* FP16 register moves were taken out of its figures (gr_ncu_fp16_moves) */
    gr_ncu_figures figures;    /* the kernel's, less the moves */
    gr_ncu_binding binding;    /* of those figures (gr_ncu_bind) */
    /* the precision that does most of its work: the one whose FLOPs take
     * longest at its peak, so the roof it works against; -1 where none */
    int precision;
} gr_ncu_work;

/* The work of figures f against roofs. */
void gr_ncu_work_of(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_work *out);

/* "memory kernel" words for a kind other than GR_NCU_WORK_FLOPS: "without
 * FLOPs", "with FP16 register moves for FLOPs", "with negligible FLOPs". */
const char *gr_ncu_work_kind_words(gr_ncu_work_kind kind);

#endif
