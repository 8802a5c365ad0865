/* What of a kernel's FLOPs is work, and the roof it works against (ncu_work.h). */
#include <math.h>
#include "ncu_work.h"

/* The longest of the memory levels' least times; 0 where none is known. */
static double memory_time_ns(const gr_ncu_binding *b)
{
    double longest = 0;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        if (b->level_time_ns[level] > longest)
            longest = b->level_time_ns[level];
    return longest;
}

void gr_ncu_work_of(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_work *out)
{
    out->figures = *f;
    out->fp16_moves = f->fp16_move_hfma > 0; /* taken out with the launch's figures */
    gr_ncu_bind(&out->figures, roofs, &out->binding);
    out->precision = gr_ncu_slowest_precision(&out->figures, roofs);
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
