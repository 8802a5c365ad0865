/* A cubin: the ELF image of a GPU's machine code (nvcc -cubin), read for
 * each kernel's resources.  Where each figure lives:
 *   registers     the EIATTR_REGCOUNT attribute of .nv.info, by symbol
 *                 (sm_80 cubins also keep it in the top byte of sh_info of
 *                 .text.KERNEL; CUDA 13.0's sm_90 ones do not)
 *   stack frame   EIATTR_FRAME_SIZE of .nv.info, by symbol
 *   shared        the size of .nv.shared.KERNEL, less the block's reserved
 *                 kilobyte where the image counts it (from sm_90 on)
 *   constant      the size of .nv.constant0.KERNEL (bank 0)
 *   local         the size of .nv.local.KERNEL, where there is one
 *   launch bounds EIATTR_MAX_THREADS of .nv.info.KERNEL
 * Kernels are the functions whose symbol is marked as an entry
 * (STO_CUDA_ENTRY): device functions, listed by cuobjdump, are not.  A
 * cubin keeps no spill counts.  A relocatable cubin's (ELF type ET_REL,
 * nvcc -rdc) kernels are marked relocatable, and give way to a linked
 * copy of the same name and architecture (gr_kernel_list_merge_copies).
 * sm_90a code is marked by .nv.compat (cubin.c says how). */
#ifndef GPUROOF_CUBIN_H
#define GPUROOF_CUBIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"

/* Adds the kernels of the cubin data (size bytes: the whole image) to out.
 * file_offset is where the image begins in the file named file, for the
 * byte offsets errors name: a truncated image, a section or attribute that
 * runs past its end, an ELF file of another machine.  Nothing is read
 * outside data; libelf may rewrite data in place where it must convert. */
bool gr_cubin_read(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                   gr_kernel_list *out, gr_error *err);

/* The same, for a cubin whose fatbin entry names its variant ('a' or 'f'
 * for sm_90a, sm_100f; 0 for none): the entry's word stands, since a cubin
 * marks architecture-specific code but not family code. */
bool gr_cubin_read_variant(const char *file, unsigned char *data, size_t size, uint64_t file_offset, char variant,
                           gr_kernel_list *out, gr_error *err);

/* The same, for a cubin that is no bytes of the file as they lie (a
 * decompressed fatbin entry): within says where it came from ("the
 * zstd-compressed fatbin entry at byte 5344"), and errors name "byte N of
 * within", N counted from the image's start, never a byte of the file. */
bool gr_cubin_read_within(const char *file, const char *within, unsigned char *data, size_t size, char variant,
                          gr_kernel_list *out, gr_error *err);

/* Whether data begins as an ELF image of CUDA machine code. */
bool gr_cubin_detect(const unsigned char *data, size_t size);

#endif
