/* What moves the ceilings beside DRAM and the FMAs: a standalone
 * exploration over gpuroof's own kernels (kernels/gpu.h), not part of
 * gpuroof measure.  For each shared-memory load variant alone; the L2 read
 * at working sets from 2 to 48 MiB (each with the fastest launch shape)
 * and each launch shape at a sixth of the L2; the FP16 and BF16 FMA
 * kernels; and each tensor-core GEMM type at each size alone: the best
 * burst of its load traces (after a rest, runs back to back for about
 * 1.2 s), the SM clock and power NVML read while it ran, the theoretical
 * figure at that clock (src/core/profile/sm_rates.c) and the share of it, the best
 * sustained rate, the quick median of lone runs that shortlisted it, and
 * whether the result checked.  One line a measurement on stdout
 * (GPUROOF_CEILINGS_TRACE=1 adds every candidate and trace on stderr).
 *
 * Build (CUDA builds: make tools/ceilings-explore) and run on the GPU:
 *   tools/ceilings-explore [--quick] > ceilings-explore.txt */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpu.h"
#include "measure_gpu.h"
#include "sm_rates.h"

static grk_device device;
/* Each measurement's traces: the tensor cores' plan of gpuroof measure */
static const grk_trace_plan PLAN = {300, 1200, 2, NULL};

/* One line: what, its best burst's rate, the clock (the mean of the
 * readings while it ran, least and greatest; where none came, the maximum
 * clock) and power, the theoretical figure at that clock (per_mhz x MHz;
 * NaN: none) and the share, the best sustained rate (from half the load on)
 * with its clock, the quick median's rate, and whether it checked; frees
 * the traces. */
static void report(const char *what, grk_peak *g, double per_mhz, const char *unit)
{
    measure_peak_spans spans;
    bool read = measure_spans_of(g, PLAN.load_ms / 2, &spans);
    grk_peak_free(g);
    if (!read) {
        printf("%-34s no trace to read\n", what);
        return;
    }
    const gr_trace_span *b = &spans.burst[0], *s = &spans.sustained[0];
    for (int i = 1; i < spans.count; i++) {
        b = spans.burst[i].rate > b->rate ? &spans.burst[i] : b;
        s = spans.sustained[i].rate > s->rate ? &spans.sustained[i] : s;
    }
    double mhz = b->samples > 0 ? b->sm_mhz : device.sm_clock_khz / 1000.0;
    double theoretical = per_mhz * mhz;
    printf("%-34s %10.1f %-7s at %6.1f MHz", what, b->rate, unit, mhz);
    if (b->samples > 0)
        printf(" (%4.0f-%4.0f, %3zu readings, %4.0f W)", b->sm_mhz_min, b->sm_mhz_max, b->samples, b->watts);
    else
        printf(" (no reading: the maximum)");
    if (!isnan(theoretical))
        printf(" of %10.1f (%5.1f%%)", theoretical, 100 * b->rate / theoretical);
    printf("  sustained %10.1f at %6.1f MHz %4.0f W  quick %10.1f  %s  [%s]\n", s->rate, s->sm_mhz, s->watts,
           g->work / (g->t.median_ms * 1e6), g->verified ? "verified" : "WRONG", g->chosen);
    fflush(stdout);
}

static void failed(const char *what, const grk_error *err, grk_peak *g)
{
    grk_peak_free(g);
    printf("%-34s failed: %s\n", what, err->message);
    fflush(stdout);
}

static void shared_variants(double bytes_per_sm)
{
    double per_mhz = device.sm_count * gr_shared_bytes_per_clock(device.cc_major, device.cc_minor) / 1000.0;
    for (int v = 0; v < grk_shared_variants(); v++) {
        grk_peak g = {0};
        grk_error err;
        char what[64];
        snprintf(what, sizeof what, "shared variant %d", v);
        if (grk_shared_load(v, bytes_per_sm, &PLAN, &g, &err) != 0)
            failed(what, &err, &g);
        else
            report(what, &g, per_mhz, "GB/s");
    }
}

/* The working-set sweep (the fastest shape at each), then each shape at a
 * sixth of the L2.  No theoretical figure: the L2 clock is not to be read. */
static void l2_sweep(double bytes_per_run)
{
    static const double mib[] = {2, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48};
    size_t sixth = (size_t)device.l2_bytes / 6;
    for (size_t i = 0; i < sizeof mib / sizeof mib[0]; i++) {
        grk_peak g = {0};
        grk_error err;
        char what[64];
        size_t set = (size_t)(mib[i] * 1048576);
        snprintf(what, sizeof what, "L2 working set %.0f MiB", mib[i]);
        if (grk_l2_read(&set, 1, -1, bytes_per_run, &PLAN, &g, &err) != 0)
            failed(what, &err, &g);
        else
            report(what, &g, NAN, "GB/s");
    }
    for (int v = 0; v < grk_l2_variants(); v++) {
        grk_peak g = {0};
        grk_error err;
        char what[64];
        snprintf(what, sizeof what, "L2 shape %d at %.1f MiB", v, sixth / 1048576.0);
        if (grk_l2_read(&sixth, 1, v, bytes_per_run, &PLAN, &g, &err) != 0)
            failed(what, &err, &g);
        else
            report(what, &g, NAN, "GB/s");
    }
}

static void half_and_tensor(bool quick)
{
    static const char *const names[GRK_TENSOR_COUNT] = {"fp16", "bf16", "tf32", "fp8", "fp64"};
    static const int sizes[] = {2048, 4096, 8192, 16384};
    gr_sm_rates rates;
    bool known = gr_sm_rates_of(device.cc_major, device.cc_minor, &rates);
    for (int bf16 = 0; bf16 <= 1; bf16++) {
        grk_peak g = {0};
        grk_error err;
        double per_clock = known ? (bf16 ? rates.bf16_flops : rates.fp16_flops) : NAN;
        if (grk_half_fma(bf16, &PLAN, &g, &err) != 0)
            failed(bf16 ? "BF16 FMA" : "FP16 FMA", &err, &g);
        else
            report(bf16 ? "BF16 FMA" : "FP16 FMA", &g, device.sm_count * per_clock / 1000.0, "GFLOP/s");
    }
    for (int k = 0; k < GRK_TENSOR_COUNT; k++)
        for (size_t s = 0; s < (quick ? 1 : sizeof sizes / sizeof sizes[0]); s++) {
            grk_peak g = {0};
            grk_error err;
            char what[64];
            double per_clock = known ? rates.tensor_flops[k] : NAN; /* GRK_TENSOR_* and GR_TENSOR_* agree */
            snprintf(what, sizeof what, "tensor %s n=%d", names[k], sizes[s]);
            if (grk_tensor_gemm((grk_tensor_kind)k, &sizes[s], 1, &PLAN, &g, &err) != 0) {
                failed(what, &err, &g);
                continue;
            }
            report(what, &g, per_clock > 0 ? device.sm_count * per_clock / 1000.0 : NAN, "GFLOP/s");
            printf("%-34s worst error %.3g of a dot product's root-sum-square\n", "", g.error);
        }
}

int main(int argc, char **argv)
{
    grk_error err;
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 2 || (argc == 2 && !quick)) {
        fprintf(stderr, "usage: ceilings-explore [--quick]\n");
        return 2;
    }
    if (grk_device_open(0, &device, &err) != 0) {
        fprintf(stderr, "ceilings-explore: %s\n", err.message);
        return 1;
    }
    printf("# %s, compute capability %d.%d, %d SMs, maximum SM clock %d MHz, L2 %lld bytes\n", device.name,
           device.cc_major, device.cc_minor, device.sm_count, device.sm_clock_khz / 1000, device.l2_bytes);
    shared_variants(quick ? 64e6 : 1e9);
    l2_sweep(quick ? 2e9 : 32e9);
    half_and_tensor(quick);
    return 0;
}
