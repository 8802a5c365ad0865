/* Unit tests of the L2's far latency (src/core/roofline/load_latency.c): the
 * median, and the far chase's footprint for the L2s of the shipped
 * profiles, worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "load_latency.h"

static void median_by_hand(void **state)
{
    (void)state;
    double odd[] = {500, 275, 480, 560, 300};
    double even[] = {4, 1, 3, 2};
    double bad[] = {275, NAN};
    double zero[] = {275, 0};
    assert_true(gr_latency_median(odd, 5) == 480);
    assert_true(odd[0] == 275 && odd[4] == 560); /* sorted */
    assert_true(gr_latency_median(even, 4) == 2.5);
    assert_true(isnan(gr_latency_median(bad, 2)));
    assert_true(isnan(gr_latency_median(zero, 2)));
    assert_true(isnan(gr_latency_median(odd, 0)));
}

static void near_footprints(void **state)
{
    (void)state;
    const size_t MiB = 1 << 20;
    assert_int_equal(gr_l2_near_footprint(50 * MiB), 4 * MiB);  /* capped at 4 MiB */
    assert_int_equal(gr_l2_near_footprint(24 * MiB), 2 * MiB);  /* an eighth is 3 MiB */
    assert_int_equal(gr_l2_near_footprint(0), 4 * MiB);         /* unknown */
    assert_int_equal(gr_l2_near_footprint(1024), 128);          /* one line at least */
}

static void far_footprints(void **state)
{
    (void)state;
    const size_t MiB = 1 << 20;
    /* H100: 50 MiB; 32 MiB is over 25 and at most 37.5 */
    assert_int_equal(gr_l2_far_footprint(50 * MiB), 32 * MiB);
    /* H200's 60 MiB: 32 MiB over 30, at most 45 */
    assert_int_equal(gr_l2_far_footprint(60 * MiB), 32 * MiB);
    /* A100's 40 MiB: no power of two over 20 and at most 30 */
    assert_int_equal(gr_l2_far_footprint(40 * MiB), 0);
    /* 64 MiB: 32 is not over half; 48 is no power of two */
    assert_int_equal(gr_l2_far_footprint(64 * MiB), 0);
    assert_int_equal(gr_l2_far_footprint(0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(median_by_hand),
        cmocka_unit_test(near_footprints),
        cmocka_unit_test(far_footprints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
