/* A device profile of a GPU found at run time (gpuroof profile detect):
 * what the CUDA runtime says of it (gr_gpu_info), what its compute
 * capability says (gr_arch), and the ceilings measured on it. */
#ifndef GPUROOF_PROFILE_GPU_H
#define GPUROOF_PROFILE_GPU_H

#include <stddef.h>
#include "arch.h"
#include "gpu_info.h"
#include "profile.h"

/* Rates measured on the GPU itself, GB/s and GFLOP/s: DRAM's, the
 * measured DRAM roof (gr_results_best_bandwidth). */
typedef struct {
    double dram_gbs;
    double fp32_gflops, fp64_gflops;
} gr_measured_ceilings;

/* A profile name made of a product name, as gr_profile_name_valid wants
 * it: "NVIDIA H100 80GB HBM3" gives "nvidia-h100-80gb-hbm3". */
void gr_profile_name_of(const char *product, char *out, size_t size);

/* Fills *p with gpu's figures and arch's rules; measured NULL: none.  The
 * peaks are the exact products SMs x lanes x 2 (an FMA is two operations)
 * x clock, the DRAM bandwidth the memory clock x 2 (double data rate) x
 * the bus width, the shared-memory bandwidth banks x bank width x SMs x
 * clock (the L2's is left unknown, 0); a measured DRAM bandwidth is the
 * faster of the read and copy kernels'.  p->source and p->path are left
 * empty. */
void gr_profile_from_gpu(const gr_gpu_info *gpu, const gr_arch *arch, const gr_measured_ceilings *measured,
                         gr_profile *p);

#endif
