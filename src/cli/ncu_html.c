/* gpuroof ncu --html: the report as one self-contained page (page.h):
 * what the text says first (the report, the device, its roofs), the
 * table to sort, the roofline of the longest kernels with a tooltip on
 * every point (plot_svg.h), and each row's worked explanation, folded. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ncu_figure_text.h"
#include "ncu_output.h"
#include "output.h"
#include "page.h"
#include "plot_levels.h"
#include "plot_svg.h"

/* Text written to memory, then handed on whole. */
typedef struct {
    char *text;
    size_t len;
    FILE *out;
} html_text;

static bool text_open(html_text *t)
{
    t->text = NULL;
    t->len = 0;
    t->out = open_memstream(&t->text, &t->len);
    return t->out != NULL;
}

/* Closes the stream; false where a write failed (memory ran out). */
static bool text_close(html_text *t)
{
    bool ok = !ferror(t->out);
    return fclose(t->out) == 0 && ok;
}

/* The table's columns: the row's place, the kernel, then the text
 * table's figures in its order (ncu_table_cells). */
enum { COL_PLACE, COL_KERNEL, COL_CELLS, COL_COUNT = COL_CELLS + NCU_CELL_COUNT };

static const page_column figure_columns[NCU_CELL_COUNT] = {
    [NCU_CELL_TIME] = {"time (ns)", "its time on the GPU, summed over its launches", true},
    [NCU_CELL_SHARE] = {"share", "of the report's time", true},
    [NCU_CELL_LAUNCHES] = {"launches", NULL, true},
    [NCU_CELL_LIMITER] = {"limiter", "what its time went to: the limit that accounts for the most of it", false},
    [NCU_CELL_EXPLAINED] = {"explained", "the share of its time its limiter accounts for, the launch overhead in "
                                         "sequence; under half: unexplained", true},
    [NCU_CELL_REACHED] = {"reached", "the limiter's work at its peak over the time it took: how close it runs to that "
                                     "peak",
                          true},
    [NCU_CELL_ACHIEVED] = {"achieved", "GFLOP/s, or GB/s at the binding level where it does no FLOPs", true},
    [NCU_CELL_THEORETICAL] = {"occupancy theor.", "Nsight Compute's theoretical occupancy", true},
    [NCU_CELL_OCC_ACHIEVED] = {"occupancy achieved", "Nsight Compute's achieved occupancy", true},
    [NCU_CELL_GPUROOF] = {"gpuroof occupancy", "gpuroof's prediction, where it differs from Nsight Compute's", true},
    [NCU_CELL_BANKS] = {"bank excess",
                        "shared-memory wavefronts beyond the ideal, over the ideal (bank conflicts); - : none", true},
};

/* What each numeric cell sorts by: the row's figure, NaN where unknown. */
static double sort_value(const ncu_view *v, const gr_ncu_table_row *r, int cell)
{
    switch (cell) {
    case NCU_CELL_TIME: return r->time_ns;
    case NCU_CELL_SHARE: return r->time_share;
    case NCU_CELL_LAUNCHES: return v->table.grouped ? (double)r->launches : (double)r->id;
    case NCU_CELL_REACHED: return r->limit_share;
    case NCU_CELL_ACHIEVED: return r->achieved;
    case NCU_CELL_THEORETICAL: return r->theoretical_varies ? NAN : r->occupancy_theoretical;
    case NCU_CELL_OCC_ACHIEVED: return r->occupancy_achieved;
    case NCU_CELL_GPUROOF: return r->occupancy_predicted;
    case NCU_CELL_BANKS: return r->no_shared ? NAN : r->bank_excess;
    default: break;
    }
    return NAN;
}

/* Whether a figure's column is shown: gpuroof's occupancy only where it
 * differs from Nsight Compute's in some row, as in the text. */
static bool shown_cell(const ncu_view *v, int cell)
{
    if (cell != NCU_CELL_GPUROOF)
        return true;
    for (size_t i = 0; i < v->table.count; i++)
        if (v->table.rows[i].occupancy_differs)
            return true;
    return false;
}

static void write_row(FILE *out, const ncu_view *v, size_t i)
{
    const gr_ncu_table_row *r = &v->table.rows[i];
    ncu_table_cells cells;
    char anchor[32], link[32], name[96];
    ncu_table_row_cells(v, r, cells);
    snprintf(anchor, sizeof anchor, "row-%zu", i + 1);
    snprintf(link, sizeof link, "explain-%zu", i + 1);
    gr_kernel_name_fit(r->kernel, name, sizeof name);
    page_row_begin(out, anchor);
    page_cell_number(out, OUT_NUM((double)(i + 1)), (double)(i + 1));
    page_cell_name(out, name, r->kernel, link);
    for (int k = 0; k < NCU_CELL_COUNT; k++) {
        if (!shown_cell(v, k))
            continue;
        if (k == NCU_CELL_LIMITER)
            page_cell_text(out, cells[k], NULL, NULL);
        else
            page_cell_number(out, cells[k], sort_value(v, r, k));
    }
    page_row_end(out);
}

static void write_table(FILE *out, const ncu_view *v)
{
    page_column cols[COL_COUNT];
    size_t count = 0;
    cols[count++] = (page_column){"#", "the row's place, the longest first", true};
    cols[count++] = (page_column){"kernel", "its name (whole on hover); a click opens its worked explanation", false};
    for (int k = 0; k < NCU_CELL_COUNT; k++)
        if (shown_cell(v, k))
            cols[count++] = figure_columns[k];
    if (!v->table.grouped) {
        cols[COL_CELLS + NCU_CELL_LAUNCHES] = (page_column){"launch", "the launch's ID in the report", true};
        cols[COL_CELLS + NCU_CELL_TIME].tip = "its time on the GPU";
    }
    page_section(out, "table", v->table.grouped ? "Kernels, the longest first" : "Launches, the longest first");
    page_table_begin(out, "kernels", cols, count);
    for (size_t i = 0; i < v->table.count; i++)
        write_row(out, v, i);
    page_table_end(out);
    html_text t;
    if (!text_open(&t))
        return;
    ncu_print_left_out(t.out, &v->table);
    ncu_print_in_all(t.out, &v->a);
    if (text_close(&t))
        page_preformatted(out, t.text, t.len);
    free(t.text);
}

static void write_header(FILE *out, const ncu_view *v)
{
    html_text t;
    if (!text_open(&t))
        return;
    ncu_print_header(t.out, v);
    if (text_close(&t))
        page_preformatted(out, t.text, t.len);
    free(t.text);
}

/* What to fix first, as the text closes its table with it. */
static void write_fix_first(FILE *out, const ncu_view *v)
{
    html_text t;
    if (v->a.fix_count == 0 || !text_open(&t))
        return;
    ncu_print_fix_first(t.out, &v->a);
    if (text_close(&t)) {
        page_section(out, "fix-first", "What to fix first");
        page_preformatted(out, t.text, t.len);
    }
    free(t.text);
}

/* The roofline of the report's longest kernels, drawn by plot's own
 * code; a chart that cannot be drawn (no gnuplot) leaves the page its
 * table and explanations, and says why on the page and standard error.
 * (The one other failure, no temporary file beside the page, leaves no
 * page either: the page is written in the same directory.) */
static void write_chart(FILE *out, const ncu_options *o, const ncu_view *v)
{
    page_section(out, "roofline", "Roofline");
    plot_svg_request rq = {.ncu = v->shown, .analysis = &v->a, .device = o->device, .profiles = o->profiles,
                           .top = PLOT_NCU_TOP_MAX, .results = o->results};
    cli_buffer svg;
    json_t *what = NULL;
    bool drawn = plot_ncu_svg(&rq, o->html, &svg, &what) == EXIT_OK;
    /* the kernels the launches sum to, grouped or not: the most drawn */
    json_int_t kernels = json_integer_value(json_object_get(json_object_get(what, "ncu"), "kernels"));
    size_t top = kernels < PLOT_NCU_TOP_MAX ? (size_t)kernels : PLOT_NCU_TOP_MAX;
    json_decref(what);
    if (!drawn || !page_svg(out, (const char *)svg.bytes, svg.size)) {
        page_paragraph(out, "No chart: gnuplot could not draw it (standard error says why).");
        fprintf(stderr, "gpuroof: %s: warning: the page has no chart\n", o->html);
    } else {
        gr_buf note = GR_BUF_INIT;
        gr_buf_addf(&note, "The %zu longest kernels at DRAM, L2 and L1/shared memory; hover over a point for its "
                           "figures.", top);
        page_paragraph(out, gr_buf_text(&note));
        gr_buf_free(&note);
    }
    free(svg.bytes);
}

static void write_explanations(FILE *out, const ncu_view *v)
{
    page_section(out, "explanations", "Worked explanations");
    for (size_t i = 0; i < v->table.count; i++) {
        html_text t;
        char id[32], summary[160], name[120];
        if (!text_open(&t))
            return;
        ncu_print_explanation(t.out, v, i);
        if (text_close(&t)) {
            snprintf(id, sizeof id, "explain-%zu", i + 1);
            gr_kernel_name_fit(v->table.rows[i].kernel, name, sizeof name);
            snprintf(summary, sizeof summary, "%zu. %s", i + 1, name);
            page_details(out, id, summary, t.text, t.len);
        }
        free(t.text);
    }
}

typedef struct {
    const ncu_options *o;
    const ncu_view *v;
} ncu_page;

static bool write_ncu_page(FILE *out, const void *page)
{
    const ncu_page *p = page;
    char title[512];
    snprintf(title, sizeof title, "gpuroof ncu: %.400s", p->v->shown);
    page_begin(out, title);
    write_header(out, p->v);
    write_table(out, p->v);
    write_fix_first(out, p->v);
    write_chart(out, p->o, p->v);
    write_explanations(out, p->v);
    page_end(out);
    return true;
}

bool ncu_write_html(const ncu_options *o, const ncu_view *v)
{
    ncu_page page = {o, v};
    return cli_write_whole(o->html, write_ncu_page, &page);
}
