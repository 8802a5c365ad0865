/* The kernels command's two ways of printing its report
 * (kernels_report.h): each only reads it. */
#ifndef GPUROOF_KERNELS_OUTPUT_H
#define GPUROOF_KERNELS_OUTPUT_H

#include <jansson.h>
#include "gpuroof_kernels.h"

void kernels_print_text(const gr_kernels_report *r);
json_t *kernels_json(const gr_kernels_report *r);

#endif
