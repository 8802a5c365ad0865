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
} grc_page_rect;

typedef struct {
    size_t *ids;
    size_t count, capacity;
} grc_grid_list;

typedef struct {
    int cols, rows;
    double width_in, height_in;
    grc_grid_list *cells;
    /* things whose rectangle spans much of the grid (a roof across the
     * chart) or is not a number: every query gets them */
    grc_grid_list everywhere;
    unsigned *seen; /* per id: the query that found it last, so each is found once */
    size_t id_count;
    unsigned query;
} grc_page_grid;

/* Where a walk over the ids near a rectangle is. */
typedef struct {
    int col0, col1, row0, row1, col, row;
    size_t next;
    bool in_everywhere;
} grc_grid_walk;

/* A grid over width_in x height_in with about `things` cells, for ids
 * below id_count; false when out of memory (the grid is then freed). */
bool grc_page_grid_init(grc_page_grid *g, double width_in, double height_in, size_t things, size_t id_count);

/* Files id under r; removes it from where r filed it (r as it was added). */
bool grc_page_grid_add(grc_page_grid *g, size_t id, grc_page_rect r);
void grc_page_grid_remove(grc_page_grid *g, size_t id, grc_page_rect r);

/* A walk over every id filed where a rectangle that overlaps r could lie
 * (and perhaps more), each once: an id it never gives is filed under a
 * rectangle apart from r.  grc_page_grid_next gives the next id, false at
 * the end.  One walk at a time per grid: a new one ends the last. */
grc_grid_walk grc_page_grid_near(grc_page_grid *g, grc_page_rect r);
bool grc_page_grid_next(grc_page_grid *g, grc_grid_walk *w, size_t *id);

void grc_page_grid_free(grc_page_grid *g);

#endif
