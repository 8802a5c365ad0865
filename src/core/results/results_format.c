/* The keys of a results file, one table a section, in the order they are
 * written; the ranges are what the reader accepts.  doc/results-format.md
 * lists the same keys, word for word (tests/unit/test_results_doc). */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "results.h"
#include "results_format.h"

/* A key is named after its field, and typed by it, so that a key, its
 * field and its type cannot disagree. */
#define TYPE_OF(row, field)                                                                                  \
    _Generic(((row *)0)->field, const char *: GR_RESULTS_TEXT, long long: GR_RESULTS_WHOLE, double: GR_RESULTS_NUMBER, \
             bool: GR_RESULTS_BOOL, gr_result_block: GR_RESULTS_BLOCK, gr_result_timing: GR_RESULTS_MAP, \
             gr_result_levels: GR_RESULTS_MAP)
/* range: two numbers, as one argument the indirection splits. */
#define KEY(row, field, required, range, unit, meaning) KEY_IN_RANGE(row, field, required, range, unit, meaning)
#define KEY_IN_RANGE(row, field, required, min, max, unit, meaning)                                            \
    {#field, TYPE_OF(row, field), offsetof(row, field), sizeof ((row *)0)->field, required, min, max, NULL, unit, \
     meaning}
/* A text key: size is the most bytes it holds, its NUL included. */
#define TEXT(row, field, required, size, unit, meaning) \
    {#field, TYPE_OF(row, field), offsetof(row, field), size, required, 0, 0, NULL, unit, meaning}
#define NESTED(row, field, required, map, unit, meaning)                                                     \
    {#field, TYPE_OF(row, field), offsetof(row, field), sizeof ((row *)0)->field, required, 0, 0, &map, unit, \
     meaning}
#define REQUIRED true
#define OPTIONAL false
#define COUNT(keys) (sizeof keys / sizeof keys[0])
#define NO_RANGE 0, 0
#define WHOLE_RANGE 0, 1099511627776.0  /* 2^40 */
#define MEMORY_RANGE 0, 1125899906842624.0 /* 2^50 */
#define RATE_RANGE 1e-6, 1e9 /* a ceiling: a measured rate, never 0 */
#define FIGURE_RANGE 0, 1e9
#define COUNT_RANGE 0, 1e18 /* a kernel's operations or bytes */
#define WAVEFRONT_RANGE 0, 1e12

static const gr_results_key device_keys[] = {
    TEXT(gr_result_device, name, REQUIRED, GR_RESULT_DEVICE_NAME_SIZE, "",
        "the GPU's name, as the CUDA runtime gives it"),
    KEY(gr_result_device, cuda_index, OPTIONAL, WHOLE_RANGE, "",
        "the CUDA device index measured (measure --gpu), as the runtime numbers the GPUs: CUDA_VISIBLE_DEVICES and "
        "CUDA_DEVICE_ORDER apply"),
    TEXT(gr_result_device, pci_bus_id, OPTIONAL, GR_RESULT_PCI_BUS_ID_SIZE, "",
        "the GPU's PCI address, domain:bus:device.function (cudaDeviceGetPCIBusId), as lspci -D writes it"),
    TEXT(gr_result_device, uuid, OPTIONAL, GR_RESULT_UUID_SIZE, "",
        "the GPU's UUID: GPU- and the 16 bytes of cudaDeviceProp.uuid in hex, 8-4-4-4-12, as nvidia-smi -L shows it"),
    TEXT(gr_result_device, profile, OPTIONAL, GR_RESULT_PROFILE_SIZE, "",
        "the shipped profile of this GPU, whose limits predicted occupancy and banks; none where none matched"),
    TEXT(gr_result_device, compute_capability, OPTIONAL, GR_RESULT_CC_SIZE, "", "major.minor, as a string"),
    KEY(gr_result_device, sm_count, OPTIONAL, WHOLE_RANGE, "SMs", "streaming multiprocessors"),
    KEY(gr_result_device, sm_clock_mhz, OPTIONAL, WHOLE_RANGE, "MHz",
        "the SM clock the theoretical peaks use: read during the run, or the maximum (sm_clock_source says which)"),
    TEXT(gr_result_device, sm_clock_source, OPTIONAL, GR_RESULT_CLOCK_SOURCE_SIZE, "", "where sm_clock_mhz comes from"),
    KEY(gr_result_device, mem_clock_mhz, OPTIONAL, WHOLE_RANGE, "MHz",
        "the memory clock: read during the run where NVML could, else the CUDA runtime's"),
    KEY(gr_result_device, max_sm_clock_mhz, OPTIONAL, WHOLE_RANGE, "MHz",
        "the maximum SM clock (cudaDevAttrClockRate)"),
    KEY(gr_result_device, memory_bus_bits, OPTIONAL, WHOLE_RANGE, "bits", "the width of the DRAM bus"),
    KEY(gr_result_device, l2_bytes, OPTIONAL, WHOLE_RANGE, "bytes", "the L2 cache"),
    KEY(gr_result_device, memory_bytes, OPTIONAL, MEMORY_RANGE, "bytes", "the global memory"),
    KEY(gr_result_device, power_limit_w, OPTIONAL, FIGURE_RANGE, "W",
        "the board's enforced power limit (NVML), which the tensor cores' sustained rates run into"),
    TEXT(gr_result_device, driver, OPTIONAL, GR_RESULT_VERSION_SIZE, "",
        "the CUDA version the driver supports, major.minor"),
    TEXT(gr_result_device, runtime, OPTIONAL, GR_RESULT_VERSION_SIZE, "",
        "the CUDA runtime gpuroof was built with, major.minor"),
};

static const gr_results_key provenance_keys[] = {
    TEXT(gr_result_provenance, gpuroof, OPTIONAL, GR_RESULT_VERSION_SIZE, "",
        "the version of gpuroof that wrote the file"),
    TEXT(gr_result_provenance, commit, OPTIONAL, GR_RESULT_COMMIT_SIZE, "",
        "the commit gpuroof was built from; -dirty: with local changes; unknown: neither git nor a release"),
    TEXT(gr_result_provenance, date, OPTIONAL, GR_RESULT_DATE_SIZE, "UTC",
        "when the run began, as 2026-11-21T23:45:40Z"),
    TEXT(gr_result_provenance, command, OPTIONAL, GR_RESULT_COMMAND_SIZE, "", "the command line of the run"),
    TEXT(gr_result_provenance, bytes, OPTIONAL, GR_RESULT_BYTES_SIZE, "",
        "how the bytes of a kernel are counted, in words"),
    TEXT(gr_result_provenance, timing, OPTIONAL, GR_RESULT_TIMING_SIZE, "", "how a kernel is timed, in words"),
};

static const gr_results_key ceiling_keys[] = {
    KEY(gr_result_ceilings, dram_read_gbs, OPTIONAL, RATE_RANGE, "GB/s", "a kernel reading one array"),
    KEY(gr_result_ceilings, dram_write_gbs, OPTIONAL, RATE_RANGE, "GB/s", "a kernel writing one array"),
    KEY(gr_result_ceilings, dram_copy_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "a kernel copying one array to another, bytes read plus bytes written"),
    KEY(gr_result_ceilings, dram_triad_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "a = b + s c over three arrays, bytes read plus bytes written"),
    KEY(gr_result_ceilings, memcpy_d2d_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "cudaMemcpy from device to device, bytes read plus bytes written"),
    KEY(gr_result_ceilings, fp32_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s", "the FP32 FMA peak"),
    KEY(gr_result_ceilings, fp64_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s", "the FP64 FMA peak"),
    KEY(gr_result_ceilings, fp32_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x FP32 lanes an SM x 2 x sm_clock_mhz"),
    KEY(gr_result_ceilings, fp64_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x FP64 lanes an SM x 2 x sm_clock_mhz"),
    KEY(gr_result_ceilings, datasheet_bandwidth_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "the DRAM bandwidth of the device's profile (its datasheet's); absent without a profile"),
    KEY(gr_result_ceilings, shared_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "conflict-free shared-memory loads on every SM, bytes loaded"),
    KEY(gr_result_ceilings, shared_theoretical_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "SMs x 128 B (32 banks of 4 B) x the SM clock read while the shared-memory kernel ran"),
    KEY(gr_result_ceilings, l2_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "loads that bypass L1 (ld.global.cg) over a working set well inside the L2, many passes"),
    KEY(gr_result_ceilings, l2_theoretical_gbs, OPTIONAL, RATE_RANGE, "GB/s",
        "the L2 bandwidth of the device's profile; absent without one (no CUDA call gives the L2 clock)"),
    KEY(gr_result_ceilings, fp16_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the FP16 FMA peak, not a matrix instruction: __hfma2 on half2 (HFMA2), 4 FLOP each"),
    KEY(gr_result_ceilings, fp16_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x FP16 FMA FLOP an SM a clock x the SM clock read while the kernel ran"),
    KEY(gr_result_ceilings, bf16_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the BF16 FMA peak, not a matrix instruction: __hfma2 on __nv_bfloat162, 4 FLOP each"),
    KEY(gr_result_ceilings, bf16_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x BF16 FMA FLOP an SM a clock x the SM clock read while the kernel ran"),
    KEY(gr_result_ceilings, tensor_fp16_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "cuBLAS GEMM of FP16 inputs, FP32 accumulate, FP32 or FP16 output: its burst, the best 25 ms of a few sizes, "
        "two layouts and both outputs run back to back on a rested GPU; absent without cuBLAS"),
    KEY(gr_result_ceilings, tensor_fp16_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x dense FP16 tensor FLOP an SM a clock x the SM clock read while the GEMMs ran"),
    KEY(gr_result_ceilings, tensor_bf16_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "cuBLAS GEMM of BF16 inputs, FP32 accumulate, FP32 or BF16 output; absent below compute capability 8.0"),
    KEY(gr_result_ceilings, tensor_bf16_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x dense BF16 tensor FLOP an SM a clock x the SM clock read while the GEMMs ran"),
    KEY(gr_result_ceilings, tensor_tf32_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "cuBLAS GEMM of FP32 data in TF32 tensor math, FP32 accumulate; absent below compute capability 8.0"),
    KEY(gr_result_ceilings, tensor_tf32_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x dense TF32 tensor FLOP an SM a clock x the SM clock read while the GEMMs ran"),
    KEY(gr_result_ceilings, tensor_fp8_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "cuBLASLt GEMM of E4M3 inputs, FP32 accumulate (fast), BF16 output; absent below compute capability 8.9"),
    KEY(gr_result_ceilings, tensor_fp8_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x dense FP8 tensor FLOP an SM a clock x the SM clock read while the GEMMs ran"),
    KEY(gr_result_ceilings, tensor_fp64_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "cuBLAS DGEMM on a GPU with FP64 tensor cores (compute capability 8.0, 9.x, 10.0); absent elsewhere"),
    KEY(gr_result_ceilings, tensor_fp64_theoretical_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "SMs x dense FP64 tensor FLOP an SM a clock x the SM clock read while the GEMMs ran"),
    KEY(gr_result_ceilings, tensor_fp16_sustained_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the FP16 GEMM's rate once the clock has settled under the load (its power limit); tensor_fp16_gflops is "
        "its burst"),
    KEY(gr_result_ceilings, tensor_bf16_sustained_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the same for BF16"),
    KEY(gr_result_ceilings, tensor_tf32_sustained_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the same for TF32"),
    KEY(gr_result_ceilings, tensor_fp8_sustained_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s", "the same for FP8"),
    KEY(gr_result_ceilings, tensor_fp64_sustained_gflops, OPTIONAL, RATE_RANGE, "GFLOP/s",
        "the same for FP64"),
};

static const gr_results_key spread_keys[] = {
    TEXT(gr_result_spread, ceiling, REQUIRED, GR_RESULT_CEILING_SIZE, "", "the key in ceilings whose spread this is"),
    KEY(gr_result_spread, low, REQUIRED, RATE_RANGE, "GB/s or GFLOP/s", "the lowest of the repeats"),
    KEY(gr_result_spread, median, REQUIRED, RATE_RANGE, "GB/s or GFLOP/s", "their median"),
    KEY(gr_result_spread, high, REQUIRED, RATE_RANGE, "GB/s or GFLOP/s",
        "the highest: the figure in ceilings, a ceiling being the best the GPU showed"),
    KEY(gr_result_spread, repeats, REQUIRED, WHOLE_RANGE, "", "how many times it was measured in the run"),
    KEY(gr_result_spread, sm_clock_mhz, OPTIONAL, FIGURE_RANGE, "MHz",
        "the mean SM clock NVML read while the highest repeat's runs ran (its burst, or its sustained span); absent "
        "where not read"),
    KEY(gr_result_spread, power_w, OPTIONAL, FIGURE_RANGE, "W",
        "the mean board power NVML read while they ran (its instantaneous figure); absent where not read"),
};

static const gr_results_key timing_keys[] = {
    KEY(gr_result_timing, min, REQUIRED, FIGURE_RANGE, "ms", "the fastest timed run"),
    KEY(gr_result_timing, median, REQUIRED, FIGURE_RANGE, "ms", "the median run, which gflops is computed from"),
    KEY(gr_result_timing, max, REQUIRED, FIGURE_RANGE, "ms", "the slowest timed run"),
    KEY(gr_result_timing, repeats, OPTIONAL, WHOLE_RANGE, "runs", "the timed runs, after one warm-up run"),
};

static const gr_results_section timing_map = {
    "time_ms", NULL, timing_keys, COUNT(timing_keys), false, false, true, 0, 0, sizeof(gr_result_timing),
    "a kernel's timed runs, by CUDA events", false, NULL,
};

static const gr_results_key level_keys[] = {
    KEY(gr_result_levels, dram_bytes, OPTIONAL, COUNT_RANGE, "bytes", "bytes read from and written to DRAM"),
    KEY(gr_result_levels, l2_bytes, OPTIONAL, COUNT_RANGE, "bytes", "bytes the L2 handled, reads and writes"),
    KEY(gr_result_levels, l1_bytes, OPTIONAL, COUNT_RANGE, "bytes", "bytes L1 handled, reads and writes"),
    KEY(gr_result_levels, shared_wavefronts, OPTIONAL, COUNT_RANGE, "wavefronts",
        "shared-memory wavefronts of its loads and stores"),
    KEY(gr_result_levels, flops, OPTIONAL, COUNT_RANGE, "FLOP",
        "FLOPs the GPU counted: FP64, FP32 and FP16 thread instructions (an FMA 2) and Tensor Core FLOPs"),
};

static const gr_results_section levels_map = {
    "levels", NULL, level_keys, COUNT(level_keys), false, false, true, 0, 0, sizeof(gr_result_levels),
    "what a kernel moved through each level of the memory hierarchy, as Nsight Compute counted it", false, NULL,
};

static const gr_results_key kernel_keys[] = {
    TEXT(gr_result_kernel, name, REQUIRED, GR_RESULT_KERNEL_NAME_SIZE, "",
        "the kernel: matmul-naive, matmul-tiled16, ..., matmul-cublas"),
    TEXT(gr_result_kernel, params, OPTIONAL, GR_RESULT_PARAMS_SIZE, "", "its size and tile, as width=4096 tile=32"),
    KEY(gr_result_kernel, flops, OPTIONAL, COUNT_RANGE, "FLOP", "floating-point operations a run"),
    KEY(gr_result_kernel, bytes, OPTIONAL, COUNT_RANGE, "bytes",
        "each input read once and the output written once: the fewest DRAM can move"),
    KEY(gr_result_kernel, intensity, REQUIRED, FIGURE_RANGE, "FLOP/B",
        "flops over bytes: the highest intensity its DRAM traffic allows, where it is plotted"),
    KEY(gr_result_kernel, requested_intensity, OPTIONAL, FIGURE_RANGE, "FLOP/B",
        "flops over the bytes its threads ask for, as PMPP counts them; absent for cuBLAS"),
    NESTED(gr_result_kernel, time_ms, OPTIONAL, timing_map, "ms", "its timed runs: min, median, max and repeats"),
    KEY(gr_result_kernel, gflops, REQUIRED, FIGURE_RANGE, "GFLOP/s", "flops over the median time"),
    KEY(gr_result_kernel, verified, REQUIRED, NO_RANGE, "",
        "whether its output matched the reference; an unverified kernel is never plotted"),
    TEXT(gr_result_kernel, check, OPTIONAL, GR_RESULT_CHECK_SIZE, "", "how it was verified, and the worst error found"),
    KEY(gr_result_kernel, vs_cublas, OPTIONAL, FIGURE_RANGE, "ratio",
        "gflops over cuBLAS's at the same width; absent where cuBLAS did not run"),
    NESTED(gr_result_kernel, levels, OPTIONAL, levels_map, "",
        "what it moved through DRAM, L2, L1 and shared memory, as Nsight Compute counted it; absent without it"),
};

static const gr_results_key sweep_keys[] = {
    KEY(gr_result_point, intensity, REQUIRED, FIGURE_RANGE, "FLOP/B", "the point's arithmetic intensity"),
    KEY(gr_result_point, gflops, REQUIRED, FIGURE_RANGE, "GFLOP/s", "the rate it reached"),
    KEY(gr_result_point, verified, OPTIONAL, NO_RANGE, "", "whether its checksum matched"),
};

static const gr_results_key occupancy_keys[] = {
    KEY(gr_result_occupancy, threads, REQUIRED, WHOLE_RANGE, "threads", "threads a block"),
    KEY(gr_result_occupancy, regs, REQUIRED, WHOLE_RANGE, "registers", "registers a thread"),
    KEY(gr_result_occupancy, smem, REQUIRED, WHOLE_RANGE, "bytes", "shared memory a block, static and dynamic"),
    KEY(gr_result_occupancy, predicted, REQUIRED, WHOLE_RANGE, "blocks",
        "blocks resident on an SM, as gpuroof predicts"),
    KEY(gr_result_occupancy, runtime_api, REQUIRED, WHOLE_RANGE, "blocks",
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor's answer"),
    KEY(gr_result_occupancy, measured, REQUIRED, WHOLE_RANGE, "blocks",
        "blocks the residency probe found on one SM at once"),
};

/* A launch that failed to run counts -1 blocks. */
#define BLOCKS_RANGE -1, 1099511627776.0

static const gr_results_key target_keys[] = {
    KEY(gr_result_target, threads, REQUIRED, WHOLE_RANGE, "threads", "threads a block"),
    KEY(gr_result_target, regs, REQUIRED, WHOLE_RANGE, "registers", "registers a thread"),
    KEY(gr_result_target, target, REQUIRED, WHOLE_RANGE, "blocks", "the blocks an SM must hold"),
    KEY(gr_result_target, gpuroof_bytes, REQUIRED, WHOLE_RANGE, "bytes",
        "gpuroof's largest dynamic shared memory a block for them (occupancy --target-blocks)"),
    KEY(gr_result_target, measured_at_gpuroof, REQUIRED, BLOCKS_RANGE, "blocks",
        "blocks resident with gpuroof_bytes; -1: the launch failed"),
    KEY(gr_result_target, measured_one_byte_more, REQUIRED, BLOCKS_RANGE, "blocks",
        "blocks resident with one byte more; -1: the launch failed"),
    KEY(gr_result_target, runtime_bytes, REQUIRED, WHOLE_RANGE, "bytes",
        "cudaOccupancyAvailableDynamicSMemPerBlock's answer"),
    KEY(gr_result_target, measured_at_runtime, REQUIRED, BLOCKS_RANGE, "blocks",
        "blocks resident with runtime_bytes; -1: the launch failed"),
};

static const gr_results_key layout_keys[] = {
    TEXT(gr_result_layout, kernel, REQUIRED, GR_RESULT_ROW_KERNEL_SIZE, "",
        "the layout kernel: setRowReadRow, setColReadCol, ..."),
    KEY(gr_result_layout, block, REQUIRED, NO_RANGE, "threads", "the block, as 32x16"),
    KEY(gr_result_layout, pad, REQUIRED, WHOLE_RANGE, "elements", "the padding of each row of the tile"),
    KEY(gr_result_layout, verified, REQUIRED, NO_RANGE, "", "whether every element of its output was right"),
};

/* A latency: cycles of the SM clock, or ns; a load takes at least one. */
#define LATENCY_RANGE 0.01, 1e9
#define MHZ_RANGE 1, 1e6

static const gr_results_key latency_keys[] = {
    KEY(gr_result_latency, sm_clock_mhz, OPTIONAL, MHZ_RANGE, "MHz",
        "the SM clock the chases ran at: their clock64 cycles over their %globaltimer ns, all levels together"),
    KEY(gr_result_latency, l1_cycles, OPTIONAL, LATENCY_RANGE, "cycles",
        "a load that hits L1: pointer chase, one thread, over 16 KiB of 128-byte lines, warmed"),
    KEY(gr_result_latency, l1_ns, OPTIONAL, LATENCY_RANGE, "ns", "the same in ns (%globaltimer)"),
    KEY(gr_result_latency, shared_cycles, OPTIONAL, LATENCY_RANGE, "cycles",
        "a shared-memory load: the chase over 16 KiB of shared memory"),
    KEY(gr_result_latency, shared_ns, OPTIONAL, LATENCY_RANGE, "ns", "the same in ns"),
    KEY(gr_result_latency, l2_near_cycles, OPTIONAL, LATENCY_RANGE, "cycles",
        "a load that hits the L2 partition near the SM: the chase (ld.global.cg) over an eighth of the L2, at most "
        "4 MiB, under the half of the L2 whose lines the near partition keeps copies of"),
    KEY(gr_result_latency, l2_near_ns, OPTIONAL, LATENCY_RANGE, "ns", "the same in ns"),
    KEY(gr_result_latency, l2_far_cycles, OPTIONAL, LATENCY_RANGE, "cycles",
        "a load that reaches the far L2 partition: the median of 4096 loads timed one by one in a chase over more "
        "than half the L2 (the largest power of two at most three quarters of it); equal to l2_near_cycles where no "
        "such power of two fits the L2"),
    KEY(gr_result_latency, l2_far_ns, OPTIONAL, LATENCY_RANGE, "ns", "l2_far_cycles over sm_clock_mhz"),
    KEY(gr_result_latency, dram_cycles, OPTIONAL, LATENCY_RANGE, "cycles",
        "a load that misses the L2: the chase over 1 GiB or 16 times the L2, whichever is more (256 MiB in a quick "
        "run), 2 MiB pages in order, lines within a page at random"),
    KEY(gr_result_latency, dram_ns, OPTIONAL, LATENCY_RANGE, "ns", "the same in ns: the latency plot latency uses"),
    KEY(gr_result_latency, empty_kernel_ns, OPTIONAL, LATENCY_RANGE, "ns",
        "an empty kernel's GPU time: CUDA events around one launch, the median of many"),
    KEY(gr_result_latency, launch_interval_ns, OPTIONAL, LATENCY_RANGE, "ns",
        "the interval of an empty kernel's launches queued back to back: 1000 launches' span over 1000"),
    KEY(gr_result_latency, verified, OPTIONAL, NO_RANGE, "",
        "whether every chase ended on the slot the host's walk of its permutation reached"),
};

static const gr_results_key latency_curve_keys[] = {
    KEY(gr_result_latency_curve, load_bytes, REQUIRED, WHOLE_RANGE, "bytes", "each load of a thread: 4, 8 or 16"),
    KEY(gr_result_latency_curve, loads_in_flight, REQUIRED, WHOLE_RANGE, "loads",
        "independent loads each thread has in flight"),
    KEY(gr_result_latency_curve, warps_per_sm, REQUIRED, WHOLE_RANGE, "warps", "resident warps on every SM"),
    KEY(gr_result_latency_curve, gbs, REQUIRED, FIGURE_RANGE, "GB/s", "DRAM read bandwidth over the median run"),
    KEY(gr_result_latency_curve, verified, REQUIRED, NO_RANGE, "",
        "whether the sum of every word read matched the host's; an unverified point is never plotted"),
};

static const gr_results_key bank_keys[] = {
    TEXT(gr_result_bank, kernel, REQUIRED, GR_RESULT_ROW_KERNEL_SIZE, "",
        "the layout kernel: setRowReadRow, setColReadCol, ..."),
    KEY(gr_result_bank, block, REQUIRED, NO_RANGE, "threads", "the block, as 32x16"),
    KEY(gr_result_bank, pad, REQUIRED, WHOLE_RANGE, "elements", "the padding of each row of the tile"),
    KEY(gr_result_bank, predicted_load, OPTIONAL, WAVEFRONT_RANGE, "wavefronts per request",
        "gpuroof banks' prediction for the load"),
    KEY(gr_result_bank, predicted_store, OPTIONAL, WAVEFRONT_RANGE, "wavefronts per request",
        "gpuroof banks' prediction for the store"),
    KEY(gr_result_bank, measured_load, OPTIONAL, WAVEFRONT_RANGE, "wavefronts per request",
        "Nsight Compute's count for the load (measure --bank-counters); absent without it"),
    KEY(gr_result_bank, measured_store, OPTIONAL, WAVEFRONT_RANGE, "wavefronts per request",
        "Nsight Compute's count for the store; absent without it"),
    KEY(gr_result_bank, ns_per_rep, OPTIONAL, WAVEFRONT_RANGE, "ns",
        "one store and load, repeated in the kernel and timed; absent in a quick run"),
};

/* The key `volatile` is a C keyword: its field is is_volatile. */
#define KEY_NAMED(name, row, field, required, range, unit, meaning) \
    KEY_NAMED_IN_RANGE(name, row, field, required, range, unit, meaning)
#define KEY_NAMED_IN_RANGE(name, row, field, required, min, max, unit, meaning)                               \
    {name, TYPE_OF(row, field), offsetof(row, field), sizeof ((row *)0)->field, required, min, max, NULL, unit, \
     meaning}
#define THREADS_RANGE 1, 1099511627776.0
#define BLOCK_RANGE 1, 1024 /* the CUDA limit on threads a block */

static const gr_results_key volatile_keys[] = {
    TEXT(gr_result_volatile, kernel, REQUIRED, GR_RESULT_ROW_KERNEL_SIZE, "",
        "the loop kernel: loopGlobalVolatile, loopGlobalPlain, loopSharedVolatile or loopSharedPlain"),
    TEXT(gr_result_volatile, memory, REQUIRED, GR_RESULT_MEMORY_SIZE, "",
        "where the value read each iteration lives: global or shared"),
    KEY_NAMED("volatile", gr_result_volatile, is_volatile, REQUIRED, NO_RANGE, "",
              "whether that variable is declared volatile"),
    KEY(gr_result_volatile, threads, REQUIRED, THREADS_RANGE, "threads",
        "threads launched: the SMs times the resident threads an SM"),
    KEY(gr_result_volatile, block, REQUIRED, BLOCK_RANGE, "threads", "threads a block"),
    KEY(gr_result_volatile, iterations, REQUIRED, WHOLE_RANGE, "iterations",
        "the loop's iterations, each reading the value once in the source"),
    KEY(gr_result_volatile, ns, OPTIONAL, FIGURE_RANGE, "ns", "the launch's median time, CUDA events"),
    KEY(gr_result_volatile, verified, REQUIRED, NO_RANGE, "",
        "whether every thread's result equalled the host's, bit for bit"),
    KEY(gr_result_volatile, global_load_instructions, OPTIONAL, COUNT_RANGE, "warp instructions",
        "Nsight Compute's global load instructions of the launch (smsp__sass_inst_executed_op_global_ld.sum, "
        "measure --ncu-counters); absent without it"),
    KEY(gr_result_volatile, shared_load_instructions, OPTIONAL, COUNT_RANGE, "warp instructions",
        "its shared-memory load instructions (smsp__sass_inst_executed_op_shared_ld.sum)"),
    KEY(gr_result_volatile, l1_global_load_sectors, OPTIONAL, COUNT_RANGE, "sectors",
        "the global-load sectors L1 looked up (l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum)"),
    KEY(gr_result_volatile, l1_global_load_hit_sectors, OPTIONAL, COUNT_RANGE, "sectors",
        "those that hit in L1 (l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum)"),
};

#define MAPPING_WRITTEN(name, member, type, keys, required, when_set, meaning)                                 \
    {name, NULL, keys, COUNT(keys), false, required, false, offsetof(gr_results, member), 0, sizeof(type), meaning, \
     when_set, NULL}
#define MAPPING(name, member, type, keys, required, meaning) \
    MAPPING_WRITTEN(name, member, type, keys, required, false, meaning)
#define LIST_WRITTEN(name, noun, rows, count, type, keys, flow, when_set, meaning) \
    LIST_CHECKED(name, noun, rows, count, type, keys, flow, when_set, NULL, meaning)
#define LIST_CHECKED(name, noun, rows, count, type, keys, flow, when_set, check, meaning)                     \
    {name, noun, keys, COUNT(keys), true, false, flow, offsetof(gr_results, rows), offsetof(gr_results, count), \
     sizeof(type), meaning, when_set, check}
#define LIST(name, noun, rows, count, type, keys, flow, meaning) \
    LIST_WRITTEN(name, noun, rows, count, type, keys, flow, false, meaning)
#define WHEN_SET true
#define FLOW true
#define BLOCK_ROWS false

static const gr_results_section sections[] = {
    MAPPING("device", device, gr_result_device, device_keys, REQUIRED, "the GPU measured"),
    MAPPING("provenance", provenance, gr_result_provenance, provenance_keys, OPTIONAL, "what made the file"),
    MAPPING("ceilings", ceilings, gr_result_ceilings, ceiling_keys, OPTIONAL,
            "the measured ceilings; one not measured, or whose check failed, is absent"),
    LIST("kernels", "kernel", kernels, kernel_count, gr_result_kernel, kernel_keys, BLOCK_ROWS,
         "the matrix multiplications, each verified against a reference on the CPU"),
    LIST("sweep", "point", sweep, sweep_count, gr_result_point, sweep_keys, FLOW,
         "one kernel at intensities from about 0.1 to 100 FLOP/B, tracing the roof"),
    LIST("occupancy_checks", "check", occupancy, occupancy_count, gr_result_occupancy, occupancy_keys, FLOW,
         "gpuroof's occupancy beside the CUDA runtime's and a residency probe's, a launch configuration a row"),
    LIST("target_blocks_checks", "check", targets, target_count, gr_result_target, target_keys, FLOW,
         "the largest dynamic shared memory that leaves a number of blocks resident, gpuroof's and the runtime's, "
         "each launched"),
    LIST("layout_checks", "check", layouts, layout_count, gr_result_layout, layout_keys, FLOW,
         "the shared-memory layout kernels of the course notes, their output checked exactly"),
    LIST("bank_checks", "check", banks, bank_count, gr_result_bank, bank_keys, FLOW,
         "the same launches' shared-memory wavefronts per request, predicted and counted, and their time"),
    MAPPING_WRITTEN("latency", latency, gr_result_latency, latency_keys, OPTIONAL, WHEN_SET,
                    "load latency by pointer chase at each level, and the launch floor; absent where not measured"),
    LIST_WRITTEN("latency_curves", "point", latency_curves, latency_curve_count, gr_result_latency_curve,
                 latency_curve_keys, FLOW, WHEN_SET,
                 "DRAM read bandwidth against resident warps an SM, for each load size and loads in flight a thread "
                 "(the latency roofs); absent where not measured"),
    LIST_CHECKED("ceiling_spread", "ceiling", spreads, spread_count, gr_result_spread, spread_keys, FLOW, WHEN_SET,
                 gr_results_spread_rule,
                 "each measured ceiling's spread over its repeats in the run, with the SM clock and power of the "
                 "repeat recorded; absent in files written before it"),
    LIST_CHECKED("volatile_checks", "check", volatiles, volatile_count, gr_result_volatile, volatile_keys, FLOW,
                 WHEN_SET, gr_results_volatile_rule,
                 "a loop reading one value each iteration from a global or a shared variable, volatile or plain, a "
                 "kernel a row, with Nsight Compute's counts of its launch where given; absent where not measured"),
};

/* A spread row names a measured ceiling, and its figures are in order. */
const char *gr_results_spread_rule(const void *row)
{
    const gr_result_spread *s = row;
    const gr_results_section *ceilings = gr_results_section_named("ceilings");
    bool named = false;
    for (size_t i = 0; ceilings && i < ceilings->key_count; i++)
        named = named || strcmp(ceilings->keys[i].name, s->ceiling) == 0;
    if (!named)
        return "its ceiling must be a key of ceilings";
    if (!(s->low <= s->median && s->median <= s->high))
        return "low, median and high must be in order";
    if (s->repeats < 1)
        return "repeats must be at least 1";
    return NULL;
}

/* A volatile row's memory is one of the two, and L1 hits no more than it
 * looked up. */
const char *gr_results_volatile_rule(const void *row)
{
    const gr_result_volatile *v = row;
    if (strcmp(v->memory, "global") != 0 && strcmp(v->memory, "shared") != 0)
        return "memory must be global or shared";
    if (v->threads % v->block != 0)
        return "threads must be a whole number of blocks";
    if (v->l1_global_load_hit_sectors > v->l1_global_load_sectors)
        return "l1_global_load_hit_sectors must be at most l1_global_load_sectors";
    return NULL;
}

const gr_results_section *gr_results_sections(size_t *count)
{
    *count = COUNT(sections);
    return sections;
}

const gr_results_section *gr_results_section_named(const char *name)
{
    for (size_t i = 0; i < COUNT(sections); i++)
        if (strcmp(sections[i].name, name) == 0)
            return &sections[i];
    return NULL;
}

bool gr_results_key_absent(const gr_results_key *key, const void *base)
{
    const char *value = (const char *)base + key->offset;
    switch (key->type) {
    case GR_RESULTS_TEXT: return (*(const char *const *)value)[0] == '\0';
    case GR_RESULTS_WHOLE: return *(const long long *)value == -1;
    case GR_RESULTS_NUMBER: return isnan(*(const double *)value);
    case GR_RESULTS_BLOCK: return ((const gr_result_block *)value)->x == 0;
    case GR_RESULTS_MAP:
        for (size_t i = 0; i < key->map->key_count; i++)
            if (!gr_results_key_absent(&key->map->keys[i], value))
                return false;
        return true;
    case GR_RESULTS_BOOL: break; /* true or false: never absent */
    }
    return false;
}

bool gr_results_keys_same(const gr_results_section *section, const void *a, const void *b)
{
    for (size_t i = 0; i < section->key_count; i++) {
        const gr_results_key *k = &section->keys[i];
        const char *x = (const char *)a + k->offset, *y = (const char *)b + k->offset;
        bool same = k->type == GR_RESULTS_TEXT ? strcmp(*(const char *const *)x, *(const char *const *)y) == 0
                                               : memcmp(x, y, k->size) == 0;
        if (!same)
            return false;
    }
    return true;
}

bool gr_results_section_empty(const gr_results_section *section, const void *results)
{
    const char *base = (const char *)results + section->offset;
    if (section->list) {
        size_t count;
        memcpy(&count, (const char *)results + section->count_offset, sizeof count);
        return count == 0;
    }
    for (size_t i = 0; i < section->key_count; i++) {
        const gr_results_key *key = &section->keys[i];
        bool unset = key->type == GR_RESULTS_BOOL ? !*(const bool *)(base + key->offset)
                                                  : gr_results_key_absent(key, base);
        if (!unset)
            return false;
    }
    return true;
}

void gr_results_clear(const gr_results_section *section, void *base)
{
    for (size_t i = 0; i < section->key_count; i++) {
        const gr_results_key *key = &section->keys[i];
        char *value = (char *)base + key->offset;
        switch (key->type) {
        case GR_RESULTS_TEXT: *(const char **)value = ""; break;
        case GR_RESULTS_WHOLE: *(long long *)value = -1; break;
        case GR_RESULTS_NUMBER: *(double *)value = NAN; break;
        case GR_RESULTS_BOOL: *(bool *)value = false; break;
        case GR_RESULTS_BLOCK: *(gr_result_block *)value = (gr_result_block){0, 0}; break;
        case GR_RESULTS_MAP: gr_results_clear(key->map, value); break;
        }
    }
}
