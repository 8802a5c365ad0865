/* The host's side of each GPU operation: the CUDA runtime or driver call
 * that launched it (cudaLaunchKernel, cuLaunchKernelEx, cudaMemsetAsync,
 * ...), found by the correlation id Kineto gives both.  The calls are
 * kept for the whole read, since an operation may come before or after
 * its call: memory grows with the calls, 16 bytes each (a million
 * launches: 32 MB at most with the table's slack), the one figure of a
 * trace that does. */
#ifndef GPUROOF_TRACE_LAUNCHES_H
#define GPUROOF_TRACE_LAUNCHES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int64_t correlation; /* -1: an empty slot */
    int64_t end_ns;      /* when the call returned */
} gr_trace_launch;

typedef struct {
    gr_trace_launch *slots;
    size_t capacity, count;
} gr_trace_launches;

/* A call's end by its correlation (a later one of the same id replaces
 * it); false where memory runs out. */
bool gr_trace_launches_add(gr_trace_launches *l, int64_t correlation, int64_t end_ns);
/* The end of the call of correlation; -1 where none is known. */
int64_t gr_trace_launches_end(const gr_trace_launches *l, int64_t correlation);
void gr_trace_launches_free(gr_trace_launches *l);

#endif
