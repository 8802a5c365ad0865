/* gpuroof trace --ncu (trace_output.h): Nsight Compute's report of the
 * same program read as gpuroof ncu reads it, held to the device the trace
 * is held to, and joined to the trace's kernels by the core. */
#include <stdlib.h>
#include "cli.h"
#include "cli_process.h"
#include "ncu_output.h"
#include "trace_output.h"

/* The report's analysis: against the trace's device, or where the trace
 * has none, the shipped profile of the report's GPU. */
static bool analyse(const trace_options *o, const gr_trace_run *run, trace_ncu *t)
{
    gr_error err;
    gr_profile_list list = {0};
    gr_ncu_request rq = {.device_hint = "--device NAME"};
    const char *shown = gr_buf_text(&t->shown);
    if (!gr_ncu_analysis_read(shown, (const char *)t->csv.bytes, t->csv.size, &t->analysis, &err))
        return cli_error("%s", err.text);
    t->has_analysis = true;
    if (run->has_device)
        rq.device = &run->device;
    else if (gr_ncu_analysis_needs_profiles(&t->analysis))
        rq.profiles = cli_load_profiles(o->profiles, &list) ? &list : NULL;
    bool ok = gr_ncu_analysis_work_out(&t->analysis, shown, &rq, &err);
    gr_profile_list_free(&list);
    return ok || cli_error("%s", err.text);
}

bool trace_ncu_join(const trace_options *o, gr_trace_run *run, trace_ncu *t)
{
    gr_error err;
    *t = (trace_ncu){.shown = GR_BUF_INIT};
    if (!ncu_read_report(o->ncu, &t->shown, &t->csv) || gr_buf_failed(&t->shown) || !analyse(o, run, t))
        return false;
    if (!gr_trace_ncu_join(&run->kernels, &t->analysis, &t->join, &err))
        return cli_error("%s", err.text);
    run->ncu = &t->join;
    return true;
}

void trace_ncu_free(trace_ncu *t)
{
    gr_trace_ncu_free(&t->join);
    if (t->has_analysis)
        gr_ncu_analysis_free(&t->analysis);
    cli_buffer_free(&t->csv);
    gr_buf_free(&t->shown);
}
