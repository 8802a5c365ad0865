#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "chart.h"
#include "gpuroof_text.h"

void grc_chart_init(grc_chart *c)
{
    memset(c, 0, sizeof *c);
}

void grc_chart_free(grc_chart *c)
{
    for (size_t i = 0; i < c->series_count; i++) {
        free(c->series[i]->points);
        free(c->series[i]);
    }
    free(c->series);
    free(c->labels);
    grc_chart_init(c);
}

void grc_figure_free(grc_figure *f)
{
    for (size_t i = 0; i < f->chart_count; i++)
        grc_chart_free(&f->charts[i]);
    f->chart_count = 0;
}

static grc_series *new_series(grc_chart *c, grc_draw draw, int color)
{
    grc_series **grown = realloc(c->series, (c->series_count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    c->series = grown;
    grc_series *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    c->series[c->series_count++] = s;
    s->draw = draw;
    s->color = color;
    return s;
}

grc_series *grc_chart_series(grc_chart *c, grc_draw draw, int color, const char *key)
{
    return grc_chart_series_f(c, draw, color, "%s", key ? key : "");
}

grc_series *grc_chart_series_f(grc_chart *c, grc_draw draw, int color, const char *fmt, ...)
{
    grc_series *s = new_series(c, draw, color);
    if (s) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->key, sizeof s->key, fmt, ap);
        va_end(ap);
    }
    return s;
}

static grc_point *new_point(grc_series *s, double x, double y)
{
    grc_point *points = gr_grow(s->points, &s->capacity, s->count, sizeof *points, 8);
    if (!points)
        return NULL;
    s->points = points;
    grc_point *p = &s->points[s->count++];
    p->x = x;
    p->y = y;
    p->label[0] = p->tooltip[0] = '\0';
    return p;
}

bool grc_series_add(grc_series *s, double x, double y, const char *label)
{
    return grc_series_add_f(s, x, y, "%s", label ? label : "");
}

bool grc_series_add_f(grc_series *s, double x, double y, const char *fmt, ...)
{
    grc_point *p = new_point(s, x, y);
    if (!p)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->label, sizeof p->label, fmt, ap);
    va_end(ap);
    return true;
}

void grc_series_tooltip(grc_series *s, const char *tooltip)
{
    grc_series_tooltip_f(s, "%s", tooltip);
}

void grc_series_tooltip_f(grc_series *s, const char *fmt, ...)
{
    if (!s->count)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->points[s->count - 1].tooltip, sizeof s->points[0].tooltip, fmt, ap);
    va_end(ap);
}

static grc_label *new_label(grc_chart *c, double x, double y)
{
    grc_label *grown = realloc(c->labels, (c->label_count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    c->labels = grown;
    grc_label *l = &c->labels[c->label_count++];
    memset(l, 0, sizeof *l);
    l->x = x;
    l->y = y;
    return l;
}

grc_label *grc_chart_label(grc_chart *c, double x, double y, const char *text)
{
    grc_label *l = new_label(c, x, y);
    if (l)
        snprintf(l->text, sizeof l->text, "%s", text);
    return l;
}

grc_label *grc_chart_label_beside(grc_chart *c, grc_place place, double at_x, double at_y, double at_x2,
                                const char *text)
{
    return grc_chart_label_beside_f(c, place, at_x, at_y, at_x2, "%s", text);
}

grc_label *grc_chart_label_beside_f(grc_chart *c, grc_place place, double at_x, double at_y, double at_x2,
                                  const char *fmt, ...)
{
    grc_label *l = new_label(c, at_x, at_y);
    if (l) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(l->text, sizeof l->text, fmt, ap);
        va_end(ap);
        l->place = place;
        l->at_x = at_x;
        l->at_y = at_y;
        l->at_x2 = at_x2;
    }
    return l;
}

/* From the plot area's foot down to the x axis' title's foot: the tick
 * labels and the title (measured on the PNGs: 0.36 in at 11 pt). */
#define AXIS_TITLE_IN 0.42

grc_plot_area grc_figure_plot_area(size_t i, size_t count, size_t note_lines, double height_in)
{
    grc_plot_area a = {0.11, 0.91, 0.16, 0.90}; /* room for the tick labels at left and below, the title above */
    if (count > 1) {
        double width = 0.88 / (double)count, left = 0.08 + width * (double)i; /* panels side by side */
        a = (grc_plot_area){left, left + width - 0.05, 0.2, 0.82};
    }
    double needed_in = GRC_NOTE_FOOT_IN + (double)note_lines * GRC_NOTE_LINE_IN + AXIS_TITLE_IN;
    if (height_in > 0 && needed_in / height_in > a.bottom)
        a.bottom = fmin(needed_in / height_in, 0.5 * a.top); /* a note of a hundred lines leaves half the page */
    return a;
}

void grc_chart_set_plot_size(grc_chart *c, const grc_plot_area *area, double width_in, double height_in)
{
    c->plot_width_in = (area->right - area->left) * width_in;
    c->plot_height_in = (area->top - area->bottom) * height_in;
}
