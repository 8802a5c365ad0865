#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "chart.h"

void gr_chart_init(gr_chart *c)
{
    memset(c, 0, sizeof *c);
}

void gr_chart_free(gr_chart *c)
{
    for (size_t i = 0; i < c->series_count; i++) {
        free(c->series[i]->points);
        free(c->series[i]);
    }
    free(c->series);
    free(c->labels);
    gr_chart_init(c);
}

void gr_figure_free(gr_figure *f)
{
    for (size_t i = 0; i < f->chart_count; i++)
        gr_chart_free(&f->charts[i]);
    f->chart_count = 0;
}

static gr_series *new_series(gr_chart *c, gr_draw draw, int color)
{
    gr_series **grown = realloc(c->series, (c->series_count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    c->series = grown;
    gr_series *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    c->series[c->series_count++] = s;
    s->draw = draw;
    s->color = color;
    return s;
}

gr_series *gr_chart_series(gr_chart *c, gr_draw draw, int color, const char *key)
{
    return gr_chart_series_f(c, draw, color, "%s", key ? key : "");
}

gr_series *gr_chart_series_f(gr_chart *c, gr_draw draw, int color, const char *fmt, ...)
{
    gr_series *s = new_series(c, draw, color);
    if (s) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->key, sizeof s->key, fmt, ap);
        va_end(ap);
    }
    return s;
}

static gr_point *new_point(gr_series *s, double x, double y)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 8;
        gr_point *grown = realloc(s->points, capacity * sizeof *grown);
        if (!grown)
            return NULL;
        s->points = grown;
        s->capacity = capacity;
    }
    gr_point *p = &s->points[s->count++];
    p->x = x;
    p->y = y;
    p->label[0] = p->tooltip[0] = '\0';
    return p;
}

bool gr_series_add(gr_series *s, double x, double y, const char *label)
{
    return gr_series_add_f(s, x, y, "%s", label ? label : "");
}

bool gr_series_add_f(gr_series *s, double x, double y, const char *fmt, ...)
{
    gr_point *p = new_point(s, x, y);
    if (!p)
        return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->label, sizeof p->label, fmt, ap);
    va_end(ap);
    return true;
}

void gr_series_tooltip(gr_series *s, const char *tooltip)
{
    gr_series_tooltip_f(s, "%s", tooltip);
}

void gr_series_tooltip_f(gr_series *s, const char *fmt, ...)
{
    if (!s->count)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->points[s->count - 1].tooltip, sizeof s->points[0].tooltip, fmt, ap);
    va_end(ap);
}

static gr_label *new_label(gr_chart *c, double x, double y)
{
    gr_label *grown = realloc(c->labels, (c->label_count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    c->labels = grown;
    gr_label *l = &c->labels[c->label_count++];
    memset(l, 0, sizeof *l);
    l->x = x;
    l->y = y;
    return l;
}

gr_label *gr_chart_label(gr_chart *c, double x, double y, const char *text)
{
    gr_label *l = new_label(c, x, y);
    if (l)
        snprintf(l->text, sizeof l->text, "%s", text);
    return l;
}

gr_label *gr_chart_label_beside(gr_chart *c, gr_place place, double at_x, double at_y, double at_x2,
                                const char *text)
{
    return gr_chart_label_beside_f(c, place, at_x, at_y, at_x2, "%s", text);
}

gr_label *gr_chart_label_beside_f(gr_chart *c, gr_place place, double at_x, double at_y, double at_x2,
                                  const char *fmt, ...)
{
    gr_label *l = new_label(c, at_x, at_y);
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

gr_plot_area gr_figure_plot_area(size_t i, size_t count, size_t note_lines, double height_in)
{
    gr_plot_area a = {0.11, 0.91, 0.16, 0.90}; /* room for the tick labels at left and below, the title above */
    if (count > 1) {
        double width = 0.88 / (double)count, left = 0.08 + width * (double)i; /* panels side by side */
        a = (gr_plot_area){left, left + width - 0.05, 0.2, 0.82};
    }
    double needed_in = GR_NOTE_FOOT_IN + (double)note_lines * GR_NOTE_LINE_IN + AXIS_TITLE_IN;
    if (height_in > 0 && needed_in / height_in > a.bottom)
        a.bottom = fmin(needed_in / height_in, 0.5 * a.top); /* a note of a hundred lines leaves half the page */
    return a;
}

void gr_chart_set_plot_size(gr_chart *c, const gr_plot_area *area, double width_in, double height_in)
{
    c->plot_width_in = (area->right - area->left) * width_in;
    c->plot_height_in = (area->top - area->bottom) * height_in;
}
