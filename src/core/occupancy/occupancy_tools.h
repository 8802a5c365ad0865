/* Questions asked of the occupancy computation many times over: the curve
 * along one resource, the best block size, the most shared memory that
 * still keeps N blocks resident. */
#ifndef GPUROOF_OCCUPANCY_TOOLS_H
#define GPUROOF_OCCUPANCY_TOOLS_H

#include "occupancy.h"

typedef enum { GR_SWEEP_THREADS, GR_SWEEP_REGS, GR_SWEEP_SMEM } gr_sweep_axis;

typedef struct {
    int64_t x;          /* threads per block, registers per thread or bytes */
    bool valid;         /* false: this launch would fail */
    gr_occupancy occ;
} gr_sweep_point;

typedef struct {
    gr_sweep_axis axis;
    size_t count;
    gr_sweep_point *points; /* caller frees with gr_sweep_free */
} gr_sweep;

/* Varies one resource over its whole legal range, the others as in base:
 * threads in warp steps, registers one by one, shared memory in allocation
 * units. */
bool gr_occupancy_sweep(const gr_sm_limits *lim, const gr_launch *base,
                        gr_sweep_axis axis, gr_sweep *out, gr_error *err);
void gr_sweep_free(gr_sweep *s);
bool gr_sweep_axis_parse(const char *text, gr_sweep_axis *axis);
const char *gr_sweep_axis_name(gr_sweep_axis axis);

typedef struct {
    int threads_per_block;
    int blocks_per_sm;
    double occupancy;
} gr_suggestion;

/* The block size cudaOccupancyMaxPotentialBlockSize picks: the most resident
 * threads, the larger block on a tie. */
bool gr_occupancy_suggest(const gr_sm_limits *lim, const gr_launch *base,
                          gr_suggestion *out, gr_error *err);
/* The same with the block size limited to block_limit threads too (0: no
 * limit), as the runtime's blockSizeLimit limits it. */
bool gr_occupancy_suggest_within(const gr_sm_limits *lim, const gr_launch *base, int block_limit,
                                 gr_suggestion *out, gr_error *err);

/* A compiled kernel's __launch_bounds__: the most threads a block of it
 * may have (max_threads; 0 or less: none).  A launch of more fails, and
 * the runtime's occupancy calculator never suggests more (it takes the
 * smaller of the device's maximum and the kernel's maxThreadsPerBlock
 * attribute).  These limits lowered to the bound: what the suggestion
 * and the sweep along threads of such a kernel are held to. */
void gr_limits_bounded(gr_sm_limits *lim, int64_t max_threads);

typedef enum {
    GR_BLOCK_FROM_BOUNDS, /* the __launch_bounds__ maximum */
    GR_BLOCK_SUGGESTED,   /* gr_occupancy_suggest's */
} gr_block_source;

typedef struct {
    int threads_per_block;
    gr_block_source from;
} gr_block_choice;

/* The block size a compiled kernel is taken to run at where none is
 * given: its __launch_bounds__ maximum, else the one gr_occupancy_suggest
 * picks (with base's registers and shared memory). */
bool gr_kernel_block_size(const gr_sm_limits *lim, const gr_launch *base, int64_t max_threads,
                          gr_block_choice *out, gr_error *err);
/* Where that block size comes from, as scripts read it (JSON's
 * block_size_from): "launch_bounds" or "suggest". */
const char *gr_block_source_key(gr_block_source from);

/* threads a block within kernel's bound max_threads; false, with err
 * naming the bound, above it. */
bool gr_kernel_block_check(int threads, int64_t max_threads, const char *kernel, gr_error *err);

typedef struct {
    int64_t max_dynamic_smem_bytes;   /* the largest that keeps N blocks */
    int64_t runtime_dynamic_smem_bytes; /* the same, leaving out the reserved bytes */
    int64_t per_block_bytes;          /* capacity / N, in allocation units */
} gr_smem_target;

/* The largest dynamic shared memory per block with which target blocks stay
 * resident, base's shared memory being the static part.  An error if the
 * other resources already keep fewer blocks. */
bool gr_occupancy_max_smem(const gr_sm_limits *lim, const gr_launch *base, int target,
                           gr_smem_target *out, gr_error *err);

/* The figures that explain an occupancy as on a whiteboard, beyond the
 * answer itself: the register file's split, the per-thread estimate of
 * PMPP's chapter 5 (capacity / bytes per thread, which ignores that
 * blocks are resident whole) and what the runtime's reserved bytes cost. */
typedef struct {
    int thread_slots_per_block;     /* whole warps' threads */
    int64_t regs_per_warp_asked;    /* registers x warp size, before the unit */
    int64_t regs_per_subpartition;  /* the register file over its sub-partitions */
    int64_t warps_per_subpartition; /* warps one sub-partition's registers hold */
    bool has_estimate;              /* shared memory limits and a block asks for some */
    double smem_per_thread_bytes;
    double estimate_threads;        /* capacity / bytes per thread, at most the SM's threads */
    double estimate_occupancy;      /* estimate_threads / the SM's threads */
    bool estimate_differs;          /* the estimate's whole threads are not the answer's */
    bool reserved_costs;            /* without the reserved bytes, more blocks fit */
    gr_occupancy unreserved;        /* the occupancy without them, where reserved_costs */
} gr_occupancy_explanation;

/* The explanation of o, the occupancy of launch on lim. */
void gr_occupancy_explain(const gr_sm_limits *lim, const gr_launch *launch, const gr_occupancy *o,
                          gr_occupancy_explanation *out);

#endif
