/* A GPU's figures, read from a device profile (profiles/NAME.yaml; the
 * format is doc/profile-format.md). */
#ifndef GPUROOF_PROFILE_H
#define GPUROOF_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"

#define GR_MAX_PEAKS 16
#define GR_MAX_CARVEOUTS 16

typedef enum {
    GR_BANKS_STANDARD, /* 32 banks of 4 bytes: Fermi, Maxwell to Hopper */
    GR_BANKS_KEPLER,   /* 32 banks 8 bytes wide, 4- and 8-byte modes */
} gr_bank_scheme;

typedef struct {
    char precision[24]; /* "fp32", "fp64", "tensor_tf32", ... */
    double gflops;
} gr_peak;

typedef struct {
    char name[64];       /* what --device takes: "a100" */
    char full_name[128]; /* "NVIDIA A100-SXM4-40GB" */
    char architecture[32];
    int cc_major, cc_minor;
    int sm_count;
    double clock_mhz; /* the SM clock the peak rates assume */
    int peak_count;
    gr_peak peaks[GR_MAX_PEAKS];

    double bandwidth_gbs; /* DRAM, 10^9 B/s */
    double l2_bandwidth_gbs; /* optional: the L2's, 10^9 B/s; 0 where unknown */
    double l2_latency_ns, dram_latency_ns; /* optional, the earlier spelling of latency: ns; 0 where unknown */
    /* optional: a load's latency by pointer chase, in SM cycles at the SM
     * clock they were measured at (latency_clock_mhz), from the L1, the
     * L2's near and far partitions and DRAM; 0 where unknown */
    double latency_l1_cycles, latency_l2_near_cycles, latency_l2_far_cycles, latency_dram_cycles;
    double latency_clock_mhz;
    double launch_floor_ns;  /* optional: an empty kernel's duration under Nsight Compute; 0 where unknown */
    double launch_l2_bytes;  /* optional: an empty kernel's L2 traffic under Nsight Compute; 0 where unknown */
    int64_t memory_bytes;
    int64_t l2_bytes;

    int max_threads_sm, max_warps_sm, max_blocks_sm, regs_sm;
    int smem_sm_bytes; /* the largest carveout */
    int carveout_count;
    int carveouts_bytes[GR_MAX_CARVEOUTS]; /* ascending */

    int max_threads_block, regs_block;
    int smem_block_bytes;          /* without opt-in */
    int smem_block_optin_bytes;    /* with cudaFuncAttributeMaxDynamicSharedMemorySize */
    int smem_block_reserved_bytes; /* taken by the runtime from every block */

    int max_regs_thread;
    int reg_alloc_unit;      /* registers, allocated per warp */
    int reg_subpartitions;   /* the register file is split this many ways */
    int smem_alloc_unit;     /* bytes */
    int warp_size;

    int bank_count, bank_width_bytes;
    gr_bank_scheme bank_scheme;
    /* optional: the whole GPU's shared-memory bandwidth, 10^9 B/s; 0 where
     * unknown.  Banks x bank width x SMs x clock: 128 B per clock per SM
     * from Maxwell on, 256 B on Kepler (64-bit banks, in either mode). */
    double shared_bandwidth_gbs;

    char source[256]; /* optional: where a detected profile's figures come from */
    bool has_measured; /* optional: ceilings measured on the GPU itself */
    double measured_bandwidth_gbs, measured_fp32_gflops, measured_fp64_gflops;

    char path[512]; /* the file it came from */
} gr_profile;

bool gr_profile_load_file(const char *path, gr_profile *p, gr_error *err);
/* The same, for a profile found by name: its `name` must be name. */
bool gr_profile_load_named(const char *path, const char *name, gr_profile *p, gr_error *err);
bool gr_profile_load_buffer(const char *name, const char *text, size_t len,
                            gr_profile *p, gr_error *err);

/* The peak for a precision, or NULL if the profile has none. */
const gr_peak *gr_profile_peak(const gr_profile *p, const char *precision);

/* The precisions a profile may name, NULL-terminated. */
extern const char *const gr_precisions[];

const char *gr_bank_scheme_name(gr_bank_scheme scheme);

/* A load's latency from the L2 (its near partition) and from DRAM, ns:
 * the latency section's cycles at its clock, else the earlier spelling's
 * ns; 0 where the profile has neither. */
double gr_profile_l2_latency_ns(const gr_profile *p);
double gr_profile_dram_latency_ns(const gr_profile *p);

/* Lower-case letters, digits, '-' and '_', 1 to 63 of them. */
bool gr_profile_name_valid(const char *name);

#endif
