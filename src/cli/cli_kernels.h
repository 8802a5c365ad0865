/* A file of compiled kernels as a command reads it (kernels, and
 * occupancy --from): the file, or standard input for "-", in any format
 * kernel_file.h knows, compressed cubins included.  A regular file is
 * mapped rather than copied: a library of hundreds of megabytes is read in
 * place, its compressed cubins decompressed one at a time. */
#ifndef GPUROOF_CLI_KERNELS_H
#define GPUROOF_CLI_KERNELS_H

#include <stdbool.h>
#include "gpuroof_kernels.h"

typedef struct {
    const char *path;       /* as given: "-" is standard input */
    const char *shown;      /* what messages call it */
    gr_kernel_list list;
    char error[1024];       /* why it did not read, as printed ("" where it did) */
} cli_kernel_file;

/* Reads path into out (free it with cli_kernel_file_free, failed or not).
 * A file that does not read, a compressed cubin that does not decompress,
 * PTX and no cubin: one line printed (and kept in out->error), false. */
bool cli_read_kernels(const char *path, cli_kernel_file *out);
void cli_kernel_file_free(cli_kernel_file *f);

/* Why the kernels report does not show f, as standard error and
 * kernels --json's files[].error say it (into buf, size bytes, where it
 * adds to the report's words). */
const char *cli_kernels_file_error(const gr_kernels_file *f, char *buf, size_t size);

/* "sm_90, compute_90": a set of PTX architectures as nvcc names them. */
const char *cli_ptx_names(const gr_sm_set *set, char *buf, size_t size);

#endif
