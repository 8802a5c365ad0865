/* Where each label of a chart goes: next to what it names, clear of the
 * lines, markers, key and other labels, estimated on the page from each
 * label's text and font.  Every chart's labels are placed here. */
#ifndef GPUROOF_CHART_LAYOUT_H
#define GPUROOF_CHART_LAYOUT_H

#include "chart.h"

/* Where a label's text lies on the page: four corners, in inches from the
 * plot area's lower left corner, counter-clockwise from the lower left of
 * the text. */
typedef struct {
    double x[4], y[4];
} grc_label_box;

/* The page position, in inches from the plot area's lower left corner, of
 * a point in axis units. */
double grc_page_x(const grc_chart *c, double x);
double grc_page_y(const grc_chart *c, double y);

/* The axis value at a page position: grc_page_x's and grc_page_y's inverse. */
double grc_axis_x(const grc_chart *c, double page_x);
double grc_axis_y(const grc_chart *c, double page_y);

grc_label_box grc_chart_label_box(const grc_chart *c, const grc_label *l);

/* Whether two boxes overlap, and whether the segment from (x0, y0) to
 * (x1, y1), in page inches, crosses a box. */
bool grc_boxes_overlap(const grc_label_box *a, const grc_label_box *b);
bool grc_segment_crosses(const grc_label_box *b, double x0, double y0, double x1, double y1);

/* Places every label whose place is not GRC_PLACE_AT, in order: each at the
 * first of its candidate places (chart_layout.c) that collides with
 * nothing, else at the one that collides with least.  Needs the chart's
 * axes and plot size set. */
void grc_chart_place_labels(grc_chart *c);

/* Places the labels as grc_chart_place_labels does; then, while a label
 * with a number covers another label or the key, the one of them with the
 * highest number (the shortest kernel) says "[N]" instead of its name,
 * kept in its name, and all are placed again. */
void grc_chart_place_labels_numbered(grc_chart *c);

/* Puts the key in the corner (top left or bottom right) where it covers
 * fewer lines, markers and labelled things; where both cover as many, in
 * the one the chart asked for.  Needs the axes and plot size set. */
void grc_chart_choose_key_corner(grc_chart *c);

/* The point of what a placed label names (its level line, marker, chain
 * of markers or slope) nearest the label, on the page; false for a label
 * at a place of its own (GRC_PLACE_AT). */
bool grc_label_anchor(const grc_chart *c, const grc_label *l, double *page_x, double *page_y);

/* How far (x, y) is from box b, in page inches (0 inside), and b's point
 * nearest it. */
double grc_label_box_distance(const grc_label_box *b, double x, double y, double *near_x, double *near_y);

/* Breaks a note under the chart into lines that fit the page's width
 * less GRC_NOTE_SIDE_SHARE each side, at spaces (a word longer than a line,
 * anywhere): each line's start and length in note, the first max of them
 * (none where starts is NULL); returns how many lines it takes. */
size_t grc_note_lines(const char *note, double page_width_in, size_t *starts, size_t *lengths, size_t max);

/* A label farther than this from what it names gets a thin leader line to
 * it; none is ever placed farther than GRC_LABEL_FAR_IN. */
#define GRC_LEADER_IN 0.1
#define GRC_LABEL_FAR_IN 0.6

#endif
