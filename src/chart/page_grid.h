/* A uniform grid over a chart's plot area, for placing labels in time
 * linear in their number: each thing a label may not cover is filed under
 * every cell its bounding rectangle touches, so that what could overlap a
 * box is looked for among the few things filed near it, not among all. */
#ifndef GPUROOF_PAGE_GRID_H
#define GPUROOF_PAGE_GRID_H

#include <stdbool.h>
#include <stddef.h>

/* A bounding rectangle on the page, in inches from the plot area's lower
 * left corner. */
typedef struct {
    double lo_x, lo_y, hi_x, hi_y;
} gr_page_rect;

typedef struct {
    size_t *ids;
    size_t count, capacity;
} gr_grid_list;

typedef struct {
    int cols, rows;
    double width_in, height_in;
    gr_grid_list *cells;
    /* things whose rectangle spans much of the grid (a roof across the
     * chart) or is not a number: every query gets them */
    gr_grid_list everywhere;
    unsigned *seen; /* per id: the query that found it last, so each is found once */
    size_t id_count;
    unsigned query;
} gr_page_grid;

/* Where a walk over the ids near a rectangle is. */
typedef struct {
    int col0, col1, row0, row1, col, row;
    size_t next;
    bool in_everywhere;
} gr_grid_walk;

/* A grid over width_in x height_in with about `things` cells, for ids
 * below id_count; false when out of memory (the grid is then freed). */
bool gr_page_grid_init(gr_page_grid *g, double width_in, double height_in, size_t things, size_t id_count);

/* Files id under r; removes it from where r filed it (r as it was added). */
bool gr_page_grid_add(gr_page_grid *g, size_t id, gr_page_rect r);
void gr_page_grid_remove(gr_page_grid *g, size_t id, gr_page_rect r);

/* A walk over every id filed where a rectangle that overlaps r could lie
 * (and perhaps more), each once: an id it never gives is filed under a
 * rectangle apart from r.  gr_page_grid_next gives the next id, false at
 * the end.  One walk at a time per grid: a new one ends the last. */
gr_grid_walk gr_page_grid_near(gr_page_grid *g, gr_page_rect r);
bool gr_page_grid_next(gr_page_grid *g, gr_grid_walk *w, size_t *id);

void gr_page_grid_free(gr_page_grid *g);

#endif
