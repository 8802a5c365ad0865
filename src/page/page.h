/* One self-contained HTML page: a report a person opens in a browser with
 * no network.  Everything it needs is inside it: the style, the script that
 * sorts its tables and turns the chart's hypertext into tooltips, the chart
 * itself as inline SVG.  The page layer only writes text to the FILE* it is
 * given; what the page says comes from the core through the caller. */
#ifndef GPUROOF_PAGE_H
#define GPUROOF_PAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Text as HTML element content or an attribute's value: & < > " ' as
 * entities; control characters other than tab and newline dropped (no
 * page carries them); bytes of UTF-8 as they are. */
void page_escape(FILE *out, const char *text);
void page_escape_n(FILE *out, const char *text, size_t len);

/* The document up to the open body, with title as <title> and <h1>. */
void page_begin(FILE *out, const char *title);
/* A heading of a section (h2) with its anchor id. */
void page_section(FILE *out, const char *id, const char *heading);
/* A paragraph of plain text. */
void page_paragraph(FILE *out, const char *text);
/* Lines of text as written (a command's header), in a block of their own. */
void page_preformatted(FILE *out, const char *text, size_t text_len);
/* The script and the end of the document. */
void page_end(FILE *out);

/* A table whose columns sort on a click of their heading: numbers by
 * value (the largest first on the first click), text in order, unknown
 * values last either way. */
typedef struct {
    const char *heading;
    const char *tip;   /* what the column holds, shown over its heading; NULL: none */
    bool numeric;
} page_column;

void page_table_begin(FILE *out, const char *id, const page_column *columns, size_t column_count);
/* A row; anchor, where not NULL, is the id of the row. */
void page_row_begin(FILE *out, const char *anchor);
/* A text cell; tip, where not NULL, shows on hover (a name shortened in
 * the cell, whole); link, where not NULL, is the fragment it points at. */
void page_cell_text(FILE *out, const char *text, const char *tip, const char *link);
/* The same for a long name (a kernel's): it wraps where the others keep
 * to one line. */
void page_cell_name(FILE *out, const char *text, const char *tip, const char *link);
/* A few words or a sentence (what a row's configuration decides): it
 * wraps, in a narrower column than a name's. */
void page_cell_prose(FILE *out, const char *text);
/* A number as shown (shown) and the value it sorts by (NAN: unknown, sorts
 * last). */
void page_cell_number(FILE *out, const char *shown, double sort_value);
void page_row_end(FILE *out);
void page_table_end(FILE *out);

/* gnuplot's SVG (svg_len bytes) inline: its XML prolog dropped, from its
 * <svg element on.  False, writing nothing, where the text holds no <svg
 * element to start from. */
bool page_svg(FILE *out, const char *svg, size_t svg_len);

/* A collapsible block of preformatted text (a kernel's worked
 * explanation): summary is its one line, id its anchor. */
void page_details(FILE *out, const char *id, const char *summary, const char *text, size_t text_len);

#endif
