/* gpuroof trace's text (trace_output.h). */
#include <stdio.h>
#include <string.h>
#include "gpuroof_kernels.h"
#include "output.h"
#include "trace_output.h"

/* A time in ns, in the unit that shows it: "13.14 ms", "26.82 us", "704 ns". */
static out_figure duration(int64_t ns)
{
    out_figure f;
    double v = (double)ns;
    const char *unit = v >= 1e6 ? "ms" : v >= 1e3 ? "us" : "ns";
    double scaled = v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v;
    snprintf(f.text, sizeof f.text, "%.40s %s", OUT_NUM(scaled), unit);
    return f;
}

out_figure trace_duration(int64_t ns)
{
    return duration(ns);
}

static void print_device(const gr_trace_device_time *d)
{
    int64_t span = d->last_ns - d->first_ns;
    printf("GPU %lld: span %s: busy %s (%s), idle %s: waiting for the host %s, on another stream %s, other %s\n",
           (long long)d->device, duration(span).text, duration(d->busy_ns).text,
           OUT_PCT(span > 0 ? (double)d->busy_ns / (double)span : 0), duration(gr_trace_idle_ns(d)).text,
           duration(d->idle_host_ns).text, duration(d->idle_stream_ns).text, duration(d->idle_other_ns).text);
    printf("  kernels %s in %zu launch%s, copies %s in %zu, memsets %s in %zu; %zu stream%s\n",
           duration(d->op_ns[GR_TRACE_OP_KERNEL]).text, d->ops[GR_TRACE_OP_KERNEL],
           d->ops[GR_TRACE_OP_KERNEL] == 1 ? "" : "es", duration(d->op_ns[GR_TRACE_OP_MEMCPY]).text,
           d->ops[GR_TRACE_OP_MEMCPY], duration(d->op_ns[GR_TRACE_OP_MEMSET]).text, d->ops[GR_TRACE_OP_MEMSET],
           d->stream_count, out_plural((long long)d->stream_count));
    if (d->late_ops)
        printf("  %zu operation%s came later than the window that orders them: busy may be off by %s\n", d->late_ops,
               out_plural((long long)d->late_ops), duration(d->late_ns).text);
}

const char *trace_file_shown(const trace_options *o)
{
    return cli_input_shown(o->file);
}

const char *trace_ncu_shown(const trace_options *o)
{
    return cli_input_shown(o->ncu);
}

static void print_header(const trace_options *o, const gr_trace_run *run)
{
    printf("Trace: %s, %zu events\n", trace_file_shown(o), run->events);
    if (run->has_device && !run->device_given)
        printf("Device: %s (%s), the profile the trace's device properties describe\n", run->device.full_name,
               run->device.name);
    else if (run->has_device)
        printf("Device: %s (%s)%s%s\n", run->device.full_name, run->device.name,
               run->has_gpu ? ", given; the trace was recorded on " : "", run->has_gpu ? run->gpu.name : "");
    else
        printf("Device: none: %s; --device NAME names one\n",
               run->has_gpu ? "no profile describes the trace's GPU" : "the trace has no device properties");
    for (size_t i = 0; i < run->time.device_count; i++)
        print_device(&run->time.devices[i]);
    if (run->time.launch_calls)
        printf("The host's %zu kernel launch calls took %s, %s each\n", run->time.launch_calls,
               duration(run->time.launch_call_ns).text,
               duration(run->time.launch_call_ns / (int64_t)run->time.launch_calls).text);
    const gr_trace_collectives *c = &run->time.collectives;
    if (!c->ranges)
        return;
    printf("Collectives: %s of wall time, the union of %zu ranges (gloo: and nccl: host ranges, NCCL kernels)",
           duration(c->union_ns).text, c->ranges);
    if (c->late)
        printf("; %zu of them out of order past the window, left out", c->late);
    printf("\n");
}

/* Kineto's estimate against gpuroof's rule for it, and where gpuroof's own differs. */
static void print_kineto(const gr_trace_kernels *k)
{
    if (!k->estimates_compared)
        return;
    printf("Kineto's estimated achieved occupancy, worked out by its rule: the trace's figure on %zu of %zu "
           "launches\n",
           k->estimates_equal, k->estimates_compared);
    if (k->kineto_differs[GR_KINETO_OPTIN] || k->kineto_differs[GR_KINETO_PARTIAL_WARPS])
        printf("  gpuroof's estimate differs on %zu launches that opt in to more than %lld B of shared memory a "
               "block (Kineto counts them 0%%) and %zu whose blocks end in part of a warp (Kineto counts a part)\n",
               k->kineto_differs[GR_KINETO_OPTIN], (long long)k->smem_block_bytes,
               k->kineto_differs[GR_KINETO_PARTIAL_WARPS]);
}

size_t trace_shown(const trace_options *o, const gr_trace_run *run)
{
    size_t n = run->kernels_picked;
    return o->top.given && (size_t)o->top.value < n ? (size_t)o->top.value : n;
}

void trace_print_text(const trace_options *o, const gr_trace_run *run)
{
    print_header(o, run);
    print_kineto(&run->kernels);
    trace_print_ncu_header(o, run);
    trace_print_picked(o, run);
    if (o->launches)
        trace_print_launches(o, run);
    else
        trace_print_table(o, run);
}
