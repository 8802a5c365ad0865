/* The occupancy command's parsed inputs and its two ways of printing. */
#ifndef GPUROOF_OCCUPANCY_OUTPUT_H
#define GPUROOF_OCCUPANCY_OUTPUT_H

#include <jansson.h>
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"

typedef struct {
    bool has_device;
    gr_profile device;
    gr_sm_limits limits;
    bool default_carveout;
    gr_launch launch;
    bool has_threads, has_regs;
    const char *block_shape; /* "16x16" as given, or NULL */
    /* --from: the compiled kernel its registers and static shared memory
     * come from ("" without --from) */
    char from_file[512], from_kernel[512], from_arch[16];
    long long from_static_smem_bytes;
    long long from_bound_threads; /* its __launch_bounds__ maximum; 0: none */
    const char *from_block;       /* where the block size came from: "option", "launch_bounds" or "suggest" */
} occ_inputs;

/* The cudaFuncCache preference that gives a pre-sm_70 profile (gr_smem_config
 * GR_SMEM_CACHE_CONFIG) that much shared memory: "cudaFuncCachePreferL1". */
const char *occ_cache_config_name(const gr_profile *p, int64_t capacity_bytes);

typedef enum { OCC_ONE, OCC_SWEEP, OCC_SUGGEST, OCC_TARGET } occ_mode;


/* What the occupancy command found, all of it worked out before either
 * printer reads it. */
typedef struct {
    const occ_inputs *in;
    occ_mode mode;
    /* OCC_ONE */
    gr_occupancy occ;
    gr_occupancy_explanation why;
    bool has_default_carveout; /* a device of sm_70 on, the carveout not given */
    int64_t default_carveout_bytes;
    /* OCC_SWEEP */
    gr_sweep sweep;
    /* OCC_SUGGEST */
    gr_suggestion suggestion;
    int64_t min_grid_blocks; /* blocks per SM x SMs, with a device */
    /* OCC_TARGET */
    gr_occupancy_target target; /* the core's answer, its arithmetic and its checks */
} occ_result;

/* The result of one occupancy o of in: its explanation and default
 * carveout worked out. */
void occ_result_one(const occ_inputs *in, const gr_occupancy *o, occ_result *r);

void occ_print_result_text(const occ_result *r);
json_t *occ_result_json(const occ_result *r);

/* One occupancy's JSON object from its parts (occ_result_json's, and each kernel's of
 * kernels --device): device's name (NULL: none), from (NULL: none; taken),
 * the default carveout (NULL: none, as before sm_70). */
json_t *occ_launch_json(const gr_occupancy *o, const char *device, const gr_launch *launch, json_t *from,
                        const int64_t *default_carveout_bytes);
/* --from's kernel: file, kernel, arch, shared_static_bytes, launch_bounds_threads, block_size_from. */
json_t *occ_from_json(const occ_inputs *in);

#endif
