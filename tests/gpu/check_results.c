/* The invariants of a measured results file, for the GPU test: every
 * kernel verified, no point above its roof, each matmul's ratio to cuBLAS
 * recorded where cuBLAS ran, gpuroof's occupancy equal to the residency
 * probe's in every configuration, no ceiling above its theoretical figure.
 * With --fresh (a run of this gpuroof, not a committed file): every ceiling
 * the GPU has a unit for is there, with its theoretical figure where
 * gpuroof has the GPU's per-clock figures, and with its spread over five
 * repeats, the tensor ones with their sustained rates; --without-cublas and
 * --without-cublaslt say the run found no cuBLAS (no tensor ceilings) or
 * no cuBLASLt (no FP8 one). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "results.h"
#include "results_format.h"
#include "sm_rates.h"

#define MARGIN 1.05 /* timing noise and a peak measured a little low */

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL - ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures++;
}

static bool cublas_ran(const gr_results *r)
{
    for (size_t i = 0; i < r->kernel_count; i++)
        if (strcmp(r->kernels[i].name, "matmul-cublas") == 0 && r->kernels[i].verified)
            return true;
    return false;
}

static double roof(const gr_results *r, double intensity)
{
    return fmin(r->ceilings.fp32_gflops, intensity * gr_results_best_bandwidth(r));
}

#define CEILING(field) #field, offsetof(gr_result_ceilings, field)

/* The ceilings beside DRAM and the FMAs: measured and theoretical keys,
 * and the tensor type each needs (GR_TENSOR_COUNT: none). */
static const struct {
    const char *name;
    size_t measured;
    const char *theoretical_name;
    size_t theoretical;
    gr_tensor_type tensor;
} peaks[] = {
    {CEILING(shared_gbs), CEILING(shared_theoretical_gbs), GR_TENSOR_COUNT},
    {CEILING(l2_gbs), CEILING(l2_theoretical_gbs), GR_TENSOR_COUNT},
    {CEILING(fp16_gflops), CEILING(fp16_theoretical_gflops), GR_TENSOR_COUNT},
    {CEILING(bf16_gflops), CEILING(bf16_theoretical_gflops), GR_TENSOR_COUNT},
    {CEILING(tensor_fp16_gflops), CEILING(tensor_fp16_theoretical_gflops), GR_TENSOR_FP16},
    {CEILING(tensor_bf16_gflops), CEILING(tensor_bf16_theoretical_gflops), GR_TENSOR_BF16},
    {CEILING(tensor_tf32_gflops), CEILING(tensor_tf32_theoretical_gflops), GR_TENSOR_TF32},
    {CEILING(tensor_fp8_gflops), CEILING(tensor_fp8_theoretical_gflops), GR_TENSOR_FP8},
    {CEILING(tensor_fp64_gflops), CEILING(tensor_fp64_theoretical_gflops), GR_TENSOR_FP64},
};

typedef struct {
    bool fresh, cublas, cublaslt;
} run_kind;

/* Whether a fresh run of this GPU must have the ceiling (and, where
 * gpuroof knows the GPU's per-clock figures, its theoretical twin). */
static bool expected(const gr_results *r, size_t i, const run_kind *run, bool *with_theory)
{
    int major = 0, minor = 0;
    gr_sm_rates rates;
    if (sscanf(r->device.compute_capability, "%d.%d", &major, &minor) != 2)
        return false;
    bool known = gr_sm_rates_of(major, minor, &rates);
    gr_tensor_type t = peaks[i].tensor;
    *with_theory = i == 0 || (i >= 2 && known); /* the L2's comes from the profile */
    if (t == GR_TENSOR_COUNT)
        return true;
    if (!run->cublas || (t == GR_TENSOR_FP8 && !run->cublaslt))
        return false;
    return gr_tensor_type_present(t, major, minor, NULL);
}

static void check_peaks(const gr_results *r, const run_kind *run)
{
    const char *c = (const char *)&r->ceilings;
    for (size_t i = 0; i < sizeof peaks / sizeof peaks[0]; i++) {
        double measured = *(const double *)(c + peaks[i].measured);
        double theoretical = *(const double *)(c + peaks[i].theoretical);
        bool with_theory = false;
        if (run->fresh && expected(r, i, run, &with_theory)) {
            if (isnan(measured))
                fail("%s: absent from a fresh run of a GPU of compute capability %s (not measured, or wrong)",
                     peaks[i].name, r->device.compute_capability);
            if (with_theory && isnan(theoretical))
                fail("%s: absent beside %s", peaks[i].theoretical_name, peaks[i].name);
        }
        if (measured > MARGIN * theoretical)
            fail("%s: %g, above %s (%g)", peaks[i].name, measured, peaks[i].theoretical_name, theoretical);
    }
}

/* A fresh run's ceilings each measured five times: every measured figure
 * (not a theoretical or datasheet one) has its spread row, whose high is
 * the figure; every tensor ceiling has its sustained rate, with its spread,
 * no higher than its burst. */
static void check_spread(const gr_results *r)
{
    const gr_results_section *ceilings = gr_results_section_named("ceilings");
    for (size_t i = 0; i < ceilings->key_count; i++) {
        const char *key = ceilings->keys[i].name;
        double figure = gr_results_ceiling(r, key);
        if (isnan(figure) || strstr(key, "theoretical") || strstr(key, "datasheet"))
            continue;
        const gr_result_spread *s = gr_results_spread_of(r, key);
        if (!s || s->repeats != 5 || s->high != figure)
            fail("%s: %g without its spread of five repeats (%s)", key, figure, s ? "a row that differs" : "no row");
    }
    for (size_t i = 0; i < sizeof peaks / sizeof peaks[0]; i++) {
        const char *sustained = gr_results_sustained_key(peaks[i].name);
        double burst = gr_results_ceiling(r, peaks[i].name);
        if (peaks[i].tensor == GR_TENSOR_COUNT || isnan(burst))
            continue;
        double held = gr_results_ceiling(r, sustained);
        if (isnan(held) || held > MARGIN * burst)
            fail("%s: %g beside a burst of %g", sustained ? sustained : "(no sustained key)", held, burst);
    }
}

/* The latency part of a fresh run that has one: every chase verified, each level no
 * faster than the one above it (L1 and shared memory under the L2, the L2
 * near no slower than far, the L2 under DRAM), every point of the latency
 * roofs verified and none above the best DRAM read ceiling by more than
 * the margin, and a positive launch floor. */
static void check_latency(const gr_results *r)
{
    const gr_result_latency *l = &r->latency;
    if (!l->verified || isnan(l->dram_cycles) || isnan(l->l2_near_cycles) || isnan(l->l1_cycles) ||
        isnan(l->shared_cycles))
        fail("latency: a chase absent or unverified (L1 %g, shared %g, L2 %g, DRAM %g cycles)", l->l1_cycles,
             l->shared_cycles, l->l2_near_cycles, l->dram_cycles);
    if (!(l->l1_cycles < l->l2_near_cycles && l->shared_cycles < l->l2_near_cycles &&
          l->l2_near_cycles <= l->l2_far_cycles && l->l2_far_cycles < l->dram_cycles))
        fail("latency: levels out of order (L1 %g, shared %g, L2 %g and %g, DRAM %g cycles)", l->l1_cycles,
             l->shared_cycles, l->l2_near_cycles, l->l2_far_cycles, l->dram_cycles);
    if (!(l->empty_kernel_ns > 0 && l->launch_interval_ns > 0))
        fail("latency: no launch floor (%g, %g ns)", l->empty_kernel_ns, l->launch_interval_ns);
    if (r->latency_curve_count == 0)
        fail("latency: no latency_curves");
    /* the datasheet's DRAM bandwidth, not the run's best: a curve's read
     * kernel may beat a quick run's small-array DRAM ceilings (an H100's
     * --quick run read 2743 GB/s where a curve point reached 3035) */
    double dram = r->ceilings.datasheet_bandwidth_gbs > 0 ? r->ceilings.datasheet_bandwidth_gbs
                                                           : gr_results_best_bandwidth(r);
    for (size_t i = 0; i < r->latency_curve_count; i++) {
        const gr_result_latency_curve *c = &r->latency_curves[i];
        if (!c->verified || c->gbs > MARGIN * dram)
            fail("latency_curves: %lld B x %lld at %lld warps: %g GB/s, %s", c->load_bytes, c->loads_in_flight,
                 c->warps_per_sm, c->gbs, c->verified ? "above the DRAM bandwidth" : "not verified");
    }
}

/* [--fresh [--without-cublas] [--without-cublaslt]] RESULTS.yaml */
static const char *read_arguments(int argc, char **argv, run_kind *run)
{
    *run = (run_kind){false, true, true};
    int i = 1;
    for (; i < argc - 1; i++) {
        if (strcmp(argv[i], "--fresh") == 0)
            run->fresh = true;
        else if (strcmp(argv[i], "--without-cublas") == 0)
            run->cublas = false;
        else if (strcmp(argv[i], "--without-cublaslt") == 0)
            run->cublaslt = false;
        else
            return NULL;
    }
    return i == argc - 1 && argv[i][0] != '-' ? argv[i] : NULL;
}

int main(int argc, char **argv)
{
    gr_results r;
    gr_error err;
    run_kind run;
    const char *path = read_arguments(argc, argv, &run);
    if (!path) {
        fprintf(stderr, "usage: check_results [--fresh [--without-cublas] [--without-cublaslt]] RESULTS.yaml\n");
        return 2;
    }
    if (!gr_results_load(path, &r, &err)) {
        printf("FAIL - %s\n", err.text);
        return 1;
    }
    /* The roofs the kernels and the sweep are held to; a run of the
     * volatile loops alone (measure --only volatile) has neither. */
    bool needs_roofs = run.fresh || r.kernel_count || r.sweep_count || r.occupancy_count;
    if (needs_roofs && (isnan(r.ceilings.fp32_gflops) || isnan(gr_results_best_bandwidth(&r))))
        fail("%s: no measured ceilings (%g, %g)", "ceilings", r.ceilings.fp32_gflops, gr_results_best_bandwidth(&r));
    bool with_cublas = cublas_ran(&r);
    for (size_t i = 0; i < r.kernel_count; i++) {
        const gr_result_kernel *k = &r.kernels[i];
        if (with_cublas && k->verified && strncmp(k->name, "matmul-", 7) == 0 && isnan(k->vs_cublas))
            fail("%s: no ratio to cuBLAS (vs_cublas) beside it", k->name);
        if (!k->verified)
            fail("%s: not verified (%g FLOP/B, %g GFLOP/s)", k->name, k->intensity, k->gflops);
        if (k->gflops > MARGIN * roof(&r, k->intensity))
            fail("%s: above its roof (%g GFLOP/s, roof %g)", k->name, k->gflops, roof(&r, k->intensity));
    }
    for (size_t i = 0; i < r.sweep_count; i++)
        if (r.sweep[i].gflops > MARGIN * roof(&r, r.sweep[i].intensity))
            fail("%s: above the roof (%g GFLOP/s, roof %g)", "sweep point", r.sweep[i].gflops,
                 roof(&r, r.sweep[i].intensity));
    check_peaks(&r, &run);
    if (run.fresh)
        check_spread(&r);
    bool latency = !isnan(r.latency.empty_kernel_ns) || !isnan(r.latency.sm_clock_mhz) || r.latency_curve_count;
    if (latency)
        check_latency(&r); /* where the run measured it: committed files from before it have none */
    for (size_t i = 0; i < r.occupancy_count; i++)
        if (r.occupancy[i].predicted != r.occupancy[i].measured)
            fail("occupancy: %lld threads, %lld registers, %lld B: predicted %lld blocks, measured %lld",
                 r.occupancy[i].threads, r.occupancy[i].regs, r.occupancy[i].smem, r.occupancy[i].predicted,
                 r.occupancy[i].measured);
    for (size_t i = 0; i < r.volatile_count; i++)
        if (!r.volatiles[i].verified)
            fail("%s: not verified", r.volatiles[i].kernel);
    printf("%zu kernels, %zu sweep points, %zu occupancy checks, %zu volatile checks: %d failed\n", r.kernel_count,
           r.sweep_count, r.occupancy_count, r.volatile_count, failures);
    /* a run of the latency part alone (measure --only latency) is checked by it */
    bool empty = r.kernel_count + r.occupancy_count + r.volatile_count == 0 && !latency; /* gr_results_free zeroes the counts */
    gr_results_free(&r);
    return failures || empty ? 1 : 0;
}
