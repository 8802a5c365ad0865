/* The options that give one launch and the SM it runs on, shared by
 * `occupancy` and `plot occupancy` so that each means the same in both:
 * their option table entries, their usage checks, and the reading of their
 * values into an occ_inputs (gr_launch and gr_sm_limits). */
#ifndef GPUROOF_OCCUPANCY_LAUNCH_H
#define GPUROOF_OCCUPANCY_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include "commands.h"
#include "occupancy_output.h"

/* Table entries for a command whose options struct `type` holds an
 * occupancy_launch_options named launch; prefix starts each help ("" or
 * "plot occupancy: ").  The launch: */
#define OCC_LAUNCH_OPTIONS(type, prefix)                                                                     \
    {.name = "threads", .arg = "N", .offset = offsetof(type, launch.threads), .help = prefix "threads per block"}, \
    {.name = "block", .arg = "XxY[xZ]", .offset = offsetof(type, launch.block),                               \
     .help = prefix "the block shape instead (16x16 = 256 threads)"},                                         \
    {.name = "regs", .arg = "R", .offset = offsetof(type, launch.regs),                                       \
     .help = prefix "registers per thread (nvcc -Xptxas -v reports them)"},                                   \
    {.name = "smem", .arg = "BYTES", .offset = offsetof(type, launch.smem),                                   \
     .help = prefix "shared memory per block, static + dynamic (default 0)"}

/* The SM: a device's carveout, or textbook limits instead of a device. */
#define OCC_SM_OPTIONS(type, prefix)                                                                            \
    {.name = "carveout", .arg = "BYTES|P%", .offset = offsetof(type, launch.carveout),                           \
     .help = prefix "the shared-memory carveout, bytes with a unit (100K) or a share of the largest (50%, as "    \
                    "cudaFuncAttributePreferredSharedMemoryCarveout takes it; default: the driver's choice); "   \
                    "before sm_70, the shared memory of a cudaFuncSetCacheConfig split (16K, 32K or 48K on a K40)"}, \
    {.name = "max-threads-sm", .arg = "N", .offset = offsetof(type, launch.max_threads_sm),                      \
     .help = prefix "textbook limits instead of a device: threads per SM"},                                      \
    {.name = "max-blocks-sm", .arg = "N", .offset = offsetof(type, launch.max_blocks_sm),                        \
     .help = prefix "blocks per SM"},                                                                            \
    {.name = "regs-sm", .arg = "N", .offset = offsetof(type, launch.regs_sm), .help = prefix "registers per SM"}, \
    {.name = "smem-sm", .arg = "BYTES", .offset = offsetof(type, launch.smem_sm),                                \
     .help = prefix "shared memory per SM"},                                                                     \
    {.name = "max-threads-block", .arg = "N", .offset = offsetof(type, launch.max_threads_block),                \
     .help = prefix "threads per block (default 1024, as on every CUDA GPU since compute capability 2.0)"},      \
    {.name = "reg-unit", .arg = "N", .offset = offsetof(type, launch.reg_unit),                                  \
     .help = prefix "registers are allocated per warp in units of N"},                                           \
    {.name = "smem-unit", .arg = "BYTES", .offset = offsetof(type, launch.smem_unit),                            \
     .help = prefix "shared memory is allocated in units of BYTES"},                                             \
    {.name = "smem-reserved", .arg = "BYTES", .offset = offsetof(type, launch.smem_reserved),                    \
     .help = prefix "shared memory the system reserves per block"}

/* The first of these options given ("--threads"), or NULL: for a command
 * that takes them only in one of its forms. */
const char *occ_first_option_given(const occupancy_launch_options *t);

/* The checks both commands make of the options parsed: not both --threads
 * and --block; a device or all four textbook SM limits, not both;
 * --carveout only with a device.  EXIT_OK or a usage error's status. */
int occ_check_options(const char *command, const occupancy_launch_options *t, bool has_device);

/* The launch options given, into in->launch (an option not given leaves
 * what is there, a kernel model's figure); sets has_threads, has_regs and
 * block_shape. */
bool occ_read_launch(const occupancy_launch_options *t, occ_inputs *in);

/* The SM, into in->limits: the device's (NULL: the textbook limits) with
 * its --carveout; then a block above the textbook per-block maximum is an
 * error saying where that maximum comes from. */
bool occ_read_sm(const occupancy_launch_options *t, const char *profiles, const char *device, occ_inputs *in);

#endif
