/* Unit tests for the table of a profile's fields (src/core/profile/profile_fields.c):
 * the table itself, a profile written as YAML and read back, and a profile
 * made from what the CUDA runtime says of a GPU (src/core/profile/profile_gpu.c),
 * which is what `gpuroof profile detect` writes; and that
 * doc/profile-format.md lists exactly the table's fields.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "gpu_info.h"
#include "profile.h"
#include "profile_fields.h"
#include "profile_gpu.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

static const char *const shipped[] = {
    "a100", "a100-80gb", "h100", "h100-pcie", "h200", "k40", "rtx4090", "v100",
};
#define SHIPPED_COUNT (sizeof shipped / sizeof shipped[0])

static void load_shipped(const char *name, gr_profile *p)
{
    char path[1024];
    gr_error err = {{0}};
    snprintf(path, sizeof path, "%s/profiles/%s.yaml", GPUROOF_SRCDIR, name);
    if (!gr_profile_load_file(path, p, &err))
        fail_msg("%s: %s", path, err.text);
}

/* A file's text, or NULL. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = calloc(1024 * 1024 + 1, 1);
    if (text && fread(text, 1, 1024 * 1024, f) == 0) {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

/* What the CUDA runtime says of an H100 SXM5 (profiles/h100.yaml's [DEV]). */
static gr_gpu_info h100_sxm(void)
{
    gr_gpu_info d = {
        .name = "NVIDIA H100 80GB HBM3", .cc_major = 9, .cc_minor = 0, .sm_count = 132,
        .sm_clock_khz = 1980000, .mem_clock_khz = 2619000, .mem_bus_width = 5120,
        .l2_bytes = 52428800, .global_mem_bytes = 85017493504LL,
        .warp_size = 32, .max_threads_sm = 2048, .max_blocks_sm = 32, .max_threads_block = 1024,
        .regs_sm = 65536, .regs_block = 65536,
        .smem_sm = 233472, .smem_block = 49152, .smem_block_optin = 232448, .smem_reserved = 1024,
    };
    return d;
}

/* A Tesla K40m, as the CUDA samples' deviceQuery shows one (profiles/k40.yaml's [DQ]). */
static gr_gpu_info k40m(void)
{
    gr_gpu_info d = {
        .name = "Tesla K40m", .cc_major = 3, .cc_minor = 5, .sm_count = 15,
        .sm_clock_khz = 745000, .mem_clock_khz = 3004000, .mem_bus_width = 384,
        .l2_bytes = 1572864, .global_mem_bytes = 12079136768LL,
        .warp_size = 32, .max_threads_sm = 2048, .max_blocks_sm = 16, .max_threads_block = 1024,
        .regs_sm = 65536, .regs_block = 65536,
        .smem_sm = 49152, .smem_block = 49152, .smem_block_optin = 49152, .smem_reserved = 0,
    };
    return d;
}

static void from_gpu(const gr_gpu_info *gpu, const gr_measured_ceilings *measured, gr_profile *p)
{
    gr_arch arch;
    assert_true(gr_arch_of(gpu->cc_major, gpu->cc_minor, &arch));
    gr_profile_from_gpu(gpu, &arch, measured, p);
}

/* p written as YAML and read back. */
static void round_trip(const gr_profile *p, gr_profile *back)
{
    char *text;
    size_t len;
    gr_error err = {{0}};
    if (!gr_profile_write_yaml(p, &text, &len, &err))
        fail_msg("write: %s", err.text);
    bool loaded = gr_profile_load_buffer("written.yaml", text, len, back, &err);
    if (!loaded)
        print_error("%s", text);
    free(text);
    if (!loaded)
        fail_msg("read back: %s", err.text);
}

/* The paths of the figures p and other disagree on, space-separated. */
static void differences_of(const gr_profile *p, const gr_profile *other, char *out, size_t size)
{
    gr_profile_difference d[GR_PROFILE_FIELDS_MAX + GR_MAX_PEAKS];
    size_t count = gr_profile_differences(p, other, d, sizeof d / sizeof d[0]);
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", d[i].path);
}

/* ---- the table ------------------------------------------------------------ */

static void test_paths_unique_and_sections_contiguous(void **state)
{
    (void)state;
    assert_in_range(gr_profile_field_count, 1, GR_PROFILE_FIELDS_MAX);
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        char path[96];
        gr_profile_field_path(f, path, sizeof path);
        assert_ptr_equal(gr_profile_field_find(path), f);
        /* a section left and entered again would be written twice */
        for (size_t j = i + 2; f->section && j < gr_profile_field_count; j++)
            if (gr_profile_field_in(&gr_profile_fields[j], f->section) &&
                !gr_profile_field_in(&gr_profile_fields[j - 1], f->section))
                fail_msg("section %s is not contiguous at %s", f->section, path);
    }
}

static void test_every_field_described(void **state)
{
    (void)state;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        assert_non_null(f->key);
        assert_non_null(f->unit);
        assert_non_null(f->meaning);
        assert_true(f->meaning[0] != '\0');
        if (f->type == GR_FIELD_TEXT)
            assert_true(f->size > 1);
        else if (f->optional) /* an optional number says it was given, or is a real whose 0 is not in range */
            assert_true(f->given_offset > 0 || (f->type == GR_FIELD_REAL && f->min > 0));
        if (f->type == GR_FIELD_INT || f->type == GR_FIELD_BYTES || f->type == GR_FIELD_BYTES64)
            assert_true(f->min <= f->max && f->min == (double)(int64_t)f->min && f->max == (double)(int64_t)f->max);
        if (f->type == GR_FIELD_INT || f->type == GR_FIELD_BYTES)
            assert_true(f->max <= INT32_MAX);
    }
}

/* A section that is all optional may be left out, and its fields say
 * through one bool that it was given; one required field makes the section
 * required, and then an optional field of it says it was given by being
 * other than 0, its own (a real whose range leaves 0 out). */
static void test_sections_wholly_optional_or_required(void **state)
{
    (void)state;
    for (size_t i = 1; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i], *before = &gr_profile_fields[i - 1];
        if (f->section && gr_profile_field_in(before, f->section) && before->given_offset)
            assert_int_equal(f->given_offset, before->given_offset);
        if (f->given_offset)
            for (size_t k = 0; k < gr_profile_field_count; k++)
                if (gr_profile_field_in(&gr_profile_fields[k], f->section))
                    assert_int_equal(gr_profile_fields[k].given_offset, f->given_offset);
    }
}

/* An optional bandwidth may be left out of a required section, and is then
 * unknown: 0, not given, not written; given, it reads back. */
static void test_optional_bandwidths_left_out(void **state)
{
    (void)state;
    char path[1024], *text;
    gr_profile p, back;
    gr_error err = {{0}};
    size_t len;
    snprintf(path, sizeof path, "%s/profiles/k40.yaml", GPUROOF_SRCDIR);
    load_shipped("k40", &p);
    assert_true(p.l2_bandwidth_gbs == 0);
    assert_false(gr_profile_field_given(&p, gr_profile_field_find("memory.l2_bandwidth_gbs")));
    assert_true(gr_profile_field_given(&p, gr_profile_field_find("shared_memory_banks.shared_bandwidth_gbs")));
    p.shared_bandwidth_gbs = 0;
    assert_false(gr_profile_field_given(&p, gr_profile_field_find("shared_memory_banks.shared_bandwidth_gbs")));
    assert_true(gr_profile_write_yaml(&p, &text, &len, &err));
    assert_null(strstr(text, "bandwidth_gbs: 0"));
    assert_null(strstr(text, "shared_bandwidth_gbs"));
    assert_null(strstr(text, "l2_bandwidth_gbs"));
    if (!gr_profile_load_buffer("written.yaml", text, len, &back, &err))
        fail_msg("read back: %s", err.text);
    free(text);
    assert_true(back.shared_bandwidth_gbs == 0 && back.l2_bandwidth_gbs == 0);
    p.l2_bandwidth_gbs = 321.5;
    round_trip(&p, &back);
    assert_true(back.l2_bandwidth_gbs == 321.5);
    /* a measured section is still given whole or not at all */
    char *k40 = read_text(path);
    assert_non_null(k40);
    char *half = malloc(strlen(k40) + 64);
    assert_non_null(half);
    sprintf(half, "%smeasured:\n  bandwidth_gbs: 1\n", k40);
    assert_false(gr_profile_load_buffer("half.yaml", half, strlen(half), &back, &err));
    assert_non_null(strstr(err.text, "measured"));
    free(half);
    free(k40);
}

/* The shared-memory bandwidth of every shipped profile is its banks x bank
 * width x SMs x clock, and every one has it. */
static void test_shared_bandwidth_is_banks_width_sms_clock(void **state)
{
    (void)state;
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        load_shipped(shipped[i], &p);
        double rule_gbs = (double)p.bank_count * p.bank_width_bytes * p.sm_count * p.clock_mhz / 1000;
        if (!(p.shared_bandwidth_gbs > 0) || fabs(p.shared_bandwidth_gbs - rule_gbs) > 1e-9 * rule_gbs)
            fail_msg("%s: shared_bandwidth_gbs is %.10g; %d banks x %d B x %d SMs x %.10g MHz is %.10g", shipped[i],
                     p.shared_bandwidth_gbs, p.bank_count, p.bank_width_bytes, p.sm_count, p.clock_mhz, rule_gbs);
    }
}

/* Each shipped profile's L2 bandwidth, where it has one, lies between its
 * DRAM bandwidth and its shared memory's, as a level of the hierarchy does;
 * the ones that lack it are the ones no figure was found for. */
static void test_l2_bandwidth_between_dram_and_shared(void **state)
{
    (void)state;
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        load_shipped(shipped[i], &p);
        bool unknown = strcmp(shipped[i], "k40") == 0 || strcmp(shipped[i], "rtx4090") == 0;
        if (unknown) {
            assert_true(p.l2_bandwidth_gbs == 0);
            continue;
        }
        if (!(p.l2_bandwidth_gbs > p.bandwidth_gbs && p.l2_bandwidth_gbs < p.shared_bandwidth_gbs))
            fail_msg("%s: L2 %.10g GB/s, DRAM %.10g, shared %.10g", shipped[i], p.l2_bandwidth_gbs, p.bandwidth_gbs,
                     p.shared_bandwidth_gbs);
    }
}

/* Every rate each GPU has, and none it lacks: the K40 has no FP16
 * arithmetic and no Tensor Cores; the V100's Tensor Cores do FP16 alone;
 * the A100 has no FP8; Ada has no FP64 Tensor Cores. */
static void test_each_gpu_has_its_precisions(void **state)
{
    (void)state;
    static const struct {
        const char *name, *precisions;
    } expected[] = {
        {"a100", "fp64 tensor_fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_int8"},
        {"a100-80gb", "fp64 tensor_fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_int8"},
        {"h100", "fp64 tensor_fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_fp8 tensor_int8"},
        {"h100-pcie", "fp64 tensor_fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_fp8 tensor_int8"},
        {"h200", "fp64 tensor_fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_fp8 tensor_int8"},
        {"k40", "fp64 fp32"},
        {"rtx4090", "fp64 fp32 fp16 bf16 tensor_tf32 tensor_fp16 tensor_bf16 tensor_fp8 tensor_int8"},
        {"v100", "fp64 fp32 fp16 tensor_fp16"},
    };
    assert_int_equal(sizeof expected / sizeof expected[0], SHIPPED_COUNT);
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        char got[512] = "";
        load_shipped(expected[i].name, &p);
        for (int k = 0; k < p.peak_count; k++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", k ? " " : "", p.peaks[k].precision);
        assert_string_equal(got, expected[i].precisions);
    }
}

/* The rates without Tensor Cores: FP16 and BF16 wherever the GPU has them. */
static void test_fp16_and_bf16_where_the_gpu_has_them(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        double fp16_gflops, bf16_gflops; /* 0: none */
    } rates[] = {
        {"a100", 78000, 39000},         {"a100-80gb", 78000, 39000},       {"h100", 133816.32, 133816.32},
        {"h100-pcie", 102435.84, 102435.84}, {"h200", 133816.32, 133816.32}, {"k40", 0, 0},
        {"rtx4090", 82575.36, 82575.36}, {"v100", 31334.4, 0},
    };
    assert_int_equal(sizeof rates / sizeof rates[0], SHIPPED_COUNT);
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        load_shipped(rates[i].name, &p);
        const gr_peak *fp16 = gr_profile_peak(&p, "fp16"), *bf16 = gr_profile_peak(&p, "bf16");
        assert_true(fp16 ? fp16->gflops == rates[i].fp16_gflops : rates[i].fp16_gflops == 0);
        assert_true(bf16 ? bf16->gflops == rates[i].bf16_gflops : rates[i].bf16_gflops == 0);
    }
}

static void test_find(void **state)
{
    (void)state;
    const gr_profile_field *f = gr_profile_field_find("memory.bandwidth_gbs");
    assert_non_null(f);
    assert_string_equal(f->section, "memory");
    assert_string_equal(f->key, "bandwidth_gbs");
    assert_int_equal(f->type, GR_FIELD_REAL);
    assert_int_equal(gr_profile_field_find("peak_gflops")->type, GR_FIELD_PEAKS);
    assert_null(gr_profile_field_find("bandwidth_gbs"));
    assert_null(gr_profile_field_find("memory"));
    assert_null(gr_profile_field_find(""));
}

/* gr_precisions (the loader's allowed keys) and the precision table are one
 * list; the loader's message for a missing one names fp32 and fp64. */
static void test_precisions_one_list(void **state)
{
    (void)state;
    size_t n = 0;
    for (; gr_precisions[n]; n++)
        assert_string_equal(gr_precisions[n], gr_precision_table[n].name);
    assert_int_equal(n, gr_precision_count);
    for (size_t i = 0; i < gr_precision_count; i++) {
        bool fp32_or_fp64 = strcmp(gr_precision_table[i].name, "fp32") == 0 ||
                            strcmp(gr_precision_table[i].name, "fp64") == 0;
        assert_int_equal(gr_precision_table[i].required, fp32_or_fp64);
        assert_true(strcmp(gr_precision_table[i].unit, "GFLOP/s") == 0 || strcmp(gr_precision_table[i].unit, "GOP/s") == 0);
    }
}

/* The Tensor Core precisions' earlier spelling names each one; nothing
 * else is renamed.  A typed name matches in any case, a file's key only
 * exactly. */
static void test_earlier_spellings(void **state)
{
    (void)state;
    size_t renamed = 0;
    for (size_t i = 0; i < gr_precision_count; i++) {
        const char *name = gr_precision_table[i].name;
        char earlier[32];
        if (strncmp(name, "tensor_", 7) != 0) {
            assert_null(gr_precision_renamed(name));
            continue;
        }
        snprintf(earlier, sizeof earlier, "%s_tensor", name + 7); /* the words the other way round */
        assert_string_equal(gr_precision_renamed(earlier), name);
        assert_ptr_equal(gr_precision_of_key(earlier), &gr_precision_table[i]);
        assert_ptr_equal(gr_precision_of_key(name), &gr_precision_table[i]);
        assert_null(gr_precision_renamed(name));
        renamed++;
    }
    assert_int_equal(renamed, 6);
    assert_string_equal(gr_precision_renamed("BF16_Tensor"), "tensor_bf16");
    assert_null(gr_precision_of_key("BF16_TENSOR"));
    assert_null(gr_precision_of_key("TENSOR_BF16"));
    assert_null(gr_precision_renamed("fp4_tensor"));
    assert_null(gr_precision_renamed(""));
    assert_null(gr_precision_renamed(NULL));
    assert_null(gr_precision_of_key(NULL));
}

/* What a rate of each precision is printed in: integers count operations. */
static void test_precision_units(void **state)
{
    (void)state;
    assert_string_equal(gr_precision_unit("tensor_int8"), "GOP/s");
    assert_string_equal(gr_precision_operation("tensor_int8"), "OP");
    assert_string_equal(gr_precision_unit("tensor_fp8"), "GFLOP/s");
    assert_string_equal(gr_precision_operation("fp64"), "FLOP");
    assert_string_equal(gr_precision_unit("no such precision"), "GFLOP/s");
    assert_null(gr_precision_find("no such precision"));
    assert_string_equal(gr_precision_find("tensor_tf32")->name, "tensor_tf32");
    assert_int_equal(gr_precision_element_bytes("fp64"), 8);
    assert_int_equal(gr_precision_element_bytes("fp32"), 4);
    assert_int_equal(gr_precision_element_bytes("tensor_tf32"), 4);
    assert_int_equal(gr_precision_element_bytes("tensor_bf16"), 2);
    assert_int_equal(gr_precision_element_bytes("tensor_int8"), 1);
    assert_int_equal(gr_precision_element_bytes("no such precision"), 4);
}

/* ---- values --------------------------------------------------------------- */

static void test_values_of_a100(void **state)
{
    (void)state;
    gr_profile p;
    char text[512];
    gr_buf buf = GR_BUF_INIT;
    load_shipped("a100", &p);
    assert_int_equal(gr_profile_field_int(&p, gr_profile_field_find("sm.registers")), 65536);
    assert_true(gr_profile_field_int(&p, gr_profile_field_find("memory.size_bytes")) == INT64_C(40) << 30);
    assert_true(gr_profile_field_real(&p, gr_profile_field_find("clock_mhz")) == 1410.0);
    assert_string_equal(gr_profile_field_text(&p, gr_profile_field_find("compute_capability"), &buf), "8.0");
    assert_string_equal(gr_profile_field_text(&p, gr_profile_field_find("shared_memory_banks.scheme"), &buf),
                        "standard");
    assert_string_equal(gr_profile_field_text(&p, gr_profile_field_find("full_name"), &buf), "NVIDIA A100-SXM4-40GB");
    gr_buf_free(&buf);
    gr_profile_field_format(&p, gr_profile_field_find("sm.carveout_bytes"), text, sizeof text);
    assert_string_equal(text, "0, 8192, 16384, 32768, 65536, 102400, 135168, 167936");
    gr_profile_field_format(&p, gr_profile_field_find("memory.bandwidth_gbs"), text, sizeof text);
    assert_string_equal(text, "1555");
    gr_profile_field_format(&p, gr_profile_field_find("peak_gflops"), text, 26); /* cut, never overrun */
    assert_string_equal(text, "fp64 9700, tensor_fp64 19");
    assert_false(gr_profile_field_given(&p, gr_profile_field_find("source")));
    assert_false(gr_profile_field_given(&p, gr_profile_field_find("measured.fp32_gflops")));
    assert_true(gr_profile_field_given(&p, gr_profile_field_find("name")));
}

/* ---- written and read back ------------------------------------------------ */

static void test_shipped_profiles_read_back_the_same(void **state)
{
    (void)state;
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p, back;
        char differ[1024];
        load_shipped(shipped[i], &p);
        round_trip(&p, &back);
        differences_of(&back, &p, differ, sizeof differ);
        assert_string_equal(differ, "");
        assert_string_equal(back.name, p.name);
        assert_string_equal(back.full_name, p.full_name);
        assert_string_equal(back.architecture, p.architecture);
        assert_int_equal(back.peak_count, p.peak_count);
        assert_false(back.has_measured);
        assert_string_equal(back.source, "");
    }
}

static void test_written_profile_leaves_out_what_it_lacks(void **state)
{
    (void)state;
    gr_profile p;
    char *text;
    size_t len;
    gr_error err = {{0}};
    load_shipped("k40", &p);
    assert_true(gr_profile_write_yaml(&p, &text, &len, &err));
    assert_null(strstr(text, "source"));
    assert_null(strstr(text, "measured"));
    assert_null(strstr(text, "tensor_fp16"));
    assert_non_null(strstr(text, "\ncompute_capability: \"3.5\"\n"));
    assert_non_null(strstr(text, "\n  scheme: kepler\n"));
    assert_int_equal(strlen(text), len);
    free(text);
}

/* ---- a profile of a GPU found at run time --------------------------------- */

static void test_name_of_product(void **state)
{
    (void)state;
    char name[64];
    gr_profile_name_of("NVIDIA H100 80GB HBM3", name, sizeof name);
    assert_string_equal(name, "nvidia-h100-80gb-hbm3");
    gr_profile_name_of("  Tesla K40m (rev. 2) ", name, sizeof name);
    assert_string_equal(name, "tesla-k40m-rev-2");
    gr_profile_name_of("NVIDIA GeForce RTX 4090 with a name longer than any profile name may be", name,
                       sizeof name);
    assert_int_equal(strlen(name), 63);
    assert_true(gr_profile_name_valid(name));
    gr_profile_name_of("NVIDIA", name, 4);
    assert_string_equal(name, "nvi");
}

/* Where the runtime's figures and the datasheet's may differ (the DRAM
 * bandwidth, rounded in the profile; the capacity, decimal in the
 * datasheet), they do; everything else agrees with profiles/h100.yaml. */
static void test_h100_agrees_with_shipped_profile(void **state)
{
    (void)state;
    gr_gpu_info gpu = h100_sxm();
    gr_profile found, h100;
    char differ[1024];
    from_gpu(&gpu, NULL, &found);
    load_shipped("h100", &h100);
    differences_of(&found, &h100, differ, sizeof differ);
    assert_string_equal(differ, "memory.bandwidth_gbs memory.size_bytes");
    assert_true(found.bandwidth_gbs == 3352.32);
    assert_true(found.shared_bandwidth_gbs == 33454.08); /* 32 x 4 B x 132 SMs x 1980 MHz, as shipped */
    assert_true(found.l2_bandwidth_gbs == 0);             /* unknown: the runtime does not say */
    assert_false(gr_profile_field_given(&found, gr_profile_field_find("memory.l2_bandwidth_gbs")));
    assert_true(gr_profile_peak(&found, "fp32")->gflops == gr_profile_peak(&h100, "fp32")->gflops);
    assert_true(gr_profile_peak(&found, "fp64")->gflops == gr_profile_peak(&h100, "fp64")->gflops);
    assert_int_equal(found.peak_count, 2);
    assert_string_equal(found.architecture, h100.architecture);
    assert_string_equal(found.name, "nvidia-h100-80gb-hbm3");
    assert_string_equal(found.full_name, "NVIDIA H100 80GB HBM3");
    assert_false(found.has_measured);
}

static void test_k40_agrees_with_shipped_profile(void **state)
{
    (void)state;
    gr_gpu_info gpu = k40m();
    gr_profile found, k40;
    char differ[1024];
    from_gpu(&gpu, NULL, &found);
    load_shipped("k40", &k40);
    differences_of(&found, &k40, differ, sizeof differ);
    assert_string_equal(differ, "memory.bandwidth_gbs memory.size_bytes");
    assert_int_equal(found.bank_scheme, GR_BANKS_KEPLER);
    assert_int_equal(found.bank_width_bytes, 8);
    assert_true(found.shared_bandwidth_gbs == 2860.8); /* 256 B per clock per SM: 32 x 8 B x 15 x 745 MHz */
}

static void test_differences_named_with_both_values(void **state)
{
    (void)state;
    gr_gpu_info gpu = h100_sxm();
    gr_profile found, h100;
    gr_profile_difference d[2];
    gpu.sm_count = 114;
    gpu.sm_clock_khz = 1755000;
    from_gpu(&gpu, NULL, &found);
    load_shipped("h100", &h100);
    /* sm_count, clock_mhz, peak_gflops.fp64, .fp32, memory.bandwidth_gbs, memory.size_bytes,
     * shared_memory_banks.shared_bandwidth_gbs (both give it) */
    assert_int_equal(gr_profile_differences(&found, &h100, d, 2), 7);
    assert_string_equal(d[0].path, "sm_count");
    assert_string_equal(d[0].value, "114");
    assert_string_equal(d[0].other_value, "132");
    assert_string_equal(d[1].path, "clock_mhz");
    assert_string_equal(d[1].value, "1755");
    assert_int_equal(gr_profile_differences(&found, &h100, NULL, 0), 7);
}

/* The shared-memory capacities an SM takes are its compute capability's up
 * to the GPU's own, which ends the list even where the table lacks it. */
static void test_carveouts_end_at_the_gpus_own(void **state)
{
    (void)state;
    gr_gpu_info gpu = h100_sxm();
    gr_profile p;
    char text[512];
    gpu.smem_sm = 200 * 1024;
    gpu.smem_block_optin = 199 * 1024;
    from_gpu(&gpu, NULL, &p);
    gr_profile_field_format(&p, gr_profile_field_find("sm.carveout_bytes"), text, sizeof text);
    assert_string_equal(text, "0, 8192, 16384, 32768, 65536, 102400, 135168, 167936, 200704, 204800");
    gpu = k40m();
    from_gpu(&gpu, NULL, &p);
    gr_profile_field_format(&p, gr_profile_field_find("sm.carveout_bytes"), text, sizeof text);
    assert_string_equal(text, "16384, 32768, 49152");
}

/* The profile takes the measured DRAM roof as given: which kernel's
 * figure it is, is the results file's one rule (gr_results_best_bandwidth,
 * tests/unit/test_results.c). */
static void test_measured_bandwidth_is_the_roof(void **state)
{
    (void)state;
    gr_gpu_info gpu = h100_sxm();
    gr_profile p;
    gr_measured_ceilings measured = {.dram_gbs = 3010.5, .fp32_gflops = 60123.5, .fp64_gflops = 30001.25};
    from_gpu(&gpu, &measured, &p);
    assert_true(p.has_measured);
    assert_true(p.measured_bandwidth_gbs == 3010.5);
    assert_true(p.measured_fp64_gflops == 30001.25);
}

/* What profile detect writes on an H100: tests/data/cli/detected.yaml
 * (after its comment), which the command-line tests show. */
static void test_detected_profile_text(void **state)
{
    (void)state;
    gr_gpu_info gpu = h100_sxm();
    gr_measured_ceilings measured = {.dram_gbs = 3010.5, .fp32_gflops = 60123.5, .fp64_gflops = 30001.25};
    gr_profile p, back;
    char *text, *expected = read_text(GPUROOF_SRCDIR "/tests/data/cli/detected.yaml");
    size_t len;
    gr_error err = {{0}};
    assert_non_null(expected);
    from_gpu(&gpu, &measured, &p);
    snprintf(p.source, sizeof p.source, "cudaGetDeviceProperties and the rules of compute capability 9.0 "
             "(gpuroof 0.1.0, 2026-01-02T03:04:05Z); measured: gpuroof's DRAM and FMA kernels");
    assert_true(gr_profile_write_yaml(&p, &text, &len, &err));
    const char *body = expected;
    while (*body == '#')
        body = strchr(body, '\n') + 1;
    bool same = strcmp(text, body) == 0;
    if (!same)
        print_error("wrote\n%s\nexpected\n%s\n", text, body);
    free(text);
    free(expected);
    assert_true(same);
    round_trip(&p, &back);
    assert_true(back.has_measured);
    assert_string_equal(back.source, p.source);
}

/* ---- doc/profile-format.md ------------------------------------------------- */

typedef struct {
    char path[96];
    const char *meaning, *unit;
    bool optional;
} doc_row;

/* The rows the document's table of keys must have, in order: one per
 * field, and for peak_gflops one per precision. */
static size_t expected_rows(doc_row *rows, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        size_t count = f->type == GR_FIELD_PEAKS ? gr_precision_count : 1;
        for (size_t k = 0; k < count && n < max; k++, n++) {
            doc_row *row = &rows[n];
            if (f->type == GR_FIELD_PEAKS) {
                const gr_precision_info *precision = &gr_precision_table[k];
                *row = (doc_row){.meaning = precision->meaning, .unit = precision->unit,
                                 .optional = !precision->required};
                snprintf(row->path, sizeof row->path, "%s.%s", f->key, precision->name);
            } else {
                *row = (doc_row){.meaning = f->meaning, .unit = f->unit, .optional = f->optional};
                gr_profile_field_path(f, row->path, sizeof row->path);
            }
        }
    }
    return n;
}

/* The index-th cell of a Markdown table row, trimmed; false if it has none. */
static bool cell(const char *line, int index, char *out, size_t size)
{
    const char *start = strchr(line, '|');
    for (int i = 0; start && i < index; i++)
        start = strchr(start + 1, '|');
    const char *end = start ? strchr(start + 1, '|') : NULL;
    if (!end)
        return false;
    for (start++; start < end && *start == ' '; start++)
        ;
    while (end > start && end[-1] == ' ')
        end--;
    snprintf(out, size, "%.*s", (int)(end - start), start);
    return true;
}

/* One row of the document's table against the one expected; a message
 * saying how it differs, or "" where it does not. */
static void compare_row(const char *line, const doc_row *expected, char *why, size_t size)
{
    char key[128], meaning[512], unit[64], rule[512], path[128];
    why[0] = '\0';
    if (!cell(line, 0, key, sizeof key) || !cell(line, 1, meaning, sizeof meaning) ||
        !cell(line, 2, unit, sizeof unit) || !cell(line, 3, rule, sizeof rule)) {
        snprintf(why, size, "not a row of four cells");
        return;
    }
    snprintf(path, sizeof path, "`%s`", expected->path);
    if (strcmp(key, path) != 0)
        snprintf(why, size, "the key is %s, where the table has %s", key, path);
    else if (strcmp(meaning, expected->meaning) != 0)
        snprintf(why, size, "the meaning of %s is \"%s\", where the table has \"%s\"", path, meaning,
                 expected->meaning);
    else if (strcmp(unit, expected->unit) != 0)
        snprintf(why, size, "the unit of %s is \"%s\", where the table has \"%s\"", path, unit, expected->unit);
    else if ((strncmp(rule, "optional", 8) == 0) != expected->optional)
        snprintf(why, size, "%s is %s in the table: its rule must %sstart with \"optional\"", path,
                 expected->optional ? "optional" : "required", expected->optional ? "" : "not ");
}

static void test_doc_lists_exactly_the_fields(void **state)
{
    (void)state;
    doc_row expected[GR_PROFILE_FIELDS_MAX + GR_MAX_PEAKS];
    size_t count = expected_rows(expected, sizeof expected / sizeof expected[0]), row = 0;
    char *doc = read_text(GPUROOF_SRCDIR "/doc/profile-format.md");
    assert_non_null(doc);
    char *line = strstr(doc, "\n## Keys\n"), *end = line ? strstr(line + 1, "\n## ") : NULL;
    assert_non_null(end);
    *end = '\0';
    for (line = strtok(line, "\n"); line; line = strtok(NULL, "\n")) {
        char why[1200] = "";
        if (strncmp(line, "| `", 3) != 0)
            continue; /* prose, the header, the separator */
        if (row < count)
            compare_row(line, &expected[row], why, sizeof why);
        else
            snprintf(why, sizeof why, "a row after the table's last field");
        if (why[0]) {
            free(doc);
            fail_msg("doc/profile-format.md, row %zu of the keys: %s", row + 1, why);
        }
        row++;
    }
    free(doc);
    if (row < count)
        fail_msg("doc/profile-format.md lists %zu keys; the table has %zu, the next %s", row, count,
                 expected[row].path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paths_unique_and_sections_contiguous),
        cmocka_unit_test(test_every_field_described),
        cmocka_unit_test(test_sections_wholly_optional_or_required),
        cmocka_unit_test(test_optional_bandwidths_left_out),
        cmocka_unit_test(test_shared_bandwidth_is_banks_width_sms_clock),
        cmocka_unit_test(test_l2_bandwidth_between_dram_and_shared),
        cmocka_unit_test(test_fp16_and_bf16_where_the_gpu_has_them),
        cmocka_unit_test(test_each_gpu_has_its_precisions),
        cmocka_unit_test(test_find),
        cmocka_unit_test(test_precisions_one_list),
        cmocka_unit_test(test_precision_units),
        cmocka_unit_test(test_earlier_spellings),
        cmocka_unit_test(test_values_of_a100),
        cmocka_unit_test(test_shipped_profiles_read_back_the_same),
        cmocka_unit_test(test_written_profile_leaves_out_what_it_lacks),
        cmocka_unit_test(test_name_of_product),
        cmocka_unit_test(test_h100_agrees_with_shipped_profile),
        cmocka_unit_test(test_k40_agrees_with_shipped_profile),
        cmocka_unit_test(test_differences_named_with_both_values),
        cmocka_unit_test(test_carveouts_end_at_the_gpus_own),
        cmocka_unit_test(test_measured_bandwidth_is_the_roof),
        cmocka_unit_test(test_detected_profile_text),
        cmocka_unit_test(test_doc_lists_exactly_the_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
