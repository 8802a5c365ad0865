/* A load trace of a ceiling: the GPU left idle, then one candidate's runs
 * queued back to back, a CUDA event after every few runs, while a second
 * thread reads the SM clock and the board's power through NVML every few
 * milliseconds.
 *
 * Why a trace and not one timed window: under a power limit the SM clock
 * moves by hundreds of MHz within a second (an H100's cuBLAS GEMMs start at
 * 1980 MHz and settle near 1400), so a rate means little without the clock
 * and power of the same runs, and a GPU gives two honest figures: the
 * burst one GEMM meets on a cool GPU, and the sustained rate a training
 * loop lives at.  The marks and the samples share one time line, so the
 * core can cut any span from the trace and say what the clock and the
 * power were while those runs ran (src/core/results/load_trace.c). */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"

#define PERIOD_MS 2.0   /* between samples: several within the shortest burst span */
#define MAX_RUNS 200000 /* queued in a trace at most (the launches block once the queue is full) */

typedef struct {
    const grk_nvml *nvml;
    struct timespec begin; /* when the first mark was queued */
    int done;              /* set (atomically) once the last run has finished */
    grk_trace *trace;
} sampler;

static struct timespec after_ms(struct timespec t, double ms)
{
    long long ns = t.tv_nsec + (long long)(ms * 1e6);
    t.tv_sec += (time_t)(ns / 1000000000);
    t.tv_nsec = (long)(ns % 1000000000);
    return t;
}

static double ms_between(const struct timespec *from, const struct timespec *to)
{
    return (double)(to->tv_sec - from->tv_sec) * 1e3 + (double)(to->tv_nsec - from->tv_nsec) / 1e6;
}

static void sleep_ms(double ms)
{
    struct timespec now, at;
    clock_gettime(CLOCK_MONOTONIC, &now);
    at = after_ms(now, ms);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR) {
    }
}

static bool runs_done(const sampler *s)
{
    return __atomic_load_n(&s->done, __ATOMIC_ACQUIRE) != 0;
}

/* The second thread: a sample every PERIOD_MS until the runs are done or
 * the trace is full.  A sample the end of the runs overtook may be of a
 * GPU already idle: not kept. */
static void *take_samples(void *arg)
{
    sampler *s = (sampler *)arg;
    grk_trace *t = s->trace;
    while (!runs_done(s) && t->sample_count < GRK_TRACE_SAMPLES) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        grk_sample sample = {ms_between(&s->begin, &now), grk_nvml_clock_mhz(s->nvml, GRK_NVML_CLOCK_SM),
                             grk_nvml_watts(s->nvml)};
        if (runs_done(s))
            break;
        t->samples[t->sample_count++] = sample;
        sleep_ms(PERIOD_MS);
    }
    return NULL;
}

static int runs_for(double ms, double run_ms)
{
    return (int)fmin(fmax(ceil(ms / fmax(run_ms, 1e-4)), 1), MAX_RUNS);
}

/* The runs, an event after every `stride` and after the last; the first
 * event before them all. */
static int queue_marked_runs(grk_launch_fn fn, void *ctx, int config, int runs, int stride, cudaEvent_t *events,
                             int *recorded, grk_error *err)
{
    *recorded = 0;
    GRK_CHECK_RETURN(cudaEventRecord(events[(*recorded)++], 0));
    for (int i = 1; i <= runs; i++) {
        if (fn(ctx, config, err) != 0)
            return -1;
        if (i % stride == 0 || i == runs)
            GRK_CHECK_RETURN(cudaEventRecord(events[(*recorded)++], 0));
    }
    return 0;
}

/* Each event's time from the first, with the runs finished by then. */
static int read_marks(cudaEvent_t *events, int recorded, int runs, int stride, grk_trace *out, grk_error *err)
{
    GRK_CHECK_RETURN(cudaEventSynchronize(events[recorded - 1]));
    for (int k = 0; k < recorded; k++) {
        float ms = 0;
        if (k > 0)
            GRK_CHECK_RETURN(cudaEventElapsedTime(&ms, events[0], events[k]));
        out->marks[k].ms = ms;
        out->marks[k].runs = k < recorded - 1 ? k * stride : runs;
    }
    out->mark_count = recorded;
    return 0;
}

/* The runs with the sampler beside them where NVML is open (a thread that
 * cannot be started leaves the trace without samples, no error). */
static int sampled_runs(grk_launch_fn fn, void *ctx, int config, int runs, int stride, const grk_nvml *nvml,
                        cudaEvent_t *events, grk_trace *out, grk_error *err)
{
    sampler s;
    pthread_t thread;
    int recorded = 0;
    memset(&s, 0, sizeof s);
    s.nvml = nvml;
    s.trace = out;
    clock_gettime(CLOCK_MONOTONIC, &s.begin);
    bool sampling = nvml->device && pthread_create(&thread, NULL, take_samples, &s) == 0;
    int rc = queue_marked_runs(fn, ctx, config, runs, stride, events, &recorded, err);
    if (rc == 0)
        rc = read_marks(events, recorded, runs, stride, out, err);
    __atomic_store_n(&s.done, 1, __ATOMIC_RELEASE);
    if (sampling)
        pthread_join(thread, NULL); /* also what makes its samples visible here */
    return rc;
}

int grk_load_trace(grk_launch_fn fn, void *ctx, int config, double run_ms, const grk_trace_plan *plan,
                   const grk_nvml *nvml, grk_trace *out, grk_error *err)
{
    int runs = runs_for(plan->load_ms, run_ms);
    int stride = (runs + GRK_TRACE_MARKS - 2) / (GRK_TRACE_MARKS - 1);
    int events_needed = (runs + stride - 1) / stride + 1, made = 0, rc = -1;
    cudaEvent_t *events = (cudaEvent_t *)calloc((size_t)events_needed, sizeof *events);
    memset(out, 0, sizeof *out);
    if (!events) {
        grk_fail(err, "grk_load_trace: out of host memory");
        return -1;
    }
    for (; made < events_needed; made++)
        GRK_CHECK(cudaEventCreate(&events[made]));
    GRK_CHECK(cudaDeviceSynchronize());
    if (plan->idle_ms > 0)
        sleep_ms(plan->idle_ms);
    rc = sampled_runs(fn, ctx, config, runs, stride, nvml, events, out, err);
fail:
    for (int k = 0; k < made; k++)
        (void)cudaEventDestroy(events[k]);
    free(events);
    return rc;
}
