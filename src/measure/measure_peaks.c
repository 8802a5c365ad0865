/* The ceilings beside DRAM and the FP32 and FP64 FMAs: shared-memory and
 * L2 bandwidth, the FP16 and BF16 FMA peaks and the dense tensor-core
 * peaks, each verified, each beside its theoretical figure at the SM clock
 * read while it ran.  A GPU without the unit, or without cuBLAS, leaves the
 * ceiling absent and says why; a wrong result is reported and not
 * recorded.  Each is measured as GRK_REPEATS load traces of its best
 * candidate (kernels/load_trace.cu): its figure is the best burst of them
 * (a ceiling is the best the GPU showed: the highest repeat), its spread the
 * bursts' low, median and high, its clock and power those read while that
 * burst ran.  The tensor cores, which run into the board's power limit,
 * also record their sustained rate, the clock having settled. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure_gpu.h"
#include "gpuroof_profile.h"

#define CEILING(field) offsetof(gr_result_ceilings, field)

/* The tensor cores' traces: a rest first, long enough for the board's
 * power to fall back below its limit, then load long enough for the clock
 * to settle at it (the H100's settles within some hundred ms). */
#define TENSOR_IDLE_MS 300
#define TENSOR_LOAD_MS 1200

/* The FP16 and BF16 FMAs' target is 77%: on an H100 no split of the FMAs
 * between the FMA and MMA pipes passes 78.6% of Nsight Compute's 128 a
 * clock (profiles/h100.yaml [PIPES]; kernels/half_fma.cu says why).
 * The L2's target is 70% of the profile's L2 bandwidth.  The H100
 * profile's figure is the L2 tag stage's peak as Nsight Compute gives it:
 * lts__t_bytes.sum.peak_sustained, 7680 bytes an L2 cycle, times
 * lts__cycles_elapsed.avg.per_second, 1.709 GHz: 13125 GB/s.  Nsight's
 * roofline L2 roof (5120 bytes an L2 cycle, 8.75 TB/s) is no peak: the
 * measured L2 read (10.1 TB/s) exceeds it. */
static const measure_peak_row rows[MEASURE_PEAK_COUNT] = {
    {"shared memory", CEILING(shared_gbs), CEILING(shared_theoretical_gbs), MEASURE_NO_KEY, "GB/s", 95},
    {"L2", CEILING(l2_gbs), CEILING(l2_theoretical_gbs), MEASURE_NO_KEY, "GB/s", 70},
    {"FP16 FMA", CEILING(fp16_gflops), CEILING(fp16_theoretical_gflops), MEASURE_NO_KEY, "GFLOP/s", 77},
    {"BF16 FMA", CEILING(bf16_gflops), CEILING(bf16_theoretical_gflops), MEASURE_NO_KEY, "GFLOP/s", 77},
    {"tensor FP16", CEILING(tensor_fp16_gflops), CEILING(tensor_fp16_theoretical_gflops),
     CEILING(tensor_fp16_sustained_gflops), "GFLOP/s", 70},
    {"tensor BF16", CEILING(tensor_bf16_gflops), CEILING(tensor_bf16_theoretical_gflops),
     CEILING(tensor_bf16_sustained_gflops), "GFLOP/s", 70},
    {"tensor TF32", CEILING(tensor_tf32_gflops), CEILING(tensor_tf32_theoretical_gflops),
     CEILING(tensor_tf32_sustained_gflops), "GFLOP/s", 70},
    {"tensor FP8", CEILING(tensor_fp8_gflops), CEILING(tensor_fp8_theoretical_gflops),
     CEILING(tensor_fp8_sustained_gflops), "GFLOP/s", 60},
    {"tensor FP64", CEILING(tensor_fp64_gflops), CEILING(tensor_fp64_theoretical_gflops),
     CEILING(tensor_fp64_sustained_gflops), "GFLOP/s", 75},
};

const measure_peak_row *measure_peak_rows(void)
{
    return rows;
}

static double *ceiling_at(measure_run *r, size_t offset)
{
    return (double *)((char *)&r->file.ceilings + offset);
}

/* The clock a theoretical figure uses: the mean of those read during the
 * ceiling's own burst, else the run's, else the maximum. */
static int clock_for(const measure_run *r, double sm_mhz)
{
    if (sm_mhz > 0)
        return (int)lround(sm_mhz);
    return r->sm_clock_mhz > 0 ? r->sm_clock_mhz : r->device.sm_clock_khz / 1000;
}

/* A kernel's trace in the core's terms, in buffers as large as any trace. */
typedef struct {
    gr_trace_mark *marks;
    gr_trace_sample *samples;
} trace_buffers;

static bool buffers_open(trace_buffers *b)
{
    b->marks = malloc(GRK_TRACE_MARKS * sizeof *b->marks);
    b->samples = malloc(GRK_TRACE_SAMPLES * sizeof *b->samples);
    return b->marks && b->samples;
}

static void buffers_close(trace_buffers *b)
{
    free(b->marks);
    free(b->samples);
}

static gr_load_trace trace_in(const trace_buffers *b, const grk_trace *t, double work)
{
    for (int k = 0; k < t->mark_count; k++)
        b->marks[k] = (gr_trace_mark){t->marks[k].ms, t->marks[k].runs};
    for (int k = 0; k < t->sample_count; k++)
        b->samples[k] = (gr_trace_sample){t->samples[k].ms, t->samples[k].sm_mhz, t->samples[k].watts};
    return (gr_load_trace){b->marks, (size_t)t->mark_count, b->samples, (size_t)t->sample_count, work};
}

/* A candidate's trace is judged by its burst, the figure recorded. */
static double burst_score(const grk_trace *t, double work)
{
    trace_buffers b;
    gr_trace_span span;
    double rate = 0;
    if (buffers_open(&b)) {
        gr_load_trace trace = trace_in(&b, t, work);
        if (gr_trace_burst(&trace, GR_BURST_MIN_MS, &span))
            rate = span.rate;
    }
    buffers_close(&b);
    return rate;
}

/* The traces' plan: the tensor cores' after a rest long enough for the
 * board's power to fall back, and long enough under load for the clock to
 * settle at the power limit, with four candidates traced (cuBLAS's
 * kernels for one size and layout differ more under load than alone); the
 * others' shorter. */
static grk_trace_plan plan_for(const measure_plan *p, bool tensor)
{
    if (tensor)
        return p->quick ? (grk_trace_plan){50, 100, 2, burst_score}
                        : (grk_trace_plan){TENSOR_IDLE_MS, TENSOR_LOAD_MS, 4, burst_score};
    return p->quick ? (grk_trace_plan){0, 40, 2, burst_score} : (grk_trace_plan){0, 300, 2, burst_score};
}

bool measure_spans_of(const grk_peak *g, double sustained_from_ms, measure_peak_spans *out)
{
    trace_buffers b;
    bool open = buffers_open(&b);
    out->count = 0;
    for (int i = 0; open && i < g->trace_count; i++) {
        gr_load_trace trace = trace_in(&b, &g->traces[i], g->work);
        if (gr_trace_burst(&trace, GR_BURST_MIN_MS, &out->burst[out->count]) &&
            gr_trace_sustained(&trace, sustained_from_ms, &out->sustained[out->count]))
            out->count++;
    }
    buffers_close(&b);
    return open && out->count > 0;
}

/* Records the highest of spans[0..count) at offset, with its spread;
 * returns the span recorded. */
static const gr_trace_span *record_spans(measure_run *r, size_t offset, const gr_trace_span *spans, int count)
{
    double rates[GRK_REPEATS];
    int best = 0;
    for (int i = 0; i < count; i++) {
        rates[i] = spans[i].rate;
        best = spans[i].rate > spans[best].rate ? i : best;
    }
    measure_record_ceiling(r, offset, rates, count, spans[best].sm_mhz, spans[best].watts);
    return &spans[best];
}

static void span_text(const char *what, const gr_trace_span *s, char *out, size_t size)
{
    int used = snprintf(out, size, "%s over %.0f ms", what, s->to_ms - s->from_ms);
    if (used >= 0 && (size_t)used < size && s->samples)
        used += snprintf(out + used, size - (size_t)used, ", SM clock %.0f MHz (%.0f to %.0f, %zu readings)", s->sm_mhz,
                         s->sm_mhz_min, s->sm_mhz_max, s->samples);
    if (used >= 0 && (size_t)used < size && !isnan(s->watts))
        snprintf(out + used, size - (size_t)used, ", %.0f W", s->watts);
}

/* Records a measured peak: its best burst where it checked out (the
 * tensor cores' sustained rate beside it), its theoretical figure (per_mhz x
 * the burst's clock; NaN per_mhz: unknown, and why_none says why), and
 * what the text says of it, extra at the end. */
static void record_peak(measure_run *r, measure_peak which, const grk_peak *g, const grk_trace_plan *plan,
                        double per_mhz, const char *why_none, const char *extra)
{
    const measure_peak_row *row = &rows[which];
    measure_peak_note *note = &r->peaks[which];
    measure_peak_spans spans;
    char burst[192], sustained[192] = "";
    if (!measure_spans_of(g, plan->load_ms / 2, &spans)) {
        r->failures++;
        measure_fail("%s: no trace could be read (out of memory, or no run timed)", row->what);
        return;
    }
    if (!g->verified) {
        r->failures++;
        measure_fail("%s: the result is wrong: not recorded", row->what);
        return;
    }
    const gr_trace_span *b = record_spans(r, row->measured, spans.burst, spans.count);
    note->sm_mhz = clock_for(r, b->sm_mhz);
    span_text("best burst", b, burst, sizeof burst);
    if (row->sustained != MEASURE_NO_KEY) {
        const gr_trace_span *s = record_spans(r, row->sustained, spans.sustained, spans.count);
        char text[160];
        span_text("", s, text, sizeof text);
        snprintf(sustained, sizeof sustained, "; sustained %.0f %s%s", s->rate, row->unit, text);
    }
    snprintf(note->note, sizeof note->note, "%s; %d traces; %s%s%s%s%s", g->chosen, spans.count, burst, sustained,
             isnan(per_mhz) ? "; " : "", isnan(per_mhz) ? why_none : "", extra);
    measure_progress("%s: %.0f %s (%s)", row->what, *ceiling_at(r, row->measured), row->unit, note->note);
    if (g->power_limit_watts > 0)
        r->power_limit_w = g->power_limit_watts;
    if (!isnan(per_mhz))
        *ceiling_at(r, row->theoretical) = per_mhz * note->sm_mhz;
}

/* A ceiling not measured, and why. */
static void skip_peak(measure_run *r, measure_peak which, const char *why)
{
    snprintf(r->peaks[which].note, sizeof r->peaks[which].note, "not measured: %s", why);
    measure_progress("%s: %s", rows[which].what, r->peaks[which].note);
}

static bool shared_peak(measure_run *r, const measure_plan *p)
{
    grk_peak g = {0};
    grk_error err;
    grk_trace_plan plan = plan_for(p, false);
    int bytes_per_clock = gr_shared_bytes_per_clock(r->device.cc_major, r->device.cc_minor);
    measure_progress("shared-memory loads, %d candidates", grk_shared_variants());
    if (grk_shared_load(-1, p->quick ? 64e6 : 1e9, &plan, &g, &err) != 0) {
        grk_peak_free(&g);
        return measure_cuda_failed(&err);
    }
    record_peak(r, MEASURE_SHARED, &g, &plan, bytes_per_clock ? r->device.sm_count * bytes_per_clock / 1000.0 : NAN,
                "no shared-memory bytes a clock for this compute capability", "");
    grk_peak_free(&g);
    return true;
}

/* Working sets of a twelfth, a sixth and a third of the L2: inside it
 * (even were each half of a partitioned L2 to hold its own copy) and far
 * beyond any SM's L1, which the loads bypass anyway. */
static bool l2_peak(measure_run *r, const measure_plan *p)
{
    grk_peak g = {0};
    grk_error err;
    grk_trace_plan plan = plan_for(p, false);
    double l2 = (double)r->device.l2_bytes;
    size_t sets[] = {(size_t)(l2 / 6), (size_t)(l2 / 12), (size_t)(l2 / 3)};
    int count = p->quick ? 1 : 3;
    measure_progress("L2 loads, working sets of %.1f MiB%s", sets[0] / 1048576.0, count > 1 ? " and others" : "");
    if (grk_l2_read(sets, count, -1, p->quick ? 2e9 : 32e9, &plan, &g, &err) != 0) {
        grk_peak_free(&g);
        return measure_cuda_failed(&err);
    }
    bool known = r->l2_peak_gbs > 0; /* NaN and 0 alike: unknown */
    record_peak(r, MEASURE_L2, &g, &plan, NAN,
                known ? "the theoretical figure is the profile's L2 bandwidth" : "no L2 bandwidth in the GPU's profile",
                "");
    grk_peak_free(&g);
    if (known)
        r->file.ceilings.l2_theoretical_gbs = r->l2_peak_gbs;
    return true;
}

static bool half_peaks(measure_run *r, const measure_plan *p)
{
    gr_sm_rates rates;
    bool known = gr_sm_rates_of(r->device.cc_major, r->device.cc_minor, &rates);
    grk_trace_plan plan = plan_for(p, false);
    for (int bf16 = 0; bf16 <= 1; bf16++) {
        grk_peak g = {0};
        grk_error err;
        measure_progress("%s FMA peak", bf16 ? "BF16" : "FP16");
        if (grk_half_fma(bf16, &plan, &g, &err) != 0) {
            grk_peak_free(&g);
            return measure_cuda_failed(&err);
        }
        double per_clock = known ? (bf16 ? rates.bf16_flops : rates.fp16_flops) : NAN;
        record_peak(r, bf16 ? MEASURE_BF16 : MEASURE_FP16, &g, &plan, r->device.sm_count * per_clock / 1000.0,
                    "no per-clock figure for this compute capability (src/core/profile/sm_rates.c)", "");
        grk_peak_free(&g);
    }
    return true;
}

/* The tensor types as the core, the kernels and the run name them, and the
 * bytes an element of A, B and C take together. */
static const struct {
    gr_tensor_type type;
    grk_tensor_kind kind;
    measure_peak peak;
    double bytes;
} tensor_types[] = {
    {GR_TENSOR_FP16, GRK_TENSOR_FP16, MEASURE_TENSOR_FP16, 2 + 2 + 4},
    {GR_TENSOR_BF16, GRK_TENSOR_BF16, MEASURE_TENSOR_BF16, 2 + 2 + 4},
    {GR_TENSOR_TF32, GRK_TENSOR_TF32, MEASURE_TENSOR_TF32, 4 + 4 + 4},
    {GR_TENSOR_FP8, GRK_TENSOR_FP8, MEASURE_TENSOR_FP8, 1 + 1 + 2},
    {GR_TENSOR_FP64, GRK_TENSOR_FP64, MEASURE_TENSOR_FP64, 8 + 8 + 8},
};

/* The sizes a type's GEMMs try: those of 4096, 8192 and 16384 (FP64: 4096
 * and 8192, it being slower by far) whose three matrices take under 40% of
 * the GPU's memory; 1024 (FP64: 512) in a quick run. */
static int tensor_sizes(const measure_run *r, const measure_plan *p, size_t t, int *sizes)
{
    static const int fast[] = {4096, 8192, 16384}, fp64[] = {4096, 8192};
    bool is_fp64 = tensor_types[t].type == GR_TENSOR_FP64;
    const int *all = is_fp64 ? fp64 : fast;
    int count = 0, total = is_fp64 ? 2 : 3;
    if (p->quick) {
        sizes[0] = is_fp64 ? 512 : 1024;
        return 1;
    }
    for (int i = 0; i < total; i++)
        if ((double)all[i] * all[i] * tensor_types[t].bytes < 0.4 * (double)r->device.global_mem_bytes)
            sizes[count++] = all[i];
    if (count == 0)
        sizes[count++] = 2048;
    return count;
}

static bool tensor_peak(measure_run *r, const measure_plan *p, size_t t, const gr_sm_rates *rates)
{
    const char *why;
    int sizes[3], count = tensor_sizes(r, p, t, sizes);
    grk_peak g = {0};
    grk_error err;
    grk_trace_plan plan = plan_for(p, true);
    measure_peak which = tensor_types[t].peak;
    if (!gr_tensor_type_present(tensor_types[t].type, r->device.cc_major, r->device.cc_minor, &why)) {
        skip_peak(r, which, why);
        return true;
    }
    measure_progress("%s GEMMs, n up to %d", rows[which].what, sizes[count - 1]);
    if (grk_tensor_gemm(tensor_types[t].kind, sizes, count, &plan, &g, &err) != 0) {
        grk_peak_free(&g);
        if (strncmp(err.message, "cuBLAS is not available", 23) == 0 ||
            strncmp(err.message, "cuBLASLt is not available", 25) == 0 ||
            strncmp(err.message, "cuBLAS cannot run", 17) == 0) {
            skip_peak(r, which, err.message);
            return true;
        }
        return measure_cuda_failed(&err);
    }
    char error[96];
    snprintf(error, sizeof error, "; worst error %.2g of a dot product's root-sum-square", g.error);
    double per_clock = rates && rates->tensor_flops[tensor_types[t].type] > 0 ? rates->tensor_flops[tensor_types[t].type]
                                                                              : NAN;
    record_peak(r, which, &g, &plan, r->device.sm_count * per_clock / 1000.0,
                "no per-clock figure for this compute capability (src/core/profile/sm_rates.c)", error);
    grk_peak_free(&g);
    return true;
}

bool measure_peaks(measure_run *r, const measure_plan *p)
{
    gr_sm_rates rates;
    bool known = gr_sm_rates_of(r->device.cc_major, r->device.cc_minor, &rates);
    if (!shared_peak(r, p) || !l2_peak(r, p) || !half_peaks(r, p))
        return false;
    for (size_t t = 0; t < sizeof tensor_types / sizeof tensor_types[0]; t++)
        if (!tensor_peak(r, p, t, known ? &rates : NULL))
            return false;
    return true;
}
