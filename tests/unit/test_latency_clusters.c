/* Unit tests for the L2's near and far clusters (src/core/latency_clusters.c),
 * each set of latencies made by hand so that the split is known. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>

#include "latency_clusters.h"

/* 60 loads near (250..259 cycles, each value 6 times) and 40 far
 * (480..489, each 4 times), shuffled: the gap is 480 - 259 = 221, the
 * near median (of 60: the 30th and 31st, 254 and 255) 254.5, the far
 * median (of 40: 484 and 485) 484.5.  n = 100 leaves out 1 at each end. */
static void two_clusters_split_at_the_gap(void **state)
{
    (void)state;
    double cycles[100];
    size_t n = 0;
    for (int r = 0; r < 6; r++)
        for (int v = 0; v < 10; v++)
            cycles[n++] = 250 + (v * 7 + r) % 10;
    for (int r = 0; r < 4; r++)
        for (int v = 0; v < 10; v++)
            cycles[n++] = 480 + (v * 3 + r) % 10;
    gr_latency_clusters c;
    assert_true(gr_latency_split(cycles, n, &c));
    assert_true(c.two);
    /* the lowest (250) and highest (489) are left out: 59 near, 39 far */
    assert_int_equal(c.near_count, 59);
    assert_int_equal(c.far_count, 39);
    /* near: 250 x5, 251..259 x6: the 30th of 59 is 255 (5 + 6x4 = 29 below 255) */
    assert_true(c.near == 255);
    /* far: 480..488 x4, 489 x3: the 20th of 39 is 484 (4 x 4 = 16 below, 484 holds 17..20) */
    assert_true(c.far == 484);
    assert_true(c.gap == 221);
    for (size_t i = 1; i < n; i++) /* sorted in place */
        assert_true(cycles[i - 1] <= cycles[i]);
}

/* One cluster whose widest gap (200 to 205) is under 10% of the low
 * side's median (200): the median of all is both figures. */
static void one_cluster_is_one_figure(void **state)
{
    (void)state;
    double cycles[9] = {205, 200, 210, 212, 211, 213, 214, 200, 215};
    gr_latency_clusters c;
    assert_true(gr_latency_split(cycles, 9, &c));
    assert_false(c.two);
    /* sorted: 200 200 205 210 211 212 213 214 215: the median is 211 */
    assert_true(c.near == 211 && c.far == 211);
    assert_int_equal(c.near_count, 9);
    assert_int_equal(c.far_count, 0);
}

/* A gap wide enough but one side too small (4 of 100 at 900, 3 of them
 * kept: under 10%): one cluster. */
static void a_few_outliers_are_no_cluster(void **state)
{
    (void)state;
    double cycles[100];
    for (int i = 0; i < 100; i++)
        cycles[i] = i < 96 ? 300 + i % 4 : 900;
    gr_latency_clusters c;
    assert_true(gr_latency_split(cycles, 100, &c));
    assert_false(c.two);
    /* kept: the 2nd to the 99th, 300 x23, 301..303 x24 and 900 x3: the 49th and 50th are 302 */
    assert_true(c.near == 302 && c.near == c.far);
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    double one[1] = {300}, zero[3] = {300, 0, 310}, nan_in[3] = {300, NAN, 310};
    gr_latency_clusters c;
    assert_false(gr_latency_split(one, 1, &c));
    assert_false(gr_latency_split(zero, 3, &c));
    assert_false(gr_latency_split(nan_in, 3, &c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_clusters_split_at_the_gap),
        cmocka_unit_test(one_cluster_is_one_figure),
        cmocka_unit_test(a_few_outliers_are_no_cluster),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
