/* The quantities gpuroof reads from Nsight Compute, and the metrics that
 * give them (ncu_metrics.h).  Metric names and what they count: GH100's
 * metrics as `ncu --query-metrics` lists them, and the Nsight Compute
 * Kernel Profiling Guide ("Metrics Structure": .sum, .avg, .per_second,
 * .per_cycle_elapsed, .pct_of_peak_sustained_active). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_metrics.h"

#define INFO(q, text, dim, summing) [GR_NCU_Q_##q] = {text, GR_NCU_##dim, GR_NCU_##summing}
static const gr_ncu_quantity_info quantities[GR_NCU_Q_COUNT] = {
    INFO(TIME_NS, "duration", TIME, ADDS),
    INFO(SM_CYCLES, "SM cycles elapsed", COUNT, ADDS),
    INFO(SMSP_CYCLES, "SMSP cycles elapsed", COUNT, ADDS),
    INFO(DADD, "FP64 add instructions", COUNT, ADDS),
    INFO(DMUL, "FP64 multiply instructions", COUNT, ADDS),
    INFO(DFMA, "FP64 FMA instructions", COUNT, ADDS),
    INFO(FADD, "FP32 add instructions", COUNT, ADDS),
    INFO(FMUL, "FP32 multiply instructions", COUNT, ADDS),
    INFO(FFMA, "FP32 FMA instructions", COUNT, ADDS),
    INFO(HADD, "FP16 add instructions", COUNT, ADDS),
    INFO(HMUL, "FP16 multiply instructions", COUNT, ADDS),
    INFO(HFMA, "FP16 FMA instructions", COUNT, ADDS),
    INFO(TENSOR_FP16, "Tensor Core FP16 FLOPs", COUNT, ADDS),
    INFO(TENSOR_BF16, "Tensor Core BF16 FLOPs", COUNT, ADDS),
    INFO(TENSOR_TF32, "Tensor Core TF32 FLOPs", COUNT, ADDS),
    INFO(TENSOR_FP64, "Tensor Core FP64 FLOPs", COUNT, ADDS),
    INFO(TENSOR_FP8, "Tensor Core FP8 FLOPs", COUNT, ADDS),
    INFO(TENSOR_FP8_DENSE, "Tensor Core FP8 FLOPs, sparsity off", COUNT, ADDS),
    INFO(TENSOR_FP8_SPARSE, "Tensor Core FP8 FLOPs, sparsity on", COUNT, ADDS),
    INFO(TENSOR_PIPE_INST, "Tensor pipe instructions", COUNT, ADDS),
    INFO(DRAM_READ, "DRAM bytes read", BYTES, ADDS),
    INFO(DRAM_WRITE, "DRAM bytes written", BYTES, ADDS),
    INFO(DRAM_BYTES, "DRAM bytes", BYTES, ADDS),
    INFO(L2_BYTES, "L2 bytes", BYTES, ADDS),
    INFO(L1_BYTES, "L1 bytes", BYTES, ADDS),
    INFO(L2_XBAR_BYTES, "L2 bytes to the crossbar", BYTES, ADDS),
    INFO(L1_WRITEBACK_BYTES, "L1 LSU writeback bytes", BYTES, ADDS),
    INFO(SHARED_LD_WAVEFRONTS, "shared-memory load wavefronts", COUNT, ADDS),
    INFO(SHARED_ST_WAVEFRONTS, "shared-memory store wavefronts", COUNT, ADDS),
    INFO(SHARED_LD_CONFLICTS, "shared-memory load bank conflicts", COUNT, ADDS),
    INFO(SHARED_ST_CONFLICTS, "shared-memory store bank conflicts", COUNT, ADDS),
    INFO(SHARED_LD_INST, "shared-memory load instructions", COUNT, ADDS),
    INFO(SHARED_ST_INST, "shared-memory store instructions", COUNT, ADDS),
    INFO(WARP_INST, "warp instructions executed", COUNT, ADDS),
    INFO(GLOBAL_LD_REQUESTS, "global load requests", COUNT, ADDS),
    INFO(GLOBAL_LD_SECTORS, "global load sectors at the L1", COUNT, ADDS),
    INFO(L2_LOAD_SECTORS, "L2 sectors read for the L1", COUNT, ADDS),
    INFO(GLOBAL_ST_REQUESTS, "global store requests", COUNT, ADDS),
    INFO(L2_TEX_SECTORS, "L2 sectors the L1s asked for", COUNT, ADDS),
    INFO(GLOBAL_LD_INST, "global load instructions", COUNT, ADDS),
    INFO(GLOBAL_LD_HIT_SECTORS, "global load sectors that hit in the L1", COUNT, ADDS),
    INFO(L1_WAVEFRONTS, "L1 data-pipe wavefronts", COUNT, ADDS),
    INFO(WARPS_SELECTED, "warp-cycles issuing", COUNT, ADDS),
#define UNIT_INFO(key, metric, chips, family) INFO(UNIT_##key, "busy time: " metric, TIME, ADDS),
    GR_NCU_UNITS(UNIT_INFO)
#undef UNIT_INFO
    INFO(SM_ACTIVE_MEAN, "SM active time, the mean SM's", TIME, ADDS),
    INFO(SM_ACTIVE_MAX, "SM active time, the busiest SM's", TIME, ADDS),
    INFO(SOL_SM, "compute (SM) throughput, as a time", TIME, ADDS),
    INFO(SOL_MEMORY, "memory throughput, as a time", TIME, ADDS),
#define STALL_INFO(reason) INFO(STALL_##reason, "warps stalled: " #reason, COUNT, ADDS),
    GR_NCU_STALLS(STALL_INFO)
#undef STALL_INFO
    INFO(THEORETICAL_PCT, "theoretical occupancy", PERCENT, SAME),
    INFO(ACHIEVED_PCT, "achieved occupancy", PERCENT, TIME_MEAN),
    INFO(REGISTERS, "registers per thread", COUNT, SAME),
    INFO(SMEM_STATIC, "static shared memory per block", BYTES, SAME),
    INFO(SMEM_DYNAMIC, "dynamic shared memory per block", BYTES, SAME),
    INFO(SMEM_CONFIG, "shared memory configured per SM", BYTES, SAME),
    INFO(BLOCK_THREADS, "threads per block", COUNT, SAME),
    INFO(GRID_BLOCKS, "blocks per grid", COUNT, SAME),
    INFO(BLOCK_X, "block x", COUNT, SAME),
    INFO(BLOCK_Y, "block y", COUNT, SAME),
    INFO(BLOCK_Z, "block z", COUNT, SAME),
    INFO(GRID_X, "grid x", COUNT, SAME),
    INFO(GRID_Y, "grid y", COUNT, SAME),
    INFO(GRID_Z, "grid z", COUNT, SAME),
    INFO(LIMIT_BLOCKS, "blocks per SM the block limit allows", COUNT, SAME),
    INFO(LIMIT_REGISTERS, "blocks per SM the registers allow", COUNT, SAME),
    INFO(LIMIT_SHARED, "blocks per SM the shared memory allows", COUNT, SAME),
    INFO(LIMIT_WARPS, "blocks per SM the warps allow", COUNT, SAME),
    INFO(WAVES, "waves of blocks", COUNT, SAME),
    INFO(CC_MAJOR, "compute capability, major", COUNT, SAME),
    INFO(CC_MINOR, "compute capability, minor", COUNT, SAME),
    INFO(SM_COUNT, "SMs", COUNT, SAME),
    INFO(SMEM_SM, "shared memory per SM", COUNT, SAME),
};
#undef INFO

const gr_ncu_quantity_info *gr_ncu_quantity_of(gr_ncu_quantity q)
{
    return q < GR_NCU_Q_COUNT ? &quantities[q] : NULL;
}

#define LISTED(q, name) {GR_NCU_Q_##q, name, GR_NCU_AS_IS, true, 0, 0}
#define ALSO(q, name, form) {GR_NCU_Q_##q, name, GR_NCU_##form, false, 0, 0}
/* a metric only some chips have (the sets below), and a part of a sum */
#define ON(chips, q, name) {GR_NCU_Q_##q, name, GR_NCU_AS_IS, true, chips, 0}
#define ALSO_ON(chips, q, name, form) {GR_NCU_Q_##q, name, GR_NCU_##form, false, chips, 0}
#define PART(chips, q, name, k) {GR_NCU_Q_##q, name, GR_NCU_AS_IS, true, chips, k}

/* Sets of chips, from the lists of tests/data/ncu/chips (test_ncu_chips.sh
 * holds every listed metric to them). */
#define CHIP(c) (1u << GR_NCU_##c)
#define EVERY_CHIP (((1u << GR_NCU_CHIP_COUNT) - 1) & ~CHIP(CHIP_UNKNOWN))
#define TURING (CHIP(TU10X) | CHIP(TU11X))
#define TU10X_ONLY CHIP(TU10X)
#define GH100_ONLY CHIP(GH100)
#define AMPERE_ON (EVERY_CHIP & ~TURING)
#define FP16_SPLIT (AMPERE_ON & ~CHIP(GH100))
#define FP8_WHOLE (CHIP(AD10X) | CHIP(GH100))
#define FP8_WITH_FP4 (CHIP(GB100) | CHIP(GB10B))
#define FP8_BY_DST (CHIP(GB110) | CHIP(GB20X) | CHIP(GB20B))
#define BLACKWELL (CHIP(GB100) | CHIP(GB10B) | CHIP(GB110) | CHIP(GB20X) | CHIP(GB20B))
#define INTEGRATED (CHIP(GA10B) | CHIP(GB10B) | CHIP(GB20B))
#define DRAM_ANY (EVERY_CHIP & ~INTEGRATED)
#define DRAM_RW (DRAM_ANY & ~CHIP(GB20X))
#define DRAM_OP CHIP(GB20X)
/* the units only some chips have: the FMA pipe's heavy half (Ampere's
 * GA10x on), the pipe Turing, GA100, Hopper and GB100 share between FP16
 * and the Tensor Cores, the Tensor Memory Accelerator (Hopper on) */
#define FMAHEAVY_CHIPS (EVERY_CHIP & ~TURING & ~CHIP(GA100))
#define SHARED_PIPE_CHIPS (TURING | CHIP(GA100) | CHIP(GH100) | CHIP(GB100))
#define TMA_CHIPS (CHIP(GH100) | BLACKWELL)
/* the stall reasons each chip counts: gmma (WARPGROUP.ARRIVES) is
 * Hopper's; Blackwell has no imc_miss */
#define STALL_CHIPS_barrier 0
#define STALL_CHIPS_branch_resolving 0
#define STALL_CHIPS_dispatch_stall 0
#define STALL_CHIPS_drain 0
#define STALL_CHIPS_gmma GH100_ONLY
#define STALL_CHIPS_imc_miss (EVERY_CHIP & ~BLACKWELL)
#define STALL_CHIPS_lg_throttle 0
#define STALL_CHIPS_long_scoreboard 0
#define STALL_CHIPS_math_pipe_throttle 0
#define STALL_CHIPS_membar 0
#define STALL_CHIPS_mio_throttle 0
#define STALL_CHIPS_misc 0
#define STALL_CHIPS_no_instruction 0
#define STALL_CHIPS_not_selected 0
#define STALL_CHIPS_short_scoreboard 0
#define STALL_CHIPS_sleeping 0
#define STALL_CHIPS_tex_throttle 0
#define STALL_CHIPS_wait 0
#define THREAD_INST(op) "sm__sass_thread_inst_executed_op_" op "_pred_on.sum"
#define SMSP_THREAD_INST(op) "smsp__sass_thread_inst_executed_op_" op "_pred_on.sum"
/* A thread-instruction count's other sources: the smsp__ count, and the
 * per-cycle rates of the roofline sections (--set roofline). */
#define FP_RATES(q, op)                                                                         \
    ALSO(q, SMSP_THREAD_INST(op), AS_IS), ALSO(q, SMSP_THREAD_INST(op) ".per_cycle_elapsed", TIMES_SMSP_CYCLES), \
        ALSO(q, THREAD_INST(op) ".per_cycle_elapsed", TIMES_SM_CYCLES)

/* gpuroof's list first, in the order `gpuroof ncu --metrics` prints it;
 * then the other sources of the same quantities.  Rows are tried in this
 * order, so a quantity's own count comes before its rates, and the time
 * and cycles come before every rate that needs them (test_ncu checks). */
const gr_ncu_metric gr_ncu_metrics[] = {
    LISTED(TIME_NS, "gpu__time_duration.sum"),
    LISTED(SM_CYCLES, "sm__cycles_elapsed.avg"),
    {GR_NCU_Q_SM_CYCLES, "sm__cycles_elapsed.avg.per_second", GR_NCU_TIMES_TIME, true, 0, 0},
    LISTED(DADD, THREAD_INST("dadd")),
    LISTED(DMUL, THREAD_INST("dmul")),
    LISTED(DFMA, THREAD_INST("dfma")),
    LISTED(FADD, THREAD_INST("fadd")),
    LISTED(FMUL, THREAD_INST("fmul")),
    LISTED(FFMA, THREAD_INST("ffma")),
    LISTED(HADD, THREAD_INST("hadd")),
    LISTED(HMUL, THREAD_INST("hmul")),
    LISTED(HFMA, THREAD_INST("hfma")),
    /* FP16 Tensor Core FLOPs: one count on Hopper; by destination type
     * from Ampere on (and Blackwell); on Turing an FP16-to-FP16 count and
     * a count to FP32 named for the three source types Turing's Tensor
     * Cores do not all have (FP16 is the one they do) */
    ON(GH100_ONLY, TENSOR_FP16, "sm__ops_path_tensor_src_fp16.sum"),
    PART(FP16_SPLIT | TU10X_ONLY, TENSOR_FP16, "sm__ops_path_tensor_src_fp16_dst_fp16.sum", 1),
    PART(FP16_SPLIT, TENSOR_FP16, "sm__ops_path_tensor_src_fp16_dst_fp32.sum", 1),
    PART(TU10X_ONLY, TENSOR_FP16, "sm__ops_path_tensor_src_fp16_bf16_tf32_dst_fp32.sum", 1),
    ON(AMPERE_ON, TENSOR_BF16, "sm__ops_path_tensor_src_bf16_dst_fp32.sum"),
    ON(AMPERE_ON, TENSOR_TF32, "sm__ops_path_tensor_src_tf32_dst_fp32.sum"),
    ON(AMPERE_ON, TENSOR_FP64, "sm__ops_path_tensor_src_fp64.sum"),
    /* FP8: one count on Ada and Hopper; on GB100 with FP6 and FP4 by
     * destination; on the other Blackwells FP8 alone by destination */
    ON(FP8_WHOLE, TENSOR_FP8, "sm__ops_path_tensor_src_fp8.sum"),
    PART(FP8_WITH_FP4, TENSOR_FP8, "sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp16.sum", 1),
    PART(FP8_WITH_FP4, TENSOR_FP8, "sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp32.sum", 1),
    PART(FP8_BY_DST, TENSOR_FP8, "sm__ops_path_tensor_src_fp8_dst_fp16.sum", 2),
    PART(FP8_BY_DST, TENSOR_FP8, "sm__ops_path_tensor_src_fp8_dst_fp32.sum", 2),
    /* the integrated GPUs (Jetson, GB10) count no DRAM bytes of their own */
    ON(DRAM_RW, DRAM_READ, "dram__bytes_read.sum"),
    ON(DRAM_OP, DRAM_READ, "dram__bytes_op_read.sum"),
    ON(DRAM_RW, DRAM_WRITE, "dram__bytes_write.sum"),
    ON(DRAM_OP, DRAM_WRITE, "dram__bytes_op_write.sum"),
    LISTED(L2_BYTES, "lts__t_bytes.sum"),
    LISTED(L1_BYTES, "l1tex__t_bytes.sum"),
    LISTED(SHARED_LD_WAVEFRONTS, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    LISTED(SHARED_ST_WAVEFRONTS, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    LISTED(SHARED_LD_CONFLICTS, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
    LISTED(SHARED_ST_CONFLICTS, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
    LISTED(SHARED_LD_INST, "smsp__sass_inst_executed_op_shared_ld.sum"),
    LISTED(SHARED_ST_INST, "smsp__sass_inst_executed_op_shared_st.sum"),
    LISTED(WARP_INST, "smsp__inst_executed.sum"),
    LISTED(GLOBAL_LD_REQUESTS, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
    LISTED(GLOBAL_LD_SECTORS, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
    LISTED(L2_LOAD_SECTORS, "lts__t_sectors_srcunit_tex_op_read.sum"),
    LISTED(GLOBAL_ST_REQUESTS, "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
    LISTED(L2_TEX_SECTORS, "lts__t_sectors_srcunit_tex.sum"),
    LISTED(GLOBAL_LD_INST, "smsp__sass_inst_executed_op_global_ld.sum"),
    LISTED(GLOBAL_LD_HIT_SECTORS, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"),
    LISTED(L1_WAVEFRONTS, "l1tex__data_pipe_lsu_wavefronts.sum"),
    LISTED(WARPS_SELECTED, "smsp__warps_issue_stalled_selected.sum"),
#define UNIT_ROW(key, metric, chips, family) {GR_NCU_Q_UNIT_##key, metric ".max.pct_of_peak_sustained_elapsed", GR_NCU_SHARE_OF_TIME, true, chips, 0},
    GR_NCU_UNITS(UNIT_ROW)
#undef UNIT_ROW
    {GR_NCU_Q_SM_ACTIVE_MEAN, "sm__cycles_active.avg.pct_of_peak_sustained_elapsed", GR_NCU_SHARE_OF_TIME, true, 0, 0},
    {GR_NCU_Q_SM_ACTIVE_MAX, "sm__cycles_active.max.pct_of_peak_sustained_elapsed", GR_NCU_SHARE_OF_TIME, true, 0, 0},
    {GR_NCU_Q_SOL_SM, "sm__throughput.avg.pct_of_peak_sustained_elapsed", GR_NCU_SHARE_OF_TIME, true, 0, 0},
    {GR_NCU_Q_SOL_MEMORY, "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", GR_NCU_SHARE_OF_TIME, true,
     0, 0},
#define STALL_ROW(reason) ON(STALL_CHIPS_##reason, STALL_##reason, "smsp__warps_issue_stalled_" #reason ".sum"),
    GR_NCU_STALLS(STALL_ROW)
#undef STALL_ROW
    LISTED(THEORETICAL_PCT, "sm__maximum_warps_per_active_cycle_pct"),
    LISTED(ACHIEVED_PCT, "sm__warps_active.avg.pct_of_peak_sustained_active"),
    LISTED(REGISTERS, "launch__registers_per_thread"),
    LISTED(SMEM_STATIC, "launch__shared_mem_per_block_static"),
    LISTED(SMEM_DYNAMIC, "launch__shared_mem_per_block_dynamic"),
    LISTED(SMEM_CONFIG, "launch__shared_mem_config_size"),
    LISTED(BLOCK_THREADS, "launch__block_size"),
    LISTED(GRID_BLOCKS, "launch__grid_size"),
    LISTED(LIMIT_BLOCKS, "launch__occupancy_limit_blocks"),
    LISTED(LIMIT_REGISTERS, "launch__occupancy_limit_registers"),
    LISTED(LIMIT_SHARED, "launch__occupancy_limit_shared_mem"),
    LISTED(LIMIT_WARPS, "launch__occupancy_limit_warps"),
    LISTED(WAVES, "launch__waves_per_multiprocessor"),

    ALSO(SMSP_CYCLES, "smsp__cycles_elapsed.avg", AS_IS),
    ALSO(SMSP_CYCLES, "smsp__cycles_elapsed.avg.per_second", TIMES_TIME),
    FP_RATES(DADD, "dadd"), FP_RATES(DMUL, "dmul"), FP_RATES(DFMA, "dfma"),
    FP_RATES(FADD, "fadd"), FP_RATES(FMUL, "fmul"), FP_RATES(FFMA, "ffma"),
    FP_RATES(HADD, "hadd"), FP_RATES(HMUL, "hmul"), FP_RATES(HFMA, "hfma"),
    ALSO_ON(GH100_ONLY, TENSOR_FP16, "sm__ops_path_tensor_src_fp16.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(AMPERE_ON, TENSOR_BF16, "sm__ops_path_tensor_src_bf16_dst_fp32.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(AMPERE_ON, TENSOR_TF32, "sm__ops_path_tensor_src_tf32_dst_fp32.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(AMPERE_ON, TENSOR_FP64, "sm__ops_path_tensor_src_fp64.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(FP8_WHOLE, TENSOR_FP8, "sm__ops_path_tensor_src_fp8.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(FP8_WHOLE, TENSOR_FP8_DENSE, "sm__ops_path_tensor_src_fp8_sparsity_off.sum", AS_IS),
    ALSO_ON(FP8_WHOLE, TENSOR_FP8_DENSE, "sm__ops_path_tensor_src_fp8_sparsity_off.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    ALSO_ON(FP8_WHOLE, TENSOR_FP8_SPARSE, "sm__ops_path_tensor_src_fp8_sparsity_on.sum", AS_IS),
    ALSO_ON(FP8_WHOLE, TENSOR_FP8_SPARSE, "sm__ops_path_tensor_src_fp8_sparsity_on.sum.per_cycle_elapsed", TIMES_SM_CYCLES),
    /* counts only: a rate printed as 0.00 a cycle is no proof of none */
    ALSO(TENSOR_PIPE_INST, "sm__inst_executed_pipe_tensor.sum", AS_IS),
    ALSO(TENSOR_PIPE_INST, "smsp__inst_executed_pipe_tensor.sum", AS_IS),
    ALSO_ON(DRAM_RW, DRAM_READ, "dram__bytes_read.sum.per_second", TIMES_TIME),
    ALSO_ON(DRAM_OP, DRAM_READ, "dram__bytes_op_read.sum.per_second", TIMES_TIME),
    ALSO_ON(DRAM_RW, DRAM_WRITE, "dram__bytes_write.sum.per_second", TIMES_TIME),
    ALSO_ON(DRAM_OP, DRAM_WRITE, "dram__bytes_op_write.sum.per_second", TIMES_TIME),
    ALSO_ON(DRAM_ANY, DRAM_BYTES, "dram__bytes.sum", AS_IS),
    ALSO_ON(DRAM_ANY, DRAM_BYTES, "dram__bytes.sum.per_second", TIMES_TIME),
    ALSO(L2_BYTES, "lts__t_bytes.sum.per_second", TIMES_TIME),
    ALSO(L1_BYTES, "l1tex__t_bytes.sum.per_second", TIMES_TIME),
    /* the roofline sections' own: ncu prints their unit as bytes or none */
    ALSO(L2_XBAR_BYTES, "derived__lts__lts2xbar_bytes.sum.per_second", TIMES_TIME),
    ALSO(L1_WRITEBACK_BYTES, "derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second", TIMES_TIME),
    ALSO(BLOCK_X, "launch__block_dim_x", AS_IS),
    ALSO(BLOCK_Y, "launch__block_dim_y", AS_IS),
    ALSO(BLOCK_Z, "launch__block_dim_z", AS_IS),
    ALSO(GRID_X, "launch__grid_dim_x", AS_IS),
    ALSO(GRID_Y, "launch__grid_dim_y", AS_IS),
    ALSO(GRID_Z, "launch__grid_dim_z", AS_IS),
    ALSO(CC_MAJOR, "device__attribute_compute_capability_major", AS_IS),
    ALSO(CC_MINOR, "device__attribute_compute_capability_minor", AS_IS),
    ALSO(SM_COUNT, "device__attribute_multiprocessor_count", AS_IS),
    ALSO(SMEM_SM, "device__attribute_max_shared_memory_per_multiprocessor", AS_IS),
};
const size_t gr_ncu_metric_count = sizeof gr_ncu_metrics / sizeof gr_ncu_metrics[0];
_Static_assert(sizeof gr_ncu_metrics / sizeof gr_ncu_metrics[0] <= GR_NCU_MAX_METRICS, "the index holds every row");

static int by_name(const void *a, const void *b)
{
    return strcmp(gr_ncu_metrics[*(const size_t *)a].name, gr_ncu_metrics[*(const size_t *)b].name);
}

void gr_ncu_metric_index_init(gr_ncu_metric_index *index)
{
    for (size_t i = 0; i < gr_ncu_metric_count; i++)
        index->order[i] = i;
    qsort(index->order, gr_ncu_metric_count, sizeof index->order[0], by_name);
}

/* strcmp of a span with a string. */
static int compare(gr_span s, const char *name)
{
    size_t k = strlen(name), n = s.n < k ? s.n : k;
    int c = memcmp(s.p, name, n);
    return c ? c : (s.n > k) - (s.n < k);
}

long gr_ncu_metric_find(const gr_ncu_metric_index *index, gr_span text)
{
    size_t lo = 0, hi = gr_ncu_metric_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = compare(text, gr_ncu_metrics[index->order[mid]].name);
        if (c == 0)
            return (long)index->order[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

static const struct {
    const char *key, *metric;
    gr_ncu_unit_family family;
} units[GR_NCU_UNIT_COUNT] = {
#define UNIT_ENTRY(key, metric, chips, family) {#key, metric, GR_NCU_UNIT_##family},
    GR_NCU_UNITS(UNIT_ENTRY)
#undef UNIT_ENTRY
};

static const char *const unit_names[GR_NCU_UNIT_COUNT] = {
    "DRAM",
    "the L2's tag stage (sectors)",
    "the L2's tag lookups",
    "the L2's data banks",
    "the crossbar into the L2",
    "the L2's way out to the crossbar",
    "the L1's fills from the L2",
    "the L1's writes to the L2",
    "the L1's LSU data pipe (wavefronts)",
    "the L1's data banks (reads)",
    "the L1's data banks (writes)",
    "the L1's LSU requests in",
    "the L1's tag stage (sectors)",
    "the L1's tag stage (requests)",
    "the L1's texture and fill pipe",
    "the L1's writeback to registers",
    "the FMA pipe",
    "the FMA pipe's heavy half",
    "the FP64 pipe",
    "the FP16 and Tensor pipe",
    "the Tensor pipe",
    "the schedulers' issue slots",
    "the integer ALU pipe",
    "the load/store (LSU) pipe",
    "the special-function (XU) pipe",
    "the uniform pipe",
    "the address (ADU) pipe",
    "the branch (CBU) pipe",
    "the Tensor Memory Accelerator",
    "the MIO queue",
    "the MIO's writeback to registers",
};

const char *gr_ncu_unit_key(gr_ncu_unit_id u)
{
    return u < GR_NCU_UNIT_COUNT ? units[u].key : "?";
}

const char *gr_ncu_unit_metric(gr_ncu_unit_id u)
{
    return u < GR_NCU_UNIT_COUNT ? units[u].metric : "?";
}

gr_ncu_unit_family gr_ncu_unit_family_of(gr_ncu_unit_id u)
{
    return u < GR_NCU_UNIT_COUNT ? units[u].family : GR_NCU_UNIT_PIPE;
}

const char *gr_ncu_unit_name(gr_ncu_unit_id u)
{
    return u < GR_NCU_UNIT_COUNT ? unit_names[u] : "?";
}

static gr_ncu_rate rate_of(gr_ncu_form form)
{
    return form == GR_NCU_AS_IS ? GR_NCU_WHOLE : form == GR_NCU_TIMES_TIME ? GR_NCU_PER_SECOND : GR_NCU_PER_CYCLE;
}

static const char *expected_text(gr_ncu_dimension d, gr_ncu_rate rate)
{
    static const char *const whole[] = {"a number", "a count (inst, cycle, block, ...)", "a byte unit (byte, Kbyte, ...)",
                                        "a time unit (ns, usecond, ...)", "a percentage (%)"};
    if (rate == GR_NCU_PER_SECOND)
        return d == GR_NCU_BYTES ? "bytes per second (byte/second, Gbyte/second, ...)"
                                 : "a count per second (inst/second, cycle/nsecond, Ghz, ...)";
    if (rate == GR_NCU_PER_CYCLE)
        return d == GR_NCU_BYTES ? "bytes per cycle (byte/cycle)" : "a count per cycle (inst/cycle)";
    return whole[d];
}

bool gr_ncu_unit_fits(const gr_ncu_metric *m, const gr_ncu_unit *unit, const char **expected)
{
    gr_ncu_dimension d = quantities[m->quantity].dimension;
    gr_ncu_rate rate = rate_of(m->form);
    if (m->form == GR_NCU_SHARE_OF_TIME) { /* a percentage, kept as a time */
        *expected = expected_text(GR_NCU_PERCENT, GR_NCU_WHOLE);
        return unit->rate == GR_NCU_WHOLE && (unit->dimension == GR_NCU_PERCENT || unit->dimension == GR_NCU_PLAIN);
    }
    bool plain_ok = d == GR_NCU_COUNT || d == GR_NCU_PERCENT;
    bool fits = unit->rate == rate && (unit->dimension == d || (plain_ok && unit->dimension == GR_NCU_PLAIN));
    /* a rate per cycle printed without a unit; a derived rate (a
     * derived__ metric) printed with its numerator's unit or none */
    bool derived = strncmp(m->name, "derived__", 9) == 0;
    bool bare = unit->rate == GR_NCU_WHOLE && (unit->dimension == GR_NCU_PLAIN || (derived && unit->dimension == d));
    if ((rate == GR_NCU_PER_CYCLE || (derived && rate != GR_NCU_WHOLE)) && bare)
        fits = true;
    *expected = expected_text(d, rate);
    return fits;
}

const char *gr_ncu_chip_name(gr_ncu_chip c)
{
    static const char *const names[] = {"unknown", "tu10x", "tu11x", "ga100", "ga10x", "ga10b", "ad10x",
                                        "gh100", "gb100", "gb10b", "gb110", "gb20x", "gb20b"};
    return c < GR_NCU_CHIP_COUNT ? names[c] : "unknown";
}

gr_ncu_chip gr_ncu_chip_of_name(const char *chip)
{
    static const struct {
        const char *prefix;
        gr_ncu_chip chip;
    } families[] = {
        {"tu10", GR_NCU_TU10X}, {"tu11", GR_NCU_TU11X}, {"ga100", GR_NCU_GA100}, {"ga10b", GR_NCU_GA10B},
        {"ga10", GR_NCU_GA10X}, {"ad10", GR_NCU_AD10X}, {"gh100", GR_NCU_GH100}, {"gb10b", GR_NCU_GB10B},
        {"gb10", GR_NCU_GB100}, {"gb110", GR_NCU_GB110}, {"gb20b", GR_NCU_GB20B}, {"gb20", GR_NCU_GB20X},
    };
    if (!chip || strlen(chip) != 5)
        return GR_NCU_CHIP_UNKNOWN;
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (strncmp(chip, families[i].prefix, strlen(families[i].prefix)) == 0)
            return families[i].chip;
    return GR_NCU_CHIP_UNKNOWN;
}

/* Compute capabilities: NVIDIA's "CUDA GPU Compute Capability" table
 * (developer.nvidia.com/cuda-gpus): 7.5 Turing, 8.0 A100, 8.6 GA10x, 8.7
 * Jetson Orin, 8.9 Ada, 9.0 H100, 10.0 B200, 10.3 B300, 11.0 Jetson Thor
 * (10.1 before CUDA 13), 12.0 GB20x, 12.1 GB10.  TU116 and TU117 (GeForce
 * GTX 16 series) share 7.5 with TU10x but have no Tensor Cores. */
gr_ncu_chip gr_ncu_chip_of_cc(int major, int minor, const char *gpu_name)
{
    static const struct {
        int major, minor;
        gr_ncu_chip chip;
    } ccs[] = {
        {7, 5, GR_NCU_TU10X},  {8, 0, GR_NCU_GA100},  {8, 6, GR_NCU_GA10X},  {8, 7, GR_NCU_GA10B},
        {8, 9, GR_NCU_AD10X},  {9, 0, GR_NCU_GH100},  {10, 0, GR_NCU_GB100}, {10, 1, GR_NCU_GB10B},
        {10, 3, GR_NCU_GB110}, {11, 0, GR_NCU_GB10B}, {12, 0, GR_NCU_GB20X}, {12, 1, GR_NCU_GB20B},
    };
    for (size_t i = 0; i < sizeof ccs / sizeof ccs[0]; i++)
        if (ccs[i].major == major && ccs[i].minor == minor) {
            if (ccs[i].chip == GR_NCU_TU10X && gpu_name && strstr(gpu_name, "GTX 16"))
                return GR_NCU_TU11X;
            return ccs[i].chip;
        }
    return GR_NCU_CHIP_UNKNOWN;
}

bool gr_ncu_metric_on(size_t r, gr_ncu_chip c)
{
    unsigned chips = gr_ncu_metrics[r].chips;
    return c == GR_NCU_CHIP_UNKNOWN || c >= GR_NCU_CHIP_COUNT || chips == 0 || (chips & (1u << c));
}

bool gr_ncu_chip_has(gr_ncu_quantity q, gr_ncu_chip c)
{
    for (size_t r = 0; r < gr_ncu_metric_count; r++)
        if (gr_ncu_metrics[r].quantity == q && gr_ncu_metric_on(r, c))
            return true;
    return false;
}

/* Row r's value as its quantity: a rate times the time or cycles. */
static double converted(size_t r, double v, const double q[GR_NCU_Q_COUNT])
{
    gr_ncu_form form = gr_ncu_metrics[r].form;
    if (form == GR_NCU_TIMES_TIME)
        return v * q[GR_NCU_Q_TIME_NS] * 1e-9;
    if (form == GR_NCU_TIMES_SM_CYCLES)
        return v * q[GR_NCU_Q_SM_CYCLES];
    if (form == GR_NCU_TIMES_SMSP_CYCLES)
        return v * q[GR_NCU_Q_SMSP_CYCLES];
    if (form == GR_NCU_SHARE_OF_TIME)
        return v / 100 * q[GR_NCU_Q_TIME_NS];
    return v;
}

/* The rows of the sum that starts at row first (those on chip c): their
 * total, how many there are and how many have a value; *lacking the
 * first without one.  Returns the row after the sum. */
static size_t add_sum(const double *values, gr_ncu_chip c, size_t first, const double q[GR_NCU_Q_COUNT],
                      double *total, int counts[2], int *lacking)
{
    const gr_ncu_metric *m = &gr_ncu_metrics[first];
    size_t r = first;
    *total = 0;
    counts[0] = counts[1] = 0;
    *lacking = 0;
    for (; r < gr_ncu_metric_count && gr_ncu_metrics[r].quantity == m->quantity && gr_ncu_metrics[r].sum == m->sum;
         r++) {
        if (!gr_ncu_metric_on(r, c))
            continue;
        double v = converted(r, values[r], q);
        counts[0]++;
        if (isnan(v)) {
            if (*lacking == 0)
                *lacking = (int)r;
            continue;
        }
        counts[1]++;
        *total += v;
    }
    return r;
}

void gr_ncu_resolve(const double *values, gr_ncu_chip c, double q[GR_NCU_Q_COUNT], int from[GR_NCU_Q_COUNT],
                    int lacking[GR_NCU_Q_COUNT])
{
    double part[GR_NCU_Q_COUNT];
    int part_from[GR_NCU_Q_COUNT];
    for (int i = 0; i < GR_NCU_Q_COUNT; i++) {
        q[i] = part[i] = NAN;
        from[i] = part_from[i] = -1;
        lacking[i] = 0;
    }
    for (size_t r = 0; r < gr_ncu_metric_count;) {
        const gr_ncu_metric *m = &gr_ncu_metrics[r];
        size_t next = r + 1;
        double v = NAN;
        int counts[2] = {1, 0}, missing = 0;
        if (m->sum)
            next = add_sum(values, c, r, q, &v, counts, &missing);
        else if (gr_ncu_metric_on(r, c))
            v = converted(r, values[r], q), counts[1] = !isnan(v);
        if (isnan(q[m->quantity]) && counts[1] > 0 && counts[1] == counts[0]) {
            q[m->quantity] = v;
            from[m->quantity] = (int)r;
        } else if (m->sum && counts[1] > 0 && isnan(part[m->quantity])) {
            part[m->quantity] = v;
            part_from[m->quantity] = (int)r;
            lacking[m->quantity] = missing;
        }
        r = next;
    }
    for (int i = 0; i < GR_NCU_Q_COUNT; i++) {
        if (isnan(q[i]) && !isnan(part[i])) {
            q[i] = part[i];
            from[i] = part_from[i];
        } else {
            lacking[i] = 0;
        }
    }
}

const char *gr_ncu_quantity_metric(gr_ncu_quantity q, gr_ncu_chip c)
{
    const char *first = NULL;
    for (size_t r = 0; r < gr_ncu_metric_count; r++)
        if (gr_ncu_metrics[r].quantity == q && gr_ncu_metric_on(r, c)) {
            if (gr_ncu_metrics[r].listed)
                return gr_ncu_metrics[r].name;
            if (!first)
                first = gr_ncu_metrics[r].name;
        }
    return first ? first : "?";
}

bool gr_ncu_metric_list(gr_ncu_chip c, char *out, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return false;
    out[0] = '\0';
    for (size_t r = 0; r < gr_ncu_metric_count; r++) {
        if (!gr_ncu_metrics[r].listed || !gr_ncu_metric_on(r, c))
            continue;
        int n = snprintf(out + used, size - used, "%s%s", used ? "," : "", gr_ncu_metrics[r].name);
        if (n < 0 || (size_t)n >= size - used)
            return false;
        used += (size_t)n;
    }
    return true;
}

/* Metrics ncu reports on every chip but does not list in --query-metrics:
 * the launch's attributes, the device's, and the occupancy section's
 * theoretical occupancy (in every H100 report of tests/data/ncu, in no
 * chip's list). */
static bool reported_everywhere(const char *name)
{
    return strncmp(name, "launch__", 8) == 0 || strncmp(name, "device__attribute_", 18) == 0 ||
           strcmp(name, "sm__maximum_warps_per_active_cycle_pct") == 0;
}

/* The base name a row's metric is listed under: its name up to the first
 * dot (the lists name dram__bytes_read, never dram__bytes_read.sum). */
static size_t base_length(const char *name)
{
    const char *dot = strchr(name, '.');
    return dot ? (size_t)(dot - name) : strlen(name);
}

/* Marks in listed[r] the rows whose base name is the first field of one
 * of the query's lines: one pass over the text, each line's field held
 * against the rows, so the cost grows with the text, not text x rows. */
static void query_mark(const char *text, size_t len, bool listed[GR_NCU_MAX_METRICS])
{
    for (size_t at = 0; at < len;) {
        const char *line = text + at, *nl = memchr(line, '\n', len - at);
        size_t line_len = nl ? (size_t)(nl - line) : len - at;
        at += line_len + (nl != NULL);
        if (line_len < 2 || line[0] != '"')
            continue;
        const char *close = memchr(line + 1, '"', line_len - 1);
        if (!close)
            continue;
        size_t n = (size_t)(close - line - 1), after = (size_t)(close - line) + 1;
        if (after < line_len && line[after] != ',' && line[after] != '\r')
            continue;
        for (size_t r = 0; r < gr_ncu_metric_count; r++)
            if (gr_ncu_metrics[r].listed && base_length(gr_ncu_metrics[r].name) == n &&
                memcmp(gr_ncu_metrics[r].name, line + 1, n) == 0)
                listed[r] = true;
    }
}

bool gr_ncu_metric_list_queried(const char *text, size_t len, char *out, size_t size)
{
    size_t used = 0, counters = 0;
    if (size == 0)
        return false;
    out[0] = '\0';
    bool listed[GR_NCU_MAX_METRICS] = {false};
    query_mark(text, len, listed);
    for (size_t r = 0; r < gr_ncu_metric_count; r++) {
        const char *name = gr_ncu_metrics[r].name;
        if (!gr_ncu_metrics[r].listed)
            continue;
        bool everywhere = reported_everywhere(name);
        if (!everywhere && !listed[r])
            continue;
        counters += !everywhere;
        int k = snprintf(out + used, size - used, "%s%s", used ? "," : "", name);
        if (k < 0 || (size_t)k >= size - used)
            return false;
        used += (size_t)k;
    }
    return counters > 0;
}
