/* The hierarchical roofline's part of a roofline chart: each memory
 * level's bandwidth roof (the profile's, and a results file's measured
 * one beside it), and kernels drawn at their intensity at every level
 * counted, all at their achieved rate: one marker shape a level, the
 * points of a kernel joined, one label a kernel. */
#ifndef GPUROOF_CHART_LEVELS_H
#define GPUROOF_CHART_LEVELS_H

#include "chart.h"
#include "chart_roofline.h"
#include "gpuroof_ncu.h"

/* The most bytes one shared-memory wavefront moves: the L1/shared-memory
 * data path's width a clock, 32 banks of 4 B (CUDA C++ Programming Guide,
 * "Shared Memory" of compute capability 5.x and later).  A kernel's
 * wavefronts times this is what its shared-memory traffic could have
 * been at most, so the intensity drawn from it is a lower bound. */
#define GRC_WAVEFRONT_BYTES 128

/* A results kernel at each level its `levels` counted: DRAM (dram_bytes),
 * L2 (l2_bytes), shared memory (shared_wavefronts x GRC_WAVEFRONT_BYTES);
 * false where it counted none, has no FLOPs or no rate. */
bool grc_chart_result_kernel(const gr_result_kernel *k, grc_chart_level_kernel *out);
/* An Nsight Compute launch or kernel's work (gr_ncu_work_of) at DRAM, L2
 * and L1 (the shared level: L1 and shared memory are one array), with
 * the roof of each point; false where it is a memory kernel (no FLOPs,
 * FP16 moves only, negligible FLOPs: w->kind), whose intensity is then
 * nothing to draw. */
bool grc_chart_ncu_kernel(const gr_ncu_work *w, const char *label, grc_chart_level_kernel *out);

/* The tensor cores' sustained rate of a precision ("tensor_bf16"): what
 * they hold once the clock has settled at the power limit; NaN where not
 * measured, or not a tensor precision. */
double grc_measured_sustained_gflops(const gr_results *r, const char *precision);
/* The spread row of a precision's measured ceiling (or of its sustained
 * rate), or NULL. */
const gr_result_spread *grc_measured_peak_spread(const gr_results *r, const char *precision, bool sustained);

/* The parts, as grc_roofline_chart adds them: a device's L2 and shared
 * roofs as asked; a results file's measured level roofs and compute
 * ceilings; the kernels (Nsight Compute's, and results kernels with
 * levels), with their legend. */
bool grc_levels_add_device_roofs(const grc_roofline_inputs *in, grc_chart *c, size_t i);
bool grc_levels_add_measured(const grc_roofline_inputs *in, grc_chart *c, size_t r, int color, const char *brief);
bool grc_levels_add_kernels(const grc_roofline_inputs *in, grc_chart *c);

/* Whether results kernel k is drawn by the levels (then not as before). */
bool grc_levels_draws_result_kernel(const grc_roofline_inputs *in, const gr_result_kernel *k);
/* Whether kernel i of r is drawn by the levels and is the run of its name
 * drawn: the one with the largest "width=" among its parameters (the
 * first such), whose points show best where the kernel sits; its other
 * runs would pile their points and labels on it. */
bool grc_levels_shows_result_kernel(const grc_roofline_inputs *in, const gr_results *r, size_t i);

#endif
