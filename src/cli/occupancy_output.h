/* The occupancy command's parsed inputs and its two ways of printing. */
#ifndef GPUROOF_OCCUPANCY_OUTPUT_H
#define GPUROOF_OCCUPANCY_OUTPUT_H

#include <jansson.h>
#include "occupancy.h"
#include "occupancy_tools.h"
#include "profile.h"

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

void occ_print_text(const occ_inputs *in, const gr_occupancy *o);
void occ_print_sweep_text(const occ_inputs *in, const gr_sweep *s);
void occ_print_suggestion_text(const occ_inputs *in, const gr_suggestion *s);
void occ_print_target_text(const occ_inputs *in, int target, const gr_smem_target *t);

json_t *occ_json(const occ_inputs *in, const gr_occupancy *o);
/* The same object from its parts (occ_json's, and each kernel's of
 * kernels --device): device's name (NULL: none), from (NULL: none; taken),
 * the default carveout (NULL: none, as before sm_70). */
json_t *occ_launch_json(const gr_occupancy *o, const char *device, const gr_launch *launch, json_t *from,
                        const int64_t *default_carveout_bytes);
/* --from's kernel: file, kernel, arch, shared_static_bytes, launch_bounds_threads, block_size_from. */
json_t *occ_from_json(const occ_inputs *in);
json_t *occ_sweep_json(const gr_sweep *s);
void occ_add_suggestion_json(json_t *j, const occ_inputs *in, const gr_suggestion *s);
void occ_add_target_json(json_t *j, int target, const gr_smem_target *t);

#endif
