/* What the ceilings above DRAM share: the warm-up that picks the fastest
 * of their candidates by rate (their candidates do different amounts of
 * work, so the shortest time is not the answer), and the SM clock read
 * while the chosen one runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "check.h"

#define PICK 3

static int compare_ms(const void *x, const void *y)
{
    float a = *(const float *)x, b = *(const float *)y;
    return (a > b) - (a < b);
}

/* One configuration's warm-up: a run untimed, PICK timed; their median. */
static int pick_median(grk_launch_fn fn, void *ctx, int config, cudaEvent_t start, cudaEvent_t stop, float *median,
                       grk_error *err)
{
    float ms[PICK];
    if (fn(ctx, config, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaDeviceSynchronize());
    for (int j = 0; j < PICK; j++) {
        GRK_CHECK_RETURN(cudaEventRecord(start, 0));
        if (fn(ctx, config, err) != 0)
            return -1;
        GRK_CHECK_RETURN(cudaEventRecord(stop, 0));
        GRK_CHECK_RETURN(cudaEventSynchronize(stop));
        GRK_CHECK_RETURN(cudaEventElapsedTime(&ms[j], start, stop));
    }
    qsort(ms, PICK, sizeof ms[0], compare_ms);
    *median = ms[PICK / 2];
    return 0;
}

static int pick_best(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, const char *label,
                     int *best, grk_error *err)
{
    cudaEvent_t start = NULL, stop = NULL;
    bool trace = getenv("GPUROOF_CEILINGS_TRACE") != NULL;
    double best_rate = -1;
    char what[160];
    int rc = -1;

    *best = 0;
    GRK_CHECK(cudaEventCreate(&start));
    GRK_CHECK(cudaEventCreate(&stop));
    for (int k = 0; k < configs; k++) {
        float median;
        if (pick_median(fn, ctx, k, start, stop, &median, err) != 0)
            goto fail;
        double rate = work(ctx, k) / (median * 1e6);
        if (rate > best_rate)
            best_rate = rate, *best = k;
        if (trace) {
            name(ctx, k, what, sizeof what);
            fprintf(stderr, "gpuroof %s: %-72s %9.4f ms %10.1f\n", label, what, (double)median, rate);
        }
    }
    rc = 0;
fail:
    if (start)
        (void)cudaEventDestroy(start);
    if (stop)
        (void)cudaEventDestroy(stop);
    return rc;
}

/* grk_time_runs runs configuration 0 of what it is given: the chosen one,
 * seen through this. */
typedef struct {
    grk_launch_fn fn;
    void *ctx;
    int config;
} fixed_config;

static int launch_fixed(void *ctx, int config, grk_error *err)
{
    const fixed_config *f = (const fixed_config *)ctx;
    (void)config;
    return f->fn(f->ctx, f->config, err);
}

int grk_time_best_rate(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, int repeats,
                       const char *label, grk_timing *t, int *chosen, char *chosen_name, size_t name_size,
                       grk_error *err)
{
    fixed_config f = {fn, ctx, 0};
    if (configs < 1) {
        grk_fail(err, "%s: no configuration to run", label);
        return -1;
    }
    if (configs > 1 && pick_best(fn, work, name, ctx, configs, label, &f.config, err) != 0)
        return -1;
    if (grk_time_runs(launch_fixed, &f, 1, repeats, t, NULL, err) != 0)
        return -1;
    *chosen = f.config;
    name(ctx, f.config, chosen_name, name_size);
    if (getenv("GPUROOF_CEILINGS_TRACE"))
        fprintf(stderr, "gpuroof %s: chosen %s: median %.4f ms of %d, %.1f\n", label, chosen_name, t->median_ms,
                t->repeats, work(ctx, f.config) / (t->median_ms * 1e6));
    return 0;
}

/* Enough runs for about this long under load: long enough for the clock
 * to settle where the load holds it, and for NVML to answer meanwhile. */
#define LOAD_MS 400.0
#define LOAD_TRIES 3

/* Queues `runs` runs, reads the clock while they run, and says whether
 * they were still running when the reading came back. */
static int read_under(grk_launch_fn fn, void *ctx, int config, int runs, cudaEvent_t done, int *sm_mhz, bool *during,
                      grk_error *err)
{
    struct timespec settle = {0, 50 * 1000 * 1000};
    for (int i = 0; i < runs; i++)
        if (fn(ctx, config, err) != 0)
            return -1;
    GRK_CHECK_RETURN(cudaEventRecord(done, 0));
    /* the launches return at once: the clock is read while the GPU works
     * through them, after a moment for it to settle */
    nanosleep(&settle, NULL);
    grk_current_clocks(sm_mhz, NULL, err);
    cudaError_t state = cudaEventQuery(done);
    if (state != cudaSuccess && state != cudaErrorNotReady)
        GRK_CHECK_RETURN(state);
    *during = state == cudaErrorNotReady;
    GRK_CHECK_RETURN(cudaDeviceSynchronize());
    return 0;
}

/* Where NVML was slower to answer than the runs took, again with four
 * times as many, up to LOAD_TRIES times; the last reading stands. */
int grk_clock_under_load(grk_launch_fn fn, void *ctx, int config, double run_ms, int *sm_mhz, grk_error *err)
{
    cudaEvent_t done = NULL;
    double runs = ceil(LOAD_MS / fmax(run_ms, 0.05));
    bool during = false;
    int rc = -1;
    *sm_mhz = 0;
    GRK_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    for (int attempt = 0; attempt < LOAD_TRIES && !during; attempt++, runs *= 4)
        /* within the launch queue's depth, so that queueing seldom waits */
        if (read_under(fn, ctx, config, (int)fmin(runs, 1000), done, sm_mhz, &during, err) != 0)
            goto fail;
    rc = 0;
fail:
    if (done)
        (void)cudaEventDestroy(done);
    return rc;
}
