/* ptxas's report of each kernel it compiles, as nvcc --resource-usage and
 * nvcc -Xptxas -v print it (on standard error), for every architecture
 * compiled:
 *
 *   ptxas info    : Compiling entry function '_Z3fooPf' for 'sm_90'
 *   ptxas info    : Function properties for _Z3fooPf
 *       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 *   ptxas info    : Used 14 registers, used 1 barriers, 4224 bytes smem, 372 bytes cmem[0]
 *
 * Whatever else the compiler printed around it is passed over. */
#ifndef GPUROOF_PTXAS_REPORT_H
#define GPUROOF_PTXAS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"

/* Adds the kernels of the report text (len bytes, named file in errors) to
 * out.  An entry without its "Used" line, a line of the report that does
 * not read, a last line cut short: an error naming the line and column. */
bool gr_ptxas_report_read(const char *file, const char *text, size_t len, gr_kernel_list *out,
                          gr_error *err);

/* Whether text holds such a report: a line beginning "ptxas ". */
bool gr_ptxas_report_detect(const char *text, size_t len);

#endif
