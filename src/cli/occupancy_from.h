/* occupancy --from FILE --kernel PATTERN [--arch sm_XX]: the registers and
 * static shared memory of a compiled kernel, in place of --regs. */
#ifndef GPUROOF_OCCUPANCY_FROM_H
#define GPUROOF_OCCUPANCY_FROM_H

#include <stdbool.h>
#include "occupancy_output.h"

/* Reads file (anything gpuroof kernels reads), picks the kernel pattern
 * names for arch ("sm_90"; NULL: the one in->device runs, or the file's
 * only one) and sets in->launch's registers and adds the kernel's static
 * shared memory to its (dynamic) shared memory.  One line printed, false,
 * on any failure. */
bool occ_read_from(const char *file, const char *pattern, const char *arch, occ_inputs *in);

#endif
