/* gpuroof trace --launches: the table one row a launch, longest first
 * (trace_output.h), each with its configuration and what it decides under
 * it, as the kernels' table gives them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "gpuroof_kernels.h"
#include "output.h"
#include "trace_output.h"

/* "18.75% (Kineto 0%)": gpuroof's estimate of the achieved occupancy and
 * the trace's; "-" for either unknown. */
static void estimate_words(const gr_trace_launch_figures *f, gr_buf *b)
{
    gr_buf_addf(b, "%s", isnan(f->estimated_achieved) ? "-" : OUT_PCT(f->estimated_achieved));
    gr_buf_addf(b, " (Kineto %s)", isnan(f->kineto_achieved) ? "-" : OUT_PCT(f->kineto_achieved));
}

static void print_launch(const gr_trace_run *run, const gr_trace_kernel_launch *l)
{
    gr_trace_launch_figures f;
    enum { NAME_COLUMNS = 64 };
    char *name = malloc(NAME_COLUMNS);
    gr_buf occ = GR_BUF_INIT, estimate = GR_BUF_INIT, config = GR_BUF_INIT, limits = GR_BUF_INIT;
    gr_trace_launch_figures_of(&run->kernels, l, run->has_device ? run->device.launch_floor_ns : 0, &f);
    if (name)
        gr_kernel_name_fit(l->kernel, name, NAME_COLUMNS);
    trace_occupancy_words(&f.config, &occ);
    estimate_words(&f, &estimate);
    printf("%11s %11s %6lld  %-40s %-20s %s\n", OUT_NUM((double)l->time_ns / 1e3), OUT_NUM((double)l->start_ns / 1e3),
           (long long)l->stream, gr_buf_text(&occ), gr_buf_text(&estimate), name ? name : l->kernel);
    trace_config_words(&f.config, &config);
    trace_limits_words(&f.limits, &limits);
    printf("%32s %s%s%s\n", "", gr_buf_text(&config), gr_buf_text(&limits)[0] ? ": " : "", gr_buf_text(&limits));
    free(name);
    gr_buf_free(&occ);
    gr_buf_free(&estimate);
    gr_buf_free(&config);
    gr_buf_free(&limits);
}

void trace_print_launches(const trace_options *o, const gr_trace_run *run)
{
    (void)o;
    const gr_trace_kernel_launches *l = &run->launches;
    printf("\n%11s %11s %6s  %-40s %-20s %s\n", "time (us)", "start (us)", "stream", "occupancy, limited by",
           "achieved, estimated", "kernel");
    for (size_t i = 0; i < l->kept->count; i++)
        print_launch(run, &l->kept->items[i]);
    if (l->more)
        printf("... and %zu more launch%s, %s of the kernels' time\n", l->more, l->more == 1 ? "" : "es",
               OUT_PCT(run->kernels.time_ns ? (double)l->more_ns / (double)run->kernels.time_ns : 0));
}
