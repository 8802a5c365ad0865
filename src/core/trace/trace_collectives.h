/* A rank's wall time in collectives (gpuroof trace's collective_ns, and
 * what the ranks' comparison takes from it): the union of the intervals
 * of its collective operations, not their sum, for the buckets of one
 * step's gradients overlap.  A collective is a host range the
 * process-group backend records (Kineto's "user_annotation" named
 * gloo:all_reduce, nccl:all_reduce, ...: a name starting gloo: or nccl:)
 * or an NCCL kernel on a GPU (a name starting nccl: ncclKernel...,
 * ncclDevKernel...), whose time includes waiting for the slowest rank.
 * The launch calls (cpu_op c10d::allreduce_) are not: they return at once.
 *
 * Memory is bounded as trace_time.c bounds busy time: the intervals come
 * in the trace's order, nearly in time order, and are put in order within
 * a window of GR_TRACE_WINDOW (trace_heap.h) before they join the running
 * union; one that comes later than its window is counted (late) and left
 * out of the union. */
#ifndef GPUROOF_TRACE_COLLECTIVES_H
#define GPUROOF_TRACE_COLLECTIVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "trace_heap.h"
#include "trace_read.h"

typedef struct {
    int64_t union_ns; /* once finished: the wall time in collectives */
    size_t ranges;    /* the collectives' intervals seen */
    size_t late;      /* those past their window, left out of union_ns */
    /* the running union and the window */
    bool started;
    int64_t cur_start, cur_end, released;
    gr_trace_op *window;
    size_t window_count;
} gr_trace_collectives;

/* One event of the trace, in the trace's order (any other is passed
 * over); false where memory runs out. */
bool gr_trace_collectives_add(gr_trace_collectives *c, const gr_trace_event *e);
/* The end of the trace: the window emptied into union_ns. */
void gr_trace_collectives_finish(gr_trace_collectives *c);
void gr_trace_collectives_free(gr_trace_collectives *c);

#endif
