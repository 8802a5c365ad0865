/* What the files of src/measure/ share beside the public measure.h: the
 * kernels' own interface (kernels/gpu.h), which no other layer sees. */
#ifndef GPUROOF_MEASURE_GPU_H
#define GPUROOF_MEASURE_GPU_H

#include "gpu.h"
#include "measure.h"

/* Prints a failed CUDA call's message; returns false. */
bool measure_cuda_failed(const grk_error *err);

/* The ceilings beside DRAM and the FP32 and FP64 FMAs (measure_peaks.c),
 * run as part of measure_ceilings. */
bool measure_peaks(measure_run *r, const measure_plan *p);

/* A peak's traces as the core reads them, each cut into its burst and its
 * sustained span (from sustained_from_ms on); false where none could be
 * (out of memory, or no trace with runs). */
typedef struct {
    gr_trace_span burst[GRK_REPEATS], sustained[GRK_REPEATS];
    int count;
} measure_peak_spans;

bool measure_spans_of(const grk_peak *g, double sustained_from_ms, measure_peak_spans *out);


#endif
