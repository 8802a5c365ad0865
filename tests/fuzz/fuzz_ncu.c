/* libFuzzer harness: the Nsight Compute analysis (gr_ncu_analysis_build),
 * which `gpuroof ncu` and `plot --ncu` build: the reader of the CSV, then
 * on whatever it accepted each launch's figures, its binding level against
 * an H100's roofs, gpuroof's occupancy prediction on the H100's rules, the
 * launches grouped by kernel and the disagreements; once with the H100
 * given, once to be found from the report's GPU (an error where it is not
 * the H100).  Whatever the reader accepts must be whole: every launch
 * named, every figure a number of its kind or unknown (NaN), never
 * negative; the groups must hold every launch once; each disagreement a
 * launch whose prediction differs. */
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ncu_analysis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The H100 SXM profile's figures (profiles/h100.yaml), set here rather
 * than read, so that every input runs the reader alone. */
static void h100(gr_profile *p)
{
    static const int carveouts_kib[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
    memset(p, 0, sizeof *p);
    strcpy(p->name, "h100");
    p->cc_major = 9;
    p->sm_count = 132;
    p->clock_mhz = 1980;
    p->peak_count = 3;
    p->peaks[0] = (gr_peak){"fp64", 33454.08};
    p->peaks[1] = (gr_peak){"fp32", 66908.16};
    p->peaks[2] = (gr_peak){"tensor_fp16", 989429.76};
    p->bandwidth_gbs = 3352;
    p->max_threads_sm = 2048, p->max_warps_sm = 64, p->max_blocks_sm = 32, p->regs_sm = 65536;
    p->smem_sm_bytes = 228 * 1024;
    p->carveout_count = 10;
    for (int i = 0; i < 10; i++)
        p->carveouts_bytes[i] = carveouts_kib[i] * 1024;
    p->max_threads_block = 1024, p->regs_block = 65536;
    p->smem_block_bytes = 48 * 1024, p->smem_block_optin_bytes = 227 * 1024, p->smem_block_reserved_bytes = 1024;
    p->max_regs_thread = 255, p->reg_alloc_unit = 256, p->reg_subpartitions = 4, p->smem_alloc_unit = 128;
    p->warp_size = 32, p->bank_count = 32, p->bank_width_bytes = 4;
    p->latency_l2_near_cycles = 268.6, p->latency_dram_cycles = 672.8, p->latency_clock_mhz = 1980;
    p->launch_floor_ns = 2080, p->launch_l2_bytes = 1397500;
}

/* A figure is a count, bytes or time: never negative. */
static void check_figure(double x)
{
    if (x < 0)
        abort();
}

static void check_figures(const gr_ncu_figures *f)
{
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        check_figure(f->q[q]);
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        check_figure(f->flops[p]);
    for (int l = 0; l < GR_NCU_LEVEL_COUNT; l++) {
        check_figure(f->bytes[l]);
        check_figure(f->intensity[l]);
    }
    check_figure(f->flops_total);
    check_figure(f->gflops);
    check_figure(f->shared_load);
    check_figure(f->shared_store);
}

/* Every limit a time or unknown; the limiter the longest, explaining no
 * more than the launch took; its speedups at least 1, the expected one no
 * more than the most; a rule's estimated speedup a percentage or none. */
static void check_limits(const gr_ncu_limits *lim)
{
    for (int l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (lim->time_ns[l] < 0 || lim->bound_ns[l] < 0)
            abort();
    if (!lim->known)
        return;
    if (lim->limiter >= GR_TIME_LIMIT_COUNT || !(lim->time_ns[lim->limiter] > 0) || lim->suggestion[0] == 0)
        abort();
    if (lim->explained_ns < 0 || lim->explained_ns > lim->duration_ns * (1 + 1e-9))
        abort();
    if (lim->next != GR_TIME_LIMIT_COUNT &&
        (lim->at_most < 1 - 1e-9 || lim->expected < 1 - 1e-9 || lim->expected > lim->at_most * (1 + 1e-9)))
        abort();
}

static void check_rules(const gr_ncu_launch *l)
{
    for (size_t k = 0; k < l->rule_count; k++)
        if (l->rules[k].speedup_pct < 0 || l->rules[k].name[0] == '\0')
            abort();
}

static void check_judged(const gr_ncu_figures *f, const gr_ncu_binding *b, const gr_ncu_prediction *pr,
                         const gr_ncu_limits *lim)
{
    check_figures(f);
    check_limits(lim);
    if (b->known && (b->binding.count < 1 || b->binding.count > GR_LEVEL_COUNT || b->binding.primary != b->binding.levels[0]))
        abort();
    if (pr->known && (pr->occ.occupancy < 0 || pr->occ.occupancy > 1))
        abort();
}

/* The report's explained share a share (or unknown), its unexplained
 * launches no more than it has; what to fix first, the largest saving
 * first, each a share of the time saved at a speedup of at least 1; the
 * rules compared no more than the launches, the same no more than those. */
static void check_report_figures(const gr_ncu_analysis *a)
{
    if (a->explained_share < 0 || a->explained_share > 1 + 1e-9 || a->unexplained_count > a->report.count)
        abort();
    for (size_t i = 0; i < a->fix_count; i++) {
        const gr_ncu_fix *fix = &a->fix[i];
        if (!(fix->speedup >= 1) || !(fix->saving_share > 0) || fix->saving_share > fix->time_share * (1 + 1e-9))
            abort();
        if (i > 0 && fix->saving_share > a->fix[i - 1].saving_share)
            abort();
        if (fix->index >= (a->grouped ? a->group_count : a->report.count))
            abort();
    }
    if (a->rules_compared > a->report.count || a->rules_same > a->rules_compared)
        abort();
}

static void check_analysis(const gr_ncu_analysis *a)
{
    size_t launches = 0, disagreements = 0;
    if (a->report.count == 0)
        abort(); /* the reader accepts no report without a launch */
    for (size_t i = 0; i < a->report.count; i++) {
        const gr_ncu_prediction *p = &a->predictions[i];
        if (!a->report.launches[i].kernel || !a->report.launches[i].values)
            abort();
        check_judged(&a->figures[i], &a->bindings[i], p, &a->limits[i]);
        check_rules(&a->report.launches[i]);
        if (p->known && p->compared && !p->agrees &&
            (disagreements >= a->disagreement_count || a->disagreements[disagreements++].launch != i))
            abort();
    }
    if (disagreements != a->disagreement_count)
        abort();
    for (size_t g = 0; g < a->group_count; g++) {
        launches += a->groups[g].launches;
        if (a->groups[g].time_share > 1 + 1e-9)
            abort();
        check_judged(&a->groups[g].figures, &a->group_bindings[g], &a->group_predictions[g], &a->group_limits[g]);
    }
    if (a->grouped && launches != a->report.count)
        abort();
    check_report_figures(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_ncu_analysis a;
    gr_error err;
    gr_profile p;
    h100(&p);
    gr_ncu_request given = {.group = true, .device = &p, .device_hint = "--device NAME"};
    if (!gr_ncu_analysis_build((const char *)data, size, "fuzz.csv", &given, &a, &err))
        return 0; /* the reader's error, or out of memory */
    check_analysis(&a);
    gr_ncu_analysis_free(&a);
    gr_profile_list list = {.count = 1, .items = &p};
    gr_ncu_request found = {.profiles = &list, .device_required = true, .device_hint = "--device NAME"};
    if (gr_ncu_analysis_build((const char *)data, size, "fuzz.csv", &found, &a, &err)) {
        if (a.device_source != GR_NCU_DEVICE_FOUND)
            abort();
        check_analysis(&a);
        gr_ncu_analysis_free(&a);
    }
    return 0;
}
