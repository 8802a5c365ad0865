/* What the CUDA runtime says of a GPU found at run time: the device section
 * of a results file and the figures `profile detect` starts from.  Filled
 * by the measure layer; plain C, so the core and the command line can use
 * it without knowing of CUDA. */
#ifndef GPUROOF_GPU_INFO_H
#define GPUROOF_GPU_INFO_H

typedef struct {
    char name[256];
    int cuda_index;      /* the CUDA device index, as the runtime numbers the GPUs */
    char pci_bus_id[32]; /* "0000:18:00.0" */
    char uuid[48];       /* "GPU-" and 8-4-4-4-12 hex digits */
    int cc_major, cc_minor;
    int sm_count;
    int sm_clock_khz;     /* the maximum SM clock */
    int mem_clock_khz;
    int mem_bus_width;    /* bits */
    long long l2_bytes;
    long long global_mem_bytes;
    int driver_version, runtime_version; /* 13000 = 13.0 */
    int warp_size, max_threads_sm, max_blocks_sm, max_threads_block;
    int regs_sm, regs_block;
    long long smem_sm, smem_block, smem_block_optin, smem_reserved;
} gr_gpu_info;

#endif
