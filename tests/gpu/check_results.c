/* The invariants of a measured results file, for the GPU test: every
 * kernel verified, no point above its roof, each matmul's ratio to cuBLAS
 * recorded where cuBLAS ran, gpuroof's occupancy equal to the residency
 * probe's in every configuration. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "results.h"

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

int main(int argc, char **argv)
{
    gr_results r;
    gr_error err;
    if (argc != 2) {
        fprintf(stderr, "usage: check_results RESULTS.yaml\n");
        return 2;
    }
    if (!gr_results_load(argv[1], &r, &err)) {
        printf("FAIL - %s\n", err.text);
        return 1;
    }
    if (isnan(r.ceilings.fp32_gflops) || isnan(gr_results_best_bandwidth(&r)))
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
    for (size_t i = 0; i < r.occupancy_count; i++)
        if (r.occupancy[i].predicted != r.occupancy[i].measured)
            fail("occupancy: %lld threads, %lld registers, %lld B: predicted %lld blocks, measured %lld",
                 r.occupancy[i].threads, r.occupancy[i].regs, r.occupancy[i].smem, r.occupancy[i].predicted,
                 r.occupancy[i].measured);
    printf("%zu kernels, %zu sweep points, %zu occupancy checks: %d failed\n", r.kernel_count, r.sweep_count,
           r.occupancy_count, failures);
    bool empty = r.kernel_count + r.occupancy_count == 0; /* gr_results_free zeroes the counts */
    gr_results_free(&r);
    return failures || empty ? 1 : 0;
}
