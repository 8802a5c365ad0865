/* A chart as data: series of points and lines, labels, axes.  Builders
 * (chart_roofline.c, chart_occupancy.c) fill it; gnuplot_script.c writes
 * it as a gnuplot script.  Nothing here knows gnuplot's syntax. */
#ifndef GPUROOF_CHART_H
#define GPUROOF_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include "error.h"

/* GR_DRAW_STEPS: each point's value holds back to the previous point (a
 * block of 257 threads occupies what one of 288 does). */
typedef enum { GR_DRAW_LINES, GR_DRAW_POINTS, GR_DRAW_STEPS, GR_DRAW_IMPULSES } gr_draw;
typedef enum { GR_ALIGN_LEFT, GR_ALIGN_CENTER, GR_ALIGN_RIGHT } gr_align;

typedef struct {
    double x, y;
    char label[96]; /* drawn beside the point when the series shows labels */
} gr_point;

typedef struct {
    char key[256];  /* the legend entry; "" for none */
    gr_draw draw;
    int color;      /* 1..8: the template's palette */
    bool dashed;
    bool thin;
    int marker;     /* gnuplot point type for GR_DRAW_POINTS; 0: the default */
    bool show_labels;
    double label_dx, label_dy; /* where labels sit from their points, in characters */
    size_t count, capacity;
    gr_point *points;
} gr_series;

typedef struct {
    double x, y;        /* in axis units */
    char text[160];
    double angle;       /* degrees */
    gr_align align;
    int color;          /* 0: text colour */
    double offset_x, offset_y; /* in characters */
} gr_label;

typedef struct {
    char title[200];
    char xlabel[80], ylabel[80];
    bool log_x, log_y;
    double xmin, xmax, ymin, ymax;
    bool y_percent;     /* y is a fraction shown as a percentage */
    bool key_bottom_right; /* the legend where the roof leaves room (default: top left) */
    size_t series_count, label_count;
    gr_series **series; /* each allocated apart: a series stays where it is */
    gr_label *labels;
    char note[240];     /* a line under the plot: sources */
} gr_chart;

typedef struct {
    char title[200];
    size_t chart_count; /* 1 to 3, side by side */
    gr_chart charts[3];
} gr_figure;

void gr_chart_init(gr_chart *c);
void gr_chart_free(gr_chart *c);
void gr_figure_free(gr_figure *f);

/* Adds a series and returns it, or NULL when out of memory. */
gr_series *gr_chart_series(gr_chart *c, gr_draw draw, int color, const char *key);
bool gr_series_add(gr_series *s, double x, double y, const char *label);
gr_label *gr_chart_label(gr_chart *c, double x, double y, const char *text);

#endif
