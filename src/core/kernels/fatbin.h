/* Fatbins: the containers nvcc puts a program's GPU code in (nvcc -fatbin
 * writes one alone; a binary keeps them in its .nv_fatbin section).  Each
 * container is a 16-byte header (magic 0xBA55ED50, a version, its header's
 * size, the size of what follows) and entries, each a header (its kind,
 * PTX or ELF, its size, the payload's size, the architecture, flags) and
 * the payload, compressed or not (fatbin_payload.h).  The cubins are read,
 * decompressed one at a time where nvcc compressed them; PTX is only
 * counted, by architecture, and LTO-IR skipped. */
#ifndef GPUROOF_FATBIN_H
#define GPUROOF_FATBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"

#define GR_FATBIN_MAGIC UINT32_C(0xBA55ED50)

/* Reads the containers that fill data (size bytes; zero bytes may pad
 * between them), adding the kernels of their cubins to out and counting
 * them in out->cubins, the PTX in out->ptx.  file_offset is where data
 * begins in the file named file: a container or entry whose size runs past
 * the end, a wrong magic, a compressed cubin that does not decompress or
 * read, is an error naming the byte. */
bool gr_fatbin_read(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                    gr_kernel_list *out, gr_error *err);

/* Reads, as gr_fatbin_read does, every container found within data (a
 * section that holds other bytes too: cuFFT keeps its fatbins in .ldata)
 * at an offset of the file that is a multiple of 8, counting them in
 * *found.  Bytes that merely begin with the magic, whose sizes do not lead
 * to a whole container, are not one; a container's bad entry is an error. */
bool gr_fatbin_scan(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                    gr_kernel_list *out, size_t *found, gr_error *err);

/* Whether data begins with a fatbin container. */
bool gr_fatbin_detect(const unsigned char *data, size_t size);

#endif
