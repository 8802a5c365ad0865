/* The hierarchical roofline core (src/core/roofline/roofline_levels.c): each level's
 * intensity and roof, and the binding one, worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "roofline_levels.h"
#include "bound.h"
#include "work_place.h"

/* PMPP's tiled matmul, Width = 4096, TILE_WIDTH = 32: 2 x 4096^3 FLOP;
 * DRAM (as the book counts the global loads) 8 x 4096^3 / 32 bytes, 8
 * FLOP/B; shared memory 2 loads of 4 bytes per FMA, 8 x 4096^3 bytes, 0.25
 * FLOP/B. */
#define W3 (4096.0 * 4096.0 * 4096.0)
static const double matmul_flops = 2 * W3, matmul_dram_bytes = 8 * W3 / 32, matmul_shared_bytes = 8 * W3;

static gr_level_work work(double flops, double peak)
{
    return (gr_level_work){.has_counts = true, .flops = flops, .peak_gflops = peak};
}

static void add(gr_level_work *w, gr_level level, double bytes, double bandwidth_gbs)
{
    w->given[level] = true;
    w->bytes[level] = bytes;
    w->bandwidth_gbs[level] = bandwidth_gbs;
}

static gr_roofline_levels compute(const gr_level_work *w)
{
    gr_roofline_levels r;
    gr_error err = {{0}};
    if (!gr_roofline_levels_compute(w, &r, &err))
        fail_msg("%s", err.text);
    return r;
}

static void expect_error(const gr_level_work *w, const char *message)
{
    gr_roofline_levels r;
    gr_error err = {{0}};
    assert_false(gr_roofline_levels_compute(w, &r, &err));
    assert_string_equal(err.text, message);
}

/* On the H100 (66908.16 GFLOP/s FP32, 3352 GB/s DRAM, 33454.08 GB/s shared
 * memory) DRAM alone allows 8 x 3352 = 26816 GFLOP/s, but shared memory
 * 0.25 x 33454.08 = 8363.52: it binds, 12.5% of the peak. */
static void tiled_matmul_on_the_h100_is_bound_by_shared_memory(void **state)
{
    (void)state;
    gr_level_work w = work(matmul_flops, 66908.16);
    add(&w, GR_LEVEL_DRAM, matmul_dram_bytes, 3352);
    add(&w, GR_LEVEL_SHARED, matmul_shared_bytes, 33454.08);
    gr_roofline_levels r = compute(&w);
    assert_float_equal(r.level[GR_LEVEL_DRAM].intensity, 8, 1e-12);
    assert_float_equal(r.level[GR_LEVEL_DRAM].attainable_gflops, 26816, 1e-9);
    assert_int_equal(r.level[GR_LEVEL_DRAM].bound, GR_BOUND_MEMORY);
    assert_float_equal(r.level[GR_LEVEL_SHARED].intensity, 0.25, 1e-12);
    assert_float_equal(r.level[GR_LEVEL_SHARED].attainable_gflops, 8363.52, 1e-9);
    assert_float_equal(r.level[GR_LEVEL_SHARED].ridge, 2, 1e-12);
    assert_false(r.given[GR_LEVEL_L2]);
    assert_int_equal(r.binding, GR_LEVEL_SHARED);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    assert_float_equal(r.attainable_gflops, 8363.52, 1e-9);
    assert_float_equal(r.fraction_of_peak, 0.125, 1e-12);
    assert_true(gr_roofline_levels_beyond_dram(&r));
    assert_string_equal(gr_level_key(r.binding), "shared");
    assert_string_equal(gr_level_name(r.binding), "shared memory");
}

/* DRAM alone is the plain roofline, figure for figure. */
static void dram_alone_is_the_plain_roofline(void **state)
{
    (void)state;
    static const double cases[][4] = {
        /* flops, bytes, peak, bandwidth: PMPP 9a, 9b, the A100's naive loop, the ridge */
        {36, 28, 200, 100}, {36, 28, 300, 250}, {2, 8, 19500, 1555}, {200, 100, 200, 100}, {0, 28, 200, 100},
        {36, 0, 200, 100},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_level_work w = work(cases[i][0], cases[i][2]);
        add(&w, GR_LEVEL_DRAM, cases[i][1], cases[i][3]);
        gr_roofline_levels r = compute(&w);
        gr_roofline plain;
        assert_true(gr_roofline_from_counts(cases[i][0], cases[i][1], cases[i][2], cases[i][3], &plain, NULL));
        assert_true(r.attainable_gflops == plain.attainable_gflops);
        assert_true(r.fraction_of_peak == plain.fraction_of_peak);
        assert_int_equal(r.bound, plain.bound);
        assert_int_equal(r.binding, plain.bound == GR_BOUND_COMPUTE ? GR_LEVEL_COMPUTE : GR_LEVEL_DRAM);
        assert_false(gr_roofline_levels_beyond_dram(&r));
    }
}

/* Without counts, DRAM's intensity alone: the A100 example. */
static void intensity_alone_is_drams(void **state)
{
    (void)state;
    gr_level_work w = {.dram_intensity = 0.25, .peak_gflops = 19500};
    w.bandwidth_gbs[GR_LEVEL_DRAM] = 1555;
    gr_roofline_levels r = compute(&w);
    assert_true(r.given[GR_LEVEL_DRAM]);
    assert_false(r.has_counts);
    assert_float_equal(r.attainable_gflops, 388.75, 1e-9);
    assert_int_equal(r.binding, GR_LEVEL_DRAM);
    w.dram_intensity = 100;
    r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_COMPUTE);
    assert_int_equal(r.bound, GR_BOUND_COMPUTE);
    assert_float_equal(r.attainable_gflops, 19500, 1e-9);
    w.given[GR_LEVEL_SHARED] = true;
    w.bandwidth_gbs[GR_LEVEL_SHARED] = 19491.84;
    expect_error(&w, "only DRAM's intensity may be given alone: shared memory needs counts");
}

/* PMPP exercise 9a: 36 FLOPs and 7 x 4 bytes, 200 GFLOP/s and 100 GB/s:
 * 1.29 FLOP/B, below the ridge of 2 (8 FLOPs a 4-byte word), 128.6
 * GFLOP/s; an achieved 100 GFLOP/s is 77.8% of it. */
static void bound_of_exercise_9a(void **state)
{
    (void)state;
    gr_level_work w = work(36, 200);
    add(&w, GR_LEVEL_DRAM, 28, 100);
    gr_bound b;
    assert_true(gr_bound_compute(&w, 4, 100, &b, NULL));
    assert_false(b.hierarchical);
    assert_false(b.no_dram_bytes);
    assert_false(b.one_sided);
    assert_float_equal(b.ridge_per_word, 8, 1e-12);
    assert_float_equal(b.dram_ns_per_byte, 0.01, 1e-15);
    assert_float_equal(b.levels.attainable_gflops, 36.0 / 28 * 100, 1e-9);
    assert_float_equal(b.levels.efficiency, 100 / (36.0 / 28 * 100), 1e-12);
    gr_error err;
    assert_false(gr_bound_compute(&w, 4, -1, &b, &err));
    w.bytes[GR_LEVEL_DRAM] = 0;
    assert_true(gr_bound_compute(&w, 4, NAN, &b, NULL));
    assert_true(b.no_dram_bytes);
    assert_true(b.one_sided);
    assert_false(b.levels.has_achieved);
}

/* Work placed under roofs that lack the L2's bandwidth: the L2's bytes
 * are left out and named, the place is DRAM's (the one policy); with the
 * L2 roofed and drawn, the L2 binds and the work is drawn at its L2
 * intensity. */
static void work_is_placed_under_the_roofs(void **state)
{
    (void)state;
    gr_roof_options o;
    gr_roof_options_none(&o);
    o.bandwidth_gbs[GR_LEVEL_DRAM] = 100;
    o.peak_gflops[gr_precision_find("fp32") - gr_precision_table] = 1000;
    gr_roofs roofs;
    gr_roofs_fill(NULL, NULL, &o, &roofs);
    gr_work_counts c = {.intensity = 10, .has_counts = true, .flops = 1000};
    c.given[GR_LEVEL_DRAM] = c.given[GR_LEVEL_L2] = true;
    c.bytes[GR_LEVEL_DRAM] = 100; /* 10 FLOP/B: 1000 */
    c.bytes[GR_LEVEL_L2] = 1000;  /* 1 FLOP/B */
    gr_level_work w;
    double unroofed[GR_MEMORY_LEVELS];
    gr_work_counts_under_roofs(&c, &roofs, &w, unroofed);
    assert_float_equal(unroofed[GR_LEVEL_L2], 1000, 0);
    assert_false(w.given[GR_LEVEL_L2]);
    gr_work_place at;
    const bool drawn[GR_MEMORY_LEVELS] = {true, true, true};
    assert_true(gr_work_place_on(&roofs, &c, drawn, &at));
    assert_int_equal(at.drawn_at, GR_LEVEL_DRAM);
    assert_float_equal(at.gflops, 1000, 1e-9);
    o.bandwidth_gbs[GR_LEVEL_L2] = 200; /* 1 FLOP/B x 200: 200 */
    gr_roofs_fill(NULL, NULL, &o, &roofs);
    assert_true(gr_work_place_on(&roofs, &c, drawn, &at));
    assert_int_equal(at.binding, GR_LEVEL_L2);
    assert_int_equal(at.drawn_at, GR_LEVEL_L2);
    assert_float_equal(at.intensity, 1, 1e-12);
    assert_float_equal(at.gflops, 200, 1e-9);
    assert_true(gr_work_place_on(&roofs, &c, NULL, &at)); /* the L2 not drawn: at DRAM's intensity */
    assert_int_equal(at.drawn_at, GR_LEVEL_DRAM);
    assert_float_equal(at.intensity, 10, 0);
}

/* Every level's roof above the peak: compute-bound, at the peak. */
static void compute_binds_above_every_roof(void **state)
{
    (void)state;
    gr_level_work w = work(1000, 200);
    add(&w, GR_LEVEL_DRAM, 10, 100);    /* 100 FLOP/B: 10000 */
    add(&w, GR_LEVEL_L2, 100, 400);     /* 10 FLOP/B: 4000 */
    add(&w, GR_LEVEL_SHARED, 400, 1000); /* 2.5 FLOP/B: 2500 */
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_COMPUTE);
    assert_int_equal(r.bound, GR_BOUND_COMPUTE);
    assert_float_equal(r.attainable_gflops, 200, 1e-12);
    assert_float_equal(r.level[GR_LEVEL_L2].attainable_gflops, 200, 1e-12); /* min(4000, 200) */
    assert_float_equal(r.level[GR_LEVEL_L2].memory_roof_gflops, 4000, 1e-9);
}

/* The L2 binds where its roof is the lowest; three levels, three roofs. */
static void l2_binds_where_lowest(void **state)
{
    (void)state;
    gr_level_work w = work(1000, 10000);
    add(&w, GR_LEVEL_DRAM, 10, 100);     /* 100 FLOP/B x 100 = 10000 */
    add(&w, GR_LEVEL_L2, 100, 400);      /* 10 x 400 = 4000 */
    add(&w, GR_LEVEL_SHARED, 400, 2000); /* 2.5 x 2000 = 5000 */
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_L2);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    assert_float_equal(r.attainable_gflops, 4000, 1e-9);
    assert_float_equal(r.fraction_of_peak, 0.4, 1e-12);
    assert_int_equal(r.level[GR_LEVEL_DRAM].bound, GR_BOUND_BALANCED);
}

/* Two levels with the same roof: both bind, the one farther from the SMs
 * first (binding).  A level whose roof meets the peak, and none below:
 * balanced, that level and compute.  (test_roofline_engine has the
 * table every front end agrees on.) */
static void ties_name_every_level(void **state)
{
    (void)state;
    gr_level_work w = work(1000, 10000);
    add(&w, GR_LEVEL_DRAM, 100, 400);    /* 10 x 400 = 4000 */
    add(&w, GR_LEVEL_SHARED, 500, 2000); /* 2 x 2000 = 4000 */
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_DRAM);
    assert_int_equal(r.binds.count, 2);
    assert_int_equal(r.binds.levels[1], GR_LEVEL_SHARED);
    assert_int_equal(r.bound, GR_BOUND_MEMORY);
    w.bytes[GR_LEVEL_SHARED] = 500 * (1 + 1e-6); /* a hair more traffic: shared memory binds */
    assert_int_equal(compute(&w).binding, GR_LEVEL_SHARED);
    assert_int_equal(compute(&w).binds.count, 1);
    w = work(1000, 4000);
    add(&w, GR_LEVEL_DRAM, 10, 100);     /* 10000: above the peak */
    add(&w, GR_LEVEL_SHARED, 500, 2000); /* 4000: at the peak */
    r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_SHARED);
    assert_int_equal(r.binds.count, 2);
    assert_int_equal(r.binds.levels[1], GR_LEVEL_COMPUTE);
    assert_int_equal(r.bound, GR_BOUND_BALANCED);
    assert_float_equal(r.attainable_gflops, 4000, 1e-9);
}

/* No FLOPs: every roof is 0, and the level whose bytes take longest binds. */
static void without_flops_the_slowest_level_binds(void **state)
{
    (void)state;
    gr_level_work w = work(0, 200);
    add(&w, GR_LEVEL_DRAM, 100, 100);   /* 1 ns */
    add(&w, GR_LEVEL_SHARED, 3000, 1000); /* 3 ns */
    add(&w, GR_LEVEL_L2, 0, 500);       /* nothing */
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_SHARED);
    assert_float_equal(r.level[GR_LEVEL_SHARED].memory_time_ns, 3, 1e-12);
    assert_float_equal(r.level[GR_LEVEL_L2].memory_time_ns, 0, 0);
    assert_float_equal(r.attainable_gflops, 0, 0);
    gr_error err = {{0}};
    assert_false(gr_roofline_levels_add_achieved(&r, 1, &err));
    assert_string_equal(err.text, "no FLOPs, so no rate is attainable to compare an achieved 1 GFLOP/s with");
}

/* A level that moves nothing has an unbounded intensity and the peak for
 * its roof; the others decide. */
static void a_level_without_bytes_has_the_peak_for_roof(void **state)
{
    (void)state;
    gr_level_work w = work(36, 200);
    add(&w, GR_LEVEL_DRAM, 28, 100);
    add(&w, GR_LEVEL_SHARED, 0, 1000);
    gr_roofline_levels r = compute(&w);
    assert_true(isinf(r.level[GR_LEVEL_SHARED].intensity));
    assert_float_equal(r.level[GR_LEVEL_SHARED].attainable_gflops, 200, 0);
    assert_int_equal(r.binding, GR_LEVEL_DRAM);
    assert_float_equal(r.attainable_gflops, 36.0 / 28 * 100, 1e-9);
}

static void achieved_against_the_binding_roof(void **state)
{
    (void)state;
    gr_level_work w = work(matmul_flops, 66908.16);
    add(&w, GR_LEVEL_DRAM, matmul_dram_bytes, 3352);
    add(&w, GR_LEVEL_SHARED, matmul_shared_bytes, 33454.08);
    gr_roofline_levels r = compute(&w);
    assert_true(gr_roofline_levels_add_achieved(&r, 9185.9, NULL));
    assert_true(r.has_achieved);
    assert_float_equal(r.efficiency, 9185.9 / 8363.52, 1e-12);
}

static void errors(void **state)
{
    (void)state;
    gr_level_work w = work(10, 200);
    add(&w, GR_LEVEL_DRAM, 10, 100);
    w.given[GR_LEVEL_SHARED] = true;
    w.bytes[GR_LEVEL_SHARED] = 5;
    expect_error(&w, "no shared memory bandwidth is known, so its traffic has no roof");
    w.bandwidth_gbs[GR_LEVEL_SHARED] = -1;
    expect_error(&w, "the shared memory bandwidth must be a positive number of GB/s, not -1");
    w.bandwidth_gbs[GR_LEVEL_SHARED] = 1000;
    w.bytes[GR_LEVEL_SHARED] = -5;
    expect_error(&w, "the shared memory bytes must be a number of at least 0, not -5");
    w.bytes[GR_LEVEL_SHARED] = 0;
    w.bytes[GR_LEVEL_DRAM] = 0;
    w.flops = 0;
    expect_error(&w, "no FLOPs and no bytes at any level: work that does nothing has no bound");
    w.flops = NAN;
    expect_error(&w, "the FLOPs must be a number of at least 0, not nan");
    w.flops = 1;
    w.peak_gflops = 0;
    expect_error(&w, "the peak must be a positive number of GFLOP/s, not 0");
    w = work(10, 200);
    add(&w, GR_LEVEL_DRAM, 10, 0);
    expect_error(&w, "no DRAM bandwidth is known, so its traffic has no roof");
    gr_roofline_levels r = {0};
    gr_error err = {{0}};
    assert_false(gr_roofline_levels_add_achieved(&r, -1, &err));
    assert_string_equal(err.text, "the achieved rate must be a non-negative number of GFLOP/s, not -1");
}

static void names(void **state)
{
    (void)state;
    static const char *const keys[] = {"dram", "l2", "shared", "compute"};
    static const char *const people[] = {"DRAM", "L2", "shared memory", "compute"};
    for (int i = 0; i <= GR_LEVEL_COMPUTE; i++) {
        assert_string_equal(gr_level_key((gr_level)i), keys[i]);
        assert_string_equal(gr_level_name((gr_level)i), people[i]);
    }
}

/* What the verdict says next, worked out by hand.  1000 FLOP, peak 10000
 * GFLOP/s: DRAM 100 B at 100 GB/s (roof 1000), the L2 200 B at 1000 GB/s
 * (5000), shared memory 1000 B at 20000 GB/s (20000, above the peak).
 * DRAM binds; the next roof is the L2's 5000; DRAM feeds the least; DRAM's
 * ridge is 100 FLOP/B against an intensity of 10: 10x. */
static void the_next_roof_and_the_factor_to_the_peak(void **state)
{
    (void)state;
    gr_level_work w = work(1000, 10000);
    add(&w, GR_LEVEL_DRAM, 100, 100);
    add(&w, GR_LEVEL_L2, 200, 1000);
    add(&w, GR_LEVEL_SHARED, 1000, 20000);
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_DRAM);
    assert_int_equal(r.next_level, GR_LEVEL_L2);
    assert_float_equal(r.next_roof_gflops, 5000, 1e-9);
    assert_int_equal(r.least_fed, GR_LEVEL_DRAM);
    assert_float_equal(r.intensity_to_peak, 10, 1e-12);
    /* the L2 slower (100 GB/s: roof 500): it binds, DRAM's 1000 is next */
    w.bandwidth_gbs[GR_LEVEL_L2] = 100;
    r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_L2);
    assert_int_equal(r.next_level, GR_LEVEL_DRAM);
    assert_float_equal(r.next_roof_gflops, 1000, 1e-9);
    assert_int_equal(r.least_fed, GR_LEVEL_L2);
    assert_float_equal(r.intensity_to_peak, 20, 1e-12); /* ridge 100 / intensity 5 */
    /* every memory roof above the peak (DRAM 1000 FLOP/B x 100 GB/s =
     * 100000, shared memory 100 x 20000 = 2000000): compute binds, the
     * peak is next, there is no factor, and DRAM feeds the least */
    w = work(1000, 200);
    add(&w, GR_LEVEL_DRAM, 1, 100);
    add(&w, GR_LEVEL_SHARED, 10, 20000);
    r = compute(&w);
    assert_int_equal(r.binding, GR_LEVEL_COMPUTE);
    assert_int_equal(r.next_level, GR_LEVEL_COMPUTE);
    assert_float_equal(r.next_roof_gflops, 200, 0);
    assert_int_equal(r.least_fed, GR_LEVEL_DRAM); /* 100000 against shared memory's 2000000 */
    assert_true(isnan(r.intensity_to_peak));
}

/* A tie of DRAM and the L2 (both 1000): neither is next; the peak is. */
static void at_a_tie_the_next_roof_is_outside_it(void **state)
{
    (void)state;
    gr_level_work w = work(1000, 10000);
    add(&w, GR_LEVEL_DRAM, 100, 100);
    add(&w, GR_LEVEL_L2, 200, 200);
    gr_roofline_levels r = compute(&w);
    assert_int_equal(r.binds.count, 2);
    assert_int_equal(r.next_level, GR_LEVEL_COMPUTE);
    assert_float_equal(r.next_roof_gflops, 10000, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tiled_matmul_on_the_h100_is_bound_by_shared_memory),
        cmocka_unit_test(dram_alone_is_the_plain_roofline),
        cmocka_unit_test(intensity_alone_is_drams),
        cmocka_unit_test(bound_of_exercise_9a),
        cmocka_unit_test(work_is_placed_under_the_roofs),
        cmocka_unit_test(compute_binds_above_every_roof),
        cmocka_unit_test(l2_binds_where_lowest),
        cmocka_unit_test(ties_name_every_level),
        cmocka_unit_test(without_flops_the_slowest_level_binds),
        cmocka_unit_test(a_level_without_bytes_has_the_peak_for_roof),
        cmocka_unit_test(achieved_against_the_binding_roof),
        cmocka_unit_test(errors),
        cmocka_unit_test(names),
        cmocka_unit_test(the_next_roof_and_the_factor_to_the_peak),
        cmocka_unit_test(at_a_tie_the_next_roof_is_outside_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
