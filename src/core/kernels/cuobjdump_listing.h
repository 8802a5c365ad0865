/* cuobjdump's listing of the resources of each function in each ELF image
 * of a binary, as cuobjdump --dump-resource-usage prints it:
 *
 *   Fatbin elf code:
 *   ================
 *   arch = sm_90
 *   ...
 *   Resource usage:
 *    Common:
 *     GLOBAL:0
 *    Function _Z3fooPf:
 *     REG:14 STACK:0 SHARED:5248 LOCAL:0 CONSTANT[0]:548 TEXTURE:0 SURFACE:0 SAMPLER:0
 *
 * From sm_90 on SHARED counts the 1 KB the runtime reserves per block
 * (GR_IMAGE_RESERVED_SMEM_BYTES); the reader gives the kernel's own.  The
 * listing records no spills. */
#ifndef GPUROOF_CUOBJDUMP_LISTING_H
#define GPUROOF_CUOBJDUMP_LISTING_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"

/* Adds the kernels of the listing text (len bytes, named file in errors)
 * to out, and the architectures of its PTX images to out->ptx.  A function
 * without its resource line, a line that does not read, a last line cut
 * short: an error naming the line and column. */
bool gr_cuobjdump_listing_read(const char *file, const char *text, size_t len, gr_kernel_list *out,
                               gr_error *err);

/* Whether text holds such a listing: a line "Fatbin elf code:", "Fatbin ptx code:"
 * or "Resource usage:". */
bool gr_cuobjdump_listing_detect(const char *text, size_t len);

#endif
