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


#endif
