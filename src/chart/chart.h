/* A chart as data: series of points and lines, labels, axes.  Builders
 * (chart_roofline.c, chart_occupancy.c) fill it; gnuplot_script.c writes
 * it as a gnuplot script.  Nothing here knows gnuplot's syntax. */
#ifndef GPUROOF_CHART_H
#define GPUROOF_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

/* GRC_DRAW_STEPS: each point's value holds back to the previous point (a
 * block of 257 threads occupies what one of 288 does). */
typedef enum { GRC_DRAW_LINES, GRC_DRAW_POINTS, GRC_DRAW_STEPS, GRC_DRAW_IMPULSES } grc_draw;
typedef enum { GRC_ALIGN_LEFT, GRC_ALIGN_CENTER, GRC_ALIGN_RIGHT } grc_align;

/* The font sizes the script asks for, in points (pdfcairo's scaled to
 * pngcairo's, so that text takes the same share of the page in both): the
 * labels', and the small one of point labels and the key (plots/style.gp). */
#define GRC_FONT_PT 11
#define GRC_SMALL_FONT_PT 8

typedef struct {
    double x, y;
    char label[96]; /* the point's name: what a label beside it says, where it has one */
    /* what an SVG chart shows when the mouse is on it (the name and its
     * figures, lines apart); "" for none */
    char tooltip[320];
} grc_point;

typedef struct {
    char key[256];  /* the legend entry; "" for none */
    grc_draw draw;
    int color;      /* 1..8: the template's palette */
    bool dashed;
    bool thin;
    int marker;     /* gnuplot point type for GRC_DRAW_POINTS; 0: the default */
    size_t count, capacity;
    grc_point *points;
} grc_series;

/* How a label finds its place (chart_layout.h): beside what it names. */
typedef enum {
    GRC_PLACE_AT,    /* where x, y and align say */
    GRC_PLACE_LEVEL, /* above or below the level line at_y from at_x to at_x2, along it */
    GRC_PLACE_POINT, /* around the marker at at_x, at_y */
    GRC_PLACE_SLOPE, /* along the line y = at_y * x between at_x and at_x2, rotated with it */
} grc_place;

typedef struct {
    double x, y;        /* in axis units: where align puts the text, which is centred on y */
    char text[160];
    double angle;       /* degrees */
    grc_align align;
    int color;          /* 0: text colour */
    bool small;         /* GRC_SMALL_FONT_PT, as point labels are */
    bool unboxed;       /* no opaque box: placed across something it could not avoid, it hides nothing */
    grc_place place;
    bool chain;         /* GRC_PLACE_POINT: at_x to at_x2 is a chain of markers, labelled at either end */
    double at_x, at_y, at_x2; /* what it names, as place says, in axis units */
    /* A kernel's rank by time (1: the longest), as gpuroof ncu's table
     * numbers it, 0 for none: where its name finds no place clear of the
     * other labels and the key, the label says "[3]" and name keeps the
     * name, which the note gives (grc_chart_place_labels_numbered). */
    unsigned number;
    char name[160];
} grc_label;

typedef struct {
    char title[200];
    char xlabel[80], ylabel[80];
    bool log_x, log_y;
    double xmin, xmax, ymin, ymax;
    bool y_percent;     /* y is a fraction shown as a percentage */
    bool key_bottom_right; /* the legend where the roof leaves room (default: top left) */
    size_t series_count, label_count;
    grc_series **series; /* each allocated apart: a series stays where it is */
    grc_label *labels;
    /* under the plot: sources, what was left out, the names of kernels
     * labelled by number; wrapped onto as many lines as the page's width
     * needs (grc_note_lines), the bottom margin grown to hold them */
    char note[1600];
    double plot_width_in, plot_height_in; /* the plot area on the page, where labels are placed */
    size_t note_room; /* the note's lines the bottom margin was made for, where more than it has */
} grc_chart;

typedef struct {
    char title[200];
    double width_in, height_in; /* the page */
    size_t chart_count; /* 1 to 3, side by side */
    grc_chart charts[3];
} grc_figure;

/* Where the plot area of chart i of a figure of count charts lies on the
 * page, in shares of it from the lower left corner: the script sets these
 * margins, and labels are placed for them. */
typedef struct {
    double left, right, bottom, top;
} grc_plot_area;

/* note_lines: the lines of the note under the chart (grc_note_lines); past
 * what fits under the axis' title the bottom margin grows to hold them. */
grc_plot_area grc_figure_plot_area(size_t i, size_t count, size_t note_lines, double height_in);

/* The note's font, in points, its lines' spacing and where the lowest
 * sits, in inches from the page's foot, and the page's margin each side. */
#define GRC_NOTE_FONT_PT 7
#define GRC_NOTE_LINE_IN 0.075
#define GRC_NOTE_FOOT_IN 0.075
#define GRC_NOTE_SIDE_SHARE 0.01
/* Sets c's plot size from its area on a page of width_in x height_in. */
void grc_chart_set_plot_size(grc_chart *c, const grc_plot_area *area, double width_in, double height_in);

void grc_chart_init(grc_chart *c);
void grc_chart_free(grc_chart *c);
void grc_figure_free(grc_figure *f);

/* Adds a series and returns it, or NULL when out of memory. */
grc_series *grc_chart_series(grc_chart *c, grc_draw draw, int color, const char *key);
/* The same with its key formatted: the key is written into the series,
 * as far as it has room, and the caller needs no text of its own. */
grc_series *grc_chart_series_f(grc_chart *c, grc_draw draw, int color, const char *fmt, ...) GR_PRINTF(4, 5);
bool grc_series_add(grc_series *s, double x, double y, const char *label);
bool grc_series_add_f(grc_series *s, double x, double y, const char *fmt, ...) GR_PRINTF(4, 5);
/* The tooltip of s's last point. */
void grc_series_tooltip(grc_series *s, const char *tooltip);
void grc_series_tooltip_f(grc_series *s, const char *fmt, ...) GR_PRINTF(2, 3);
grc_label *grc_chart_label(grc_chart *c, double x, double y, const char *text);
/* A label placed by grc_chart_place_labels (chart_layout.h) beside what it
 * names: at_x, at_y and at_x2 as place says. */
grc_label *grc_chart_label_beside(grc_chart *c, grc_place place, double at_x, double at_y, double at_x2,
                                const char *text);
grc_label *grc_chart_label_beside_f(grc_chart *c, grc_place place, double at_x, double at_y, double at_x2,
                                  const char *fmt, ...) GR_PRINTF(6, 7);

#endif
