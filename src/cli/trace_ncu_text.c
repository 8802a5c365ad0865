/* gpuroof trace --ncu's text (trace_output.h): the join in the header,
 * each kernel's verdict under its row. */
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
static void print_first_unjoined(const gr_trace_ncu *j)
{
    enum { NAME_COLUMNS = 64 };
    const gr_ncu_launch *l = &j->analysis->report.launches[j->first_unjoined];
    char *name = malloc(NAME_COLUMNS);
    if (name)
        gr_kernel_name_fit(l->kernel, name, NAME_COLUMNS);
    printf("  the first: launch %lld, %s, grid %lldx%lldx%lld, block %lldx%lldx%lld\n", l->id, name ? name : l->kernel,
           l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
    free(name);
}

void trace_print_ncu_header(const trace_options *o, const gr_trace_run *run)
{
    const gr_trace_ncu *j = run->ncu;
    if (!j)
        return;
    printf("Nsight Compute: %s, %zu launch%s: %zu joined to %zu of the trace's %zu kernels, %s of the kernels' "
           "time\n", o->ncu, j->ncu_launches, j->ncu_launches == 1 ? "" : "es", j->ncu_joined, j->kernels_joined,
           j->kernel_count, OUT_PCT(share_of(j->joined_ns, j->kernel_ns)));
    printf("  the verdicts explain %s of the run's kernel time (each kernel's limiter's share of its time, "
           "weighed by its time in the run)\n",
           OUT_PCT(j->kernel_ns > 0 ? j->explained_ns / (double)j->kernel_ns : 0));
    if (j->analysis->other_gpu)
        printf("  the report is of %s, the trace held to %s: its verdicts may not hold here\n",
               j->analysis->report.gpu.name[0] ? j->analysis->report.gpu.name : "another GPU",
               run->has_device ? run->device.name : "no profile");
    if (j->ncu_no_name + j->ncu_other_config == 0)
        return;
    printf("  not joined: %zu launch%s of kernels the trace lacks, %zu of kernels it launched with other grids "
           "or blocks\n", j->ncu_no_name, j->ncu_no_name == 1 ? "" : "es", j->ncu_other_config);
    print_first_unjoined(j);
}

/* A joined kernel's limiter, what it explains and what lifting it gives. */
static void print_joined(const gr_trace_verdict *v)
{
    const gr_ncu_limits *lim = &v->limits;
    printf("%29s Nsight Compute, %zu launch%s: ", "", v->ncu_launches, v->ncu_launches == 1 ? "" : "es");
    if (!lim->known || lim->limiter == GR_TIME_LIMIT_COUNT) {
        printf("no limit known (%s)\n", lim->why_unknown[0] ? lim->why_unknown : "the report lacks their counters");
        return;
    }
    printf("%s%s %s %s of the time", gr_time_limit_name(lim->limiter),
           lim->limiter == GR_TIME_LIMIT_COMPUTE && lim->tensor_compute ? " (Tensor Cores)" : "",
           lim->explained ? "explains" : "explains only", OUT_PCT(v->explained_share));
    if (gr_time_limit_is_throughput(lim->limiter) && lim->duration_ns > 0)
        printf(", at %s of its peak", OUT_PCT(lim->bound_ns[lim->limiter] / lim->duration_ns));
    if (isfinite(lim->expected) && lim->expected > 1)
        printf("; lifted, expect %sx faster", OUT_NUM(lim->expected));
    printf("\n");
}

void trace_print_verdict(const gr_trace_run *run, size_t kernel)
{
    if (!run->ncu)
        return;
    const gr_trace_verdict *v = &run->ncu->verdicts[kernel];
    if (v->join == GR_TRACE_JOINED)
        print_joined(v);
    else if (v->join == GR_TRACE_OTHER_CONFIG)
        printf("%29s Nsight Compute: not joined, the report launched it with grid %lldx%lldx%lld, block "
               "%lldx%lldx%lld\n", "", v->report_grid[0], v->report_grid[1], v->report_grid[2], v->report_block[0],
               v->report_block[1], v->report_block[2]);
    else
        printf("%29s Nsight Compute: not joined, the report has no launch of it\n", "");
}
