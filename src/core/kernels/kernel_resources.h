/* What a compiled kernel uses, one record per kernel and architecture, as
 * the tools that built it record it: ptxas's report (ptxas_report.h),
 * cuobjdump's listing (cuobjdump_listing.h), the cubin itself (cubin.h),
 * found in a fatbin (fatbin.h) or a binary (host_binary.h); kernel_file.h
 * tells them apart.  A figure the source does not record is
 * GR_UNRECORDED: a cubin keeps no spill counts, ptxas prints no constant
 * bank for sm_90, nothing but a cubin keeps __launch_bounds__. */
#ifndef GPUROOF_KERNEL_RESOURCES_H
#define GPUROOF_KERNEL_RESOURCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"

#define GR_UNRECORDED INT64_C(-1)

/* The 1 KB the runtime reserves in every block's shared memory on sm_80 and
 * later.  From sm_90 on, a cubin's .nv.shared.KERNEL section (and so
 * cuobjdump's SHARED) already counts it, while ptxas reports the kernel's
 * own: the readers take it out, so that every source gives the kernel's own
 * and the occupancy counts the reserve once. */
#define GR_IMAGE_RESERVED_SMEM_BYTES 1024

/* An architecture as the tools name it: sm_90 is {90, 0}, sm_90a {90, 'a'}. */
typedef struct {
    int number;
    char variant; /* 'a' (architecture-specific), 'f' (family), or 0 */
} gr_sm;

/* The largest figures a kernel record takes from outside, checked before
 * they are narrowed to the int the occupancy computes with.  Registers: a
 * thread has at most 255 (the CUDA C++ Programming Guide's "Maximum number
 * of 32-bit registers per thread", every compute capability from 3.2 on,
 * 63 before).  Bytes (shared per block, stack, local or constant per
 * thread or bank): no GPU comes near 2^31 - 1 (228 KB of shared memory per
 * SM, 512 KB of local memory per thread, 64 KB of constant memory). */
#define GR_KERNEL_REGISTERS_MAX 255
#define GR_KERNEL_BYTES_MAX INT64_C(2147483647)

#define GR_SM_NAME_SIZE 16
#define GR_MAX_SMS 32

/* Distinct architectures, in order: by number, the plain one before its
 * 'a' and 'f' variants. */
typedef struct {
    int count;
    gr_sm items[GR_MAX_SMS];
} gr_sm_set;

typedef enum {
    GR_KERNELS_PTXAS,     /* nvcc --resource-usage, -Xptxas -v */
    GR_KERNELS_CUOBJDUMP, /* cuobjdump --dump-resource-usage */
    GR_KERNELS_CUBIN,     /* nvcc -cubin */
    GR_KERNELS_FATBIN,    /* nvcc -fatbin */
    GR_KERNELS_BINARY,    /* an executable, object or library holding fatbins */
} gr_kernel_format;

typedef struct {
    char *name;      /* as compiled: the mangled name of a C++ kernel */
    char *demangled; /* libiberty's reading of it; the name itself where it is not mangled,
                        or too large to demangle */
    bool too_large_to_demangle; /* its reading would pass the demangler's budget
                                   (kernel_demangle.h): demangled is the name as compiled */
    gr_sm sm;
    int64_t registers;           /* per thread */
    int64_t shared_static_bytes; /* the kernel's own static shared memory, per block */
    int64_t stack_bytes;         /* per thread: its frame, or where the cubin says, the stack with the functions it calls */
    int64_t spill_store_bytes, spill_load_bytes; /* per thread */
    int64_t local_bytes;         /* per thread, besides the stack frame */
    int64_t constant_bytes;      /* constant bank 0: the parameters and the compiler's constants */
    int64_t max_threads;         /* __launch_bounds__'s threads per block; 0: none */
    bool relocatable;            /* read from a relocatable cubin (nvcc -rdc) before the device link,
                                    which may change its figures; no linked copy was read */
} gr_kernel;

typedef struct {
    gr_kernel_format format;
    size_t count, capacity;
    gr_kernel *kernels;
    size_t cubins;            /* cubins read, in a fatbin or binary */
    size_t relocatable;       /* of them, relocatable ones (nvcc -rdc): the device link may change their figures */
    size_t relocatable_kernels; /* kernels with .relocatable set */
    gr_sm_set ptx;            /* PTX a fatbin holds, which the driver compiles at load time */
    uint64_t inflated_bytes;  /* compressed fatbin entries decompressed so far */
    uint64_t inflate_budget_bytes; /* what they may come to (gr_inflate_budget of the input) */
    struct gr_copy_index *copies; /* the kernels by name and architecture, for merging copies
                                     (kernel_resources.c); NULL until a second kind of cubin comes */
} gr_kernel_list;

void gr_kernel_list_init(gr_kernel_list *list, gr_kernel_format format);
void gr_kernel_list_free(gr_kernel_list *list);

/* A new kernel named by the first name_len bytes of name, every figure
 * GR_UNRECORDED; NULL when memory runs out (err says so). */
gr_kernel *gr_kernel_list_add(gr_kernel_list *list, const char *name, size_t name_len, gr_sm sm,
                              gr_error *err);

/* Takes kernel i out of the list, its names freed; the rest move down. */
void gr_kernel_list_drop(gr_kernel_list *list, size_t i);

/* The kernels from index first on, just read from one cubin (relocatable
 * or linked), against those read before: a kernel of the same name and
 * architecture is kept once, from the linked cubin where there is one (an
 * -rdc executable holds both: .nv_fatbin the device-linked cubin,
 * __nv_relfatbin the relocatable ones the link was made of).  Relocatable
 * ones are marked.  Costs nothing while the list holds only one kind. */
void gr_kernel_list_merge_copies(gr_kernel_list *list, size_t first, bool relocatable);

/* The architectures of the list's kernels, in order (gr_sm_set). */
void gr_kernel_list_sms(const gr_kernel_list *list, gr_sm_set *out);

void gr_sm_set_add(gr_sm_set *set, gr_sm sm);
bool gr_sm_equal(gr_sm a, gr_sm b);

/* "sm_90", "sm_90a" (the first len bytes of text); false for anything else. */
bool gr_sm_parse(const char *text, size_t len, gr_sm *out);
/* "sm_80, sm_90": the set's names, as much of them as size holds. */
const char *gr_sm_set_names(const gr_sm_set *set, char *buf, size_t size);

/* The same as values, so that a message naming them needs no array of its
 * own: GR_SM_NAME(sm) and GR_SM_SET_NAMES(&set) are their texts, for the
 * expression they are in.  The set's names are cut at 255 bytes, as the
 * messages that give them always cut them. */
typedef struct {
    char text[GR_SM_NAME_SIZE];
} gr_sm_text;
typedef struct {
    char text[256];
} gr_sm_set_text;
gr_sm_text gr_sm_name_of(gr_sm sm);
gr_sm_set_text gr_sm_set_names_of(const gr_sm_set *set);
#define GR_SM_NAME(sm) (gr_sm_name_of(sm).text)
#define GR_SM_SET_NAMES(set) (gr_sm_set_names_of(set).text)

/* What the format is, for a person: "ptxas's report", "a cubin", ... */
const char *gr_kernel_format_name(gr_kernel_format format);
/* ... and for a program: "ptxas_report", "cubin", ... */
const char *gr_kernel_format_key(gr_kernel_format format);

#endif
