/* Unit tests for the profile loader (src/core/profile/profile.c, src/core/files/yaml_doc.c) and the
 * profile search path (src/core/profile/profile_search.c).
 *
 * Most inputs are edits of one small in-memory profile, BASE below, whose
 * line numbers the expected "t.yaml:LINE:COLUMN: message" strings refer to.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profile.h"
#include "profile_fields.h"
#include "profile_search.h"
#include "yaml_doc.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif
#define PROFILES_DIR GPUROOF_SRCDIR "/profiles"

/* ---- the base profile ---------------------------------------------------- */

static const char BASE[] =
    "name: t\n"                                           /*  1 */
    "full_name: Test GPU\n"                               /*  2 */
    "architecture: Ampere\n"                              /*  3 */
    "compute_capability: \"8.0\"\n"                       /*  4 */
    "sm_count: 108\n"                                     /*  5 */
    "clock_mhz: 1410\n"                                   /*  6 */
    "peak_gflops:\n"                                      /*  7 */
    "  fp64: 9700\n"                                      /*  8 */
    "  fp32: 19500\n"                                     /*  9 */
    "  tensor_fp16: 312000\n"                             /* 10 */
    "memory:\n"                                           /* 11 */
    "  bandwidth_gbs: 1555\n"                             /* 12 */
    "  size_bytes: 40 GiB\n"                              /* 13 */
    "  l2_bytes: 40 MiB\n"                                /* 14 */
    "sm:\n"                                               /* 15 */
    "  max_threads: 2048\n"                               /* 16 */
    "  max_warps: 64\n"                                   /* 17 */
    "  max_blocks: 32\n"                                  /* 18 */
    "  registers: 65536\n"                                /* 19 */
    "  shared_memory_bytes: 164 KiB\n"                    /* 20 */
    "  carveout_bytes: [0, 8 KiB, 16 KiB, 32 KiB, 64 KiB, 100 KiB, 132 KiB, 164 KiB]\n" /* 21 */
    "block:\n"                                            /* 22 */
    "  max_threads: 1024\n"                               /* 23 */
    "  max_registers: 65536\n"                            /* 24 */
    "  shared_memory_bytes: 48 KiB\n"                     /* 25 */
    "  shared_memory_optin_bytes: 163 KiB\n"              /* 26 */
    "  shared_memory_reserved_bytes: 1 KiB\n"             /* 27 */
    "thread:\n"                                           /* 28 */
    "  max_registers: 255\n"                              /* 29 */
    "allocation:\n"                                       /* 30 */
    "  register_unit: 256\n"                              /* 31 */
    "  register_subpartitions: 4\n"                       /* 32 */
    "  shared_memory_unit: 128\n"                         /* 33 */
    "warp_size: 32\n"                                     /* 34 */
    "shared_memory_banks:\n"                              /* 35 */
    "  count: 32\n"                                       /* 36 */
    "  width_bytes: 4\n"                                  /* 37 */
    "  scheme: standard\n";                               /* 38 */

/* ---- helpers ------------------------------------------------------------- */

/* text with each OLD replaced by NEW; the arguments are OLD, NEW pairs ending
 * in NULL.  Each OLD must occur exactly once.  Returns NULL (having printed
 * why) if one does not. */
static char *edit_text(const char *text, const char *old, ...)
{
    char *out = strdup(text);
    va_list ap;
    va_start(ap, old);
    for (; out && old; old = va_arg(ap, const char *)) {
        const char *new = va_arg(ap, const char *);
        char *at = strstr(out, old);
        if (!at || strstr(at + 1, old)) {
            print_error("edit: \"%s\" occurs %s\n", old, at ? "more than once" : "nowhere");
            free(out);
            out = NULL;
            break;
        }
        size_t len = strlen(out) - strlen(old) + strlen(new) + 1;
        char *next = malloc(len);
        assert_non_null(next);
        snprintf(next, len, "%.*s%s%s", (int)(at - out), out, new, at + strlen(old));
        free(out);
        out = next;
    }
    va_end(ap);
    return out;
}

/* Loads text as "t.yaml"; true if it failed with exactly the expected error. */
static bool fails_with(const char *text, size_t len, const char *expected)
{
    gr_profile p;
    gr_error err = {{0}};
    if (!text)
        return false;
    if (gr_profile_load_buffer("t.yaml", text, len, &p, &err)) {
        print_error("loaded, but expected the error\n  %s\n", expected);
        return false;
    }
    if (strcmp(err.text, expected) == 0)
        return true;
    print_error("error was\n  %s\nexpected\n  %s\n", err.text, expected);
    return false;
}

static bool loads(const char *text, gr_profile *p)
{
    gr_error err = {{0}};
    if (!text)
        return false;
    if (!gr_profile_load_buffer("t.yaml", text, strlen(text), p, &err)) {
        print_error("unexpected error: %s\n", err.text);
        return false;
    }
    return true;
}

/* The text fails with exactly this error. */
#define assert_text_error(text, expected)                                    \
    do {                                                                     \
        if (!fails_with((text), strlen(text), (expected)))                   \
            _fail(__FILE__, __LINE__);                                       \
    } while (0)

/* BASE with the edits (OLD, NEW, ...) fails with exactly this error. */
#define assert_edit_error(expected, ...)                                     \
    do {                                                                     \
        char *text_ = edit_text(BASE, __VA_ARGS__, NULL);                    \
        bool ok_ = fails_with(text_, text_ ? strlen(text_) : 0, (expected)); \
        free(text_);                                                         \
        if (!ok_)                                                            \
            _fail(__FILE__, __LINE__);                                       \
    } while (0)

/* BASE with the edits loads into *p. */
#define assert_edit_loads(p, ...)                                            \
    do {                                                                     \
        char *text_ = edit_text(BASE, __VA_ARGS__, NULL);                    \
        bool ok_ = loads(text_, (p));                                        \
        free(text_);                                                         \
        if (!ok_)                                                            \
            _fail(__FILE__, __LINE__);                                       \
    } while (0)

static void load_shipped(const char *name, gr_profile *p)
{
    char path[1024];
    gr_error err = {{0}};
    snprintf(path, sizeof path, "%s/%s.yaml", PROFILES_DIR, name);
    if (!gr_profile_load_file(path, p, &err))
        fail_msg("%s: %s", path, err.text);
}

/* ---- the shipped profiles ------------------------------------------------ */

static const char *const shipped[] = {
    "a100", "a100-80gb", "h100", "h100-pcie", "h200", "k40", "rtx4090", "v100",
};
#define SHIPPED_COUNT (sizeof shipped / sizeof shipped[0])

static void test_every_shipped_profile_loads(void **state)
{
    (void)state;
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        char path[1024];
        load_shipped(shipped[i], &p);
        snprintf(path, sizeof path, "%s/%s.yaml", PROFILES_DIR, shipped[i]);
        assert_string_equal(p.name, shipped[i]);
        assert_string_equal(p.path, path);
        assert_non_null(gr_profile_peak(&p, "fp32"));
        assert_non_null(gr_profile_peak(&p, "fp64"));
    }
}

static void test_shipped_carveouts_ascend_to_smem_sm(void **state)
{
    (void)state;
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        load_shipped(shipped[i], &p);
        assert_in_range(p.carveout_count, 1, GR_MAX_CARVEOUTS);
        for (int c = 1; c < p.carveout_count; c++)
            assert_true(p.carveouts_bytes[c - 1] < p.carveouts_bytes[c]);
        assert_int_equal(p.carveouts_bytes[p.carveout_count - 1], p.smem_sm_bytes);
    }
}

static void test_a100_figures(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("a100", &p);
    assert_string_equal(p.full_name, "NVIDIA A100-SXM4-40GB");
    assert_int_equal(p.cc_major, 8);
    assert_int_equal(p.cc_minor, 0);
    assert_true(p.bandwidth_gbs == 1555.0);
    assert_true(gr_profile_peak(&p, "fp32")->gflops == 19500.0);
    assert_int_equal(p.sm_count, 108);
    assert_int_equal(p.smem_sm_bytes, 167936);
    assert_int_equal(p.smem_block_optin_bytes, 166912);
    assert_int_equal(p.smem_block_reserved_bytes, 1024);
    assert_int_equal(p.smem_block_bytes, 48 * 1024);
    assert_true(p.memory_bytes == INT64_C(40) << 30);
    assert_true(p.l2_bytes == INT64_C(40) << 20);
    assert_int_equal(p.carveout_count, 8);
    assert_int_equal(p.bank_scheme, GR_BANKS_STANDARD);
}

static void test_h100_figures(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("h100", &p);
    assert_int_equal(p.sm_count, 132);
    assert_true(p.clock_mhz == 1980.0);
    assert_int_equal(p.smem_sm_bytes, 233472);
    assert_int_equal(p.smem_block_optin_bytes, 232448);
    assert_int_equal(p.smem_block_reserved_bytes, 1024);
    assert_true(p.l2_bytes == INT64_C(50) << 20);
    assert_true(p.bandwidth_gbs == 3352.0);
    assert_true(p.memory_bytes == INT64_C(80000000000));
}

static void test_h200_figures(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("h200", &p);
    assert_true(p.l2_bytes == INT64_C(60) << 20);
    assert_true(p.bandwidth_gbs == 4800.0);
    assert_int_equal(p.sm_count, 132);
}

static void test_k40_figures(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("k40", &p);
    assert_int_equal(p.bank_scheme, GR_BANKS_KEPLER);
    assert_int_equal(p.bank_width_bytes, 8);
    assert_int_equal(p.cc_major, 3);
    assert_int_equal(p.cc_minor, 5);
    assert_int_equal(p.max_blocks_sm, 16);
    assert_int_equal(p.smem_block_reserved_bytes, 0);
    assert_null(gr_profile_peak(&p, "tensor_fp16"));
}

static void test_rtx4090_figures(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("rtx4090", &p);
    assert_int_equal(p.max_threads_sm, 1536);
    assert_int_equal(p.max_warps_sm, 48);
    assert_int_equal(p.max_blocks_sm, 24);
    assert_int_equal(p.cc_major, 8);
    assert_int_equal(p.cc_minor, 9);
}

/* ---- the base text and what it reads to ---------------------------------- */

static void test_base_loads_every_field(void **state)
{
    (void)state;
    gr_profile p;
    assert_true(loads(BASE, &p));
    assert_string_equal(p.name, "t");
    assert_string_equal(p.full_name, "Test GPU");
    assert_string_equal(p.architecture, "Ampere");
    assert_string_equal(p.path, "t.yaml");
    assert_int_equal(p.cc_major, 8);
    assert_int_equal(p.cc_minor, 0);
    assert_int_equal(p.sm_count, 108);
    assert_true(p.clock_mhz == 1410.0);
    assert_int_equal(p.peak_count, 3);
    assert_true(p.bandwidth_gbs == 1555.0);
    assert_true(p.memory_bytes == INT64_C(40) << 30);
    assert_true(p.l2_bytes == INT64_C(40) << 20);
    assert_int_equal(p.max_threads_sm, 2048);
    assert_int_equal(p.max_warps_sm, 64);
    assert_int_equal(p.max_blocks_sm, 32);
    assert_int_equal(p.regs_sm, 65536);
    assert_int_equal(p.smem_sm_bytes, 164 * 1024);
    assert_int_equal(p.carveout_count, 8);
    assert_int_equal(p.carveouts_bytes[0], 0);
    assert_int_equal(p.carveouts_bytes[5], 100 * 1024);
    assert_int_equal(p.max_threads_block, 1024);
    assert_int_equal(p.regs_block, 65536);
    assert_int_equal(p.smem_block_bytes, 48 * 1024);
    assert_int_equal(p.smem_block_optin_bytes, 163 * 1024);
    assert_int_equal(p.smem_block_reserved_bytes, 1024);
    assert_int_equal(p.max_regs_thread, 255);
    assert_int_equal(p.reg_alloc_unit, 256);
    assert_int_equal(p.reg_subpartitions, 4);
    assert_int_equal(p.smem_alloc_unit, 128);
    assert_int_equal(p.warp_size, 32);
    assert_int_equal(p.bank_count, 32);
    assert_int_equal(p.bank_width_bytes, 4);
    assert_int_equal(p.bank_scheme, GR_BANKS_STANDARD);
}

static void test_byte_suffixes_accepted(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "shared_memory_bytes: 48 KiB", "shared_memory_bytes: 48K",
                      "l2_bytes: 40 MiB", "l2_bytes: 1.5 MiB",
                      "size_bytes: 40 GiB", "size_bytes: 40gb");
    assert_int_equal(p.smem_block_bytes, 49152);
    assert_true(p.l2_bytes == 1572864);
    assert_true(p.memory_bytes == INT64_C(40) << 30);
}

static void test_arithmetic_accepted(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "shared_memory_bytes: 48 KiB", "shared_memory_bytes: 3*16K",
                      "sm_count: 108", "sm_count: 2 * 54");
    assert_int_equal(p.smem_block_bytes, 49152);
    assert_int_equal(p.sm_count, 108);
}

static void test_byte_suffix_rejected_outside_bytes(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:16:17: sm.max_threads: unexpected name 'K' after a number",
                      "  max_threads: 2048", "  max_threads: 2K");
}

static void test_decimal_peak_accepted(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "fp32: 19500", "fp32: 66908.16");
    assert_true(gr_profile_peak(&p, "fp32")->gflops == 66908.16);
}

/* ---- malformed YAML ------------------------------------------------------- */

static void test_unclosed_bracket(void **state)
{
    (void)state;
    assert_text_error("name: a\nsm: [1, 2\nblock: 3\n",
                      "t.yaml:3:6: did not find expected ',' or ']' while parsing a flow sequence");
}

static void test_unclosed_bracket_in_profile(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:22:6: did not find expected ',' or ']' while parsing a flow sequence",
                      "132 KiB, 164 KiB]", "132 KiB, 164 KiB");
}

static void test_bad_indentation(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:2:12: mapping values are not allowed in this context",
                      "full_name:", "  full_name:");
}

static void test_tab_indentation(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:29:1: found character that cannot start any token "
                      "while scanning for the next token",
                      "  max_registers: 255", "\tmax_registers: 255");
}

static void test_unterminated_quote(void **state)
{
    (void)state;
    assert_text_error("name: 'a\n",
                      "t.yaml:2:1: found unexpected end of stream while scanning a quoted scalar");
}

static void test_empty_file(void **state)
{
    (void)state;
    assert_text_error("", "t.yaml: the file is empty");
}

static void test_comments_only_file(void **state)
{
    (void)state;
    assert_text_error("# nothing here\n\n", "t.yaml: the file is empty");
}

static void test_root_not_a_mapping(void **state)
{
    (void)state;
    assert_text_error("- a100\n", "t.yaml:1:1: the profile must be a mapping, not a list");
    assert_text_error("a100\n", "t.yaml:1:1: the profile must be a mapping, not a scalar");
}

static void test_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "name: a\0b\n";
    if (!fails_with(text, sizeof text - 1, "t.yaml: file contains a NUL byte (not a text file)"))
        fail();
}

static void test_size_limit(void **state)
{
    (void)state;
    /* BASE padded with a comment to exactly the limit loads; a byte more fails. */
    size_t limit = GR_YAML_MAX_BYTES, base_len = strlen(BASE);
    char *text = malloc(limit + 2);
    assert_non_null(text);
    memcpy(text, BASE, base_len);
    memset(text + base_len, 'x', limit + 1 - base_len);
    text[base_len] = '#';
    text[limit - 1] = '\n';
    text[limit] = '\n';
    text[limit + 1] = '\0';
    gr_profile p;
    gr_error err = {{0}};
    bool at_limit = gr_profile_load_buffer("t.yaml", text, limit, &p, &err);
    bool over = fails_with(text, limit + 1, "t.yaml: larger than 1 MiB (1048576 bytes), the limit for a YAML file");
    free(text);
    if (!at_limit)
        fail_msg("at the limit: %s", err.text);
    assert_true(over);
}

static char *nested(int levels)
{
    char *text = malloc(2 * (size_t)levels + 2);
    assert_non_null(text);
    memset(text, '[', (size_t)levels);
    memset(text + levels, ']', (size_t)levels);
    text[2 * levels] = '\n';
    text[2 * levels + 1] = '\0';
    return text;
}

static void test_nesting_at_limit_passes_yaml_checks(void **state)
{
    (void)state;
    char *text = nested(GR_YAML_MAX_DEPTH);
    bool as_expected = fails_with(text, strlen(text), "t.yaml:1:1: the profile must be a mapping, not a list");
    free(text);
    assert_true(as_expected);
}

static void test_nesting_too_deep(void **state)
{
    (void)state;
    char *text = nested(GR_YAML_MAX_DEPTH + 1);
    bool as_expected = fails_with(text, strlen(text), "t.yaml:1:33: nesting deeper than 32 levels");
    free(text);
    assert_true(as_expected);
}

static void test_nesting_too_deep_in_mappings(void **state)
{
    (void)state;
    char text[33 * 5 + 8] = "";
    for (int i = 0; i < 33; i++)
        strcat(text, "{a: ");
    strcat(text, "1");
    for (int i = 0; i < 33; i++)
        strcat(text, "}");
    assert_text_error(text, "t.yaml:1:129: nesting deeper than 32 levels");
}

static void test_billion_laughs_rejected_at_anchor(void **state)
{
    (void)state;
    assert_text_error("a: &a [\"lol\", \"lol\", \"lol\"]\n"
                      "b: &b [*a, *a, *a]\n"
                      "c: [*b, *b, *b]\n",
                      "t.yaml:1:4: YAML anchors are not allowed");
}

static void test_alias_rejected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:24:18: YAML aliases are not allowed",
                      "  max_registers: 65536", "  max_registers: *regs");
}

static void test_anchor_on_scalar_rejected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:19:14: YAML anchors are not allowed",
                      "  registers: 65536", "  registers: &regs 65536");
}

static void test_anchor_on_mapping_rejected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:15:5: YAML anchors are not allowed", "sm:\n", "sm: &sm\n");
}

static void test_two_documents(void **state)
{
    (void)state;
    char *text = edit_text(BASE, "scheme: standard\n", "scheme: standard\n---\nname: u\n", NULL);
    bool as_expected = text && fails_with(text, strlen(text), "t.yaml:39:1: only one YAML document is allowed");
    free(text);
    assert_true(as_expected);
}

static void test_explicit_single_document(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "name: t\n", "---\nname: t\n", "scheme: standard\n", "scheme: standard\n...\n");
    assert_string_equal(p.name, "t");
}

/* ---- keys ----------------------------------------------------------------- */

static void test_unknown_top_level_key(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:1: the profile: unknown key 'sm_cont'", "sm_count:", "sm_cont:");
}

static void test_unknown_key_in_section(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:16:3: sm: unknown key 'max_thread'",
                      "  max_threads: 2048", "  max_thread: 2048");
}

static void test_duplicate_top_level_key(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:35:1: the profile: key 'warp_size' given twice",
                      "warp_size: 32\n", "warp_size: 32\nwarp_size: 32\n");
}

static void test_duplicate_key_in_section(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:37:3: shared_memory_banks: key 'count' given twice",
                      "  count: 32\n", "  count: 32\n  count: 64\n");
}

static void test_key_not_a_plain_name(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:6:3: the profile: keys must be plain names",
                      "clock_mhz: 1410\n", "? [a]\n: 1\n");
}

static void test_missing_top_level_section(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:1:1: the profile: missing key 'thread'",
                      "thread:\n  max_registers: 255\n", "");
}

static void test_missing_top_level_string(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:1:1: the profile: missing key 'architecture'",
                      "architecture: Ampere\n", "");
}

static void test_missing_key_in_section(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:36:3: shared_memory_banks: missing key 'scheme'",
                      "  scheme: standard\n", "");
    assert_edit_error("t.yaml:12:3: memory: missing key 'size_bytes'", "  size_bytes: 40 GiB\n", "");
    assert_edit_error("t.yaml:12:3: memory: missing key 'l2_bytes'", "  l2_bytes: 40 MiB\n", "");
    assert_edit_error("t.yaml:16:3: sm: missing key 'carveout_bytes'",
                      "  carveout_bytes: [0, 8 KiB, 16 KiB, 32 KiB, 64 KiB, 100 KiB, 132 KiB, 164 KiB]\n", "");
}

/* A missing number is named by its mapping, as every missing key is. */
static void test_missing_int_field_names_its_mapping(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:16:3: sm: missing key 'max_blocks'", "  max_blocks: 32\n", "");
    assert_edit_error("t.yaml:1:1: the profile: missing key 'sm_count'", "sm_count: 108\n", "");
}

/* ---- types and values ----------------------------------------------------- */

static void test_mapping_where_number_expected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count must be a number, not a mapping",
                      "sm_count: 108", "sm_count: {a: 1}");
}

static void test_list_where_mapping_expected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:28:9: thread must be a mapping, not a list",
                      "thread:\n  max_registers: 255\n", "thread: [255]\n");
    assert_edit_error("t.yaml:7:14: peak_gflops must be a mapping, not a list",
                      "peak_gflops:\n  fp64: 9700\n  fp32: 19500\n  tensor_fp16: 312000\n",
                      "peak_gflops: [9700, 19500]\n");
}

static void test_list_where_string_expected(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:1:7: name must be a string, not a list", "name: t", "name: [a]");
}

static void test_empty_string(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:3:15: architecture must not be empty",
                      "architecture: Ampere", "architecture: ''");
}

static void test_string_too_long(void **state)
{
    (void)state;
    char line[80] = "name: ";
    memset(line + 6, 'a', 64);
    strcpy(line + 70, "\n");
    char *text = edit_text(BASE, "name: t\n", line, NULL);
    bool as_expected = fails_with(text, text ? strlen(text) : 0, "t.yaml:1:7: name is longer than 63 characters");
    free(text);
    assert_true(as_expected);
}

static void test_carveouts_not_a_list(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:19: sm.carveout_bytes must be a list of sizes",
                      "[0, 8 KiB, 16 KiB, 32 KiB, 64 KiB, 100 KiB, 132 KiB, 164 KiB]", "164 KiB");
}

static void test_negative_count(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count is -1; it must be between 1 and 1024",
                      "sm_count: 108", "sm_count: -1");
}

static void test_negative_bytes(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:27:33: block.shared_memory_reserved_bytes is -1024; "
                      "it must be between 0 and 1048576",
                      "reserved_bytes: 1 KiB", "reserved_bytes: -1 KiB");
}

static void test_negative_peak(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:8:9: peak_gflops.fp64 is -1; it must be between 0.001 and 1e+08",
                      "fp64: 9700", "fp64: -1");
}

static void test_zero_clock(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:6:12: clock_mhz is 0; it must be between 1 and 10000",
                      "clock_mhz: 1410", "clock_mhz: 0");
}

static void test_division_by_zero_located(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:6:13: clock_mhz: division by zero", "clock_mhz: 1410", "clock_mhz: 1/0");
}

static void test_integer_overflow(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count: integer overflow; it must be between 1 and 1024",
                      "sm_count: 108", "sm_count: 99999999999999999999");
}

static void test_integer_overflow_later_in_text(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:15: sm_count: integer overflow; it must be between 1 and 1024",
                      "sm_count: 108", "sm_count: 1 + 99999999999999999999");
}

static void test_value_above_range(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:14:13: memory.l2_bytes is 2147483648; it must be between 1 and 1073741824",
                      "l2_bytes: 40 MiB", "l2_bytes: 2 GiB");
}

static void test_number_with_garbage_located(void **state)
{
    (void)state;
    /* quoted: the column still points at the word, past the quote */
    assert_edit_error("t.yaml:5:14: sm_count: unexpected name 'GBs' after a number",
                      "sm_count: 108", "sm_count: \"1 GBs\"");
}

/* The bandwidth is named with its section, as the other memory keys are. */
static void test_bandwidth_with_garbage(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:12:23: memory.bandwidth_gbs: unexpected name 'GBs' after a number",
                      "bandwidth_gbs: 1555", "bandwidth_gbs: 1555 GBs");
}

static void test_negative_bandwidth(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:12:18: memory.bandwidth_gbs is -5; it must be between 0.001 and 1e+06",
                      "bandwidth_gbs: 1555", "bandwidth_gbs: -5");
}

static void test_fraction_where_integer_needed(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count must be a whole number, not 1.5",
                      "sm_count: 108", "sm_count: 1.5");
    assert_edit_error("t.yaml:25:24: block.shared_memory_bytes must be a whole number, not 1.0001 KiB",
                      "shared_memory_bytes: 48 KiB", "shared_memory_bytes: 1.0001 KiB");
}

/* 1e30 is a whole number, out of range: the range message, not "not a
 * whole number". */
static void test_huge_whole_double_is_out_of_range(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count is 1e+30; it must be between 1 and 1024", "sm_count: 108", "sm_count: 1e30");
}

/* A scalar folded over two lines is not its source text: the error points
 * at the scalar, never past the end of a line. */
static void test_error_in_folded_scalar_located(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count: unknown name 'x'", "sm_count: 108", "sm_count: 1 +\n  x");
}

/* Escapes make the value differ from the source: the error points at the
 * scalar. */
static void test_error_in_escaped_scalar_located(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:5:11: sm_count: unexpected name 'GBs' after a number", "sm_count: 108",
                      "sm_count: \"\\x31 GBs\"");
}

/* libyaml gives reader errors (invalid UTF-8) as a byte offset only: the
 * loader turns it into the line and column. */
static void test_invalid_utf8_located(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:2:13: invalid leading UTF-8 octet", "full_name: Test GPU", "full_name: T\xff");
}

/* A "\0" escape puts a NUL inside a string. */
static void test_nul_escape_in_string(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:2:12: full_name must not contain a NUL character", "full_name: Test GPU",
                      "full_name: \"a\\0b\"");
}

/* ---- strings -------------------------------------------------------------- */

static void test_compute_capability_malformed(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"8\"",
                      "\"8.0\"", "\"8\"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"x.y\"",
                      "\"8.0\"", "\"x.y\"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"8.10\"",
                      "\"8.0\"", "\"8.10\"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"8.0 \"",
                      "\"8.0\"", "\"8.0 \"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"0.1\"",
                      "\"8.0\"", "\"0.1\"");
}

/* MAJOR.MINOR is digits only: no blanks, no signs. */
static void test_compute_capability_signs_and_blanks(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"8. 0\"",
                      "\"8.0\"", "\"8. 0\"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"+8.0\"",
                      "\"8.0\"", "\"+8.0\"");
    assert_edit_error("t.yaml:4:21: compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"8.-0\"",
                      "\"8.0\"", "\"8.-0\"");
}

static void test_compute_capability_read(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "\"8.0\"", "\"10.3\"");
    assert_int_equal(p.cc_major, 10);
    assert_int_equal(p.cc_minor, 3);
}

/* doc/profile-format.md: a name is lower-case letters, digits, '-' and '_'. */
static void test_name_characters_checked(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:1:7: name must be lower-case letters, digits, '-' and '_', not 'A B!'", "name: t\n",
                      "name: \"A B!\"\n");
}

static void test_unknown_bank_scheme(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:38:11: shared_memory_banks.scheme must be standard or kepler, not 'fermi'",
                      "scheme: standard", "scheme: fermi");
}

/* ---- peaks ---------------------------------------------------------------- */

static void test_unknown_precision(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:10:3: peak_gflops: unknown key 'fp4'", "tensor_fp16: 312000", "fp4: 1");
}

static void test_missing_fp64(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:8:3: peak_gflops must give both fp32 and fp64", "  fp64: 9700\n", "");
}

static void test_missing_fp32(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:8:3: peak_gflops must give both fp32 and fp64", "  fp32: 19500\n", "");
}

static void test_duplicate_precision(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:10:3: peak_gflops: key 'fp64' given twice", "tensor_fp16: 312000", "fp64: 1");
}

static void test_peak_lookup(void **state)
{
    (void)state;
    gr_profile p;
    load_shipped("a100", &p);
    assert_int_equal(p.peak_count, 9);
    assert_true(gr_profile_peak(&p, "fp32")->gflops == 19500.0);
    assert_true(gr_profile_peak(&p, "fp64")->gflops == 9700.0);
    assert_true(gr_profile_peak(&p, "tensor_tf32")->gflops == 156000.0);
    assert_true(gr_profile_peak(&p, "tensor_int8")->gflops == 624000.0);
    assert_string_equal(gr_profile_peak(&p, "bf16")->precision, "bf16");
    assert_null(gr_profile_peak(&p, "tensor_fp8"));
    assert_null(gr_profile_peak(&p, "fp3"));
    assert_null(gr_profile_peak(&p, ""));
}

static void test_precision_list(void **state)
{
    (void)state;
    size_t n = 0;
    while (gr_precisions[n])
        n++;
    assert_int_equal(n, 10);
    assert_string_equal(gr_precisions[0], "fp64");
    assert_string_equal(gr_precisions[1], "fp32");
    assert_true(n <= GR_MAX_PEAKS);
}

static void test_every_precision_accepted(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "  tensor_fp16: 312000\n",
                      "  fp16: 1\n  bf16: 2\n  tensor_fp64: 3\n  tensor_tf32: 4\n  tensor_fp16: 5\n"
                      "  tensor_bf16: 6\n  tensor_fp8: 7\n  tensor_int8: 8\n");
    assert_int_equal(p.peak_count, 10);
    assert_true(gr_profile_peak(&p, "tensor_int8")->gflops == 8.0);
}

/* A profile written before the Tensor Core precisions took their one
 * name (tensor_bf16) reads: each earlier spelling gives the same
 * precision, stored, and so shown and written, under its name. */
static void test_earlier_spellings_read_as_the_same_precision(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, "  tensor_fp16: 312000\n",
                      "  fp64_tensor: 3\n  tf32_tensor: 4\n  fp16_tensor: 5\n"
                      "  bf16_tensor: 6\n  fp8_tensor: 7\n  int8_tensor: 8\n");
    assert_int_equal(p.peak_count, 8);
    const char *const names[] = {"tensor_fp64", "tensor_tf32", "tensor_fp16",
                                 "tensor_bf16", "tensor_fp8",  "tensor_int8"};
    for (int i = 0; i < 6; i++) {
        assert_string_equal(p.peaks[2 + i].precision, names[i]);
        assert_true(gr_profile_peak(&p, names[i])->gflops == 3.0 + i);
    }
    assert_null(gr_profile_peak(&p, "bf16_tensor"));
    /* written back (as profile detect writes), each under its one name */
    char *text;
    size_t len;
    gr_error err;
    assert_true(gr_profile_write_yaml(&p, &text, &len, &err));
    assert_non_null(strstr(text, "  tensor_bf16: 6\n"));
    assert_null(strstr(text, "_tensor"));
    free(text);
}

/* One precision under both spellings is given twice, in either order; a
 * key is exact, as every key of a profile is: no earlier spelling in
 * capitals. */
static void test_earlier_spelling_and_name_together_refused(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:11:3: peak_gflops: keys 'tensor_fp16' and 'fp16_tensor' both give tensor_fp16 "
                      "(one is its earlier spelling)",
                      "  tensor_fp16: 312000\n", "  tensor_fp16: 312000\n  fp16_tensor: 1\n");
    assert_edit_error("t.yaml:11:3: peak_gflops: keys 'bf16_tensor' and 'tensor_bf16' both give tensor_bf16 "
                      "(one is its earlier spelling)",
                      "  tensor_fp16: 312000\n", "  bf16_tensor: 1\n  tensor_bf16: 2\n");
    assert_edit_error("t.yaml:10:3: peak_gflops: unknown key 'FP16_TENSOR'", "tensor_fp16: 312000",
                      "FP16_TENSOR: 1");
}

static void test_bank_scheme_name(void **state)
{
    (void)state;
    assert_string_equal(gr_bank_scheme_name(GR_BANKS_STANDARD), "standard");
    assert_string_equal(gr_bank_scheme_name(GR_BANKS_KEPLER), "kepler");
}

/* ---- consistency rules ---------------------------------------------------- */

static void test_warps_times_warp_size(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:17:14: sm.max_warps is 63, but sm.max_threads / warp_size is 2048 / 32",
                      "max_warps: 64", "max_warps: 63");
}

static void test_block_threads_above_sm(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:23:16: block.max_threads (4096) exceeds sm.max_threads (2048)",
                      "max_threads: 1024", "max_threads: 4096");
}

static void test_block_registers_above_sm(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:24:18: block.max_registers (131072) exceeds sm.registers (65536)",
                      "max_registers: 65536", "max_registers: 131072");
}

static void test_optin_above_sm_less_reserved(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:26:30: block.shared_memory_optin_bytes (167936) exceeds "
                      "sm.shared_memory_bytes less the reserved bytes (167936 - 1024)",
                      "optin_bytes: 163 KiB", "optin_bytes: 164 KiB");
    /* a larger reserve is reported at the opt-in figure too */
    assert_edit_error("t.yaml:26:30: block.shared_memory_optin_bytes (166912) exceeds "
                      "sm.shared_memory_bytes less the reserved bytes (167936 - 2048)",
                      "reserved_bytes: 1 KiB", "reserved_bytes: 2 KiB");
}

static void test_block_smem_above_optin(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:25:24: block.shared_memory_bytes (167936) exceeds "
                      "block.shared_memory_optin_bytes (166912)",
                      "shared_memory_bytes: 48 KiB", "shared_memory_bytes: 164 KiB");
}

static void test_warp_size_power_of_two(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:34:12: warp_size must be a power of two, not 24",
                      "  max_threads: 2048", "  max_threads: 1536", "warp_size: 32", "warp_size: 24");
}

static void test_register_unit_power_of_two(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:31:18: allocation.register_unit must be a power of two, not 192",
                      "register_unit: 256", "register_unit: 192");
}

static void test_shared_memory_unit_power_of_two(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:33:23: allocation.shared_memory_unit must be a power of two, not 100",
                      "shared_memory_unit: 128", "shared_memory_unit: 100");
}

static void test_registers_split_evenly(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:19:14: sm.registers (65000) must split evenly into 4 sub-partitions "
                      "of 256-register units",
                      "  registers: 65536", "  registers: 65000",
                      "  max_registers: 65536", "  max_registers: 65000");
    assert_edit_error("t.yaml:19:14: sm.registers (65536) must split evenly into 3 sub-partitions "
                      "of 256-register units",
                      "register_subpartitions: 4", "register_subpartitions: 3");
}

static void test_kepler_scheme_needs_width_8(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:37:16: shared_memory_banks.width_bytes must be 8 with the kepler scheme",
                      "scheme: standard", "scheme: kepler");
    gr_profile p;
    assert_edit_loads(&p, "scheme: standard", "scheme: kepler", "width_bytes: 4", "width_bytes: 8");
    assert_int_equal(p.bank_scheme, GR_BANKS_KEPLER);
}

/* ---- carveouts ------------------------------------------------------------ */

#define CARVEOUTS "[0, 8 KiB, 16 KiB, 32 KiB, 64 KiB, 100 KiB, 132 KiB, 164 KiB]"

static void test_carveouts_not_ascending(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:31: sm.carveout_bytes must be in ascending order",
                      CARVEOUTS, "[0, 16 KiB, 8 KiB, 164 KiB]");
    assert_edit_error("t.yaml:21:23: sm.carveout_bytes must be in ascending order",
                      CARVEOUTS, "[0, 0, 164 KiB]");
}

static void test_carveouts_not_ending_at_smem_sm(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:19: sm.carveout_bytes must end with sm.shared_memory_bytes (167936)",
                      CARVEOUTS, "[0, 8 KiB, 100 KiB]");
}

static void test_carveouts_empty(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:19: sm.carveout_bytes must end with sm.shared_memory_bytes (167936)",
                      CARVEOUTS, "[]");
}

static void test_carveouts_above_smem_sm(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:30: sm.carveout_bytes is 204800; it must be between 0 and 167936",
                      CARVEOUTS, "[0, 8 KiB, 200 KiB]");
}

static void test_carveouts_too_many(void **state)
{
    (void)state;
    assert_edit_error("t.yaml:21:89: sm.carveout_bytes: more than 16 sizes", CARVEOUTS,
                      "[0, 1K, 2K, 3K, 4K, 5K, 6K, 7K, 8K, 9K, 10K, 11K, 12K, 13K, 14K, 15K, 164K]");
    gr_profile p;
    assert_edit_loads(&p, CARVEOUTS,
                      "[0, 1K, 2K, 3K, 4K, 5K, 6K, 7K, 8K, 9K, 10K, 11K, 12K, 13K, 14K, 164K]");
    assert_int_equal(p.carveout_count, 16);
}

static void test_carveouts_block_style(void **state)
{
    (void)state;
    gr_profile p;
    assert_edit_loads(&p, CARVEOUTS, "\n    - 100 KiB\n    - 164 KiB");
    assert_int_equal(p.carveout_count, 2);
    assert_int_equal(p.carveouts_bytes[0], 102400);
}

/* ---- files ---------------------------------------------------------------- */

typedef struct {
    char root[64];
    char *a100; /* the text of profiles/a100.yaml */
} tmp_dirs;

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = calloc(GR_YAML_MAX_BYTES + 1, 1);
    if (text && fread(text, 1, GR_YAML_MAX_BYTES, f) == 0) {
        free(text);
        text = NULL;
    }
    fclose(f);
    return text;
}

static void write_text(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* root/sub (sub may be empty), made if need be. */
static const char *subdir(tmp_dirs *t, const char *sub, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", t->root, sub);
    if (*sub && mkdir(out, 0700) != 0)
        assert_true(access(out, F_OK) == 0);
    return out;
}

/* Writes dir/file holding a100.yaml with `name: a100` renamed (NULL: kept). */
/* The line of a profile's "name:", where an error about the name points
 * (the header of comments above it may grow). */
static int name_line_of(const char *text)
{
    const char *name = strstr(text, "\nname: ");
    int line = 2;
    assert_non_null(name);
    for (const char *c = text; c < name; c++)
        line += *c == '\n';
    return line;
}

static void write_profile(tmp_dirs *t, const char *dir, const char *file, const char *rename)
{
    char path[1024], name_line[96];
    snprintf(name_line, sizeof name_line, "\nname: %s\n", rename ? rename : "a100");
    char *text = edit_text(t->a100, "\nname: a100\n", name_line, NULL);
    assert_non_null(text);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    write_text(path, text, strlen(text));
    free(text);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char child[1024];
            snprintf(child, sizeof child, "%s/%s", path, e->d_name);
            remove_tree(child);
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static int tmp_setup(void **state)
{
    tmp_dirs *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    snprintf(t->root, sizeof t->root, "/tmp/gpuroof-test-profile-XXXXXX");
    t->a100 = read_text(PROFILES_DIR "/a100.yaml");
    if (!mkdtemp(t->root) || !t->a100) {
        free(t->a100);
        free(t);
        return -1;
    }
    *state = t;
    return 0;
}

static int tmp_teardown(void **state)
{
    tmp_dirs *t = *state;
    remove_tree(t->root);
    free(t->a100);
    free(t);
    return 0;
}

static void test_load_file_reports_its_path(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], path[1024], expected[1200];
    subdir(t, "", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/bad.yaml", dir);
    char *text = edit_text(BASE, "sm_count: 108", "sm_count: 1.5", NULL);
    assert_non_null(text);
    write_text(path, text, strlen(text));
    free(text);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_load_file(path, &p, &err));
    snprintf(expected, sizeof expected, "%s:5:11: sm_count must be a whole number, not 1.5", path);
    assert_string_equal(err.text, expected);
}

static void test_load_missing_file(void **state)
{
    tmp_dirs *t = *state;
    char path[1024], expected[1200];
    snprintf(path, sizeof path, "%s/none.yaml", t->root);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_load_file(path, &p, &err));
    snprintf(expected, sizeof expected, "%s: No such file or directory", path);
    assert_string_equal(err.text, expected);
}

static void test_load_directory(void **state)
{
    tmp_dirs *t = *state;
    char expected[1200];
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_load_file(t->root, &p, &err));
    snprintf(expected, sizeof expected, "%s: read error (is it a directory?)", t->root);
    assert_string_equal(err.text, expected);
}

static void test_load_file_over_limit(void **state)
{
    tmp_dirs *t = *state;
    char path[1024], expected[1200];
    snprintf(path, sizeof path, "%s/big.yaml", t->root);
    char *text = malloc(GR_YAML_MAX_BYTES + 1);
    assert_non_null(text);
    memset(text, '\n', GR_YAML_MAX_BYTES + 1);
    write_text(path, text, GR_YAML_MAX_BYTES + 1);
    free(text);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_load_file(path, &p, &err));
    snprintf(expected, sizeof expected, "%s: larger than 1 MiB (1048576 bytes), the limit for a YAML file", path);
    assert_string_equal(err.text, expected);
}

/* ---- the search path ------------------------------------------------------ */

static void test_names_file(void **state)
{
    (void)state;
    assert_false(gr_names_file("a100"));
    assert_false(gr_names_file("h100-pcie"));
    assert_false(gr_names_file("yaml"));
    assert_true(gr_names_file("x.yaml"));
    assert_true(gr_names_file("x.yml"));
    assert_true(gr_names_file("./a100"));
    assert_true(gr_names_file("/etc/gpus/a100"));
}

static void test_search_path_add_splits_on_colons(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, "a:b::c");
    assert_int_equal(sp.count, 3);
    assert_string_equal(sp.dirs[0], "a");
    assert_string_equal(sp.dirs[1], "b");
    assert_string_equal(sp.dirs[2], "c");
    gr_search_path_add(&sp, ":d:");
    assert_int_equal(sp.count, 4);
    assert_string_equal(sp.dirs[3], "d");
}

static void test_search_path_add_nothing(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, NULL);
    gr_search_path_add(&sp, "");
    gr_search_path_add(&sp, ":::");
    assert_int_equal(sp.count, 0);
}

static void test_search_path_add_at_most_16(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    for (int i = 0; i < 20; i++)
        gr_search_path_add(&sp, "d1:d2");
    assert_int_equal(sp.count, GR_MAX_SEARCH_DIRS);
}

static void test_find_by_name(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], path[1024];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "a100.yaml", NULL);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dir);
    gr_profile p;
    gr_error err = {{0}};
    if (!gr_profile_find(&sp, "a100", &p, &err))
        fail_msg("%s", err.text);
    snprintf(path, sizeof path, "%s/a100.yaml", dir);
    assert_string_equal(p.path, path);
    assert_string_equal(p.name, "a100");
    assert_true(p.bandwidth_gbs == 1555.0);
}

static void test_find_shipped_by_name(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    for (size_t i = 0; i < SHIPPED_COUNT; i++) {
        gr_profile p;
        gr_error err = {{0}};
        if (!gr_profile_find(&sp, shipped[i], &p, &err))
            fail_msg("%s", err.text);
        assert_string_equal(p.name, shipped[i]);
    }
}

static void test_find_name_differs_from_file(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], expected[1200];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "b100.yaml", NULL);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dir);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "b100", &p, &err));
    snprintf(expected, sizeof expected, "%s/b100.yaml:%d:7: the profile is named 'a100', but its file is b100.yaml",
             dir, name_line_of(t->a100));
    assert_string_equal(err.text, expected);
}

static void test_find_by_path_ignores_file_name(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], path[1024];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "b100.yaml", NULL);
    snprintf(path, sizeof path, "%s/b100.yaml", dir);
    gr_search_path sp = {.count = 0};
    gr_profile p;
    gr_error err = {{0}};
    if (!gr_profile_find(&sp, path, &p, &err))
        fail_msg("%s", err.text);
    assert_string_equal(p.name, "a100");
    assert_string_equal(p.path, path);
}

static void test_find_missing_path(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "./a100", &p, &err));
    assert_string_equal(err.text, "./a100: No such file or directory");
}

static void test_find_unknown_name(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "zzz", &p, &err));
    assert_string_equal(err.text, "unknown device 'zzz' (gpuroof devices lists the profiles)");
}

static void test_find_on_empty_path(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "a100", &p, &err));
    assert_string_equal(err.text, "unknown device 'a100' (gpuroof devices lists the profiles)");
}

static void test_find_invalid_name(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "A100!", &p, &err));
    assert_string_equal(err.text, "'A100!' is not a profile name (letters, digits, '-' and '_')");
    assert_false(gr_profile_find(&sp, "", &p, &err));
    assert_string_equal(err.text, "'' is not a profile name (letters, digits, '-' and '_')");
    char long_name[80];
    memset(long_name, 'a', 64);
    long_name[64] = '\0';
    assert_false(gr_profile_find(&sp, long_name, &p, &err));
    assert_non_null(strstr(err.text, "is not a profile name"));
}

/* A name in capitals, as GPUs are written, is the lower-case profile. */
static void test_find_ignores_case(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile p;
    gr_error err = {{0}};
    if (!gr_profile_find(&sp, "A100", &p, &err))
        fail_msg("%s", err.text);
    assert_string_equal(p.name, "a100");
    if (!gr_profile_find(&sp, "H100-PCIe", &p, &err))
        fail_msg("%s", err.text);
    assert_string_equal(p.name, "h100-pcie");
    assert_non_null(gr_profile_peak(&p, "FP64"));
    assert_string_equal(gr_profile_peak(&p, "Fp64")->precision, "fp64");
    assert_null(gr_profile_peak(&p, "fp46"));
}

/* An unknown name offers the closest profiles. */
static void test_find_suggests_names(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile p;
    gr_error err = {{0}};
    assert_false(gr_profile_find(&sp, "a10", &p, &err));
    assert_string_equal(err.text, "unknown device 'a10': did you mean a100? (gpuroof devices lists the profiles)");
    assert_false(gr_profile_find(&sp, "H300", &p, &err));
    assert_string_equal(err.text,
                        "unknown device 'H300': did you mean h100 or h200? (gpuroof devices lists the profiles)");
    assert_false(gr_profile_find(&sp, "rtx", &p, &err));
    assert_string_equal(err.text, "unknown device 'rtx': did you mean rtx4090? (gpuroof devices lists the profiles)");
}

static void test_find_first_directory_wins(void **state)
{
    tmp_dirs *t = *state;
    char one[512], two[512], dirs[1200], path[1024];
    subdir(t, "one", one, sizeof one);
    subdir(t, "two", two, sizeof two);
    write_profile(t, one, "a100.yaml", NULL);
    write_profile(t, two, "a100.yaml", NULL);
    snprintf(dirs, sizeof dirs, "%s:%s", two, one);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dirs);
    gr_profile p;
    gr_error err = {{0}};
    if (!gr_profile_find(&sp, "a100", &p, &err))
        fail_msg("%s", err.text);
    snprintf(path, sizeof path, "%s/a100.yaml", two);
    assert_string_equal(p.path, path);
}

static void test_find_skips_missing_directory(void **state)
{
    tmp_dirs *t = *state;
    char one[512], dirs[1200];
    subdir(t, "one", one, sizeof one);
    write_profile(t, one, "a100.yaml", NULL);
    snprintf(dirs, sizeof dirs, "%s/none:%s", t->root, one);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dirs);
    gr_profile p;
    gr_error err = {{0}};
    if (!gr_profile_find(&sp, "a100", &p, &err))
        fail_msg("%s", err.text);
}

static void test_list_shipped_sorted(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, PROFILES_DIR);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    size_t count = list.count;
    bool sorted = true;
    for (size_t i = 0; i < count && i < SHIPPED_COUNT; i++)
        sorted = sorted && strcmp(list.items[i].name, shipped[i]) == 0;
    gr_profile_list_free(&list);
    assert_int_equal(count, SHIPPED_COUNT);
    assert_true(sorted);
    assert_null(list.items);
    assert_int_equal(list.count, 0);
}

static void test_list_sorted_by_name(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], path[1024];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "zeta.yaml", "zeta");
    write_profile(t, dir, "a100.yaml", NULL);
    write_profile(t, dir, "h-1.yaml", "h-1");
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_text(path, "not a profile\n", 14);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dir);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    size_t count = list.count;
    bool in_order = count == 3 && strcmp(list.items[0].name, "a100") == 0 &&
                    strcmp(list.items[1].name, "h-1") == 0 && strcmp(list.items[2].name, "zeta") == 0;
    gr_profile_list_free(&list);
    assert_int_equal(count, 3);
    assert_true(in_order);
}

static void test_list_first_directory_wins(void **state)
{
    tmp_dirs *t = *state;
    char one[512], two[512], dirs[1200], path[1024];
    subdir(t, "one", one, sizeof one);
    subdir(t, "two", two, sizeof two);
    write_profile(t, one, "a100.yaml", NULL);
    write_profile(t, two, "a100.yaml", NULL);
    write_profile(t, two, "b.yaml", "b");
    snprintf(dirs, sizeof dirs, "%s/none:%s:%s", t->root, one, two);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dirs);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    snprintf(path, sizeof path, "%s/a100.yaml", one);
    size_t count = list.count;
    bool first = count == 2 && strcmp(list.items[0].path, path) == 0 &&
                 strcmp(list.items[1].name, "b") == 0;
    gr_profile_list_free(&list);
    assert_int_equal(count, 2);
    assert_true(first);
}

/* A broken file is kept with its error, and the profiles beside it are
 * listed all the same. */
static void test_list_keeps_the_rest_of_a_broken_directory(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], bad[1024], misnamed[1024], bad_error[1200], misnamed_error[1200];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "a100.yaml", NULL);
    write_profile(t, dir, "h-1.yaml", "h-1");
    snprintf(bad, sizeof bad, "%s/bad.yaml", dir);
    write_text(bad, "name: bad\n", 10);
    snprintf(misnamed, sizeof misnamed, "%s/other.yaml", dir);
    write_profile(t, dir, "other.yaml", NULL);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dir);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    snprintf(bad_error, sizeof bad_error, "%s:1:1: the profile: missing key 'memory'", bad);
    snprintf(misnamed_error, sizeof misnamed_error, "%s:%d:7: the profile is named 'a100', but its file is other.yaml",
             misnamed, name_line_of(t->a100));
    assert_int_equal(list.count, 2);
    assert_string_equal(list.items[0].name, "a100");
    assert_string_equal(list.items[1].name, "h-1");
    assert_int_equal(list.failure_count, 2);
    assert_string_equal(list.failures[0].path, bad);
    assert_string_equal(list.failures[0].name, "bad");
    assert_string_equal(list.failures[0].error.text, bad_error);
    assert_string_equal(list.failures[1].path, misnamed);
    assert_string_equal(list.failures[1].name, "other");
    assert_string_equal(list.failures[1].error.text, misnamed_error);
    gr_profile_list_free(&list);
    assert_null(list.items);
    assert_null(list.failures);
    assert_int_equal(list.failure_count, 0);
}

/* A file whose name is no profile name is a failure without a name. */
static void test_list_keeps_a_file_badly_named(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], expected[1200];
    subdir(t, "one", dir, sizeof dir);
    write_profile(t, dir, "My_GPU.yaml", NULL);
    write_profile(t, dir, "a100.yaml", NULL);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dir);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    snprintf(expected, sizeof expected,
             "%s/My_GPU.yaml: 'My_GPU' is not a profile name (lower-case letters, digits, '-' and '_'): "
             "rename the file", dir);
    assert_int_equal(list.count, 1);
    assert_int_equal(list.failure_count, 1);
    assert_string_equal(list.failures[0].name, "");
    assert_string_equal(list.failures[0].error.text, expected);
    gr_profile_list_free(&list);
}

/* A broken a100.yaml in the first directory is what --device a100 meets,
 * so the listing does not offer a later directory's a100 in its place. */
static void test_list_broken_file_takes_its_name(void **state)
{
    tmp_dirs *t = *state;
    char one[512], two[512], dirs[1200], bad[1024];
    subdir(t, "one", one, sizeof one);
    subdir(t, "two", two, sizeof two);
    snprintf(bad, sizeof bad, "%s/a100.yaml", one);
    write_text(bad, "name: a100\n", 11);
    write_profile(t, two, "a100.yaml", NULL);
    write_profile(t, two, "b.yaml", "b");
    snprintf(dirs, sizeof dirs, "%s:%s", one, two);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dirs);
    gr_profile_list list;
    gr_error err = {{0}};
    if (!gr_profile_list_all(&sp, &list, &err))
        fail_msg("%s", err.text);
    assert_int_equal(list.count, 1);
    assert_string_equal(list.items[0].name, "b");
    assert_int_equal(list.failure_count, 1);
    assert_string_equal(list.failures[0].path, bad);
    gr_profile_list_free(&list);
}

static void test_list_empty_and_missing_directories(void **state)
{
    tmp_dirs *t = *state;
    char dir[512], dirs[1200];
    subdir(t, "empty", dir, sizeof dir);
    snprintf(dirs, sizeof dirs, "%s/none:%s", t->root, dir);
    gr_search_path sp = {.count = 0};
    gr_search_path_add(&sp, dirs);
    gr_profile_list list;
    gr_error err = {{0}};
    assert_true(gr_profile_list_all(&sp, &list, &err));
    assert_int_equal(list.count, 0);
    gr_profile_list_free(&list);
}

/* ---- main ----------------------------------------------------------------- */

#define tmp_test(f) cmocka_unit_test_setup_teardown(f, tmp_setup, tmp_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* shipped profiles */
        cmocka_unit_test(test_every_shipped_profile_loads),
        cmocka_unit_test(test_shipped_carveouts_ascend_to_smem_sm),
        cmocka_unit_test(test_a100_figures),
        cmocka_unit_test(test_h100_figures),
        cmocka_unit_test(test_h200_figures),
        cmocka_unit_test(test_k40_figures),
        cmocka_unit_test(test_rtx4090_figures),
        /* values */
        cmocka_unit_test(test_base_loads_every_field),
        cmocka_unit_test(test_byte_suffixes_accepted),
        cmocka_unit_test(test_arithmetic_accepted),
        cmocka_unit_test(test_byte_suffix_rejected_outside_bytes),
        cmocka_unit_test(test_decimal_peak_accepted),
        /* malformed YAML */
        cmocka_unit_test(test_unclosed_bracket),
        cmocka_unit_test(test_unclosed_bracket_in_profile),
        cmocka_unit_test(test_bad_indentation),
        cmocka_unit_test(test_tab_indentation),
        cmocka_unit_test(test_unterminated_quote),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_comments_only_file),
        cmocka_unit_test(test_root_not_a_mapping),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_size_limit),
        cmocka_unit_test(test_nesting_at_limit_passes_yaml_checks),
        cmocka_unit_test(test_nesting_too_deep),
        cmocka_unit_test(test_nesting_too_deep_in_mappings),
        cmocka_unit_test(test_billion_laughs_rejected_at_anchor),
        cmocka_unit_test(test_alias_rejected),
        cmocka_unit_test(test_anchor_on_scalar_rejected),
        cmocka_unit_test(test_anchor_on_mapping_rejected),
        cmocka_unit_test(test_two_documents),
        cmocka_unit_test(test_explicit_single_document),
        /* keys */
        cmocka_unit_test(test_unknown_top_level_key),
        cmocka_unit_test(test_unknown_key_in_section),
        cmocka_unit_test(test_duplicate_top_level_key),
        cmocka_unit_test(test_duplicate_key_in_section),
        cmocka_unit_test(test_key_not_a_plain_name),
        cmocka_unit_test(test_missing_top_level_section),
        cmocka_unit_test(test_missing_top_level_string),
        cmocka_unit_test(test_missing_key_in_section),
        cmocka_unit_test(test_missing_int_field_names_its_mapping),
        /* types and values */
        cmocka_unit_test(test_mapping_where_number_expected),
        cmocka_unit_test(test_list_where_mapping_expected),
        cmocka_unit_test(test_list_where_string_expected),
        cmocka_unit_test(test_empty_string),
        cmocka_unit_test(test_string_too_long),
        cmocka_unit_test(test_carveouts_not_a_list),
        cmocka_unit_test(test_negative_count),
        cmocka_unit_test(test_negative_bytes),
        cmocka_unit_test(test_negative_peak),
        cmocka_unit_test(test_zero_clock),
        cmocka_unit_test(test_division_by_zero_located),
        cmocka_unit_test(test_integer_overflow),
        cmocka_unit_test(test_integer_overflow_later_in_text),
        cmocka_unit_test(test_value_above_range),
        cmocka_unit_test(test_number_with_garbage_located),
        cmocka_unit_test(test_bandwidth_with_garbage),
        cmocka_unit_test(test_negative_bandwidth),
        cmocka_unit_test(test_fraction_where_integer_needed),
        cmocka_unit_test(test_huge_whole_double_is_out_of_range),
        cmocka_unit_test(test_error_in_folded_scalar_located),
        cmocka_unit_test(test_error_in_escaped_scalar_located),
        cmocka_unit_test(test_invalid_utf8_located),
        cmocka_unit_test(test_nul_escape_in_string),
        /* strings */
        cmocka_unit_test(test_compute_capability_malformed),
        cmocka_unit_test(test_compute_capability_signs_and_blanks),
        cmocka_unit_test(test_compute_capability_read),
        cmocka_unit_test(test_name_characters_checked),
        cmocka_unit_test(test_unknown_bank_scheme),
        /* peaks */
        cmocka_unit_test(test_unknown_precision),
        cmocka_unit_test(test_missing_fp64),
        cmocka_unit_test(test_missing_fp32),
        cmocka_unit_test(test_duplicate_precision),
        cmocka_unit_test(test_peak_lookup),
        cmocka_unit_test(test_precision_list),
        cmocka_unit_test(test_every_precision_accepted),
        cmocka_unit_test(test_earlier_spellings_read_as_the_same_precision),
        cmocka_unit_test(test_earlier_spelling_and_name_together_refused),
        cmocka_unit_test(test_bank_scheme_name),
        /* consistency */
        cmocka_unit_test(test_warps_times_warp_size),
        cmocka_unit_test(test_block_threads_above_sm),
        cmocka_unit_test(test_block_registers_above_sm),
        cmocka_unit_test(test_optin_above_sm_less_reserved),
        cmocka_unit_test(test_block_smem_above_optin),
        cmocka_unit_test(test_warp_size_power_of_two),
        cmocka_unit_test(test_register_unit_power_of_two),
        cmocka_unit_test(test_shared_memory_unit_power_of_two),
        cmocka_unit_test(test_registers_split_evenly),
        cmocka_unit_test(test_kepler_scheme_needs_width_8),
        /* carveouts */
        cmocka_unit_test(test_carveouts_not_ascending),
        cmocka_unit_test(test_carveouts_not_ending_at_smem_sm),
        cmocka_unit_test(test_carveouts_empty),
        cmocka_unit_test(test_carveouts_above_smem_sm),
        cmocka_unit_test(test_carveouts_too_many),
        cmocka_unit_test(test_carveouts_block_style),
        /* files */
        tmp_test(test_load_file_reports_its_path),
        tmp_test(test_load_missing_file),
        tmp_test(test_load_directory),
        tmp_test(test_load_file_over_limit),
        /* search path */
        cmocka_unit_test(test_names_file),
        cmocka_unit_test(test_search_path_add_splits_on_colons),
        cmocka_unit_test(test_search_path_add_nothing),
        cmocka_unit_test(test_search_path_add_at_most_16),
        tmp_test(test_find_by_name),
        cmocka_unit_test(test_find_shipped_by_name),
        tmp_test(test_find_name_differs_from_file),
        tmp_test(test_find_by_path_ignores_file_name),
        cmocka_unit_test(test_find_missing_path),
        cmocka_unit_test(test_find_unknown_name),
        cmocka_unit_test(test_find_on_empty_path),
        cmocka_unit_test(test_find_invalid_name),
        cmocka_unit_test(test_find_ignores_case),
        cmocka_unit_test(test_find_suggests_names),
        tmp_test(test_find_first_directory_wins),
        tmp_test(test_find_skips_missing_directory),
        cmocka_unit_test(test_list_shipped_sorted),
        tmp_test(test_list_sorted_by_name),
        tmp_test(test_list_first_directory_wins),
        tmp_test(test_list_keeps_the_rest_of_a_broken_directory),
        tmp_test(test_list_keeps_a_file_badly_named),
        tmp_test(test_list_broken_file_takes_its_name),
        tmp_test(test_list_empty_and_missing_directories),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
