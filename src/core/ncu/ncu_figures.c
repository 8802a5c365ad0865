/* A launch's figures from its metrics (ncu_figures.h).  FLOPs as Nsight
 * Compute's roofline sections count them (the Kernel Profiling Guide,
 * "Roofline Charts"): an FMA is two operations, a packed FP16 instruction
 * (HADD2, HMUL2, HFMA2) works on two values; Tensor Core FLOPs from the
 * sm__ops_path_tensor_* counters, which count FLOPs. */
#include <math.h>
#include "ncu_figures.h"

const char *gr_ncu_precision_name(gr_ncu_precision p)
{
    static const char *const names[] = {"fp64", "fp32", "fp16", "tensor_fp16", "tensor_bf16",
                                        "tensor_tf32", "tensor_fp64", "tensor_fp8"};
    return p < GR_NCU_PRECISION_COUNT ? names[p] : "?";
}

/* The quantity, marking it missing where it is unknown and not merely
 * different between the launches of a kernel. */
static double need(gr_ncu_figures *f, gr_ncu_quantity q)
{
    if (isnan(f->q[q]) && !f->varies[q])
        f->missing[q] = true;
    return f->q[q];
}

/* The terms of a figure summed from counters. */
typedef struct {
    double total;
    int known;  /* terms the report has (or the chip lacks: 0) */
    bool lower; /* a term the chip has and the report lacks, or lacks in part */
} terms;

/* Adds weight x the counter q: 0 where the chip has none of it; where
 * the report lacks it, nothing, marked missing and the sum a lower bound. */
static void add_term(gr_ncu_figures *f, terms *t, gr_ncu_quantity q, double weight)
{
    if (!gr_ncu_chip_has(q, f->chip)) {
        f->chip_lacks[q] = true;
        t->known++;
        return;
    }
    if (isnan(f->q[q])) {
        if (!f->varies[q])
            f->missing[q] = true;
        t->lower = true;
        return;
    }
    if (f->lacking[q] > 0) {
        f->missing[q] = true;
        t->lower = true;
    }
    t->known++;
    t->total += weight * f->q[q];
}

/* The sum, NaN where the report has none of its terms. */
static double sum_of(const terms *t, bool *lower)
{
    *lower = t->known > 0 && t->lower;
    return t->known > 0 ? t->total : NAN;
}

/* add + mul + 2 x fma, each weighted (2 for FP16's packed instructions). */
static void pipe_flops(gr_ncu_figures *f, gr_ncu_precision p, gr_ncu_quantity add, double per_instruction)
{
    terms t = {0};
    add_term(f, &t, add, per_instruction);
    add_term(f, &t, add + 1, per_instruction);
    add_term(f, &t, add + 2, 2 * per_instruction);
    f->flops[p] = sum_of(&t, &f->flops_lower[p]);
}

/* A Tensor Core precision's FLOPs: 0 where the chip has no such path or
 * the Tensor pipe ran no instruction (its count is no count of FLOPs, so
 * a non-zero one says nothing). */
static void tensor_flops(gr_ncu_figures *f, int t)
{
    gr_ncu_quantity q = GR_NCU_Q_TENSOR_FP16 + t;
    gr_ncu_precision p = GR_NCU_TENSOR_FP16 + t;
    double fp8_parts = f->q[GR_NCU_Q_TENSOR_FP8_DENSE] + f->q[GR_NCU_Q_TENSOR_FP8_SPARSE];
    bool idle = f->q[GR_NCU_Q_TENSOR_PIPE_INST] == 0;
    terms one = {0};
    if (q == GR_NCU_Q_TENSOR_FP8 && isnan(f->q[q]) && !isnan(fp8_parts)) {
        f->flops[p] = fp8_parts;
        return;
    }
    if (isnan(f->q[q]) && idle) {
        f->flops[p] = 0;
        return;
    }
    add_term(f, &one, q, 1);
    f->flops[p] = sum_of(&one, &f->flops_lower[p]);
}

static void derive_flops(gr_ncu_figures *f)
{
    terms all = {0};
    pipe_flops(f, GR_NCU_FP64, GR_NCU_Q_DADD, 1);
    pipe_flops(f, GR_NCU_FP32, GR_NCU_Q_FADD, 1);
    pipe_flops(f, GR_NCU_FP16, GR_NCU_Q_HADD, 2);
    for (int t = 0; t < 5; t++)
        tensor_flops(f, t);
    terms tensor = {0};
    bool tensor_lower = false;
    for (int p = GR_NCU_TENSOR_FP16; p < GR_NCU_PRECISION_COUNT; p++)
        if (!isnan(f->flops[p]))
            tensor.known++, tensor.total += f->flops[p], tensor.lower |= f->flops_lower[p];
        else
            tensor.lower = true;
    f->flops_tensor = sum_of(&tensor, &tensor_lower);
    f->flops_fp64 = f->flops[GR_NCU_FP64];
    f->flops_fp32 = f->flops[GR_NCU_FP32];
    f->flops_fp16 = f->flops[GR_NCU_FP16];
    const double parts[] = {f->flops_fp64, f->flops_fp32, f->flops_fp16, f->flops_tensor};
    const bool lower[] = {f->flops_lower[GR_NCU_FP64], f->flops_lower[GR_NCU_FP32], f->flops_lower[GR_NCU_FP16],
                          tensor_lower};
    for (int i = 0; i < 4; i++)
        if (!isnan(parts[i]))
            all.known++, all.total += parts[i], all.lower |= lower[i];
        else
            all.lower = true;
    f->flops_total = sum_of(&all, &f->flops_total_lower);
}

/* DRAM: read + write, else dram__bytes; unknown on a chip with neither. */
static double dram_bytes(gr_ncu_figures *f)
{
    double read = f->q[GR_NCU_Q_DRAM_READ], write = f->q[GR_NCU_Q_DRAM_WRITE];
    f->bytes_from[GR_NCU_DRAM] = GR_NCU_Q_DRAM_READ;
    if (!gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, f->chip) && !gr_ncu_chip_has(GR_NCU_Q_DRAM_BYTES, f->chip)) {
        f->chip_lacks[GR_NCU_Q_DRAM_READ] = true;
        return NAN;
    }
    if (isnan(read) && isnan(write) && !isnan(f->q[GR_NCU_Q_DRAM_BYTES])) {
        f->bytes_from[GR_NCU_DRAM] = GR_NCU_Q_DRAM_BYTES;
        return f->q[GR_NCU_Q_DRAM_BYTES];
    }
    terms t = {0};
    add_term(f, &t, GR_NCU_Q_DRAM_READ, 1);
    add_term(f, &t, GR_NCU_Q_DRAM_WRITE, 1);
    if (t.lower && !isnan(f->q[GR_NCU_Q_DRAM_BYTES])) { /* the whole beats a part */
        f->missing[GR_NCU_Q_DRAM_READ] = f->missing[GR_NCU_Q_DRAM_WRITE] = false;
        f->bytes_from[GR_NCU_DRAM] = GR_NCU_Q_DRAM_BYTES;
        return f->q[GR_NCU_Q_DRAM_BYTES];
    }
    return sum_of(&t, &f->bytes_lower[GR_NCU_DRAM]);
}

static double l2_bytes(gr_ncu_figures *f)
{
    f->bytes_from[GR_NCU_L2] = GR_NCU_Q_L2_BYTES;
    if (isnan(f->q[GR_NCU_Q_L2_BYTES]) && !isnan(f->q[GR_NCU_Q_L2_XBAR_BYTES])) {
        f->bytes_from[GR_NCU_L2] = GR_NCU_Q_L2_XBAR_BYTES;
        return f->q[GR_NCU_Q_L2_XBAR_BYTES];
    }
    return need(f, GR_NCU_Q_L2_BYTES);
}

/* The L1/shared-memory data path's traffic: l1tex__t_bytes counts global
 * and local bytes through the L1 but no shared-memory access, so each
 * shared-memory wavefront adds the most it can move.  Else the roofline
 * sections' LSU writeback bytes (local, global and shared). */
static double l1_bytes(gr_ncu_figures *f)
{
    double t = f->q[GR_NCU_Q_L1_BYTES], ld = f->q[GR_NCU_Q_SHARED_LD_WAVEFRONTS], st = f->q[GR_NCU_Q_SHARED_ST_WAVEFRONTS];
    f->bytes_from[GR_NCU_L1] = GR_NCU_Q_L1_BYTES;
    if ((isnan(t) || isnan(ld) || isnan(st)) && !isnan(f->q[GR_NCU_Q_L1_WRITEBACK_BYTES])) {
        f->bytes_from[GR_NCU_L1] = GR_NCU_Q_L1_WRITEBACK_BYTES;
        return f->q[GR_NCU_Q_L1_WRITEBACK_BYTES];
    }
    terms sum = {0};
    add_term(f, &sum, GR_NCU_Q_L1_BYTES, 1);
    add_term(f, &sum, GR_NCU_Q_SHARED_LD_WAVEFRONTS, GR_NCU_WAVEFRONT_BYTES);
    add_term(f, &sum, GR_NCU_Q_SHARED_ST_WAVEFRONTS, GR_NCU_WAVEFRONT_BYTES);
    return sum_of(&sum, &f->bytes_lower[GR_NCU_L1]);
}

static void derive_bytes(gr_ncu_figures *f)
{
    f->bytes[GR_NCU_DRAM] = dram_bytes(f);
    f->bytes[GR_NCU_L2] = l2_bytes(f);
    f->bytes[GR_NCU_L1] = l1_bytes(f);
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++) {
        double flops = f->flops_total, bytes = f->bytes[level];
        f->intensity[level] = bytes > 0 ? flops / bytes : bytes == 0 && flops > 0 ? INFINITY : NAN;
    }
    double time = need(f, GR_NCU_Q_TIME_NS);
    f->gflops = time > 0 ? f->flops_total / time : NAN; /* FLOP/ns is GFLOP/s */
    double time_ns = f->q[GR_NCU_Q_TIME_NS], cycles = f->q[GR_NCU_Q_SM_CYCLES];
    f->sm_clock_mhz = time_ns > 0 && cycles > 0 ? 1000 * cycles / time_ns : NAN;
}

static void derive_shared(gr_ncu_figures *f)
{
    f->shared_load = need(f, GR_NCU_Q_SHARED_LD_WAVEFRONTS);
    f->shared_store = need(f, GR_NCU_Q_SHARED_ST_WAVEFRONTS);
    f->shared_ideal = f->shared_load - need(f, GR_NCU_Q_SHARED_LD_CONFLICTS) + f->shared_store -
                      need(f, GR_NCU_Q_SHARED_ST_CONFLICTS);
    double ld_inst = f->q[GR_NCU_Q_SHARED_LD_INST], st_inst = f->q[GR_NCU_Q_SHARED_ST_INST];
    f->shared_conflicts = f->q[GR_NCU_Q_SHARED_LD_CONFLICTS] + f->q[GR_NCU_Q_SHARED_ST_CONFLICTS];
    f->shared_load_per_request = ld_inst > 0 ? f->shared_load / ld_inst : NAN;
    f->shared_store_per_request = st_inst > 0 ? f->shared_store / st_inst : NAN;
}

/* The grid and block from the launch__*_dim_* metrics, where the report
 * has no "(x, y, z)" column. */
static void shape_from(const gr_ncu_figures *f, gr_ncu_quantity x, long long xyz[3])
{
    if (xyz[0] >= 0)
        return;
    for (int i = 0; i < 3; i++) {
        double v = f->q[x + i];
        xyz[i] = v >= 0 && v <= 1e12 ? (long long)v : -1;
    }
    if (xyz[0] < 0 || xyz[1] < 0 || xyz[2] < 0)
        xyz[0] = xyz[1] = xyz[2] = -1;
}

static void derive_launch(gr_ncu_figures *f)
{
    shape_from(f, GR_NCU_Q_GRID_X, f->grid);
    shape_from(f, GR_NCU_Q_BLOCK_X, f->block);
    if (f->grid[0] < 0 && !f->varies[GR_NCU_Q_GRID_X])
        f->missing[GR_NCU_Q_GRID_X] = true;
    if (f->block[0] < 0 && !f->varies[GR_NCU_Q_BLOCK_X])
        f->missing[GR_NCU_Q_BLOCK_X] = true;
    f->threads_per_block = f->block[0] >= 0 ? (double)f->block[0] * (double)f->block[1] * (double)f->block[2]
                                            : f->q[GR_NCU_Q_BLOCK_THREADS];
    need(f, GR_NCU_Q_REGISTERS);
    need(f, GR_NCU_Q_SMEM_STATIC);
    need(f, GR_NCU_Q_SMEM_DYNAMIC);
    f->occupancy_theoretical = need(f, GR_NCU_Q_THEORETICAL_PCT) / 100;
    f->occupancy_achieved = need(f, GR_NCU_Q_ACHIEVED_PCT) / 100;
}

void gr_ncu_figures_derive(gr_ncu_figures *f)
{
    for (int i = 0; i < GR_NCU_Q_COUNT; i++)
        f->missing[i] = f->chip_lacks[i] = false;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        f->flops_lower[p] = false;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        f->bytes_lower[level] = false;
    f->flops_total_lower = false;
    derive_flops(f);
    derive_bytes(f);
    derive_shared(f);
    derive_launch(f);
}

bool gr_ncu_fp16_moves(const gr_ncu_figures *f)
{
    double hfma = f->q[GR_NCU_Q_HFMA], hadd = f->q[GR_NCU_Q_HADD], hmul = f->q[GR_NCU_Q_HMUL];
    double warp_inst = f->q[GR_NCU_Q_WARP_INST];
    if (!(hfma > 0) || isnan(hadd) || isnan(hmul) || !(warp_inst > 0))
        return false;
    return hadd == 0 && hmul == 0 && hfma < warp_inst;
}

bool gr_ncu_figures_take_moves(gr_ncu_figures *f)
{
    if (!gr_ncu_fp16_moves(f))
        return false;
    f->fp16_move_hfma += f->q[GR_NCU_Q_HFMA];
    f->q[GR_NCU_Q_HFMA] = 0;
    return true;
}

void gr_ncu_figures_of_launch(const gr_ncu_launch *l, gr_ncu_figures *out)
{
    *out = (gr_ncu_figures){.chip = l->chip};
    gr_ncu_resolve(l->values, l->chip, out->q, out->from, out->lacking);
    for (int i = 0; i < 3; i++) {
        out->grid[i] = l->grid[i];
        out->block[i] = l->block[i];
    }
    gr_ncu_figures_take_moves(out);
    gr_ncu_figures_derive(out);
}

double gr_ncu_l1_global_hit_rate(const gr_ncu_figures *f)
{
    double hits = f->q[GR_NCU_Q_GLOBAL_LD_HIT_SECTORS], sectors = f->q[GR_NCU_Q_GLOBAL_LD_SECTORS];
    if (isnan(hits) || isnan(sectors) || !(sectors > 0))
        return NAN;
    return hits / sectors;
}

bool gr_ncu_figures_lower(const gr_ncu_figures *f)
{
    bool lower = f->flops_total_lower;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        lower |= f->bytes_lower[level] && !isnan(f->bytes[level]);
    return lower;
}

const char *gr_ncu_missing_metric(const gr_ncu_figures *f, gr_ncu_quantity q)
{
    if (f->lacking[q] > 0 && (size_t)f->lacking[q] < gr_ncu_metric_count)
        return gr_ncu_metrics[f->lacking[q]].name;
    return gr_ncu_quantity_metric(q, f->chip);
}
