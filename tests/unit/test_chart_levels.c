/* Unit tests for the hierarchical roofline's part of a chart
 * (src/chart/chart_levels.c) and the kernel labels
 * (src/chart/kernel_label.c).  The device is the shipped H100 profile;
 * the results and Nsight Compute figures are synthetic, filled here, each
 * figure worked out by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_layout.h"
#include "chart_levels.h"
#include "chart_roofline.h"
#include "gpuroof_kernels.h"
#include "kernel_label.h"

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
    in.width_in = 7.5;
    in.height_in = 5;
    grc_roofline_add_device(&in, &h100);
    in.has_levels = true;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        in.levels[l] = true;
    return in;
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

/* The series that holds a point at (x, y), and its marker. */
static const grc_series *series_at(const grc_chart *c, grc_draw draw, double x, double y)
{
    for (size_t s = 0; s < c->series_count; s++)
        for (size_t i = 0; c->series[s]->draw == draw && i < c->series[s]->count; i++)
            if (near(c->series[s]->points[i].x, x) && near(c->series[s]->points[i].y, y))
                return c->series[s];
    return NULL;
}

static const grc_label *label_text(const grc_chart *c, const char *text)
{
    for (size_t i = 0; i < c->label_count; i++)
        if (strcmp(c->labels[i].text, text) == 0)
            return &c->labels[i];
    return NULL;
}

static const grc_series *series_keyed(const grc_chart *c, const char *key)
{
    for (size_t s = 0; s < c->series_count; s++)
        if (strcmp(c->series[s]->key, key) == 0)
            return c->series[s];
    return NULL;
}

/* 2^31 FLOPs over 2^24 B at DRAM, 2^27 at the L2, 2^22 wavefronts. */
static gr_results levels_results(void)
{
    gr_results r;
    gr_results_init(&r);
    r.device.name = "Synthetic GPU";
    r.ceilings.dram_read_gbs = 3000;
    r.ceilings.fp32_gflops = 60000;
    r.ceilings.l2_gbs = 10000;
    r.ceilings.shared_gbs = 30000;
    r.ceilings.tensor_fp16_gflops = 700000;
    static gr_result_kernel kernels[2];
    memset(kernels, 0, sizeof kernels);
    for (size_t i = 0; i < 2; i++)
        kernels[i].params = kernels[i].check = ""; /* absent text reads "", never NULL */
    kernels[0].name = "tiled";
    kernels[0].flops = 2147483648.0;
    kernels[0].gflops = 8000;
    kernels[0].intensity = 128;
    kernels[0].verified = true;
    kernels[0].levels = (gr_result_levels){16777216.0, 134217728.0, NAN, 4194304.0, NAN};
    kernels[1].name = "plain";
    kernels[1].flops = NAN;
    kernels[1].gflops = 700;
    kernels[1].intensity = 0.25;
    kernels[1].verified = true;
    kernels[1].levels = (gr_result_levels){NAN, NAN, NAN, NAN, NAN};
    r.kernels = kernels;
    r.kernel_count = 2;
    return r;
}

static void result_kernel_intensities(void **state)
{
    (void)state;
    gr_results r = levels_results();
    grc_chart_level_kernel k;
    assert_true(grc_chart_result_kernel(&r.kernels[0], &k));
    assert_true(near(k.intensity[GR_LEVEL_DRAM], 128));   /* 2^31 / 2^24 */
    assert_true(near(k.intensity[GR_LEVEL_L2], 16));      /* 2^31 / 2^27 */
    assert_true(near(k.intensity[GR_LEVEL_SHARED], 4));   /* 2^31 / (2^22 x 128) */
    assert_true(near(k.gflops, 8000));
    assert_false(grc_chart_result_kernel(&r.kernels[1], &k)); /* no levels counted */
    r.kernels[0].levels.shared_wavefronts = NAN;
    assert_true(grc_chart_result_kernel(&r.kernels[0], &k));
    assert_true(isnan(k.intensity[GR_LEVEL_SHARED]));
}

static void ncu_kernel_intensities(void **state)
{
    (void)state;
    gr_ncu_work w;
    gr_ncu_figures *f = &w.figures;
    grc_chart_level_kernel k;
    memset(&w, 0, sizeof w);
    w.kind = GR_NCU_WORK_FLOPS;
    w.precision = GR_NCU_TENSOR_BF16;
    f->flops_total = 6000;
    f->bytes[GR_NCU_DRAM] = 100;
    f->bytes[GR_NCU_L2] = 400;
    f->bytes[GR_NCU_L1] = 1500;
    f->gflops = 250;
    w.binding.roof_gflops[GR_NCU_DRAM] = 123; /* the core's roof, passed on as it is */
    assert_true(grc_chart_ncu_kernel(&w, "k", &k));
    assert_string_equal(k.label, "k");
    assert_string_equal(k.precision, gr_ncu_precision_name(GR_NCU_TENSOR_BF16));
    assert_true(near(k.roof_gflops[GR_LEVEL_DRAM], 123));
    assert_true(near(k.intensity[GR_LEVEL_DRAM], 60));
    assert_true(near(k.intensity[GR_LEVEL_L2], 15));
    assert_true(near(k.intensity[GR_LEVEL_SHARED], 4)); /* L1's bytes */
    assert_true(near(k.gflops, 250));
    f->bytes[GR_NCU_L2] = NAN; /* not counted: no point there */
    assert_true(grc_chart_ncu_kernel(&w, "k", &k));
    assert_true(isnan(k.intensity[GR_LEVEL_L2]));
    w.kind = GR_NCU_WORK_NEGLIGIBLE; /* a memory kernel: no point, whatever its FLOPs */
    assert_false(grc_chart_ncu_kernel(&w, "copy", &k));
    w.kind = GR_NCU_WORK_FLOPS;
    f->flops_total = 0; /* a copy: no intensity */
    f->gflops = 0;
    assert_false(grc_chart_ncu_kernel(&w, "copy", &k));
}

static void level_roofs_profile_and_measured(void **state)
{
    (void)state;
    gr_results r = levels_results();
    grc_roofline_inputs in = h100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    in.precisions[0] = "tensor_fp16";
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    double fp32 = gr_profile_peak(&h100, "fp32")->gflops;
    /* the profile's L2 and shared slopes meet FP32 at their ridges, solid */
    const grc_series *l2 = series_at(&c, GRC_DRAW_LINES, fp32 / h100.l2_bandwidth_gbs, fp32);
    assert_non_null(l2);
    assert_false(l2->dashed);
    assert_true(near(l2->points[0].y, h100.l2_bandwidth_gbs * c.xmin));
    const grc_series *shared = series_at(&c, GRC_DRAW_LINES, fp32 / h100.shared_bandwidth_gbs, fp32);
    assert_non_null(shared);
    assert_false(shared->dashed);
    /* the measured ones, dashed, up to the measured FP32 */
    const grc_series *ml2 = series_at(&c, GRC_DRAW_LINES, 60000.0 / 10000, 60000);
    assert_non_null(ml2);
    assert_true(ml2->dashed);
    assert_non_null(series_at(&c, GRC_DRAW_LINES, 60000.0 / 30000, 60000));
    assert_non_null(label_text(&c, "measured L2 10000 GB/s"));
    assert_non_null(label_text(&c, "measured shared memory 30000 GB/s"));
    assert_non_null(label_text(&c, "L2 13125 GB/s"));
    /* the measured tensor ceiling asked for, from the measured DRAM slope */
    const grc_series *tensor = series_at(&c, GRC_DRAW_LINES, 700000.0 / 3000, 700000);
    assert_non_null(tensor);
    assert_true(tensor->dashed);
    assert_non_null(label_text(&c, "TENSOR FP16 700 TFLOP/s (measured)"));
    grc_chart_free(&c);
}

static void result_kernel_drawn_at_every_level(void **state)
{
    (void)state;
    gr_results r = levels_results();
    grc_roofline_inputs in = h100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    const grc_series *dram = series_at(&c, GRC_DRAW_POINTS, 128, 8000);
    const grc_series *l2 = series_at(&c, GRC_DRAW_POINTS, 16, 8000);
    const grc_series *shared = series_at(&c, GRC_DRAW_POINTS, 4, 8000);
    assert_non_null(dram);
    assert_non_null(l2);
    assert_non_null(shared);
    /* a shape a level, the kernel's colour in each; joined by a thin line */
    assert_int_not_equal(dram->marker, l2->marker);
    assert_int_not_equal(l2->marker, shared->marker);
    assert_int_equal(dram->color, shared->color);
    const grc_series *line = series_at(&c, GRC_DRAW_LINES, 16, 8000);
    assert_non_null(line);
    assert_true(line->thin);
    assert_int_equal(line->count, 3);
    /* not at its one intensity as well; the kernel without levels as ever */
    assert_null(series_keyed(&c, "tiled (measured)"));
    assert_non_null(series_keyed(&c, "plain (measured)"));
    /* the legend names the levels; one label the kernel */
    assert_non_null(series_keyed(&c, "DRAM"));
    assert_non_null(series_keyed(&c, "L2"));
    assert_non_null(series_keyed(&c, "shared memory (wavefronts x 128 B)"));
    assert_non_null(strstr(c.note, "128 B a wavefront"));
    assert_non_null(label_text(&c, "tiled"));
    /* every point within the axes */
    assert_true(c.xmin <= 4 && c.xmax >= 128 && c.ymin <= 8000 && c.ymax >= 8000);
    grc_chart_free(&c);
}

static void levels_not_asked_are_left_out(void **state)
{
    (void)state;
    gr_results r = levels_results();
    grc_roofline_inputs in = h100_inputs();
    in.levels[GR_LEVEL_L2] = false;
    grc_roofline_add_results(&in, &r, 0);
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    double fp32 = gr_profile_peak(&h100, "fp32")->gflops;
    assert_null(series_at(&c, GRC_DRAW_LINES, fp32 / h100.l2_bandwidth_gbs, fp32));
    assert_null(series_at(&c, GRC_DRAW_POINTS, 16, 8000));
    assert_non_null(series_at(&c, GRC_DRAW_POINTS, 4, 8000));
    assert_null(series_keyed(&c, "L2"));
    grc_chart_free(&c);
}

static void ncu_kernels_and_note(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    in.level_kernels[0] = (grc_chart_level_kernel){"gemm", 20000, {500, 20, 4}, {NAN, NAN, NAN}, NULL, {NULL, NULL, NULL}, 0};
    in.level_kernels[1] = (grc_chart_level_kernel){"scale", 200, {0.25, 0.125, NAN}, {NAN, NAN, NAN}, NULL, {NULL, NULL, NULL}, 0};
    in.level_kernel_count = 2;
    snprintf(in.level_kernels_note, sizeof in.level_kernels_note, "Not drawn: 1 kernel without FLOPs (copy).");
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    assert_non_null(series_at(&c, GRC_DRAW_POINTS, 4, 20000));
    assert_non_null(series_at(&c, GRC_DRAW_POINTS, 0.125, 200));
    assert_non_null(series_keyed(&c, "L1 / shared memory"));
    assert_non_null(label_text(&c, "gemm"));
    assert_non_null(label_text(&c, "scale"));
    assert_non_null(strstr(c.note, "Not drawn: 1 kernel without FLOPs (copy)."));
    assert_non_null(strstr(c.title, "Hierarchical roofline"));
    assert_true(c.xmin <= 0.125 && c.xmax >= 500);
    grc_chart_free(&c);
}

/* Eight GEMMs of long names within a third of a decade of one another, as
 * cuBLAS's are on a training step: no two labels overlap; those that find
 * no room say their rank ("[4]"), the longest kernels keep their names,
 * and the note names the numbered ones, by rank. */
static void crowded_kernels_numbered(void **state)
{
    (void)state;
    grc_roofline_inputs in = h100_inputs();
    const double at[][2] = {{700, 740000}, {760, 700000}, {820, 760000}, {900, 720000},
                            {650, 680000}, {720, 730000}, {800, 690000}, {870, 750000}};
    for (size_t i = 0; i < 8; i++) {
        grc_chart_level_kernel *k = &in.level_kernels[i];
        *k = (grc_chart_level_kernel){"", at[i][1], {at[i][0], at[i][0] / 5, at[i][0] / 6}, {NAN, NAN, NAN}, NULL,
                                     {NULL, NULL, NULL}, 0};
        snprintf(k->label, sizeof k->label, "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_N%zuT", i);
        k->rank = (unsigned)(2 * i + 1); /* 1, 3, 5 ... 15 */
    }
    in.level_kernel_count = 8;
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    size_t numbered = 0;
    for (size_t i = 0; i < c.label_count; i++) {
        grc_label_box a = grc_chart_label_box(&c, &c.labels[i]);
        for (size_t j = i + 1; j < c.label_count; j++) {
            grc_label_box b = grc_chart_label_box(&c, &c.labels[j]);
            assert_false(grc_boxes_overlap(&a, &b));
        }
        if (c.labels[i].text[0] == '[') {
            char words[200];
            snprintf(words, sizeof words, "[%u] %s", c.labels[i].number, c.labels[i].name);
            assert_non_null(strstr(c.note, words));
            assert_int_equal(atoi(c.labels[i].text + 1), (int)c.labels[i].number);
            numbered++;
        }
    }
    assert_true(numbered >= 1 && numbered < 8);
    assert_non_null(label_text(&c, "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_N0T")); /* rank 1 keeps its name */
    assert_null(label_text(&c, "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_N7T")); /* rank 15 gives way first */
    assert_non_null(strstr(c.note, "[15] nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_N7T"));
    grc_chart_free(&c);
}

static void short_names(void **state)
{
    (void)state;
    char out[96];
    gr_kernel_short_name("void copy_f4(const float4 *, float4 *, unsigned long)", 0, out, sizeof out);
    assert_string_equal(out, "copy_f4");
    gr_kernel_short_name("void scale<float, 4>(float *, int)", 0, out, sizeof out);
    assert_string_equal(out, "scale<float, 4>");
    gr_kernel_short_name("void cutlass::Kernel<cutlass::gemm::GemmUniversal<float, 128>>(Params)", 0, out,
                         sizeof out);
    assert_string_equal(out, "cutlass::Kernel<...>");
    gr_kernel_short_name("void cutlass::Kernel<cutlass::gemm::GemmUniversal<float, 128>>(Params)", 1, out,
                         sizeof out);
    assert_string_equal(out, "cutlass::Kernel<cutlass::gemm::GemmUniversal<float, 128>>");
    gr_kernel_short_name("(anonymous namespace)::k(int)", 0, out, sizeof out);
    assert_string_equal(out, "(anonymous namespace)::k");
    gr_kernel_short_name("plain", 0, out, sizeof out);
    assert_string_equal(out, "plain");
}

static void labels_unique(void **state)
{
    (void)state;
    const char *names[] = {
        "void reduce_kernel_with_a_long_name<float, 256>(float *)",
        "void reduce_kernel_with_a_long_name<double, 256>(double *)",
        "void f(int)", "void f(float)", "void f(double)", "void g(int)",
    };
    char labels[6][96];
    grc_kernel_labels(names, 6, labels);
    assert_string_equal(labels[0], "reduce_kernel_with_a_long_name<float, 256>"); /* the templates tell them apart */
    assert_string_equal(labels[1], "reduce_kernel_with_a_long_name<double, 256>");
    assert_string_equal(labels[2], "f");
    assert_string_equal(labels[3], "f #2");
    assert_string_equal(labels[4], "f #3");
    assert_string_equal(labels[5], "g");
    for (size_t i = 0; i < 6; i++)
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(labels[i], labels[j]);
}

/* A kernel run at two widths: drawn once, at the larger, labelled by its
 * name at the ends of its chain; the note says which width. */
static void largest_width_drawn_once(void **state)
{
    (void)state;
    gr_results r = levels_results();
    gr_result_kernel kernels[3];
    memcpy(kernels, r.kernels, 2 * sizeof kernels[0]);
    kernels[0].params = "width=1024 tile=16";
    /* 2^37 FLOPs over 2^28 B at DRAM (512), 2^32 at the L2 (32), 2^28 wavefronts (4) */
    kernels[2] = kernels[0];
    kernels[2].params = "tile=16 width=4096";
    kernels[2].flops = 137438953472.0;
    kernels[2].gflops = 20000;
    kernels[2].levels = (gr_result_levels){268435456.0, 4294967296.0, NAN, 268435456.0, NAN};
    r.kernels = kernels;
    r.kernel_count = 3;
    grc_roofline_inputs in = h100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    assert_false(grc_levels_shows_result_kernel(&in, &r, 0));
    assert_false(grc_levels_shows_result_kernel(&in, &r, 1)); /* no levels */
    assert_true(grc_levels_shows_result_kernel(&in, &r, 2));
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    assert_null(series_at(&c, GRC_DRAW_POINTS, 128, 8000));
    assert_null(series_at(&c, GRC_DRAW_POINTS, 4, 8000));
    assert_non_null(series_at(&c, GRC_DRAW_POINTS, 512, 20000));
    assert_non_null(series_at(&c, GRC_DRAW_POINTS, 4, 20000));
    const grc_label *l = label_text(&c, "tiled");
    assert_non_null(l);
    assert_true(l->chain);
    assert_true(near(l->at_x, 4) && near(l->at_x2, 512) && near(l->at_y, 20000));
    for (size_t i = 0; i < c.label_count; i++)
        assert_null(strstr(c.labels[i].text, "width="));
    assert_non_null(strstr(c.note, " Each kernel at its largest width: 4096."));
    /* the ridge is not a filled circle, the DRAM points' marker */
    double fp32 = gr_profile_peak(&h100, "fp32")->gflops;
    const grc_series *ridge = series_at(&c, GRC_DRAW_POINTS, fp32 / h100.bandwidth_gbs, fp32);
    assert_non_null(ridge);
    assert_int_not_equal(ridge->marker, series_keyed(&c, "DRAM")->marker);
    grc_chart_free(&c);
    /* one run each: nothing left out, nothing said */
    r.kernel_count = 2;
    assert_true(grc_roofline_chart(&in, &c, &err));
    assert_null(strstr(c.note, "largest width"));
    grc_chart_free(&c);
}

/* Whether page point (x, y) lies in box b. */
static bool box_holds(const grc_label_box *b, double x, double y)
{
    grc_label_box dot = {{x, x, x, x}, {y, y, y, y}};
    return grc_boxes_overlap(b, &dot);
}

/* The committed H100 run: 17 kernels, 6 with levels at three widths; each
 * drawn once, its label clear of every other label, of every marker and
 * inside the plot. */
static void committed_run_labels_clear(void **state)
{
    (void)state;
    char path[1024];
    gr_results r;
    gr_error err;
    snprintf(path, sizeof path, "%s/plots/data/h100-sxm.yaml", GPUROOF_SRCDIR);
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    grc_roofline_inputs in = h100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    grc_chart c;
    assert_true(grc_roofline_chart(&in, &c, &err));
    size_t chains = 0;
    for (size_t i = 0; i < c.label_count; i++) {
        grc_label_box b = grc_chart_label_box(&c, &c.labels[i]);
        for (size_t j = 0; j < c.label_count; j++) {
            grc_label_box other = grc_chart_label_box(&c, &c.labels[j]);
            if (j != i && grc_boxes_overlap(&b, &other))
                fail_msg("'%s' over '%s'", c.labels[i].text, c.labels[j].text);
        }
        if (!c.labels[i].chain)
            continue;
        chains++;
        assert_null(strchr(c.labels[i].text, ' '));
        for (int k = 0; k < 4; k++)
            assert_true(b.x[k] >= 0 && b.x[k] <= c.plot_width_in && b.y[k] >= 0 && b.y[k] <= c.plot_height_in);
        for (size_t s = 0; s < c.series_count; s++)
            for (size_t p = 0; c.series[s]->draw == GRC_DRAW_POINTS && p < c.series[s]->count; p++)
                if (box_holds(&b, grc_page_x(&c, c.series[s]->points[p].x), grc_page_y(&c, c.series[s]->points[p].y)))
                    fail_msg("'%s' over a marker", c.labels[i].text);
    }
    assert_int_equal(chains, 6);
    grc_chart_free(&c);
    gr_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(result_kernel_intensities),
        cmocka_unit_test(ncu_kernel_intensities),
        cmocka_unit_test(level_roofs_profile_and_measured),
        cmocka_unit_test(result_kernel_drawn_at_every_level),
        cmocka_unit_test(levels_not_asked_are_left_out),
        cmocka_unit_test(ncu_kernels_and_note),
        cmocka_unit_test(largest_width_drawn_once),
        cmocka_unit_test(committed_run_labels_clear),
        cmocka_unit_test(crowded_kernels_numbered),
        cmocka_unit_test(short_names),
        cmocka_unit_test(labels_unique),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
