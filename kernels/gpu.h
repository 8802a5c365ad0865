/* What the CUDA side of gpuroof offers the C side: device queries, the
 * course's kernels (PMPP's matmuls, the shared-memory layout kernels of
 * Professional CUDA C Programming) and the ceiling benchmarks, each timed
 * with CUDA events.  Plain C types only; nothing here knows of YAML or of
 * the command line.  Every function returns 0 on success and -1 on
 * failure, with err saying what failed (the CUDA call and its error
 * string). */
#ifndef GPUROOF_KERNELS_GPU_H
#define GPUROOF_KERNELS_GPU_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char message[512];
    bool no_device; /* no CUDA device, or none visible */
} grk_error;

typedef struct {
    char name[256];
    int cuda_index;      /* the device opened */
    char pci_bus_id[32]; /* cudaDeviceGetPCIBusId: "0000:18:00.0" */
    char uuid[48];       /* cudaDeviceProp.uuid as "GPU-" and 8-4-4-4-12 hex digits */
    int cc_major, cc_minor;
    int sm_count;
    int sm_clock_khz;     /* cudaDevAttrClockRate: the maximum SM clock */
    int mem_clock_khz;    /* cudaDevAttrMemoryClockRate */
    int mem_bus_width;    /* bits */
    long long l2_bytes;
    long long global_mem_bytes;
    int driver_version, runtime_version; /* 13000 = 13.0 */
    int warp_size, max_threads_sm, max_blocks_sm, max_threads_block;
    int regs_sm, regs_block;
    long long smem_sm, smem_block, smem_block_optin, smem_reserved;
} grk_device;

typedef struct {
    int repeats;
    double min_ms, median_ms, max_ms;
} grk_timing;

/* How many CUDA devices the runtime sees (CUDA_VISIBLE_DEVICES applies);
 * none is an error, err->no_device set and the message saying why. */
int grk_device_count(int *count, grk_error *err);
/* Makes device `index` current and reads its properties; an index of no
 * device is an error whose message says how many there are. */
int grk_device_open(int index, grk_device *out, grk_error *err);
/* The message for an index of no device, given how many there are and
 * CUDA_VISIBLE_DEVICES (NULL where unset). */
void grk_device_index_text(int index, int count, const char *visible, char *out, size_t size);
/* The SM and memory clocks now, in MHz, of the current CUDA device, read
 * through NVML (libnvidia-ml.so.1, loaded at run time; the device found by
 * its PCI bus id, else NVML's first for device 0 only); 0 where NVML is absent or does not
 * answer, which is no error: returns 0 always, err untouched. */
int grk_current_clocks(int *sm_mhz, int *mem_mhz, grk_error *err);

/* ---- ceilings ------------------------------------------------------------ */

typedef enum { GRK_STREAM_READ, GRK_STREAM_WRITE, GRK_STREAM_COPY, GRK_STREAM_TRIAD } grk_stream_kind;

/* A STREAM-like kernel over arrays of `elements` floats (several times the
 * L2).  *bytes: bytes read plus bytes written per run.  *verified: the
 * result checked (read: a checksum; others: sampled elements). */
int grk_stream(grk_stream_kind kind, size_t elements, int repeats, grk_timing *t, double *bytes,
               bool *verified, grk_error *err);
/* cudaMemcpy device to device of `bytes`; *moved counts read + written. */
int grk_memcpy_d2d(size_t bytes, int repeats, grk_timing *t, double *moved, grk_error *err);
/* FMA peak: many independent chains per thread, enough warps to fill the
 * GPU.  *flops per run; *verified: the chains' results match the host's. */
int grk_fma_peak(bool fp64, int repeats, grk_timing *t, double *flops, bool *verified, grk_error *err);
/* The intensity sweep (mixbench-like): every group of `group` floats is
 * read, gets `fmas` FMAs in all (spread over independent chains), and is
 * written back: intensity = 2 x fmas / (8 x group) FLOP/B.  elements: the
 * array's length, several times the L2. */
int grk_sweep(int fmas, int group, size_t elements, int repeats, grk_timing *t, double *flops, double *bytes,
              bool *verified, grk_error *err);

/* ---- the ceilings above DRAM, and beside the FP32 and FP64 FMAs ---------- */

/* A load trace of one candidate: the GPU left idle for a while, then its
 * runs queued back to back for about load_ms, a CUDA event after every few
 * runs (the marks: when so many runs had finished), while a second thread
 * reads the SM clock and the board's power through NVML every few
 * milliseconds (the samples).  The trace holds the whole story, from a
 * cool GPU to one held at its power limit; what a ceiling takes from it
 * (the best short span: the burst; the rate once the clock has settled:
 * the sustained rate) is the core's bookkeeping (src/core/results/load_trace.c).
 * Marks and samples share one time line: ms from the first mark. */
#define GRK_TRACE_MARKS 1024
#define GRK_TRACE_SAMPLES 2048
#define GRK_REPEATS 5 /* traces of the chosen candidate: a ceiling's spread */

typedef struct {
    double ms; /* CUDA events: from the first mark */
    int runs;  /* runs finished by then */
} grk_mark;

typedef struct {
    double ms;    /* host clock, from when the first mark was queued on an idle GPU */
    int sm_mhz;   /* 0: NVML did not answer */
    double watts; /* the board's power now (NVML's instantaneous field, else its average); 0: unknown */
} grk_sample;

typedef struct {
    int mark_count; /* marks[0] is {0, 0} */
    grk_mark marks[GRK_TRACE_MARKS];
    int sample_count;
    grk_sample samples[GRK_TRACE_SAMPLES];
} grk_trace;

/* How a ceiling's traces run and how a candidate's trace is judged: idle
 * first (a GPU below its power limit again), then load for about load_ms;
 * the shortlist's size (1 to GRK_SHORTLIST_MAX; 0: 2); score: the figure a
 * trace of a candidate doing `work` a run earns (NULL: all its work over
 * all its time). */
#define GRK_SHORTLIST_MAX 4
typedef struct {
    double idle_ms, load_ms;
    int shortlist;
    double (*score)(const grk_trace *t, double work);
} grk_trace_plan;

/* One such ceiling as its launcher measured it. */
typedef struct {
    grk_timing t;             /* the chosen candidate's warm-up runs, each alone (the shortlist's quick figure) */
    grk_trace *traces;        /* GRK_REPEATS traces of the chosen candidate (heap: grk_peak_free) */
    int trace_count;
    double work;              /* what a run of it does: bytes (shared, L2) or FLOPs */
    bool verified;            /* its result matched the host's */
    double error;             /* the GEMMs' worst error (relative to the root-sum-square of a dot product's terms) */
    double power_limit_watts; /* NVML's enforced power limit; 0: unknown */
    char chosen[160];         /* the candidate the search chose, in words */
} grk_peak;

/* Frees a peak's traces; safe twice and on one never filled. */
void grk_peak_free(grk_peak *p);

/* Conflict-free shared-memory loads on every SM, about bytes_per_sm a run
 * on each; variant -1 tries each of grk_shared_variants() candidates and
 * keeps the fastest over a load trace, 0 or more runs that one alone.
 * work: bytes loaded. */
int grk_shared_variants(void);
int grk_shared_load(int variant, double bytes_per_sm, const grk_trace_plan *plan, grk_peak *out, grk_error *err);

/* Loads that bypass L1 (ld.global.cg) over a working set resident in the
 * L2: each of `set_count` working sets near the sizes asked for, with each
 * of grk_l2_variants() launch shapes (variant -1) or one, in passes of
 * about bytes_per_run a run; the fastest over a load trace is kept.
 * work: bytes loaded. */
int grk_l2_variants(void);
int grk_l2_read(const size_t *working_sets, int set_count, int variant, double bytes_per_run,
                const grk_trace_plan *plan, grk_peak *out, grk_error *err);

/* The FP16 (bf16 false) or BF16 FMA peak off the tensor cores' matrix
 * instructions: __hfma2 chains as grk_fma_peak's, checked the same way.
 * work: FLOPs (4 an HFMA2). */
int grk_half_fma(bool bf16, const grk_trace_plan *plan, grk_peak *out, grk_error *err);

typedef enum {
    GRK_TENSOR_FP16, /* cublasLtMatmul: FP16 A and B, FP32 or FP16 C, CUBLAS_COMPUTE_32F */
    GRK_TENSOR_BF16, /* the same with BF16 A and B (and C) */
    GRK_TENSOR_TF32, /* FP32 A, B and C, CUBLAS_COMPUTE_32F_FAST_TF32 */
    GRK_TENSOR_FP8,  /* E4M3 A and B, BF16 C and D, FP32 compute and scale, fast accumulation */
    GRK_TENSOR_FP64, /* FP64 A, B and C, CUBLAS_COMPUTE_64F */
    GRK_TENSOR_COUNT
} grk_tensor_kind;

/* Dense GEMMs C = A^T B ("TN", as cuBLASLt's FP8 needs) and C = A B (not
 * for FP8) of n x n x n for each n of sizes (multiples of 16), on
 * pseudo-random inputs made on the GPU; the fastest in FLOP/s over a load
 * trace is kept (its traces in out) and its
 * output checked at sampled elements against an FP64 dot product on the
 * host of the same rounded inputs.  cuBLAS and cuBLASLt are loaded at run time.  Returns -1 with
 * err->message starting "cuBLAS is not available" or "cuBLASLt is not
 * available" where the library is missing, and "cuBLAS cannot run" where
 * it refuses the type on this GPU.  work: FLOPs (2 n^3). */
int grk_tensor_gemm(grk_tensor_kind kind, const int *sizes, int size_count, const grk_trace_plan *plan, grk_peak *out,
                    grk_error *err);

/* ---- latency (latency.cu) ------------------------------------------------- */

/* Where a pointer chase runs: loads through L1 (ld.global.ca) over a
 * footprint L1 holds, shared memory, loads past L1 (ld.global.cg) over a
 * footprint the L2 holds, and the same over a footprint far over the L2. */
typedef enum { GRK_CHASE_L1, GRK_CHASE_SHARED, GRK_CHASE_L2, GRK_CHASE_DRAM, GRK_CHASE_LEVELS } grk_chase_level;

/* The loads whose latencies a chase records one by one (grk_chase's record). */
#define GRK_CHASE_RECORDED 4096

typedef struct {
    size_t footprint_bytes; /* the slots the cycle runs over */
    int slot_bytes;         /* between slots: a cache line (global), a word (shared) */
    long long loads;        /* timed in each run */
    int runs;
    double cycles;          /* a load: the median run's clock64 cycles over its loads */
    double ns;              /* a load: the same run's %globaltimer nanoseconds over its loads */
    bool verified;          /* every run ended on the slot the host's walk of the permutation reaches */
} grk_chase;

/* One thread chases pointers through a random cyclic permutation of
 * footprint_bytes (at least 2 slots; the global levels a power of two of
 * cache lines, shared memory a power of two of words): `loads` dependent
 * loads a run, `runs` runs, each run going on from where the last ended
 * (warmed first at L1 and L2).  record: NULL, or room for
 * GRK_CHASE_RECORDED latencies in cycles, filled by a last run that times
 * each load alone (global levels only). */
int grk_chase_run(grk_chase_level level, size_t footprint_bytes, long long loads, int runs, unsigned *record,
                  grk_chase *out, grk_error *err);

/* One point of the latency roofs: DRAM read bandwidth with warps_per_sm
 * resident warps an SM, each thread keeping loads_in_flight independent
 * loads of load_bytes (4, 8 or 16) in flight. */
typedef struct {
    int load_bytes, loads_in_flight, warps_per_sm;
    int blocks_per_sm, threads_per_block; /* the launch that gives them */
    grk_timing t;
    double gbs;    /* bytes read over the median run */
    bool verified; /* the sum of every word read equalled the host's */
} grk_curve_point;

/* Every (load bytes, loads in flight) of {4, 8, 16} x {1, 2, 4} at each of
 * warp_count warps an SM (each at most the device's and a whole number of
 * warps a block), over an array of array_bytes read once a run: 9 x
 * warp_count points into out, in that order. */
int grk_latency_curves(size_t array_bytes, const int *warps, int warp_count, int repeats, grk_curve_point *out,
                       grk_error *err);

/* The launch floor: an empty kernel's GPU time, events around one launch
 * (the median of `repeats`), and the interval of `launches` launches of it
 * back to back (the median of 5 such spans, over launches). */
int grk_launch_floor(int launches, int repeats, double *empty_ns, double *interval_ns, grk_error *err);

/* ---- matmul (PMPP chapters 3 and 5) -------------------------------------- */

typedef enum {
    GRK_MATMUL_NAIVE,      /* chapter 3: one thread per element, 16x16 blocks */
    GRK_MATMUL_TILED16,    /* Fig. 5.9, static shared memory, TILE_WIDTH 16 */
    GRK_MATMUL_TILED32,    /* the same, TILE_WIDTH 32 */
    GRK_MATMUL_BOUNDARY16, /* 5.5: boundary checks, any Width */
    GRK_MATMUL_DYNAMIC,    /* 5.5: extern __shared__ split into Mds and Nds, the tile chosen at run time */
    GRK_MATMUL_COARSENED,  /* 6.3 (Fig. 6.13): TILE_WIDTH 32, each thread 4 elements of a row; Width % 128 == 0 */
    GRK_MATMUL_CUBLAS,     /* cublasSgemm, loaded at run time (libcublas) */
    GRK_MATMUL_COUNT
} grk_matmul_kind;

const char *grk_matmul_name(grk_matmul_kind kind);

/* P = M x N for width x width row-major floats from the host; P copied back.
 * *tile: the tile used (the dynamic kernel's choice; 0 for naive/cuBLAS).
 * Returns -1 with err->message "cuBLAS is not available: ..." when
 * libcublas cannot be loaded. */
int grk_matmul(grk_matmul_kind kind, int width, const float *m, const float *n, float *p, int repeats,
               grk_timing *t, int *tile, grk_error *err);

/* ---- the shared-memory layout kernels ------------------------------------ */

typedef enum {
    GRK_SET_ROW_READ_ROW,
    GRK_SET_COL_READ_COL,
    GRK_SET_ROW_READ_COL,
    GRK_SET_ROW_READ_COL_DYN,
    GRK_SET_ROW_READ_COL_PAD,
    GRK_SET_ROW_READ_COL_DYN_PAD,
    GRK_LAYOUT_COUNT
} grk_layout_kind;

const char *grk_layout_name(grk_layout_kind kind);

/* One block of bdimx x bdimy threads (32x32 square, 32x16 rectangular; the
 * rectangular kernels use the book's irow/icol transpose), pad columns of
 * padding (the Pad kernels; 0 otherwise).  out receives bdimx*bdimy ints. */
int grk_layout(grk_layout_kind kind, int bdimx, int bdimy, int pad, int *out, grk_error *err);
/* The same kernel with its shared-memory store and load repeated `reps`
 * times inside the kernel (a barrier between them and another before the
 * next store, the loaded values summed in a register and fed into the next
 * store), launched on `blocks` blocks, the one global store at the end:
 * its time is the shared-memory traffic's (and the barriers').  Timed like the
 * others (one warm-up, then the median of `repeats`). *ns_per_rep: the
 * median time over reps.  reps, blocks and repeats at least 1; block, pad
 * and the static tiles as for grk_layout. */
int grk_layout_timed(grk_layout_kind kind, int bdimx, int bdimy, int pad, int reps, int blocks, int repeats,
                     grk_timing *t, double *ns_per_rep, grk_error *err);

/* ---- residency ------------------------------------------------------------ */

/* Probe kernels of different register pressure. */
int grk_probe_count(void);
/* The probe's registers per thread and static shared memory, as the runtime
 * reports them (cudaFuncGetAttributes). */
int grk_probe_attributes(int probe, int *regs, int *static_smem, int *max_threads, grk_error *err);
/* Launches enough blocks of the probe to fill every SM twice over; each
 * block counts itself in a per-SM counter while all blocks spin.  *measured:
 * the largest number of blocks seen resident on one SM at once.
 * *runtime_api: cudaOccupancyMaxActiveBlocksPerMultiprocessor's answer. */
int grk_residency(int probe, int threads, size_t dynamic_smem, int *runtime_api, int *measured, grk_error *err);
/* cudaOccupancyAvailableDynamicSMemPerBlock for the probe. */
int grk_available_dynamic_smem(int probe, int threads, int blocks, size_t *bytes, grk_error *err);

/* ---- the volatile qualifier (volatile.cu) --------------------------------- */

/* A loop of `iters` v = v * 0.5 + step, the step read each iteration in the
 * source from a global or a shared variable, volatile or plain. */
typedef enum {
    GRK_VOLATILE_GLOBAL_VOLATILE, /* loopGlobalVolatile: __device__ volatile float */
    GRK_VOLATILE_GLOBAL_PLAIN,    /* loopGlobalPlain: __device__ float */
    GRK_VOLATILE_SHARED_VOLATILE, /* loopSharedVolatile: __shared__ volatile float */
    GRK_VOLATILE_SHARED_PLAIN,    /* loopSharedPlain: __shared__ float */
    GRK_VOLATILE_COUNT
} grk_volatile_kind;

/* The kernel's name, as Nsight Compute shows it. */
const char *grk_volatile_name(grk_volatile_kind kind);

/* `threads` threads (a whole number of blocks of `block`) each run the
 * loop; timed like the others (one warm-up, then the median of
 * `repeats`).  *verified: every thread's result equals the host's, bit for
 * bit. */
int grk_volatile_loop(grk_volatile_kind kind, int threads, int block, int iters, int repeats, grk_timing *t,
                      bool *verified, grk_error *err);

#ifdef __cplusplus
}
#endif

#endif
