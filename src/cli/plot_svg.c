/* The roofline of a Nsight Compute report as SVG (plot_svg.h): the plot
 * command's own run, given its options. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "plot_levels.h"
#include "plot_svg.h"

static int request_options(const plot_svg_request *rq, const char *svg_path, plot_options *o)
{
    size_t len = svg_path ? strlen(svg_path) : 0;
    if (!rq->ncu || len < 5 || strcmp(svg_path + len - 4, ".svg") != 0)
        return cli_usage_error("plot", "an SVG chart takes a report and a FILE.svg");
    if (rq->top < 0 || rq->top > PLOT_NCU_TOP_MAX)
        return cli_usage_error("plot", "--top takes 1 to %d, not %d", PLOT_NCU_TOP_MAX, rq->top);
    o->ncu = rq->ncu;
    o->ncu_text = rq->text;
    o->ncu_text_size = rq->text_size;
    o->output = svg_path;
    o->quiet_warnings = true;
    o->profiles = rq->profiles;
    if (rq->device)
        o->devices.items[o->devices.count++] = rq->device;
    o->top = (cli_int_value){.given = rq->top > 0, .value = rq->top, .text = ""};
    snprintf(o->made_by, sizeof o->made_by, "gpuroof plot --ncu %s -o %s", rq->ncu, svg_path);
    if (rq->levels) {
        o->levels.given = true;
        return plot_parse_levels(rq->levels, o->levels.levels);
    }
    return EXIT_OK;
}

int plot_ncu_svg(const plot_svg_request *rq, const char *svg_path)
{
    plot_options *o = calloc(1, sizeof *o); /* too large for the stack */
    if (!o)
        return cli_fail("out of memory");
    int rc = request_options(rq, svg_path, o);
    if (rc == EXIT_OK)
        rc = cmd_plot_run(o);
    free(o);
    return rc;
}
