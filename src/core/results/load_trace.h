/* What a ceiling takes from a load trace: runs of one kernel back to back
 * from an idle GPU, with marks (when so many runs had finished) and
 * samples (the SM clock and the board's power) on one time line.
 *
 * Two figures come from one trace.  The burst: the best rate over any
 * span of at least a few tens of milliseconds, which on a GPU with a power
 * limit is the start, before the clock falls; what one GEMM of a real
 * program meets.  The sustained rate: the rate from a later point to the
 * end, once the clock has settled under the load; what a training loop
 * lives at.  Each comes with the mean SM clock and power of the samples
 * taken while its runs ran, so that a rate and its clock always describe
 * the same runs. */
#ifndef GPUROOF_LOAD_TRACE_H
#define GPUROOF_LOAD_TRACE_H

#include <stdbool.h>
#include <stddef.h>

/* The shortest span a burst may be: some twenty 8192-cubed BF16 GEMMs on
 * an H100, as a PyTorch benchmark times them, and a dozen clock samples. */
#define GR_BURST_MIN_MS 25.0

typedef struct {
    double ms;   /* from the first mark */
    double runs; /* runs finished by then */
} gr_trace_mark;

typedef struct {
    double ms;
    double sm_mhz; /* 0 or NaN: not read */
    double watts;  /* 0 or NaN: not read */
} gr_trace_sample;

typedef struct {
    const gr_trace_mark *marks; /* in time order, marks[0] the start */
    size_t mark_count;
    const gr_trace_sample *samples; /* in time order */
    size_t sample_count;
    double work_per_run; /* bytes or FLOPs */
} gr_load_trace;

/* A span of a trace and what it shows. */
typedef struct {
    double rate;               /* work over time: GB/s or GFLOP/s (work / ms / 1e6) */
    double from_ms, to_ms;     /* the marks it runs between */
    double sm_mhz, watts;      /* the means of the samples taken inside it; NaN where none */
    double sm_mhz_min, sm_mhz_max;
    size_t samples;            /* how many samples the clock's mean has */
} gr_trace_span;

/* The span of at least min_ms (from one mark to the first mark that far
 * after it) of the highest rate; a trace shorter than min_ms gives its
 * whole span.  False where the trace has fewer than two marks or no time
 * between them, or no work. */
bool gr_trace_burst(const gr_load_trace *t, double min_ms, gr_trace_span *out);

/* The span from the first mark at or after from_ms to the last mark; where
 * the trace ended before from_ms, its second half.  False as for the
 * burst. */
bool gr_trace_sustained(const gr_load_trace *t, double from_ms, gr_trace_span *out);

#endif
