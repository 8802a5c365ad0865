/* The ncu command's text: the report and the roofs, then each launch (or
 * with --group each kernel) with its work shown: the FLOPs from their
 * instruction counts, bytes and intensity at each level, the achieved
 * rate, each level's roof and the one that binds, the occupancy beside
 * Nsight Compute's, the shared-memory wavefronts beside the ideal. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "ncu_figure_text.h"
#include "levels_output.h"
#include "ncu_output.h"
#include "output.h"

/* A quantity's figure: "varies" where a kernel's launches differ in it. */
static out_figure qfig(const gr_ncu_figures *f, gr_ncu_quantity q)
{
    return f->varies[q] ? (out_figure){"varies"} : ncu_fig(f->q[q]);
}
#define QFIG(f, q) (qfig(f, q).text)

static void print_shape(FILE *out, const char *what, const long long v[3], bool varies)
{
    if (v[0] >= 0)
        fprintf(out, "%s (%lld, %lld, %lld)", what, v[0], v[1], v[2]);
    else
        fprintf(out, "%s %s", what, varies ? "varies" : "?");
}

static void print_launch_shape(FILE *out, const gr_ncu_figures *f)
{
    fprintf(out, "  launch     ");
    print_shape(out, "grid", f->grid, f->varies[GR_NCU_Q_GRID_X]);
    print_shape(out, " x block", f->block, f->varies[GR_NCU_Q_BLOCK_X]);
    bool threads_vary = isnan(f->threads_per_block) && (f->varies[GR_NCU_Q_BLOCK_X] || f->varies[GR_NCU_Q_BLOCK_THREADS]);
    fprintf(out, ": %s threads a block, %s registers a thread;\n", threads_vary ? "varies:" : NCU_FIG(f->threads_per_block),
           QFIG(f, GR_NCU_Q_REGISTERS));
    fprintf(out, "             shared memory %s B static + %s B dynamic a block, %s B configured an SM\n",
           QFIG(f, GR_NCU_Q_SMEM_STATIC), QFIG(f, GR_NCU_Q_SMEM_DYNAMIC), QFIG(f, GR_NCU_Q_SMEM_CONFIG));
}

static void print_time(FILE *out, const gr_ncu_figures *f)
{
    fprintf(out, "  time       %s ns", NCU_FIG(f->q[GR_NCU_Q_TIME_NS]));
    if (!isnan(f->sm_clock_mhz))
        fprintf(out, " (%s SM cycles: %s MHz)", NCU_FIG(f->q[GR_NCU_Q_SM_CYCLES]), NCU_FIG(f->sm_clock_mhz));
    fprintf(out, "\n");
}

/* "fp32 = fadd + fmul + 2 x ffma = 1 + 2 + 2 x 3 = 9" */
static void print_pipe(FILE *out, const gr_ncu_figures *f, const char *name, const char *op, gr_ncu_quantity add, double weight,
                       gr_ncu_precision p)
{
    const char *w = weight == 1 ? "" : "2 x ", *wf = weight == 1 ? "2 x " : "4 x ";
    fprintf(out, "             %s = %s%sadd + %s%smul + %s%sfma = %s%s + %s%s + %s%s = %s\n", name, w, op, w, op, wf, op, w,
           NCU_FIG(f->q[add]), w, NCU_FIG(f->q[add + 1]), wf, NCU_FIG(f->q[add + 2]),
           NCU_LFIG(f->flops[p], f->flops_lower[p]));
}

static bool tensor_lower(const gr_ncu_figures *f)
{
    bool lower = false;
    for (int p = GR_NCU_TENSOR_FP16; p < GR_NCU_PRECISION_COUNT; p++)
        lower |= f->flops_lower[p] || isnan(f->flops[p]);
    return lower && !isnan(f->flops_tensor);
}

static void print_flops(FILE *out, const gr_ncu_figures *f)
{
    bool lower = tensor_lower(f);
    fprintf(out, "  FLOPs      (thread instructions; FP16 ones are packed pairs)\n");
    print_pipe(out, f, "fp64", "d", GR_NCU_Q_DADD, 1, GR_NCU_FP64);
    print_pipe(out, f, "fp32", "f", GR_NCU_Q_FADD, 1, GR_NCU_FP32);
    print_pipe(out, f, "fp16", "h", GR_NCU_Q_HADD, 2, GR_NCU_FP16);
    if (f->fp16_move_hfma > 0)
        fprintf(out, "             and %s hfma that are register moves, not FLOPs (ptxas zeroes registers with "
                     "HFMA2.MMA Rd, -RZ, RZ, 0, 0)\n",
                NCU_FIG(f->fp16_move_hfma));
    const double *t = &f->flops[GR_NCU_TENSOR_FP16];
    const bool *t_lower = &f->flops_lower[GR_NCU_TENSOR_FP16];
    fprintf(out, "             tensor = fp16 + bf16 + tf32 + fp64 + fp8 = %s + %s + %s + %s + %s = %s%s\n",
           NCU_LFIG(t[0], t_lower[0]), NCU_LFIG(t[1], t_lower[1]), NCU_LFIG(t[2], t_lower[2]),
           NCU_LFIG(t[3], t_lower[3]), NCU_LFIG(t[4], t_lower[4]), NCU_LFIG(f->flops_tensor, lower),
           f->q[GR_NCU_Q_TENSOR_PIPE_INST] == 0 && f->from[GR_NCU_Q_TENSOR_FP16] < 0
               ? " (the Tensor pipe ran no instruction)" : "");
    fprintf(out, "             total = %s + %s + %s + %s = %s\n", NCU_LFIG(f->flops_fp64, f->flops_lower[GR_NCU_FP64]),
           NCU_LFIG(f->flops_fp32, f->flops_lower[GR_NCU_FP32]),
           NCU_LFIG(f->flops_fp16, f->flops_lower[GR_NCU_FP16]), NCU_LFIG(f->flops_tensor, lower),
           NCU_LFIG(f->flops_total, f->flops_total_lower));
}

/* Where the L2's and L1's bytes came from, and what they count. */
static void print_level_bytes(FILE *out, const gr_ncu_figures *f)
{
    if (f->bytes_from[GR_NCU_L2] == GR_NCU_Q_L2_XBAR_BYTES)
        fprintf(out, "             L2 %s B: derived__lts__lts2xbar_bytes.sum.per_second x duration, the bytes the L2 "
               "sent the SMs (the roofline sections'; not lts__t_bytes)\n", NCU_FIG(f->bytes[GR_NCU_L2]));
    else
        fprintf(out, "             L2 %s B: lts__t_bytes.sum\n", NCU_FIG(f->bytes[GR_NCU_L2]));
    if (f->bytes_from[GR_NCU_L1] == GR_NCU_Q_L1_WRITEBACK_BYTES)
        fprintf(out, "             L1 %s B: derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second x duration, the "
               "L1's writeback of local, global and shared data (the roofline sections'; not l1tex__t_bytes)\n",
               NCU_FIG(f->bytes[GR_NCU_L1]));
    else
        fprintf(out, "             L1 = l1tex__t_bytes + %d B x shared wavefronts (load + store) = %s + %d x (%s + %s) = %s B\n",
               GR_NCU_WAVEFRONT_BYTES, NCU_FIG(f->q[GR_NCU_Q_L1_BYTES]), GR_NCU_WAVEFRONT_BYTES,
               NCU_FIG(f->q[GR_NCU_Q_SHARED_LD_WAVEFRONTS]), NCU_FIG(f->q[GR_NCU_Q_SHARED_ST_WAVEFRONTS]),
               NCU_LFIG(f->bytes[GR_NCU_L1], f->bytes_lower[GR_NCU_L1]));
}

/* Where an empty kernel's L2 traffic is a tenth or more of a launch's,
 * say whose it is: a tiny kernel's L2 figure is mostly not its own. */
static void print_launch_l2(FILE *out, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    if (lim->launch_l2_share >= 0.1)
        fprintf(out, "             of the L2's, %s (%s B) an empty kernel moves too under Nsight Compute (the "
                     "profile's launch_l2_bytes): every launch's, not this kernel's work\n",
                NCU_PCT(lim->launch_l2_share), NCU_FIG(in->launch_l2_bytes));
}

static void print_bytes(FILE *out, const gr_ncu_figures *f, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    fprintf(out, "  bytes      DRAM ");
    if (f->chip_lacks[GR_NCU_Q_DRAM_READ])
        fprintf(out, "? B (%s counts no DRAM bytes: its memory is the system's)\n", gr_ncu_chip_name(f->chip));
    else {
        if (f->bytes_from[GR_NCU_DRAM] == GR_NCU_Q_DRAM_READ && !isnan(f->bytes[GR_NCU_DRAM]))
            fprintf(out, "read + write = %s + %s = ", NCU_FIG(f->q[GR_NCU_Q_DRAM_READ]), NCU_FIG(f->q[GR_NCU_Q_DRAM_WRITE]));
        fprintf(out, "%s B", NCU_LFIG(f->bytes[GR_NCU_DRAM], f->bytes_lower[GR_NCU_DRAM]));
        if (f->bytes_from[GR_NCU_DRAM] == GR_NCU_Q_DRAM_BYTES)
            fprintf(out, " (dram__bytes)");
        fprintf(out, "\n");
    }
    print_level_bytes(out, f);
    print_launch_l2(out, lim, in);
    fprintf(out, "  intensity  FLOPs / bytes: DRAM %s, L2 %s, L1 %s FLOP/B\n",
           NCU_IFIG(f->intensity[GR_NCU_DRAM], f->flops_total_lower, f->bytes_lower[GR_NCU_DRAM]),
           NCU_IFIG(f->intensity[GR_NCU_L2], f->flops_total_lower, f->bytes_lower[GR_NCU_L2]),
           NCU_IFIG(f->intensity[GR_NCU_L1], f->flops_total_lower, f->bytes_lower[GR_NCU_L1]));
    fprintf(out, "  achieved   %s FLOP / %s ns = %s GFLOP/s\n", NCU_LFIG(f->flops_total, f->flops_total_lower),
           NCU_FIG(f->q[GR_NCU_Q_TIME_NS]), NCU_LFIG(f->gflops, f->flops_total_lower));
}

static const char *source_word(gr_roof_source s)
{
    return s == GR_ROOF_MEASURED ? "measured" : "profile";
}

/* "fp32 9 FLOP / 66908 GFLOP/s + ... = 0.1 ns" */
static void print_compute_roof(FILE *out, const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *b)
{
    int terms = 0;
    fprintf(out, "  roofs      compute: ");
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        if (f->flops[p] == 0)
            continue;
        fprintf(out, "%s%s %s FLOP / %s GFLOP/s", terms++ ? " + " : "", gr_ncu_precision_name(p), NCU_FIG(f->flops[p]),
               NCU_FIG(v->a.roofs.peak_gflops[gr_ncu_peak_index(p)].value));
    }
    if (terms == 0)
        fprintf(out, "no FLOPs");
    fprintf(out, " = %s ns", NCU_FIG(b->compute_time_ns));
    if (terms > 1)
        fprintf(out, " (%s GFLOP/s for the mix)", NCU_FIG(b->compute_gflops));
    fprintf(out, "\n");
}

static void print_level_roof(FILE *out, const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *b,
                             const gr_ncu_limits *lim, int level)
{
    const char *name = gr_level_name((gr_level)level);
    const gr_roof *bw = &v->a.roofs.bandwidth_gbs[level];
    if (isnan(bw->value)) {
        fprintf(out, "             %s: no roof known for %s (left out)\n", name,
               v->a.has_device ? v->a.device.name : "no device");
        return;
    }
    if (isnan(f->bytes[level])) {
        fprintf(out, "             %s: %s GB/s (%s), bytes unknown (left out)\n", name, NCU_FIG(bw->value),
               source_word(bw->source));
        return;
    }
    fprintf(out, "             %s: %s B / %s GB/s (%s) = %s ns; ", name, NCU_FIG(f->bytes[level]), NCU_FIG(bw->value),
           source_word(bw->source), NCU_FIG(b->level_time_ns[level]));
    if (f->flops_total == 0) /* no FLOPs: a roof of 0 GFLOP/s says nothing, the bandwidth does */
        fprintf(out, "achieved %s GB/s, %s of it\n", NCU_FIG(lim->achieved_gbs[level]), NCU_PCT(lim->roof_share[level]));
    else
        fprintf(out, "roof %s FLOP/B x %s GB/s = %s GFLOP/s\n", NCU_FIG(f->intensity[level]), NCU_FIG(bw->value),
               NCU_FIG(b->memory_roof_gflops[level]));
}

static void print_binding(FILE *out, const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *binding,
                          const gr_ncu_limits *lim)
{
    const gr_ncu_binding b = *binding;
    if (!b.known && !b.left_out[0] && isnan(b.compute_time_ns)) {
        fprintf(out, "  binding    unknown: %s\n", b.why_unknown);
        return;
    }
    if (isnan(b.compute_time_ns))
        fprintf(out, "  roofs      compute: FLOPs not all counted (left out)\n");
    else
        print_compute_roof(out, v, f, &b);
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        print_level_roof(out, v, f, &b, lim, level);
    if (!b.known) {
        fprintf(out, "  binding    unknown: %s\n", b.why_unknown);
        return;
    }
    bool tie = b.binding.count > 1;
    gr_buf words = GR_BUF_INIT;
    levels_binding_add(&words, &b.binding);
    if (f->flops_total == 0) {
        gr_level l = b.binding.primary;
        fprintf(out, "  binding    %s, whose bytes take the longest (%s ns); achieved %s GB/s, %s of its bandwidth\n",
               gr_buf_text(&words), NCU_FIG(b.binding_time_ns), NCU_FIG(lim->achieved_gbs[l]),
               NCU_PCT(lim->roof_share[l]));
        gr_buf_free(&words);
        return;
    }
    fprintf(out, "  binding    %s, whose %s the lowest (%s GFLOP/s: %s %s ns are the longest)", gr_buf_text(&words),
           tie ? "roofs are" : "roof is", NCU_FIG(b.binding_roof_gflops), tie ? "their" : "its",
           NCU_FIG(b.binding_time_ns));
    gr_buf_free(&words);
    if (!isnan(b.achieved_fraction))
        fprintf(out, "; achieved is %s%s of it", f->flops_total_lower ? "at least " : "", NCU_PCT(b.achieved_fraction));
    fprintf(out, "\n");
    if (gr_ncu_figures_lower(f))
        fprintf(out, "             (from lower bounds, 'at least': the report lacks counters this chip has, named below)\n");
    if (b.left_out[0])
        fprintf(out, "             (of the times known: %s left out, the report lacks its counters)\n", b.left_out);
}

/* A limit's blocks an SM, "-" where it sets none, "?" where unknown. */
static out_figure limit_text(const gr_ncu_prediction *p, int limit)
{
    if (!p->known)
        return (out_figure){"?"};
    if (p->occ.limit[limit] == GR_UNLIMITED)
        return (out_figure){"-"};
    return out_num((double)p->occ.limit[limit]);
}

/* Nsight Compute's figure of each gr_limit (its warps limit is the threads'). */
static const gr_ncu_quantity ncu_limits[] = {GR_NCU_Q_LIMIT_WARPS, GR_NCU_Q_LIMIT_BLOCKS, GR_NCU_Q_LIMIT_REGISTERS,
                                             GR_NCU_Q_LIMIT_SHARED};

static void print_limits(FILE *out, const gr_ncu_figures *f, const gr_ncu_prediction *p)
{
    fprintf(out, "             blocks an SM each allows, gpuroof (Nsight Compute):");
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        fprintf(out, "%s %s %s (%s)", i ? "," : "", out_limit_words((gr_limit)i), limit_text(p, i).text,
               QFIG(f, ncu_limits[i]));
    fprintf(out, "\n");
}

static void print_occupancy(FILE *out, const gr_ncu_figures *f, const gr_ncu_prediction *p)
{
    fprintf(out, "  occupancy  gpuroof ");
    if (p->known) {
        gr_buf limiters = GR_BUF_INIT;
        out_limiters(&limiters, p->occ.limiters);
        fprintf(out, "%s (%d block%s an SM, %d of %d warps; limited by %s)", NCU_PCT(p->occ.occupancy),
               p->occ.blocks_per_sm, out_plural(p->occ.blocks_per_sm), p->occ.warps_per_sm, p->occ.max_warps_sm,
               gr_buf_text(&limiters));
        gr_buf_free(&limiters);
    } else {
        fprintf(out, "? (%s)", p->why_unknown);
    }
    fprintf(out, ", Nsight Compute theoretical %s, achieved %s%s\n",
           f->varies[GR_NCU_Q_THEORETICAL_PCT] ? "varies" : NCU_PCT(f->occupancy_theoretical),
           NCU_PCT(f->occupancy_achieved), p->compared && !p->agrees ? ": gpuroof DIFFERS" : "");
    print_limits(out, f, p);
}

static void print_shared(FILE *out, const gr_ncu_figures *f)
{
    double ld_conf = f->q[GR_NCU_Q_SHARED_LD_CONFLICTS], st_conf = f->q[GR_NCU_Q_SHARED_ST_CONFLICTS];
    fprintf(out, "  shared     load %s wavefronts for %s instructions (%s a request), store %s for %s (%s)\n",
           NCU_FIG(f->shared_load), NCU_FIG(f->q[GR_NCU_Q_SHARED_LD_INST]), NCU_FIG(f->shared_load_per_request),
           NCU_FIG(f->shared_store), NCU_FIG(f->q[GR_NCU_Q_SHARED_ST_INST]), NCU_FIG(f->shared_store_per_request));
    fprintf(out, "             ideal = wavefronts - bank conflicts = (%s - %s) + (%s - %s) = %s; the excess, %s, are bank "
           "conflicts\n", NCU_FIG(f->shared_load), NCU_FIG(ld_conf), NCU_FIG(f->shared_store), NCU_FIG(st_conf),
           NCU_FIG(f->shared_ideal), NCU_FIG(f->shared_conflicts));
}

/* The global loads as instructions and the L1's sectors, where the
 * report has their counters (older ones do not). */
static void print_global_loads(FILE *out, const gr_ncu_figures *f)
{
    double inst = f->q[GR_NCU_Q_GLOBAL_LD_INST], hits = f->q[GR_NCU_Q_GLOBAL_LD_HIT_SECTORS];
    if (isnan(inst) && isnan(hits))
        return;
    /* TMA and LDGSTS copies bring a GEMM's tiles in without an LDG: this
     * count (LDG and LD) is zero for them, which is no miss. */
    if (inst == 0 && f->q[GR_NCU_Q_GLOBAL_LD_SECTORS] == 0) {
        fprintf(out, "  global     no LDG or LD loads (copies by TMA or LDGSTS are not counted here)\n");
        return;
    }
    fprintf(out, "  global     load %s instructions, %s L1 sectors of which %s hit (%s)\n", NCU_FIG(inst),
            NCU_FIG(f->q[GR_NCU_Q_GLOBAL_LD_SECTORS]), NCU_FIG(hits), NCU_PCT(gr_ncu_l1_global_hit_rate(f)));
}

/* Items of a list, wrapped to 100 columns under a first line of their own. */
typedef struct {
    int indent;
    int column;
    int count;
} wrapped;

static void wrap_item(FILE *out, wrapped *w, const char *item)
{
    int n = (int)strlen(item);
    if (w->count == 0 || w->column + 2 + n > 100) {
        fprintf(out, "%s%*s%s", w->count ? ",\n" : "", w->indent, "", item);
        w->column = w->indent + n;
    } else {
        fprintf(out, ", %s", item);
        w->column += 2 + n;
    }
    w->count++;
}

/* The metrics this launch lacks that others have (those no launch has
 * are named once, above). */
static void print_missing(FILE *out, const ncu_view *v, const gr_ncu_figures *f)
{
    wrapped w = {.indent = 4};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (f->missing[q] && !v->a.absent_everywhere[q]) {
            if (w.count == 0)
                fprintf(out, "  missing here (n/a), so unknown or a lower bound:\n");
            wrap_item(out, &w, gr_ncu_missing_metric(f, q));
        }
    if (w.count)
        fprintf(out, "\n");
}

static void print_body(FILE *out, const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *b,
                       const gr_ncu_prediction *p, const gr_ncu_limits *lim)
{
    print_launch_shape(out, f);
    print_time(out, f);
    print_flops(out, f);
    print_bytes(out, f, lim, &v->a.limit_inputs);
    print_binding(out, v, f, b, lim);
    ncu_print_time_limits(out, v, lim);
    print_occupancy(out, f, p);
    print_shared(out, f);
    print_global_loads(out, f);
    print_missing(out, v, f);
}

static void print_roofs(FILE *out, const ncu_view *v)
{
    wrapped w = {.indent = 2};
    gr_buf item = GR_BUF_INIT;
    fprintf(out, "Roofs:\n");
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++) {
        const gr_roof *r = &v->a.roofs.bandwidth_gbs[level];
        item.length = 0;
        if (isnan(r->value))
            gr_buf_addf(&item, "%s unknown", gr_level_name((gr_level)level));
        else
            gr_buf_addf(&item, "%s %s GB/s (%s)", gr_level_name((gr_level)level), NCU_FIG(r->value), source_word(r->source));
        wrap_item(out, &w, gr_buf_text(&item));
    }
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        const gr_roof *r = &v->a.roofs.peak_gflops[gr_ncu_peak_index(p)];
        item.length = 0;
        if (isnan(r->value))
            gr_buf_addf(&item, "%s unknown", gr_ncu_precision_name(p));
        else
            gr_buf_addf(&item, "%s %s GFLOP/s (%s)", gr_ncu_precision_name(p), NCU_FIG(r->value), source_word(r->source));
        wrap_item(out, &w, gr_buf_text(&item));
    }
    gr_buf_free(&item);
    fprintf(out, "\n");
}

/* What the chip has no counter of: precisions counted 0, DRAM unknown. */
/* The Tensor Core precisions, as the text names them. */
static const char *const tensor_names[] = {"FP16", "BF16", "TF32", "FP64", "FP8"};

static void print_chip_lacks(FILE *out, const gr_ncu_report *r)
{
    const char *const *tensor = tensor_names;
    if (r->chip == GR_NCU_CHIP_UNKNOWN)
        return;
    int major = r->gpu.cc_major, minor = r->gpu.cc_minor;
    const char *chip = gr_ncu_chip_name(r->chip);
    for (int t = 0; t < 5; t++)
        if (!gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16 + t, r->chip))
            fprintf(out, "No %s Tensor Cores on sm_%d%d (%s): counted 0\n", tensor[t], major, minor, chip);
    if (!gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, r->chip) && !gr_ncu_chip_has(GR_NCU_Q_DRAM_BYTES, r->chip))
        fprintf(out, "No DRAM byte counter on sm_%d%d (%s) (its memory is the system's): DRAM left out of the roofs\n",
               major, minor, chip);
}

/* Where the device came from, or why there is none. */
static void print_device(FILE *out, const gr_ncu_analysis *a)
{
    char why[sizeof a->report.gpu.name + 256];
    fprintf(out, "Device: ");
    switch (a->device_source) {
    case GR_NCU_DEVICE_GIVEN:
        fprintf(out, "%s (%s), as --device asks\n", a->device.name, a->device.full_name);
        break;
    case GR_NCU_DEVICE_FOUND:
        fprintf(out, "%s (%s), the shipped profile of the report's GPU\n", a->device.name, a->device.full_name);
        break;
    case GR_NCU_DEVICE_UNNAMED:
    case GR_NCU_DEVICE_UNMATCHED:
        fprintf(out, "none: %s\n", gr_ncu_no_device_words(a, "--device NAME", why, sizeof why));
        break;
    }
}

/* The latencies and launch floor the limits take, and whose they are. */
static void print_latencies(FILE *out, const gr_limit_inputs *in)
{
    fprintf(out, "Latencies (%s): ", in->latency_from);
    if (isnan(in->dram_latency_ns))
        fprintf(out, "unknown (give --results from gpuroof measure, or a profile with a latency section)");
    else
        fprintf(out, "L2 %s ns, DRAM %s ns", isnan(in->l2_latency_ns) ? "?" : NCU_FIG(in->l2_latency_ns),
                NCU_FIG(in->dram_latency_ns));
    if (isnan(in->launch_floor_ns))
        fprintf(out, "; launch floor unknown: the profile has none\n");
    else
        fprintf(out, "; launch floor %s ns\n", NCU_FIG(in->launch_floor_ns));
}

/* How ncu ran, where the report says (the session page's command line). */
static void print_profiler(FILE *out, const gr_ncu_report *r)
{
    if (!r->clock_control[0]) {
        fprintf(out, "Profiler: the report does not say how ncu ran (gpuroof ncu -o puts the session page's command "
                     "line before the CSV); ncu's defaults lock the SM clock to its base and flush every cache before "
                     "each launch\n");
        return;
    }
    fprintf(out, "Profiler: --clock-control %s (%s), --cache-control %s (%s), from the report's command line\n",
            r->clock_control,
            strcmp(r->clock_control, "none") == 0 ? "the clocks as the GPU set them" : "the SM clock locked",
            r->cache_control,
            strcmp(r->cache_control, "all") == 0 ? "every cache flushed before each launch" : "caches kept");
}

/* The report's explained share, and what is left unexplained. */
static void print_explained(FILE *out, const gr_ncu_analysis *a)
{
    if (isnan(a->explained_share))
        return;
    fprintf(out, "Explained: %s of the launches' time is accounted for by their limiters (each launch's share, the "
                 "launch overhead in sequence)",
            NCU_PCT(a->explained_share));
    if (a->unexplained_count)
        fprintf(out, "; %zu launch%s (%s of the time) unexplained: no limit accounts for half", a->unexplained_count,
                a->unexplained_count == 1 ? "" : "es", NCU_PCT(a->unexplained_ns / a->time_ns_total));
    fprintf(out, "\n");
    if (a->report.rules)
        fprintf(out, "Nsight Compute's rules: on %zu launch%s its LaunchConfiguration, Occupancy or SOL rules estimate a "
                     "speedup of %.0f%% or more; gpuroof names the same kind of limit on %zu%s\n",
                a->rules_compared, a->rules_compared == 1 ? "" : "es", GR_RULE_STRONG_PCT, a->rules_same,
                a->rules_same < a->rules_compared ? " (--details says why not on the others)" : "");
}

void ncu_print_header(FILE *out, const ncu_view *v)
{
    const gr_ncu_report *r = &v->a.report;
    fprintf(out, "%s: Nsight Compute's %s page, %zu launch%s", v->shown, gr_ncu_page_name(r->page), r->count,
           r->count == 1 ? "" : "es");
    if (r->gpu.name[0])
        fprintf(out, ", on %s (compute capability %d.%d, %d SMs)", r->gpu.name, r->gpu.cc_major, r->gpu.cc_minor,
               r->gpu.sm_count);
    else if (r->cc[0])
        fprintf(out, ", on a GPU of compute capability %s", r->cc);
    if (r->chip != GR_NCU_CHIP_UNKNOWN)
        fprintf(out, ", chip %s", gr_ncu_chip_name(r->chip));
    fprintf(out, "\n");
    print_device(out, &v->a);
    if (v->has_results && v->a.results_other_gpu)
        fprintf(out, "Measured roofs: none: %s measured %s, not the report's GPU; only its latencies are taken\n",
                v->results.path, v->results.device.name[0] ? v->results.device.name : v->results.device.profile);
    else if (v->has_results)
        fprintf(out, "Measured roofs: %s (%s)\n", v->results.path,
               v->results.device.name[0] ? v->results.device.name : "its GPU unnamed");
    print_roofs(out, v);
    print_latencies(out, &v->a.limit_inputs);
    print_profiler(out, r);
    print_explained(out, &v->a);
    wrapped w = {.indent = 2};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (v->a.absent_everywhere[q]) {
            if (w.count == 0)
                fprintf(out, "Not in the report, so unknown below ('?', null in --json), or a lower bound ('at least', "
                       "\"lower_bound\"):\n");
            wrap_item(out, &w, gr_ncu_quantity_metric(q, r->chip));
        }
    if (w.count)
        fprintf(out, "\n");
    print_chip_lacks(out, r);
}

/* Nsight Compute's rules that estimate a speedup, and how the strongest
 * compared one stands beside gpuroof's limiter. */
static void print_rules(FILE *out, const gr_ncu_launch *l, const gr_ncu_limits *lim)
{
    gr_rules_comparison c;
    char why[256];
    bool first = true;
    for (size_t k = 0; k < l->rule_count; k++) {
        const gr_ncu_rule *r = &l->rules[k];
        if (isnan(r->speedup_pct) || r->speedup_pct <= 0)
            continue;
        fprintf(out, "%s%s (%s, %s) %s%%\n", first ? "  ncu rules  " : "             ", r->name, r->type,
                r->global ? "global" : "local", NCU_FIG(r->speedup_pct));
        first = false;
    }
    gr_rules_compare(l->rules, l->rule_count, lim, &c);
    if (c.verdict == GR_RULES_SAME)
        fprintf(out, "             %s: gpuroof names the same kind of limit (%s)\n", c.rule->name,
                gr_time_limit_name(lim->limiter));
    else if (c.verdict == GR_RULES_DIFFERENT)
        fprintf(out, "             %s: gpuroof names %s instead: %s\n", c.rule->name,
                lim->known ? gr_time_limit_name(lim->limiter) : "no limit", gr_rules_why_not(&c, lim, why, sizeof why));
}

void ncu_print_explanation(FILE *out, const ncu_view *v, size_t row_index)
{
    const gr_ncu_analysis *a = &v->a;
    size_t i = v->table.rows[row_index].index;
    if (!v->table.grouped) {
        const gr_ncu_launch *l = &a->report.launches[i];
        fprintf(out, "Launch %lld (line %lu): %s\n", l->id, l->line, l->kernel);
        print_body(out, v, &a->figures[i], &a->bindings[i], &a->predictions[i], &a->limits[i]);
        print_rules(out, l, &a->limits[i]);
        return;
    }
    const gr_ncu_group *g = &a->groups[i];
    fprintf(out, "Kernel %zu of %zu: %s\n  %zu launch%s, %s ns in all, %s of the report's time\n", i + 1,
            a->group_count, g->kernel, g->launches, g->launches == 1 ? "" : "es",
            NCU_FIG(g->figures.q[GR_NCU_Q_TIME_NS]), NCU_PCT(g->time_share));
    print_body(out, v, &g->figures, &a->group_bindings[i], &a->group_predictions[i], &a->group_limits[i]);
}

void ncu_print_in_all(FILE *out, const gr_ncu_analysis *a)
{
    fprintf(out, "In all: %zu launch%s", a->report.count, a->report.count == 1 ? "" : "es");
    if (a->grouped)
        fprintf(out, " of %zu kernel%s", a->group_count, a->group_count == 1 ? "" : "s");
    fprintf(out, ", %s ns", NCU_FIG(a->time_ns_total));
    if (a->disagreement_count)
        fprintf(out, "; gpuroof's occupancy differs from Nsight Compute's in %zu (on standard error)",
                a->disagreement_count);
    fprintf(out, "\n");
}

static const char *fix_kernel(const gr_ncu_analysis *a, const gr_ncu_fix *fix)
{
    return a->grouped ? a->groups[fix->index].kernel : a->report.launches[fix->index].kernel;
}

static const gr_ncu_limits *fix_limits(const gr_ncu_analysis *a, const gr_ncu_fix *fix)
{
    return a->grouped ? &a->group_limits[fix->index] : &a->limits[fix->index];
}

void ncu_print_fix_first(FILE *out, const gr_ncu_analysis *a)
{
    char name[64];
    if (a->fix_count == 0)
        return;
    fprintf(out, "What to fix first (the share of the report's time each would save at the speedup to expect):\n");
    for (size_t i = 0; i < a->fix_count; i++) {
        const gr_ncu_fix *fix = &a->fix[i];
        const gr_ncu_limits *lim = fix_limits(a, fix);
        gr_kernel_name_fit(fix_kernel(a, fix), name, sizeof name);
        fprintf(out, "  %zu. %s saves %s: %s of the time, %s, expect %sx faster %s\n", i + 1, name,
                NCU_PCT(fix->saving_share), NCU_PCT(fix->time_share),
                fix->compute_precision >= 0 ? gr_ncu_precision_name(fix->compute_precision) : gr_time_limit_name(lim->limiter),
                NCU_FIG(fix->speedup), fix->by_call ? "with the call changed" : "with its limiter lifted");
    }
}

void ncu_print_text(FILE *out, const ncu_view *v, bool details)
{
    ncu_print_header(out, v);
    fprintf(out, "\n");
    ncu_print_table(out, v);
    ncu_print_in_all(out, &v->a);
    ncu_print_fix_first(out, &v->a);
    for (size_t r = 0; details && r < v->table.count; r++) {
        fprintf(out, "\n");
        ncu_print_explanation(out, v, r);
    }
}
