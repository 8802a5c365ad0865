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
#include "results.h"

/* A run: the results file it fills as its parts run, and what the parts
 * need of the GPU beside it. */
typedef struct {
    gr_results file;
    gr_gpu_info device;
    int sm_clock_mhz, mem_clock_mhz; /* read during the run (NVML; 0 if unknown) */
    const gr_profile *profile;       /* the shipped profile of this GPU, if any */
    int failures;                    /* results that failed their check */
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

/* Before the first part: no results, every key of the file absent. */
void measure_run_init(measure_run *r);
/* Frees the run's rows. */
void measure_run_free(measure_run *r);

/* The verified kernel of this name and params in the run, or NULL. */
const gr_result_kernel *measure_find_kernel(const measure_run *r, const char *name, const char *params);

/* Fills what the parts leave to the end (the device, provenance's notes on
 * method, the datasheet bandwidth, each matmul's ratio to cuBLAS) and
 * writes the results file whole, or not at all (a message printed). */
bool measure_write(measure_run *r, const char *path);

/* How many GPUs the CUDA runtime sees; false with message set where none
 * (or the runtime fails). */
bool measure_gpu_count(int *count, char message[512]);
/* Makes CUDA device `index` current and reads its properties; false with
 * message set on failure, an index of no GPU included. */
bool measure_open_device(int index, gr_gpu_info *out, char message[512]);

/* Prints the benchmark's targets, met or missed; returns how many missed. */
int measure_report_targets(const measure_run *r, double seconds);

/* Progress on stderr: "measure: ..." */
void measure_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A failure on stderr: "gpuroof: ..."; returns false. */
bool measure_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
