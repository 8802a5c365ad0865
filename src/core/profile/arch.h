/* What the compute capability alone says of a GPU: facts of the CUDA C++
 * Programming Guide's tables ("Technical Specifications per Compute
 * Capability", "Arithmetic Instructions" throughput, the shared-memory
 * sections), for a profile made from a GPU found at run time. */
#ifndef GPUROOF_ARCH_H
#define GPUROOF_ARCH_H

#include <stdbool.h>

typedef struct {
    const char *architecture;
    int fp32_lanes, fp64_lanes;     /* FMA results per clock per SM */
    int reg_alloc_unit, reg_subpartitions, smem_alloc_unit;
    int carveout_count;
    int carveouts_kib[12];          /* the shared-memory capacities an SM takes */
    bool kepler_banks;
} gr_arch;

/* False for a compute capability this table does not know. */
bool gr_arch_of(int major, int minor, gr_arch *out);

/* ---- the range of architectures ------------------------------------------ */

/* Whether sm (major * 10 + minor, as in sm_90) is one any GPU could have.
 * CUDA's compute capabilities so far run from 1.0 (sm_10) to 12.x
 * (sm_12x); majors 1 to 19 leave room for the next few generations while
 * still refusing what no GPU has (sm_5, sm_1000, sm_4294967295): every
 * reader of an architecture from text or a binary checks it here. */
#define GR_ARCH_SM_MIN 10
#define GR_ARCH_SM_MAX 199
bool gr_arch_sm_in_range(int sm);

#endif
