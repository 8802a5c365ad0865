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

/* Whether sm (90: sm_90) is an architecture number a GPU could have:
 * 10 (sm_10, the first CUDA GPUs) to 199, room past the largest NVIDIA
 * has named (sm_121, CUDA 13.0).  Numbers read from binaries (ELF flags,
 * fatbin entries) outside it are corrupt, not a GPU to come. */
bool gr_arch_sm_in_range(int sm);

#endif
