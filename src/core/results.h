/* A measured results file (plots/data/NAME.yaml, written by `gpuroof measure`,
 * src/measure/measure_write.c): what the charts need of it. */
#ifndef GPUROOF_RESULTS_H
#define GPUROOF_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include "error.h"

typedef struct {
    char name[96];
    double intensity; /* FLOP/B */
    double gflops;
    bool verified;
    double vs_cublas; /* gflops over cuBLAS's at the same width; NAN where not recorded */
} gr_result_kernel;

typedef struct {
    double intensity, gflops;
} gr_result_point;

typedef struct {
    int threads, regs;
    long long smem;
    int predicted, runtime_api, measured;
} gr_result_occupancy;

/* A layout kernel's shared-memory wavefronts per request; measured < 0
 * where the run had no counters. */
typedef struct {
    char kernel[64];
    int bdx, bdy, pad;
    double predicted_load, predicted_store, measured_load, measured_store;
    double ns_per_rep; /* < 0 where not timed */
} gr_result_bank;

/* Ceilings absent from the file are NaN. */
typedef struct {
    double dram_read_gbs, dram_write_gbs, dram_copy_gbs, dram_triad_gbs, memcpy_d2d_gbs;
    double fp32_gflops, fp64_gflops, fp32_theoretical_gflops, fp64_theoretical_gflops;
    double datasheet_bandwidth_gbs;
} gr_result_ceilings;

typedef struct {
    char path[512];
    char device_name[128];
    gr_result_ceilings ceilings;
    size_t kernel_count;
    gr_result_kernel *kernels;
    size_t sweep_count;
    gr_result_point *sweep;
    size_t occupancy_count;
    gr_result_occupancy *occupancy;
    size_t bank_count;
    gr_result_bank *banks;
} gr_results;

bool gr_results_load(const char *path, gr_results *out, gr_error *err);
/* The same from text in memory; name stands for the file in messages. */
bool gr_results_load_buffer(const char *name, const char *text, size_t len, gr_results *out, gr_error *err);
void gr_results_free(gr_results *r);

/* The best measured DRAM bandwidth of the file (NaN if none). */
double gr_results_best_bandwidth(const gr_results *r);

#endif
