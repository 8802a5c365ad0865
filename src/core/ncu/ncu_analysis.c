/* The Nsight Compute analysis (ncu_analysis.h): read once, worked out once. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_analysis.h"
#include "gpuroof_profile.h"
#include "ncu_limits_sum.h"
#include "ncu_rules.h"

bool gr_ncu_analysis_read(const char *shown, const char *text, size_t len, gr_ncu_analysis *a, gr_error *err)
{
    *a = (gr_ncu_analysis){0};
    return gr_ncu_read(shown, text, len, &a->report, err);
}

bool gr_ncu_analysis_needs_profiles(const gr_ncu_analysis *a)
{
    return a->report.gpu.name[0] != '\0' && a->report.gpu.sm_count != 0;
}

/* The given device against the GPU the report names (its compute
 * capability, SMs where the raw page says): a report from another GPU is
 * held against roofs it never had, which no one may miss. */
static bool is_other_gpu(const gr_ncu_report *r, const gr_profile *p)
{
    const gr_gpu_info *gpu = &r->gpu;
    if (gpu->cc_major <= 0 && r->cc[0] == '\0')
        return false;
    bool cc_differs = gpu->cc_major != p->cc_major || gpu->cc_minor != p->cc_minor;
    bool sms_differ = gpu->sm_count > 0 && p->sm_count > 0 && gpu->sm_count != p->sm_count;
    return cc_differs || sms_differ;
}

/* The device: the request's, else the profile of the list that is the
 * report's GPU, else none (an error where the request requires one). */
static bool choose_device(gr_ncu_analysis *a, const char *shown, const gr_ncu_request *rq, gr_error *err)
{
    const gr_gpu_info *gpu = &a->report.gpu;
    const char *hint = rq->device_hint ? rq->device_hint : "a device";
    if (rq->device) {
        a->device = *rq->device;
        a->has_device = true;
        a->device_source = GR_NCU_DEVICE_GIVEN;
        a->other_gpu = is_other_gpu(&a->report, rq->device);
        return true;
    }
    const gr_profile *found = NULL;
    if (!gr_ncu_analysis_needs_profiles(a))
        a->device_source = GR_NCU_DEVICE_UNNAMED;
    else if (rq->profiles && (found = gr_profile_match_gpu(rq->profiles, gpu)) != NULL)
        a->device_source = GR_NCU_DEVICE_FOUND;
    else
        a->device_source = GR_NCU_DEVICE_UNMATCHED;
    if (found) {
        a->device = *found;
        a->has_device = true;
    }
    if (found || !rq->device_required)
        return true;
    char why[sizeof gpu->name + 256];
    return gr_error_set(err, "%s: no device: %s", shown, gr_ncu_no_device_words(a, hint, why, sizeof why));
}

const char *gr_ncu_no_device_words(const gr_ncu_analysis *a, const char *hint, char *buf, size_t size)
{
    const gr_gpu_info *gpu = &a->report.gpu;
    if (a->device_source == GR_NCU_DEVICE_UNMATCHED)
        snprintf(buf, size,
                 "no profile has %s's compute capability %d.%d, %d SMs and %lld B of shared memory an SM; give %s",
                 gpu->name, gpu->cc_major, gpu->cc_minor, gpu->sm_count, gpu->smem_sm, hint);
    else
        snprintf(buf, size, "the report does not say which GPU it ran on (the raw page does); give %s", hint);
    return buf;
}

/* A launch's or a kernel's binding level and occupancy prediction. */
static void bind(const gr_ncu_analysis *a, const gr_ncu_request *rq, const gr_ncu_figures *f, gr_ncu_binding *b)
{
    gr_ncu_bind(f, &a->roofs, b);
    if (!b->known && !a->has_device && !a->has_results && !isnan(f->flops_total))
        snprintf(b->why_unknown, sizeof b->why_unknown, "no device, so no roofs (give %s)",
                 rq->device_hint ? rq->device_hint : "a device");
}

static void predict(const gr_ncu_analysis *a, const gr_ncu_figures *f, gr_ncu_prediction *p)
{
    if (a->has_device) {
        gr_ncu_predict(&a->device, f, p);
        return;
    }
    *p = (gr_ncu_prediction){.carveout_bytes = -1};
    snprintf(p->why_unknown, sizeof p->why_unknown, "no device");
}

/* Each precision's FLOPs the device does a clock: SMs x an SM's rate. */
static void flops_per_clock(const gr_profile *p, double out[GR_NCU_PRECISION_COUNT])
{
    static const gr_tensor_type tensor[] = {GR_TENSOR_FP16, GR_TENSOR_BF16, GR_TENSOR_TF32, GR_TENSOR_FP64,
                                            GR_TENSOR_FP8}; /* GR_NCU_TENSOR_FP16's order */
    gr_arch arch;
    gr_sm_rates rates;
    if (!gr_arch_of(p->cc_major, p->cc_minor, &arch) || !gr_sm_rates_of(p->cc_major, p->cc_minor, &rates))
        return;
    out[GR_NCU_FP64] = 2.0 * arch.fp64_lanes * p->sm_count;
    out[GR_NCU_FP32] = 2.0 * arch.fp32_lanes * p->sm_count;
    out[GR_NCU_FP16] = rates.fp16_flops * p->sm_count;
    for (int t = 0; t < 5; t++)
        out[GR_NCU_TENSOR_FP16 + t] = rates.tensor_flops[tensor[t]] * p->sm_count;
}

/* What the limits need beyond the roofs: the device's SMs, warps and
 * clock (the measured ceilings' clock where they are the roofs), and the
 * latencies and launch floor of the results file, else of the profile. */
static void limit_inputs(gr_ncu_analysis *a, const gr_ncu_request *rq)
{
    gr_limit_inputs *in = &a->limit_inputs;
    *in = (gr_limit_inputs){.roofs_clock_mhz = NAN, .dram_latency_ns = NAN, .l2_latency_ns = NAN,
                            .launch_floor_ns = NAN, .launch_l2_bytes = NAN, .latency_from = "none"};
    if (a->has_device) {
        in->sm_count = a->device.sm_count;
        in->max_warps_sm = a->device.max_warps_sm;
        in->roofs_clock_mhz = a->device.clock_mhz;
        in->device = &a->device;
        flops_per_clock(&a->device, in->flops_per_clock);
        in->dram_latency_ns = gr_profile_dram_latency_ns(&a->device) > 0 ? gr_profile_dram_latency_ns(&a->device) : NAN;
        in->l2_latency_ns = gr_profile_l2_latency_ns(&a->device) > 0 ? gr_profile_l2_latency_ns(&a->device) : NAN;
        in->launch_floor_ns = a->device.launch_floor_ns > 0 ? a->device.launch_floor_ns : NAN;
        in->launch_l2_bytes = a->device.launch_l2_bytes > 0 ? a->device.launch_l2_bytes : NAN;
        in->latency_from = "the profile";
    }
    const gr_result_latency *measured = rq->results ? &rq->results->latency : NULL;
    if (measured && measured->dram_ns > 0) {
        in->dram_latency_ns = measured->dram_ns;
        /* the near partition's: the least an L2 hit takes, so the time is
         * still one the launch cannot beat */
        in->l2_latency_ns = measured->l2_near_ns > 0 ? measured->l2_near_ns : NAN;
        in->latency_from = "measured";
    }
}

static void *array_of(size_t count, size_t size)
{
    return malloc((count ? count : 1) * size);
}

static bool figure_launches(gr_ncu_analysis *a)
{
    size_t n = a->report.count;
    a->figures = array_of(n, sizeof *a->figures);
    a->bindings = array_of(n, sizeof *a->bindings);
    a->predictions = array_of(n, sizeof *a->predictions);
    a->limits = array_of(n, sizeof *a->limits);
    a->disagreements = array_of(n, sizeof *a->disagreements);
    if (!a->figures || !a->bindings || !a->predictions || !a->limits || !a->disagreements)
        return false;
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        a->absent_everywhere[q] = true;
        a->first_missing[q] = n;
    }
    for (size_t i = 0; i < n; i++) {
        const gr_ncu_figures *f = &a->figures[i];
        gr_ncu_figures_of_launch(&a->report.launches[i], &a->figures[i]);
        a->time_ns_total += f->q[GR_NCU_Q_TIME_NS];
        for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
            a->absent_everywhere[q] &= f->missing[q] && f->lacking[q] == 0;
            if (f->missing[q] && a->first_missing[q] == n)
                a->first_missing[q] = i;
        }
    }
    return true;
}

/* The bindings and predictions of each launch, and the launches whose
 * prediction differs from Nsight Compute's: gpuroof's rules or the
 * profile are wrong for this GPU, which no one may miss. */
static void judge_launches(gr_ncu_analysis *a, const gr_ncu_request *rq)
{
    for (size_t i = 0; i < a->report.count; i++) {
        const gr_ncu_prediction *p = &a->predictions[i];
        bind(a, rq, &a->figures[i], &a->bindings[i]);
        predict(a, &a->figures[i], &a->predictions[i]);
        gr_ncu_limits_of(&a->figures[i], &a->bindings[i], p, &a->roofs, &a->limit_inputs, &a->limits[i]);
        gr_ncu_call_advice(a->report.launches[i].kernel, &a->figures[i], &a->limit_inputs, &a->limits[i]);
        if (p->known && p->compared && !p->agrees)
            a->disagreements[a->disagreement_count++] = (gr_ncu_disagreement){
                .launch = i,
                .predicted = p->occ.occupancy,
                .blocks_per_sm = p->occ.blocks_per_sm,
                .theoretical = a->figures[i].occupancy_theoretical,
            };
    }
}

static bool group_launches(gr_ncu_analysis *a, const char *shown, const gr_ncu_request *rq, gr_error *err)
{
    gr_error why;
    a->grouped = rq->group;
    if (!rq->group)
        return true;
    a->group_of = array_of(a->report.count, sizeof *a->group_of);
    if (!a->group_of)
        return gr_error_set(err, "%s: out of memory", shown);
    if (!gr_ncu_group_launches(&a->report, a->figures, &a->groups, &a->group_count, a->group_of, &why))
        return gr_error_set(err, "%s: %s", shown, why.text);
    a->group_bindings = array_of(a->group_count, sizeof *a->group_bindings);
    a->group_predictions = array_of(a->group_count, sizeof *a->group_predictions);
    a->group_limits = array_of(a->group_count, sizeof *a->group_limits);
    if (!a->group_bindings || !a->group_predictions || !a->group_limits)
        return gr_error_set(err, "%s: out of memory", shown);
    for (size_t g = 0; g < a->group_count; g++) {
        bind(a, rq, &a->groups[g].figures, &a->group_bindings[g]);
        predict(a, &a->groups[g].figures, &a->group_predictions[g]);
    }
    if (!gr_ncu_limits_sum(a->limits, a->group_of, a->report.count, a->group_limits, a->group_count))
        return gr_error_set(err, "%s: out of memory", shown);
    return true;
}

/* The report's explained share: each launch's time its limiter accounts
 * for, unexplained ones counting none, over the time of the launches
 * whose time is known. */
static void explained_share(gr_ncu_analysis *a)
{
    double explained = 0, time = 0;
    for (size_t i = 0; i < a->report.count; i++) {
        double t = a->figures[i].q[GR_NCU_Q_TIME_NS];
        if (isnan(t))
            continue;
        time += t;
        explained += gr_ncu_explained_share(&a->limits[i]) * t;
        if (a->limits[i].known && !a->limits[i].explained)
            a->unexplained_count++, a->unexplained_ns += t;
    }
    for (size_t i = 0; i < a->report.count; i++) {
        gr_rules_comparison c;
        gr_rules_compare(a->report.launches[i].rules, a->report.launches[i].rule_count, &a->limits[i], &c);
        a->rules_compared += c.verdict != GR_RULES_NONE;
        a->rules_same += c.verdict == GR_RULES_SAME;
    }
    a->explained_share = time > 0 ? explained / time : NAN;
}

/* What to fix first, over the kernels where grouped, else the launches. */
static bool rank_fixes(gr_ncu_analysis *a)
{
    size_t n = a->grouped ? a->group_count : a->report.count;
    double *times = array_of(n, sizeof *times);
    if (!times)
        return false;
    for (size_t i = 0; i < n; i++)
        times[i] = a->grouped ? a->groups[i].figures.q[GR_NCU_Q_TIME_NS] : a->figures[i].q[GR_NCU_Q_TIME_NS];
    a->fix_count = gr_ncu_fix_first(a->grouped ? a->group_limits : a->limits, times, n, a->time_ns_total, a->fix);
    free(times);
    for (size_t i = 0; i < a->fix_count; i++) { /* the roof by its name, as the table's limiter has it */
        size_t k = a->fix[i].index;
        const gr_ncu_limits *lim = a->grouped ? &a->group_limits[k] : &a->limits[k];
        const gr_ncu_figures *f = a->grouped ? &a->groups[k].figures : &a->figures[k];
        a->fix[i].compute_precision = lim->limiter == GR_TIME_LIMIT_COMPUTE ? gr_ncu_slowest_precision(f, &a->roofs) : -1;
    }
    return true;
}

/* Two GPU names the same but for case and spacing ("NVIDIA H200" and
 * "nvidia  h200 "). */
static bool same_name(const char *x, const char *y)
{
    for (;;) {
        while (*x == ' ')
            x++;
        while (*y == ' ')
            y++;
        if (!*x || !*y)
            return !*x && !*y;
        char cx = *x >= 'A' && *x <= 'Z' ? (char)(*x - 'A' + 'a') : *x;
        char cy = *y >= 'A' && *y <= 'Z' ? (char)(*y - 'A' + 'a') : *y;
        if (cx != cy)
            return false;
        x++, y++;
    }
}

/* Whether the results file measured another GPU than the report's: by
 * the GPUs' names where both say, else by the profile the run took and
 * the device the launches are held against. */
static bool results_of_another_gpu(const gr_ncu_analysis *a, const gr_results *r)
{
    const char *name = r->device.name, *profile = r->device.profile;
    if (name[0] && a->report.gpu.name[0])
        return !same_name(name, a->report.gpu.name);
    if (profile[0] && strcmp(profile, "none") != 0 && a->has_device)
        return !same_name(profile, a->device.name);
    return false;
}

bool gr_ncu_analysis_work_out(gr_ncu_analysis *a, const char *shown, const gr_ncu_request *rq, gr_error *err)
{
    if (!choose_device(a, shown, rq, err))
        return false;
    a->has_results = rq->results != NULL;
    a->results_other_gpu = rq->results && results_of_another_gpu(a, rq->results);
    if (!figure_launches(a))
        return gr_error_set(err, "%s: out of memory", shown);
    /* a results file of another GPU gives no roofs: its latencies may serve */
    gr_roofs_fill(a->has_device ? &a->device : NULL, a->results_other_gpu ? NULL : rq->results, NULL, &a->roofs);
    limit_inputs(a, rq);
    judge_launches(a, rq);
    explained_share(a);
    if (!group_launches(a, shown, rq, err))
        return false;
    return rank_fixes(a) || gr_error_set(err, "%s: out of memory", shown);
}

bool gr_ncu_analysis_build(const char *text, size_t len, const char *shown, const gr_ncu_request *rq,
                           gr_ncu_analysis *a, gr_error *err)
{
    if (!gr_ncu_analysis_read(shown, text, len, a, err))
        return false;
    if (gr_ncu_analysis_work_out(a, shown, rq, err))
        return true;
    gr_ncu_analysis_free(a);
    return false;
}

void gr_ncu_analysis_free(gr_ncu_analysis *a)
{
    gr_ncu_report_free(&a->report);
    free(a->figures);
    free(a->bindings);
    free(a->predictions);
    free(a->groups);
    free(a->group_bindings);
    free(a->group_predictions);
    free(a->limits);
    free(a->group_limits);
    free(a->group_of);
    free(a->disagreements);
    *a = (gr_ncu_analysis){0};
}
