/* measure --ncu-counters FILE: Nsight Compute's report of measure's own
 * kernels (tools/ncu-proof makes it), read before the run and put beside
 * what the run records (results_ncu.h). */
#ifndef GPUROOF_MEASURE_NCU_H
#define GPUROOF_MEASURE_NCU_H

#include <stdbool.h>
#include "gpuroof_ncu.h"
#include "gpuroof_results.h"

/* The report in file, read whole; false (printed) where it does not read. */
bool measure_ncu_read(const char *file, gr_ncu_report *report);

/* Its counters put into results, and a line saying what they covered;
 * false (printed) where the report and the run disagree. */
bool measure_ncu_take(gr_results *results, const gr_ncu_report *report, const char *file);

#endif
