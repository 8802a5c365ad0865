/* Fatbins: the containers nvcc puts a program's GPU code in (nvcc -fatbin
 * writes one alone; a binary keeps them in its .nv_fatbin section).  Each
 * container is a 16-byte header (magic 0xBA55ED50, a version, its header's
 * size, the size of what follows) and entries, each a header (its kind,
 * PTX or ELF, its size, the payload's size, the architecture, flags) and
 * the payload.  The cubins are read where they are stored whole; what is
 * compressed or PTX is only counted, by architecture. */
#ifndef GPUROOF_FATBIN_H
#define GPUROOF_FATBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "error.h"
#include "kernel_resources.h"

#define GR_FATBIN_MAGIC UINT32_C(0xBA55ED50)

/* Reads the containers that fill data (size bytes; zero bytes may pad
 * between them), adding the kernels of their cubins to out and counting
 * the rest in out->cubins, out->compressed and out->ptx.  file_offset is
 * where data begins in the file named file: a container or entry whose
 * size runs past the end, a wrong magic, is an error naming the byte. */
bool gr_fatbin_read(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                    gr_kernel_list *out, gr_error *err);

/* Whether data begins with a fatbin container. */
bool gr_fatbin_detect(const unsigned char *data, size_t size);

#endif
