/* Unit tests of the table's rows (src/core/ncu/ncu_table.c) on an analysis made
 * up here, each figure worked out by hand: the order (longest first,
 * unknown times last), the shares, the limiter (the limits', else the
 * binding level's), how much of it is reached, the precision of a compute
 * limit, the achieved rate (GB/s at the binding level without FLOPs), the
 * occupancy, the bank conflicts' excess; --kernel's matching, --top's
 * count of the rest, and the launches of the kept kernels. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ncu_table.h"

#define LAUNCHES 4

typedef struct {
    gr_ncu_analysis a;
    gr_ncu_launch launches[LAUNCHES];
    gr_ncu_figures figures[LAUNCHES];
    gr_ncu_binding bindings[LAUNCHES];
    gr_ncu_prediction predictions[LAUNCHES];
    gr_ncu_limits limits[LAUNCHES];
} made_up;

static gr_ncu_figures figures_of(double time_ns)
{
    gr_ncu_figures f = {0};
    f.q[GR_NCU_Q_TIME_NS] = time_ns;
    return f;
}

/*   launch 0  void saxpy<float>(int, float*)  100 ns, DRAM limits at 80 ns;
 *             2e4 FLOP fp32 (200 GFLOP/s); no shared memory
 *   launch 1  gemm_bf16                       400 ns, compute limits at 300 ns
 *             (limits), tensor_bf16's 4e8 FLOP at 1e6 GFLOP/s = 400 us beside
 *             fp32's 1e3 FLOP; 1000 wavefronts, ideal 800: excess 25%
 *   launch 2  copy_kernel                     unknown time; no FLOPs, limits
 *             unknown, the roofs bind at the L2 (its GB/s 500, 40% of it)
 *   launch 3  void saxpy<float>(int, float*)  200 ns, nothing known */
static void make(made_up *m)
{
    memset(m, 0, sizeof *m);
    const char *names[LAUNCHES] = {"void saxpy<float>(int, float *)", "gemm_bf16", "copy_kernel",
                                   "void saxpy<float>(int, float *)"};
    double times[LAUNCHES] = {100, 400, NAN, 200};
    for (int i = 0; i < LAUNCHES; i++) {
        m->launches[i] = (gr_ncu_launch){.id = 10 + i, .kernel = (char *)names[i]};
        m->figures[i] = figures_of(times[i]);
        m->limits[i].roof_share[GR_LEVEL_L2] = NAN;
    }
    m->a.report.launches = m->launches;
    m->a.report.count = LAUNCHES;
    m->a.figures = m->figures, m->a.bindings = m->bindings, m->a.predictions = m->predictions;
    m->a.limits = m->limits;
    m->a.time_ns_total = NAN;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        m->a.roofs.peak_gflops[gr_ncu_peak_index(p)].value = 1e4;
    m->a.roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_BF16)].value = 1e6;
}

static void make_figures(made_up *m)
{
    gr_ncu_figures *f = m->figures;
    f[0].flops[GR_NCU_FP32] = f[0].flops_total = 2e4, f[0].gflops = 200;
    m->limits[0] = (gr_ncu_limits){.known = true, .explained = true, .limiter = GR_TIME_LIMIT_DRAM,
                                   .duration_ns = 100, .explained_ns = 90};
    m->limits[0].bound_ns[GR_TIME_LIMIT_DRAM] = 80;
    f[0].occupancy_theoretical = 1, f[0].occupancy_achieved = 0.5;
    m->predictions[0] = (gr_ncu_prediction){.known = true, .compared = true, .agrees = true};
    m->predictions[0].occ.occupancy = 1;

    f[1].flops[GR_NCU_FP32] = 1e3, f[1].flops[GR_NCU_TENSOR_BF16] = 4e8, f[1].flops_total = 4e8 + 1e3;
    f[1].gflops = f[1].flops_total / 400;
    m->limits[1] = (gr_ncu_limits){.known = true, .limiter = GR_TIME_LIMIT_COMPUTE, .duration_ns = 400,
                                   .explained_ns = 150};
    m->limits[1].bound_ns[GR_TIME_LIMIT_COMPUTE] = 300;
    f[1].shared_load = 600, f[1].shared_store = 400, f[1].shared_ideal = 800, f[1].shared_conflicts = 200;
    f[1].occupancy_theoretical = 0.25, f[1].occupancy_achieved = 0.2;
    m->predictions[1] = (gr_ncu_prediction){.known = true, .compared = true, .agrees = false};
    m->predictions[1].occ.occupancy = 0.5;

    m->bindings[2] = (gr_ncu_binding){.known = true, .achieved_fraction = NAN};
    m->bindings[2].binding = (gr_level_binding){.primary = GR_LEVEL_L2, .count = 1, .levels = {GR_LEVEL_L2}};
    m->limits[2].achieved_gbs[GR_LEVEL_L2] = 500, m->limits[2].roof_share[GR_LEVEL_L2] = 0.4;
    f[2].occupancy_theoretical = f[2].occupancy_achieved = NAN;
    f[2].shared_load = f[2].shared_store = f[2].shared_ideal = f[2].shared_conflicts = NAN;

    f[3].flops_total = NAN, f[3].gflops = NAN;
    f[3].occupancy_theoretical = f[3].occupancy_achieved = NAN;
}

static gr_ncu_table built(made_up *m)
{
    gr_ncu_table t;
    gr_error err;
    make(m);
    make_figures(m);
    if (!gr_ncu_table_build(&m->a, &t, &err))
        fail_msg("%s", err.text);
    return t;
}

static void longest_first_unknown_last(void **state)
{
    (void)state;
    made_up m;
    gr_ncu_table t = built(&m);
    assert_int_equal(t.count, 4);
    assert_int_equal(t.all, 4);
    size_t order[4] = {1, 3, 0, 2};
    for (int r = 0; r < 4; r++) {
        assert_int_equal(t.rows[r].index, order[r]);
        assert_int_equal(t.rows[r].id, 10 + (long long)order[r]);
        assert_int_equal(t.rows[r].launches, 1);
    }
    assert_false(t.grouped);
    /* one time unknown: no share is known */
    assert_true(isnan(t.rows[0].time_share));
    gr_ncu_table_free(&t);
}

static void shares_of_the_total(void **state)
{
    (void)state;
    made_up m;
    make(&m);
    make_figures(&m);
    m.figures[2].q[GR_NCU_Q_TIME_NS] = 300, m.a.time_ns_total = 1000;
    gr_ncu_table t;
    gr_error err;
    assert_true(gr_ncu_table_build(&m.a, &t, &err));
    double want[4] = {0.4, 0.3, 0.2, 0.1}, sum = 0;
    for (int r = 0; r < 4; r++) {
        assert_float_equal(t.rows[r].time_share, want[r], 1e-12);
        sum += t.rows[r].time_share;
    }
    assert_float_equal(sum, 1, 1e-12);
    gr_ncu_table_free(&t);
}

static void limiter_reached_achieved(void **state)
{
    (void)state;
    made_up m;
    gr_ncu_table t = built(&m);
    const gr_ncu_table_row *gemm = &t.rows[0], *saxpy = &t.rows[2], *copy = &t.rows[3], *blank = &t.rows[1];
    /* the limits' limiter, its bound over the duration and what it explains */
    assert_int_equal(saxpy->bound_from, GR_NCU_BOUND_LIMITS);
    assert_int_equal(saxpy->limiter, GR_TIME_LIMIT_DRAM);
    assert_float_equal(saxpy->limit_share, 0.8, 1e-12);
    assert_float_equal(saxpy->explained_share, 0.9, 1e-12);
    assert_false(saxpy->unexplained);
    assert_int_equal(saxpy->compute_precision, -1);
    assert_false(saxpy->achieved_gbs);
    assert_float_equal(saxpy->achieved, 200, 1e-12);
    /* compute: by the precision whose FLOPs take longest at their peak
     * (bf16's 400 ns beside fp32's 0.1 ns) */
    assert_int_equal(gemm->limiter, GR_TIME_LIMIT_COMPUTE);
    assert_int_equal(gemm->compute_precision, GR_NCU_TENSOR_BF16);
    assert_float_equal(gemm->limit_share, 0.75, 1e-12);
    /* its limiter explains under half: unexplained */
    assert_true(gemm->unexplained);
    assert_float_equal(gemm->explained_share, 0.375, 1e-12);
    /* limits unknown: the roofs' binding level; no FLOPs: GB/s there */
    assert_int_equal(copy->bound_from, GR_NCU_BOUND_ROOFS);
    assert_int_equal(copy->limiter, GR_TIME_LIMIT_L2);
    assert_float_equal(copy->limit_share, 0.4, 1e-12);
    assert_true(copy->achieved_gbs);
    assert_int_equal(copy->achieved_level, GR_LEVEL_L2);
    assert_float_equal(copy->achieved, 500, 1e-12);
    /* nothing known */
    assert_int_equal(blank->bound_from, GR_NCU_BOUND_UNKNOWN);
    assert_true(isnan(blank->limit_share));
    assert_true(isnan(blank->achieved));
    gr_ncu_table_free(&t);
}

static void occupancy_and_banks(void **state)
{
    (void)state;
    made_up m;
    gr_ncu_table t = built(&m);
    const gr_ncu_table_row *gemm = &t.rows[0], *saxpy = &t.rows[2], *copy = &t.rows[3];
    assert_float_equal(saxpy->occupancy_theoretical, 1, 0);
    assert_float_equal(saxpy->occupancy_achieved, 0.5, 0);
    assert_false(saxpy->occupancy_differs);
    assert_true(saxpy->no_shared);
    assert_float_equal(saxpy->bank_excess, 0, 0);
    assert_true(gemm->occupancy_differs);
    assert_float_equal(gemm->occupancy_predicted, 0.5, 0);
    assert_false(gemm->no_shared);
    assert_float_equal(gemm->bank_excess, 0.25, 1e-12); /* 200 beyond the ideal 800 */
    assert_true(isnan(copy->occupancy_theoretical));
    assert_true(isnan(copy->occupancy_predicted));
    assert_true(isnan(copy->bank_excess));
    gr_ncu_table_free(&t);
}

static void kernel_pattern(void **state)
{
    (void)state;
    made_up m;
    gr_error err;
    gr_ncu_table t = built(&m);
    /* the whole name in Nsight Compute's spelling: saxpy's two launches */
    assert_true(gr_ncu_table_match(&t, "r.csv", "saxpy<float>(int, float*)", false, &err));
    assert_int_equal(t.count, 2);
    assert_int_equal(t.matched, 2);
    assert_int_equal(t.rows[0].index, 3);
    assert_int_equal(t.rows[1].index, 0);
    gr_ncu_table_free(&t);
    /* a part: "_k" is in copy_kernel alone; a glob */
    t = built(&m);
    assert_true(gr_ncu_table_match(&t, "r.csv", "copy", false, &err));
    assert_int_equal(t.count, 1);
    assert_int_equal(t.rows[0].index, 2);
    gr_ncu_table_free(&t);
    t = built(&m);
    assert_true(gr_ncu_table_match(&t, "r.csv", "*_*", false, &err));
    assert_int_equal(t.count, 2);
    gr_ncu_table_free(&t);
    t = built(&m);
    assert_false(gr_ncu_table_match(&t, "r.csv", "nothing", false, &err));
    assert_string_equal(err.text, "r.csv: no kernel matches 'nothing' among its 4 launches");
    gr_ncu_table_free(&t);
}

static void top_counts_the_rest(void **state)
{
    (void)state;
    made_up m;
    make(&m);
    make_figures(&m);
    m.figures[2].q[GR_NCU_Q_TIME_NS] = 300, m.a.time_ns_total = 1000;
    gr_ncu_table t;
    gr_error err;
    assert_true(gr_ncu_table_build(&m.a, &t, &err));
    gr_ncu_table_top(&t, 10);
    assert_int_equal(t.count, 4);
    assert_int_equal(t.more, 0);
    gr_ncu_table_top(&t, 1);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.more, 3);
    assert_float_equal(t.more_time_ns, 600, 1e-9);
    assert_float_equal(t.more_time_share, 0.6, 1e-12);
    bool shown[LAUNCHES];
    assert_true(gr_ncu_table_launches(&m.a, &t, shown, &err));
    assert_true(shown[1] && !shown[0] && !shown[2] && !shown[3]);
    gr_ncu_table_free(&t);
}

/* Grouped: a row a kernel, in the groups' order; the launches of a kept
 * kernel are all marked. */
static void grouped_rows_and_their_launches(void **state)
{
    (void)state;
    made_up m;
    make(&m);
    make_figures(&m);
    gr_ncu_group groups[2] = {
        {.kernel = "void saxpy<float>(int, float *)", .launches = 2, .first = 0, .time_share = 0.6},
        {.kernel = "gemm_bf16", .launches = 1, .first = 1, .time_share = 0.4},
    };
    groups[0].figures = figures_of(300), groups[1].figures = figures_of(200);
    gr_ncu_binding gb[2] = {{0}};
    gr_ncu_prediction gp[2] = {{0}};
    gr_ncu_limits gl[2] = {{0}};
    m.a.grouped = true, m.a.group_count = 2, m.a.groups = groups;
    m.a.group_bindings = gb, m.a.group_predictions = gp, m.a.group_limits = gl;
    gr_ncu_table t;
    gr_error err;
    assert_true(gr_ncu_table_build(&m.a, &t, &err));
    assert_true(t.grouped);
    assert_int_equal(t.count, 2);
    assert_int_equal(t.rows[0].launches, 2);
    assert_int_equal(t.rows[0].id, 10);
    assert_float_equal(t.rows[0].time_share, 0.6, 0);
    gr_ncu_table_top(&t, 1);
    bool shown[LAUNCHES];
    assert_true(gr_ncu_table_launches(&m.a, &t, shown, &err));
    assert_true(shown[0] && !shown[1] && !shown[2] && shown[3]);
    gr_ncu_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(longest_first_unknown_last),
        cmocka_unit_test(shares_of_the_total),
        cmocka_unit_test(limiter_reached_achieved),
        cmocka_unit_test(occupancy_and_banks),
        cmocka_unit_test(kernel_pattern),
        cmocka_unit_test(top_counts_the_rest),
        cmocka_unit_test(grouped_rows_and_their_launches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
