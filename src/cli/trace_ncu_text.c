/* gpuroof trace --ncu's words (trace_output.h): the join for the header,
 * each kernel's verdict, built once for the text and the page. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "gpuroof_kernels.h"
#include "output.h"
#include "trace_output.h"

static double share_of(int64_t part_ns, int64_t all_ns)
{
    return all_ns > 0 ? (double)part_ns / (double)all_ns : 0;
}

/* The first report launch joined to nothing, by name and configuration. */
static void first_unjoined_words(const gr_trace_ncu *j, gr_buf *b)
{
    enum { NAME_COLUMNS = 64 };
    const gr_ncu_launch *l = &j->analysis->report.launches[j->first_unjoined];
    char *name = malloc(NAME_COLUMNS);
    if (name)
        gr_kernel_name_fit(l->kernel, name, NAME_COLUMNS);
    gr_buf_addf(b, "the first: launch %lld, %s, grid %lldx%lldx%lld, block %lldx%lldx%lld", l->id,
                name ? name : l->kernel, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
    free(name);
}

void trace_ncu_lines(const trace_options *o, const gr_trace_run *run, gr_buf lines[TRACE_NCU_LINES])
{
    const gr_trace_ncu *j = run->ncu;
    gr_buf_addf(&lines[0], "Nsight Compute: %s, %zu launch%s: %zu joined to %zu of the trace's %zu kernels, %s of "
                "the kernels' time", trace_ncu_shown(o), j->ncu_launches, j->ncu_launches == 1 ? "" : "es",
                j->ncu_joined, j->kernels_joined, j->kernel_count, OUT_PCT(share_of(j->joined_ns, j->kernel_ns)));
    gr_buf_addf(&lines[1], "the verdicts explain %s of the run's kernel time (each kernel's limiter's share of its "
                "time, weighed by its time in the run)",
                OUT_PCT(j->kernel_ns > 0 ? j->explained_ns / (double)j->kernel_ns : 0));
    if (j->analysis->other_gpu)
        gr_buf_addf(&lines[2], "the report is of %s, the trace held to %s: its verdicts may not hold here",
                    j->analysis->report.gpu.name[0] ? j->analysis->report.gpu.name : "another GPU",
                    run->has_device ? run->device.name : "no profile");
    if (j->ncu_no_name + j->ncu_other_config == 0)
        return;
    gr_buf_addf(&lines[3], "not joined: %zu launch%s of kernels the trace lacks, %zu of kernels it launched with "
                "other grids or blocks", j->ncu_no_name, j->ncu_no_name == 1 ? "" : "es", j->ncu_other_config);
    first_unjoined_words(j, &lines[4]);
}

void trace_print_ncu_header(const trace_options *o, const gr_trace_run *run)
{
    gr_buf lines[TRACE_NCU_LINES] = {GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT};
    if (!run->ncu)
        return;
    trace_ncu_lines(o, run, lines);
    for (int i = 0; i < TRACE_NCU_LINES; i++) {
        if (gr_buf_text(&lines[i])[0])
            printf("%s%s\n", i ? "  " : "", gr_buf_text(&lines[i]));
        gr_buf_free(&lines[i]);
    }
}

/* A joined kernel's limiter, what it explains and what lifting it gives. */
static void joined_words(const gr_trace_verdict *v, gr_buf *b)
{
    const gr_ncu_limits *lim = &v->limits;
    gr_buf_addf(b, "%zu launch%s: ", v->ncu_launches, v->ncu_launches == 1 ? "" : "es");
    if (!lim->known || lim->limiter == GR_TIME_LIMIT_COUNT) {
        gr_buf_addf(b, "no limit known (%s)", lim->why_unknown[0] ? lim->why_unknown : "the report lacks their counters");
        return;
    }
    gr_buf_addf(b, "%s%s %s %s of the time", gr_time_limit_name(lim->limiter),
                lim->limiter == GR_TIME_LIMIT_COMPUTE && lim->tensor_compute ? " (Tensor Cores)" : "",
                lim->explained ? "explains" : "explains only", OUT_PCT(v->explained_share));
    if (gr_time_limit_is_throughput(lim->limiter) && lim->duration_ns > 0)
        gr_buf_addf(b, ", at %s of its peak", OUT_PCT(lim->bound_ns[lim->limiter] / lim->duration_ns));
    if (isfinite(lim->expected) && lim->expected > 1)
        gr_buf_addf(b, "; lifted, expect %sx faster", OUT_NUM(lim->expected));
}

void trace_verdict_words(const gr_trace_run *run, size_t kernel, gr_buf *b)
{
    const gr_trace_verdict *v = &run->ncu->verdicts[kernel];
    if (v->join == GR_TRACE_JOINED)
        joined_words(v, b);
    else if (v->join == GR_TRACE_OTHER_CONFIG)
        gr_buf_addf(b, "not joined, the report launched it with grid %lldx%lldx%lld, block "
                    "%lldx%lldx%lld", v->report_grid[0], v->report_grid[1], v->report_grid[2], v->report_block[0],
                    v->report_block[1], v->report_block[2]);
    else
        gr_buf_addf(b, "not joined, the report has no launch of it");
}

void trace_print_verdict(const gr_trace_run *run, size_t kernel)
{
    gr_buf b = GR_BUF_INIT;
    if (!run->ncu)
        return;
    trace_verdict_words(run, kernel, &b);
    printf("%29s Nsight Compute%s %s\n", "", run->ncu->verdicts[kernel].join == GR_TRACE_JOINED ? "," : ":",
           gr_buf_text(&b));
    gr_buf_free(&b);
}
