/* What of a kernel's FLOPs is work, and the roof it works against (ncu_work.h). */
#include <math.h>
#include "ncu_work.h"

/* The precision whose FLOPs take longest at its peak; -1 where none has
 * FLOPs and a peak. */
static int longest_precision(const gr_ncu_figures *f, const gr_ncu_roofs *roofs)
{
    int best = -1;
    double longest = 0;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        double peak = roofs->peak_gflops[p].value, time = f->flops[p] / peak;
        if (f->flops[p] > 0 && peak > 0 && time > longest) {
            longest = time;
            best = p;
        }
    }
    return best;
}

/* The longest of the memory levels' least times; 0 where none is known. */
static double memory_time_ns(const gr_ncu_binding *b)
{
    double longest = 0;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        if (b->level_time_ns[level] > longest)
            longest = b->level_time_ns[level];
    return longest;
}

void gr_ncu_work_of(const gr_ncu_figures *f, const gr_ncu_roofs *roofs, gr_ncu_work *out)
{
    out->figures = *f;
    /* a launch's figures have their moves out already; figures made
     * otherwise (summed by hand) have them taken out here */
    out->fp16_moves = f->fp16_move_hfma > 0;
    if (gr_ncu_fp16_moves(f)) {
        out->fp16_moves = true;
        out->figures.fp16_move_hfma += f->q[GR_NCU_Q_HFMA];
        out->figures.q[GR_NCU_Q_HFMA] = 0;
        gr_ncu_figures_derive(&out->figures);
    }
    gr_ncu_bind(&out->figures, roofs, &out->binding);
    out->precision = longest_precision(&out->figures, roofs);
    const gr_ncu_figures *w = &out->figures;
    double memory = memory_time_ns(&out->binding);
    if (!(w->flops_total > 0) || !(w->gflops > 0))
        out->kind = out->fp16_moves ? GR_NCU_WORK_MOVES : GR_NCU_WORK_NO_FLOPS;
    else if (memory > 0 && out->binding.compute_time_ns < GR_NCU_NEGLIGIBLE_FLOPS_SHARE * memory)
        out->kind = GR_NCU_WORK_NEGLIGIBLE;
    else
        out->kind = GR_NCU_WORK_FLOPS;
}

const char *gr_ncu_work_kind_words(gr_ncu_work_kind kind)
{
    return kind == GR_NCU_WORK_MOVES        ? "whose only FLOPs are FP16 register moves"
           : kind == GR_NCU_WORK_NEGLIGIBLE ? "with negligible FLOPs"
           : kind == GR_NCU_WORK_NO_FLOPS   ? "without FLOPs"
                                            : "with FLOPs";
}
