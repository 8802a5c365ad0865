/* What the files of src/measure/ share beside the public measure.h: the
 * kernels' own interface (kernels/gpu.h), which no other layer sees. */
#ifndef GPUROOF_MEASURE_GPU_H
#define GPUROOF_MEASURE_GPU_H

#include "gpu.h"
#include "measure.h"

/* Prints a failed CUDA call's message; returns false. */
bool measure_cuda_failed(const grk_error *err);

#endif
