/* What the ceilings above DRAM share: the warm-up that shortlists their
 * candidates by rate (their candidates do different amounts of work, so the
 * shortest time is not the answer), and the load traces (load_trace.cu)
 * that pick among the shortlist and hold the runs the figures come from. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define PICK 3

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

/* The `size` configurations of highest quick rate (fewer where there are
 * fewer), best first; how many. */
static int shortlist(grk_work_fn work, void *ctx, int configs, const grk_timing *quick, int size, int *list)
{
    int listed = 0;
    for (int k = 0; k < configs; k++) {
        double rate = work(ctx, k) / quick[k].median_ms;
        int at = listed < size ? listed++ : size;
        while (at > 0 && rate > work(ctx, list[at - 1]) / quick[list[at - 1]].median_ms) {
            if (at < size)
                list[at] = list[at - 1];
            at--;
        }
        if (at < size)
            list[at] = k;
    }
    return listed;
}

/* The whole trace's rate: all its runs over its span.  Only to choose
 * among candidates; the figures are the core's (src/core/results/load_trace.c). */
static double trace_rate(const grk_trace *t, double work)
{
    const grk_mark *last = &t->marks[t->mark_count > 0 ? t->mark_count - 1 : 0];
    return last->ms > 0 ? work * last->runs / (last->ms * 1e6) : 0;
}

static void print_trace(const char *label, const char *what, const grk_trace *t, double work)
{
    fprintf(stderr, "gpuroof %s: trace %s: %d marks, %d samples, %.1f overall\n", label, what, t->mark_count,
            t->sample_count, trace_rate(t, work));
    for (int k = 0; k < t->mark_count; k++)
        fprintf(stderr, "gpuroof %s: mark %.3f ms %d runs\n", label, t->marks[k].ms, t->marks[k].runs);
    for (int k = 0; k < t->sample_count; k++)
        fprintf(stderr, "gpuroof %s: sample %.3f ms %d MHz %.1f W\n", label, t->samples[k].ms, t->samples[k].sm_mhz,
                t->samples[k].watts);
}

/* One trace of configuration k into *t, printed where asked. */
static int one_trace(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int k, const grk_timing *quick,
                     const char *label, const grk_trace_plan *plan, const grk_nvml *nvml, grk_trace *t,
                     grk_error *err)
{
    char what[160];
    if (grk_load_trace(fn, ctx, k, quick[k].median_ms, plan, nvml, t, err) != 0)
        return -1;
    if (getenv("GPUROOF_CEILINGS_TRACE")) {
        name(ctx, k, what, sizeof what);
        print_trace(label, what, t, work(ctx, k));
    }
    return 0;
}

/* The shortlist's traces; the highest score wins, and its trace is
 * the first of out's; the rest of GRK_REPEATS follow.  Its output (which
 * the caller checks) is the last written: its own trace runs last. */
static int chosen_traces(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, const int *list, int listed,
                         const grk_timing *quick, const char *label, const grk_trace_plan *plan, const grk_nvml *nvml,
                         grk_peak *out, int *chosen, grk_error *err)
{
    grk_trace *trial = (grk_trace *)malloc(sizeof *trial);
    double best = -1;
    int rc = -1;
    if (!trial) {
        grk_fail(err, "%s: out of host memory", label);
        return -1;
    }
    for (int i = 0; i < listed; i++) {
        if (one_trace(fn, work, name, ctx, list[i], quick, label, plan, nvml, trial, err) != 0)
            goto fail;
        double rate = plan->score ? plan->score(trial, work(ctx, list[i])) : trace_rate(trial, work(ctx, list[i]));
        if (rate > best)
            best = rate, *chosen = list[i], out->traces[0] = *trial;
    }
    for (out->trace_count = 1; out->trace_count < GRK_REPEATS; out->trace_count++)
        if (one_trace(fn, work, name, ctx, *chosen, quick, label, plan, nvml, &out->traces[out->trace_count], err) != 0)
            goto fail;
    rc = 0;
fail:
    free(trial);
    return rc;
}

/* The quick median of a few lone runs picks the shortlist cheaply; the
 * shortlist's traces pick the winner, whose traces are the figures. */
int grk_peak_search(grk_launch_fn fn, grk_work_fn work, grk_name_fn name, void *ctx, int configs, const char *label,
                    const grk_trace_plan *plan, grk_peak *out, int *chosen, grk_error *err)
{
    int list[GRK_SHORTLIST_MAX], listed, rc = -1;
    int size = plan->shortlist >= 1 && plan->shortlist <= GRK_SHORTLIST_MAX ? plan->shortlist : 2;
    grk_timing *quick = NULL;
    grk_nvml nvml;
    bool have_nvml = false;
    if (configs < 1) {
        grk_fail(err, "%s: no configuration to run", label);
        return -1;
    }
    quick = (grk_timing *)calloc((size_t)configs, sizeof *quick);
    out->traces = (grk_trace *)calloc(GRK_REPEATS, sizeof *out->traces);
    if (!quick || !out->traces) {
        grk_fail(err, "%s: out of host memory", label);
        goto fail;
    }
    if (quick_rates(fn, work, name, ctx, configs, label, quick, err) != 0)
        goto fail;
    listed = shortlist(work, ctx, configs, quick, size, list);
    have_nvml = grk_nvml_open(&nvml); /* once: starting NVML can take a while */
    if (!have_nvml)
        memset(&nvml, 0, sizeof nvml);
    out->power_limit_watts = grk_nvml_power_limit_watts(&nvml);
    if (chosen_traces(fn, work, name, ctx, list, listed, quick, label, plan, &nvml, out, chosen, err) != 0)
        goto fail;
    out->t = quick[*chosen];
    out->work = work(ctx, *chosen);
    name(ctx, *chosen, out->chosen, sizeof out->chosen);
    if (getenv("GPUROOF_CEILINGS_TRACE"))
        fprintf(stderr, "gpuroof %s: chosen %s: quick median %.4f ms (%.1f)\n", label, out->chosen, out->t.median_ms,
                out->work / (out->t.median_ms * 1e6));
    rc = 0;
fail:
    if (have_nvml)
        grk_nvml_close(&nvml);
    free(quick);
    return rc;
}

void grk_peak_free(grk_peak *p)
{
    free(p->traces);
    p->traces = NULL;
    p->trace_count = 0;
}
