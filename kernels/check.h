/* What the CUDA files of gpuroof share: checked CUDA calls, the event timer
 * with its warm-up, and the sampled read-back of a device array (defined in
 * device.cu).  Internal to kernels/: the C side sees gpu.h only. */
#ifndef GPUROOF_KERNELS_CHECK_H
#define GPUROOF_KERNELS_CHECK_H

#include <cuda_runtime.h>
#include <stddef.h>
#include "gpu.h"

/* Fills err->message with "CALL: cudaGetErrorString(code) [cudaErrorName]
 * (file:line)", and where the error ends the run for a reason worth naming,
 * a clause saying so (a kernel that faulted loses the CUDA context; an
 * allocation failed for want of memory); marks err->no_device where the
 * runtime finds no device or no driver, and clears the runtime's last
 * (non-sticky) error.  err may be NULL. */
void grk_fail_cuda(grk_error *err, const char *call, cudaError_t code, const char *file, int line);
/* Why cudaGetDeviceCount (which returned code) found no device, in words
 * that say what to do: no driver (driver_version 0), a driver older than
 * the runtime, CUDA_VISIBLE_DEVICES (visible; NULL where unset) hiding the
 * GPUs, or none there.  Versions as CUDA gives them (13000 for 13.0).  Every
 * message starts "no CUDA device" (the tests that skip without a GPU look
 * for it). */
void grk_no_device_text(cudaError_t code, int driver_version, int runtime_version, const char *visible, char *out,
                        size_t size);
/* A kernel launch that failed: "name<<<...>>>: error string (file:line)". */
void grk_fail_launch(grk_error *err, const char *kernel, cudaError_t code, const char *file, int line);
/* The same for failures that are not CUDA errors: printf-style message. */
void grk_fail(grk_error *err, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A checked CUDA call inside a function with a `fail:` label that frees
 * what it holds and returns -1; needs `grk_error *err` in scope. */
#define GRK_CHECK(call)                                                      \
    do {                                                                     \
        cudaError_t grk_code_ = (call);                                      \
        if (grk_code_ != cudaSuccess) {                                      \
            grk_fail_cuda(err, #call, grk_code_, __FILE__, __LINE__);        \
            goto fail;                                                       \
        }                                                                    \
    } while (0)

/* cudaMalloc of `bytes` into *pointer; on failure err says how many MiB
 * were wanted, for what, and how much the GPU had free (cudaMemGetInfo), so
 * that an out-of-memory error can be told from a broken device.  `what`
 * names the buffer ("(void **)&r.a" is shown as "r.a"). */
int grk_malloc(void **pointer, size_t bytes, const char *what, grk_error *err, const char *file, int line);

/* GRK_CHECK for cudaMalloc: GRK_MALLOC(&d_x, bytes) goes to `fail:`. */
#define GRK_MALLOC(pointer_address, bytes)                                   \
    do {                                                                     \
        if (grk_malloc((void **)(pointer_address), (bytes), #pointer_address, err, __FILE__, __LINE__) != 0) \
            goto fail;                                                       \
    } while (0)

/* The same where there is nothing to free: returns -1 at once. */
#define GRK_CHECK_RETURN(call)                                               \
    do {                                                                     \
        cudaError_t grk_code_ = (call);                                      \
        if (grk_code_ != cudaSuccess) {                                      \
            grk_fail_cuda(err, #call, grk_code_, __FILE__, __LINE__);        \
            return -1;                                                       \
        }                                                                    \
    } while (0)

/* After a kernel launch: the launch's own error (configuration, resources),
 * named after the kernel.  GRK_LAUNCH_CHECK goes to `fail:`,
 * GRK_LAUNCH_RETURN returns -1 at once. */
#define GRK_LAUNCH_CHECK(name)                                               \
    do {                                                                     \
        cudaError_t grk_code_ = cudaGetLastError();                          \
        if (grk_code_ != cudaSuccess) {                                      \
            grk_fail_launch(err, name, grk_code_, __FILE__, __LINE__);    \
            goto fail;                                                       \
        }                                                                    \
    } while (0)

#define GRK_LAUNCH_RETURN(name)                                              \
    do {                                                                     \
        cudaError_t grk_code_ = cudaGetLastError();                          \
        if (grk_code_ != cudaSuccess) {                                      \
            grk_fail_launch(err, name, grk_code_, __FILE__, __LINE__);    \
            return -1;                                                       \
        }                                                                    \
    } while (0)

/* One run of the thing timed: launches it (asynchronously) in configuration
 * `config`, checks the launch, returns 0 or -1 with err filled. */
typedef int (*grk_launch_fn)(void *ctx, int config, grk_error *err);

/* Times fn with CUDA events around each run.  Warm-up: each of `configs`
 * configurations runs once untimed, then twice timed; the fastest is kept
 * (*chosen, may be NULL) for `repeats` timed runs, whose min, median and
 * max go to t.  Every run is synchronized and checked. */
int grk_time_runs(grk_launch_fn fn, void *ctx, int configs, int repeats, grk_timing *t, int *chosen,
                  grk_error *err);

/* The ceilings' search (peak_search.cu).  work: what one run of a
 * configuration does (bytes or FLOPs); name: the configuration in words,
 * for the trace. */
typedef double (*grk_work_fn)(void *ctx, int config);
typedef void (*grk_name_fn)(void *ctx, int config, char *out, size_t size);

/* Each of `configs` configurations runs once untimed, then a few times
 * timed, each run alone (their median: a quick rate that shortlists); the
 * best few by that rate (plan->shortlist) then each run a load trace
 * (grk_load_trace, as plan says), and the one whose trace scores highest
 * (plan->score) wins: its
 * index in *chosen, its warm-up timings in out->t.  The winner's trace is
 * its first of GRK_REPEATS; the others follow, one after another, in
 * out->traces (out->trace_count of them; the caller frees them with
 * grk_peak_free).  out->chosen and out->work are filled, and
 * out->power_limit_watts where NVML gives it.  The chosen one runs last,
 * so that its output is the last written.  With GPUROOF_CEILINGS_TRACE set
 * in the environment, every candidate's median and rate (work / ms / 1e6:
 * GB/s or GFLOP/s), every trace (each mark and sample) and the choice go to
 * stderr, each line starting "gpuroof LABEL: ". */
int grk_peak_search(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, const char *label,
                    const grk_trace_plan *plan, grk_peak *out, int *chosen, grk_error *err);

typedef struct grk_nvml grk_nvml;

/* A load trace (load_trace.cu): the GPU synchronized and left idle for
 * plan->idle_ms, then configuration `config` (each run taking about run_ms
 * alone) queued back to back for about plan->load_ms, an event after every
 * few runs (at most GRK_TRACE_MARKS marks), while a second thread reads the
 * SM clock and the power through nvml (a session grk_nvml_open opened, or
 * one that failed to: then no sample) every few ms until the runs are done.
 * Returns -1 only where a CUDA call or a launch failed. */
int grk_load_trace(grk_launch_fn fn, void *ctx, int config, double run_ms, const grk_trace_plan *plan,
                   const grk_nvml *nvml, grk_trace *out, grk_error *err);

/* An NVML session on the current CUDA device (device.cu; libnvidia-ml.so.1
 * loaded at run time), kept open so that the clock and the power can be
 * read many times in a row cheaply.  grk_nvml_open: false where NVML is
 * absent, fails to start, or has no handle for the device (the session
 * then holds nothing).  grk_nvml_clock_mhz: the clock of `type` now
 * (GRK_NVML_CLOCK_*), 0 where NVML does not answer; grk_nvml_watts: the
 * board's power now, 0 where unknown; both safe from another thread while
 * the session is open.  grk_nvml_power_limit_watts: the enforced power
 * limit, 0 where unknown.  grk_nvml_close: ends it (harmless on one that
 * failed to open). */
struct grk_nvml {
    void *lib, *device;
    int (*shutdown)(void);
    int (*clock)(void *device, int type, unsigned int *mhz);
    int (*field_values)(void *device, int count, void *values); /* nvmlDeviceGetFieldValues; may be NULL */
    int (*power_usage)(void *device, unsigned int *milliwatts);  /* nvmlDeviceGetPowerUsage; may be NULL */
    int (*power_limit)(void *device, unsigned int *milliwatts);  /* nvmlDeviceGetEnforcedPowerLimit; may be NULL */
};
enum { GRK_NVML_CLOCK_SM = 1, GRK_NVML_CLOCK_MEM = 2 }; /* nvmlClockType_t */
bool grk_nvml_open(grk_nvml *n);
int grk_nvml_clock_mhz(const grk_nvml *n, int type);
double grk_nvml_watts(const grk_nvml *n);
double grk_nvml_power_limit_watts(const grk_nvml *n);
void grk_nvml_close(grk_nvml *n);

/* A 32-bit word of a fixed pseudo-random pattern, the same on the host and
 * the device: what the cache benchmarks load and fold into checksums. */
__host__ __device__ static inline unsigned int grk_pattern_word(unsigned long long i)
{
    unsigned long long z = (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (unsigned int)(z ^ (z >> 31));
}

/* The multiprocessor count of the current device. */
int grk_sm_count(int *sms, grk_error *err);

/* Which elements a sampled check reads: the first, the last few (tails)
 * and a hashed spread over the array; the same on the host and the device. */
__host__ __device__ static inline size_t grk_sample_index(size_t k, size_t n)
{
    unsigned long long z;
    if (n == 0)
        return 0;
    if (k == 0)
        return 0;
    if (k <= 8)
        return k <= n ? n - k : 0;
    z = (unsigned long long)k * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (size_t)(z % n);
}

/* Copies `samples` floats of the device array d (n long), at
 * grk_sample_index(0..samples-1, n), to host. */
int grk_read_samples(const float *d, size_t n, float *host, int samples, grk_error *err);

#endif
