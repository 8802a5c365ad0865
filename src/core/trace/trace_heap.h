/* A window of GPU operations or host ranges put in time order: a binary
 * heap by start, so that a reader that sees them nearly in order (as
 * Kineto writes them) folds them into a running union one at a time,
 * holding the window, never the run.  trace_time.c keeps one a device,
 * trace_collectives.c one for the collectives' ranges. */
#ifndef GPUROOF_TRACE_HEAP_H
#define GPUROOF_TRACE_HEAP_H

#include <stddef.h>
#include <stdint.h>
#include "trace_read.h"

/* The operations a window holds: past this many, the earliest leaves it. */
#define GR_TRACE_WINDOW 4096

typedef struct {
    int64_t start_ns, end_ns;
    int64_t launch_end_ns; /* its call's return; -1 where the trace has no call of its correlation */
    int64_t correlation;
    int64_t stream;
    gr_trace_kind kind;
} gr_trace_op;

/* op into heap[0..*count), which has room for it. */
void gr_trace_heap_push(gr_trace_op *heap, size_t *count, gr_trace_op op);
/* The earliest start out of heap[0..*count), *count at least 1. */
gr_trace_op gr_trace_heap_pop(gr_trace_op *heap, size_t *count);

#endif
