#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart_layout.h"
#include "page_grid.h"

#define PI 3.14159265358979323846

/* Text on the page, as cairo draws DejaVu Sans (gnuplot's "Sans") at the
 * sizes the script asks for, measured in both terminals, an em 0.6 of the
 * nominal size (in points, 1/72 in): a character 0.34 to 0.92 em by its
 * kind and a line 1.2 em high, each a little more than cairo draws, and
 * 0.1 em more each way for the text box's margins: the estimates that
 * tests/cli/label_boxes.py checks every chart's labels with. */
#define EM_IN_PER_PT (0.6 / 72)
#define LINE_EMS 1.4
#define BOX_MARGIN_EMS 0.2
#define GAP_IN 0.03        /* between a label and what it names */
#define MARKER_IN 0.05     /* half a marker's width, and a little more (pointsize 0.8: 0.075 in wide) */
#define THIN_MARKER_IN 0.025 /* pointsize 0.35 */
#define STEP_IN 0.12       /* how far a label moves along its line at a time */
#define RINGS 5            /* how many times a label moves further out (a leader line joins it past GRC_LEADER_IN) */
#define LABEL_PAD_IN 0.05  /* between two labels */
#define LINE_CLEAR_IN 0.015 /* between a label and a line or marker: text touching a line reads as crossed */
#define STACK_ROWS 4       /* how many lines up or down a chain's label may move */
#define PASSES 3           /* more tries, where a label is left colliding */
/* A roof's label reads as naming the line nearest it: it sits nearer its
 * own line than any other level line by this much at least (the checker's
 * text boxes are estimates, and cairo's text sits a little off their
 * centre), else it costs as a crossing twice. */
#define ROOF_MARGIN_IN 0.02
#define NEARER_COST 2
/* Between roofs too close for a label at GAP_IN from its own line to be
 * nearer it than the next, the label may hug its line: its box as close
 * as the clearance kept from any line. */
#define TIGHT_GAP_IN (LINE_CLEAR_IN + 0.001)
/* What a collision costs: a label over another is unreadable, and is worse
 * than one across a line (drawn without its box, it hides nothing); a
 * label outside the plot area is worse than any collision inside it. */
#define LABEL_COST 30
#define KEY_COST 60 /* the key hides a label that reaches under it, and cannot move */
#define OUTSIDE_COST 1000
/* Past this, a place inside is as bad as any other so crowded: a label over
 * three others, or across thirty lines, is unreadable wherever it is; and
 * it stays better than a place outside.  Counting stops here, so that what
 * one candidate place costs does not grow with the kernels on the page:
 * at 999 (a hundred labels) 1,600 kernels of plot --levels took 13 s and
 * 3,200 four times that; at 30 each doubling doubles the time.  No
 * committed chart and no test's chart comes near it (their scripts are
 * the same at 999). */
#define CROWDED_COST 61

/* ---- the page ------------------------------------------------------------- */

static double share(double v, double min, double max, bool log_axis)
{
    return log_axis ? log10(v / min) / log10(max / min) : (v - min) / (max - min);
}

static double unshare(double s, double min, double max, bool log_axis)
{
    return log_axis ? min * pow(max / min, s) : min + s * (max - min);
}

double grc_page_x(const grc_chart *c, double x)
{
    return share(x, c->xmin, c->xmax, c->log_x) * c->plot_width_in;
}

double grc_page_y(const grc_chart *c, double y)
{
    return share(y, c->ymin, c->ymax, c->log_y) * c->plot_height_in;
}

static double axis_x(const grc_chart *c, double page_x)
{
    return unshare(page_x / c->plot_width_in, c->xmin, c->xmax, c->log_x);
}

static double axis_y(const grc_chart *c, double page_y)
{
    return unshare(page_y / c->plot_height_in, c->ymin, c->ymax, c->log_y);
}

double grc_axis_x(const grc_chart *c, double page_x)
{
    return axis_x(c, page_x);
}

double grc_axis_y(const grc_chart *c, double page_y)
{
    return axis_y(c, page_y);
}

/* ---- a label's extent ------------------------------------------------------ */

static double em_in(const grc_label *l)
{
    return (l->small ? GRC_SMALL_FONT_PT : GRC_FONT_PT) * EM_IN_PER_PT;
}

static double char_ems(unsigned char ch)
{
    if (strchr("ijl.,:;'|!", ch))
        return 0.34;
    if (strchr("ftr()[]/- ", ch))
        return 0.42;
    if (strchr("mwMW%@", ch))
        return 0.92;
    if ((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))
        return 0.74;
    return 0.64;
}

static double text_ems(const char *text)
{
    double ems = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if ((*c & 0xC0) != 0x80) /* a character's first byte */
            ems += char_ems(*c);
    return ems;
}

/* One line of a note: from text[start], as many words as fit in width_in
 * at the note's font (at least one character); its length, spaces it ends
 * on left out, in *length; returns where the next line starts. */
static size_t note_line(const char *text, size_t start, double width_in, size_t *length)
{
    double em = GRC_NOTE_FONT_PT * EM_IN_PER_PT, used = 0;
    size_t end = start, fits = start, last_space = 0;
    for (; text[end]; end++) {
        if ((text[end] & 0xC0) != 0x80) /* a character's first byte */
            used += char_ems((unsigned char)text[end]) * em;
        if (used > width_in && end > start)
            break;
        if (text[end] == ' ')
            last_space = end;
        if ((text[end + 1] & 0xC0) != 0x80)
            fits = end + 1;
    }
    if (text[end] && last_space > start)
        fits = last_space; /* breaks between words */
    else if (!text[end])
        fits = end;
    size_t next = fits;
    while (fits > start && text[fits - 1] == ' ')
        fits--;
    while (text[next] == ' ')
        next++;
    *length = fits - start;
    return next;
}

size_t grc_note_lines(const char *note, double page_width_in, size_t *starts, size_t *lengths, size_t max)
{
    double width_in = page_width_in > 0 ? page_width_in * (1 - 2 * GRC_NOTE_SIDE_SHARE) : INFINITY; /* no page: a line */
    size_t lines = 0, at = 0;
    while (note[at] == ' ')
        at++;
    while (note[at]) {
        size_t length, next = note_line(note, at, width_in, &length);
        if (starts && lines < max) {
            starts[lines] = at;
            lengths[lines] = length;
        }
        lines++;
        at = next;
    }
    return lines;
}

/* A box of half sizes hw, hh centred at (cx, cy), turned by angle radians. */
static grc_label_box turned_box(double cx, double cy, double hw, double hh, double angle)
{
    grc_label_box b;
    const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
    double cosine = cos(angle), sine = sin(angle);
    for (int i = 0; i < 4; i++) {
        b.x[i] = cx + sx[i] * hw * cosine - sy[i] * hh * sine;
        b.y[i] = cy + sx[i] * hw * sine + sy[i] * hh * cosine;
    }
    return b;
}

/* The box of a label width by height inches whose text align puts at page
 * (x_in, y_in), turned angle_deg. */
static grc_label_box box_at(double width, double height, double x_in, double y_in, grc_align align, double angle_deg)
{
    double angle = angle_deg * PI / 180;
    /* from where align puts the text to its centre, along the text */
    double along = align == GRC_ALIGN_LEFT ? width / 2 : align == GRC_ALIGN_RIGHT ? -width / 2 : 0;
    return turned_box(x_in + along * cos(angle), y_in + along * sin(angle), width / 2, height / 2, angle);
}

static double box_width_in(const grc_label *l)
{
    return (text_ems(l->text) + BOX_MARGIN_EMS) * em_in(l);
}

grc_label_box grc_chart_label_box(const grc_chart *c, const grc_label *l)
{
    return box_at(box_width_in(l), LINE_EMS * em_in(l), grc_page_x(c, l->x), grc_page_y(c, l->y), l->align,
                  l->angle);
}

/* ---- collisions: separating axes of convex shapes ---------------------------- */

/* Whether a's and b's shadows on the axis (ax, ay) are apart (touching is). */
/* (Comparisons, not fmin and fmax: this runs for every candidate place
 * against every neighbour, and libm's calls, which must mind NaNs a box
 * never holds, were half the layout's time on a chart of 2,400 kernels.) */
static bool apart_on(const grc_label_box *a, const grc_label_box *b, double ax, double ay)
{
    double a_lo = INFINITY, a_hi = -INFINITY, b_lo = INFINITY, b_hi = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double pa = a->x[i] * ax + a->y[i] * ay, pb = b->x[i] * ax + b->y[i] * ay;
        a_lo = pa < a_lo ? pa : a_lo;
        a_hi = pa > a_hi ? pa : a_hi;
        b_lo = pb < b_lo ? pb : b_lo;
        b_hi = pb > b_hi ? pb : b_hi;
    }
    return a_hi <= b_lo + 1e-9 || b_hi <= a_lo + 1e-9;
}

/* Whether a box is upright (turned_box at angle 0): its edges are then
 * the axes bounds_apart() has already tried. */
static bool upright(const grc_label_box *b)
{
    return b->y[0] == b->y[1] && b->y[2] == b->y[3] && b->x[1] == b->x[2] && b->x[0] == b->x[3];
}

/* Whether the upright rectangles around two boxes are apart: most pairs
 * a label meets are, and this settles them before the turned edges. */
static bool bounds_apart(const grc_label_box *a, const grc_label_box *b)
{
    return apart_on(a, b, 1, 0) || apart_on(a, b, 0, 1);
}

/* Whether a box's two edge normals separate it from other. */
static bool separated_by_edges(const grc_label_box *box, const grc_label_box *other)
{
    for (int i = 0; i < 2; i++)
        if (apart_on(box, other, box->y[i] - box->y[i + 1], box->x[i + 1] - box->x[i]))
            return true;
    return false;
}

bool grc_boxes_overlap(const grc_label_box *a, const grc_label_box *b)
{
    if (bounds_apart(a, b))
        return false;
    return (upright(a) && upright(b)) || (!separated_by_edges(a, b) && !separated_by_edges(b, a));
}

bool grc_segment_crosses(const grc_label_box *b, double x0, double y0, double x1, double y1)
{
    grc_label_box segment = {{x0, x1, x1, x0}, {y0, y1, y1, y0}};
    /* an upright box's edges are the axes: its bounds and the segment's */
    bool edges_apart = upright(b) ? bounds_apart(b, &segment) : separated_by_edges(b, &segment);
    return !edges_apart && !apart_on(b, &segment, y0 - y1, x1 - x0);
}

/* ---- what a label may not cover ------------------------------------------------ */

static int series_collisions(const grc_chart *c, const grc_series *s, const grc_label_box *b)
{
    int n = 0;
    for (size_t i = 0; i < s->count; i++) {
        double x = grc_page_x(c, s->points[i].x), y = grc_page_y(c, s->points[i].y);
        if (s->draw == GRC_DRAW_POINTS || s->draw == GRC_DRAW_IMPULSES) {
            double r = s->thin ? THIN_MARKER_IN : MARKER_IN;
            grc_label_box marker = turned_box(x, y, r, r, 0);
            n += grc_boxes_overlap(b, &marker);
        } else if (i > 0) {
            double x0 = grc_page_x(c, s->points[i - 1].x), y0 = grc_page_y(c, s->points[i - 1].y);
            if (s->draw == GRC_DRAW_STEPS) /* up or down first, then across */
                n += grc_segment_crosses(b, x0, y0, x0, y) + grc_segment_crosses(b, x0, y, x, y);
            else
                n += grc_segment_crosses(b, x0, y0, x, y);
        }
    }
    return n;
}

/* The key's box, as plots/style.gp draws it (small font, a sample three
 * characters long, a little spacing), in the corner the chart puts it. */
static bool key_box(const grc_chart *c, grc_label_box *out)
{
    size_t entries = 0;
    double widest = 0, em = GRC_SMALL_FONT_PT * EM_IN_PER_PT;
    for (size_t i = 0; i < c->series_count; i++)
        if (c->series[i]->key[0]) {
            entries++;
            widest = fmax(widest, text_ems(c->series[i]->key));
        }
    if (!entries)
        return false;
    double hw = (widest + 6) * em / 2, hh = (1.4 * (double)entries + 1.2) * em / 2;
    *out = c->key_bottom_right ? turned_box(c->plot_width_in - hw, hh, hw, hh, 0)
                               : turned_box(hw, c->plot_height_in - hh, hw, hh, 0);
    return true;
}

/* b, each side moved out by d along the box's own axes. */
static grc_label_box grown(const grc_label_box *b, double d)
{
    double ux = b->x[1] - b->x[0], uy = b->y[1] - b->y[0], vx = b->x[3] - b->x[0], vy = b->y[3] - b->y[0];
    double u = hypot(ux, uy), v = hypot(vx, vy);
    ux = u > 0 ? ux / u * d : d;
    uy = u > 0 ? uy / u * d : 0;
    vx = v > 0 ? vx / v * d : 0;
    vy = v > 0 ? vy / v * d : d;
    grc_label_box out = *b;
    const double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
    for (int i = 0; i < 4; i++) {
        out.x[i] += su[i] * ux + sv[i] * vx;
        out.y[i] += su[i] * uy + sv[i] * vy;
    }
    return out;
}

static bool inside_plot(const grc_chart *c, const grc_label_box *b)
{
    for (int i = 0; i < 4; i++)
        if (b->x[i] < -1e-9 || b->x[i] > c->plot_width_in + 1e-9 || b->y[i] < -1e-9 ||
            b->y[i] > c->plot_height_in + 1e-9)
            return false;
    return true;
}

/* The order labels are placed in: those beside a level line first, whose
 * places are fewest, then those along a slope, which must sit on their own
 * line (one pushed a line off reads as the next slope's), then point
 * labels; last the labels of marker chains, which have room to move and
 * must not push a roof's label off its line. */
#define TURNS 5

static int turn(const grc_label *l)
{
    if (l->place == GRC_PLACE_POINT && l->chain)
        return 4;
    return l->place == GRC_PLACE_AT ? 0 : l->place == GRC_PLACE_LEVEL ? 1 : l->place == GRC_PLACE_POINT ? 3 : 2;
}

/* Roofs' labels go from the highest roof down, so that in a stack of
 * roofs closer than a label is tall the upper ones take the room above it
 * and the lower ones that below, each in the order of its line; the
 * others in the order they were made. */
static bool placed_before(const grc_chart *c, size_t i, size_t self)
{
    const grc_label *a = &c->labels[i], *b = &c->labels[self];
    if (turn(a) != turn(b))
        return turn(a) < turn(b);
    if (a->place == GRC_PLACE_LEVEL && a->at_y != b->at_y)
        return a->at_y > b->at_y;
    return i < self;
}

/* ---- what is on the page, filed on a grid ------------------------------------- */

/* One thing a label may not cover: a marker's box, or a line's segment. */
typedef struct {
    bool segment;
    grc_label_box marker;
    double x0, y0, x1, y1;
    grc_page_rect rect; /* what it spans: a box apart from it covers none of it */
} obstacle;

/* The page as placing sees it: the lines and markers (fixed), the labels
 * where each is now, the key; each looked for on a grid of the plot area,
 * so that a candidate place is checked against what lies near it alone. */
typedef struct {
    bool fast; /* false where memory ran out: every candidate checked against all, as the grids would */
    obstacle *obstacles;
    size_t obstacle_count;
    grc_page_grid obstacle_grid, label_grid;
    grc_label_box *label_boxes;
    grc_page_rect *label_rects;
    bool has_key;
    grc_label_box key;
} layout;

/* A box's bounding rectangle, a micro-inch wider each way than rounding
 * could make its corners. */
static grc_page_rect rect_of(const grc_label_box *b)
{
    grc_page_rect r = {b->x[0], b->y[0], b->x[0], b->y[0]};
    for (int i = 1; i < 4; i++) {
        r.lo_x = fmin(r.lo_x, b->x[i]), r.hi_x = fmax(r.hi_x, b->x[i]);
        r.lo_y = fmin(r.lo_y, b->y[i]), r.hi_y = fmax(r.hi_y, b->y[i]);
    }
    for (int i = 0; i < 4; i++) /* fmin passes over NaN: the grid must see it */
        if (isnan(b->x[i]) || isnan(b->y[i]))
            r.lo_x = NAN;
    return (grc_page_rect){r.lo_x - 1e-6, r.lo_y - 1e-6, r.hi_x + 1e-6, r.hi_y + 1e-6};
}

static grc_page_rect obstacle_rect(const obstacle *o)
{
    if (!o->segment)
        return rect_of(&o->marker);
    grc_label_box b = {{o->x0, o->x1, o->x1, o->x0}, {o->y0, o->y1, o->y1, o->y0}};
    return rect_of(&b);
}

/* Whether two rectangles are apart: then no box within one covers any of
 * the other, and the exact test is not needed. */
static bool rects_apart(grc_page_rect a, grc_page_rect b)
{
    return a.hi_x < b.lo_x || b.hi_x < a.lo_x || a.hi_y < b.lo_y || b.hi_y < a.lo_y;
}

static int obstacle_hits(const obstacle *o, const grc_label_box *clear, grc_page_rect clear_rect)
{
    if (rects_apart(o->rect, clear_rect))
        return 0;
    return o->segment ? grc_segment_crosses(clear, o->x0, o->y0, o->x1, o->y1) : grc_boxes_overlap(clear, &o->marker);
}

/* What label `self` would cover at b inside the plot, as collisions()
 * counts it, from all there is (where the grids could not be had). */
static int crowding_unfiled(const grc_chart *c, const layout *L, size_t self, bool all_placed, const grc_label_box *b)
{
    int n = 0;
    grc_label_box clear = grown(b, LINE_CLEAR_IN), padded = grown(b, LABEL_PAD_IN);
    for (size_t i = 0; i < c->series_count; i++)
        n += series_collisions(c, c->series[i], &clear);
    for (size_t i = 0; i < c->label_count; i++)
        if (i != self && (all_placed || placed_before(c, i, self))) {
            grc_label_box other = grc_chart_label_box(c, &c->labels[i]);
            n += LABEL_COST * grc_boxes_overlap(&padded, &other);
        }
    return L->has_key ? n + KEY_COST * grc_boxes_overlap(b, &L->key) : n;
}

/* The same from the grids, counting no further than stop. */
static int crowding(layout *L, size_t self, const grc_label_box *b, int stop)
{
    int n = L->has_key ? KEY_COST * grc_boxes_overlap(b, &L->key) : 0;
    grc_label_box clear = grown(b, LINE_CLEAR_IN), padded = grown(b, LABEL_PAD_IN);
    grc_page_rect clear_rect = rect_of(&clear), padded_rect = rect_of(&padded);
    size_t id;
    grc_grid_walk walk = grc_page_grid_near(&L->obstacle_grid, clear_rect);
    while (n < stop && grc_page_grid_next(&L->obstacle_grid, &walk, &id))
        n += obstacle_hits(&L->obstacles[id], &clear, clear_rect);
    walk = grc_page_grid_near(&L->label_grid, padded_rect);
    while (n < stop && grc_page_grid_next(&L->label_grid, &walk, &id))
        if (id != self && !rects_apart(L->label_rects[id], padded_rect))
            n += LABEL_COST * grc_boxes_overlap(&padded, &L->label_boxes[id]);
    return n;
}

/* How far a level line at page height y is from the rectangle r,
 * straight up or down. */
static double vertical_gap(grc_page_rect r, double y)
{
    return y < r.lo_y ? r.lo_y - y : y > r.hi_y ? y - r.hi_y : 0;
}

/* NEARER_COST where a roof's label at b would be no nearer its own line
 * than another level line beside it (one that spans some of its width),
 * with ROOF_MARGIN_IN in hand; 0 for other labels, and for one far enough
 * off to be given a leader line to its own (where roofs lie closer together
 * than a label is tall, nothing else can say which is whose).  A line beyond its own
 * (its own between them) is no rival, however close: a label above two
 * roofs a hair apart names the upper.  Roof lines are few
 * beside the markers, but each kernel chain is a level line too: this
 * walks the line series, none of the points. */
static int nearer_other_line(const grc_chart *c, const grc_label *l, const grc_label_box *b)
{
    if (l->place != GRC_PLACE_LEVEL)
        return 0;
    grc_page_rect r = rect_of(b);
    double own = grc_page_y(c, l->at_y), own_gap = vertical_gap(r, own);
    if (own_gap > GRC_LEADER_IN) /* a leader line ties it to its own */
        return 0;
    for (size_t k = 0; k < c->series_count; k++) {
        const grc_series *s = c->series[k];
        for (size_t i = 1; s->draw == GRC_DRAW_LINES && i < s->count; i++) {
            double y = grc_page_y(c, s->points[i].y), x0 = grc_page_x(c, s->points[i - 1].x);
            double x1 = grc_page_x(c, s->points[i].x);
            if (fabs(grc_page_y(c, s->points[i - 1].y) - y) > 1e-9 || fabs(y - own) < 1e-9 ||
                fmax(x0, x1) < r.lo_x || fmin(x0, x1) > r.hi_x)
                continue;
            bool beyond_own = (y < own && own <= r.lo_y) || (y > own && own >= r.hi_y);
            if (!beyond_own && vertical_gap(r, y) < own_gap + ROOF_MARGIN_IN)
                return NEARER_COST;
        }
    }
    return 0;
}

/* What label `self` would cover at b: lines, markers, the key and the
 * labels already in place (once all are: every other; the label grid holds
 * just those), CROWDED_COST at most, and OUTSIDE_COST more outside the
 * plot.  Counting stops at `enough`: a place that costs that much is not
 * taken, whatever it costs. */
static int collisions(const grc_chart *c, layout *L, size_t self, bool all_placed, const grc_label_box *b,
                      int enough)
{
    int outside = inside_plot(c, b) ? 0 : OUTSIDE_COST;
    int stop = enough - outside < CROWDED_COST ? enough - outside : CROWDED_COST;
    int n = nearer_other_line(c, &c->labels[self], b);
    if (n < stop)
        n += L->fast ? crowding(L, self, b, stop - n) : crowding_unfiled(c, L, self, all_placed, b);
    return outside + (n < CROWDED_COST ? n : CROWDED_COST);
}

/* ---- candidate places ----------------------------------------------------------- */

typedef struct {
    const grc_chart *chart;
    layout *page;
    size_t self;
    bool all_placed;
    grc_label best;
    int best_cost;
    double width_in, height_in; /* the label's box, the same wherever it goes */
} search;

/* Tries the label with its text at page (x, y) as align says; true once
 * a place that collides with nothing is found.  (The box is made from the
 * page place and the label copied only when it is the best yet: a chart of
 * thousands of kernels tries hundreds of places a label.) */
static bool try_at(search *s, double x, double y, grc_align align, double angle_deg)
{
    grc_label_box b = box_at(s->width_in, s->height_in, x, y, align, angle_deg);
    int cost = collisions(s->chart, s->page, s->self, s->all_placed, &b, s->best_cost);
    if (cost < s->best_cost) {
        s->best = s->chart->labels[s->self];
        s->best.x = axis_x(s->chart, x);
        s->best.y = axis_y(s->chart, y);
        s->best.align = align;
        s->best.angle = angle_deg;
        s->best_cost = cost;
    }
    return cost == 0;
}

/* Above or below a level line, its right end first, then further left
 * along the line, never past its left end; then the same hugging the line
 * (roofs close together leave no room between them but there); then a
 * quarter of a line further off at a time, as far as GRC_LABEL_FAR_IN (a stack of
 * roofs closer than a label is tall has its labels above and below it,
 * each led to its line). */
static bool along_level(search *s, double off)
{
    const grc_label *l = &s->chart->labels[s->self];
    double left = grc_page_x(s->chart, l->at_x), right = fmin(grc_page_x(s->chart, l->at_x2), s->chart->plot_width_in);
    double y = grc_page_y(s->chart, l->at_y), width = text_ems(l->text) * em_in(l);
    for (int step = 0;; step++) {
        double end = right - GAP_IN - step * STEP_IN;
        if (step > 0 && end - width < left + GAP_IN)
            return false;
        if (try_at(s, end, y + off, GRC_ALIGN_RIGHT, 0) || try_at(s, end, y - off, GRC_ALIGN_RIGHT, 0))
            return true;
    }
}

static void beside_level(search *s)
{
    const grc_label *l = &s->chart->labels[s->self];
    double half = LINE_EMS * em_in(l) / 2;
    if (along_level(s, GAP_IN + half) || along_level(s, TIGHT_GAP_IN + half))
        return;
    for (int row = 1; GAP_IN + row * half / 2 <= GRC_LABEL_FAR_IN; row++)
        if (along_level(s, GAP_IN + half + row * half / 2))
            return;
}

/* Around a marker: right and low first (under a roof's slope), then the
 * other sides, then each again further out. */
static void around_point(search *s)
{
    const grc_label *l = &s->chart->labels[s->self];
    double x = grc_page_x(s->chart, l->at_x), y = grc_page_y(s->chart, l->at_y), h = LINE_EMS * em_in(l);
    double up = h / 2 + GAP_IN; /* clear of a line through the point */
    for (int ring = 0; ring < RINGS; ring++) {
        double d = MARKER_IN + GAP_IN + ring * STEP_IN;
        const struct {
            double dx, dy;
            grc_align align;
        } places[] = {
            {d, -up, GRC_ALIGN_LEFT},        {d, up, GRC_ALIGN_LEFT},           {-d, -up, GRC_ALIGN_RIGHT},
            {-d, up, GRC_ALIGN_RIGHT},       {0, -d - h / 2, GRC_ALIGN_CENTER}, {0, d + h / 2, GRC_ALIGN_CENTER},
            {d, 0, GRC_ALIGN_LEFT},          {-d, 0, GRC_ALIGN_RIGHT},
        };
        for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
            if (try_at(s, x + places[i].dx, y + places[i].dy, places[i].align, 0))
                return;
    }
}

/* Beside a chain of markers level with one another, from at_x to at_x2:
 * left of its first, then right of its last, level with it; then under
 * or over the line joining them, midway; then at either end a line lower
 * or higher at a time (chains close together stack their labels); then
 * each further out.  True once a free place is found. */
static bool beside_chain(search *s)
{
    const grc_label *l = &s->chart->labels[s->self];
    double left = grc_page_x(s->chart, l->at_x), right = grc_page_x(s->chart, fmax(l->at_x2, l->at_x));
    double y = grc_page_y(s->chart, l->at_y), h = LINE_EMS * em_in(l), up = h / 2 + GAP_IN;
    for (int ring = 0; ring < RINGS; ring++) {
        double d = MARKER_IN + GAP_IN + ring * STEP_IN;
        if (try_at(s, left - d, y, GRC_ALIGN_RIGHT, 0) || try_at(s, right + d, y, GRC_ALIGN_LEFT, 0) ||
            try_at(s, (left + right) / 2, y - up - ring * STEP_IN, GRC_ALIGN_CENTER, 0) ||
            try_at(s, (left + right) / 2, y + up + ring * STEP_IN, GRC_ALIGN_CENTER, 0))
            return true;
        for (int row = 1; row <= 2 * STACK_ROWS; row++) {
            double dy = (row % 2 ? -1 : 1) * ((row + 1) / 2) * (h + LABEL_PAD_IN);
            if (try_at(s, left - d, y + dy, GRC_ALIGN_RIGHT, 0) || try_at(s, right + d, y + dy, GRC_ALIGN_LEFT, 0))
                return true;
        }
    }
    return false;
}

/* Along a slope y = at_y * x from at_x to at_x2, turned with it: above the
 * line, low on the page first, then below it; then each a line further off
 * (two slopes close together leave no room beside the lower). */
static void along_slope(search *s)
{
    const grc_chart *c = s->chart;
    const grc_label *l = &c->labels[s->self];
    double x0 = grc_page_x(c, l->at_x), y0 = grc_page_y(c, l->at_y * l->at_x);
    double x1 = grc_page_x(c, l->at_x2), y1 = grc_page_y(c, l->at_y * l->at_x2);
    double angle = atan2(y1 - y0, x1 - x0), half = LINE_EMS * em_in(l) / 2;
    for (int ring = 0; ring < RINGS - 1; ring++) /* the last would be past GRC_LABEL_FAR_IN */
        for (int side = 1; side >= -1; side -= 2) {
            double off = side * (GAP_IN + half + ring * (2 * half + GAP_IN)), nx = -sin(angle) * off;
            double ny = cos(angle) * off;
            for (int step = 2; step < 24; step++) {
                double t = step / 24.0, x = x0 + t * (x1 - x0), y = y0 + t * (y1 - y0);
                if (x < 0 || x > c->plot_width_in || y < 0 || y > c->plot_height_in)
                    continue;
                if (try_at(s, x + nx, y + ny, GRC_ALIGN_CENTER, angle * 180 / PI))
                    return;
            }
        }
}

/* ---- the page filed, and the labels placed ---------------------------------------- */

static bool add_obstacle(layout *L, size_t *capacity, obstacle o)
{
    if (L->obstacle_count == *capacity) {
        size_t grown_to = *capacity ? 2 * *capacity : 64;
        obstacle *more = realloc(L->obstacles, grown_to * sizeof *more);
        if (!more)
            return false;
        L->obstacles = more;
        *capacity = grown_to;
    }
    L->obstacles[L->obstacle_count++] = o;
    return true;
}

/* Each series' markers and segments, on the page, as series_collisions()
 * finds them. */
static bool list_obstacles(const grc_chart *c, layout *L)
{
    size_t capacity = 0;
    for (size_t k = 0; k < c->series_count; k++) {
        const grc_series *s = c->series[k];
        for (size_t i = 0; i < s->count; i++) {
            double x = grc_page_x(c, s->points[i].x), y = grc_page_y(c, s->points[i].y);
            bool ok = true;
            if (s->draw == GRC_DRAW_POINTS || s->draw == GRC_DRAW_IMPULSES) {
                double r = s->thin ? THIN_MARKER_IN : MARKER_IN;
                ok = add_obstacle(L, &capacity, (obstacle){.marker = turned_box(x, y, r, r, 0)});
            } else if (i > 0) {
                double x0 = grc_page_x(c, s->points[i - 1].x), y0 = grc_page_y(c, s->points[i - 1].y);
                if (s->draw == GRC_DRAW_STEPS)
                    ok = add_obstacle(L, &capacity, (obstacle){.segment = true, .x0 = x0, .y0 = y0, .x1 = x0, .y1 = y}) &&
                         add_obstacle(L, &capacity, (obstacle){.segment = true, .x0 = x0, .y0 = y, .x1 = x, .y1 = y});
                else
                    ok = add_obstacle(L, &capacity, (obstacle){.segment = true, .x0 = x0, .y0 = y0, .x1 = x, .y1 = y});
            }
            if (!ok)
                return false;
        }
    }
    return true;
}

/* Files a label where it is now. */
static void file_label(const grc_chart *c, layout *L, size_t i)
{
    if (!L->fast)
        return;
    L->label_boxes[i] = grc_chart_label_box(c, &c->labels[i]);
    L->label_rects[i] = rect_of(&L->label_boxes[i]);
    L->fast = grc_page_grid_add(&L->label_grid, i, L->label_rects[i]);
}

static void unfile_label(layout *L, size_t i)
{
    if (L->fast)
        grc_page_grid_remove(&L->label_grid, i, L->label_rects[i]);
}

/* The page: its key, its lines and markers filed, and the labels that are
 * not placed (those at a place of their own).  Without memory for the
 * grids, fast is false and all is checked against all. */
static void layout_init(const grc_chart *c, layout *L)
{
    memset(L, 0, sizeof *L);
    L->has_key = key_box(c, &L->key);
    size_t things = c->label_count;
    L->label_boxes = malloc((c->label_count ? c->label_count : 1) * sizeof *L->label_boxes);
    L->label_rects = malloc((c->label_count ? c->label_count : 1) * sizeof *L->label_rects);
    L->fast = L->label_boxes && L->label_rects && list_obstacles(c, L);
    things += L->obstacle_count;
    L->fast = L->fast && grc_page_grid_init(&L->obstacle_grid, c->plot_width_in, c->plot_height_in, things,
                                           L->obstacle_count ? L->obstacle_count : 1);
    L->fast = L->fast && grc_page_grid_init(&L->label_grid, c->plot_width_in, c->plot_height_in, things,
                                           c->label_count ? c->label_count : 1);
    for (size_t i = 0; L->fast && i < L->obstacle_count; i++) {
        L->obstacles[i].rect = obstacle_rect(&L->obstacles[i]);
        L->fast = grc_page_grid_add(&L->obstacle_grid, i, L->obstacles[i].rect);
    }
    for (size_t i = 0; i < c->label_count; i++)
        if (c->labels[i].place == GRC_PLACE_AT)
            file_label(c, L, i);
}

static void layout_free(layout *L)
{
    free(L->obstacles);
    free(L->label_boxes);
    free(L->label_rects);
    grc_page_grid_free(&L->obstacle_grid);
    grc_page_grid_free(&L->label_grid);
}

/* Places each label of one turn; returns what they collide with in all.
 * Each is filed where it goes: the labels placed before it, and once all
 * are, every other, are what the label grid holds. */
/* The label of turn `which` placed next after label `last` (SIZE_MAX: the
 * first), as placed_before() orders them; SIZE_MAX when none is left.
 * Roofs' labels are few: they are sought among all; the others follow in
 * the order they were made. */
static size_t next_in_turn(const grc_chart *c, int which, size_t last)
{
    size_t best = SIZE_MAX;
    for (size_t i = which == 1 ? 0 : last == SIZE_MAX ? 0 : last + 1; i < c->label_count; i++) {
        const grc_label *l = &c->labels[i];
        if (l->place == GRC_PLACE_AT || turn(l) != which || (last != SIZE_MAX && !placed_before(c, last, i)))
            continue;
        if (which != 1)
            return i;
        if (best == SIZE_MAX || placed_before(c, i, best))
            best = i;
    }
    return best;
}

static int place_turn(grc_chart *c, layout *L, int which, bool all_placed)
{
    int total = 0;
    for (size_t i = next_in_turn(c, which, SIZE_MAX); i != SIZE_MAX; i = next_in_turn(c, which, i)) {
        grc_label *l = &c->labels[i];
        if (all_placed) {
            /* one clear where it is stays: the others placed since avoided it */
            grc_label_box here = grc_chart_label_box(c, l);
            if (collisions(c, L, i, true, &here, 1) == 0)
                continue;
            unfile_label(L, i);
        }
        search s = {c, L, i, all_placed, *l, INT_MAX, box_width_in(l), LINE_EMS * em_in(l)};
        if (l->place == GRC_PLACE_LEVEL)
            beside_level(&s);
        else if (l->place == GRC_PLACE_POINT && !(l->chain && beside_chain(&s)))
            around_point(&s);
        else
            along_slope(&s);
        *l = s.best;
        l->unboxed = s.best_cost > 0;
        total += s.best_cost;
        file_label(c, L, i);
    }
    return total;
}

void grc_chart_place_labels(grc_chart *c)
{
    int cost = 0;
    if (!(c->plot_width_in > 0 && c->plot_height_in > 0)) /* no page: nowhere to place them */
        return;
    layout page;
    layout_init(c, &page);
    for (int which = 1; which < TURNS; which++)
        cost += place_turn(c, &page, which, false);
    /* Placed one by one, the first took the best places; where some label
     * was left colliding, each tries again knowing where all the others are. */
    for (int pass = 0; pass < PASSES && cost > 0; pass++) {
        cost = 0;
        for (int which = 1; which < TURNS; which++)
            cost += place_turn(c, &page, which, true);
    }
    layout_free(&page);
}

/* Whether label i, placed, covers another placed label or the key. */
static bool covers_another(const grc_chart *c, size_t i, const grc_label_box *key)
{
    grc_label_box b = grc_chart_label_box(c, &c->labels[i]);
    if (key && grc_boxes_overlap(&b, key))
        return true;
    for (size_t j = 0; j < c->label_count; j++)
        if (j != i && c->labels[j].place != GRC_PLACE_AT) {
            grc_label_box other = grc_chart_label_box(c, &c->labels[j]);
            if (grc_boxes_overlap(&b, &other))
                return true;
        }
    return false;
}

/* The numbered label, still named, that covers another or the key, the
 * one with the highest number; SIZE_MAX for none. */
static size_t next_to_number(const grc_chart *c)
{
    grc_label_box key;
    bool has_key = key_box(c, &key);
    size_t pick = SIZE_MAX;
    for (size_t i = 0; i < c->label_count; i++) {
        const grc_label *l = &c->labels[i];
        if (l->number && !l->name[0] && l->place != GRC_PLACE_AT &&
            (pick == SIZE_MAX || l->number > c->labels[pick].number) && covers_another(c, i, has_key ? &key : NULL))
            pick = i;
    }
    return pick;
}

void grc_chart_place_labels_numbered(grc_chart *c)
{
    grc_chart_place_labels(c);
    for (size_t i; (i = next_to_number(c)) != SIZE_MAX;) { /* at most once a numbered label */
        grc_label *l = &c->labels[i];
        snprintf(l->name, sizeof l->name, "%s", l->text);
        snprintf(l->text, sizeof l->text, "[%u]", l->number);
        grc_chart_place_labels(c);
    }
}

/* ---- what a label names ------------------------------------------------------ */

/* The point of segment (x0, y0)-(x1, y1) nearest (px, py), all on the page. */
static void nearest_on_segment(double x0, double y0, double x1, double y1, double px, double py, double *nx, double *ny)
{
    double dx = x1 - x0, dy = y1 - y0, length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / length2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    *nx = x0 + t * dx;
    *ny = y0 + t * dy;
}

bool grc_label_anchor(const grc_chart *c, const grc_label *l, double *page_x, double *page_y)
{
    grc_label_box b = grc_chart_label_box(c, l);
    double cx = (b.x[0] + b.x[2]) / 2, cy = (b.y[0] + b.y[2]) / 2;
    switch (l->place) {
    case GRC_PLACE_LEVEL:
        nearest_on_segment(grc_page_x(c, l->at_x), grc_page_y(c, l->at_y), fmin(grc_page_x(c, l->at_x2), c->plot_width_in),
                           grc_page_y(c, l->at_y), cx, cy, page_x, page_y);
        return true;
    case GRC_PLACE_POINT:
        if (l->chain) /* the chain's nearer end */
            nearest_on_segment(grc_page_x(c, l->at_x), grc_page_y(c, l->at_y), grc_page_x(c, fmax(l->at_x2, l->at_x)),
                               grc_page_y(c, l->at_y), cx, cy, page_x, page_y);
        else
            *page_x = grc_page_x(c, l->at_x), *page_y = grc_page_y(c, l->at_y);
        return true;
    case GRC_PLACE_SLOPE:
        nearest_on_segment(grc_page_x(c, l->at_x), grc_page_y(c, l->at_y * l->at_x), grc_page_x(c, l->at_x2),
                           grc_page_y(c, l->at_y * l->at_x2), cx, cy, page_x, page_y);
        return true;
    default:
        return false;
    }
}

double grc_label_box_distance(const grc_label_box *b, double x, double y, double *near_x, double *near_y)
{
    bool inside = true;
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4;
        double ex = b->x[j] - b->x[i], ey = b->y[j] - b->y[i];
        inside = inside && ex * (y - b->y[i]) - ey * (x - b->x[i]) >= 0; /* left of each edge, counter-clockwise */
        double nx, ny;
        nearest_on_segment(b->x[i], b->y[i], b->x[j], b->y[j], x, y, &nx, &ny);
        if (hypot(nx - x, ny - y) < best) {
            best = hypot(nx - x, ny - y);
            *near_x = nx, *near_y = ny;
        }
    }
    if (inside)
        *near_x = x, *near_y = y;
    return inside ? 0 : best;
}

/* ---- the key's corner ------------------------------------------------------------ */

/* What the key would hide in its corner: each line segment and marker it
 * covers, and thrice each label whose text, centred on what it names,
 * would reach into it (the label would have to move away, or cover it). */
static int key_covers(const grc_chart *c)
{
    grc_label_box key;
    if (!key_box(c, &key))
        return 0;
    int n = 0;
    for (size_t i = 0; i < c->series_count; i++)
        n += series_collisions(c, c->series[i], &key);
    for (size_t i = 0; i < c->label_count; i++) {
        const grc_label *l = &c->labels[i];
        double x = grc_page_x(c, l->place == GRC_PLACE_AT ? l->x : l->at_x);
        double y = grc_page_y(c, l->place == GRC_PLACE_AT ? l->y : l->place == GRC_PLACE_SLOPE ? l->at_y * l->at_x : l->at_y);
        grc_label_box dot = turned_box(x, y, text_ems(l->text) * em_in(l), LINE_EMS * em_in(l), 0);
        n += 3 * grc_boxes_overlap(&key, &dot);
    }
    return n;
}

void grc_chart_choose_key_corner(grc_chart *c)
{
    bool first = c->key_bottom_right;
    int here = key_covers(c);
    c->key_bottom_right = !first;
    if (key_covers(c) >= here)
        c->key_bottom_right = first;
}
