/* What gpuroof works out of a launch's metrics (or of a kernel's launches
 * summed, ncu_group.h): FLOPs per precision, bytes and intensity at each
 * memory level, achieved GFLOP/s, shared-memory wavefronts beside the
 * ideal, occupancy as fractions.  A figure summed from counters is the
 * sum of those the report has, marked a lower bound where it lacks some
 * (and NaN where it has none); any other figure whose metrics the report
 * lacks is NaN.  The quantities a figure needed and lacked are marked
 * missing: nothing is guessed.  How each is derived: doc/ncu-input.md. */
#ifndef GPUROOF_NCU_FIGURES_H
#define GPUROOF_NCU_FIGURES_H

#include <stdbool.h>
#include "ncu_metrics.h"
#include "ncu_report.h"
#include "gpuroof_roofline.h"

/* The most bytes one shared-memory wavefront moves: 32 banks of 4 bytes
 * (the CUDA C++ Programming Guide, "Shared Memory" of compute capability
 * 5.x and later). */
#define GR_NCU_WAVEFRONT_BYTES 128

/* The memory levels of the hierarchical roofline are its one enum's
 * (roofline_levels.h); the L1 level's bytes are the L1/shared-memory data
 * path's (l1tex bytes and shared-memory wavefronts), the level shared
 * memory's. */
typedef gr_level gr_ncu_level;
#define GR_NCU_DRAM GR_LEVEL_DRAM
#define GR_NCU_L2 GR_LEVEL_L2
#define GR_NCU_L1 GR_LEVEL_SHARED
#define GR_NCU_LEVEL_COUNT GR_MEMORY_LEVELS

/* FLOPs by the peak they run at: the three of the FP pipes, then the
 * Tensor Cores' by source type. */
typedef enum {
    GR_NCU_FP64,
    GR_NCU_FP32,
    GR_NCU_FP16,
    GR_NCU_TENSOR_FP16,
    GR_NCU_TENSOR_BF16,
    GR_NCU_TENSOR_TF32,
    GR_NCU_TENSOR_FP64,
    GR_NCU_TENSOR_FP8,
    GR_NCU_PRECISION_COUNT
} gr_ncu_precision;

typedef struct {
    double q[GR_NCU_Q_COUNT];       /* each quantity, NaN where unknown */
    int from[GR_NCU_Q_COUNT];       /* the row of gr_ncu_metrics that gave it, -1 */
    bool varies[GR_NCU_Q_COUNT];    /* a kernel's launches differ in it (never missing then) */
    bool missing[GR_NCU_Q_COUNT];   /* a figure needed it and the report lacks it (or part of it) */
    gr_ncu_chip chip;               /* the report's: the rows that apply */
    int lacking[GR_NCU_Q_COUNT];    /* a sum's part the report lacks (a row), or 0 (gr_ncu_resolve) */
    /* the chip has no counter of it: a precision it lacks counts 0 (the
     * Tensor Cores' on Turing's TU11x, FP8 on Ampere), DRAM bytes on an
     * integrated GPU are unknown */
    bool chip_lacks[GR_NCU_Q_COUNT];
    long long grid[3], block[3];    /* -1 where unknown */
    double threads_per_block;

    double flops[GR_NCU_PRECISION_COUNT];
    double flops_fp64, flops_fp32, flops_fp16, flops_tensor, flops_total;
    /* HFMA2 thread instructions that were register moves (gr_ncu_fp16_moves),
     * left out of q[GR_NCU_Q_HFMA] and so of the FLOPs; 0 where none */
    double fp16_move_hfma;
    double bytes[GR_NCU_LEVEL_COUNT];     /* DRAM: read + write */
    /* the quantity each level's bytes came from: DRAM_READ (read + write)
     * or DRAM_BYTES; L2_BYTES (lts__t_bytes) or L2_XBAR_BYTES; L1_BYTES
     * (l1tex__t_bytes + 128 B a shared-memory wavefront) or
     * L1_WRITEBACK_BYTES */
    gr_ncu_quantity bytes_from[GR_NCU_LEVEL_COUNT];
    double intensity[GR_NCU_LEVEL_COUNT]; /* FLOP/B; infinite where FLOPs move no bytes */
    double gflops;                        /* achieved: FLOPs / time */
    double shared_load, shared_store;     /* wavefronts */
    double shared_ideal;                  /* wavefronts less bank conflicts */
    double shared_conflicts;              /* load and store bank conflicts */
    double shared_load_per_request, shared_store_per_request; /* wavefronts an instruction; NaN where none ran */
    double sm_clock_mhz;                  /* SM cycles over the time; NaN where either is unknown */
    double occupancy_theoretical, occupancy_achieved; /* 0..1 */
    /* figures summed from counters some of which the report lacks (the
     * chip has them): the counters there, so the least the figure can be */
    bool flops_lower[GR_NCU_PRECISION_COUNT], flops_total_lower, bytes_lower[GR_NCU_LEVEL_COUNT];
} gr_ncu_figures;

/* The share of f's global-load sectors that hit in the L1 (0..1); NaN
 * where the report lacks either count or no sector was looked up. */
double gr_ncu_l1_global_hit_rate(const gr_ncu_figures *f);

/* Whether any figure of f is a lower bound. */
bool gr_ncu_figures_lower(const gr_ncu_figures *f);
/* The metric a missing quantity of f is named by: the part of a sum the
 * report lacks, else the quantity's metric on f's chip. */
const char *gr_ncu_missing_metric(const gr_ncu_figures *f, gr_ncu_quantity q);

/* A launch's figures. */
void gr_ncu_figures_of_launch(const gr_ncu_launch *l, gr_ncu_figures *out);

/* The derived figures from f's quantities, grid and block (both set):
 * what gr_ncu_figures_of_launch does after resolving, and the grouping
 * after summing. */
void gr_ncu_figures_derive(gr_ncu_figures *f);

/* "fp64", ..., "tensor_fp16": the precision's one name, as a profile's
 * peak_gflops and gr_precision_table name it. */
/* FP16 FLOPs that are register moves.  ptxas zeroes registers with
 * `HFMA2.MMA Rd, -RZ, RZ, 0, 0` (a fused multiply-add of zeros: a move on
 * the tensor pipe), and Nsight Compute counts it as an HFMA2 like any
 * other, so that integer and FP32 kernels show FP16 FLOPs (PyTorch's
 * copy, softmax, layer-norm and optimizer kernels on the H100 do: one to
 * nine HFMA2 a thread launched, no HADD2 or HMUL2, 0.04% to 2.5% of their
 * thread instructions).  The rule: a kernel's FP16 instructions are all
 * HFMA2, and they are fewer than its warp instructions, i.e. under one
 * in 32 of its thread instructions (an FP16 kernel that does its
 * arithmetic spends far more of them on it: a half2 FMA in an
 * element-wise kernel of loads, an index and a store is one in about 15).
 * False where the report lacks the counts to tell.  A launch's figures
 * (gr_ncu_figures_of_launch) leave such HFMA2 out of its FLOPs, every
 * output alike, and keep their count in fp16_move_hfma. */
bool gr_ncu_fp16_moves(const gr_ncu_figures *f);
/* Where f's HFMA2 are such moves, moves their count from q[GR_NCU_Q_HFMA]
 * to fp16_move_hfma (gr_ncu_figures_derive then leaves them out); false,
 * f as it was, where they are not. */
bool gr_ncu_figures_take_moves(gr_ncu_figures *f);

const char *gr_ncu_precision_name(gr_ncu_precision p);

#endif
