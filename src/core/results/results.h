/* A measured results file (plots/data/NAME.yaml): what `gpuroof measure`
 * writes and `gpuroof plot` reads, held whole.  One table of keys a
 * section (results_format.h) drives both the reader and the writer; each
 * key's unit and meaning are in doc/results-format.md.
 *
 * A key the file lacks is absent: NaN for a number, -1 for a whole number
 * (every whole number that may be absent is otherwise 0 or more), "" for
 * text; an absent true-or-false key reads as false.  The writer leaves
 * absent keys out. */
#ifndef GPUROOF_RESULTS_H
#define GPUROOF_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include "gpuroof_text.h"

/* Rows a list of a results file may hold: counted before any is read. */
#define GR_RESULTS_MAX_ROWS 100000

/* The most bytes each text key holds, its NUL included: the lengths
 * doc/results-format.md gives.  A longer text is refused where a file is
 * read and cut where it is set (gr_results_textf), as the fixed arrays
 * these were cut it, so that what is written can be read again. */
#define GR_RESULT_DEVICE_NAME_SIZE 256
#define GR_RESULT_PCI_BUS_ID_SIZE 32
#define GR_RESULT_UUID_SIZE 48
#define GR_RESULT_PROFILE_SIZE 64
#define GR_RESULT_CC_SIZE 16
#define GR_RESULT_CLOCK_SOURCE_SIZE 64
#define GR_RESULT_VERSION_SIZE 32 /* driver, runtime and gpuroof */
#define GR_RESULT_COMMIT_SIZE 64
#define GR_RESULT_DATE_SIZE 32
#define GR_RESULT_COMMAND_SIZE 1024
#define GR_RESULT_BYTES_SIZE 512
#define GR_RESULT_TIMING_SIZE 256
#define GR_RESULT_CEILING_SIZE 48
#define GR_RESULT_KERNEL_NAME_SIZE 96
#define GR_RESULT_PARAMS_SIZE 128
#define GR_RESULT_CHECK_SIZE 160
#define GR_RESULT_ROW_KERNEL_SIZE 64 /* a layout's, a bank row's and a volatile check's kernel */
#define GR_RESULT_MEMORY_SIZE 16
#define GR_RESULT_PATH_SIZE 512

/* A thread block's shape, written "XxY". */
typedef struct {
    int x, y;
} gr_result_block;

typedef struct {
    const char *name;
    long long cuda_index; /* the CUDA device index measured */
    const char *pci_bus_id; /* "0000:18:00.0" */
    const char *uuid;       /* "GPU-" and 32 hex digits, as nvidia-smi -L shows it */
    const char *profile; /* the shipped profile the run took for this GPU, "none" if none */
    const char *compute_capability; /* "9.0" */
    long long sm_count;
    long long sm_clock_mhz; /* the clock sm_clock_source names */
    const char *sm_clock_source;
    long long mem_clock_mhz, max_sm_clock_mhz, memory_bus_bits, l2_bytes, memory_bytes;
    double power_limit_w; /* NVML's enforced power limit */
    const char *driver, *runtime; /* CUDA versions, "13.0" */
} gr_result_device;

typedef struct {
    const char *gpuroof; /* the version that wrote the file */
    const char *commit;
    const char *date;
    const char *command;
    const char *bytes;  /* how a kernel's bytes are counted */
    const char *timing; /* how a kernel is timed */
} gr_result_provenance;

typedef struct {
    double dram_read_gbs, dram_write_gbs, dram_copy_gbs, dram_triad_gbs, memcpy_d2d_gbs;
    double fp32_gflops, fp64_gflops, fp32_theoretical_gflops, fp64_theoretical_gflops;
    double datasheet_bandwidth_gbs;
    /* the memory hierarchy above DRAM, the FP16 and BF16 FMA peaks and the
     * dense tensor-core peaks, each beside its theoretical figure */
    double shared_gbs, shared_theoretical_gbs, l2_gbs, l2_theoretical_gbs;
    double fp16_gflops, fp16_theoretical_gflops, bf16_gflops, bf16_theoretical_gflops;
    double tensor_fp16_gflops, tensor_fp16_theoretical_gflops, tensor_bf16_gflops, tensor_bf16_theoretical_gflops;
    double tensor_tf32_gflops, tensor_tf32_theoretical_gflops, tensor_fp8_gflops, tensor_fp8_theoretical_gflops;
    double tensor_fp64_gflops, tensor_fp64_theoretical_gflops;
    /* the tensor figures above are bursts; these the rates once the clock
     * has settled under the load (its power limit) */
    double tensor_fp16_sustained_gflops, tensor_bf16_sustained_gflops, tensor_tf32_sustained_gflops;
    double tensor_fp8_sustained_gflops, tensor_fp64_sustained_gflops;
} gr_result_ceilings;

/* A ceiling measured several times in one run: its spread, and the SM
 * clock and power read while the repeat it records ran. */
typedef struct {
    const char *ceiling; /* its key in ceilings: "tensor_bf16_gflops" */
    double low, median, high;
    long long repeats;
    double sm_clock_mhz, power_w;
} gr_result_spread;

/* A kernel's timed runs, in milliseconds. */
typedef struct {
    double min, median, max;
    long long repeats;
} gr_result_timing;

/* What a kernel moved through each level of the memory hierarchy, and
 * the FLOPs it did, as Nsight Compute counted them. */
typedef struct {
    double dram_bytes, l2_bytes, l1_bytes, shared_wavefronts;
    double flops; /* FP64, FP32 and FP16 thread instructions (an FMA 2) and Tensor Core FLOPs */
} gr_result_levels;

typedef struct {
    const char *name;
    const char *params;         /* "width=4096 tile=32" */
    double flops, bytes;        /* per run */
    double intensity;           /* FLOP/B */
    double requested_intensity; /* FLOP over the bytes its threads ask for */
    gr_result_timing time_ms;
    double gflops;
    bool verified;
    const char *check; /* how it was verified, or why it failed */
    double vs_cublas; /* gflops over cuBLAS's at the same width */
    gr_result_levels levels;
} gr_result_kernel;

typedef struct {
    double intensity, gflops;
    bool verified;
} gr_result_point;

typedef struct {
    long long threads, regs, smem;             /* smem: bytes a block, static and dynamic */
    long long predicted, runtime_api, measured; /* blocks an SM */
} gr_result_occupancy;

/* The largest dynamic shared memory that leaves target blocks resident,
 * gpuroof's and the runtime's, each launched. */
typedef struct {
    long long threads, regs, target;
    long long gpuroof_bytes, measured_at_gpuroof, measured_one_byte_more;
    long long runtime_bytes, measured_at_runtime;
} gr_result_target;

typedef struct {
    const char *kernel;
    gr_result_block block;
    long long pad;
    bool verified;
} gr_result_layout;

/* A layout kernel's shared-memory wavefronts per request. */
typedef struct {
    const char *kernel;
    gr_result_block block;
    long long pad;
    double predicted_load, predicted_store, measured_load, measured_store;
    double ns_per_rep; /* one store and load */
} gr_result_bank;

/* A loop that reads one value each iteration from a global or a shared
 * variable, volatile or plain (kernels/volatile.cu), and Nsight Compute's
 * counts of its launch where measure --ncu-counters gave them (NaN:
 * absent).  is_volatile: the file's key `volatile`, a C keyword. */
typedef struct {
    const char *kernel;
    const char *memory; /* global or shared */
    bool is_volatile;
    long long threads, block, iterations;
    double ns; /* the median launch */
    bool verified;
    double global_load_instructions, shared_load_instructions; /* warp-level, the launch's */
    double l1_global_load_sectors, l1_global_load_hit_sectors;
} gr_result_volatile;

/* Load latency by pointer chase at each level, and the launch floor. */
typedef struct {
    double sm_clock_mhz; /* the clock the chases' cycles and ns imply together */
    double l1_cycles, l1_ns, shared_cycles, shared_ns;
    double l2_near_cycles, l2_near_ns, l2_far_cycles, l2_far_ns; /* far equals near where no far chase fits the L2 */
    double dram_cycles, dram_ns;
    double empty_kernel_ns, launch_interval_ns;
    bool verified; /* every chase ended where the host's walk of its permutation did */
} gr_result_latency;

/* A point of the latency roofs: DRAM read bandwidth at a number of
 * resident warps an SM, each thread with loads_in_flight loads of
 * load_bytes in flight. */
typedef struct {
    long long load_bytes, loads_in_flight, warps_per_sm;
    double gbs;
    bool verified;
} gr_result_latency_curve;

typedef struct {
    const char *path; /* the file it was read from, below GR_RESULT_PATH_SIZE; not written */
    gr_result_device device;
    gr_result_provenance provenance;
    gr_result_ceilings ceilings;
    size_t kernel_count;
    gr_result_kernel *kernels;
    size_t sweep_count;
    gr_result_point *sweep;
    size_t occupancy_count;
    gr_result_occupancy *occupancy;
    size_t target_count;
    gr_result_target *targets;
    size_t layout_count;
    gr_result_layout *layouts;
    size_t bank_count;
    gr_result_bank *banks;
    gr_result_latency latency;
    size_t latency_curve_count;
    gr_result_latency_curve *latency_curves;
    size_t spread_count;
    gr_result_spread *spreads;
    size_t volatile_count;
    gr_result_volatile *volatiles;
    gr_text_pool texts; /* every text above that is not a literal */
} gr_results;

/* Empty: every key absent, no rows. */
void gr_results_init(gr_results *r);

/* Sets a text of r (a field of r or of one of its rows) to the formatted
 * text, kept in r's pool and cut to size - 1 bytes (its GR_RESULT_*_SIZE);
 * where memory runs out the field reads "", and saving r fails. */
void gr_results_textf(gr_results *r, const char **field, size_t size, const char *fmt, ...) GR_PRINTF(4, 5);
/* Sets provenance.date to when, in UTC, as 2026-11-21T23:45:40Z. */
void gr_results_date(gr_results *r, time_t when);

bool gr_results_load(const char *path, gr_results *out, gr_error *err);
/* The same from text in memory; name stands for the file in messages. */
bool gr_results_load_buffer(const char *name, const char *text, size_t len, gr_results *out, gr_error *err);
/* Only the sections of the file up to and including the one called last
 * (in the table's order: "ceilings" reads device, provenance and ceilings),
 * read as gr_results_load reads them; the text after them, where they come
 * first, is not parsed (a comparison of a thousand files needs their
 * ceilings, not their kernels), so its errors go unseen.  The lists of the
 * sections left are empty. */
#define GR_RESULTS_MAX_SECTIONS 32
bool gr_results_load_through(const char *path, const char *last, gr_results *out, gr_error *err);
bool gr_results_load_buffer_through(const char *name, const char *text, size_t len, const char *last,
                                    gr_results *out, gr_error *err);
/* Frees the rows and the texts; safe twice, and after a failed load. */
void gr_results_free(gr_results *r);

/* The file's text: every section in the table's order, absent keys left
 * out.  *text is the caller's to free. */
bool gr_results_render(const gr_results *r, char **text, size_t *len, gr_error *err);
/* The same, written to path whole or not at all. */
bool gr_results_save(const gr_results *r, const char *path, gr_error *err);

/* A new row at the end of its list, every key absent; NULL (err set) when
 * out of memory or when the list already holds GR_RESULTS_MAX_ROWS. */
gr_result_kernel *gr_results_add_kernel(gr_results *r, gr_error *err);
gr_result_point *gr_results_add_sweep_point(gr_results *r, gr_error *err);
gr_result_occupancy *gr_results_add_occupancy(gr_results *r, gr_error *err);
gr_result_target *gr_results_add_target(gr_results *r, gr_error *err);
gr_result_layout *gr_results_add_layout(gr_results *r, gr_error *err);
gr_result_bank *gr_results_add_bank(gr_results *r, gr_error *err);
gr_result_latency_curve *gr_results_add_latency_curve(gr_results *r, gr_error *err);
gr_result_spread *gr_results_add_spread(gr_results *r, gr_error *err);
gr_result_volatile *gr_results_add_volatile(gr_results *r, gr_error *err);

/* The ceilings figure of a key ("tensor_bf16_gflops"); NaN where absent
 * or no such key. */
double gr_results_ceiling(const gr_results *r, const char *key);

/* The key of the gr_result_ceilings field at offset ("" for none). */
const char *gr_results_ceiling_key(size_t offset);

/* The ceilings key of a precision's measured peak: its one name (as
 * gr_precision_table names it) and "_gflops" ("tensor_bf16":
 * "tensor_bf16_gflops"), or NULL where a results file has none. */
const char *gr_results_precision_key(const char *precision);

/* The key of a tensor ceiling's sustained rate ("tensor_bf16_gflops":
 * "tensor_bf16_sustained_gflops"), or NULL where the key has none. */
const char *gr_results_sustained_key(const char *key);

/* How wide a spread row is: (high - low) / median, in percent. */
double gr_results_spread_width_pct(const gr_result_spread *row);

/* The spread row of a ceilings key, or NULL. */
const gr_result_spread *gr_results_spread_of(const gr_results *r, const char *ceiling);

/* The measured DRAM roof, the one rule every roof, chart and profile
 * takes it by: the most any of measure's DRAM kernels moved (read, copy,
 * triad, write: each counts the bytes it moved), for a roof is what the
 * memory can be made to give.  Its ceilings key ("dram_copy_gbs"), NULL
 * and NaN where the file has none. */
const char *gr_results_dram_roof_key(const gr_results *r);
double gr_results_best_bandwidth(const gr_results *r);

/* How often gpuroof's predictions equal what the GPU showed: the
 * occupancy of each configuration against the residency probe's, and the
 * wavefronts a request of each bank launch that Nsight Compute counted
 * (load and store both) against its own. */
typedef struct {
    size_t occupancy_equal, occupancy_total;
    size_t banks_equal, banks_counted;
} gr_results_agreement;

void gr_results_agreement_of(const gr_results *r, gr_results_agreement *out);

#endif
