/* A trace's kernel launches one by one (gpuroof trace --launches): a
 * compact record a launch, kept in bins (the run's choice: one, or one for
 * each strength with which --kernel's pattern matches the kernel).  A bin
 * keeps either every launch it is given, so that memory grows with the
 * launches (sizeof (gr_trace_kernel_launch), 72 bytes on a 64-bit machine,
 * each: the one view of a trace whose memory does), or, with a bound N,
 * the N longest alone, in a heap whose root is the shortest kept: a
 * longer launch replaces it, so that memory holds N records whatever the
 * run's length. */
#ifndef GPUROOF_TRACE_KERNEL_LAUNCHES_H
#define GPUROOF_TRACE_KERNEL_LAUNCHES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "trace_read.h"

/* A figure of the trace past what a launch can have (a grid dimension
 * past 2^31 - 1, shared memory past 2 GiB, a device or a stream past
 * 2^31 - 1): the record's figure is this, and the launch has no occupancy. */
#define GR_TRACE_LAUNCH_UNKNOWN INT32_MIN

typedef struct {
    const char *kernel;        /* its name: the caller's copy, which outlives the record */
    int64_t start_ns, time_ns; /* start as the trace gives it, until the list is finished */
    int32_t stream;
    int32_t grid[3], block[3];
    int32_t registers_per_thread, shared_bytes;
    int32_t device;
    float kineto_pct; /* Kineto's "est. achieved occupancy %"; NaN where absent */
} gr_trace_kernel_launch;

#define GR_TRACE_LAUNCH_BINS 4

typedef struct {
    gr_trace_kernel_launch *items;
    size_t count, capacity;
    size_t offered;     /* launches given to the bin, kept or not */
    int64_t offered_ns; /* their time */
} gr_trace_launch_bin;

typedef struct {
    size_t top; /* the most each bin keeps; 0: every launch */
    gr_trace_launch_bin bins[GR_TRACE_LAUNCH_BINS];
    /* once finished: the bin chosen, its launches longest first (a tie:
     * the earlier start, then the kernel's name, then the stream), each
     * start from origin_ns */
    const gr_trace_launch_bin *kept;
    int64_t origin_ns;
    size_t more;     /* the bin's launches left out by the bound */
    int64_t more_ns; /* their time */
} gr_trace_kernel_launches;

/* A list that keeps the top longest launches of each bin (0: all). */
void gr_trace_kernel_launches_init(gr_trace_kernel_launches *l, size_t top);
/* A kernel event e of the kernel named kernel (which must outlive the
 * list) into bin (below GR_TRACE_LAUNCH_BINS); false where memory runs out. */
bool gr_trace_kernel_launches_add(gr_trace_kernel_launches *l, int bin, const char *kernel, const gr_trace_event *e);
/* The end of the trace: bin's launches (-1: none) longest first, each
 * start made relative to origin_ns (the trace's first GPU activity); the
 * other bins' memory given back.  The list is then read, never added to. */
void gr_trace_kernel_launches_finish(gr_trace_kernel_launches *l, int bin, int64_t origin_ns);
void gr_trace_kernel_launches_free(gr_trace_kernel_launches *l);

/* Whether a is shown before b: the longer, then as the list's order says. */
bool gr_trace_launch_before(const gr_trace_kernel_launch *a, const gr_trace_kernel_launch *b);

#endif
