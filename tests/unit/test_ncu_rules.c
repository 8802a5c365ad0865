/* Unit tests of what stands beside the limits' arithmetic:
 * Nsight Compute's rules held against the limiter (src/core/ncu/ncu_rules.c),
 * a library kernel known by its name (src/core/ncu/kernel_library.c) and
 * "what to fix first" (src/core/ncu/ncu_fix_first.c).  The limits are made up
 * here; the names are those of kernels recorded on the H100 and H200
 * (tests/data/ncu). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernel_library.h"
#include "ncu_fix_first.h"
#include "ncu_rules.h"

/* A launch of duration_ns whose limiter is limiter, accounting for
 * explained_ns, and whose other limits account for nothing. */
static gr_ncu_limits limited(double duration_ns, gr_time_limit limiter, double explained_ns)
{
    gr_ncu_limits lim = {.known = true, .duration_ns = duration_ns, .limiter = limiter,
                         .explained_ns = explained_ns, .explained = explained_ns >= duration_ns / 2,
                         .expected = NAN, .call_expected = NAN};
    for (int l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        lim.time_ns[l] = 0;
    lim.time_ns[limiter] = explained_ns;
    return lim;
}

static gr_ncu_rule rule(const char *name, double speedup_pct, char *text)
{
    gr_ncu_rule r = {.kind = gr_rule_kind_of(name), .speedup_pct = speedup_pct, .text = text};
    snprintf(r.name, sizeof r.name, "%s", name);
    return r;
}

static void rule_kinds_by_name(void **state)
{
    (void)state;
    assert_int_equal(gr_rule_kind_of("LaunchConfiguration"), GR_RULE_LAUNCH_CONFIGURATION);
    assert_int_equal(gr_rule_kind_of("AchievedOccupancy"), GR_RULE_OCCUPANCY);
    assert_int_equal(gr_rule_kind_of("TheoreticalOccupancy"), GR_RULE_OCCUPANCY);
    assert_int_equal(gr_rule_kind_of("SOLBottleneck"), GR_RULE_SOL);
    assert_int_equal(gr_rule_kind_of("MemoryL2Compression"), GR_RULE_OTHER);
}

/* The strongest compared rule of 50% or more is held against the
 * limiter; weaker ones and the other rules are not compared. */
static void strongest_rule_compared(void **state)
{
    (void)state;
    char small[] = "The grid for this launch is configured to execute only 1 block";
    gr_ncu_rule rules[] = {rule("MemoryL2Compression", 99, NULL), rule("AchievedOccupancy", 49.9, NULL),
                           rule("LaunchConfiguration", 99.24, small)};
    gr_ncu_limits lim = limited(1632, GR_TIME_LIMIT_LAUNCH, 1479);
    gr_rules_comparison c;
    gr_rules_compare(rules, 3, &lim, &c);
    assert_int_equal(c.verdict, GR_RULES_SAME);
    assert_ptr_equal(c.rule, &rules[2]);
    gr_rules_compare(rules, 2, &lim, &c); /* none of 50% or more left */
    assert_int_equal(c.verdict, GR_RULES_NONE);
    assert_null(c.rule);
}

/* Where gpuroof names another kind of limit, it says why in its own
 * figures: its limiter's share against the rule's kind's. */
static void different_limit_says_why(void **state)
{
    (void)state;
    char memory[] = "Memory is more heavily utilized than Compute: look at the memory workload";
    gr_ncu_rule rules[] = {rule("SOLBottleneck", 80, memory)};
    gr_ncu_limits lim = limited(1000, GR_TIME_LIMIT_COMPUTE, 900);
    lim.time_ns[GR_TIME_LIMIT_L2] = 400;
    gr_rules_comparison c;
    char why[200];
    gr_rules_compare(rules, 1, &lim, &c);
    assert_int_equal(c.verdict, GR_RULES_DIFFERENT);
    assert_string_equal(gr_rules_why_not(&c, &lim, why, sizeof why),
                        "compute 90.0% of its time, L2 40.0%");
    lim.time_ns[GR_TIME_LIMIT_L2] = 0; /* no memory level known to take any */
    gr_rules_compare(rules, 1, &lim, &c);
    assert_string_equal(gr_rules_why_not(&c, &lim, why, sizeof why),
                        "compute 90.0% of its time, no limit of the rule's kind");
    lim.limiter = GR_TIME_LIMIT_DRAM; /* a memory level: the same kind */
    gr_rules_compare(rules, 1, &lim, &c);
    assert_int_equal(c.verdict, GR_RULES_SAME);
    assert_string_equal(gr_rules_why_not(&c, &lim, why, sizeof why), "");
}

static void sol_kinds_by_their_words(void **state)
{
    (void)state;
    char compute[] = "Compute is more heavily utilized than Memory";
    char latency[] = "This kernel exhibits low compute throughput and memory bandwidth utilization";
    char tiny[] = "The grid is too small to fill the available resources";
    gr_ncu_rule c = rule("SOLBottleneck", 60, compute), l = rule("SOLBottleneck", 60, latency),
                t = rule("SOLBottleneck", 60, tiny), none = rule("SOLBottleneck", 60, NULL);
    assert_true(gr_rule_names_limit(&c, GR_TIME_LIMIT_ISSUE));
    assert_false(gr_rule_names_limit(&c, GR_TIME_LIMIT_DRAM));
    assert_true(gr_rule_names_limit(&l, GR_TIME_LIMIT_LATENCY));
    assert_false(gr_rule_names_limit(&l, GR_TIME_LIMIT_COMPUTE));
    assert_true(gr_rule_names_limit(&t, GR_TIME_LIMIT_SMALL_GRID));
    assert_false(gr_rule_names_limit(&none, GR_TIME_LIMIT_LATENCY));
}

static void libraries_by_name(void **state)
{
    (void)state;
    gr_library_info i;
    gr_library_of("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", &i);
    assert_int_equal(i.library, GR_LIBRARY_CUBLAS);
    assert_int_equal(i.kind, GR_LIBKERNEL_GEMM);
    gr_library_of("void cutlass::Kernel2<cutlass_75_tensorop_bf16_s1688gemm_bf16_128x128_tn_align1>(T1::Params)", &i);
    assert_int_equal(i.library, GR_LIBRARY_CUBLAS);
    assert_int_equal(i.built_for_sm, 75);
    assert_int_equal(i.align_elements, 1);
    assert_true(gr_library_older_than(&i, 9, 0));
    assert_false(gr_library_older_than(&i, 7, 5));
    gr_library_of("sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x128x64", &i);
    assert_int_equal(i.library, GR_LIBRARY_CUDNN);
    assert_int_equal(i.kind, GR_LIBKERNEL_CONV);
    assert_false(gr_library_older_than(&i, 9, 0));
    gr_library_of("void native::vectorized_elementwise_kernel<4, native::CUDAFunctor_add<float>>(int, T2, T3)", &i);
    assert_int_equal(i.library, GR_LIBRARY_ATEN);
    assert_int_equal(i.kind, GR_LIBKERNEL_ELEMENTWISE);
    gr_library_of("triton_red_fused__to_copy_add_native_layer_norm_0", &i);
    assert_int_equal(i.library, GR_LIBRARY_TRITON);
    assert_int_equal(i.kind, GR_LIBKERNEL_REDUCE);
    gr_library_of("matmul_tiled(const float *, const float *, float *, int)", &i);
    assert_int_equal(i.library, GR_LIBRARY_NONE);
    assert_null(gr_library_key(i.library));
    assert_string_equal(gr_library_key(GR_LIBRARY_CUBLAS), "cublas");
}

/* Ranked by the share of the report's time each would save: time share
 * x (1 - 1 / speedup); the call's speedup where it is larger; nothing to
 * save, unknown and unexplained launches left out. */
static void fix_first_ranks_the_savings(void **state)
{
    (void)state;
    gr_ncu_limits lim[5] = {limited(400, GR_TIME_LIMIT_DRAM, 380), limited(300, GR_TIME_LIMIT_COMPUTE, 290),
                            limited(200, GR_TIME_LIMIT_L1, 190), limited(50, GR_TIME_LIMIT_LATENCY, 10),
                            limited(50, GR_TIME_LIMIT_LAUNCH, 45)};
    lim[0].expected = 1.25; /* saves 0.4 x 0.2 = 0.08 */
    lim[1].expected = 2;    /* 0.3 x 0.5 = 0.15 */
    lim[2].expected = 1.1, lim[2].call_expected = 5; /* by the call: 0.2 x 0.8 = 0.16 */
    lim[4].expected = 1;    /* nothing to save */
    double times[5] = {400, 300, 200, 50, 50};
    gr_ncu_fix fix[GR_NCU_FIX_FIRST_MOST];
    size_t n = gr_ncu_fix_first(lim, times, 5, 1000, fix);
    assert_int_equal(n, 3);
    assert_int_equal(fix[0].index, 2);
    assert_true(fix[0].by_call);
    assert_true(fabs(fix[0].saving_share - 0.16) < 1e-12);
    assert_int_equal(fix[1].index, 1);
    assert_false(fix[1].by_call);
    assert_true(fabs(fix[1].saving_share - 0.15) < 1e-12);
    assert_int_equal(fix[2].index, 0);
    assert_true(fabs(fix[2].saving_share - 0.08) < 1e-12);
    assert_int_equal(gr_ncu_fix_first(lim, times, 5, NAN, fix), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_kinds_by_name),
        cmocka_unit_test(strongest_rule_compared),
        cmocka_unit_test(different_limit_says_why),
        cmocka_unit_test(sol_kinds_by_their_words),
        cmocka_unit_test(libraries_by_name),
        cmocka_unit_test(fix_first_ranks_the_savings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
