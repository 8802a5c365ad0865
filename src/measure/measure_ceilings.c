/* The measured ceilings: DRAM bandwidth four ways and a copy by the driver,
 * the FP32 and FP64 FMA peaks (and after them measure_peaks.c's), each
 * GRK_REPEATS times for its spread, and the intensity sweep between
 * them. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include "gpuroof_profile.h"
#include "measure_gpu.h"

static size_t stream_elements(const measure_run *r, const measure_plan *p)
{
    if (p->quick)
        return (size_t)32 << 20; /* 128 MiB per array, beyond any L2 */
    double l2 = (double)r->device.l2_bytes;
    double bytes = fmax(16 * l2, 4096.0 * 1024 * 1024); /* far beyond the L2; launches a small share */
    return (size_t)(bytes / 4);
}

/* One STREAM-like kernel GRK_REPEATS times, each the median of the plan's
 * repeats; false on a CUDA failure. */
static bool stream_repeats(measure_run *r, const measure_plan *p, grk_stream_kind kind, const char *name, size_t n,
                           double *rates)
{
    grk_error err;
    for (int k = 0; k < GRK_REPEATS; k++) {
        grk_timing t;
        double bytes;
        bool ok;
        if (grk_stream(kind, n, p->repeats, &t, &bytes, &ok, &err) != 0)
            return measure_cuda_failed(&err);
        rates[k] = ok ? bytes / (t.median_ms * 1e6) : NAN;
        if (!ok) {
            measure_fail("DRAM %s: the result is wrong: not recorded", name);
            r->failures++;
        }
    }
    return true;
}

static bool stream_all(measure_run *r, const measure_plan *p)
{
    static const struct {
        grk_stream_kind kind;
        const char *name;
        size_t offset;
    } kinds[] = {
        {GRK_STREAM_READ, "read", offsetof(gr_result_ceilings, dram_read_gbs)},
        {GRK_STREAM_WRITE, "write", offsetof(gr_result_ceilings, dram_write_gbs)},
        {GRK_STREAM_COPY, "copy", offsetof(gr_result_ceilings, dram_copy_gbs)},
        {GRK_STREAM_TRIAD, "triad", offsetof(gr_result_ceilings, dram_triad_gbs)},
    };
    grk_error err;
    double rates[GRK_REPEATS];
    size_t n = stream_elements(r, p);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        measure_progress("DRAM %s, %zu MiB per array, %d times", kinds[i].name, n * 4 >> 20, GRK_REPEATS);
        if (!stream_repeats(r, p, kinds[i].kind, kinds[i].name, n, rates))
            return false;
        measure_record_ceiling(r, kinds[i].offset, rates, GRK_REPEATS, NAN, NAN);
    }
    measure_progress("cudaMemcpy device to device, %zu MiB, %d times", n * 4 >> 20, GRK_REPEATS);
    for (int k = 0; k < GRK_REPEATS; k++) {
        grk_timing t;
        double moved;
        if (grk_memcpy_d2d(n * 4, p->repeats, &t, &moved, &err) != 0)
            return measure_cuda_failed(&err);
        rates[k] = moved / (t.median_ms * 1e6);
    }
    measure_record_ceiling(r, offsetof(gr_result_ceilings, memcpy_d2d_gbs), rates, GRK_REPEATS, NAN, NAN);
    return true;
}

/* One FMA peak GRK_REPEATS times, the SM clock read after each (the clock
 * it ran at); false on a CUDA failure. */
static bool fma_repeats(measure_run *r, const measure_plan *p, bool fp64, double *rates)
{
    grk_error err;
    for (int k = 0; k < GRK_REPEATS; k++) {
        grk_timing t;
        double flops;
        bool ok;
        if (grk_fma_peak(fp64, p->repeats, &t, &flops, &ok, &err) != 0)
            return measure_cuda_failed(&err);
        int sm_mhz = 0, mem_mhz = 0;
        grk_current_clocks(&sm_mhz, &mem_mhz, &err); /* just after: the clock it ran at */
        if (sm_mhz > 0)
            r->sm_clock_mhz = sm_mhz;
        if (mem_mhz > 0)
            r->mem_clock_mhz = mem_mhz;
        rates[k] = ok ? flops / (t.median_ms * 1e6) : NAN;
        if (!ok) {
            measure_fail("FP%d peak: the result is wrong: not recorded", fp64 ? 64 : 32);
            r->failures++;
        }
    }
    return true;
}

static bool fma_peaks(measure_run *r, const measure_plan *p)
{
    for (int fp64 = 0; fp64 <= 1; fp64++) {
        double rates[GRK_REPEATS];
        measure_progress("FP%d FMA peak, %d times", fp64 ? 64 : 32, GRK_REPEATS);
        if (!fma_repeats(r, p, fp64, rates))
            return false;
        size_t key = fp64 ? offsetof(gr_result_ceilings, fp64_gflops) : offsetof(gr_result_ceilings, fp32_gflops);
        measure_record_ceiling(r, key, rates, GRK_REPEATS, NAN, NAN);
    }
    gr_arch arch;
    double mhz = r->sm_clock_mhz > 0 ? r->sm_clock_mhz : r->device.sm_clock_khz / 1000.0;
    if (gr_arch_of(r->device.cc_major, r->device.cc_minor, &arch)) {
        r->file.ceilings.fp32_theoretical_gflops = r->device.sm_count * arch.fp32_lanes * 2.0 * mhz / 1000;
        r->file.ceilings.fp64_theoretical_gflops = r->device.sm_count * arch.fp64_lanes * 2.0 * mhz / 1000;
    }
    return true;
}

bool measure_ceilings(measure_run *r, const measure_plan *p)
{
    return stream_all(r, p) && fma_peaks(r, p) && measure_peaks(r, p);
}

/* From about 0.1 to about 100 FLOP/B, evenly in log: 2 x fmas / (8 x group). */
bool measure_sweep_run(measure_run *r, const measure_plan *p)
{
    static const struct { int fmas, group; } points[] = {
        {3, 8}, {1, 2}, {3, 4}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {6, 1}, {8, 1}, {12, 1}, {16, 1}, {24, 1},
        {32, 1}, {48, 1}, {64, 1}, {96, 1}, {128, 1}, {192, 1}, {256, 1}, {400, 1},
    };
    grk_error err;
    size_t n = stream_elements(r, p) / (p->quick ? 1 : 2);
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        grk_timing t;
        double flops, bytes;
        bool ok;
        measure_progress("sweep %zu/%zu: %g FLOP/B", i + 1, sizeof points / sizeof points[0],
                         2.0 * points[i].fmas / (8.0 * points[i].group));
        if (grk_sweep(points[i].fmas, points[i].group, n, p->repeats, &t, &flops, &bytes, &ok, &err) != 0)
            return measure_cuda_failed(&err);
        gr_error no_room;
        gr_result_point *s = gr_results_add_sweep_point(&r->file, &no_room);
        if (!s)
            return measure_fail("%s", no_room.text);
        s->intensity = flops / bytes;
        s->gflops = flops / (t.median_ms * 1e6);
        s->verified = ok;
        r->failures += !ok;
    }
    return true;
}
