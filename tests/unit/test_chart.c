/* Unit tests for the chart builders (src/chart/chart_roofline.c,
 * src/chart/chart_occupancy.c, src/chart/chart_banks.c, src/chart/chart.c),
 * the placing of labels (src/chart/chart_layout.c) and the gnuplot script
 * writer (src/chart/gnuplot_script.c).  The devices are the shipped profiles; the
 * results are synthetic structs filled here, never measurements. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#endif
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

#include "chart.h"
#include "chart_banks.h"
#include "chart_layout.h"
#include "chart_occupancy.h"
#include "chart_roofline.h"
#include "gnuplot_script.h"
#include "occupancy.h"
#include "profile.h"
#include "results.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

/* The page gpuroof plot draws a roofline on (cmd_plot.c). */
#define WIDTH_IN 7.5
#define HEIGHT_IN 5.0

/* ---- fixtures ------------------------------------------------------------- */

static gr_profile profiles[5];

static const gr_profile *device(size_t slot, const char *name)
{
    char path[1024];
    gr_error err;
    snprintf(path, sizeof path, "%s/profiles/%s.yaml", GPUROOF_SRCDIR, name);
    if (!gr_profile_load_file(path, &profiles[slot], &err))
        fail_msg("%s", err.text);
    return &profiles[slot];
}

static grc_roofline_inputs inputs(void)
{
    grc_roofline_inputs in;
    memset(&in, 0, sizeof in);
    in.width_in = WIDTH_IN;
    in.height_in = HEIGHT_IN;
    return in;
}

static grc_roofline_inputs a100_inputs(void)
{
    grc_roofline_inputs in = inputs();
    grc_roofline_add_device(&in, device(0, "a100"));
    return in;
}

static void add_model(grc_roofline_inputs *in, const char *label, double intensity)
{
    grc_chart_point *m = &in->models[in->model_count++];
    memset(m, 0, sizeof *m);
    snprintf(m->label, sizeof m->label, "%s", label);
    m->intensity = intensity;
}

static void add_point(grc_roofline_inputs *in, const char *label, double intensity, double gflops)
{
    grc_chart_point *p = &in->points[in->point_count++];
    memset(p, 0, sizeof *p);
    snprintf(p->label, sizeof p->label, "%s", label);
    p->intensity = intensity;
    p->gflops = gflops;
}

static grc_chart build(const grc_roofline_inputs *in)
{
    grc_chart c;
    gr_error err;
    if (!grc_roofline_chart(in, &c, &err))
        fail_msg("%s", err.text);
    return c;
}

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

static bool power_of_ten(double x)
{
    double e = log10(x);
    return x > 0 && fabs(e - round(e)) < 1e-12;
}

/* 1, 2 or 5 times a power of ten: the ends of an axis fitted to points. */
static bool one_two_five(double x)
{
    return power_of_ten(x) || power_of_ten(x / 2) || power_of_ten(x / 5);
}

/* The first series whose key contains text. */
static const grc_series *series_keyed(const grc_chart *c, const char *text)
{
    for (size_t i = 0; i < c->series_count; i++)
        if (strstr(c->series[i]->key, text))
            return c->series[i];
    return NULL;
}

static size_t series_count_keyed(const grc_chart *c, const char *text)
{
    size_t n = 0;
    for (size_t i = 0; i < c->series_count; i++)
        n += strstr(c->series[i]->key, text) != NULL;
    return n;
}

/* The point labelled text in any series, and its series. */
static const grc_point *point_labelled(const grc_chart *c, const char *text, const grc_series **in)
{
    for (size_t i = 0; i < c->series_count; i++)
        for (size_t k = 0; k < c->series[i]->count; k++)
            if (strcmp(c->series[i]->points[k].label, text) == 0) {
                if (in)
                    *in = c->series[i];
                return &c->series[i]->points[k];
            }
    return NULL;
}

static const grc_label *label_text(const grc_chart *c, const char *text)
{
    for (size_t i = 0; i < c->label_count; i++)
        if (strcmp(c->labels[i].text, text) == 0)
            return &c->labels[i];
    return NULL;
}

static size_t labels_starting(const grc_chart *c, const char *prefix)
{
    size_t n = 0;
    for (size_t i = 0; i < c->label_count; i++)
        n += strncmp(c->labels[i].text, prefix, strlen(prefix)) == 0;
    return n;
}

static bool x_in_range(const grc_chart *c, double x)
{
    return x > c->xmin && x < c->xmax;
}

static bool y_in_range(const grc_chart *c, double y)
{
    return y > c->ymin && y < c->ymax;
}

/* Half a marker's width on the page: pointsize 0.8 draws one 0.075 in
 * wide (measured in both terminals). */
#define MARKER_HALF_IN 0.0375
/* How close a label keeps to what it names. */
#define BESIDE_IN 0.06

static bool box_inside(const grc_chart *c, const grc_label_box *b)
{
    for (int i = 0; i < 4; i++)
        if (b->x[i] < -1e-9 || b->x[i] > c->plot_width_in + 1e-9 || b->y[i] < -1e-9 ||
            b->y[i] > c->plot_height_in + 1e-9)
            return false;
    return true;
}

/* b with each side moved out by d, along the box's own edges. */
static grc_label_box inflated(const grc_label_box *b, double d)
{
    double ux = b->x[1] - b->x[0], uy = b->y[1] - b->y[0], vx = b->x[3] - b->x[0], vy = b->y[3] - b->y[0];
    double u = hypot(ux, uy), v = hypot(vx, vy);
    const double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
    grc_label_box out = *b;
    for (int i = 0; i < 4; i++) {
        out.x[i] += d * (su[i] * ux / u + sv[i] * vx / v);
        out.y[i] += d * (su[i] * uy / u + sv[i] * vy / v);
    }
    return out;
}

/* The label covers no line and no marker of the chart, and keeps clear
 * of them by a hundredth of an inch: text set touching a line reads as
 * crossed by it. */
static void assert_label_covers_nothing(const grc_chart *c, const grc_label *l, const grc_label_box *text)
{
    grc_label_box clearance = inflated(text, 0.01), *b = &clearance;
    for (size_t s = 0; s < c->series_count; s++) {
        const grc_series *series = c->series[s];
        for (size_t k = 0; k < series->count; k++) {
            double x = grc_page_x(c, series->points[k].x), y = grc_page_y(c, series->points[k].y);
            if (series->draw == GRC_DRAW_POINTS) {
                double r = series->thin ? MARKER_HALF_IN / 2 : MARKER_HALF_IN;
                grc_label_box marker = {{x - r, x + r, x + r, x - r}, {y - r, y - r, y + r, y + r}};
                if (grc_boxes_overlap(b, &marker))
                    fail_msg("label '%s' covers a marker of '%s' at (%g, %g)", l->text, series->key,
                             series->points[k].x, series->points[k].y);
            } else if (k > 0 && grc_segment_crosses(b, grc_page_x(c, series->points[k - 1].x),
                                                   grc_page_y(c, series->points[k - 1].y), x, y)) {
                fail_msg("label '%s' covers the line of '%s' from (%g, %g) to (%g, %g)", l->text, series->key,
                         series->points[k - 1].x, series->points[k - 1].y, series->points[k].x,
                         series->points[k].y);
            }
        }
    }
}

/* A label beside a level line: its lower or upper edge at most BESIDE_IN
 * from the line, or where roofs close together leave no room, moved up to
 * GRC_LABEL_FAR_IN off it (the script then draws a leader line to it), and
 * the whole of it over the line's stretch. */
static void assert_beside_level(const grc_chart *c, const grc_label *l, const grc_label_box *b)
{
    double line = grc_page_y(c, l->at_y), from = grc_page_x(c, l->at_x), to = grc_page_x(c, l->at_x2);
    double below = fmin(b->y[0], b->y[2]) - line, above = line - fmax(b->y[0], b->y[2]);
    double near_in = GRC_LABEL_FAR_IN; /* past BESIDE_IN the script draws a leader line */
    if (!((below >= 0 && below <= near_in) || (above >= 0 && above <= near_in)))
        fail_msg("label '%s' is not beside its line: from %g in below to %g in above it", l->text, below,
                 fmax(b->y[0], b->y[2]) - line);
    if (fmin(b->x[0], b->x[3]) < from - 1e-9 || fmax(b->x[1], b->x[2]) > to + 1e-9)
        fail_msg("label '%s' goes past its line's ends", l->text);
}

/* Every label inside the plot, clear of every other label, and next to
 * what it names; on a page with room (not crowded), clear of every line and
 * marker too, and on one without, without an opaque box where it is not:
 * it may cross a line, never hide one. */
static void assert_labels_placed(const grc_chart *c, bool crowded)
{
    assert_true(c->label_count > 0);
    for (size_t i = 0; i < c->label_count; i++) {
        const grc_label *l = &c->labels[i];
        grc_label_box b = grc_chart_label_box(c, l);
        if (!box_inside(c, &b))
            fail_msg("label '%s' is not inside the plot", l->text);
        if (!crowded || !l->unboxed)
            assert_label_covers_nothing(c, l, &b);
        for (size_t j = i + 1; j < c->label_count; j++) {
            grc_label_box other = grc_chart_label_box(c, &c->labels[j]);
            if (grc_boxes_overlap(&b, &other))
                fail_msg("labels '%s' and '%s' overlap", l->text, c->labels[j].text);
        }
        if (l->place == GRC_PLACE_LEVEL)
            assert_beside_level(c, l, &b);
        if (l->place == GRC_PLACE_POINT) { /* the point within a few characters of its label */
            double x = grc_page_x(c, l->at_x), y = grc_page_y(c, l->at_y);
            double dx = fmax(0, fmax(fmin(b.x[0], b.x[3]) - x, x - fmax(b.x[1], b.x[2])));
            double dy = fmax(0, fmax(fmin(b.y[0], b.y[1]) - y, y - fmax(b.y[2], b.y[3])));
            if (hypot(dx, dy) > GRC_LABEL_FAR_IN)
                fail_msg("label '%s' is %g in from its point", l->text, hypot(dx, dy));
        }
    }
}

static void assert_labels_clear(const grc_chart *c)
{
    assert_labels_placed(c, false);
}

/* ---- grc_rate_of ------------------------------------------------------------ */

static void rate_text(void **state)
{
    (void)state;
    assert_string_equal(GRC_RATE(19500), "19.5 TFLOP/s");
    assert_string_equal(GRC_RATE(388.75), "388.8 GFLOP/s");
    assert_string_equal(GRC_RATE(9700), "9.7 TFLOP/s");
    assert_string_equal(GRC_RATE(66908.16), "66.91 TFLOP/s");
    assert_string_equal(GRC_RATE(312000), "312 TFLOP/s");
    assert_string_equal(GRC_RATE(1000), "1 TFLOP/s");
    assert_string_equal(GRC_RATE(999), "999 GFLOP/s");
    assert_true(strlen(GRC_RATE(-1.235e-308)) < sizeof(gr_num)); /* the longest number and unit */
}

/* Regression: the rate text formatted TFLOP/s with "%.3g", so a rate of 1000 TFLOP/s
 * or more comes out in exponent notation: the shipped h100 and h200
 * profiles' tensor_fp8 peak 1978859.52 GFLOP/s gives "1.98e+03 TFLOP/s",
 * and `gpuroof plot --device h100 --precision tensor_fp8` labels its
 * ceiling "TENSOR FP8 1.98e+03 TFLOP/s".  Any plain figure (1979 TFLOP/s,
 * 1.98 PFLOP/s) that reads back to the rate is right. */
static void rate_text_without_exponent(void **state)
{
    (void)state;
    assert_string_equal(GRC_RATE(1978859.52), "1.979 PFLOP/s");
    assert_string_equal(GRC_RATE(999999), "1 PFLOP/s"); /* 999.999 TFLOP/s rounds to 1000 */
    assert_string_equal(GRC_RATE(9999.4), "9.999 TFLOP/s");
    assert_string_equal(GRC_RATE(388.75), "388.8 GFLOP/s");
}

/* ---- the roofline of one device -------------------------------------------- */

static void one_device_title_and_axes(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    add_model(&in, "naive", 0.25);
    add_model(&in, "tiled 16", 4);
    add_model(&in, "tiled 32", 8);
    grc_chart c = build(&in);
    assert_string_equal(c.title, "Roofline of NVIDIA A100-SXM4-40GB");
    assert_true(c.log_x);
    assert_true(c.log_y);
    assert_false(c.y_percent);
    /* Fitted to what is drawn, not whole decades: x from the lowest model
     * (0.25 FLOP/B) / 3 down to a 1-2-5 step, 0.05, to the ridge (12.54)
     * x 3 up to one, 50; y from the lowest model (0.25 x 1555 = 388.75
     * GFLOP/s) / 4, 97.2, down to 50, to the FP32 roof x 2 up to 50,000. */
    assert_true(near(c.xmin, 0.05) && near(c.xmax, 50));
    assert_true(near(c.ymin, 50) && near(c.ymax, 50000));
    assert_true(x_in_range(&c, 19500.0 / 1555)); /* the ridge */
    assert_true(y_in_range(&c, 19500));
    assert_true(x_in_range(&c, 9700.0 / 1555)); /* the FP64 knee */
    assert_true(y_in_range(&c, 9700));
    assert_true(x_in_range(&c, 0.25));
    assert_true(x_in_range(&c, 4));
    assert_true(x_in_range(&c, 8));
    assert_true(y_in_range(&c, 0.25 * 1555)); /* the lowest model point */
    assert_true(y_in_range(&c, 1555 * c.xmin)); /* where the roof enters */
    assert_true(c.xlabel[0] != '\0');
    assert_true(c.ylabel[0] != '\0');
    grc_chart_free(&c);
    assert_int_equal(c.series_count, 0);
    assert_int_equal(c.label_count, 0);
    grc_chart_free(&c); /* freed twice: nothing left to free */
}

static void one_device_roof(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    grc_chart c = build(&in);
    const grc_series *roof = series_keyed(&c, "NVIDIA A100-SXM4-40GB");
    assert_non_null(roof);
    assert_int_equal(series_count_keyed(&c, "NVIDIA A100-SXM4-40GB"), 1);
    assert_non_null(strstr(roof->key, "1555 GB/s"));
    assert_int_equal(roof->draw, GRC_DRAW_LINES);
    assert_false(roof->dashed);
    assert_int_equal(roof->count, 3);
    assert_true(near(roof->points[0].x, c.xmin));
    assert_true(near(roof->points[0].y, 1555 * c.xmin));
    assert_true(near(roof->points[1].x, 19500.0 / 1555));
    assert_true(near(roof->points[1].y, 19500));
    assert_true(near(roof->points[2].x, c.xmax));
    assert_true(near(roof->points[2].y, 19500));

    const grc_series *ridge_series = NULL;
    const grc_point *ridge = point_labelled(&c, "ridge 12.54 FLOP/B", &ridge_series);
    assert_non_null(ridge);
    assert_int_equal(ridge_series->draw, GRC_DRAW_POINTS);
    assert_true(near(ridge->x, 19500.0 / 1555));
    assert_true(near(ridge->y, 19500));
    const grc_label *ridge_label = label_text(&c, "ridge 12.54 FLOP/B");
    assert_non_null(ridge_label);
    assert_int_equal(ridge_label->place, GRC_PLACE_POINT);
    assert_true(near(ridge_label->at_x, ridge->x) && near(ridge_label->at_y, ridge->y));

    /* The FP64 ceiling: dashed, from its knee to the right edge. */
    bool fp64_found = false;
    for (size_t i = 0; i < c.series_count; i++) {
        const grc_series *s = c.series[i];
        if (s->count == 2 && near(s->points[0].y, 9700) && near(s->points[1].y, 9700)) {
            fp64_found = true;
            assert_true(s->dashed);
            assert_true(near(s->points[0].x, 9700.0 / 1555));
            assert_true(near(s->points[1].x, c.xmax));
        }
    }
    assert_true(fp64_found);
    grc_chart_free(&c);
}

static void one_device_labels(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    grc_chart c = build(&in);
    const grc_label *fp32 = label_text(&c, "FP32 19.5 TFLOP/s");
    const grc_label *fp64 = label_text(&c, "FP64 9.7 TFLOP/s");
    const grc_label *dram = label_text(&c, "DRAM 1555 GB/s");
    assert_non_null(fp32);
    assert_non_null(fp64);
    assert_non_null(dram);
    /* Each beside its line: the ceilings at their heights from their knees
     * to the right edge, the bandwidth along its slope up to the ridge. */
    assert_int_equal(fp32->place, GRC_PLACE_LEVEL);
    assert_true(near(fp32->at_y, 19500) && near(fp32->at_x, 19500.0 / 1555) && near(fp32->at_x2, c.xmax));
    assert_int_equal(fp64->place, GRC_PLACE_LEVEL);
    assert_true(near(fp64->at_y, 9700) && near(fp64->at_x, 9700.0 / 1555));
    assert_int_equal(dram->place, GRC_PLACE_SLOPE);
    assert_true(near(dram->at_y, 1555) && near(dram->at_x, c.xmin) && near(dram->at_x2, 19500.0 / 1555));
    assert_true(dram->angle > 0 && dram->angle < 90);
    assert_true(x_in_range(&c, dram->x) && y_in_range(&c, dram->y));
    assert_labels_clear(&c);
    /* The right end of the FP32 line is free: its label is there. */
    assert_int_equal(fp32->align, GRC_ALIGN_RIGHT);
    assert_true(grc_page_x(&c, fp32->x) > c.plot_width_in - 0.1);
    /* One device: no device names after the figures, no measured notes. */
    assert_null(strchr(fp32->text, ':'));
    assert_null(strstr(c.note, "measured"));
    grc_chart_free(&c);
}

static void model_points_sit_on_the_roof(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    add_model(&in, "naive", 0.25);
    add_model(&in, "tiled 16", 4);
    add_model(&in, "tiled 32", 8);
    add_model(&in, "dense", 100); /* right of the ridge: the FP32 peak */
    grc_chart c = build(&in);
    const grc_series *models = series_keyed(&c, "kernel models");
    assert_non_null(models);
    assert_int_equal(models->draw, GRC_DRAW_POINTS);
    assert_int_equal(models->count, 4);
    const double intensity[] = {0.25, 4, 8, 100};
    const char *const labels[] = {"naive (0.25 FLOP/B)", "tiled 16 (4 FLOP/B)", "tiled 32 (8 FLOP/B)",
                                  "dense (100 FLOP/B)"};
    for (size_t i = 0; i < 4; i++) {
        assert_true(near(models->points[i].x, intensity[i]));
        assert_true(near(models->points[i].y, fmin(intensity[i] * 1555, 19500)));
        assert_string_equal(models->points[i].label, labels[i]);
    }
    assert_true(near(models->points[0].y, 388.75));
    assert_true(near(models->points[3].y, 19500));
    grc_chart_free(&c);
}

static void models_on_every_roof(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    grc_roofline_add_device(&in, device(1, "h100"));
    add_model(&in, "tiled 32", 8);
    grc_chart c = build(&in);
    const grc_series *models = series_keyed(&c, "kernel models");
    assert_non_null(models);
    assert_int_equal(models->count, 2);
    assert_true(near(models->points[0].y, 8 * 1555.0));
    assert_string_equal(models->points[0].label, "tiled 32 (8 FLOP/B)");
    assert_true(near(models->points[1].y, 8 * 3352.0));
    assert_string_equal(models->points[1].label, ""); /* labelled once */
    grc_chart_free(&c);
}

static void explicit_points_keep_labels_and_coordinates(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    add_point(&in, "my kernel", 2.5, 1234.5);
    add_point(&in, "far right", 5000, 100000);
    grc_chart c = build(&in);
    const grc_series *s = NULL;
    const grc_point *p = point_labelled(&c, "my kernel", &s);
    assert_non_null(p);
    assert_int_equal(s->draw, GRC_DRAW_POINTS);
    assert_non_null(label_text(&c, "my kernel"));
    assert_true(near(p->x, 2.5));
    assert_true(near(p->y, 1234.5));
    p = point_labelled(&c, "far right", NULL);
    assert_non_null(p);
    assert_true(near(p->x, 5000));
    assert_true(near(p->y, 100000));
    /* The ranges take in the points. */
    assert_true(x_in_range(&c, 5000));
    assert_true(y_in_range(&c, 100000));
    assert_true(one_two_five(c.xmax) && one_two_five(c.ymax));
    grc_chart_free(&c);
}

static void precision_adds_a_ceiling(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    in.precision = "tensor_fp16";
    grc_chart c = build(&in);
    const grc_label *tensor = label_text(&c, "TENSOR FP16 312 TFLOP/s");
    const grc_label *fp32 = label_text(&c, "FP32 19.5 TFLOP/s");
    assert_non_null(tensor);
    assert_non_null(fp32);
    assert_true(near(tensor->at_y, 312000));
    assert_true(tensor->y > fp32->y);
    assert_true(y_in_range(&c, 312000));
    assert_true(x_in_range(&c, 312000.0 / 1555));
    assert_true(one_two_five(c.xmax) && one_two_five(c.ymax));
    bool ceiling = false, slope = false;
    for (size_t i = 0; i < c.series_count; i++) {
        const grc_series *s = c.series[i];
        if (s->count != 2)
            continue;
        if (near(s->points[0].y, 312000) && near(s->points[1].y, 312000)) {
            ceiling = true;
            assert_true(s->dashed);
            assert_true(near(s->points[0].x, 312000.0 / 1555));
            assert_true(near(s->points[1].x, c.xmax));
        }
        if (near(s->points[0].y, 19500) && near(s->points[1].y, 312000)) {
            slope = true; /* the bandwidth slope continues up to it */
            assert_true(near(s->points[1].y / s->points[1].x, 1555));
        }
    }
    assert_true(ceiling);
    assert_true(slope);
    assert_labels_clear(&c);
    grc_chart_free(&c);
}

/* Regression: --precision fp32 (accepted by cmd_plot.c: every profile has an fp32
 * peak) draws the FP32 ceiling a second time and labels it twice: two
 * "FP32 19.5 TFLOP/s" labels stacked at the right edge.  ceiling_label()
 * skips a figure already labelled by an earlier device, not one already
 * labelled for this device.  Either refusing it or drawing one label is
 * right. */
static void precision_fp32_is_labelled_once(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    in.precision = "fp32";
    grc_chart c;
    gr_error err;
    assert_true(grc_roofline_chart(&in, &c, &err));
    size_t n = labels_starting(&c, "FP32 19.5 TFLOP/s");
    grc_chart_free(&c);
    assert_int_equal(n, 1);
}

static void no_device_is_an_error(void **state)
{
    (void)state;
    grc_roofline_inputs in = inputs();
    add_model(&in, "naive", 0.25);
    grc_chart c;
    gr_error err;
    assert_false(grc_roofline_chart(&in, &c, &err));
    assert_string_equal(err.text, "a roofline chart needs at least one device");
    assert_int_equal(c.series_count, 0);
    grc_chart_free(&c);
}

/* ---- several devices --------------------------------------------------------- */

static grc_roofline_inputs five_devices(void)
{
    grc_roofline_inputs in = inputs();
    const char *const names[] = {"k40", "v100", "a100", "h100", "h200"};
    for (size_t i = 0; i < 5; i++)
        grc_roofline_add_device(&in, device(i, names[i]));
    return in;
}

static void several_devices_title_and_keys(void **state)
{
    (void)state;
    grc_roofline_inputs in = five_devices();
    grc_chart c = build(&in);
    const char *const names[] = {"k40", "v100", "a100", "h100", "h200"};
    const char *const full[] = {"NVIDIA Tesla K40", "NVIDIA Tesla V100-SXM2-32GB", "NVIDIA A100-SXM4-40GB",
                                "NVIDIA H100 SXM5 80GB", "NVIDIA H200 SXM 141GB"};
    const char *const bandwidth[] = {"288 GB/s", "900 GB/s", "1555 GB/s", "3352 GB/s", "4800 GB/s"};
    for (size_t i = 0; i < 5; i++) {
        assert_non_null(strstr(c.title, names[i]));
        const grc_series *roof = series_keyed(&c, full[i]);
        assert_non_null(roof);
        assert_non_null(strstr(roof->key, "GB/s"));
        assert_non_null(strstr(roof->key, bandwidth[i]));
        assert_int_equal(roof->count, 3);
        assert_true(x_in_range(&c, roof->points[1].x)); /* each ridge */
        assert_true(y_in_range(&c, roof->points[1].y));
    }
    assert_string_equal(c.title, "Rooflines of k40, v100, a100, h100, h200");
    assert_true(power_of_ten(c.xmin) && power_of_ten(c.xmax) && power_of_ten(c.ymin) && power_of_ten(c.ymax));
    grc_chart_free(&c);
}

static void several_devices_labels(void **state)
{
    (void)state;
    grc_roofline_inputs in = five_devices();
    grc_chart c = build(&in);
    const grc_label *shared = label_text(&c, "FP32 66.91 TFLOP/s: h100, h200");
    assert_non_null(shared);
    assert_int_equal(shared->color, 0);
    assert_null(label_text(&c, "FP32 66.91 TFLOP/s: h200"));
    assert_int_equal(labels_starting(&c, "FP32 66.91 TFLOP/s"), 1);
    const grc_label *fp64 = label_text(&c, "FP64 33.45 TFLOP/s: h100, h200");
    assert_non_null(fp64);
    assert_int_equal(fp64->color, 0);
    const grc_label *a100 = label_text(&c, "FP32 19.5 TFLOP/s: a100");
    assert_non_null(a100);
    assert_int_equal(a100->color, 3); /* the third device's colour */
    assert_non_null(label_text(&c, "FP32 4.291 TFLOP/s: k40"));
    assert_non_null(label_text(&c, "FP32 15.67 TFLOP/s: v100"));
    assert_int_equal(labels_starting(&c, "FP32 "), 4);
    assert_int_equal(labels_starting(&c, "FP64 "), 4);
    assert_int_equal(labels_starting(&c, "DRAM"), 0); /* the key carries the bandwidths */
    for (size_t i = 0; i < c.label_count; i++)
        assert_null(strstr(c.labels[i].text, "GB/s"));
    /* The ridge points are drawn, their labels are in the keys. */
    const grc_series *ridge_series = NULL;
    assert_non_null(point_labelled(&c, "ridge 12.54 FLOP/B", &ridge_series));
    assert_null(label_text(&c, "ridge 12.54 FLOP/B"));
    assert_labels_clear(&c);
    grc_chart_free(&c);
}

/* On a page too low for nine ceilings' labels to clear every line (3 and
 * 4 inches), each still sits beside its own line and clear of the others,
 * and hides no line; on one high enough, each clears every line. */
static void several_devices_labels_apart_on_other_pages(void **state)
{
    (void)state;
    const double heights[] = {3, 4, 8};
    for (size_t h = 0; h < 3; h++) {
        grc_roofline_inputs in = five_devices();
        in.height_in = heights[h];
        in.precision = "tensor_fp16"; /* the k40 has none */
        grc_chart c = build(&in);
        assert_labels_placed(&c, heights[h] < 5);
        grc_chart_free(&c);
        in.precision = NULL;
        c = build(&in);
        assert_labels_placed(&c, heights[h] < 5);
        grc_chart_free(&c);
    }
}

/* ---- measured results ---------------------------------------------------------- */

static gr_result_kernel result_kernels[2];
static gr_result_point result_sweep[3];

static gr_results synthetic_results(void)
{
    gr_results r;
    gr_results_init(&r);
    r.path = "synthetic.yaml";
    r.device.name = "NVIDIA A100-SXM4-40GB";
    r.ceilings = (gr_result_ceilings){
        .dram_read_gbs = 1400, .dram_write_gbs = 1300, .dram_copy_gbs = 1350, .dram_triad_gbs = NAN,
        .memcpy_d2d_gbs = 1450, .fp32_gflops = 19000, .fp64_gflops = 9500,
        .fp32_theoretical_gflops = 19491.84, .fp64_theoretical_gflops = 9745.92,
        .datasheet_bandwidth_gbs = 1555,
    };
    result_kernels[0] =
        (gr_result_kernel){.name = "tiled 32", .params = "", .check = "", .intensity = 8, .gflops = 9000, .verified = true};
    result_kernels[1] =
        (gr_result_kernel){.name = "broken", .params = "", .check = "", .intensity = 0.001, .gflops = 5, .verified = false};
    result_sweep[0] = (gr_result_point){.intensity = 0.5, .gflops = 600};
    result_sweep[1] = (gr_result_point){.intensity = 2, .gflops = 2500};
    result_sweep[2] = (gr_result_point){.intensity = 32, .gflops = 18000};
    r.kernels = result_kernels;
    r.kernel_count = 2;
    r.sweep = result_sweep;
    r.sweep_count = 3;
    return r;
}

static void results_add_measured_roof_and_points(void **state)
{
    (void)state;
    gr_results r = synthetic_results();
    grc_roofline_inputs in = a100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    grc_chart c = build(&in);

    const grc_series *roof = series_keyed(&c, "TFLOP/s (measured)");
    assert_non_null(roof);
    assert_string_equal(roof->key, "NVIDIA A100-SXM4-40GB: 1400 GB/s, FP32 19 TFLOP/s (measured)");
    assert_true(roof->dashed);
    assert_int_equal(roof->draw, GRC_DRAW_LINES);
    assert_int_equal(roof->count, 3);
    assert_true(near(roof->points[0].x, c.xmin));
    assert_true(near(roof->points[0].y, 1400 * c.xmin));
    assert_true(near(roof->points[1].x, 19000.0 / 1400));
    assert_true(near(roof->points[1].y, 19000));
    assert_true(near(roof->points[2].x, c.xmax));
    assert_true(near(roof->points[2].y, 19000));
    assert_int_not_equal(roof->color, 1); /* not the datasheet roof's colour */

    /* One series per kernel name, named in the key; verified kernels only. */
    const grc_series *kernels = series_keyed(&c, "tiled 32 (measured)");
    assert_non_null(kernels);
    assert_int_equal(kernels->count, 1);
    assert_true(near(kernels->points[0].x, 8));
    assert_true(near(kernels->points[0].y, 9000));
    assert_null(series_keyed(&c, "broken"));
    assert_true(c.xmin > 0.001); /* the unverified kernel does not widen the axes */

    const grc_series *sweep = series_keyed(&c, "sweep");
    assert_non_null(sweep);
    assert_int_equal(sweep->count, 3);
    for (size_t i = 0; i < 3; i++) {
        assert_true(near(sweep->points[i].x, result_sweep[i].intensity));
        assert_true(near(sweep->points[i].y, result_sweep[i].gflops));
        assert_true(x_in_range(&c, result_sweep[i].intensity));
    }

    /* Datasheet and measured figures told apart. */
    assert_non_null(label_text(&c, "FP32 19.5 TFLOP/s (datasheet)"));
    assert_null(label_text(&c, "FP32 19 TFLOP/s (measured)")); /* in the key, not over the datasheet labels */
    assert_non_null(label_text(&c, "measured DRAM 1400 GB/s"));
    assert_non_null(strstr(c.note, "measured"));
    assert_labels_clear(&c);
    grc_chart_free(&c);
}

static void results_without_ceilings_draw_no_measured_roof(void **state)
{
    (void)state;
    gr_results r = synthetic_results();
    r.ceilings.dram_read_gbs = r.ceilings.dram_write_gbs = r.ceilings.dram_copy_gbs = NAN;
    r.ceilings.dram_triad_gbs = NAN;
    grc_roofline_inputs in = a100_inputs();
    grc_roofline_add_results(&in, &r, 0);
    grc_chart c = build(&in);
    assert_null(series_keyed(&c, "FP32 19 TFLOP/s (measured)"));
    assert_int_equal(labels_starting(&c, "measured DRAM"), 0);
    const grc_series *kernels = series_keyed(&c, "tiled 32 (measured)");
    assert_non_null(kernels);
    assert_int_equal(kernels->count, 1);
    grc_chart_free(&c);
}

/* Two results files of one GPU model (two GPUs of a host): every key and
 * the measured DRAM label say which GPU, by its CUDA index, and each
 * file's kernels take its roof's colour. */
static void results_of_twins_are_told_apart(void **state)
{
    (void)state;
    gr_results a = synthetic_results(), b = synthetic_results();
    a.device.cuda_index = 0, b.device.cuda_index = 1;
    a.device.profile = "a100";
    b.device.profile = "a100";
    b.ceilings.dram_read_gbs = 1200;
    grc_roofline_inputs in = a100_inputs();
    grc_roofline_add_results(&in, &a, 0);
    grc_roofline_add_results(&in, &b, 0);
    grc_chart c = build(&in);
    const grc_series *roof0 = series_keyed(&c, "NVIDIA A100-SXM4-40GB GPU 0: 1400 GB/s, FP32 19 TFLOP/s (measured)");
    const grc_series *roof1 = series_keyed(&c, "NVIDIA A100-SXM4-40GB GPU 1: 1350 GB/s, FP32 19 TFLOP/s (measured)");
    assert_non_null(roof0);
    assert_non_null(roof1);
    assert_int_not_equal(roof0->color, roof1->color);
    const grc_series *kernel0 = series_keyed(&c, "a100 GPU 0: tiled 32 (measured)");
    const grc_series *kernel1 = series_keyed(&c, "a100 GPU 1: tiled 32 (measured)");
    assert_non_null(kernel0);
    assert_non_null(kernel1);
    assert_int_equal(kernel0->color, roof0->color);
    assert_int_equal(kernel1->color, roof1->color);
    assert_non_null(series_keyed(&c, "a100 GPU 1: intensity sweep (measured)"));
    assert_int_equal(series_count_keyed(&c, ": tiled 32 (measured)"), 2);
    assert_non_null(label_text(&c, "a100 GPU 0: measured DRAM 1400 GB/s"));
    assert_non_null(label_text(&c, "a100 GPU 1: measured DRAM 1350 GB/s"));
    assert_labels_clear(&c);
    grc_chart_free(&c);

    /* Files of one GPU index (two hosts' GPU 0): their files' names. */
    b.device.cuda_index = 0;
    b.path = "other/node-b.yaml";
    c = build(&in);
    assert_non_null(series_keyed(&c, "NVIDIA A100-SXM4-40GB (synthetic): 1400 GB/s"));
    assert_non_null(series_keyed(&c, "NVIDIA A100-SXM4-40GB (node-b): 1350 GB/s"));
    assert_non_null(series_keyed(&c, "node-b: tiled 32 (measured)"));
    grc_chart_free(&c);
}

/* Beyond two files the key keeps a roof a file and the first file's
 * points, unnamed; the note says the colours are the GPUs'. */
static void many_results_keep_the_key_short(void **state)
{
    (void)state;
    gr_results r[4];
    grc_roofline_inputs in = a100_inputs();
    for (int i = 0; i < 4; i++) {
        r[i] = synthetic_results();
        r[i].device.cuda_index = i;
        grc_roofline_add_results(&in, &r[i], 0);
    }
    grc_chart c = build(&in);
    for (int i = 0; i < 4; i++) {
        char key[96];
        snprintf(key, sizeof key, "NVIDIA A100-SXM4-40GB GPU %d: 1400 GB/s", i);
        assert_non_null(series_keyed(&c, key));
    }
    assert_int_equal(series_count_keyed(&c, "tiled 32 (measured)"), 1);
    assert_non_null(series_keyed(&c, "tiled 32 (measured)"));
    assert_int_equal(series_count_keyed(&c, "intensity sweep (measured)"), 1);
    assert_int_equal(labels_starting(&c, "measured DRAM"), 0);
    assert_non_null(strstr(c.note, "each GPU's points in its roof's colour"));
    grc_chart_free(&c);
}

/* ---- the bank chart ----------------------------------------------------------------- */

static void add_bank(gr_results *r, const char *kernel, int pad, double load, double store, double ns)
{
    gr_error err;
    gr_result_bank *b = gr_results_add_bank(r, &err);
    if (!b)
        fail_msg("%s", err.text);
    b->kernel = kernel;
    b->block = (gr_result_block){32, 32};
    b->pad = pad;
    b->predicted_load = b->measured_load = load;
    b->predicted_store = b->measured_store = store;
    b->ns_per_rep = ns;
}

/* Regression: launches of the same wavefronts and (nearly) the same time,
 * of one kernel or several, were drawn on one spot, each marker hiding
 * the one before (five at 9 wavefronts and 1341 ns on the H100), and the
 * y axis ran from 100 ns to 100 us for times of 534 to 8483 ns.  Every
 * two markers must now stand apart, each within 15% of its wavefront
 * count, and the y axis fit the times. */
static void banks_markers_apart_and_range_fits(void **state)
{
    (void)state;
    gr_results r;
    gr_results_init(&r);
    r.path = "banks.yaml";
    const char *const kernels[] = {"setRowReadCol", "setRowReadColDyn", "setRowReadColPad", "setRowReadColDynPad"};
    for (size_t k = 0; k < 4; k++)
        add_bank(&r, kernels[k], 0, 32, 1, 4312 + (double)k);
    add_bank(&r, "setRowReadColPad", 1, 1, 1, 595);
    add_bank(&r, "setRowReadColPad", 3, 1, 1, 595);
    add_bank(&r, "setRowReadRow", 0, 1, 1, 596);
    add_bank(&r, "setColReadCol", 0, 32, 32, 8483);
    grc_chart c;
    gr_error err;
    if (!grc_banks_chart(&r, 7.5, 5, &c, &err))
        fail_msg("%s", err.text);
    assert_true(c.ymin <= 595 && c.ymax >= 8483);
    assert_true(c.ymax / c.ymin <= 3 * 8483 / 595.0);
    assert_true(c.xmin <= 2 && c.xmax >= 64 && c.xmax / c.xmin <= 3 * 64 / 2.0);
    size_t points = 0;
    for (size_t s = 0; s < c.series_count; s++)
        for (size_t i = 0; i < c.series[s]->count; i++, points++) {
            const grc_point *p = &c.series[s]->points[i];
            double ways = strstr(c.series[s]->key, "setColReadCol") ? 64 : p->y > 1000 ? 33 : 2;
            if (!(p->x > ways / 1.15 && p->x < ways * 1.15))
                fail_msg("the marker of %g wavefronts is at %g", ways, p->x);
            for (size_t t = s; t < c.series_count; t++)
                for (size_t j = t == s ? i + 1 : 0; j < c.series[t]->count; j++) {
                    const grc_point *q = &c.series[t]->points[j];
                    double d = hypot(grc_page_x(&c, p->x) - grc_page_x(&c, q->x), grc_page_y(&c, p->y) - grc_page_y(&c, q->y));
                    if (d < 1.5 * MARKER_HALF_IN)
                        fail_msg("markers at (%g, %g) and (%g, %g) are %g in apart", p->x, p->y, q->x, q->y, d);
                }
        }
    assert_int_equal(points, 8);
    grc_chart_free(&c);
    gr_results_free(&r);
}

/* ---- the occupancy figure -------------------------------------------------------- */

static gr_sm_limits a100_limits(void)
{
    gr_sm_limits lim;
    gr_error err;
    if (!gr_limits_from_profile(device(0, "a100"), -1, &lim, &err))
        fail_msg("%s", err.text);
    return lim;
}

static double curve_at(const grc_series *curve, double x)
{
    for (size_t i = 0; i < curve->count; i++)
        if (near(curve->points[i].x, x))
            return curve->points[i].y;
    fail_msg("the curve has no point at %g", x);
    return NAN;
}

static void occupancy_figure(void **state)
{
    (void)state;
    gr_sm_limits lim = a100_limits();
    gr_launch launch = {256, 32, 32768};
    grc_figure f;
    gr_error err;
    if (!grc_occupancy_figure(&lim, &launch, "NVIDIA A100-SXM4-40GB (a100)", &f, &err))
        fail_msg("%s", err.text);
    assert_int_equal(f.chart_count, 3);
    assert_non_null(strstr(f.title, "4 blocks, 50%"));
    assert_non_null(strstr(f.title, "NVIDIA A100-SXM4-40GB (a100)"));
    const char *const titles[] = {"threads per block", "registers per thread", "shared memory per block"};
    const char *const marks[] = {"256 threads: 50%", "32 registers: 50%", "32 KiB: 50%"};
    const double xs[] = {256, 32, 32};
    for (size_t i = 0; i < 3; i++) {
        const grc_chart *c = &f.charts[i];
        assert_string_equal(c->title, titles[i]);
        assert_true(c->y_percent);
        assert_false(c->log_x || c->log_y);
        assert_true(c->ymax >= 1.0);
        assert_int_equal(c->series_count, 2);
        const grc_series *curve = c->series[0], *mark = c->series[1];
        assert_int_equal(curve->draw, GRC_DRAW_STEPS);
        assert_true(curve->count > 1);
        assert_true(near(curve_at(curve, xs[i]), 0.5));
        for (size_t k = 0; k < curve->count; k++) {
            assert_true(curve->points[k].y >= 0 && curve->points[k].y <= 1);
            assert_true(curve->points[k].x >= c->xmin && curve->points[k].x <= c->xmax);
        }
        assert_int_equal(mark->count, 1);
        assert_string_equal(mark->points[0].label, marks[i]);
        assert_true(near(mark->points[0].x, xs[i]));
        assert_true(near(mark->points[0].y, 0.5));
        const grc_label *label = label_text(c, marks[i]);
        assert_non_null(label);
        assert_int_equal(label->place, GRC_PLACE_POINT);
        assert_labels_clear(c);
    }
    /* The x axes: up to the block limits (threads, registers, KiB). */
    assert_true(near(f.charts[0].xmax, 1024));
    assert_true(near(f.charts[1].xmax, 255));
    assert_true(near(f.charts[2].xmax, 163));
    grc_figure_free(&f);
    assert_int_equal(f.chart_count, 0);
    grc_figure_free(&f);
}

static void occupancy_figure_invalid_launch(void **state)
{
    (void)state;
    gr_sm_limits lim = a100_limits();
    gr_launch launch = {2000, 32, 0};
    gr_occupancy occ;
    gr_error expected, err;
    assert_false(gr_occupancy_compute(&lim, &launch, &occ, &expected));
    grc_figure f;
    assert_false(grc_occupancy_figure(&lim, &launch, "a100", &f, &err));
    assert_string_equal(err.text, expected.text);
    assert_non_null(strstr(err.text, "thread"));
    assert_int_equal(f.chart_count, 0);
    grc_figure_free(&f);
}

/* ---- the gnuplot script ------------------------------------------------------------ */

static const char STYLE[] = "set linetype 1 linecolor rgb '#0072B2' # test style\n";

static grc_script_options script_options(grc_terminal terminal)
{
    return (grc_script_options){.terminal = terminal, .width_in = 7.5, .height_in = 5, .output = "x.pdf",
                               .made_by = "test_chart", .style = STYLE};
}

/* The script as a string, for the caller to free. */
static char *script(const grc_figure *fig, const grc_script_options *opt, size_t *len)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    assert_true(grc_gnuplot_write(out, fig, opt));
    assert_int_equal(fclose(out), 0);
    if (len)
        *len = size;
    return text;
}

static size_t occurrences(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* A figure of one chart built by hand: quotes in every text. */
static void quoted_figure(grc_figure *f)
{
    memset(f, 0, sizeof *f);
    snprintf(f->title, sizeof f->title, "Joe's figure");
    f->chart_count = 1;
    grc_chart *c = &f->charts[0];
    grc_chart_init(c);
    snprintf(c->title, sizeof c->title, "Joe's chart");
    snprintf(c->xlabel, sizeof c->xlabel, "x");
    snprintf(c->ylabel, sizeof c->ylabel, "y");
    c->log_x = c->log_y = true;
    c->xmin = 0.1;
    c->xmax = 100;
    c->ymin = 1;
    c->ymax = 1000;
    grc_series *a = grc_chart_series(c, GRC_DRAW_LINES, 1, "it's a roof");
    assert_non_null(a);
    assert_true(grc_series_add(a, 0.1, 10, NULL));
    assert_true(grc_series_add(a, 1, 100, NULL));
    grc_series *b = grc_chart_series(c, GRC_DRAW_POINTS, 2, "points");
    assert_non_null(b);
    assert_true(grc_series_add(b, 2, 20, "the \"best\" one"));
    assert_true(grc_series_add(b, 3, 30, "Ann's"));
    grc_label *l = grc_chart_label(c, 100, 500, "Bob's label");
    assert_non_null(l);
    l->align = GRC_ALIGN_RIGHT;
    l = grc_chart_label(c, 2, 20, "the \"best\" one");
    assert_non_null(l);
    l->small = true;
}

static void script_header_and_data(void **state)
{
    (void)state;
    grc_figure f;
    quoted_figure(&f);
    grc_script_options opt = script_options(GRC_TERMINAL_PDF);
    char *text = script(&f, &opt, NULL);
    assert_non_null(strstr(text, "if (!exists(\"outfile\")) outfile = 'x.pdf'\n"));
    assert_non_null(strstr(text, "set terminal pdfcairo"));
    assert_null(strstr(text, "pngcairo"));
    assert_non_null(strstr(text, "set output outfile\n"));
    assert_non_null(strstr(text, STYLE));
    assert_non_null(strstr(text, "test_chart"));
    /* One datablock per series, each closed. */
    assert_non_null(strstr(text, "$C0S0 << EOD\n0.1 10 \"\"\n1 100 \"\"\nEOD\n"));
    assert_non_null(strstr(text, "$C0S1 << EOD\n"));
    assert_int_equal(occurrences(text, "<< EOD\n"), 2);
    assert_int_equal(occurrences(text, "\nEOD\n"), 2);
    assert_null(strstr(text, "$C0S2"));
    /* Double quotes inside data labels replaced; single quotes kept. */
    assert_non_null(strstr(text, "2 20 \"the 'best' one\"\n"));
    assert_non_null(strstr(text, "3 30 \"Ann's\"\n"));
    /* Single-quoted strings: quotes doubled. */
    assert_non_null(strstr(text, "set title 'Joe''s chart'"));
    assert_non_null(strstr(text, "title 'it''s a roof'"));
    assert_non_null(strstr(text, "'Bob''s label'"));
    assert_non_null(strstr(text, "set logscale xy"));
    /* labels at a place of their own: where they are, nothing named */
    assert_non_null(strstr(text, "set label 1 'Bob''s label' rotate by 0 front boxed at 100,500 right\n"));
    assert_non_null(strstr(text, "set label 2 'the \"best\" one' rotate by 0 front boxed font ',8' at 2,20 left\n"));
    assert_null(strstr(text, "multiplot"));
    free(text);
    grc_figure_free(&f);
}

static void script_png_terminal(void **state)
{
    (void)state;
    grc_figure f;
    quoted_figure(&f);
    grc_script_options opt = script_options(GRC_TERMINAL_PNG);
    opt.output = "it's.png";
    char *text = script(&f, &opt, NULL);
    assert_non_null(strstr(text, "set terminal pngcairo"));
    assert_null(strstr(text, "pdfcairo"));
    assert_non_null(strstr(text, "if (!exists(\"outfile\")) outfile = 'it''s.png'\n"));
    free(text);
    grc_figure_free(&f);
}

static void script_multiplot_for_three_charts(void **state)
{
    (void)state;
    gr_sm_limits lim = a100_limits();
    gr_launch launch = {256, 32, 32768};
    grc_figure f;
    gr_error err;
    if (!grc_occupancy_figure(&lim, &launch, "NVIDIA A100-SXM4-40GB (a100)", &f, &err))
        fail_msg("%s", err.text);
    grc_script_options opt = script_options(GRC_TERMINAL_PDF);
    char *text = script(&f, &opt, NULL);
    const char *multi = strstr(text, "set multiplot");
    const char *unset = strstr(text, "unset multiplot");
    assert_non_null(multi);
    assert_non_null(unset);
    assert_true(multi < unset);
    assert_int_equal(occurrences(text, "\nset multiplot"), 1);
    assert_non_null(strstr(text, "\nset multiplot title '"));
    assert_int_equal(occurrences(text, "<< EOD\n"), 6);
    assert_int_equal(occurrences(text, "\nEOD\n"), 6);
    for (size_t chart = 0; chart < 3; chart++)
        for (size_t s = 0; s < 2; s++) {
            char block[32];
            snprintf(block, sizeof block, "$C%zuS%zu << EOD\n", chart, s);
            assert_non_null(strstr(text, block));
        }
    assert_int_equal(occurrences(text, "\nplot "), 3);
    assert_non_null(strstr(text, "($2*100)")); /* occupancy drawn as a percentage */
    free(text);
    grc_figure_free(&f);
}

/* The script with every text of a one-chart figure set to text. */
static char *script_with_texts(const char *text, size_t *lines)
{
    grc_figure f;
    memset(&f, 0, sizeof f);
    snprintf(f.title, sizeof f.title, "%s", text);
    f.chart_count = 1;
    grc_chart *c = &f.charts[0];
    grc_chart_init(c);
    snprintf(c->title, sizeof c->title, "%s", text);
    snprintf(c->xlabel, sizeof c->xlabel, "%s", text);
    snprintf(c->ylabel, sizeof c->ylabel, "%s", text);
    snprintf(c->note, sizeof c->note, "%s", text);
    c->xmin = c->ymin = 1;
    c->xmax = c->ymax = 10;
    grc_series *s = grc_chart_series(c, GRC_DRAW_POINTS, 1, text);
    assert_non_null(s);
    assert_true(grc_series_add(s, 2, 3, text));
    assert_non_null(grc_chart_label(c, 5, 5, text));
    grc_script_options opt = script_options(GRC_TERMINAL_PDF);
    opt.made_by = text;
    char *out = script(&f, &opt, NULL);
    grc_figure_free(&f);
    *lines = occurrences(out, "\n");
    return out;
}

/* Regression: texts go into the script as they are, newlines included: a device's
 * full_name, a results file's device or kernel name, a --point label or the
 * command line (made_by) holding "\n" ends the comment, string or datablock
 * line it is written in, and the rest is read as gnuplot commands.  A
 * profile with
 *     full_name: "Evil\nsystem \"touch /tmp/pwned\""
 * gives the script the line `system "touch /tmp/pwned"` right after
 * "# Roofline of Evil", and gnuplot runs it (checked with gnuplot 5.4).
 * Whatever the fix (newlines to spaces, refused on input), a text must not
 * add lines to the script. */
static void script_texts_cannot_add_lines(void **state)
{
    (void)state;
    size_t plain_lines, evil_lines;
    char *plain = script_with_texts("Evil system 'touch /tmp/pwned' EOD x", &plain_lines);
    char *evil = script_with_texts("Evil\nsystem 'touch /tmp/pwned'\nEOD\rx", &evil_lines);
    bool command = strstr(evil, "\nsystem") != NULL;
    bool carriage = strchr(evil, '\r') != NULL;
    free(plain);
    free(evil);
    assert_false(command);
    assert_false(carriage);
    assert_int_equal(evil_lines, plain_lines);
}

/* Regression: the y axis of a log chart was labelled with gnuplot's
 * "%.0s%c", which writes 0.001 as "1m": milli-GFLOP/s, read as a million
 * by anyone.  Every tick label of a log axis now comes from the chart (a
 * plain number below 1000, k, M, G above), a 1-2-5 sequence on a short
 * axis. */
static void script_log_ticks_read_plainly(void **state)
{
    (void)state;
    grc_figure f;
    quoted_figure(&f);
    grc_chart *c = &f.charts[0];
    c->xmin = 0.001;
    c->xmax = 1000;
    c->ymin = 0.001;
    c->ymax = 1e6;
    grc_script_options opt = script_options(GRC_TERMINAL_PDF);
    char *text = script(&f, &opt, NULL);
    assert_null(strstr(text, "%c"));
    assert_null(strstr(text, "\"1m\""));
    const char *const ytics[] = {"\"0.001\" 0.001", "\"0.01\" 0.01", "\"1\" 1", "\"100\" 100", "\"1k\" 1000",
                                 "\"10k\" 10000", "\"1M\" "};
    for (size_t i = 0; i < sizeof ytics / sizeof ytics[0]; i++)
        if (!strstr(text, ytics[i]))
            fail_msg("no tick %s in the script", ytics[i]);
    assert_non_null(strstr(text, "\"\" 0.002 1")); /* minor ticks, unlabelled */
    assert_null(strstr(text, "\"2k\"")); /* nine decades: no labels between them */
    free(text);
    c->xmin = 1;
    c->xmax = 10;
    c->ymin = 200;
    c->ymax = 20000; /* two decades: 1, 2 and 5 of each */
    text = script(&f, &opt, NULL);
    const char *const short_tics[] = {"\"200\" 200", "\"500\" 500", "\"1k\" 1000", "\"2k\" 2000", "\"5k\" 5000",
                                      "\"20k\" ", "\"\" 300 1"};
    for (size_t i = 0; i < sizeof short_tics / sizeof short_tics[0]; i++)
        if (!strstr(text, short_tics[i]))
            fail_msg("no tick %s in the script", short_tics[i]);
    assert_null(strstr(text, "\"100\" 100")); /* outside the range */
    free(text);
    grc_figure_free(&f);
}

static void script_is_deterministic(void **state)
{
    (void)state;
    grc_roofline_inputs in = a100_inputs();
    add_model(&in, "tiled 32", 8);
    add_point(&in, "mine", 2, 1000);
    gr_results r = synthetic_results();
    grc_roofline_add_results(&in, &r, 0);
    grc_figure f;
    memset(&f, 0, sizeof f);
    f.charts[0] = build(&in);
    f.chart_count = 1;
    snprintf(f.title, sizeof f.title, "%s", f.charts[0].title);
    grc_script_options opt = script_options(GRC_TERMINAL_PDF);
    size_t len1, len2;
    char *one = script(&f, &opt, &len1);
    char *two = script(&f, &opt, &len2);
    assert_int_equal(len1, len2);
    assert_memory_equal(one, two, len1);
    free(one);
    free(two);
    /* Built again from the same inputs: the same text. */
    grc_figure g;
    memset(&g, 0, sizeof g);
    g.charts[0] = build(&in);
    g.chart_count = 1;
    snprintf(g.title, sizeof g.title, "%s", g.charts[0].title);
    one = script(&f, &opt, &len1);
    two = script(&g, &opt, &len2);
    assert_int_equal(len1, len2);
    assert_memory_equal(one, two, len1);
    free(one);
    free(two);
    grc_figure_free(&f);
    grc_figure_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rate_text),
        cmocka_unit_test(rate_text_without_exponent),
        cmocka_unit_test(one_device_title_and_axes),
        cmocka_unit_test(one_device_roof),
        cmocka_unit_test(one_device_labels),
        cmocka_unit_test(model_points_sit_on_the_roof),
        cmocka_unit_test(models_on_every_roof),
        cmocka_unit_test(explicit_points_keep_labels_and_coordinates),
        cmocka_unit_test(precision_adds_a_ceiling),
        cmocka_unit_test(precision_fp32_is_labelled_once),
        cmocka_unit_test(no_device_is_an_error),
        cmocka_unit_test(several_devices_title_and_keys),
        cmocka_unit_test(several_devices_labels),
        cmocka_unit_test(several_devices_labels_apart_on_other_pages),
        cmocka_unit_test(results_add_measured_roof_and_points),
        cmocka_unit_test(results_without_ceilings_draw_no_measured_roof),
        cmocka_unit_test(results_of_twins_are_told_apart),
        cmocka_unit_test(many_results_keep_the_key_short),
        cmocka_unit_test(banks_markers_apart_and_range_fits),
        cmocka_unit_test(occupancy_figure),
        cmocka_unit_test(occupancy_figure_invalid_launch),
        cmocka_unit_test(script_header_and_data),
        cmocka_unit_test(script_png_terminal),
        cmocka_unit_test(script_multiplot_for_three_charts),
        cmocka_unit_test(script_texts_cannot_add_lines),
        cmocka_unit_test(script_log_ticks_read_plainly),
        cmocka_unit_test(script_is_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
