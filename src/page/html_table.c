/* Sortable tables: the script in html_page.c sorts a table by the
 * data-sort of a column's cells, numeric where the heading says so. */
#include <math.h>
#include "page.h"

void page_table_begin(FILE *out, const char *id, const page_column *columns, size_t column_count)
{
    fputs("<div class=\"table-wrap\"><table class=\"sortable\" id=\"", out);
    page_escape(out, id);
    fputs("\">\n<thead><tr>", out);
    for (size_t i = 0; i < column_count; i++) {
        fprintf(out, "<th scope=\"col\" data-type=\"%s\"", columns[i].numeric ? "number" : "text");
        if (columns[i].tip) {
            fputs(" title=\"", out);
            page_escape(out, columns[i].tip);
            fputc('"', out);
        }
        fputs("><button type=\"button\">", out);
        page_escape(out, columns[i].heading);
        fputs("</button></th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
}

void page_row_begin(FILE *out, const char *anchor)
{
    if (!anchor) {
        fputs("<tr>", out);
        return;
    }
    fputs("<tr id=\"", out);
    page_escape(out, anchor);
    fputs("\">", out);
}

static void text_cell(FILE *out, const char *cell_class, const char *text, const char *tip, const char *link)
{
    fprintf(out, "<td class=\"%s\"", cell_class);
    if (tip) {
        fputs(" title=\"", out);
        page_escape(out, tip);
        fputc('"', out);
    }
    fputc('>', out);
    if (link) {
        fputs("<a href=\"#", out);
        page_escape(out, link);
        fputs("\">", out);
    }
    page_escape(out, text);
    fputs(link ? "</a></td>" : "</td>", out);
}

void page_cell_text(FILE *out, const char *text, const char *tip, const char *link)
{
    text_cell(out, "text", text, tip, link);
}

void page_cell_name(FILE *out, const char *text, const char *tip, const char *link)
{
    text_cell(out, "text name", text, tip, link);
}

void page_cell_prose(FILE *out, const char *text)
{
    text_cell(out, "text prose", text, NULL, NULL);
}

void page_cell_number(FILE *out, const char *shown, double sort_value)
{
    /* %.17g keeps every double distinct, so the order sorted is the
     * order of the values, not of their rounded text */
    if (isfinite(sort_value))
        fprintf(out, "<td data-sort=\"%.17g\">", sort_value);
    else
        fputs("<td data-sort=\"\">", out);
    page_escape(out, shown);
    fputs("</td>", out);
}

void page_row_end(FILE *out)
{
    fputs("</tr>\n", out);
}

void page_table_end(FILE *out)
{
    fputs("</tbody></table></div>\n", out);
}
