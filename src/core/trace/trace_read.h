/* A run's trace as torch.profiler's export_chrome_trace writes it (Kineto's
 * Chrome trace JSON), read as a stream: the bytes are fed in chunks of any
 * size and each complete event ("ph": "X") is handed to the caller as it
 * ends, so that memory holds one event, never the trace (a training run's
 * trace is 10^6 events and a gigabyte).  The device properties Kineto
 * writes at the top come the same way.  Nothing here knows of files or
 * decompression: the caller feeds the bytes (gpuroof trace reads .json.gz
 * through zlib). */
#ifndef GPUROOF_TRACE_READ_H
#define GPUROOF_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"

/* A name longer than this is refused: Kineto's longest kernel names (a
 * Triton or CUTLASS template) are a few kilobytes. */
#define GR_TRACE_MAX_NAME_BYTES 65536

typedef enum {
    GR_TRACE_KERNEL,  /* "cat": "kernel" */
    GR_TRACE_MEMCPY,  /* "gpu_memcpy" */
    GR_TRACE_MEMSET,  /* "gpu_memset" */
    GR_TRACE_RUNTIME, /* "cuda_runtime": cudaLaunchKernel, cudaDeviceSynchronize, ... */
    GR_TRACE_DRIVER,  /* "cuda_driver": cuLaunchKernel, ... */
    GR_TRACE_ANNOTATION, /* "user_annotation": a host range record_function names (gloo:all_reduce, ...) */
    GR_TRACE_OTHER    /* every other category: CPU operators, annotations, ... */
} gr_trace_kind;

/* One complete event; a figure the event lacks is -1 (counts) or NaN. */
typedef struct {
    gr_trace_kind kind;
    const char *name;        /* "" where absent; valid during the callback alone */
    int64_t ts_ns, dur_ns;   /* the trace's microseconds, exactly, as ns */
    int64_t pid, tid;        /* -1 where absent or not a number */
    int64_t device, stream, correlation;
    int64_t grid[3], block[3];
    int64_t registers_per_thread;
    int64_t shared_bytes;    /* "shared memory": static and dynamic, per block */
    int64_t bytes;           /* a memcpy's or memset's */
    double blocks_per_sm, warps_per_sm;       /* Kineto's, over the GPU's SMs */
    double est_achieved_occupancy_pct;        /* Kineto's estimate, 0..100 */
} gr_trace_event;

/* One GPU of "deviceProperties". */
typedef struct {
    int64_t id;
    const char *name; /* valid during the callback alone */
    int64_t cc_major, cc_minor, sms, warp_size;
    int64_t max_threads_sm, max_threads_block, regs_sm, regs_block;
    int64_t smem_sm_bytes, smem_block_bytes, smem_block_optin_bytes;
    int64_t memory_bytes;
} gr_trace_device;

/* The caller's: each returns false, with err, to stop the read. */
typedef struct {
    void *context;
    bool (*event)(void *context, const gr_trace_event *e, gr_error *err);
    bool (*device)(void *context, const gr_trace_device *d, gr_error *err); /* NULL: not wanted */
} gr_trace_handlers;

typedef struct gr_trace_reader gr_trace_reader;

/* A reader of the trace that messages call shown; NULL where memory runs out. */
gr_trace_reader *gr_trace_reader_new(const char *shown, const gr_trace_handlers *h);
/* The next bytes; false, with err ("FILE: byte N: the rule", N the bytes
 * read when the reader stopped, the offending one the last), where they
 * break the format or a handler stopped the read. */
bool gr_trace_reader_feed(gr_trace_reader *r, const void *bytes, size_t len, gr_error *err);
/* The end of the bytes: false where the document is not whole, or is no
 * trace (no traceEvents). */
bool gr_trace_reader_finish(gr_trace_reader *r, gr_error *err);
void gr_trace_reader_free(gr_trace_reader *r);

#endif
