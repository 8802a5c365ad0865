/* The benchmark's targets, checked against a run: how close the
 * ceilings come to the physical limits, and whether the sweep traces the
 * roof.  Printed after a run; not a test. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_roofline.h"
#include "measure_gpu.h"

/* Prints one target; returns 1 where it was missed, 0 where met. */
static int target(const char *what, double value, double goal, const char *unit)
{
    bool met = value >= goal;
    printf("  %-55s %9.1f %-8s (target %.1f): %s\n", what, value, unit, goal, met ? "met" : "MISSED");
    return !met;
}

/* Every sweep point within 105% of its roof, and at least 90% of it below
 * half or above twice the ridge (75% near it).  The roof's bandwidth is the
 * copy's: the sweep reads one array and writes another, as the copy does. */
static int sweep_targets(const gr_results *r)
{
    const gr_result_ceilings *c = &r->ceilings;
    double ridge = c->fp32_gflops / c->dram_copy_gbs, worst_far = INFINITY, worst_near = INFINITY, highest = 0;
    for (size_t i = 0; i < r->sweep_count; i++) {
        const gr_result_point *s = &r->sweep[i];
        double share = s->gflops / fmin(c->fp32_gflops, s->intensity * c->dram_copy_gbs);
        bool near = s->intensity >= ridge / 2 && s->intensity <= ridge * 2;
        *(near ? &worst_near : &worst_far) = fmin(near ? worst_near : worst_far, share);
        highest = fmax(highest, share);
    }
    if (r->sweep_count == 0)
        return 0;
    int missed = target("sweep: lowest share of the roof, far from the ridge (%)", 100 * worst_far, 90, "%");
    missed += target("sweep: lowest share of the roof, near the ridge (%)", 100 * worst_near, 75, "%");
    return missed + target("sweep: 105 less the highest share of the roof (%)", 105 - 100 * highest, 0, "%");
}

static int matmul_targets(const measure_run *r)
{
    const char *params = "width=4096";
    const gr_result_kernel *naive = measure_find_kernel(r, "matmul-naive", params);
    const gr_results *f = &r->file;
    double best = 0;
    for (size_t i = 0; i < f->kernel_count; i++)
        if (strncmp(f->kernels[i].name, "matmul-tiled", 12) == 0 &&
            strncmp(f->kernels[i].params, params, strlen(params)) == 0 && f->kernels[i].verified)
            best = fmax(best, f->kernels[i].gflops);
    if (!naive || best <= 0)
        return 0;
    return target("tiled matmul at 4096 over the naive one (x)", best / naive->gflops, 2, "x");
}

/* Each ceiling beside DRAM and the FMAs: its share of its theoretical
 * figure, at the SM clock read while it ran (the mean of the readings over
 * the window its figure was timed in; the L2's: the profile's bandwidth,
 * its target 70%, measure_peaks.c says why); where either is missing, why,
 * as the run found it. */
static int peak_targets(const measure_run *r)
{
    const measure_peak_row *rows = measure_peak_rows();
    int missed = 0;
    for (int i = 0; i < MEASURE_PEAK_COUNT; i++) {
        const char *ceilings = (const char *)&r->file.ceilings, *note = r->peaks[i].note;
        double measured = *(const double *)(ceilings + rows[i].measured);
        double theoretical = *(const double *)(ceilings + rows[i].theoretical);
        char what[128];
        if (isnan(measured)) {
            printf("  %s: %s\n", rows[i].what, note[0] ? note : "not measured");
            continue;
        }
        if (isnan(theoretical)) {
            printf("  %s: %.0f %s, no theoretical figure (%s)\n", rows[i].what, measured, rows[i].unit, note);
            continue;
        }
        if (i == MEASURE_L2)
            snprintf(what, sizeof what, "%s, %% of the profile's L2 bandwidth", rows[i].what);
        else
            snprintf(what, sizeof what, "%s, %% of theoretical at %d MHz", rows[i].what, r->peaks[i].sm_mhz);
        missed += target(what, 100 * measured / theoretical, rows[i].target_percent, "%");
    }
    return missed;
}

int measure_report_targets(const measure_run *r, double seconds)
{
    const gr_result_ceilings *c = &r->file.ceilings;
    gr_roofs datasheet_roofs;
    gr_roofs_fill(r->profile, NULL, NULL, &datasheet_roofs);
    double datasheet = gr_roofs_dram_gbs(&datasheet_roofs);
    int missed = 0;
    printf("Targets (datasheet DRAM bandwidth %.0f GB/s):\n", datasheet);
    if (c->dram_copy_gbs > 0 && !isnan(datasheet)) {
        missed += target("DRAM copy, % of the datasheet bandwidth", 100 * c->dram_copy_gbs / datasheet, 90, "%");
        missed += target("DRAM triad, % of the datasheet bandwidth", 100 * c->dram_triad_gbs / datasheet, 90, "%");
        missed += target("DRAM read, % of the datasheet bandwidth", 100 * c->dram_read_gbs / datasheet, 93, "%");
        missed += target("DRAM copy over cudaMemcpy device to device (%)", 100 * c->dram_copy_gbs / c->memcpy_d2d_gbs, 100, "%");
    }
    if (c->fp32_gflops > 0) {
        missed += target("FP32, % of SMs x lanes x 2 x the clock read", 100 * c->fp32_gflops / c->fp32_theoretical_gflops, 95, "%");
        missed += target("FP64, % of SMs x lanes x 2 x the clock read", 100 * c->fp64_gflops / c->fp64_theoretical_gflops, 95, "%");
    }
    if (c->fp32_gflops > 0)
        missed += peak_targets(r);
    if (c->dram_copy_gbs > 0 && c->fp32_gflops > 0)
        missed += sweep_targets(&r->file);
    missed += matmul_targets(r);
    missed += target("the whole run, 120 less its seconds", 120 - seconds, 0, "s");
    return missed;
}
