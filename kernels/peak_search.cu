/* What the ceilings above DRAM share: the warm-up that shortlists their
 * candidates by rate (their candidates do different amounts of work, so the
 * shortest time is not the answer), and the sustained windows
 * (load_window.cu) that pick among the shortlist and give the figure and
 * the SM clock it ran at. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

#define PICK 3
#define SHORTLIST 2 /* candidates that run a sustained window */

static int compare_ms(const void *x, const void *y)
{
    float a = *(const float *)x, b = *(const float *)y;
    return (a > b) - (a < b);
}

/* One configuration's warm-up: a run untimed, PICK timed, each alone. */
static int pick_median(grk_launch_fn fn, void *ctx, int config, cudaEvent_t start, cudaEvent_t stop, grk_timing *t,
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
    t->repeats = PICK;
    t->min_ms = ms[0];
    t->median_ms = ms[PICK / 2];
    t->max_ms = ms[PICK - 1];
    return 0;
}

/* Each configuration's warm-up, its timings into quick[k]. */
static int quick_rates(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, const char *label,
                       grk_timing *quick, grk_error *err)
{
    cudaEvent_t start = NULL, stop = NULL;
    bool trace = getenv("GPUROOF_CEILINGS_TRACE") != NULL;
    char what[160];
    int rc = -1;

    GRK_CHECK(cudaEventCreate(&start));
    GRK_CHECK(cudaEventCreate(&stop));
    for (int k = 0; k < configs; k++) {
        if (pick_median(fn, ctx, k, start, stop, &quick[k], err) != 0)
            goto fail;
        if (trace) {
            name(ctx, k, what, sizeof what);
            fprintf(stderr, "gpuroof %s: %-72s %9.4f ms %10.1f\n", label, what, quick[k].median_ms,
                    work(ctx, k) / (quick[k].median_ms * 1e6));
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

/* The SHORTLIST configurations of highest quick rate (fewer where there are
 * fewer), best first; how many. */
static int shortlist(grk_work_fn work, void *ctx, int configs, const grk_timing *quick, int *list)
{
    int listed = 0;
    for (int k = 0; k < configs; k++) {
        double rate = work(ctx, k) / quick[k].median_ms;
        int at = listed < SHORTLIST ? listed++ : SHORTLIST;
        while (at > 0 && rate > work(ctx, list[at - 1]) / quick[list[at - 1]].median_ms) {
            if (at < SHORTLIST)
                list[at] = list[at - 1];
            at--;
        }
        if (at < SHORTLIST)
            list[at] = k;
    }
    return listed;
}

static void trace_window(const char *label, const char *what, const grk_window *w)
{
    fprintf(stderr, "gpuroof %s: window %-65s %6d runs %8.1f ms %10.1f at %6.1f MHz (%d-%d, %d readings)\n", label,
            what, w->runs, w->ms, w->rate, w->sm_mhz_mean, w->sm_mhz_min, w->sm_mhz_max, w->samples);
}

/* The shortlist's windows; the highest window rate wins. */
static int best_window(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, const int *list, int listed,
                       const grk_timing *quick, const char *label, grk_peak *out, int *chosen, grk_error *err)
{
    char what[160];
    grk_nvml nvml;
    bool have_nvml = grk_nvml_open(&nvml); /* once: starting NVML can take a while */
    int rc = -1;
    *chosen = -1;
    for (int i = 0; i < listed; i++) {
        grk_window w;
        int k = list[i];
        if (grk_load_window(fn, ctx, k, quick[k].median_ms, &nvml, &w, err) != 0)
            goto fail;
        w.rate = w.ms > 0 ? work(ctx, k) * w.runs / (w.ms * 1e6) : 0;
        if (getenv("GPUROOF_CEILINGS_TRACE")) {
            name(ctx, k, what, sizeof what);
            trace_window(label, what, &w);
        }
        if (*chosen < 0 || w.rate > out->window.rate)
            *chosen = k, out->window = w;
    }
    /* its output (which the caller checks) the last written */
    if (*chosen != list[listed - 1]) {
        if (fn(ctx, *chosen, err) != 0)
            goto fail;
        GRK_CHECK(cudaDeviceSynchronize());
    }
    rc = 0;
fail:
    if (have_nvml)
        grk_nvml_close(&nvml);
    return rc;
}

/* The quick median of a few lone runs picks the shortlist cheaply; the
 * figure recorded is the shortlist's best sustained window, whose rate and
 * SM clock describe the same runs (see load_window.cu for why that
 * matters). */
int grk_peak_search(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, const char *label,
                    grk_peak *out, int *chosen, grk_error *err)
{
    int list[SHORTLIST], listed, rc = -1;
    grk_timing *quick = NULL;
    if (configs < 1) {
        grk_fail(err, "%s: no configuration to run", label);
        return -1;
    }
    quick = (grk_timing *)calloc((size_t)configs, sizeof *quick);
    if (!quick) {
        grk_fail(err, "%s: out of host memory", label);
        return -1;
    }
    if (quick_rates(fn, work, name, ctx, configs, label, quick, err) != 0)
        goto fail;
    listed = shortlist(work, ctx, configs, quick, list);
    if (best_window(fn, work, name, ctx, list, listed, quick, label, out, chosen, err) != 0)
        goto fail;
    out->t = quick[*chosen];
    out->work = work(ctx, *chosen);
    out->sm_mhz = out->window.samples > 0 ? (int)lround(out->window.sm_mhz_mean) : 0;
    name(ctx, *chosen, out->chosen, sizeof out->chosen);
    if (getenv("GPUROOF_CEILINGS_TRACE"))
        fprintf(stderr, "gpuroof %s: chosen %s: window %.1f, quick median %.4f ms (%.1f)\n", label, out->chosen,
                out->window.rate, out->t.median_ms, out->work / (out->t.median_ms * 1e6));
    rc = 0;
fail:
    free(quick);
    return rc;
}
