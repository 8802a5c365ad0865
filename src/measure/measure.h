/* gpuroof measure: what a run on the local GPU collects, before it is
 * written as a results file (doc/results-format.md).  The measure layer's
 * public header: the command line includes it, so it names no CUDA type
 * (the kernels' gpu.h stays inside src/measure/). */
#ifndef GPUROOF_MEASURE_H
#define GPUROOF_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpu_info.h"
#include "profile.h"

#define MEASURE_MAX_ROWS 512

typedef struct {
    int repeats;
    double min_ms, median_ms, max_ms;
} measure_timing;

typedef struct {
    char name[96];
    char params[128];     /* "width=4096" */
    double flops, bytes;  /* per run; bytes: each input read once, the output written once */
    double intensity;     /* flops / bytes: the most DRAM-level intensity the kernel can have */
    double requested_intensity; /* flops over the bytes its threads ask for (PMPP's count); 0 if none */
    measure_timing time;
    double gflops;
    bool verified;
    char check[160];      /* how it was verified, or why it failed */
} measure_kernel;

typedef struct {
    double intensity, gflops;
    bool verified;
} measure_sweep;

typedef struct {
    int probe, threads, regs, static_smem;
    long long dynamic_smem;
    int predicted, runtime_api, measured;
} measure_occupancy_row;

typedef struct {
    int threads, regs, target;
    long long gpuroof_bytes, runtime_bytes;
    int at_gpuroof, past_gpuroof, at_runtime; /* blocks resident with those sizes */
} measure_target;

typedef struct {
    char kernel[64];
    int bdimx, bdimy, pad;
    bool verified;
    double predicted_load, predicted_store; /* wavefronts per request, gpuroof banks */
    double measured_load, measured_store;   /* from Nsight Compute's counters; < 0: not measured */
    double ns_per_rep;                      /* one store and load, repeated in the kernel; < 0: not timed */
} measure_layout;

typedef struct {
    gr_gpu_info device;
    int sm_clock_mhz, mem_clock_mhz; /* read during the run (NVML; 0 if unknown) */
    const gr_profile *profile;       /* the shipped profile of this GPU, if any */
    char date[32], command[1024], commit[64];
    /* ceilings, GB/s and GFLOP/s; 0 where not measured */
    double dram_read_gbs, dram_write_gbs, dram_copy_gbs, dram_triad_gbs, memcpy_d2d_gbs;
    double fp32_gflops, fp64_gflops, fp32_theoretical_gflops, fp64_theoretical_gflops;
    size_t kernel_count, sweep_count, occupancy_count, target_count, layout_count;
    measure_kernel kernels[MEASURE_MAX_ROWS];
    measure_sweep sweep[64];
    measure_occupancy_row occupancy[MEASURE_MAX_ROWS];
    measure_target targets[16];
    measure_layout layouts[64];
    int failures; /* kernels that failed their check */
} measure_run;

typedef struct {
    bool ceilings, matmul, smem, occupancy, sweep;
    bool quick;  /* small sizes: the GPU test of make check */
    const char *bank_counters; /* "load store" wavefronts per request of each layout launch, in order */
    int repeats;
} measure_plan;

/* Each part of the run; false on a CUDA failure (printed). */
bool measure_ceilings(measure_run *r, const measure_plan *p);
bool measure_sweep_run(measure_run *r, const measure_plan *p);
bool measure_matmul(measure_run *r, const measure_plan *p);
bool measure_layouts(measure_run *r, const measure_plan *p);
bool measure_occupancy(measure_run *r, const measure_plan *p);

/* The verified kernel of this name and params in the run, or NULL. */
const measure_kernel *measure_find_kernel(const measure_run *r, const char *name, const char *params);

/* The results file's text (YAML). */
bool measure_write(const measure_run *r, const char *path);

/* Opens device 0 and reads its properties; false with message set on
 * failure. */
bool measure_open_device(gr_gpu_info *out, char message[512]);

/* Prints the benchmark's targets, met or missed; returns how many missed. */
int measure_report_targets(const measure_run *r, double seconds);

/* Progress on stderr: "measure: ..." */
void measure_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A failure on stderr: "gpuroof: ..."; returns false. */
bool measure_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
