/* Nsight Compute's counters of measure's own kernels, put beside what
 * measure recorded of them: each matrix multiplication's traffic at every
 * level of the memory hierarchy and the FLOPs the GPU counted (a kernel's
 * `levels`), and each layout kernel's shared-memory wavefronts per request
 * (a bank check's measured_load and measured_store), and each volatile
 * loop's load instructions and L1 sectors (a volatile check's counts). */
#ifndef GPUROOF_RESULTS_NCU_H
#define GPUROOF_RESULTS_NCU_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "ncu_report.h"
#include "gpuroof_results.h"

typedef struct {
    size_t kernels_counted; /* results kernels given levels */
    size_t kernels_without; /* results kernels the report has no launch of (cuBLAS's, for one) */
    size_t banks_counted;   /* bank checks given measured wavefronts */
    size_t volatiles_counted; /* volatile checks given their launch's counts */
} gr_results_ncu_summary;

/* The report's launches of a results kernel are those of the function
 * measure launches for it (matmul-tiled16: matmul_tiled<16>) whose grid
 * covers its width (grid y x block y rows, the least that covers it); the
 * last such launch is taken, the others being warm-up runs.  The layout
 * launches pair with the bank checks in order, as measure runs them; their
 * number and blocks must agree (a run with no bank checks pairs none).  A volatile check takes the last launch
 * of its kernel (loopGlobalVolatile(float *, int)), the counts its report
 * lacks left absent.  Errors name the report (file) and the
 * first disagreement; on error r is unchanged. */
bool gr_results_take_ncu(gr_results *r, const gr_ncu_report *report, const char *file,
                         gr_results_ncu_summary *summary, gr_error *err);

#endif
