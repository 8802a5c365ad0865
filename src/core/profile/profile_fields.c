#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_text.h"
#include "profile_fields.h"
#include "gpuroof_files.h"

/* Each precision peak_gflops may name: its name, unit, whether a profile
 * must give it, the bytes of one of its values (the word a kernel moves:
 * TF32 operands are stored as 32-bit floats), and what the rate is.  One
 * list makes both gr_precisions (the names alone, as the loader's allowed
 * keys) and gr_precision_table. */
#define PRECISIONS(X)                                                                              \
    X("fp64", "GFLOP/s", true, 8, "dense FP64 peak, not on Tensor Cores")                          \
    X("fp32", "GFLOP/s", true, 4, "dense FP32 peak, not on Tensor Cores")                          \
    X("fp16", "GFLOP/s", false, 2, "FP16 peak, not on Tensor Cores")                               \
    X("bf16", "GFLOP/s", false, 2, "BF16 peak, not on Tensor Cores")                               \
    X("tensor_fp64", "GFLOP/s", false, 8, "dense FP64 Tensor Core peak")                           \
    X("tensor_tf32", "GFLOP/s", false, 4, "dense TF32 Tensor Core peak (without structured sparsity)") \
    X("tensor_fp16", "GFLOP/s", false, 2, "dense FP16 Tensor Core peak (without structured sparsity)") \
    X("tensor_bf16", "GFLOP/s", false, 2, "dense BF16 Tensor Core peak (without structured sparsity)") \
    X("tensor_fp8", "GFLOP/s", false, 1, "dense FP8 Tensor Core peak (without structured sparsity)")   \
    X("tensor_int8", "GOP/s", false, 1, "dense INT8 Tensor Core peak (without structured sparsity)")

#define PRECISION_NAME(name, unit, required, element_bytes, meaning) name,
#define PRECISION_INFO(name, unit, required, element_bytes, meaning) {name, unit, required, element_bytes, meaning},

const char *const gr_precisions[] = {PRECISIONS(PRECISION_NAME) NULL};
const gr_precision_info gr_precision_table[] = {PRECISIONS(PRECISION_INFO)};
const size_t gr_precision_count = sizeof gr_precision_table / sizeof gr_precision_table[0];
_Static_assert(sizeof gr_precision_table / sizeof gr_precision_table[0] <= GR_MAX_PEAKS,
               "every precision must fit a profile's peaks");

const gr_precision_info *gr_precision_find(const char *precision)
{
    for (size_t i = 0; precision && i < gr_precision_count; i++)
        if (strcmp(gr_precision_table[i].name, precision) == 0)
            return &gr_precision_table[i];
    return NULL;
}

/* The Tensor Core precisions' earlier spelling, word for word the other
 * way round: profiles written with it still read, as the same precision;
 * nothing gpuroof prints or writes uses it. */
static const struct {
    const char *earlier, *name;
} earlier_spellings[] = {
    {"fp64_tensor", "tensor_fp64"}, {"tf32_tensor", "tensor_tf32"}, {"fp16_tensor", "tensor_fp16"},
    {"bf16_tensor", "tensor_bf16"}, {"fp8_tensor", "tensor_fp8"},   {"int8_tensor", "tensor_int8"},
};

/* The entry of earlier_spellings for name, compared exactly (a file's key)
 * or without case (a name a person types); -1 where none. */
static int earlier_index(const char *name, bool any_case)
{
    for (size_t i = 0; name && i < sizeof earlier_spellings / sizeof earlier_spellings[0]; i++) {
        const char *earlier = earlier_spellings[i].earlier;
        if (any_case ? gr_name_equal(earlier, name) : strcmp(earlier, name) == 0)
            return (int)i;
    }
    return -1;
}

const char *gr_precision_renamed(const char *earlier)
{
    int i = earlier_index(earlier, true);
    return i < 0 ? NULL : earlier_spellings[i].name;
}

const gr_precision_info *gr_precision_of_key(const char *key)
{
    int i = earlier_index(key, false);
    return gr_precision_find(i < 0 ? key : earlier_spellings[i].name);
}

const char *gr_precision_unit(const char *precision)
{
    const gr_precision_info *info = gr_precision_find(precision);
    return info ? info->unit : "GFLOP/s";
}

const char *gr_precision_operation(const char *precision)
{
    return strcmp(gr_precision_unit(precision), "GOP/s") == 0 ? "OP" : "FLOP";
}

int gr_precision_element_bytes(const char *precision)
{
    const gr_precision_info *info = gr_precision_find(precision);
    return info ? info->element_bytes : 4;
}

#define AT(member) offsetof(gr_profile, member)
#define SIZE(member) sizeof(((gr_profile *)0)->member)
#define MiB (1024.0 * 1024.0)

/* The order of a profile file: who the GPU is, its roofs, then its limits
 * section by section; last what only a detected profile gives. */
const gr_profile_field gr_profile_fields[] = {
    {.key = "name", .type = GR_FIELD_TEXT, .offset = AT(name), .size = SIZE(name),
     .rule = GR_RULE_PROFILE_NAME, .unit = "", .meaning = "what `--device` takes"},
    {.key = "full_name", .type = GR_FIELD_TEXT, .offset = AT(full_name), .size = SIZE(full_name),
     .unit = "", .meaning = "the GPU's full product name, for output"},
    {.key = "architecture", .type = GR_FIELD_TEXT, .offset = AT(architecture), .size = SIZE(architecture),
     .unit = "", .meaning = "architecture name (Kepler, Volta, Ampere, Ada Lovelace, Hopper)"},
    {.key = "compute_capability", .type = GR_FIELD_COMPUTE_CAPABILITY, .offset = AT(cc_major),
     .unit = "", .meaning = "CUDA compute capability"},
    {.key = "sm_count", .type = GR_FIELD_INT, .offset = AT(sm_count), .min = 1, .max = 1024,
     .unit = "", .meaning = "streaming multiprocessors"},
    {.key = "clock_mhz", .type = GR_FIELD_REAL, .offset = AT(clock_mhz), .min = 1, .max = 10000,
     .unit = "MHz", .meaning = "the SM clock the peak rates assume (normally the boost clock)"},
    {.key = "peak_gflops", .type = GR_FIELD_PEAKS, .offset = AT(peaks), .min = 1e-3, .max = 1e8,
     .unit = "", .meaning = "the peak rates, by precision (gr_precision_table: each one's unit and meaning)"},

    {"memory", "bandwidth_gbs", .type = GR_FIELD_REAL, .offset = AT(bandwidth_gbs), .min = 1e-3, .max = 1e6,
     .unit = "10^9 B/s", .meaning = "peak DRAM bandwidth"},
    {"memory", "l2_bandwidth_gbs", .type = GR_FIELD_REAL, .offset = AT(l2_bandwidth_gbs), .min = 1e-3,
     .max = 1e6, .optional = true, .unit = "10^9 B/s",
     .meaning = "L2 cache bandwidth, the roof of L2 traffic (a peak or a microbenchmark's rate: the profile's "
                "comment says which); left out where unknown"},
    {"memory", "l2_latency_ns", .type = GR_FIELD_REAL, .offset = AT(l2_latency_ns), .min = 1, .max = 1e5,
     .optional = true, .unit = "ns",
     .meaning = "the earlier spelling of `latency.l2_near_cycles`, in ns: used where the profile has no "
                "`latency` section"},
    {"memory", "dram_latency_ns", .type = GR_FIELD_REAL, .offset = AT(dram_latency_ns), .min = 1, .max = 1e5,
     .optional = true, .unit = "ns",
     .meaning = "the earlier spelling of `latency.dram_cycles`, in ns: used where the profile has no `latency` "
                "section"},
    {"memory", "size_bytes", .type = GR_FIELD_BYTES64, .offset = AT(memory_bytes), .min = 1, .max = 0x1p44,
     .unit = "bytes", .meaning = "DRAM capacity"},
    {"memory", "l2_bytes", .type = GR_FIELD_BYTES64, .offset = AT(l2_bytes), .min = 1, .max = 1024 * MiB,
     .unit = "bytes", .meaning = "L2 cache size"},

    {"sm", "max_threads", .type = GR_FIELD_INT, .offset = AT(max_threads_sm), .min = 1, .max = 8192,
     .unit = "", .meaning = "resident threads per SM"},
    {"sm", "max_warps", .type = GR_FIELD_INT, .offset = AT(max_warps_sm), .min = 1, .max = 256,
     .unit = "", .meaning = "resident warps per SM"},
    {"sm", "max_blocks", .type = GR_FIELD_INT, .offset = AT(max_blocks_sm), .min = 1, .max = 256,
     .unit = "", .meaning = "resident blocks per SM"},
    {"sm", "registers", .type = GR_FIELD_INT, .offset = AT(regs_sm), .min = 1, .max = 4 * MiB,
     .unit = "", .meaning = "32-bit registers per SM"},
    {"sm", "shared_memory_bytes", .type = GR_FIELD_BYTES, .offset = AT(smem_sm_bytes), .min = 0, .max = 16 * MiB,
     .unit = "bytes", .meaning = "largest shared-memory carveout per SM (`sharedMemPerMultiprocessor`)"},
    /* after shared_memory_bytes, which bounds it */
    {"sm", "carveout_bytes", .type = GR_FIELD_CARVEOUTS, .offset = AT(carveouts_bytes), .min = 0, .max = 16 * MiB,
     .unit = "bytes", .meaning = "the shared-memory capacities an SM can be configured to"},

    {"block", "max_threads", .type = GR_FIELD_INT, .offset = AT(max_threads_block), .min = 1, .max = 8192,
     .unit = "", .meaning = "threads per block"},
    {"block", "max_registers", .type = GR_FIELD_INT, .offset = AT(regs_block), .min = 1, .max = 4 * MiB,
     .unit = "", .meaning = "32-bit registers per block (`regsPerBlock`)"},
    {"block", "shared_memory_bytes", .type = GR_FIELD_BYTES, .offset = AT(smem_block_bytes), .min = 0,
     .max = 16 * MiB, .unit = "bytes", .meaning = "shared memory per block without opt-in (`sharedMemPerBlock`)"},
    {"block", "shared_memory_optin_bytes", .type = GR_FIELD_BYTES, .offset = AT(smem_block_optin_bytes), .min = 0,
     .max = 16 * MiB, .unit = "bytes",
     .meaning = "per-block limit with `cudaFuncAttributeMaxDynamicSharedMemorySize` (`sharedMemPerBlockOptin`)"},
    {"block", "shared_memory_reserved_bytes", .type = GR_FIELD_BYTES, .offset = AT(smem_block_reserved_bytes),
     .min = 0, .max = MiB, .unit = "bytes",
     .meaning = "shared memory the runtime takes from every block (`reservedSharedMemPerBlock`; 1 KiB from 8.0 "
                "on, 0 before)"},

    {"thread", "max_registers", .type = GR_FIELD_INT, .offset = AT(max_regs_thread), .min = 1, .max = 1024,
     .unit = "", .meaning = "registers per thread"},

    {"allocation", "register_unit", .type = GR_FIELD_INT, .offset = AT(reg_alloc_unit), .min = 1, .max = 4096,
     .rule = GR_RULE_POWER_OF_TWO, .unit = "registers",
     .meaning = "registers are allocated per warp in multiples of this"},
    {"allocation", "register_subpartitions", .type = GR_FIELD_INT, .offset = AT(reg_subpartitions), .min = 1,
     .max = 16, .unit = "",
     .meaning = "the register file is split this many ways (one per warp scheduler); a warp's registers come "
                "from one part"},
    {"allocation", "shared_memory_unit", .type = GR_FIELD_BYTES, .offset = AT(smem_alloc_unit), .min = 1,
     .max = 65536, .rule = GR_RULE_POWER_OF_TWO, .unit = "bytes",
     .meaning = "shared-memory allocation granularity per block"},

    {.key = "warp_size", .type = GR_FIELD_INT, .offset = AT(warp_size), .min = 1, .max = 64,
     .rule = GR_RULE_POWER_OF_TWO, .unit = "", .meaning = "threads per warp"},

    {"shared_memory_banks", "count", .type = GR_FIELD_INT, .offset = AT(bank_count), .min = 1, .max = 128,
     .unit = "", .meaning = "shared-memory banks"},
    {"shared_memory_banks", "width_bytes", .type = GR_FIELD_INT, .offset = AT(bank_width_bytes), .min = 1,
     .max = 16, .unit = "bytes", .meaning = "bytes a bank serves per clock"},
    {"shared_memory_banks", "scheme", .type = GR_FIELD_BANK_SCHEME, .offset = AT(bank_scheme), .unit = "",
     .meaning = "`standard`: 32 banks of 4 bytes, successive 32-bit words in successive banks (Maxwell to "
                "Hopper); `kepler`: 32 banks 8 bytes wide with the 64-bit and 32-bit addressing modes of "
                "compute capability 3.x"},
    {"shared_memory_banks", "shared_bandwidth_gbs", .type = GR_FIELD_REAL, .offset = AT(shared_bandwidth_gbs),
     .min = 1e-3, .max = 1e6, .optional = true, .unit = "10^9 B/s",
     .meaning = "shared-memory bandwidth of the whole GPU, the roof of shared-memory traffic: `count` x "
                "`width_bytes` x `sm_count` x `clock_mhz` (128 B per clock per SM from Maxwell on, 256 B on "
                "Kepler); left out where unknown"},

    {"latency", "l1_cycles", .alone = true, .type = GR_FIELD_REAL, .offset = AT(latency_l1_cycles), .min = 1, .max = 1e5,
     .optional = true, .unit = "cycles", .meaning = "a load's latency from the L1 (pointer chase, one thread)"},
    {"latency", "l2_near_cycles", .alone = true, .type = GR_FIELD_REAL, .offset = AT(latency_l2_near_cycles), .min = 1, .max = 1e5,
     .optional = true, .unit = "cycles",
     .meaning = "a load's latency from the L2, its partition near the SM where the L2 has two: the least an L2 "
                "hit takes, the latency limit's for loads the L2 serves"},
    {"latency", "l2_far_cycles", .alone = true, .type = GR_FIELD_REAL, .offset = AT(latency_l2_far_cycles), .min = 1, .max = 1e5,
     .optional = true, .unit = "cycles",
     .meaning = "a load's latency from the L2's far partition (a chase over more than half the L2); left out "
                "where the L2 has one partition"},
    {"latency", "dram_cycles", .alone = true, .type = GR_FIELD_REAL, .offset = AT(latency_dram_cycles), .min = 1, .max = 1e5,
     .optional = true, .unit = "cycles",
     .meaning = "a load's latency from DRAM (an L2 miss), the latency limit's (Little's law) for loads DRAM "
                "serves"},
    {"latency", "clock_mhz", .type = GR_FIELD_REAL, .offset = AT(latency_clock_mhz), .min = 1, .max = 10000,
     .optional = true, .unit = "MHz",
     .meaning = "the SM clock the latencies were measured at: their time is cycles over it"},

    {.key = "launch_floor_ns", .type = GR_FIELD_REAL, .offset = AT(launch_floor_ns), .min = 1e-3, .max = 1e6,
     .optional = true, .unit = "ns",
     .meaning = "the shortest duration Nsight Compute gives a launch (an empty kernel's), the launch limit; left "
                "out where unknown"},
    {.key = "launch_l2_bytes", .type = GR_FIELD_REAL, .offset = AT(launch_l2_bytes), .min = 1, .max = 1e9,
     .optional = true, .unit = "B",
     .meaning = "the bytes an empty kernel moves through the L2 under Nsight Compute (lts__t_bytes): every "
                "launch's, not its kernel's work; left out where unknown"},

    {.key = "source", .type = GR_FIELD_TEXT, .offset = AT(source), .size = SIZE(source), .optional = true,
     .unit = "", .meaning = "where a detected profile's figures come from"},
    {"measured", "bandwidth_gbs", .type = GR_FIELD_REAL, .offset = AT(measured_bandwidth_gbs), .min = 1e-3,
     .max = 1e6, .optional = true, .given_offset = AT(has_measured), .unit = "10^9 B/s",
     .meaning = "DRAM bandwidth measured on the GPU itself (the faster of gpuroof's read and copy kernels)"},
    {"measured", "fp32_gflops", .type = GR_FIELD_REAL, .offset = AT(measured_fp32_gflops), .min = 1e-3,
     .max = 1e8, .optional = true, .given_offset = AT(has_measured), .unit = "GFLOP/s",
     .meaning = "FP32 rate measured on the GPU itself (gpuroof's FMA kernel)"},
    {"measured", "fp64_gflops", .type = GR_FIELD_REAL, .offset = AT(measured_fp64_gflops), .min = 1e-3,
     .max = 1e8, .optional = true, .given_offset = AT(has_measured), .unit = "GFLOP/s",
     .meaning = "FP64 rate measured on the GPU itself (gpuroof's FMA kernel)"},
};
const size_t gr_profile_field_count = sizeof gr_profile_fields / sizeof gr_profile_fields[0];
_Static_assert(sizeof gr_profile_fields / sizeof gr_profile_fields[0] <= GR_PROFILE_FIELDS_MAX,
               "GR_PROFILE_FIELDS_MAX bounds the loader's lists of keys");

void gr_profile_field_path(const gr_profile_field *f, char *out, size_t size)
{
    snprintf(out, size, "%s%s%s", f->section ? f->section : "", f->section ? "." : "", f->key);
}

/* Whether path is f's, as gr_profile_field_path writes it. */
static bool is_path_of(const gr_profile_field *f, const char *path)
{
    size_t n = f->section ? strlen(f->section) : 0;
    if (f->section && (strncmp(path, f->section, n) != 0 || path[n] != '.'))
        return false;
    return strcmp(path + (f->section ? n + 1 : 0), f->key) == 0;
}

const gr_profile_field *gr_profile_field_find(const char *path)
{
    for (size_t i = 0; i < gr_profile_field_count; i++)
        if (is_path_of(&gr_profile_fields[i], path))
            return &gr_profile_fields[i];
    return NULL;
}

static const void *value_of(const gr_profile *p, const gr_profile_field *f)
{
    return (const char *)p + f->offset;
}

bool gr_profile_field_given(const gr_profile *p, const gr_profile_field *f)
{
    if (!f->optional)
        return true;
    if (f->type == GR_FIELD_TEXT)
        return *(const char *)value_of(p, f) != '\0';
    if (f->given_offset)
        return *(const bool *)((const char *)p + f->given_offset);
    return f->type != GR_FIELD_REAL || gr_profile_field_real(p, f) != 0; /* below its min: 0 is unknown */
}

int64_t gr_profile_field_int(const gr_profile *p, const gr_profile_field *f)
{
    if (f->type == GR_FIELD_BYTES64)
        return *(const int64_t *)value_of(p, f);
    if (f->type == GR_FIELD_INT || f->type == GR_FIELD_BYTES)
        return *(const int *)value_of(p, f);
    return 0;
}

double gr_profile_field_real(const gr_profile *p, const gr_profile_field *f)
{
    return f->type == GR_FIELD_REAL ? *(const double *)value_of(p, f) : 0;
}

const char *gr_profile_field_text(const gr_profile *p, const gr_profile_field *f, gr_buf *made)
{
    if (f->type == GR_FIELD_TEXT)
        return value_of(p, f);
    if (f->type == GR_FIELD_BANK_SCHEME)
        return gr_bank_scheme_name(p->bank_scheme);
    gr_buf_clear(made);
    if (f->type == GR_FIELD_COMPUTE_CAPABILITY)
        gr_buf_addf(made, "%d.%d", p->cc_major, p->cc_minor);
    return gr_buf_text(made);
}

/* Appends to out[size] (holding *used characters), cutting what does not fit. */
static void append(char *out, size_t size, size_t *used, const char *fmt, ...) GR_PRINTF(4, 5);

static void append(char *out, size_t size, size_t *used, const char *fmt, ...)
{
    if (*used + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + *used, size - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = *used + (size_t)n < size ? *used + (size_t)n : size - 1;
}

void gr_profile_field_format(const gr_profile *p, const gr_profile_field *f, char *out, size_t size)
{
    size_t used = 0;
    gr_buf made = GR_BUF_INIT;
    if (size == 0)
        return;
    out[0] = '\0';
    switch (f->type) {
    case GR_FIELD_INT:
    case GR_FIELD_BYTES:
    case GR_FIELD_BYTES64:
        append(out, size, &used, "%" PRId64, gr_profile_field_int(p, f));
        break;
    case GR_FIELD_REAL:
        append(out, size, &used, "%.10g", gr_profile_field_real(p, f)); /* as gr_yw_double writes it */
        break;
    case GR_FIELD_PEAKS:
        for (int i = 0; i < p->peak_count; i++)
            append(out, size, &used, "%s%s %.10g", i ? ", " : "", p->peaks[i].precision, p->peaks[i].gflops);
        break;
    case GR_FIELD_CARVEOUTS:
        for (int i = 0; i < p->carveout_count; i++)
            append(out, size, &used, "%s%d", i ? ", " : "", p->carveouts_bytes[i]);
        break;
    case GR_FIELD_TEXT:
    case GR_FIELD_COMPUTE_CAPABILITY:
    case GR_FIELD_BANK_SCHEME:
        append(out, size, &used, "%s", gr_profile_field_text(p, f, &made));
        break;
    }
    gr_buf_free(&made);
}

/* Counts d where its values differ, and keeps it where out has room. */
static void add_difference(gr_profile_difference *out, size_t max, size_t *count, const gr_profile_difference *d)
{
    if (strcmp(d->value, d->other_value) == 0)
        return;
    if (*count < max)
        out[*count] = *d;
    (*count)++;
}

static void peak_differences(const gr_profile *p, const gr_profile *other, const char *path,
                             gr_profile_difference *out, size_t max, size_t *count)
{
    for (int i = 0; i < p->peak_count; i++) {
        const gr_peak *peak = &p->peaks[i], *other_peak = gr_profile_peak(other, peak->precision);
        gr_profile_difference d;
        if (!other_peak)
            continue;
        snprintf(d.path, sizeof d.path, "%.63s.%s", path, peak->precision);
        snprintf(d.value, sizeof d.value, "%.10g", peak->gflops); /* as a file holds it */
        snprintf(d.other_value, sizeof d.other_value, "%.10g", other_peak->gflops);
        add_difference(out, max, count, &d);
    }
}

size_t gr_profile_differences(const gr_profile *p, const gr_profile *other, gr_profile_difference *out, size_t max)
{
    size_t count = 0;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        gr_profile_difference d;
        gr_profile_field_path(f, d.path, sizeof d.path);
        if (f->type == GR_FIELD_PEAKS)
            peak_differences(p, other, d.path, out, max, &count);
        if (f->type == GR_FIELD_TEXT || f->type == GR_FIELD_PEAKS ||
            (f->optional && !(gr_profile_field_given(p, f) && gr_profile_field_given(other, f))))
            continue;
        gr_profile_field_format(p, f, d.value, sizeof d.value);
        gr_profile_field_format(other, f, d.other_value, sizeof d.other_value);
        add_difference(out, max, &count, &d);
    }
    return count;
}

static void write_value(gr_yaml_writer *w, const gr_profile *p, const gr_profile_field *f)
{
    gr_buf made = GR_BUF_INIT;
    gr_yw_key(w, f->key);
    switch (f->type) {
    case GR_FIELD_INT:
    case GR_FIELD_BYTES:
    case GR_FIELD_BYTES64:
        gr_yw_int(w, gr_profile_field_int(p, f));
        break;
    case GR_FIELD_REAL:
        gr_yw_double(w, gr_profile_field_real(p, f));
        break;
    case GR_FIELD_PEAKS:
        gr_yw_map(w);
        for (int i = 0; i < p->peak_count; i++)
            gr_yw_kv_double(w, p->peaks[i].precision, p->peaks[i].gflops);
        gr_yw_close_map(w);
        break;
    case GR_FIELD_CARVEOUTS:
        gr_yw_list(w);
        for (int i = 0; i < p->carveout_count; i++)
            gr_yw_int(w, p->carveouts_bytes[i]);
        gr_yw_close_list(w);
        break;
    case GR_FIELD_TEXT:
    case GR_FIELD_COMPUTE_CAPABILITY:
    case GR_FIELD_BANK_SCHEME:
        gr_yw_string(w, gr_profile_field_text(p, f, &made));
        break;
    }
    gr_buf_free(&made);
}

bool gr_profile_field_in(const gr_profile_field *f, const char *section)
{
    return f->section == section || (f->section && section && strcmp(f->section, section) == 0);
}

bool gr_profile_write_yaml(const gr_profile *p, char **text, size_t *len, gr_error *err)
{
    gr_yaml_writer w;
    if (!gr_yw_begin(&w))
        return gr_error_set(err, "out of memory");
    gr_yw_map(&w);
    const char *open_section = NULL;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        if (!gr_profile_field_given(p, f))
            continue;
        if (!gr_profile_field_in(f, open_section)) {
            if (open_section)
                gr_yw_close_map(&w);
            open_section = f->section;
            if (open_section) {
                gr_yw_key(&w, open_section);
                gr_yw_map(&w);
            }
        }
        write_value(&w, p, f);
    }
    if (open_section)
        gr_yw_close_map(&w);
    gr_yw_close_map(&w);
    return gr_yw_end(&w, text, len, err);
}
