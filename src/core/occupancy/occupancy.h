/* How many blocks of a kernel one SM holds at once, and what limits it.
 *
 * Two sets of rules share one computation: the hardware's (a profile:
 * registers allocated per warp in units within sub-partitions, shared memory
 * rounded to its unit plus the runtime's reserved bytes per block, the
 * carveout) and the textbook's (explicit limits, no granularity unless
 * asked for). */
#ifndef GPUROOF_OCCUPANCY_H
#define GPUROOF_OCCUPANCY_H

#include <stdbool.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "gpuroof_profile.h"

typedef enum {
    GR_LIMIT_THREADS,
    GR_LIMIT_BLOCKS,
    GR_LIMIT_REGISTERS,
    GR_LIMIT_SHARED_MEMORY,
    GR_LIMIT_COUNT
} gr_limit;

/* How an SM's shared-memory capacity is set.  From sm_70 on, the carveout
 * (cudaFuncAttributePreferredSharedMemoryCarveout) picks one of several
 * capacities; before, Kepler split one L1/shared array by
 * cudaFuncSetCacheConfig (PreferL1, PreferEqual, PreferShared); otherwise
 * the capacity is fixed.  Either way the setting is a preference: where it
 * holds no block the driver takes another, a carveout the smallest that
 * holds one, a cache configuration the largest shared memory. */
typedef enum {
    GR_SMEM_FIXED,
    GR_SMEM_CACHE_CONFIG,
    GR_SMEM_CARVEOUT,
} gr_smem_config;

/* A resource that does not limit the blocks at all. */
#define GR_UNLIMITED INT64_C(-1)

/* The SM's resources and allocation rules.  A zero per-block maximum is not
 * checked; a zero register unit means registers are counted exactly. */
typedef struct {
    int warp_size;
    int max_threads_sm;
    int max_blocks_sm;
    int64_t regs_sm;
    int64_t smem_sm_bytes;       /* the shared-memory capacity asked for (carveout) */
    int carveout_count;          /* legal capacities, ascending; none: fixed */
    int64_t carveouts_bytes[GR_MAX_CARVEOUTS];
    gr_smem_config smem_config;  /* how the capacities are chosen among */
    int max_threads_block;
    int64_t regs_block;
    int max_regs_thread;
    int64_t smem_block_bytes;    /* per block without opt-in: beyond it needs opt-in */
    int64_t smem_block_max_bytes;/* per block with opt-in */
    int reg_alloc_unit;          /* registers per warp are rounded up to this */
    int reg_subpartitions;       /* warps' registers must fit within one partition */
    int smem_alloc_unit;
    int smem_reserved_bytes;     /* added to every block by the runtime */
} gr_sm_limits;

typedef struct {
    int threads_per_block;
    int regs_per_thread;
    int64_t smem_per_block_bytes; /* static + dynamic, as the kernel asks */
} gr_launch;

typedef struct {
    int warps_per_block;
    int max_warps_sm;
    int64_t regs_per_warp;     /* allocated */
    int64_t regs_per_block;    /* allocated */
    int64_t warps_by_registers;/* warps the register file holds */
    int64_t smem_per_block;    /* allocated: request + reserved, rounded */
    int64_t smem_sm_bytes;     /* capacity the shared-memory limit used */
    bool carveout_raised;      /* the asked-for capacity held no block, so the
                                  driver took another (gr_smem_config) */
    int64_t limit[GR_LIMIT_COUNT]; /* blocks each resource allows alone */
    unsigned limiters;         /* bit (1u << gr_limit) for each limit equal to the result */
    int blocks_per_sm;
    int warps_per_sm;
    int threads_per_sm;
    double occupancy;          /* warps_per_sm / max_warps_sm */
    bool needs_optin;          /* shared memory above the default per-block size */
} gr_occupancy;

/* How the profile's shared-memory capacity is set: a carveout from
 * compute capability 7.0 on, a cache configuration before, where it has
 * more than one. */
gr_smem_config gr_smem_config_of(const gr_profile *p);

/* The hardware's limits from a profile.  carveout_bytes < 0: the driver's
 * default (the largest; it picks what maximises occupancy); otherwise the
 * smallest legal capacity at least that large (an error above the largest).
 * It is a preference: where it holds no block, the driver takes another
 * (gr_smem_config), as cuda_occupancy.h does. */
bool gr_limits_from_profile(const gr_profile *p, int64_t carveout_bytes,
                            gr_sm_limits *out, gr_error *err);

/* The carveout a percentage preference asks for (as
 * cudaFuncAttributePreferredSharedMemoryCarveout takes it): that share of the
 * largest, in bytes, rounded up. */
int64_t gr_carveout_from_percent(const gr_profile *p, int percent);

/* Computes the occupancy.  An invalid launch (zero or too many threads, too
 * many registers, too much shared memory, nothing fits) is an error naming
 * the limit. */
bool gr_occupancy_compute(const gr_sm_limits *lim, const gr_launch *launch,
                          gr_occupancy *out, gr_error *err);

/* The smallest carveout of the profile that gives the same blocks per SM:
 * what the driver configures by default.  Before sm_70 the default cache
 * configuration (PreferNone) is the largest shared memory. */
int64_t gr_default_carveout(const gr_profile *p, const gr_sm_limits *lim,
                            const gr_launch *launch);

const char *gr_limit_name(gr_limit limit); /* "threads", "blocks", "registers", "shared_memory" */

#endif
