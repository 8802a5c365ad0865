/* What of a kernel's FLOPs is work (ncu_work.c): FP16 register moves,
 * negligible FLOPs, the precision doing the work; each case by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "ncu_work.h"

/* A launch of figures: every quantity unknown but those set, then derived. */
static gr_ncu_figures figures(void)
{
    gr_ncu_figures f;
    memset(&f, 0, sizeof f);
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        f.q[q] = NAN;
    for (int i = 0; i < 3; i++)
        f.grid[i] = f.block[i] = -1;
    f.chip = GR_NCU_GH100;
    for (int q = GR_NCU_Q_DADD; q <= GR_NCU_Q_TENSOR_FP8; q++)
        f.q[q] = 0;
    f.q[GR_NCU_Q_TIME_NS] = 1000;
    f.q[GR_NCU_Q_DRAM_READ] = 1e6; /* 1 MB read in 1 us */
    f.q[GR_NCU_Q_DRAM_WRITE] = 0;
    return f;
}

static gr_roofs roofs(void)
{
    gr_roofs r;
    gr_roofs_fill(NULL, NULL, NULL, &r);
    r.bandwidth_gbs[GR_NCU_DRAM] = (gr_roof){1000, GR_ROOF_PROFILE}; /* 1 MB: 1000 ns */
    r.peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)] = (gr_roof){50000, GR_ROOF_PROFILE};
    r.peak_gflops[gr_ncu_peak_index(GR_NCU_FP16)] = (gr_roof){100000, GR_ROOF_PROFILE};
    r.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_BF16)] = (gr_roof){1000000, GR_ROOF_PROFILE};
    return r;
}

static void fp16_moves_rule(void **state)
{
    (void)state;
    gr_ncu_figures f = figures();
    f.q[GR_NCU_Q_WARP_INST] = 1000;
    f.q[GR_NCU_Q_HFMA] = 999; /* under one HFMA2 in 32 thread instructions */
    gr_ncu_figures_derive(&f);
    assert_true(gr_ncu_fp16_moves(&f));
    f.q[GR_NCU_Q_HFMA] = 1000; /* one in 32: arithmetic, not moves */
    assert_false(gr_ncu_fp16_moves(&f));
    f.q[GR_NCU_Q_HFMA] = 10;
    f.q[GR_NCU_Q_HADD] = 1; /* an HADD2 is no move: FP16 arithmetic */
    assert_false(gr_ncu_fp16_moves(&f));
    f.q[GR_NCU_Q_HADD] = 0;
    f.q[GR_NCU_Q_WARP_INST] = NAN; /* the report cannot tell */
    assert_false(gr_ncu_fp16_moves(&f));
    f.q[GR_NCU_Q_WARP_INST] = 1000;
    f.q[GR_NCU_Q_HFMA] = 0; /* no FP16 at all */
    assert_false(gr_ncu_fp16_moves(&f));
}

static void moves_only_is_a_memory_kernel(void **state)
{
    (void)state;
    gr_ncu_figures f = figures();
    gr_roofs r = roofs();
    gr_ncu_work w;
    f.q[GR_NCU_Q_WARP_INST] = 1000;
    f.q[GR_NCU_Q_HFMA] = 100; /* 400 FP16 "FLOPs" */
    gr_ncu_figures_derive(&f);
    assert_true(f.flops_total == 400);
    assert_true(gr_ncu_figures_take_moves(&f)); /* as a launch's figures take them */
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_MOVES);
    assert_true(w.fp16_moves);
    assert_true(w.figures.flops_total == 0);
    assert_int_equal(w.precision, -1);
    f.q[GR_NCU_Q_FFMA] = 1e6; /* 2 MFLOP of FP32 beside: drawn, less the moves */
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_FLOPS);
    assert_true(w.figures.flops_total == 2e6);
    assert_int_equal(w.precision, GR_NCU_FP32);
}

static void negligible_flops(void **state)
{
    (void)state;
    gr_ncu_figures f = figures();
    gr_roofs r = roofs();
    gr_ncu_work w;
    /* the bytes take 1000 ns; 0.1% of that at 50000 GFLOP/s is 50000 FLOPs */
    f.q[GR_NCU_Q_FADD] = 49999;
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_NEGLIGIBLE);
    f.q[GR_NCU_Q_FADD] = 50001;
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_FLOPS);
    f.q[GR_NCU_Q_FADD] = 0; /* none: a copy */
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_NO_FLOPS);
}

static void tensor_work_is_held_to_its_roof(void **state)
{
    (void)state;
    gr_ncu_figures f = figures();
    gr_roofs r = roofs();
    gr_ncu_work w;
    f.q[GR_NCU_Q_TENSOR_BF16] = 5e8; /* 500 us at the BF16 tensor roof... */
    f.q[GR_NCU_Q_FADD] = 1e6;        /* ...beside 20 us of FP32 */
    gr_ncu_figures_derive(&f);
    gr_ncu_work_of(&f, &r, &w);
    assert_int_equal(w.kind, GR_NCU_WORK_FLOPS);
    assert_int_equal(w.precision, GR_NCU_TENSOR_BF16);
    /* the mix's roof: 501e6 FLOPs in 500 + 20 ns */
    assert_true(fabs(w.binding.compute_gflops - 501e6 / 520) < 1e-6 * w.binding.compute_gflops);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fp16_moves_rule),
        cmocka_unit_test(moves_only_is_a_memory_kernel),
        cmocka_unit_test(negligible_flops),
        cmocka_unit_test(tensor_work_is_held_to_its_roof),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
