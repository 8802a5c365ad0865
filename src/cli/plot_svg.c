/* Charts as SVG text for a page (plot_svg.h): the plot command's own
 * run, into a temporary file read back. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gpuroof_files.h"
#include "cli.h"
#include "plot_levels.h"
#include "plot_svg.h"

int plot_svg_text(const plot_options *o, const char *page, cli_buffer *svg, json_t **what)
{
    char beside[4096], svg_path[4096];
    gr_error err;
    *svg = (cli_buffer){0};
    snprintf(beside, sizeof beside, "%s.svg", page);
    if (!gr_temp_beside(beside, svg_path, sizeof svg_path, &err))
        return cli_fail("%s", err.text);
    plot_options *drawn = malloc(sizeof *drawn); /* too large for the stack */
    if (!drawn) {
        unlink(svg_path);
        return cli_fail("out of memory");
    }
    *drawn = *o;
    drawn->html = NULL;
    drawn->output = svg_path;
    int rc = plot_draw_chart(drawn, what);
    free(drawn);
    gr_input_limit limit = {GR_CHART_MAX_BYTES, "a chart gnuplot wrote"};
    if (rc == EXIT_OK && !cli_read_input(svg_path, svg_path, limit, svg))
        rc = EXIT_INPUT;
    unlink(svg_path);
    return rc;
}

static int request_options(const plot_svg_request *rq, plot_options *o)
{
    if (!rq->ncu || !rq->analysis)
        return cli_usage_error("plot", "an SVG chart of a report takes its analysis");
    if (rq->top < 0 || rq->top > PLOT_NCU_TOP_MAX)
        return cli_usage_error("plot", "--top takes 1 to %d, not %d", PLOT_NCU_TOP_MAX, rq->top);
    o->ncu = rq->ncu;
    o->ncu_analysis = rq->analysis;
    o->quiet_warnings = true;
    o->profiles = rq->profiles;
    if (rq->device)
        o->devices.items[o->devices.count++] = rq->device;
    if (rq->results) { /* the roofs the table held the launches to, drawn beside the datasheet's */
        o->results.items[o->results.count++] = rq->results;
        o->results_roofs_only = true;
    }
    o->top = (cli_int_value){.given = rq->top > 0, .value = rq->top, .text = ""};
    snprintf(o->made_by, sizeof o->made_by, "gpuroof plot --ncu %s", rq->ncu);
    if (rq->levels) {
        o->levels.given = true;
        return plot_parse_levels(rq->levels, o->levels.levels);
    }
    return EXIT_OK;
}

int plot_ncu_svg(const plot_svg_request *rq, const char *page, cli_buffer *svg, json_t **what)
{
    *svg = (cli_buffer){0};
    plot_options *o = calloc(1, sizeof *o); /* too large for the stack */
    if (!o)
        return cli_fail("out of memory");
    int rc = request_options(rq, o);
    if (rc == EXIT_OK)
        rc = plot_svg_text(o, page, svg, what);
    free(o);
    return rc;
}
