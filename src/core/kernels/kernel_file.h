/* A file of compiled kernels, whatever its format: ptxas's report,
 * cuobjdump's listing, a cubin, a fatbin, or a binary or archive holding
 * fatbins (compressed or not),
 * told apart by what it holds. */
#ifndef GPUROOF_KERNEL_FILE_H
#define GPUROOF_KERNEL_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "gpuroof_files.h"
#include "kernel_resources.h"

/* Fills out (initialised here; free it with gr_kernel_list_free, failed
 * or not) from data (size bytes, which a binary's reader may rewrite in
 * place), its format set.  What a binary holds only as PTX is in out->ptx,
 * for the caller to say.  A file of no
 * format here, or one that does not read: false, err naming the file and
 * the line or byte. */
bool gr_kernels_read(const char *file, unsigned char *data, size_t size, gr_kernel_list *out, gr_error *err);

/* The size limit of a file of kernels whose first bytes are head
 * (input_limits.h): a binary's (ELF, archive, fatbin), else a text's; the
 * text's where nothing is read yet (head NULL). */
gr_input_limit gr_kernels_input_limit(const unsigned char *head, size_t size);

#endif
