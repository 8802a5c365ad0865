/* Unit tests for a trace's launches one by one
 * (src/core/trace/trace_kernel_launches.c, trace_launch_figures.c): the
 * bounded heap keeps the N longest whatever the order they come in, each
 * bin apart, ties in the list's order; every launch kept without a bound;
 * a figure past what a launch has is unknown, never narrowed; on the
 * H200 traces, the N longest are the first N of every launch, and each
 * launch's figures worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "trace_kernel_launches.h"
#include "trace_launch_figures.h"
#include "trace_run.h"
#include "trace_fixture.h"

static gr_trace_event launch_of(int64_t start_ns, int64_t time_ns)
{
    return (gr_trace_event){.kind = GR_TRACE_KERNEL, .name = "k", .ts_ns = start_ns, .dur_ns = time_ns,
                            .stream = 7, .device = 0, .grid = {320, 1, 1}, .block = {512, 1, 1},
                            .registers_per_thread = 60, .shared_bytes = 0, .est_achieved_occupancy_pct = 50};
}

/* The 3 longest of 9 launches that come in no order, longest first. */
static void keeps_the_longest(void **state)
{
    (void)state;
    static const int64_t times[] = {5, 90, 20, 70, 10, 80, 30, 60, 40};
    gr_trace_kernel_launches l;
    gr_trace_kernel_launches_init(&l, 3);
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        gr_trace_event e = launch_of(1000 + 100 * (int64_t)i, times[i]);
        assert_true(gr_trace_kernel_launches_add(&l, 0, "k", &e));
    }
    assert_int_equal(l.bins[0].count, 3);
    gr_trace_kernel_launches_finish(&l, 0, 1000);
    assert_int_equal(l.kept->count, 3);
    assert_int_equal(l.kept->items[0].time_ns, 90);
    assert_int_equal(l.kept->items[1].time_ns, 80);
    assert_int_equal(l.kept->items[2].time_ns, 70);
    assert_int_equal(l.kept->items[0].start_ns, 100); /* from the origin */
    assert_int_equal(l.more, 6);
    assert_int_equal(l.more_ns, 5 + 20 + 10 + 30 + 60 + 40);
    gr_trace_kernel_launches_free(&l);
}

/* Without a bound every launch is kept; ties: the earlier start first,
 * then the kernel's name. */
static void keeps_every_launch_in_order(void **state)
{
    (void)state;
    gr_trace_kernel_launches l;
    gr_trace_kernel_launches_init(&l, 0);
    gr_trace_event a = launch_of(300, 50), b = launch_of(100, 50), c = launch_of(100, 50), d = launch_of(0, 10);
    assert_true(gr_trace_kernel_launches_add(&l, 0, "zeta", &a));
    assert_true(gr_trace_kernel_launches_add(&l, 0, "zeta", &b));
    assert_true(gr_trace_kernel_launches_add(&l, 0, "alpha", &c));
    assert_true(gr_trace_kernel_launches_add(&l, 0, "alpha", &d));
    gr_trace_kernel_launches_finish(&l, 0, 0);
    assert_int_equal(l.kept->count, 4);
    assert_int_equal(l.more, 0);
    assert_string_equal(l.kept->items[0].kernel, "alpha");
    assert_int_equal(l.kept->items[0].start_ns, 100);
    assert_string_equal(l.kept->items[1].kernel, "zeta");
    assert_int_equal(l.kept->items[1].start_ns, 100);
    assert_int_equal(l.kept->items[2].start_ns, 300);
    assert_int_equal(l.kept->items[3].time_ns, 10);
    gr_trace_kernel_launches_free(&l);
}

/* Each bin is bounded apart; the one chosen is kept, the others counted
 * and given back; none chosen: nothing kept. */
static void bins_apart(void **state)
{
    (void)state;
    gr_trace_kernel_launches l;
    gr_trace_kernel_launches_init(&l, 2);
    for (int64_t i = 1; i <= 10; i++) {
        gr_trace_event e = launch_of(i, i);
        assert_true(gr_trace_kernel_launches_add(&l, (int)(i % 2), "k", &e));
    }
    gr_trace_kernel_launches_finish(&l, 1, 0);
    assert_int_equal(l.kept->count, 2);
    assert_int_equal(l.kept->items[0].time_ns, 9);
    assert_int_equal(l.kept->items[1].time_ns, 7);
    assert_int_equal(l.more, 3);
    assert_int_equal(l.more_ns, 5 + 3 + 1);
    assert_null(l.bins[0].items);
    gr_trace_kernel_launches_free(&l);
    gr_trace_kernel_launches_init(&l, 2);
    gr_trace_event e = launch_of(0, 1);
    assert_true(gr_trace_kernel_launches_add(&l, 2, "k", &e));
    gr_trace_kernel_launches_finish(&l, -1, 0);
    assert_int_equal(l.kept->count, 0);
    assert_int_equal(l.more, 0);
    gr_trace_kernel_launches_free(&l);
}

/* 200,000 launches, each longer than the last (every one displaces the
 * root): the heap keeps 10, in a blink. */
static void a_long_run_in_bounded_memory(void **state)
{
    (void)state;
    gr_trace_kernel_launches l;
    gr_trace_kernel_launches_init(&l, 10);
    for (int64_t i = 0; i < 200000; i++) {
        gr_trace_event e = launch_of(i, i);
        assert_true(gr_trace_kernel_launches_add(&l, 0, "k", &e));
    }
    assert_true(l.bins[0].capacity <= 256);
    gr_trace_kernel_launches_finish(&l, 0, 0);
    assert_int_equal(l.kept->count, 10);
    assert_int_equal(l.kept->items[0].time_ns, 199999);
    assert_int_equal(l.kept->items[9].time_ns, 199990);
    assert_int_equal(l.more, 199990);
    gr_trace_kernel_launches_free(&l);
}

static gr_profile h200;

static int setup(void **state)
{
    (void)state;
    char path[1024];
    gr_error err;
    snprintf(path, sizeof path, "%s/profiles/h200.yaml", GPUROOF_SRCDIR);
    return gr_profile_load_file(path, &h200, &err) ? 0 : -1;
}

/* A launch's figures on the H200, by hand: 512 threads of 60 registers
 * (30,720 a block of the SM's 65,536): 2 blocks, 32 of 64 warps, 50%
 * theoretical; 320 blocks of 16 warps over 132 SMs is 38.8 warps an SM,
 * more than 32, so the estimate is the theoretical 50%, Kineto's too;
 * 264 blocks at once, 1.212 waves.  A grid past 2^31 - 1 is unknown: the
 * occupancy stands, the estimate does not. */
static void a_launchs_figures(void **state)
{
    (void)state;
    gr_trace_kernels k;
    gr_error err;
    gr_trace_kernels_init(&k);
    assert_true(gr_trace_kernels_hold(&k, &h200, &err));
    gr_trace_kernel_launches l;
    gr_trace_kernel_launches_init(&l, 0);
    gr_trace_event e = launch_of(0, 162497), far = launch_of(0, 1);
    far.grid[0] = (int64_t)INT32_MAX + 1;
    assert_true(gr_trace_kernel_launches_add(&l, 0, "k", &e));
    assert_true(gr_trace_kernel_launches_add(&l, 0, "k", &far));
    gr_trace_kernel_launches_finish(&l, 0, 0);
    gr_trace_launch_figures f;
    gr_trace_launch_figures_of(&k, &l.kept->items[0], h200.launch_floor_ns, &f);
    assert_true(f.config.has_occupancy);
    assert_int_equal(f.config.occupancy.blocks_per_sm, 2);
    assert_float_equal(f.config.occupancy.occupancy, 0.5, 1e-12);
    assert_float_equal(f.estimated_achieved, 0.5, 1e-12);
    assert_float_equal(f.kineto_achieved, 0.5, 1e-6);
    assert_float_equal(f.limits.shape.waves, 320.0 / 264, 1e-12);
    assert_true(f.limits.shape.tail);
    assert_float_equal(f.limits.floors, 162497 / h200.launch_floor_ns, 1e-9);
    assert_int_equal(l.kept->items[1].grid[0], GR_TRACE_LAUNCH_UNKNOWN);
    gr_trace_launch_figures_of(&k, &l.kept->items[1], h200.launch_floor_ns, &f);
    assert_int_equal(f.config.grid[0], -1);
    assert_true(f.config.has_occupancy);
    assert_true(isnan(f.estimated_achieved));
    gr_trace_kernel_launches_free(&l);
    gr_trace_kernels_free(&k);
}

/* A recorded run: its 5 longest launches are the first 5 of all of them,
 * all of them are its kernels' launches, and each starts within its span. */
static void a_recorded_run(void **state)
{
    (void)state;
    gr_trace_run all, top;
    gr_error err;
    assert_true(gr_trace_run_init(&all, &h200, NULL, &err));
    assert_true(gr_trace_run_init(&top, &h200, NULL, &err));
    gr_trace_run_keep_launches(&all, 0);
    gr_trace_run_keep_launches(&top, 5);
    read_h200_trace("step-trace.json.gz", gr_trace_run_handlers(&all), 65536);
    read_h200_trace("step-trace.json.gz", gr_trace_run_handlers(&top), 4096);
    gr_trace_run_finish(&all);
    gr_trace_run_finish(&top);
    assert_int_equal(all.launches.kept->count, 163);
    assert_int_equal(top.launches.kept->count, 5);
    assert_int_equal(top.launches.more, 158);
    const gr_trace_device_time *d = &all.time.devices[0];
    for (size_t i = 0; i < all.launches.kept->count; i++) {
        const gr_trace_kernel_launch *x = &all.launches.kept->items[i];
        if (i < 5) {
            assert_int_equal(x->time_ns, top.launches.kept->items[i].time_ns);
            assert_int_equal(x->start_ns, top.launches.kept->items[i].start_ns);
            assert_string_equal(x->kernel, top.launches.kept->items[i].kernel);
        }
        if (i > 0)
            assert_true(gr_trace_launch_before(&all.launches.kept->items[i - 1], x));
        assert_true(x->start_ns >= 0 && x->start_ns + x->time_ns <= d->last_ns - d->first_ns);
    }
    gr_trace_run_free(&all);
    gr_trace_run_free(&top);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keeps_the_longest),
        cmocka_unit_test(keeps_every_launch_in_order),
        cmocka_unit_test(bins_apart),
        cmocka_unit_test(a_long_run_in_bounded_memory),
        cmocka_unit_test(a_launchs_figures),
        cmocka_unit_test(a_recorded_run),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
