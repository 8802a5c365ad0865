/* The sustained window of a ceiling: one candidate's runs queued back to
 * back and timed as one span with CUDA events, while a second thread reads
 * the SM clock through NVML every few milliseconds.
 *
 * Why: under a power limit the SM clock moves by hundreds of MHz within a
 * second (an H100's cuBLAS GEMMs between about 1380 and 1965 MHz), so one
 * reading taken at one moment, beside a rate timed over other runs, says
 * little about the clock those runs had.  Here the rate and the readings
 * cover the same stretch of work: the window starts after a short settle
 * (untimed lead runs, while the clock finds where the load holds it), and a
 * reading counts only where the runs were still going when it came back.
 * Their mean is the clock the theoretical figure should use. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include "check.h"

#define WINDOW_MS 600.0 /* about 55 readings: some ten windows in a run of gpuroof measure */
#define SETTLE_MS 50.0  /* untimed lead runs first, and no reading before this */
#define PERIOD_MS 10.0  /* between readings */
#define MAX_RUNS 100000 /* queued in a window at most (the launches block once the queue is full) */
#define TRIES 3         /* windows that came out shorter than half of WINDOW_MS run again, longer */

typedef struct {
    const grk_nvml *nvml;
    struct timespec begin; /* when the first run was queued */
    int done;              /* set (atomically) once the last run has finished */
    int samples, min_mhz, max_mhz;
    double sum_mhz;
} clock_sampler;

static struct timespec after_ms(struct timespec t, double ms)
{
    long long ns = t.tv_nsec + (long long)(ms * 1e6);
    t.tv_sec += (time_t)(ns / 1000000000);
    t.tv_nsec = (long)(ns % 1000000000);
    return t;
}

static void sleep_until(const struct timespec *at)
{
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, at, NULL) == EINTR) {
    }
}

static bool runs_done(const clock_sampler *s)
{
    return __atomic_load_n(&s->done, __ATOMIC_ACQUIRE) != 0;
}

/* The second thread: a reading every PERIOD_MS from SETTLE_MS on, until
 * the runs are done.  A reading that the end of the runs overtook may be of
 * a GPU already idle (its clock falling): not counted; nor is one NVML did
 * not answer. */
static void *sample_sm_clock(void *arg)
{
    clock_sampler *s = (clock_sampler *)arg;
    struct timespec next = after_ms(s->begin, SETTLE_MS);
    for (;;) {
        sleep_until(&next);
        if (runs_done(s))
            break;
        int mhz = grk_nvml_clock_mhz(s->nvml, GRK_NVML_CLOCK_SM);
        if (runs_done(s))
            break;
        if (mhz > 0) {
            s->min_mhz = s->samples == 0 || mhz < s->min_mhz ? mhz : s->min_mhz;
            s->max_mhz = s->samples == 0 || mhz > s->max_mhz ? mhz : s->max_mhz;
            s->sum_mhz += mhz;
            s->samples++;
        }
        /* from now, not from the schedule: a slow answer is not caught up
         * with a burst of readings */
        clock_gettime(CLOCK_MONOTONIC, &next);
        next = after_ms(next, PERIOD_MS);
    }
    return NULL;
}

static int queue_runs(grk_launch_fn fn, void *ctx, int config, int runs, grk_error *err)
{
    for (int i = 0; i < runs; i++)
        if (fn(ctx, config, err) != 0)
            return -1;
    return 0;
}

/* The runs themselves: `lead` untimed, then `runs` between the events,
 * waited for. */
static int timed_runs(grk_launch_fn fn, void *ctx, int config, int lead, int runs, cudaEvent_t start,
                      cudaEvent_t stop, float *ms, grk_error *err)
{
    if (queue_runs(fn, ctx, config, lead, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaEventRecord(start, 0));
    if (queue_runs(fn, ctx, config, runs, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaEventRecord(stop, 0));
    GRK_CHECK_RETURN(cudaEventSynchronize(stop));
    GRK_CHECK_RETURN(cudaEventElapsedTime(ms, start, stop));
    return 0;
}

/* One window, the sampler beside it where NVML is open (a thread that
 * cannot be started leaves the clock unknown, no error). */
static int one_window(grk_launch_fn fn, void *ctx, int config, int lead, int runs, const grk_nvml *nvml,
                      cudaEvent_t start, cudaEvent_t stop, grk_window *w, grk_error *err)
{
    clock_sampler s;
    pthread_t thread;
    float ms = 0;
    memset(&s, 0, sizeof s);
    s.nvml = nvml;
    clock_gettime(CLOCK_MONOTONIC, &s.begin);
    bool sampling = nvml->device && pthread_create(&thread, NULL, sample_sm_clock, &s) == 0;
    int rc = timed_runs(fn, ctx, config, lead, runs, start, stop, &ms, err);
    __atomic_store_n(&s.done, 1, __ATOMIC_RELEASE);
    if (sampling)
        pthread_join(thread, NULL); /* also what makes its counts visible here */
    memset(w, 0, sizeof *w);
    w->ms = ms;
    w->runs = runs;
    w->samples = s.samples;
    w->sm_mhz_mean = s.samples ? s.sum_mhz / s.samples : 0;
    w->sm_mhz_min = s.min_mhz;
    w->sm_mhz_max = s.max_mhz;
    return rc;
}

static int runs_for(double ms, double run_ms)
{
    return (int)fmin(fmax(ceil(ms / fmax(run_ms, 1e-4)), 1), MAX_RUNS);
}

int grk_load_window(grk_launch_fn fn, void *ctx, int config, double run_ms, const grk_nvml *nvml, grk_window *w,
                    grk_error *err)
{
    cudaEvent_t start = NULL, stop = NULL;
    int runs = runs_for(WINDOW_MS, run_ms), lead = runs_for(SETTLE_MS, run_ms), rc = -1;
    memset(w, 0, sizeof *w);
    GRK_CHECK(cudaEventCreate(&start));
    GRK_CHECK(cudaEventCreate(&stop));
    for (int attempt = 0; attempt < TRIES; attempt++) {
        if (one_window(fn, ctx, config, lead, runs, nvml, start, stop, w, err) != 0)
            goto fail;
        if (w->ms >= WINDOW_MS / 2 || runs >= MAX_RUNS)
            break;
        /* back to back the runs went faster than alone (or the estimate was
         * off): again, with as many as the window wants, at least twice */
        runs = (int)fmin(fmax(ceil(runs * WINDOW_MS / fmax(w->ms, 1e-3)), 2.0 * runs), MAX_RUNS);
    }
    rc = 0;
fail:
    if (start)
        (void)cudaEventDestroy(start);
    if (stop)
        (void)cudaEventDestroy(stop);
    return rc;
}
