/* gpuroof measure: what a run on the local GPU collects, before it is
 * written as a results file (doc/results-format.md).  The measure layer's
 * public header: the command line includes it, so it names no CUDA type
 * (the kernels' gpu.h stays inside src/measure/). */
#ifndef GPUROOF_MEASURE_H
#define GPUROOF_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_profile.h"
#include "gpuroof_results.h"

/* The ceilings measured beside DRAM and the FP32 and FP64 FMAs, in the
 * order they run (measure_peaks.c). */
typedef enum {
    MEASURE_SHARED,
    MEASURE_L2,
    MEASURE_FP16,
    MEASURE_BF16,
    MEASURE_TENSOR_FP16,
    MEASURE_TENSOR_BF16,
    MEASURE_TENSOR_TF32,
    MEASURE_TENSOR_FP8,
    MEASURE_TENSOR_FP64,
    MEASURE_PEAK_COUNT
} measure_peak;

/* What the text of a run says of one of them beyond its results keys. */
typedef struct {
    int sm_mhz;     /* the SM clock its theoretical figure used; 0 where it has none */
    char note[640]; /* the candidate chosen, or why it was not measured or has no theoretical figure */
} measure_peak_note;

/* One of them: its name in the text, its keys (offsets in
 * gr_result_ceilings: the figure, its theoretical twin and, for the tensor
 * cores, the sustained rate), its unit, and the share of the theoretical
 * figure it should reach (the benchmark's target). */
typedef struct {
    const char *what;
    size_t measured, theoretical;
    size_t sustained; /* the sustained rate's key, or MEASURE_NO_KEY */
    const char *unit;
    double target_percent;
} measure_peak_row;

#define MEASURE_NO_KEY ((size_t)-1)

/* MEASURE_PEAK_COUNT rows, in measure_peak's order. */
const measure_peak_row *measure_peak_rows(void);

/* A run: the results file it fills as its parts run, and what the parts
 * need of the GPU beside it. */
typedef struct {
    gr_results file;
    gr_gpu_info device;
    int sm_clock_mhz, mem_clock_mhz; /* read during the run (NVML; 0 if unknown) */
    const gr_profile *profile;       /* the shipped profile of this GPU, if any */
    double l2_peak_gbs;              /* the L2 bandwidth of that profile: the L2 ceiling's theoretical
                                        figure (NaN or 0: unknown; measure_run_init leaves it NaN) */
    measure_peak_note peaks[MEASURE_PEAK_COUNT];
    int failures;                    /* results that failed their check */
    double power_limit_w;            /* NVML's enforced power limit; 0: unknown */
} measure_run;

typedef struct {
    bool ceilings, matmul, smem, occupancy, sweep, latency;
    bool volatile_loops; /* --only volatile: the volatile qualifier's loops */
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
bool measure_latency(measure_run *r, const measure_plan *p);
/* The volatile qualifier's four loops (measure_volatile.c), a
 * volatile_checks row each. */
bool measure_volatile(measure_run *r, const measure_plan *p);

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

/* How many GPUs the CUDA runtime sees; false with err set where none
 * (or the runtime fails). */
bool measure_gpu_count(int *count, gr_error *err);
/* Makes CUDA device `index` current and reads its properties; false with
 * err set on failure, an index of no GPU included. */
bool measure_open_device(int index, gr_gpu_info *out, gr_error *err);

/* Records a ceiling measured count times (rates: NaN for a repeat whose
 * check failed): the highest at offset in gr_result_ceilings (a ceiling is
 * the best the GPU showed), and its spread row with the SM clock and power
 * read while the highest ran (NaN or 0 where not read); none known leaves
 * the ceiling absent; a full list is reported and the row left out. */
void measure_record_ceiling(measure_run *r, size_t offset, const double *rates, int count, double sm_mhz,
                            double watts);

/* Prints the benchmark's targets, met or missed; returns how many missed. */
int measure_report_targets(const measure_run *r, double seconds);

/* Progress on stderr: "measure: ..." */
void measure_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A failure on stderr: "gpuroof: ..."; returns false. */
bool measure_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
