/* Where each GPU's time went (trace_time.h): each device's operations put
 * in order in a window (trace_heap.h: a binary heap by start), then folded
 * into the running union one at a time, each gap between its intervals
 * classed. */
#include <stdlib.h>
#include <string.h>
#include "trace_time.h"

static bool launch_call(const char *name)
{
    static const char *const calls[] = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel",
                                        "cuLaunchKernel", "cuLaunchKernelEx", "cuLaunchCooperativeKernel"};
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
        if (strcmp(name, calls[i]) == 0)
            return true;
    return false;
}

static gr_trace_device_time *device_of(gr_trace_time *t, int64_t id)
{
    for (size_t i = 0; i < t->device_count; i++)
        if (t->devices[i].device == id)
            return &t->devices[i];
    if (t->device_count == GR_TRACE_MAX_DEVICES)
        return NULL;
    gr_trace_device_time *grown = realloc(t->devices, (t->device_count + 1) * sizeof *grown);
    gr_trace_op *window = malloc(GR_TRACE_WINDOW * sizeof *window);
    if (grown)
        t->devices = grown;
    if (!grown || !window) {
        free(window);
        return NULL;
    }
    gr_trace_device_time *d = &t->devices[t->device_count++];
    *d = (gr_trace_device_time){.device = id, .window = window};
    return d;
}

static void count_stream(gr_trace_device_time *d, int64_t stream)
{
    for (size_t i = 0; i < d->stream_count && i < GR_TRACE_MAX_STREAMS; i++)
        if (d->streams[i] == stream)
            return;
    if (d->stream_count < GR_TRACE_MAX_STREAMS)
        d->streams[d->stream_count] = stream;
    d->stream_count += d->stream_count < GR_TRACE_MAX_STREAMS;
}

/* A gap in the union, from the work that ended it to op, classed. */
static void class_gap(gr_trace_device_time *d, const gr_trace_op *op)
{
    int64_t gap = op->start_ns - d->cur_end;
    if (op->launch_end_ns > d->cur_end)
        d->idle_host_ns += gap;
    else if (op->stream != d->cur_stream)
        d->idle_stream_ns += gap;
    else
        d->idle_other_ns += gap;
}

/* The next operation in time order into the union; its call looked up
 * only now, for Kineto writes a call after the operation it launched. */
static void fold(gr_trace_time *t, gr_trace_device_time *d, gr_trace_op *op)
{
    op->launch_end_ns = gr_trace_launches_end(&t->launches, op->correlation);
    t->unmatched_ops += op->launch_end_ns < 0;
    d->released = op->start_ns;
    if (!d->started) {
        d->started = true;
        d->first_ns = op->start_ns;
    } else if (op->start_ns > d->cur_end) {
        d->busy_ns += d->cur_end - d->cur_start;
        class_gap(d, op);
    } else {
        if (op->end_ns >= d->cur_end)
            d->cur_end = op->end_ns, d->cur_stream = op->stream;
        d->last_ns = d->last_ns > op->end_ns ? d->last_ns : op->end_ns;
        return;
    }
    d->cur_start = op->start_ns;
    d->cur_end = op->end_ns;
    d->cur_stream = op->stream;
    d->last_ns = d->last_ns > op->end_ns ? d->last_ns : op->end_ns;
}

static int op_kind(gr_trace_kind kind)
{
    return kind == GR_TRACE_KERNEL ? GR_TRACE_OP_KERNEL : kind == GR_TRACE_MEMCPY ? GR_TRACE_OP_MEMCPY
           : kind == GR_TRACE_MEMSET ? GR_TRACE_OP_MEMSET : -1;
}

static bool add_op(gr_trace_time *t, const gr_trace_event *e, int kind)
{
    gr_trace_device_time *d = device_of(t, e->device >= 0 ? e->device : e->pid);
    if (!d)
        return false;
    gr_trace_op op = {e->ts_ns, e->ts_ns + e->dur_ns, -1, e->correlation, e->stream, e->kind};
    d->op_ns[kind] += e->dur_ns;
    d->ops[kind]++;
    count_stream(d, e->stream);
    if (d->started && op.start_ns < d->released) { /* past its window: out of order */
        d->late_ops++;
        d->late_ns += e->dur_ns;
        return true;
    }
    if (d->window_count == GR_TRACE_WINDOW) {
        gr_trace_op first = gr_trace_heap_pop(d->window, &d->window_count);
        fold(t, d, &first);
    }
    gr_trace_heap_push(d->window, &d->window_count, op);
    return true;
}

bool gr_trace_time_add(gr_trace_time *t, const gr_trace_event *e)
{
    if (e->ts_ns < 0 || e->dur_ns < 0)
        return true; /* no interval: nothing to count */
    if (!gr_trace_collectives_add(&t->collectives, e))
        return false;
    if (e->kind == GR_TRACE_RUNTIME || e->kind == GR_TRACE_DRIVER) {
        if (launch_call(e->name))
            t->launch_calls++, t->launch_call_ns += e->dur_ns;
        return gr_trace_launches_add(&t->launches, e->correlation, e->ts_ns + e->dur_ns);
    }
    int kind = op_kind(e->kind);
    return kind < 0 || add_op(t, e, kind);
}

void gr_trace_time_finish(gr_trace_time *t)
{
    for (size_t i = 0; i < t->device_count; i++) {
        gr_trace_device_time *d = &t->devices[i];
        while (d->window_count) {
            gr_trace_op op = gr_trace_heap_pop(d->window, &d->window_count);
            fold(t, d, &op);
        }
        if (d->started)
            d->busy_ns += d->cur_end - d->cur_start;
        d->started = false; /* finished: a second call adds nothing */
    }
    gr_trace_collectives_finish(&t->collectives);
}

int64_t gr_trace_idle_ns(const gr_trace_device_time *d)
{
    return d->last_ns - d->first_ns - d->busy_ns;
}

void gr_trace_time_free(gr_trace_time *t)
{
    for (size_t i = 0; i < t->device_count; i++)
        free(t->devices[i].window);
    free(t->devices);
    gr_trace_launches_free(&t->launches);
    gr_trace_collectives_free(&t->collectives);
    *t = (gr_trace_time){0};
}
