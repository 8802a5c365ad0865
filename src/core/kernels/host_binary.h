/* An executable, object, shared library or static library (an archive of
 * objects) for the host, read for the fatbins nvcc embeds in it: the
 * sections .nv_fatbin (whole programs) and __nv_relfatbin (objects compiled
 * for separate device linking), and the containers that other data sections
 * hold (cuFFT keeps its own in .ldata). */
#ifndef GPUROOF_HOST_BINARY_H
#define GPUROOF_HOST_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"

/* Reads the fatbins of the ELF file or archive data (size bytes) into out
 * (fatbin.h).  A file without any, a truncated one, a section that runs
 * past the end: an error naming the file (and member) and the byte. */
bool gr_host_binary_read(const char *file, unsigned char *data, size_t size, gr_kernel_list *out,
                         gr_error *err);

/* Whether data begins as an ELF file; as an archive (ar). */
bool gr_host_binary_detect(const unsigned char *data, size_t size);
bool gr_host_archive_detect(const unsigned char *data, size_t size);

#endif
