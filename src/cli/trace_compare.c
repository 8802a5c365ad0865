/* gpuroof trace FILE FILE... and trace --compare SUMMARY... (trace_ranks.h):
 * the ranks read, one after another, each kept as the comparison needs
 * it (its time and kernels, never its events), then compared once by the
 * core and printed. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "gpuroof_files.h"
#include "trace_compare.h"

/* Each trace read into a run of its own, kept as a rank, then freed: the
 * memory held is the ranks' kernels, one trace's reading at a time.  No
 * profile is needed: a comparison is of times. */
static bool read_traces(const trace_options *o, gr_trace_ranks *rs)
{
    gr_error err;
    gr_trace_run *run = calloc(1, sizeof *run); /* large for the stack */
    if (!run)
        return cli_error("out of memory");
    bool ok = true;
    for (int i = 0; ok && i < o->file_count; i++) {
        ok = gr_trace_run_init(run, NULL, NULL, &err) || cli_error("%s", err.text);
        ok = ok && trace_read_file(o->files[i], run);
        const char *file = cli_input_shown(o->files[i]);
        ok = ok && (gr_trace_ranks_add_run(rs, run, file, &err) || cli_error("%s", err.text));
        gr_trace_run_free(run);
    }
    free(run);
    return ok;
}

/* Each summary read whole (it is small: kilobytes a rank) and handed to
 * the core's reader (trace_summary.h says why it is the core's). */
static bool read_summaries(const trace_options *o, gr_trace_ranks *rs)
{
    for (int i = 0; i < o->file_count; i++) {
        const char *shown = cli_input_shown(o->files[i]);
        cli_buffer b;
        gr_error err;
        if (!cli_read_input(o->files[i], shown, GR_LIMIT_TRACE_SUMMARY, &b))
            return false;
        bool ok = gr_trace_summary_read(rs, shown, b.bytes, b.size, &err);
        cli_buffer_free(&b);
        if (!ok)
            return cli_error("%s", err.text);
    }
    return true;
}

/* The ranks compared and printed, once read. */
static int compare(const trace_options *o, gr_trace_ranks *rs, json_t **json)
{
    gr_error err;
    if (!gr_trace_ranks_compare(rs, &err))
        return cli_fail("%s%s", err.text, o->compare ? " (the summaries' ranks, all together)" : "");
    if (o->json)
        return cli_put_json(trace_compare_json(rs), json);
    trace_compare_print_text(rs);
    return EXIT_OK;
}

int trace_compare_run(const trace_options *o, json_t **json)
{
    gr_trace_ranks rs;
    if (!o->compare && (o->device || o->top.given || o->profiles)) /* --compare's are the groups' */
        return cli_usage_error("trace", "several FILEs are ranks compared by their time: --device, --top and "
                                        "--profiles are for one trace's table");
    if (o->ncu || o->ncu_plan || o->launches || o->kernel || o->html)
        return cli_usage_error("trace", "--ncu, --ncu-plan, --launches, --kernel and --html are for one trace; "
                                        "several FILEs, or --compare, compare ranks by their time");
    gr_trace_ranks_init(&rs);
    bool read = o->compare ? read_summaries(o, &rs) : read_traces(o, &rs);
    int rc = read ? compare(o, &rs, json) : EXIT_INPUT;
    gr_trace_ranks_free(&rs);
    return rc;
}
