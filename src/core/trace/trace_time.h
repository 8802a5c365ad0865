/* Where each GPU's time went over a trace (gpuroof trace's header): the
 * span from its first operation's start to its last's end, busy (the
 * union of its kernels', copies' and memsets' intervals, over every
 * stream), and idle split as Holistic Trace Analysis splits it: waiting
 * for the host (the call that launched the operation after the gap
 * returned after the GPU had run out of work: the host was late),
 * waiting on another stream (the operation after the gap is on another
 * stream than the work before it, launched in time: a dependency or a
 * synchronisation held it), and other (launched in time on the same
 * stream: the launch's own latency).  The host's side: how many kernel
 * launch calls it made and how long they took.
 *
 * The operations come as the trace holds them, a device's nearly in time
 * order (Kineto writes each buffer as CUPTI filled it); each device's are
 * put in order within a window of GR_TRACE_WINDOW, so that memory holds
 * the window, not the run.  An operation's call (matched by correlation)
 * is looked up as it leaves the window: Kineto writes the call after the
 * operation it launched.  One that comes later than its window (never
 * in the traces recorded here) is counted (late_ops) with its time
 * (late_ns), by which the busy figure may be off. */
#ifndef GPUROOF_TRACE_TIME_H
#define GPUROOF_TRACE_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "trace_collectives.h"
#include "trace_heap.h"
#include "trace_launches.h"
#include "trace_read.h"

#define GR_TRACE_MAX_DEVICES 64
#define GR_TRACE_MAX_STREAMS 256 /* a device's streams counted; more are counted as this many */

typedef enum { GR_TRACE_OP_KERNEL, GR_TRACE_OP_MEMCPY, GR_TRACE_OP_MEMSET, GR_TRACE_OP_KINDS } gr_trace_op_kind;

typedef struct {
    int64_t device;
    int64_t first_ns, last_ns; /* the span */
    int64_t busy_ns;
    int64_t idle_host_ns, idle_stream_ns, idle_other_ns;
    int64_t op_ns[GR_TRACE_OP_KINDS]; /* each kind's durations, summed */
    size_t ops[GR_TRACE_OP_KINDS];
    size_t late_ops;
    int64_t late_ns;
    size_t stream_count;
    int64_t streams[GR_TRACE_MAX_STREAMS];
    /* the running union and the window */
    bool started;
    int64_t cur_start, cur_end, cur_stream, released;
    gr_trace_op *window;
    size_t window_count;
} gr_trace_device_time;

typedef struct {
    gr_trace_device_time *devices;
    size_t device_count;
    gr_trace_launches launches;
    size_t launch_calls;   /* kernel launch calls of the host */
    int64_t launch_call_ns; /* their time */
    size_t unmatched_ops;  /* GPU operations without their call in the trace */
    gr_trace_collectives collectives; /* the host's and GPUs' time in collectives, together */
} gr_trace_time;

/* One event of the trace, in the order the trace holds them; false where
 * memory runs out. */
bool gr_trace_time_add(gr_trace_time *t, const gr_trace_event *e);
/* The end of the trace: each window emptied into the figures. */
void gr_trace_time_finish(gr_trace_time *t);
void gr_trace_time_free(gr_trace_time *t);

/* The idle time, span less busy. */
int64_t gr_trace_idle_ns(const gr_trace_device_time *d);

#endif
