/* The roofline core against PMPP chapter 5's answers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "roofline.h"

static gr_roofline bound(double intensity, double peak, double bandwidth)
{
    gr_roofline r;
    assert_true(gr_roofline_compute(intensity, peak, bandwidth, &r, NULL));
    return r;
}

/* Exercise 9: 36 FLOP and seven 32-bit accesses per thread. */
static void exercise_9a_is_memory_bound(void **state)
{
    (void)state;
    gr_roofline r = bound(36.0 / 28, 200, 100);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    assert_float_equal(r.attainable_gflops, 128.5714285714, 1e-9);
    assert_float_equal(r.ridge, 2.0, 1e-12);
    assert_float_equal(r.fraction_of_peak, 0.6428571428571, 1e-12);
    assert_string_equal(gr_bound_name(r.bound), "memory");
}

static void exercise_9b_is_compute_bound(void **state)
{
    (void)state;
    gr_roofline r = bound(36.0 / 28, 300, 250);
    assert_int_equal(r.bound, GR_BOUND_COMPUTE);
    assert_float_equal(r.attainable_gflops, 300, 1e-12);
    assert_float_equal(r.memory_roof_gflops, 321.4285714286, 1e-9);
    assert_float_equal(r.ridge, 1.2, 1e-12);
    assert_float_equal(r.fraction_of_peak, 1.0, 1e-12);
}

/* The chapter's A100: 0.25 FLOP/B at 1555 GB/s is 388.75 GFLOP/s, 2% of
 * 19,500; the ridge is 12.5 FLOP/B. */
static void a100_example(void **state)
{
    (void)state;
    gr_roofline r = bound(0.25, 19500, 1555);
    assert_float_equal(r.attainable_gflops, 388.75, 1e-9);
    assert_float_equal(r.fraction_of_peak, 388.75 / 19500, 1e-12);
    assert_true(r.fraction_of_peak > 0.0199 && r.fraction_of_peak < 0.0200);
    assert_float_equal(r.ridge, 12.540192926, 1e-8);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
}

static void ridge_is_balanced(void **state)
{
    (void)state;
    assert_int_equal(bound(2, 200, 100).bound, GR_BOUND_BALANCED);
    assert_string_equal(gr_bound_name(GR_BOUND_BALANCED), "balanced");
    assert_int_equal(bound(2 * (1 + 1e-6), 200, 100).bound, GR_BOUND_COMPUTE);
    assert_int_equal(bound(2 * (1 - 1e-6), 200, 100).bound, GR_BOUND_MEMORY);
}

static void achieved_gives_efficiency(void **state)
{
    (void)state;
    gr_roofline r = bound(36.0 / 28, 200, 100);
    assert_true(gr_roofline_add_achieved(&r, 64.2857142857, NULL));
    assert_true(r.has_achieved);
    assert_float_equal(r.efficiency, 0.5, 1e-9);
    gr_error err;
    assert_false(gr_roofline_add_achieved(&r, -1, &err));
    assert_string_equal(err.text, "the achieved rate must be a non-negative number of GFLOP/s, not -1");
}

static void rejects_nonsense(void **state)
{
    (void)state;
    gr_roofline r;
    gr_error err;
    assert_false(gr_roofline_compute(0, 1, 1, &r, &err));
    assert_string_equal(err.text, "the intensity must be a positive number of FLOP/B, not 0");
    assert_false(gr_roofline_compute(1, -5, 1, &r, &err));
    assert_string_equal(err.text, "the peak must be a positive number of GFLOP/s, not -5");
    assert_false(gr_roofline_compute(1, 1, 0.0 / 0.0, &r, &err));
    assert_non_null(strstr(err.text, "the bandwidth must be a positive number of GB/s"));
}

/* Counts as given: the same roofline as their ratio, and the least times. */
static void counts_give_the_ratios_roofline_and_times(void **state)
{
    (void)state;
    gr_roofline r;
    assert_true(gr_roofline_from_counts(36, 28, 200, 100, &r, NULL));
    assert_float_equal(r.intensity, 36.0 / 28, 1e-12);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    assert_float_equal(r.attainable_gflops, 128.5714285714, 1e-9);
    assert_true(r.has_counts);
    assert_float_equal(r.memory_time_ns, 0.28, 1e-12);  /* 28 B / 100 GB/s */
    assert_float_equal(r.compute_time_ns, 0.18, 1e-12); /* 36 FLOP / 200 GFLOP/s */
}

/* No floating-point work: intensity 0, memory-bound, nothing attainable. */
static void no_flops_is_memory_time_alone(void **state)
{
    (void)state;
    gr_roofline r;
    assert_true(gr_roofline_from_counts(0, 28, 200, 100, &r, NULL));
    assert_true(r.intensity == 0);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    assert_true(r.memory_roof_gflops == 0);
    assert_true(r.attainable_gflops == 0);
    assert_true(r.fraction_of_peak == 0);
    assert_float_equal(r.ridge, 2, 1e-12);
    assert_float_equal(r.memory_time_ns, 0.28, 1e-12);
    assert_true(r.compute_time_ns == 0);
    gr_error err;
    assert_false(gr_roofline_add_achieved(&r, 1, &err));
    assert_string_equal(err.text, "no FLOPs, so no rate is attainable to compare an achieved 1 GFLOP/s with");
}

/* No memory traffic: an unbounded intensity, compute-bound at the peak. */
static void no_bytes_is_compute_time_alone(void **state)
{
    (void)state;
    gr_roofline r;
    assert_true(gr_roofline_from_counts(36, 0, 200, 100, &r, NULL));
    assert_true(isinf(r.intensity) && r.intensity > 0);
    assert_true(isinf(r.memory_roof_gflops));
    assert_int_equal(r.bound, GR_BOUND_COMPUTE);
    assert_float_equal(r.attainable_gflops, 200, 1e-12);
    assert_float_equal(r.fraction_of_peak, 1, 1e-12);
    assert_true(r.memory_time_ns == 0);
    assert_float_equal(r.compute_time_ns, 0.18, 1e-12);
    assert_true(gr_roofline_add_achieved(&r, 100, NULL));
    assert_float_equal(r.efficiency, 0.5, 1e-12);
}

static void counts_reject_nonsense(void **state)
{
    (void)state;
    gr_roofline r;
    gr_error err;
    assert_false(gr_roofline_from_counts(0, 0, 200, 100, &r, &err));
    assert_string_equal(err.text, "no FLOPs and no bytes: work that does nothing has no bound");
    assert_false(gr_roofline_from_counts(-1, 4, 200, 100, &r, &err));
    assert_string_equal(err.text, "the FLOPs must be a number of at least 0, not -1");
    assert_false(gr_roofline_from_counts(1, INFINITY, 200, 100, &r, &err));
    assert_string_equal(err.text, "the bytes must be a number of at least 0, not inf");
    assert_false(gr_roofline_from_counts(1e300, 1e-300, 200, 100, &r, &err));
    assert_string_equal(err.text, "the intensity 1e+300 FLOP / 1e-300 B is too large to compute");
    assert_false(gr_roofline_from_counts(1, 0, 0, 100, &r, &err));
    assert_string_equal(err.text, "the peak must be a positive number of GFLOP/s, not 0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exercise_9a_is_memory_bound),
        cmocka_unit_test(exercise_9b_is_compute_bound),
        cmocka_unit_test(a100_example),
        cmocka_unit_test(ridge_is_balanced),
        cmocka_unit_test(achieved_gives_efficiency),
        cmocka_unit_test(rejects_nonsense),
        cmocka_unit_test(counts_give_the_ratios_roofline_and_times),
        cmocka_unit_test(no_flops_is_memory_time_alone),
        cmocka_unit_test(no_bytes_is_compute_time_alone),
        cmocka_unit_test(counts_reject_nonsense),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
