/* Unit tests for a kernel model on a device (src/core/model/model_device.c) and
 * a profile's level roofs (src/core/roofline/level_roofs.c): the shipped H100 and
 * K40 profiles, small models written here, each figure worked out by hand
 * from the profile's numbers (H100: FP32 66908.16 GFLOP/s, DRAM 3352 GB/s,
 * L2 13125.12 GB/s, shared memory 33454.08 GB/s, 65536 registers and 2048
 * threads an SM; the K40 has no L2 bandwidth). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "level_roofs.h"
#include "model_device.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

/* Large for the stack. */
static gr_model model;
static gr_profile h100, k40;

static void load_profile(const char *name, gr_profile *p)
{
    char path[4096];
    gr_error err;
    snprintf(path, sizeof path, "%s/profiles/%s.yaml", GPUROOF_SRCDIR, name);
    if (!gr_profile_load_file(path, p, &err))
        fail_msg("%s", err.text);
}

static int setup(void **state)
{
    (void)state;
    load_profile("h100", &h100);
    load_profile("k40", &k40);
    return 0;
}

/* 1000 blocks of block threads, 10 FLOPs and 8 bytes read a thread, and
 * what extra adds (registers, an inner level's bytes). */
static const gr_model *load_model(int block, const char *extra)
{
    char text[2048];
    gr_error err;
    int len = snprintf(text, sizeof text,
                       "name: t\ntitle: \"t\"\nlaunch:\n  grid: 1000\n  block: %d\nflops:\n  per_thread: 10\n"
                       "bytes:\n  read_per_thread: 8\n  written_per_thread: 0\n  count: read+written\n%s",
                       block, extra);
    gr_model_free(&model); /* the model loaded before */
    if (!gr_model_load_buffer("t.yaml", text, (size_t)len, NULL, 0, &model, &err))
        fail_msg("%s", err.text);
    return &model;
}

static void on(const gr_model *m, const gr_profile *p, const char *precision, gr_model_on_device *out)
{
    gr_error err;
    if (!gr_model_on_device_compute(m, p, precision, out, &err))
        fail_msg("%s", err.text);
}

/* DRAM alone: 10 FLOP / 8 B = 1.25 FLOP/B, x 3352 GB/s = 4190 GFLOP/s, under
 * the peak: memory-bound, ridge 66908.16 / 3352. */
static void dram_alone_is_bound_by_its_intensity(void **state)
{
    (void)state;
    gr_model_on_device d;
    on(load_model(256, ""), &h100, "fp32", &d);
    assert_string_equal(d.precision, "fp32");
    assert_true(d.has_bound);
    assert_false(d.has_occupancy);
    assert_string_equal(d.launch_error, "");
    assert_int_equal(d.levels.bound, GR_BOUND_MEMORY);
    assert_int_equal(d.levels.binding, GR_LEVEL_DRAM);
    assert_float_equal(d.levels.attainable_gflops, 4190.0, 1e-9);
    assert_float_equal(d.levels.level[GR_LEVEL_DRAM].ridge, 66908.16 / 3352.0, 1e-12);
    assert_false(d.levels.given[GR_LEVEL_L2]);
    assert_false(d.levels.given[GR_LEVEL_SHARED]);
}

/* 32 registers x 256 threads = 8192 a block: 8 blocks in 65536, and 8 in
 * 2048 threads: 64 warps, all of the SM's. */
static void registers_give_the_occupancy(void **state)
{
    (void)state;
    gr_model_on_device d;
    on(load_model(256, "registers: 32\n"), &h100, "fp32", &d);
    assert_true(d.has_occupancy);
    assert_int_equal(d.occupancy.blocks_per_sm, 8);
    assert_int_equal(d.occupancy.warps_per_sm, 64);
    assert_float_equal(d.occupancy.occupancy, 1.0, 1e-12);
    assert_string_equal(d.launch_error, "");
}

/* A block past the device's 1024 threads: the launch's error is a figure
 * of the result, and the bound still stands. */
static void a_refused_launch_is_a_figure(void **state)
{
    (void)state;
    gr_model_on_device d;
    on(load_model(2048, "registers: 32\n"), &h100, "fp32", &d);
    assert_true(d.has_bound);
    assert_false(d.has_occupancy);
    assert_non_null(strstr(d.launch_error, "2048"));
}

/* Shared memory at 100 B a thread: 10 / 100 = 0.1 FLOP/B x 33454.08 GB/s =
 * 3345.408 GFLOP/s, under DRAM's 4190: shared memory binds. */
static void an_inner_level_may_bind(void **state)
{
    (void)state;
    gr_model_on_device d;
    on(load_model(256, "shared_bytes:\n  per_thread: 100\n"), &h100, "fp32", &d);
    assert_true(gr_model_beyond_dram(&model));
    assert_true(d.has_bound);
    assert_true(d.levels.given[GR_LEVEL_SHARED]);
    assert_int_equal(d.levels.binding, GR_LEVEL_SHARED);
    assert_float_equal(d.levels.attainable_gflops, 3345.408, 1e-9);
    assert_float_equal(d.levels.level[GR_LEVEL_DRAM].attainable_gflops, 4190.0, 1e-9);
}

/* FP64's peak, as the profile spells it. */
static void the_precision_is_the_profiles(void **state)
{
    (void)state;
    gr_model_on_device d;
    on(load_model(256, ""), &h100, "FP64", &d);
    assert_string_equal(d.precision, "fp64");
    assert_float_equal(d.levels.level[GR_LEVEL_DRAM].peak_gflops, gr_profile_peak(&h100, "fp64")->gflops, 0);
}

/* L2 bytes on a K40, whose profile has no L2 bandwidth: an error naming
 * the field. */
/* A level the profile has no bandwidth for is left out and named, the
 * policy bound and plot follow: the K40 bounds the model at DRAM alone,
 * its 16 L2 bytes a thread (1000 blocks of 256) in unroofed_bytes. */
static void a_level_without_bandwidth_is_left_out(void **state)
{
    (void)state;
    gr_model_on_device d;
    gr_error err;
    char text[400];
    load_model(256, "l2_bytes:\n  per_thread: 16\n");
    assert_true(gr_model_on_device_compute(&model, &k40, "fp32", &d, &err));
    assert_true(d.has_bound);
    assert_false(d.levels.given[GR_LEVEL_L2]);
    assert_true(d.unroofed_bytes[GR_LEVEL_L2] == 16.0 * 256 * 1000);
    assert_true(d.unroofed_bytes[GR_LEVEL_SHARED] == 0);
    gr_level_unroofed_text(&k40, GR_LEVEL_L2, d.unroofed_bytes[GR_LEVEL_L2], NULL, text, sizeof text);
    assert_string_equal(text, "not bounded at L2: the model counts 4096000 B there, but k40 has no L2 bandwidth "
                              "(memory.l2_bandwidth_gbs in its profile)");
    assert_false(gr_level_no_bandwidth(&k40, GR_LEVEL_SHARED, "--shared-bandwidth", &err));
    assert_string_equal(err.text, "k40 has no shared memory bandwidth (shared_memory_banks.shared_bandwidth_gbs in "
                                  "its profile), so the shared memory bytes have no roof: give --shared-bandwidth GBS");
}

/* No floating-point work: no intensity, so no bound (and no failure). */
static void no_flops_no_bound(void **state)
{
    (void)state;
    gr_model_on_device d;
    char text[] = "name: z\ntitle: \"z\"\nlaunch:\n  grid: 4\n  block: 32\nflops:\n  per_thread: 0\n"
                  "bytes:\n  read_per_thread: 8\n  written_per_thread: 0\n  count: read+written\n"
                  "shared_bytes:\n  per_thread: 4\n";
    gr_error err;
    gr_model_free(&model); /* the model loaded before */
    if (!gr_model_load_buffer("z.yaml", text, strlen(text), NULL, 0, &model, &err))
        fail_msg("%s", err.text);
    on(&model, &h100, "fp32", &d);
    assert_false(d.has_bound);
}

/* The roofs a model is held to are the profile's, 0 where it has none
 * (gr_roofs_level_bandwidths), an option's over them. */
static void level_bandwidths_are_the_roofs(void **state)
{
    (void)state;
    double bw[GR_MEMORY_LEVELS];
    gr_roofs roofs;
    gr_roofs_fill(&h100, NULL, NULL, &roofs);
    gr_roofs_level_bandwidths(&roofs, bw);
    assert_float_equal(bw[GR_LEVEL_DRAM], 3352, 0);
    assert_float_equal(bw[GR_LEVEL_L2], 13125.12, 0);
    assert_float_equal(bw[GR_LEVEL_SHARED], 33454.08, 0);
    assert_int_equal(roofs.bandwidth_gbs[GR_LEVEL_L2].source, GR_ROOF_PROFILE);
    gr_roofs_fill(&k40, NULL, NULL, &roofs);
    gr_roofs_level_bandwidths(&roofs, bw);
    assert_float_equal(bw[GR_LEVEL_L2], 0, 0);
    assert_int_equal(roofs.bandwidth_gbs[GR_LEVEL_L2].source, GR_ROOF_NONE);
    gr_roof_options given;
    gr_roof_options_none(&given);
    given.bandwidth_gbs[GR_LEVEL_L2] = 500;
    given.bandwidth_gbs[GR_LEVEL_DRAM] = -1; /* no roof: the profile's stays */
    given.peak_gflops[gr_precision_find("fp64") - gr_precision_table] = 1000;
    gr_roofs_fill(&k40, NULL, &given, &roofs);
    assert_float_equal(gr_roofs_dram_gbs(&roofs), k40.bandwidth_gbs, 0);
    assert_int_equal(roofs.bandwidth_gbs[GR_LEVEL_DRAM].source, GR_ROOF_PROFILE);
    assert_float_equal(roofs.bandwidth_gbs[GR_LEVEL_L2].value, 500, 0);
    assert_int_equal(roofs.bandwidth_gbs[GR_LEVEL_L2].source, GR_ROOF_OPTION);
    assert_float_equal(gr_roofs_peak_gflops(&roofs, "fp64"), 1000, 0);
    assert_float_equal(gr_roofs_peak_gflops(&roofs, "fp32"), gr_profile_peak(&k40, "fp32")->gflops, 0);
    assert_true(isnan(gr_roofs_peak_gflops(&roofs, "fp33")));
    assert_string_equal(gr_roof_source_name(GR_ROOF_OPTION), "option");
}

static void a_precision_without_a_peak_is_refused(void **state)
{
    (void)state;
    gr_model_on_device d;
    gr_error err;
    assert_false(gr_model_on_device_compute(&model, &k40, "tensor_fp8", &d, &err));
    assert_non_null(strstr(err.text, "no tensor_fp8 peak"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dram_alone_is_bound_by_its_intensity),
        cmocka_unit_test(registers_give_the_occupancy),
        cmocka_unit_test(a_refused_launch_is_a_figure),
        cmocka_unit_test(an_inner_level_may_bind),
        cmocka_unit_test(the_precision_is_the_profiles),
        cmocka_unit_test(a_level_without_bandwidth_is_left_out),
        cmocka_unit_test(no_flops_no_bound),
        cmocka_unit_test(level_bandwidths_are_the_roofs),
        cmocka_unit_test(a_precision_without_a_peak_is_refused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
