/* Unit tests for a load trace's burst and sustained spans
 * (src/core/results/load_trace.c) and a figure's spread (src/core/results/spread.c), with
 * traces made by hand: a GEMM of 1 TFLOP whose runs take 1 ms each while
 * the clock is at 1980 MHz and 1.4 ms once it has fallen to 1400 MHz (the
 * shape an H100's cuBLAS GEMMs show under their power limit). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>

#include "load_trace.h"
#include "spread.h"

#define RUNS 400
#define FAST_RUNS 100 /* runs at 1 ms before the clock falls */

static gr_trace_mark marks[RUNS + 1];
static gr_trace_sample samples[1000];

/* A mark after every run; a sample every 2 ms: 1980 MHz and 500 W while
 * the runs are fast, 1400 MHz and 700 W after. */
static gr_load_trace power_limited(void)
{
    double ms = 0;
    size_t n = 0;
    marks[0] = (gr_trace_mark){0, 0};
    for (int i = 1; i <= RUNS; i++) {
        ms += i <= FAST_RUNS ? 1.0 : 1.4;
        marks[i] = (gr_trace_mark){ms, i};
    }
    for (double t = 1; t < ms && n < 1000; t += 2, n++)
        samples[n] = t < FAST_RUNS ? (gr_trace_sample){t, 1980, 500} : (gr_trace_sample){t, 1400, 700};
    return (gr_load_trace){marks, RUNS + 1, samples, n, 1e12};
}

static void burst_is_the_fast_start(void **state)
{
    (void)state;
    gr_load_trace t = power_limited();
    gr_trace_span s;
    assert_true(gr_trace_burst(&t, GR_BURST_MIN_MS, &s));
    /* 1 TFLOP a ms: 1e6 GFLOP/s, inside the fast runs */
    assert_true(fabs(s.rate - 1e6) < 1e-6);
    assert_true(s.to_ms <= FAST_RUNS);
    assert_true(s.to_ms - s.from_ms >= GR_BURST_MIN_MS);
    assert_true(fabs(s.sm_mhz - 1980) < 1e-9);
    assert_true(fabs(s.watts - 500) < 1e-9);
    assert_true(s.samples >= 12);
}

static void sustained_is_the_settled_tail(void **state)
{
    (void)state;
    gr_load_trace t = power_limited();
    gr_trace_span s;
    assert_true(gr_trace_sustained(&t, 200, &s));
    assert_true(fabs(s.rate - 1e6 / 1.4) < 1e-3);
    assert_true(s.from_ms >= 200 && s.from_ms < 201.5);
    assert_true(fabs(s.to_ms - (FAST_RUNS + 1.4 * (RUNS - FAST_RUNS))) < 1e-9);
    assert_true(fabs(s.sm_mhz - 1400) < 1e-9 && fabs(s.sm_mhz_min - 1400) < 1e-9 && fabs(s.sm_mhz_max - 1400) < 1e-9);
    assert_true(fabs(s.watts - 700) < 1e-9);
}

/* A sustained span asked for past the trace's end is its second half. */
static void sustained_past_the_end_is_the_second_half(void **state)
{
    (void)state;
    gr_load_trace t = power_limited();
    gr_trace_span s;
    double end = marks[RUNS].ms;
    assert_true(gr_trace_sustained(&t, 10 * end, &s));
    assert_true(s.from_ms >= end / 2 && s.from_ms < end / 2 + 1.4);
    assert_true(fabs(s.to_ms - end) < 1e-9);
}

/* The best span may sit anywhere: a slow start (a cold cache) and a fast
 * middle. */
static void burst_finds_the_best_span_anywhere(void **state)
{
    (void)state;
    gr_trace_mark m[61];
    double ms = 0;
    m[0] = (gr_trace_mark){0, 0};
    for (int i = 1; i <= 60; i++) {
        ms += i > 20 && i <= 50 ? 1.0 : 2.0;
        m[i] = (gr_trace_mark){ms, i};
    }
    gr_load_trace t = {m, 61, NULL, 0, 1e9};
    gr_trace_span s;
    assert_true(gr_trace_burst(&t, 25, &s));
    assert_true(fabs(s.rate - 1e3) < 1e-9);
    assert_true(s.from_ms >= 40 && s.to_ms <= 70);
    assert_true(isnan(s.sm_mhz) && isnan(s.watts) && s.samples == 0);
}

/* Marks every few runs: the span's rate counts the runs between them. */
static void strided_marks_count_their_runs(void **state)
{
    (void)state;
    gr_trace_mark m[] = {{0, 0}, {10, 8}, {20, 16}, {30, 24}, {35, 26}};
    gr_load_trace t = {m, 5, NULL, 0, 2e6};
    gr_trace_span s;
    assert_true(gr_trace_burst(&t, 25, &s));
    assert_true(fabs(s.rate - 2e6 * 24 / 30 / 1e6) < 1e-12);
    assert_true(gr_trace_sustained(&t, 20, &s));
    assert_true(fabs(s.rate - 2e6 * 10 / 15 / 1e6) < 1e-12);
}

/* A trace shorter than the burst's span is its own burst. */
static void short_trace_is_its_own_burst(void **state)
{
    (void)state;
    gr_trace_mark m[] = {{0, 0}, {5, 1}, {10, 2}};
    gr_load_trace t = {m, 3, NULL, 0, 1e6};
    gr_trace_span s;
    assert_true(gr_trace_burst(&t, 25, &s));
    assert_true(fabs(s.rate - 0.2) < 1e-12 && s.from_ms == 0 && s.to_ms == 10);
}

static void unusable_traces_fail(void **state)
{
    (void)state;
    gr_trace_mark one[] = {{0, 0}}, still[] = {{0, 0}, {0, 5}}, m[] = {{0, 0}, {1, 1}};
    gr_trace_span s;
    gr_load_trace t = {one, 1, NULL, 0, 1};
    assert_false(gr_trace_burst(&t, 25, &s));
    assert_false(gr_trace_sustained(&t, 0, &s));
    t = (gr_load_trace){still, 2, NULL, 0, 1};
    assert_false(gr_trace_burst(&t, 25, &s));
    t = (gr_load_trace){m, 2, NULL, 0, 0};
    assert_false(gr_trace_sustained(&t, 0, &s));
}

/* Samples of NVML that did not answer (0) are left out of the means. */
static void unread_samples_are_left_out(void **state)
{
    (void)state;
    gr_trace_mark m[] = {{0, 0}, {30, 30}};
    gr_trace_sample sm[] = {{1, 0, 0}, {5, 1900, 0}, {9, 1700, 600}, {40, 100, 100}};
    gr_load_trace t = {m, 2, sm, 4, 1e6};
    gr_trace_span s;
    assert_true(gr_trace_burst(&t, 25, &s));
    assert_true(fabs(s.sm_mhz - 1800) < 1e-9 && s.samples == 2);
    assert_true(fabs(s.watts - 600) < 1e-9);
    assert_true(s.sm_mhz_min == 1700 && s.sm_mhz_max == 1900);
}

static void spread_of_repeats(void **state)
{
    (void)state;
    double five[] = {3050, 3010, 3070, NAN, 3020, 3040};
    gr_spread s = gr_spread_of(five, 6);
    assert_int_equal(s.count, 5);
    assert_true(s.low == 3010 && s.median == 3040 && s.high == 3070);
    assert_true(fabs(gr_spread_width_pct(&s) - 100.0 * 60 / 3040) < 1e-12);
    assert_true(five[0] == 3050 && five[5] == 3040); /* left as it was */
    double four[] = {4, 1, 3, 2};
    s = gr_spread_of(four, 4);
    assert_true(s.median == 2.5 && s.low == 1 && s.high == 4);
    double none[] = {NAN};
    s = gr_spread_of(none, 1);
    assert_int_equal(s.count, 0);
    assert_true(isnan(s.low) && isnan(s.median) && isnan(s.high) && isnan(gr_spread_width_pct(&s)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(burst_is_the_fast_start),
        cmocka_unit_test(sustained_is_the_settled_tail),
        cmocka_unit_test(sustained_past_the_end_is_the_second_half),
        cmocka_unit_test(burst_finds_the_best_span_anywhere),
        cmocka_unit_test(strided_marks_count_their_runs),
        cmocka_unit_test(short_trace_is_its_own_burst),
        cmocka_unit_test(unusable_traces_fail),
        cmocka_unit_test(unread_samples_are_left_out),
        cmocka_unit_test(spread_of_repeats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
