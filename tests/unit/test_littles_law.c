/* Unit tests for Little's law (src/core/roofline/littles_law.c), with figures
 * worked out by hand: an H100's 132 SMs at full occupancy (64 warps) with
 * one 4-byte load a thread in flight (128 B a warp) at 600 ns keep
 * 132 x 64 x 128 = 1,081,344 B in flight: 1802.24 GB/s. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>

#include "littles_law.h"

static const gr_littles_law h100_full = {64, 132, 128, 1, 600};

static void bandwidth_by_hand(void **state)
{
    (void)state;
    assert_true(fabs(gr_littles_bytes_in_flight(&h100_full) - 1081344) < 1e-6);
    assert_true(fabs(gr_littles_bandwidth_gbs(&h100_full) - 1802.24) < 1e-9);
    gr_littles_law wide = h100_full;
    wide.bytes_per_warp_load = 512; /* 16-byte loads */
    wide.loads_in_flight = 2;
    assert_true(fabs(gr_littles_bandwidth_gbs(&wide) - 8 * 1802.24) < 1e-9);
}

static void needed_inverts_bandwidth(void **state)
{
    (void)state;
    /* 3352 GB/s at 600 ns is 2,011,200 B in flight: 1.86 loads a warp at
     * 64 warps, or 119 warps at one load */
    assert_true(fabs(gr_littles_loads_needed(&h100_full, 3352) - 2011200.0 / 1081344) < 1e-12);
    assert_true(fabs(gr_littles_warps_needed(&h100_full, 3352) - 64 * 2011200.0 / 1081344) < 1e-9);
    assert_true(fabs(gr_littles_loads_needed(&h100_full, gr_littles_bandwidth_gbs(&h100_full)) - 1) < 1e-12);
}

static void unknown_or_zero_latency_is_nan(void **state)
{
    (void)state;
    gr_littles_law l = h100_full;
    l.latency_ns = 0;
    assert_true(isnan(gr_littles_bandwidth_gbs(&l)));
    assert_true(isnan(gr_littles_loads_needed(&l, 100)));
    l = h100_full;
    l.warps_per_sm = NAN;
    assert_true(isnan(gr_littles_bandwidth_gbs(&l)));
    assert_true(isnan(gr_littles_loads_needed(&l, 100)));
    l = h100_full;
    l.sms = 0; /* no SM runs it: no warps to need */
    assert_true(isnan(gr_littles_warps_needed(&l, 100)));
    assert_true(gr_littles_bandwidth_gbs(&l) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bandwidth_by_hand),
        cmocka_unit_test(needed_inverts_bandwidth),
        cmocka_unit_test(unknown_or_zero_latency_is_nan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
