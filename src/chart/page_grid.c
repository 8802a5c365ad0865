#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "page_grid.h"
#include "gpuroof_text.h"

/* More cells than this along a side buy nothing: a label spans several. */
#define MAX_SIDE 256

static bool list_add(grc_grid_list *l, size_t id)
{
    size_t *ids = gr_grow(l->ids, &l->capacity, l->count, sizeof *ids, 4);
    if (!ids)
        return false;
    l->ids = ids;
    l->ids[l->count++] = id;
    return true;
}

static void list_remove(grc_grid_list *l, size_t id)
{
    for (size_t i = 0; i < l->count; i++)
        if (l->ids[i] == id) {
            l->ids[i] = l->ids[--l->count];
            return;
        }
}

static int side(double things, double share)
{
    double n = ceil(sqrt(things * share));
    return !(n >= 1) ? 1 : n > MAX_SIDE ? MAX_SIDE : (int)n;
}

bool grc_page_grid_init(grc_page_grid *g, double width_in, double height_in, size_t things, size_t id_count)
{
    memset(g, 0, sizeof *g);
    double aspect = width_in / height_in;
    g->cols = side((double)things, aspect);
    g->rows = side((double)things, 1 / aspect);
    g->width_in = width_in;
    g->height_in = height_in;
    g->id_count = id_count;
    g->cells = calloc((size_t)g->cols * (size_t)g->rows, sizeof *g->cells);
    g->seen = calloc(id_count ? id_count : 1, sizeof *g->seen);
    if (!g->cells || !g->seen) {
        grc_page_grid_free(g);
        return false;
    }
    return true;
}

/* The cell a page coordinate falls in along an axis of n cells; those
 * off the page (and infinities) go to the cells at its edges. */
static int cell_of(double v_in, double size_in, int n)
{
    double at = v_in / size_in * n;
    return !(at >= 0) ? 0 : at >= n ? n - 1 : (int)at;
}

typedef struct {
    int col0, col1, row0, row1;
    bool everywhere;
} cell_span;

/* The cells under r; everywhere where r spans more cells than a side and
 * a half of the grid (a long slope would be filed in most of them), or is
 * not a number. */
static cell_span span_of(const grc_page_grid *g, grc_page_rect r)
{
    cell_span s = {cell_of(r.lo_x, g->width_in, g->cols), cell_of(r.hi_x, g->width_in, g->cols),
                   cell_of(r.lo_y, g->height_in, g->rows), cell_of(r.hi_y, g->height_in, g->rows), false};
    double cells = (double)(s.col1 - s.col0 + 1) * (double)(s.row1 - s.row0 + 1);
    s.everywhere = isnan(r.lo_x) || isnan(r.hi_x) || isnan(r.lo_y) || isnan(r.hi_y) || s.col1 < s.col0 ||
                   s.row1 < s.row0 || cells > 1.5 * (g->cols + g->rows);
    return s;
}

bool grc_page_grid_add(grc_page_grid *g, size_t id, grc_page_rect r)
{
    cell_span s = span_of(g, r);
    if (s.everywhere)
        return list_add(&g->everywhere, id);
    for (int row = s.row0; row <= s.row1; row++)
        for (int col = s.col0; col <= s.col1; col++)
            if (!list_add(&g->cells[(size_t)row * (size_t)g->cols + (size_t)col], id))
                return false;
    return true;
}

void grc_page_grid_remove(grc_page_grid *g, size_t id, grc_page_rect r)
{
    cell_span s = span_of(g, r);
    if (s.everywhere) {
        list_remove(&g->everywhere, id);
        return;
    }
    for (int row = s.row0; row <= s.row1; row++)
        for (int col = s.col0; col <= s.col1; col++)
            list_remove(&g->cells[(size_t)row * (size_t)g->cols + (size_t)col], id);
}

grc_grid_walk grc_page_grid_near(grc_page_grid *g, grc_page_rect r)
{
    if (++g->query == 0) { /* once in four billion walks: forget what was seen */
        memset(g->seen, 0, g->id_count * sizeof *g->seen);
        g->query = 1;
    }
    cell_span s = span_of(g, r);
    if (s.everywhere) /* a rectangle not a number, or a large one: every cell */
        s = (cell_span){0, g->cols - 1, 0, g->rows - 1, false};
    return (grc_grid_walk){s.col0, s.col1, s.row0, s.row1, s.col0, s.row0, 0, false};
}

bool grc_page_grid_next(grc_page_grid *g, grc_grid_walk *w, size_t *id)
{
    while (!w->in_everywhere) {
        const grc_grid_list *cell = &g->cells[(size_t)w->row * (size_t)g->cols + (size_t)w->col];
        while (w->next < cell->count) {
            *id = cell->ids[w->next++];
            if (g->seen[*id] != g->query) {
                g->seen[*id] = g->query;
                return true;
            }
        }
        w->next = 0;
        if (++w->col > w->col1) {
            w->col = w->col0;
            w->in_everywhere = ++w->row > w->row1;
        }
    }
    if (w->next >= g->everywhere.count)
        return false;
    *id = g->everywhere.ids[w->next++];
    return true;
}

void grc_page_grid_free(grc_page_grid *g)
{
    if (g->cells)
        for (size_t i = 0; i < (size_t)g->cols * (size_t)g->rows; i++)
            free(g->cells[i].ids);
    free(g->cells);
    free(g->seen);
    free(g->everywhere.ids);
    memset(g, 0, sizeof *g);
}
