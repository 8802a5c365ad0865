/* Files a person may give gpuroof kernels that hold no compiled code yet:
 * CUDA source and PTX.  Recognised by what they hold, whatever their names,
 * to say what to give instead. */
#ifndef GPUROOF_KERNEL_SOURCE_H
#define GPUROOF_KERNEL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

/* Where data (size bytes of file) is PTX text (a .version and a .target
 * directive, each at the start of a line) or CUDA source (a __global__
 * declaration at the start of a line, in a text that is no Markdown
 * document): true, with err saying so and how to get what gpuroof reads
 * (ptxas's or nvcc's report, a cubin, a binary).  False otherwise, err
 * untouched. */
bool gr_kernel_source_advice(const char *file, const unsigned char *data, size_t size, gr_error *err);

#endif
