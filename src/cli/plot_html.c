/* plot --html: the chart in one self-contained page (page.h): the chart as
 * inline SVG, each point's figures on hover, and a table of what is drawn
 * (from what plot --json says it drew), with the chart's warnings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "commands.h"
#include "output.h"
#include "page.h"
#include "plot_json.h"
#include "plot_svg.h"

static const page_column drawn_columns[] = {
    {"drawn", "a kernel, model or point of the chart (a kernel's whole name on hover)", false},
    {"from", "where its figures come from", false},
    {"GFLOP/s", "its rate on the chart", true},
    {"DRAM FLOP/B", "its intensity at DRAM", true},
    {"L2 FLOP/B", "its intensity at the L2", true},
    {"L1 FLOP/B", "its intensity at L1/shared memory", true},
    {"share", "of its report's time (Nsight Compute's kernels)", true},
};
#define DRAWN_COLUMNS (sizeof drawn_columns / sizeof drawn_columns[0])

static double number_of(const json_t *object, const char *key)
{
    const json_t *v = json_object_get(object, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static void number_cell(FILE *out, double value, bool percent)
{
    page_cell_number(out, isnan(value) ? "" : percent ? OUT_PCT(value) : OUT_NUM(value), value);
}

/* One row: label (whole name tip), source, rate, the three intensities
 * (NULL levels: intensity at DRAM alone), share. */
static void drawn_row(FILE *out, const char *label, const char *tip, const char *from, double gflops,
                      double dram, const json_t *levels, double share)
{
    page_row_begin(out, NULL);
    page_cell_name(out, label, tip, NULL);
    page_cell_text(out, from, NULL, NULL);
    number_cell(out, gflops, false);
    number_cell(out, levels ? number_of(levels, "dram") : dram, false);
    number_cell(out, levels ? number_of(levels, "l2") : NAN, false);
    number_cell(out, levels ? number_of(levels, "shared") : NAN, false);
    number_cell(out, share, true);
    page_row_end(out);
}

/* A model's rate: where it is drawn (gflops), else the lowest of its
 * devices' roofs at its intensity. */
static double model_gflops(const json_t *model)
{
    double gflops = number_of(model, "gflops");
    size_t i;
    const json_t *roof;
    json_array_foreach(json_object_get(model, "roofs"), i, roof) {
        double g = number_of(roof, "gflops");
        if (isnan(gflops) || g < gflops)
            gflops = g;
    }
    return gflops;
}

static const char *text_of(const json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

static void drawn_rows(FILE *out, const json_t *what)
{
    size_t i, k;
    const json_t *item, *file, *kernel;
    json_array_foreach(json_object_get(json_object_get(what, "ncu"), "drawn"), i, item)
        drawn_row(out, text_of(item, "label"), text_of(item, "kernel"), "Nsight Compute", number_of(item, "gflops"),
                  NAN, json_object_get(item, "intensity"), number_of(item, "time_share"));
    json_array_foreach(json_object_get(what, "results"), i, file) {
        json_array_foreach(json_object_get(file, "kernels"), k, kernel) {
            gr_buf label = GR_BUF_INIT;
            gr_buf_addf(&label, "%s %s", text_of(kernel, "name"), text_of(kernel, "params"));
            const json_t *levels = json_object_get(kernel, "level_intensity");
            drawn_row(out, gr_buf_text(&label), NULL, "measured (gpuroof measure)", number_of(kernel, "gflops"),
                      number_of(kernel, "intensity"), json_is_object(levels) ? levels : NULL, NAN);
            gr_buf_free(&label);
        }
    }
    json_array_foreach(json_object_get(what, "models"), i, item)
        drawn_row(out, text_of(item, "label"), NULL, "model (predicted)", model_gflops(item),
                  number_of(item, "intensity"), NULL, NAN);
    json_array_foreach(json_object_get(what, "points"), i, item)
        drawn_row(out, text_of(item, "label"), NULL, "--point", number_of(item, "gflops"),
                  number_of(item, "intensity"), NULL, NAN);
}

static void write_page(FILE *out, const plot_options *o, const json_t *what, const char *svg, size_t svg_len)
{
    gr_buf title = GR_BUF_INIT;
    size_t i;
    const json_t *warning;
    gr_buf_addf(&title, "gpuroof plot: %s", text_of(what, "chart")[0] ? text_of(what, "chart") : "chart");
    page_begin(out, gr_buf_text(&title));
    gr_buf_free(&title);
    page_paragraph(out, o->made_by);
    if (!page_svg(out, svg, svg_len))
        page_paragraph(out, "No chart: gnuplot wrote no SVG.");
    if (json_string_value(json_object_get(what, "chart")) &&
        strcmp(json_string_value(json_object_get(what, "chart")), "roofline") == 0) {
        page_section(out, "drawn", "What the chart draws");
        page_table_begin(out, "drawn", drawn_columns, DRAWN_COLUMNS);
        drawn_rows(out, what);
        page_table_end(out);
    }
    json_array_foreach(json_object_get(what, "warnings"), i, warning)
        page_paragraph(out, json_string_value(warning) ? json_string_value(warning) : "");
    page_end(out);
}

typedef struct {
    const plot_options *o;
    const json_t *what;
    const cli_buffer *chart;
} plot_page;

static bool write_plot_page(FILE *out, const void *page)
{
    const plot_page *p = page;
    write_page(out, p->o, p->what, (const char *)p->chart->bytes, p->chart->size);
    return true;
}

int plot_write_html(const plot_options *o)
{
    json_t *what = NULL;
    cli_buffer chart;
    int rc = plot_svg_text(o, o->html, &chart, &what);
    plot_page page = {o, what, &chart};
    if (rc == EXIT_OK && !cli_write_whole(o->html, write_plot_page, &page))
        rc = EXIT_INPUT;
    free(chart.bytes);
    if (rc == EXIT_OK && o->json) {
        plot_json_files(what, o->html, NULL);
        return cli_put_json(what, NULL);
    }
    json_decref(what);
    return rc;
}
