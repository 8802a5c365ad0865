/* Unit tests for the roofline chart's figures (src/chart/roofline_figures.c),
 * worked out once before plot --json prints them.  The device is the
 * shipped H100 profile, each expected figure taken from its fields; the
 * results file is synthetic, its intensities worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "chart_levels.h"
#include "roofline_figures.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

static gr_profile h100;

static grc_roofline_inputs h100_inputs(void)
{
    char path[1024];
    gr_error err;
    grc_roofline_inputs in;
    snprintf(path, sizeof path, "%s/profiles/h100.yaml", GPUROOF_SRCDIR);
    if (!gr_profile_load_file(path, &h100, &err))
        fail_msg("%s", err.text);
    memset(&in, 0, sizeof in);
    grc_roofline_add_device(&in, &h100);
    return in;
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static gr_result_kernel kernels[3];

static gr_results synthetic_results(void)
{
    gr_results r;
    gr_results_init(&r);
    r.ceilings.dram_read_gbs = 3000;
    r.ceilings.fp32_gflops = 60000;
    r.ceilings.l2_gbs = 10000;
    r.ceilings.tensor_fp16_gflops = 700000;
    memset(kernels, 0, sizeof kernels);
    static const char *const names[] = {"k0", "k1", "k2"};
    for (size_t i = 0; i < 3; i++) {
        kernels[i].name = names[i];
        kernels[i].params = kernels[i].check = ""; /* absent text reads "", never NULL */
        kernels[i].flops = 2147483648.0;
        kernels[i].gflops = 8000;
        kernels[i].verified = i != 2;
        kernels[i].levels = (gr_result_levels){16777216.0, 134217728.0, NAN, 4194304.0, NAN};
    }
    kernels[1].levels = (gr_result_levels){NAN, NAN, NAN, NAN, NAN}; /* nothing counted */
    r.kernels = kernels;
    r.kernel_count = 3;
    return r;
}

static const grc_roofline_ceiling *ceiling(const grc_roofline_ceilings *c, const char *precision)
{
    for (size_t k = 0; k < c->count; k++)
        if (strcmp(c->items[k].precision, precision) == 0)
            return &c->items[k];
    return NULL;
}

/* Ridge, ceilings in the chart's order (each once, only those the profile
 * has), level bandwidths and each model's FP32 roof. */
static void device_figures(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    in.precisions[0] = "tensor_fp16";
    in.precisions[1] = "fp32";         /* asked again: kept once, first place */
    in.precisions[2] = "no_such_peak"; /* not in the profile: left out */
    in.models[in.model_count++].intensity = 2;     /* under the ridge: the slope */
    in.models[in.model_count++].intensity = 1000;  /* over it: the peak */
    grc_roofline_figures f;
    gr_error err;
    assert_true(grc_roofline_figures_build(&in, &f, &err));
    const grc_roofline_device_figures *d = &f.devices[0];
    double fp32 = gr_profile_peak(&h100, "fp32")->gflops;
    assert_true(near(d->ridge_flop_per_byte, fp32 / h100.bandwidth_gbs));
    assert_int_equal(d->ceilings.count, 3);
    assert_string_equal(d->ceilings.items[0].precision, "fp32");
    assert_string_equal(d->ceilings.items[1].precision, "fp64");
    assert_string_equal(d->ceilings.items[2].precision, "tensor_fp16");
    assert_true(near(d->ceilings.items[2].gflops, gr_profile_peak(&h100, "tensor_fp16")->gflops));
    assert_true(near(d->level_bandwidth_gbs[GR_LEVEL_DRAM], h100.bandwidth_gbs));
    assert_true(near(d->level_bandwidth_gbs[GR_LEVEL_L2], h100.l2_bandwidth_gbs));
    assert_true(near(d->level_bandwidth_gbs[GR_LEVEL_SHARED], h100.shared_bandwidth_gbs));
    assert_true(near(d->models[0].gflops, 2 * h100.bandwidth_gbs));
    assert_true(near(d->models[1].gflops, fp32));
    assert_int_equal(d->models[0].drawn_at, GR_LEVEL_DRAM);
    grc_roofline_figures_free(&f);
}

/* A model with counts sits where gpuroof bound puts it: PMPP's tiled
 * matmul, 4 FLOP/B at DRAM but 0.25 FLOP/B at shared memory, is held to
 * the shared-memory roof (0.25 x its bandwidth), never DRAM's 4 x 3352;
 * drawn at its shared-memory intensity where the chart draws that level,
 * else at DRAM's, at the same rate. */
static void model_at_binding_level(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    grc_chart_point *m = &in.models[in.model_count++];
    *m = (grc_chart_point){.intensity = 4, .has_counts = true, .flops = 4e9};
    m->given[GR_LEVEL_DRAM] = m->given[GR_LEVEL_SHARED] = true;
    m->bytes[GR_LEVEL_DRAM] = 1e9;
    m->bytes[GR_LEVEL_SHARED] = 16e9;
    gr_work_place at;
    assert_true(grc_model_place_on(&in, 0, m, &at));
    assert_int_equal(at.binding, GR_LEVEL_SHARED);
    assert_int_equal(at.drawn_at, GR_LEVEL_DRAM); /* no --levels: DRAM's intensity */
    assert_true(near(at.intensity, 4));
    assert_true(near(at.gflops, 0.25 * h100.shared_bandwidth_gbs));
    assert_true(at.gflops < 4 * h100.bandwidth_gbs);
    in.has_levels = true;
    in.levels[GR_LEVEL_DRAM] = in.levels[GR_LEVEL_SHARED] = true;
    assert_true(grc_model_place_on(&in, 0, m, &at));
    assert_int_equal(at.drawn_at, GR_LEVEL_SHARED);
    assert_true(near(at.intensity, 0.25));
    assert_true(near(at.gflops, 0.25 * h100.shared_bandwidth_gbs));
    in.levels[GR_LEVEL_SHARED] = false; /* --levels dram,l2: the same rate, at DRAM */
    assert_true(grc_model_place_on(&in, 0, m, &at));
    assert_int_equal(at.drawn_at, GR_LEVEL_DRAM);
    assert_true(near(at.gflops, 0.25 * h100.shared_bandwidth_gbs));
}

/* The measured roofs, the measured ceilings drawn, and each verified
 * kernel's level intensities where the levels draw it. */
static void results_figures(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    gr_results r = synthetic_results();
    grc_roofline_add_results(&in, &r, 0);
    in.has_levels = true;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        in.levels[l] = true;
    in.precisions[0] = "tensor_fp16";
    grc_roofline_figures f;
    gr_error err;
    assert_true(grc_roofline_figures_build(&in, &f, &err));
    const grc_roofline_results_figures *m = &f.results[0];
    assert_true(near(m->best_bandwidth_gbs, gr_results_best_bandwidth(&r)));
    assert_true(near(m->measured_level_bandwidth_gbs[GR_LEVEL_L2], 10000));
    assert_true(isnan(m->measured_level_bandwidth_gbs[GR_LEVEL_SHARED])); /* not measured */
    assert_int_equal(m->measured_ceilings.count, 2); /* fp32, tensor_fp16; no fp64 */
    assert_true(near(ceiling(&m->measured_ceilings, "fp32")->gflops, 60000));
    assert_true(near(ceiling(&m->measured_ceilings, "tensor_fp16")->gflops, 700000));
    assert_null(ceiling(&m->measured_ceilings, "fp64"));
    assert_true(m->kernels[0].has_level_intensity);
    assert_true(near(m->kernels[0].level_intensity[GR_LEVEL_DRAM], 128)); /* 2^31 / 2^24 */
    assert_true(near(m->kernels[0].level_intensity[GR_LEVEL_L2], 16));    /* 2^31 / 2^27 */
    assert_true(near(m->kernels[0].level_intensity[GR_LEVEL_SHARED], 4)); /* 2^31 / (2^22 x 128) */
    assert_false(m->kernels[1].has_level_intensity); /* nothing counted */
    assert_false(m->kernels[2].has_level_intensity); /* not verified: not drawn */
    grc_roofline_figures_free(&f);
    assert_int_equal(f.results_count, 0);
}

/* Without --levels the results kernels are drawn as measured: no level figures. */
static void no_levels_no_level_intensity(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    gr_results r = synthetic_results();
    grc_roofline_add_results(&in, &r, 0);
    grc_roofline_figures f;
    gr_error err;
    assert_true(grc_roofline_figures_build(&in, &f, &err));
    assert_false(f.results[0].kernels[0].has_level_intensity);
    grc_roofline_figures_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(device_figures),
        cmocka_unit_test(model_at_binding_level),
        cmocka_unit_test(results_figures),
        cmocka_unit_test(no_levels_no_level_intensity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
