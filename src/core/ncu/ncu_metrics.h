/* What gpuroof reads from an Nsight Compute report: each quantity (a
 * count of FP32 adds, DRAM bytes read, a launch's registers) and the
 * metrics that give it, in one table (ncu_metrics.c; doc/ncu-input.md).
 * A quantity may come from several metrics: the count itself, or a rate
 * as the stock sections give it (per second, per cycle elapsed) times the
 * launch's duration or cycles; the first of its metrics the launch has
 * gives it.  A new source of a quantity is one row of the table. */
#ifndef GPUROOF_NCU_METRICS_H
#define GPUROOF_NCU_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include "ncu_units.h"
#include "gpuroof_text.h"

/* The reasons a warp did not issue, as Nsight Compute's warp-state
 * counters name them (smsp__warps_issue_stalled_REASON; the Kernel
 * Profiling Guide's "Warp Stall Reasons"): X(reason) for each.  "selected"
 * is the warp that issued, no stall; mio_throttle_pipe_mio, a part of
 * mio_throttle on some chips, is left out so that nothing counts twice. */
#define GR_NCU_STALLS(X)                                                                              \
    X(barrier) X(branch_resolving) X(dispatch_stall) X(drain) X(gmma) X(imc_miss) X(lg_throttle)    \
    X(long_scoreboard) X(math_pipe_throttle) X(membar) X(mio_throttle) X(misc) X(no_instruction)    \
    X(not_selected) X(short_scoreboard) X(sleeping) X(tex_throttle) X(wait)

/* The units whose busy share Nsight Compute measures against their peak
 * (X.max.pct_of_peak_sustained_elapsed: the busiest instance, an SM, an
 * L2 slice or a DRAM partition, over the launch's elapsed cycles): each
 * a time the launch cannot beat, its share of the duration.  X(key,
 * metric base name, the chips that have it (0: every chip), family):
 * the family is the limit the unit's time belongs to (ncu_limits.h).
 * Names: the Kernel Profiling Guide's "Hardware Model" and the GH100
 * list (tests/data/ncu/chips/gh100.csv.gz). */
#define GR_NCU_UNITS(X)                                                                          \
    X(dram, "dram__throughput", DRAM_ANY, DRAM)                                                   \
    X(l2_sectors, "lts__t_sectors", 0, L2)                                                        \
    X(l2_tags, "lts__t_tag_requests", 0, L2)                                                      \
    X(l2_data, "lts__d_sectors", 0, L2)                                                           \
    X(l2_in, "lts__xbar2lts_cycles_active", 0, L2)                                                \
    X(l2_out, "lts__lts2xbar_cycles_active", 0, L2)                                               \
    X(l1_fill, "l1tex__m_xbar2l1tex_read_bytes", 0, L2)                                           \
    X(l1_evict, "l1tex__m_l1tex2xbar_write_bytes", 0, L2)                                         \
    X(l1_wavefronts, "l1tex__data_pipe_lsu_wavefronts", 0, L1)                                    \
    X(l1_bank_reads, "l1tex__data_bank_reads", 0, L1)                                             \
    X(l1_bank_writes, "l1tex__data_bank_writes", 0, L1)                                           \
    X(l1_lsuin, "l1tex__lsuin_requests", 0, L1)                                                   \
    X(l1_tag_sectors, "l1tex__t_sectors", 0, L1)                                                  \
    X(l1_tag_requests, "l1tex__t_requests", 0, L1)                                                \
    X(l1_tex, "l1tex__f_wavefronts", 0, L1)                                                       \
    X(l1_writeback, "l1tex__lsu_writeback_active", 0, L1)                                         \
    X(fma, "sm__pipe_fma_cycles_active", 0, FP)                                                   \
    X(fmaheavy, "sm__pipe_fmaheavy_cycles_active", FMAHEAVY_CHIPS, FP)                            \
    X(fp64, "sm__pipe_fp64_cycles_active", 0, FP)                                                 \
    X(fp16_tensor, "sm__pipe_shared_cycles_active", SHARED_PIPE_CHIPS, FP)                        \
    X(tensor, "sm__pipe_tensor_cycles_active", 0, FP)                                             \
    X(issue, "smsp__issue_active", 0, ISSUE)                                                      \
    X(alu, "sm__pipe_alu_cycles_active", 0, PIPE)                                                 \
    X(lsu, "sm__inst_executed_pipe_lsu", 0, PIPE)                                                 \
    X(xu, "sm__inst_executed_pipe_xu", 0, PIPE)                                                   \
    X(uniform, "sm__inst_executed_pipe_uniform", 0, PIPE)                                         \
    X(adu, "sm__inst_executed_pipe_adu", 0, PIPE)                                                 \
    X(cbu, "sm__inst_executed_pipe_cbu", 0, PIPE)                                                 \
    X(tma, "sm__pipe_tma_cycles_active", TMA_CHIPS, PIPE)                                         \
    X(mio, "sm__mio_inst_issued", 0, PIPE)                                                        \
    X(mio_writeback, "sm__mio2rf_writeback_active", 0, PIPE)

/* The limit a unit's busy time belongs to. */
typedef enum {
    GR_NCU_UNIT_DRAM,
    GR_NCU_UNIT_L2,    /* the L2's slices and the crossbar to and from it */
    GR_NCU_UNIT_L1,    /* the L1's data pipe, banks and tag stage: shared memory's too */
    GR_NCU_UNIT_FP,    /* an FP pipe: the compute limit's */
    GR_NCU_UNIT_ISSUE, /* the schedulers' issue slots */
    GR_NCU_UNIT_PIPE,  /* another SM pipe: integer, special functions, load/store, ... */
} gr_ncu_unit_family;

typedef enum {
#define GR_NCU_UNIT_ENUM(key, metric, chips, family) GR_NCU_UNIT_##key,
    GR_NCU_UNITS(GR_NCU_UNIT_ENUM)
#undef GR_NCU_UNIT_ENUM
    GR_NCU_UNIT_COUNT
} gr_ncu_unit_id;

/* The unit's key ("l1_wavefronts"), its metric base name and family. */
const char *gr_ncu_unit_key(gr_ncu_unit_id u);
const char *gr_ncu_unit_metric(gr_ncu_unit_id u);
gr_ncu_unit_family gr_ncu_unit_family_of(gr_ncu_unit_id u);
/* For people: "the L1's LSU data pipe (wavefronts)". */
const char *gr_ncu_unit_name(gr_ncu_unit_id u);

typedef enum {
    /* the time and cycles that rates are multiplied by: first, so that
     * they are known before the quantities that need them */
    GR_NCU_Q_TIME_NS,
    GR_NCU_Q_SM_CYCLES,
    GR_NCU_Q_SMSP_CYCLES,
    /* thread instructions executed, predicated on */
    GR_NCU_Q_DADD, GR_NCU_Q_DMUL, GR_NCU_Q_DFMA,
    GR_NCU_Q_FADD, GR_NCU_Q_FMUL, GR_NCU_Q_FFMA,
    GR_NCU_Q_HADD, GR_NCU_Q_HMUL, GR_NCU_Q_HFMA,
    /* Tensor Core FLOPs by source type */
    GR_NCU_Q_TENSOR_FP16, GR_NCU_Q_TENSOR_BF16, GR_NCU_Q_TENSOR_TF32, GR_NCU_Q_TENSOR_FP64, GR_NCU_Q_TENSOR_FP8,
    /* the FP8 ones in two parts, as the roofline sections give them:
     * their sum where the report lacks the whole */
    GR_NCU_Q_TENSOR_FP8_DENSE, GR_NCU_Q_TENSOR_FP8_SPARSE,
    /* warp instructions the Tensor pipe executed: none means no Tensor
     * Core FLOPs, where the report has no FLOP counter of its own */
    GR_NCU_Q_TENSOR_PIPE_INST,
    /* bytes */
    GR_NCU_Q_DRAM_READ, GR_NCU_Q_DRAM_WRITE, GR_NCU_Q_DRAM_BYTES, GR_NCU_Q_L2_BYTES, GR_NCU_Q_L1_BYTES,
    /* what the roofline sections measure the L2 and L1 by, where the
     * report lacks lts__t_bytes and l1tex__t_bytes: other quantities */
    GR_NCU_Q_L2_XBAR_BYTES, GR_NCU_Q_L1_WRITEBACK_BYTES,
    /* shared memory */
    GR_NCU_Q_SHARED_LD_WAVEFRONTS, GR_NCU_Q_SHARED_ST_WAVEFRONTS,
    GR_NCU_Q_SHARED_LD_CONFLICTS, GR_NCU_Q_SHARED_ST_CONFLICTS,
    GR_NCU_Q_SHARED_LD_INST, GR_NCU_Q_SHARED_ST_INST,
    /* what the limits that are not roofs need (ncu_limits.h): warp
     * instructions issued; global loads as requests, their L1 sectors and
     * the L2's sectors read for the L1; global store requests; every L2
     * sector the L1s asked for (no DRAM fill, no partition crossing) */
    GR_NCU_Q_WARP_INST, GR_NCU_Q_GLOBAL_LD_REQUESTS, GR_NCU_Q_GLOBAL_LD_SECTORS, GR_NCU_Q_L2_LOAD_SECTORS,
    GR_NCU_Q_GLOBAL_ST_REQUESTS, GR_NCU_Q_L2_TEX_SECTORS,
    /* global loads as warp instructions executed, and their L1 sectors
     * that hit (the volatile loads' miss the L1 each time) */
    GR_NCU_Q_GLOBAL_LD_INST, GR_NCU_Q_GLOBAL_LD_HIT_SECTORS,
    /* every shared and global wavefront of the L1's LSU data pipe; the
     * warp-cycles a warp issued (the stall counters' "selected") */
    GR_NCU_Q_L1_WAVEFRONTS, GR_NCU_Q_WARPS_SELECTED,
    /* each unit's busy time, ns: its busiest instance's share of the
     * elapsed cycles times the duration (GR_NCU_UNITS) */
#define GR_NCU_UNIT_QUANTITY(key, metric, chips, family) GR_NCU_Q_UNIT_##key,
    GR_NCU_UNITS(GR_NCU_UNIT_QUANTITY)
#undef GR_NCU_UNIT_QUANTITY
    /* the SMs' active cycles, the mean SM's and the busiest one's, as
     * times (ns): how much of the GPU the grid kept busy; Nsight
     * Compute's own speed-of-light summaries, the same way */
    GR_NCU_Q_SM_ACTIVE_MEAN, GR_NCU_Q_SM_ACTIVE_MAX, GR_NCU_Q_SOL_SM, GR_NCU_Q_SOL_MEMORY,
    /* warps stalled, summed over the cycles, by reason (GR_NCU_STALLS) */
#define GR_NCU_STALL_QUANTITY(reason) GR_NCU_Q_STALL_##reason,
    GR_NCU_STALLS(GR_NCU_STALL_QUANTITY)
#undef GR_NCU_STALL_QUANTITY
    /* occupancy, in percent */
    GR_NCU_Q_THEORETICAL_PCT, GR_NCU_Q_ACHIEVED_PCT,
    /* the launch */
    GR_NCU_Q_REGISTERS, GR_NCU_Q_SMEM_STATIC, GR_NCU_Q_SMEM_DYNAMIC, GR_NCU_Q_SMEM_CONFIG,
    GR_NCU_Q_BLOCK_THREADS, GR_NCU_Q_GRID_BLOCKS,
    GR_NCU_Q_BLOCK_X, GR_NCU_Q_BLOCK_Y, GR_NCU_Q_BLOCK_Z, GR_NCU_Q_GRID_X, GR_NCU_Q_GRID_Y, GR_NCU_Q_GRID_Z,
    /* blocks per SM each resource allows, as Nsight Compute works it out */
    GR_NCU_Q_LIMIT_BLOCKS, GR_NCU_Q_LIMIT_REGISTERS, GR_NCU_Q_LIMIT_SHARED, GR_NCU_Q_LIMIT_WARPS,
    /* the grid over the blocks every SM holds at once */
    GR_NCU_Q_WAVES,
    /* the device (the raw page has every device__attribute_*) */
    GR_NCU_Q_CC_MAJOR, GR_NCU_Q_CC_MINOR, GR_NCU_Q_SM_COUNT, GR_NCU_Q_SMEM_SM,
    GR_NCU_Q_COUNT
} gr_ncu_quantity;

/* How a quantity is summed over the launches of a kernel (ncu_group.h). */
typedef enum {
    GR_NCU_ADDS,      /* counts, bytes, time: the total */
    GR_NCU_SAME,      /* the launch's shape and resources: where every launch has the same */
    GR_NCU_TIME_MEAN, /* achieved occupancy: the mean weighted by time */
} gr_ncu_summing;

typedef struct {
    const char *name; /* for people: "FP32 add instructions" */
    gr_ncu_dimension dimension;
    gr_ncu_summing summing;
} gr_ncu_quantity_info;

const gr_ncu_quantity_info *gr_ncu_quantity_of(gr_ncu_quantity q);

/* Nsight Compute's chips (ncu --list-chips), grouped where they name
 * what gpuroof reads alike (tests/data/ncu/chips has each chip's list).
 * UNKNOWN, zero: a report that does not say, read with every row. */
typedef enum {
    GR_NCU_CHIP_UNKNOWN,
    GR_NCU_TU10X, /* tu102, tu104, tu106 */
    GR_NCU_TU11X, /* tu116, tu117: no Tensor Cores */
    GR_NCU_GA100,
    GR_NCU_GA10X, /* ga102 ... ga107 */
    GR_NCU_GA10B, /* Jetson Orin */
    GR_NCU_AD10X, /* ad102 ... ad107 */
    GR_NCU_GH100,
    GR_NCU_GB100, /* gb100, gb102 */
    GR_NCU_GB10B, /* Jetson Thor */
    GR_NCU_GB110,
    GR_NCU_GB20X, /* gb202 ... gb207 */
    GR_NCU_GB20B, /* GB10 */
    GR_NCU_CHIP_COUNT
} gr_ncu_chip;

/* "ga10x"; "unknown" */
const char *gr_ncu_chip_name(gr_ncu_chip c);
/* The family of one of ncu's chip names ("ga102"), or UNKNOWN. */
gr_ncu_chip gr_ncu_chip_of_name(const char *chip);
/* The family of a GPU by its compute capability (and, for 7.5, its name:
 * TU11x has no Tensor Cores), or UNKNOWN. */
gr_ncu_chip gr_ncu_chip_of_cc(int major, int minor, const char *gpu_name);

/* How a metric's value gives its quantity. */
typedef enum {
    GR_NCU_AS_IS,          /* the value is the quantity */
    GR_NCU_TIMES_TIME,     /* per second, times the duration */
    GR_NCU_TIMES_SM_CYCLES,   /* per cycle elapsed of an sm__ metric, times the SM cycles */
    GR_NCU_TIMES_SMSP_CYCLES, /* per cycle elapsed of an smsp__ metric, times the SMSP cycles */
    GR_NCU_SHARE_OF_TIME,     /* a percentage of the elapsed cycles, times the duration: a busy time */
} gr_ncu_form;

typedef struct {
    gr_ncu_quantity quantity;
    const char *name; /* as Nsight Compute names it */
    gr_ncu_form form;
    bool listed;      /* in gpuroof's own list, what `gpuroof ncu --metrics` prints */
    /* the chips that have it: a bit (1 << gr_ncu_chip) each; 0 for all */
    unsigned chips;
    /* 0: the quantity itself; k > 0: one part of the quantity's k-th sum,
     * whose rows are next to each other: the quantity is their sum */
    unsigned char sum;
} gr_ncu_metric;

/* Whether row r of gr_ncu_metrics is on chip c (every row is on UNKNOWN). */
bool gr_ncu_metric_on(size_t r, gr_ncu_chip c);
/* Whether chip c has any metric of quantity q (UNKNOWN: true). */
bool gr_ncu_chip_has(gr_ncu_quantity q, gr_ncu_chip c);

extern const gr_ncu_metric gr_ncu_metrics[];
extern const size_t gr_ncu_metric_count;

/* The metric table's rows by name, for the reader's lookups; made by
 * gr_ncu_metric_index_init, one per reader. */
/* The most rows the table may grow to. */
#define GR_NCU_MAX_METRICS 256

typedef struct {
    size_t order[GR_NCU_MAX_METRICS]; /* indices of gr_ncu_metrics, by name */
} gr_ncu_metric_index;

void gr_ncu_metric_index_init(gr_ncu_metric_index *index);
/* The row whose metric name is text, or -1. */
long gr_ncu_metric_find(const gr_ncu_metric_index *index, gr_span text);

/* The unit a metric's value must come in: its quantity's dimension, a
 * rate per second or per cycle for those forms.  False, with the kind of
 * unit expected in *expected ("a byte unit"), where unit does not fit. */
bool gr_ncu_unit_fits(const gr_ncu_metric *m, const gr_ncu_unit *unit, const char **expected);

/* Each quantity from a launch's values (one a row of gr_ncu_metrics, in
 * base units, NaN where the launch has none), with the rows of chip c:
 * the first of its rows (or sums) that is there whole; NaN where none is,
 * or a rate's time or cycles are not.  from: the row that gave each
 * (a sum's first), or -1.  Where only part of a sum is there, the parts
 * there, with lacking[q] the first part's row that is not; else 0 (row 0,
 * the duration, is never part of a sum, so zeroed figures lack nothing). */
void gr_ncu_resolve(const double *values, gr_ncu_chip c, double q[GR_NCU_Q_COUNT], int from[GR_NCU_Q_COUNT],
                    int lacking[GR_NCU_Q_COUNT]);

/* gpuroof's own metric list for chip c (UNKNOWN: the union of every
 * chip's, which ncu takes on any: it answers n/a for a metric the chip
 * lacks), comma-separated as ncu --metrics takes it, into out (size
 * bytes); false where it does not fit. */
bool gr_ncu_metric_list(gr_ncu_chip c, char *out, size_t size);

/* gpuroof's list of the metrics the local GPU has: the listed rows
 * whose base name (before the first '.') is a row of what `ncu
 * --query-metrics --csv` printed (text, len bytes: "NAME",... a line),
 * and those ncu reports on every chip without listing them (launch__*,
 * device__attribute_*, sm__maximum_warps_per_active_cycle_pct).  False
 * where it does not fit, or the text names none of gpuroof's counters
 * (no query's output: take the union then). */
bool gr_ncu_metric_list_queried(const char *text, size_t len, char *out, size_t size);

/* The name of the metric a missing quantity is looked for under on chip
 * c: its first listed row's (gpuroof's list), else its first row's. */
const char *gr_ncu_quantity_metric(gr_ncu_quantity q, gr_ncu_chip c);

#endif
