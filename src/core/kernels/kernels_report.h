/* The compiled-kernels report (gpuroof kernels): the files read, each
 * with why it did not read where it did not; the code chosen in each (an
 * architecture given, or the one a device runs, its `a` and `f` variants
 * with it); the kernels a name pattern picks; and with a device each
 * kernel's block size, where it comes from and the occupancy it reaches.
 * Built once, from files already read, by gr_kernels_report_build; the
 * printers only read it. */
#ifndef GPUROOF_KERNELS_REPORT_H
#define GPUROOF_KERNELS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "kernel_resources.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"

/* One file as the caller read it (gr_kernels_read, or a reason it could
 * not: a missing file, a limit passed, PTX and no machine code). */
typedef struct {
    const char *shown;   /* what messages call it: the caller's, it must outlive the report */
    bool read;           /* false: it did not read, error says why */
    const char *error;   /* why it did not read (copied), or NULL */
    gr_kernel_list list; /* what it read: the report takes it (and frees it), read or not */
} gr_kernels_source;

/* What to show of the files. */
typedef struct {
    const char *arch;           /* only the code of this architecture ("sm_90a", as given), or NULL */
    const gr_profile *device;   /* NULL: no occupancy, and every architecture */
    const gr_sm_limits *limits; /* the device's SM, where device is set */
    const char *kernel_pattern; /* only the kernels it names (kernel_names.h), or NULL */
    bool glob;                  /* kernel_pattern is a glob */
} gr_kernels_request;

/* A kernel's occupancy on the device, at the block size it runs at
 * (gr_kernel_block_size: its __launch_bounds__, else the suggested one). */
typedef struct {
    bool valid;
    char *error;           /* why it cannot launch, where not valid */
    gr_block_choice block; /* the block size and where it comes from */
    gr_launch launch;      /* its registers and static shared memory at that block size */
    gr_occupancy occ;
    bool has_carveout;     /* from sm_70 on: the split of shared memory and L1 is a carveout */
    int64_t default_carveout_bytes; /* the one the runtime picks for the launch, where has_carveout */
} gr_kernel_occupancy;

/* A kernel shown, in the order of the files and of each file's kernels. */
typedef struct {
    size_t file;                   /* index in the report's files */
    const gr_kernel *kernel;       /* in that file's list */
    gr_kernel_occupancy occupancy; /* where the report has a device */
} gr_kernels_row;

/* Whether a file's kernels are listed, and if not, why. */
typedef enum {
    GR_KERNELS_FILE_SHOWN,
    GR_KERNELS_FILE_UNREAD,       /* the caller's reading failed: error is the caller's reason */
    GR_KERNELS_FILE_NO_ARCH,      /* no code for the architecture asked for */
    GR_KERNELS_FILE_NO_CODE_RUNS, /* no code the device runs */
    GR_KERNELS_FILE_UNMATCHED,    /* its names could not be matched (memory ran out) */
} gr_kernels_file_status;

typedef struct {
    const char *shown;
    gr_kernels_file_status status;
    char *error;         /* why it is not shown ("" where the caller gave no reason), or NULL where it is */
    gr_kernel_list list;
    gr_sm_set sms;       /* every architecture it has code for */
    bool filtered;       /* only the code of sm (and with a device, its variants the device runs) */
    gr_sm sm;
    gr_sm_set shown_sms; /* the architectures of the kernels shown; sm where none is */
    size_t first_row, row_count; /* its kernels shown: rows[first_row] on */
} gr_kernels_file;

/* What the rows shown leave unrecorded or say, for the notes after them. */
typedef struct {
    bool spills_unrecorded;   /* a format that keeps no spill counts */
    bool stack_unexplained;   /* a stack frame where spills are unrecorded */
    bool constant_unrecorded; /* ptxas's report for sm_90 and later */
    bool bounds_unrecorded;   /* a format that keeps no __launch_bounds__ */
    bool relocatable;         /* a kernel read only from a relocatable cubin */
    bool mangled;             /* a name too large to demangle */
    size_t spilling;          /* kernels that spill */
} gr_kernels_notes;

typedef struct {
    gr_kernels_file *files;
    size_t file_count;
    gr_kernels_row *rows;
    size_t row_count;
    size_t files_shown;        /* files whose kernels are listed */
    size_t last_shown;         /* the last of them, where files_shown > 0 */
    bool has_device;
    gr_profile device;
    gr_sm_limits limits;
    const char *kernel_pattern; /* the request's */
    gr_kernels_notes notes;
} gr_kernels_report;

/* Builds out from count files (taking each one's list) and the request.
 * A file without the code asked for (the architecture, or any the device
 * runs) is not shown, its reason in its error; the others still are.
 * False, err set, only where memory runs out (out is then empty, every
 * list freed). */
bool gr_kernels_report_build(gr_kernels_source *files, size_t count, const gr_kernels_request *request,
                             gr_kernels_report *out, gr_error *err);
void gr_kernels_report_free(gr_kernels_report *r);

#endif
