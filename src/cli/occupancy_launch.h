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
#define OCC_COUNT(T, field, max, ...) CLI_OPT_INT(T, launch.field, CLI_COUNT, 1, max, __VA_ARGS__)
#define OCC_LAUNCH_OPTIONS(type, prefix)                                                                     \
    CLI_OPT_INT(type, launch.threads, CLI_COUNT, 0, 1 << 20, .name = "threads", .arg = "N",                   \
                .help = prefix "threads per block"),                                                          \
    CLI_OPT_PARSED(type, launch.block, occ_block_value, occ_parse_block, .name = "block", .arg = "XxY[xZ]",     \
                   .help = prefix "the block shape instead (16x16 = 256 threads)"),                           \
    CLI_OPT_INT(type, launch.regs, CLI_COUNT, 0, 1 << 20, .name = "regs", .arg = "R",                         \
                .help = prefix "registers per thread (nvcc -Xptxas -v reports them)"),                        \
    CLI_OPT_INT(type, launch.smem, CLI_BYTES, 0, INT64_C(1) << 40, .name = "smem", .arg = "BYTES",             \
                .help = prefix "shared memory per block, static + dynamic (default 0)")

/* The SM: a device's carveout, or textbook limits instead of a device. */
#define OCC_SM_OPTIONS(type, prefix)                                                                            \
    CLI_OPT_PARSED(type, launch.carveout, occ_carveout_value, occ_parse_carveout, .name = "carveout",           \
                   .arg = "BYTES|P%",                                                                            \
     .help = prefix "the shared-memory carveout, bytes with a unit (100K) or a share of the largest (50%, as "    \
                    "cudaFuncAttributePreferredSharedMemoryCarveout takes it; default: the driver's choice); "   \
                    "before sm_70, the shared memory of a cudaFuncSetCacheConfig split (16K, 32K or 48K on a K40)"), \
    OCC_COUNT(type, max_threads_sm, 1 << 16, .name = "max-threads-sm", .arg = "N",                               \
              .help = prefix "textbook limits instead of a device: threads per SM"),                             \
    OCC_COUNT(type, max_blocks_sm, 1 << 16, .name = "max-blocks-sm", .arg = "N", .help = prefix "blocks per SM"), \
    OCC_COUNT(type, regs_sm, INT64_C(1) << 30, .name = "regs-sm", .arg = "N", .help = prefix "registers per SM"), \
    CLI_OPT_INT(type, launch.smem_sm, CLI_BYTES, 0, INT64_C(1) << 40, .name = "smem-sm", .arg = "BYTES",          \
                .help = prefix "shared memory per SM"),                                                          \
    OCC_COUNT(type, max_threads_block, 1 << 16, .name = "max-threads-block", .arg = "N",                         \
              .help = prefix "threads per block (default 1024, as on every CUDA GPU since compute capability 2.0)"), \
    OCC_COUNT(type, reg_unit, 1 << 16, .name = "reg-unit", .arg = "N",                                          \
              .help = prefix "registers are allocated per warp in units of N"),                                  \
    CLI_OPT_INT(type, launch.smem_unit, CLI_BYTES, 1, 1 << 20, .name = "smem-unit", .arg = "BYTES",             \
                .help = prefix "shared memory is allocated in units of BYTES"),                                  \
    CLI_OPT_INT(type, launch.smem_reserved, CLI_BYTES, 0, 1 << 20, .name = "smem-reserved", .arg = "BYTES",     \
                .help = prefix "shared memory the system reserves per block")

/* --block XxY[xZ] into an occ_block_value: each dimension within CUDA's
 * maxThreadsDim (1024, 1024, 64); --carveout into an occ_carveout_value:
 * a percentage from 0 to 100, or bytes with a unit (a bare number is
 * kept, for occ_read_sm to refuse in the device's words).  cli_parse_fn. */
int occ_parse_block(const char *command, const cli_option *opt, const char *value, void *field);
int occ_parse_carveout(const char *command, const cli_option *opt, const char *value, void *field);

/* The groups of those options, for a command whose device option is
 * device_option ("device"): not both --threads and --block; a device or
 * textbook limits, not both; --carveout only with a device. */
#define OCC_TEXTBOOK_LIMITS "max-threads-sm/max-blocks-sm/regs-sm/smem-sm/max-threads-block/reg-unit/smem-unit/smem-reserved"
#define OCC_GROUPS(device_option)                                       \
    {CLI_EXCLUSIVE, "threads block", NULL},                             \
    {CLI_EXCLUSIVE, device_option " " OCC_TEXTBOOK_LIMITS, NULL}, \
    {CLI_NEEDS, "carveout " device_option, NULL}

/* The first of these options given ("--threads"), or NULL: for a command
 * that takes them only in one of its forms. */
const char *occ_first_option_given(const occupancy_launch_options *t);

/* The check both commands make of the options parsed beyond OCC_GROUPS:
 * a device or all four textbook SM limits.  EXIT_OK or a usage error's
 * status. */
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
