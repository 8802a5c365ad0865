/* occupancy --from FILE --kernel PATTERN [--arch sm_XX]: the registers and
 * static shared memory of a compiled kernel, in place of --regs. */
#ifndef GPUROOF_OCCUPANCY_FROM_H
#define GPUROOF_OCCUPANCY_FROM_H

#include <stdbool.h>
#include "commands.h"
#include "occupancy_output.h"

/* Reads o->from (anything gpuroof kernels reads), picks the kernel
 * o->kernel names (o->glob: a glob) for o->arch (NULL: the one in->device
 * runs, or the file's only one), sets in->launch's registers and adds the
 * kernel's static shared memory to its (dynamic) shared memory.  Its
 * __launch_bounds__ hold the launch: in->limits are lowered to them, a
 * block size above them is an error naming them, and where none was given
 * and choose_block is set the block size is theirs (else the suggested
 * one).  One line printed, false, on any failure. */
bool occ_read_from(const occupancy_options *o, bool choose_block, occ_inputs *in);

#endif
