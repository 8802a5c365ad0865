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

/* A quantity's figure: "varies" where a kernel's launches differ in it. */
static const char *qfig(char buf[32], const gr_ncu_figures *f, gr_ncu_quantity q)
{
    return f->varies[q] ? "varies" : ncu_fig(buf, f->q[q]);
}

static void print_shape(const char *what, const long long v[3], bool varies)
{
    if (v[0] >= 0)
        printf("%s (%lld, %lld, %lld)", what, v[0], v[1], v[2]);
    else
        printf("%s %s", what, varies ? "varies" : "?");
}

static void print_launch_shape(const gr_ncu_figures *f)
{
    char a[32], b[32], c[32], d[32];
    printf("  launch     ");
    print_shape("grid", f->grid, f->varies[GR_NCU_Q_GRID_X]);
    print_shape(" x block", f->block, f->varies[GR_NCU_Q_BLOCK_X]);
    bool threads_vary = isnan(f->threads_per_block) && (f->varies[GR_NCU_Q_BLOCK_X] || f->varies[GR_NCU_Q_BLOCK_THREADS]);
    printf(": %s threads a block, %s registers a thread;\n", threads_vary ? "varies:" : ncu_fig(a, f->threads_per_block),
           qfig(b, f, GR_NCU_Q_REGISTERS));
    printf("             shared memory %s B static + %s B dynamic a block, %s B configured an SM\n",
           qfig(c, f, GR_NCU_Q_SMEM_STATIC), qfig(d, f, GR_NCU_Q_SMEM_DYNAMIC), qfig(a, f, GR_NCU_Q_SMEM_CONFIG));
}

static void print_time(const gr_ncu_figures *f)
{
    char t[32], clock[32];
    double time = f->q[GR_NCU_Q_TIME_NS], cycles = f->q[GR_NCU_Q_SM_CYCLES];
    printf("  time       %s ns", ncu_fig(t, time));
    if (time > 0 && cycles > 0)
        printf(" (%s SM cycles: %s MHz)", ncu_fig(clock, cycles), ncu_fig(t, 1000 * cycles / time));
    printf("\n");
}

/* "fp32 = fadd + fmul + 2 x ffma = 1 + 2 + 2 x 3 = 9" */
static void print_pipe(const gr_ncu_figures *f, const char *name, const char *op, gr_ncu_quantity add, double weight,
                       gr_ncu_precision p)
{
    char a[32], m[32], x[32], total[48];
    const char *w = weight == 1 ? "" : "2 x ", *wf = weight == 1 ? "2 x " : "4 x ";
    printf("             %s = %s%sadd + %s%smul + %s%sfma = %s%s + %s%s + %s%s = %s\n", name, w, op, w, op, wf, op, w,
           ncu_fig(a, f->q[add]), w, ncu_fig(m, f->q[add + 1]), wf, ncu_fig(x, f->q[add + 2]),
           ncu_lfig(total, f->flops[p], f->flops_lower[p]));
}

static bool tensor_lower(const gr_ncu_figures *f)
{
    bool lower = false;
    for (int p = GR_NCU_TENSOR_FP16; p < GR_NCU_PRECISION_COUNT; p++)
        lower |= f->flops_lower[p] || isnan(f->flops[p]);
    return lower && !isnan(f->flops_tensor);
}

static void print_flops(const gr_ncu_figures *f)
{
    char buf[5][48], total[48];
    bool lower = tensor_lower(f);
    printf("  FLOPs      (thread instructions; FP16 ones are packed pairs)\n");
    print_pipe(f, "fp64", "d", GR_NCU_Q_DADD, 1, GR_NCU_FP64);
    print_pipe(f, "fp32", "f", GR_NCU_Q_FADD, 1, GR_NCU_FP32);
    print_pipe(f, "fp16", "h", GR_NCU_Q_HADD, 2, GR_NCU_FP16);
    for (int t = 0; t < 5; t++)
        ncu_lfig(buf[t], f->flops[GR_NCU_TENSOR_FP16 + t], f->flops_lower[GR_NCU_TENSOR_FP16 + t]);
    printf("             tensor = fp16 + bf16 + tf32 + fp64 + fp8 = %s + %s + %s + %s + %s = %s%s\n", buf[0], buf[1],
           buf[2], buf[3], buf[4], ncu_lfig(total, f->flops_tensor, lower),
           f->q[GR_NCU_Q_TENSOR_PIPE_INST] == 0 && f->from[GR_NCU_Q_TENSOR_FP16] < 0
               ? " (the Tensor pipe ran no instruction)" : "");
    printf("             total = %s + %s + %s + %s = %s\n", ncu_lfig(buf[0], f->flops_fp64, f->flops_lower[GR_NCU_FP64]),
           ncu_lfig(buf[1], f->flops_fp32, f->flops_lower[GR_NCU_FP32]),
           ncu_lfig(buf[2], f->flops_fp16, f->flops_lower[GR_NCU_FP16]), ncu_lfig(buf[3], f->flops_tensor, lower),
           ncu_lfig(total, f->flops_total, f->flops_total_lower));
}

/* Where the L2's and L1's bytes came from, and what they count. */
static void print_level_bytes(const gr_ncu_figures *f)
{
    char a[32], b[32], c[32], t[48];
    if (f->bytes_from[GR_NCU_L2] == GR_NCU_Q_L2_XBAR_BYTES)
        printf("             L2 %s B: derived__lts__lts2xbar_bytes.sum.per_second x duration, the bytes the L2 "
               "sent the SMs (the roofline sections'; not lts__t_bytes)\n", ncu_fig(t, f->bytes[GR_NCU_L2]));
    else
        printf("             L2 %s B: lts__t_bytes.sum\n", ncu_fig(t, f->bytes[GR_NCU_L2]));
    if (f->bytes_from[GR_NCU_L1] == GR_NCU_Q_L1_WRITEBACK_BYTES)
        printf("             L1 %s B: derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second x duration, the "
               "L1's writeback of local, global and shared data (the roofline sections'; not l1tex__t_bytes)\n",
               ncu_fig(t, f->bytes[GR_NCU_L1]));
    else
        printf("             L1 = l1tex__t_bytes + %d B x shared wavefronts (load + store) = %s + %d x (%s + %s) = %s B\n",
               GR_NCU_WAVEFRONT_BYTES, ncu_fig(a, f->q[GR_NCU_Q_L1_BYTES]), GR_NCU_WAVEFRONT_BYTES,
               ncu_fig(b, f->q[GR_NCU_Q_SHARED_LD_WAVEFRONTS]), ncu_fig(c, f->q[GR_NCU_Q_SHARED_ST_WAVEFRONTS]),
               ncu_lfig(t, f->bytes[GR_NCU_L1], f->bytes_lower[GR_NCU_L1]));
}

static void print_bytes(const gr_ncu_figures *f)
{
    char r[32], w[32], d[48], l2[48], l1[48];
    printf("  bytes      DRAM ");
    if (f->chip_lacks[GR_NCU_Q_DRAM_READ])
        printf("? B (%s counts no DRAM bytes: its memory is the system's)\n", gr_ncu_chip_name(f->chip));
    else {
        if (f->bytes_from[GR_NCU_DRAM] == GR_NCU_Q_DRAM_READ && !isnan(f->bytes[GR_NCU_DRAM]))
            printf("read + write = %s + %s = ", ncu_fig(r, f->q[GR_NCU_Q_DRAM_READ]), ncu_fig(w, f->q[GR_NCU_Q_DRAM_WRITE]));
        printf("%s B", ncu_lfig(d, f->bytes[GR_NCU_DRAM], f->bytes_lower[GR_NCU_DRAM]));
        if (f->bytes_from[GR_NCU_DRAM] == GR_NCU_Q_DRAM_BYTES)
            printf(" (dram__bytes)");
        printf("\n");
    }
    print_level_bytes(f);
    printf("  intensity  FLOPs / bytes: DRAM %s, L2 %s, L1 %s FLOP/B\n",
           ncu_ifig(d, f->intensity[GR_NCU_DRAM], f->flops_total_lower, f->bytes_lower[GR_NCU_DRAM]),
           ncu_ifig(l2, f->intensity[GR_NCU_L2], f->flops_total_lower, f->bytes_lower[GR_NCU_L2]),
           ncu_ifig(l1, f->intensity[GR_NCU_L1], f->flops_total_lower, f->bytes_lower[GR_NCU_L1]));
    printf("  achieved   %s FLOP / %s ns = %s GFLOP/s\n", ncu_lfig(d, f->flops_total, f->flops_total_lower),
           ncu_fig(w, f->q[GR_NCU_Q_TIME_NS]), ncu_lfig(l1, f->gflops, f->flops_total_lower));
}

static const char *source_word(gr_ncu_roof_source s)
{
    return s == GR_NCU_ROOF_MEASURED ? "measured" : "profile";
}

/* "fp32 9 FLOP / 66908 GFLOP/s + ... = 0.1 ns" */
static void print_compute_roof(const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *b)
{
    char a[32], c[32];
    int terms = 0;
    printf("  roofs      compute: ");
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        if (f->flops[p] == 0)
            continue;
        printf("%s%s %s FLOP / %s GFLOP/s", terms++ ? " + " : "", gr_ncu_precision_name(p), ncu_fig(a, f->flops[p]),
               ncu_fig(c, v->roofs.peak_gflops[p].value));
    }
    if (terms == 0)
        printf("no FLOPs");
    printf(" = %s ns", ncu_fig(a, b->compute_time_ns));
    if (terms > 1)
        printf(" (%s GFLOP/s for the mix)", ncu_fig(c, b->compute_gflops));
    printf("\n");
}

static void print_level_roof(const ncu_view *v, const gr_ncu_figures *f, const gr_ncu_binding *b, int level)
{
    const char *name = gr_level_name((gr_level)level);
    const gr_ncu_roof *bw = &v->roofs.bandwidth_gbs[level];
    char a[32], c[32], t[32], i[32], r[32];
    if (isnan(bw->value)) {
        printf("             %s: no roof known for %s (left out)\n", name,
               v->has_profile ? v->profile.name : "no device");
        return;
    }
    if (isnan(f->bytes[level])) {
        printf("             %s: %s GB/s (%s), bytes unknown (left out)\n", name, ncu_fig(a, bw->value),
               source_word(bw->source));
        return;
    }
    printf("             %s: %s B / %s GB/s (%s) = %s ns; roof %s FLOP/B x %s GB/s = %s GFLOP/s\n", name,
           ncu_fig(a, f->bytes[level]), ncu_fig(c, bw->value), source_word(bw->source), ncu_fig(t, b->level_time_ns[level]),
           ncu_fig(i, f->intensity[level]), ncu_fig(c, bw->value), ncu_fig(r, f->intensity[level] * bw->value));
}

static void print_binding(const ncu_view *v, const gr_ncu_figures *f)
{
    gr_ncu_binding b;
    char a[32], c[32], t[32], words[64];
    ncu_view_bind(v, f, &b);
    if (!b.known && !b.left_out[0] && isnan(b.compute_time_ns)) {
        printf("  binding    unknown: %s\n", b.why_unknown);
        return;
    }
    if (isnan(b.compute_time_ns))
        printf("  roofs      compute: FLOPs not all counted (left out)\n");
    else
        print_compute_roof(v, f, &b);
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        print_level_roof(v, f, &b, level);
    if (!b.known) {
        printf("  binding    unknown: %s\n", b.why_unknown);
        return;
    }
    gr_level primary = b.binding.primary;
    double roof = primary != GR_LEVEL_COMPUTE ? b.roof_gflops[primary] : b.compute_gflops;
    double time = primary != GR_LEVEL_COMPUTE ? b.level_time_ns[primary] : b.compute_time_ns;
    bool tie = b.binding.count > 1;
    printf("  binding    %s, whose %s the lowest (%s GFLOP/s: %s %s ns are the longest)",
           levels_binding_words(&b.binding, words, sizeof words), tie ? "roofs are" : "roof is", ncu_fig(a, roof),
           tie ? "their" : "its", ncu_fig(t, time));
    if (roof > 0 && !isnan(f->gflops))
        printf("; achieved is %s%s of it", f->flops_total_lower ? "at least " : "", ncu_percent(c, f->gflops / roof));
    printf("\n");
    if (gr_ncu_figures_lower(f))
        printf("             (from lower bounds, 'at least': the report lacks counters this chip has, named below)\n");
    if (b.left_out[0])
        printf("             (of the times known: %s left out, the report lacks its counters)\n", b.left_out);
}

static const char *limit_text(char buf[32], int64_t blocks)
{
    if (blocks == GR_UNLIMITED)
        return "-";
    snprintf(buf, 32, "%lld", (long long)blocks);
    return buf;
}

/* gr_limit's, as the text names them. */
static const char *const limit_names[] = {"threads", "blocks", "registers", "shared memory"};
/* Nsight Compute's figure of each gr_limit (its warps limit is the threads'). */
static const gr_ncu_quantity ncu_limits[] = {GR_NCU_Q_LIMIT_WARPS, GR_NCU_Q_LIMIT_BLOCKS, GR_NCU_Q_LIMIT_REGISTERS,
                                             GR_NCU_Q_LIMIT_SHARED};

/* "threads and registers" */
static void print_limiters(unsigned limiters)
{
    const char *const *names = limit_names;
    int shown = 0, count = 0;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        count += (limiters >> i) & 1u;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (limiters & (1u << i))
            printf("%s%s", shown++ == 0 ? "" : shown == count ? " and " : ", ", names[i]);
}

static void print_limits(const gr_ncu_figures *f, const gr_ncu_prediction *p)
{
    char a[32], b[32];
    printf("             blocks an SM each allows, gpuroof (Nsight Compute):");
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        printf("%s %s %s (%s)", i ? "," : "", limit_names[i], p->known ? limit_text(a, p->occ.limit[i]) : "?",
               qfig(b, f, ncu_limits[i]));
    printf("\n");
}

static void print_occupancy(const ncu_view *v, const gr_ncu_figures *f)
{
    gr_ncu_prediction p;
    char a[32], b[32], c[32];
    ncu_view_predict(v, f, &p);
    printf("  occupancy  gpuroof ");
    if (p.known) {
        printf("%s (%d blocks an SM, %d of %d warps; limited by ", ncu_percent(a, p.occ.occupancy), p.occ.blocks_per_sm,
               p.occ.warps_per_sm, p.occ.max_warps_sm);
        print_limiters(p.occ.limiters);
        printf(")");
    } else {
        printf("? (%s)", p.why_unknown);
    }
    printf(", Nsight Compute theoretical %s, achieved %s%s\n",
           f->varies[GR_NCU_Q_THEORETICAL_PCT] ? "varies" : ncu_percent(b, f->occupancy_theoretical),
           ncu_percent(c, f->occupancy_achieved), p.compared && !p.agrees ? ": gpuroof DIFFERS" : "");
    print_limits(f, &p);
}

static void print_shared(const gr_ncu_figures *f)
{
    char a[32], b[32], c[32], d[32], e[32], g[32];
    double ld_conf = f->q[GR_NCU_Q_SHARED_LD_CONFLICTS], st_conf = f->q[GR_NCU_Q_SHARED_ST_CONFLICTS];
    double ld_inst = f->q[GR_NCU_Q_SHARED_LD_INST], st_inst = f->q[GR_NCU_Q_SHARED_ST_INST];
    printf("  shared     load %s wavefronts for %s instructions (%s a request), store %s for %s (%s)\n",
           ncu_fig(a, f->shared_load), ncu_fig(b, ld_inst), ncu_fig(c, ld_inst > 0 ? f->shared_load / ld_inst : NAN),
           ncu_fig(d, f->shared_store), ncu_fig(e, st_inst), ncu_fig(g, st_inst > 0 ? f->shared_store / st_inst : NAN));
    printf("             ideal = wavefronts - bank conflicts = (%s - %s) + (%s - %s) = %s; the excess, %s, are bank "
           "conflicts\n", ncu_fig(a, f->shared_load), ncu_fig(b, ld_conf), ncu_fig(c, f->shared_store), ncu_fig(d, st_conf),
           ncu_fig(e, f->shared_ideal), ncu_fig(g, ld_conf + st_conf));
}

/* Items of a list, wrapped to 100 columns under a first line of their own. */
typedef struct {
    int indent;
    int column;
    int count;
} wrapped;

static void wrap_item(wrapped *w, const char *item)
{
    int n = (int)strlen(item);
    if (w->count == 0 || w->column + 2 + n > 100) {
        printf("%s%*s%s", w->count ? ",\n" : "", w->indent, "", item);
        w->column = w->indent + n;
    } else {
        printf(", %s", item);
        w->column += 2 + n;
    }
    w->count++;
}

/* The metrics this launch lacks that others have (those no launch has
 * are named once, above). */
static void print_missing(const ncu_view *v, const gr_ncu_figures *f)
{
    wrapped w = {.indent = 4};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (f->missing[q] && !v->absent_everywhere[q]) {
            if (w.count == 0)
                printf("  missing here (n/a), so unknown or a lower bound:\n");
            wrap_item(&w, gr_ncu_missing_metric(f, q));
        }
    if (w.count)
        printf("\n");
}

static void print_body(const ncu_view *v, const gr_ncu_figures *f)
{
    print_launch_shape(f);
    print_time(f);
    print_flops(f);
    print_bytes(f);
    print_binding(v, f);
    print_occupancy(v, f);
    print_shared(f);
    print_missing(v, f);
}

static void print_roofs(const ncu_view *v)
{
    char a[32], item[96];
    wrapped w = {.indent = 2};
    printf("Roofs:\n");
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++) {
        const gr_ncu_roof *r = &v->roofs.bandwidth_gbs[level];
        if (isnan(r->value))
            snprintf(item, sizeof item, "%s unknown", gr_level_name((gr_level)level));
        else
            snprintf(item, sizeof item, "%s %s GB/s (%s)", gr_level_name((gr_level)level), ncu_fig(a, r->value), source_word(r->source));
        wrap_item(&w, item);
    }
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        const gr_ncu_roof *r = &v->roofs.peak_gflops[p];
        if (isnan(r->value))
            snprintf(item, sizeof item, "%s unknown", gr_ncu_precision_name(p));
        else
            snprintf(item, sizeof item, "%s %s GFLOP/s (%s)", gr_ncu_precision_name(p), ncu_fig(a, r->value),
                     source_word(r->source));
        wrap_item(&w, item);
    }
    printf("\n");
}

/* What the chip has no counter of: precisions counted 0, DRAM unknown. */
/* The Tensor Core precisions, as the text names them. */
static const char *const tensor_names[] = {"FP16", "BF16", "TF32", "FP64", "FP8"};

static void print_chip_lacks(const gr_ncu_report *r)
{
    const char *const *tensor = tensor_names;
    char where[48];
    if (r->chip == GR_NCU_CHIP_UNKNOWN)
        return;
    snprintf(where, sizeof where, "sm_%d%d (%s)", r->gpu.cc_major, r->gpu.cc_minor, gr_ncu_chip_name(r->chip));
    for (int t = 0; t < 5; t++)
        if (!gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16 + t, r->chip))
            printf("No %s Tensor Cores on %s: counted 0\n", tensor[t], where);
    if (!gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, r->chip) && !gr_ncu_chip_has(GR_NCU_Q_DRAM_BYTES, r->chip))
        printf("No DRAM byte counter on %s (its memory is the system's): DRAM left out of the roofs\n", where);
}

static void print_header(const ncu_view *v)
{
    const gr_ncu_report *r = &v->report;
    printf("%s: Nsight Compute's %s page, %zu launch%s", v->shown, gr_ncu_page_name(r->page), r->count,
           r->count == 1 ? "" : "es");
    if (r->gpu.name[0])
        printf(", on %s (compute capability %d.%d, %d SMs)", r->gpu.name, r->gpu.cc_major, r->gpu.cc_minor,
               r->gpu.sm_count);
    else if (r->cc[0])
        printf(", on a GPU of compute capability %s", r->cc);
    if (r->chip != GR_NCU_CHIP_UNKNOWN)
        printf(", chip %s", gr_ncu_chip_name(r->chip));
    printf("\nDevice: %s\n", v->device_note);
    if (v->has_results)
        printf("Measured roofs: %s (%s)\n", v->results.path,
               v->results.device.name[0] ? v->results.device.name : "its GPU unnamed");
    print_roofs(v);
    wrapped w = {.indent = 2};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (v->absent_everywhere[q]) {
            if (w.count == 0)
                printf("Not in the report, so unknown below ('?', null in --json), or a lower bound ('at least', "
                       "\"lower_bound\"):\n");
            wrap_item(&w, gr_ncu_quantity_metric(q, r->chip));
        }
    if (w.count)
        printf("\n");
    print_chip_lacks(r);
}

static void print_launches(const ncu_view *v)
{
    for (size_t i = 0; i < v->report.count; i++) {
        const gr_ncu_launch *l = &v->report.launches[i];
        printf("\nLaunch %lld (line %lu): %s\n", l->id, l->line, l->kernel);
        print_body(v, &v->figures[i]);
    }
}

static void print_groups(const ncu_view *v)
{
    char t[32], s[32];
    for (size_t i = 0; i < v->group_count; i++) {
        const gr_ncu_group *g = &v->groups[i];
        printf("\nKernel %zu of %zu: %s\n  %zu launch%s, %s ns in all, %s of the report's time\n", i + 1,
               v->group_count, g->kernel, g->launches, g->launches == 1 ? "" : "es",
               ncu_fig(t, g->figures.q[GR_NCU_Q_TIME_NS]), ncu_percent(s, g->time_share));
        print_body(v, &g->figures);
    }
}

void ncu_print_text(const ncu_view *v)
{
    char t[32];
    double total = 0;
    print_header(v);
    if (v->grouped)
        print_groups(v);
    else
        print_launches(v);
    for (size_t i = 0; i < v->report.count; i++)
        total += v->figures[i].q[GR_NCU_Q_TIME_NS];
    printf("\nIn all: %zu launch%s", v->report.count, v->report.count == 1 ? "" : "es");
    if (v->grouped)
        printf(" of %zu kernel%s", v->group_count, v->group_count == 1 ? "" : "s");
    printf(", %s ns", ncu_fig(t, total));
    if (v->disagreements)
        printf("; gpuroof's occupancy differs from Nsight Compute's in %zu (on standard error)", v->disagreements);
    printf("\n");
}
