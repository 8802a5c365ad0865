/* Counts, sizes and architectures read from text are checked against what
 * any GPU has before anything narrows them: ptxas's report and cuobjdump's
 * listing (registers, bytes, sm_XX), Nsight Compute's CSV (the compute
 * capability), and the one range of architectures (arch.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "kernel_file.h"
#include "ncu_report.h"

/* Reads text as a kernels file named name; false with err where refused. */
static bool read_kernels(const char *name, const char *text, gr_kernel_list *l, gr_error *err)
{
    size_t n = strlen(text);
    unsigned char *copy = malloc(n + 1);
    memcpy(copy, text, n + 1);
    bool ok = gr_kernels_read(name, copy, n, l, err);
    free(copy);
    return ok;
}

static void kernels_refused(const char *text, const char *expected)
{
    gr_kernel_list l;
    gr_error err = {{0}};
    assert_false(read_kernels("r.txt", text, &l, &err));
    gr_kernel_list_free(&l);
    assert_string_equal(err.text, expected);
}

static int64_t registers_read(const char *text)
{
    gr_kernel_list l;
    gr_error err = {{0}};
    if (!read_kernels("r.txt", text, &l, &err))
        fail_msg("%s", err.text);
    assert_int_equal(l.count, 1);
    int64_t regs = l.kernels[0].registers;
    gr_kernel_list_free(&l);
    return regs;
}

#define ENTRY "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"

static void ptxas_report_ranges(void **state)
{
    (void)state;
    assert_int_equal(registers_read(ENTRY "ptxas info    : Used 255 registers\n"), 255);
    /* 2^32 + 8: once read as 8 */
    kernels_refused(ENTRY "ptxas info    : Used 4294967304 registers\n",
                    "r.txt:2:17: the kernel '_Z1kPf' (sm_90) has 4294967304 registers per thread, more than any GPU "
                    "gives (255 at most)");
    kernels_refused(ENTRY "ptxas info    : Used 256 registers\n",
                    "r.txt:2:17: the kernel '_Z1kPf' (sm_90) has 256 registers per thread, more than any GPU gives "
                    "(255 at most)");
    kernels_refused(ENTRY "ptxas info    : Used 8 registers, 2147483648 bytes smem\n",
                    "r.txt:2:35: the kernel '_Z1kPf' (sm_90) has 2147483648 bytes of static shared memory, more than "
                    "any GPU gives (2147483647 at most)");
    kernels_refused(ENTRY "ptxas info    : Used 8 registers, 1000000000000000 bytes cmem[0]\n",
                    "r.txt:2:35: the kernel '_Z1kPf' (sm_90) has 1000000000000000 bytes of constant bank 0, more than "
                    "any GPU gives (2147483647 at most)");
    kernels_refused(ENTRY "ptxas info    : Function properties for _Z1kPf\n"
                          "    9999999999 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                          "ptxas info    : Used 8 registers\n",
                    "r.txt:3:1: the kernel '_Z1kPf' (sm_90) has 9999999999 bytes stack frame, more than any GPU gives "
                    "(2147483647 at most)");
    /* a figure past what the reader takes at all: no number */
    kernels_refused(ENTRY "ptxas info    : Used 99999999999999999999 registers\n",
                    "r.txt:2:17: expected a count and what it counts, such as '14 registers', not 'Used "
                    "99999999999999999999 registers'");
    /* the module's own gmem is no kernel's and may be large */
    assert_int_equal(registers_read("ptxas info    : 4294967304 bytes gmem\n" ENTRY "ptxas info    : Used 3 registers\n"),
                     3);
    const char *bad_arch[] = {"sm_5", "sm_1000", "sm_4294967295", "sm_200", "sm_09"};
    for (size_t i = 0; i < sizeof bad_arch / sizeof bad_arch[0]; i++) {
        char text[256], expected[256];
        snprintf(text, sizeof text, "ptxas info    : Compiling entry function '_Z1kPf' for '%s'\n", bad_arch[i]);
        snprintf(expected, sizeof expected,
                 "r.txt:1:43: expected 'NAME' for 'sm_XX', an architecture from sm_10 to sm_199, not '_Z1kPf' for "
                 "'%s''", bad_arch[i]);
        kernels_refused(text, expected);
    }
}

#define IMAGE90 "Fatbin elf code:\n================\narch = sm_90\n\nResource usage:\n Function k:\n"

static void cuobjdump_listing_ranges(void **state)
{
    (void)state;
    assert_int_equal(registers_read(IMAGE90 "  REG:255 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:360\n"), 255);
    kernels_refused(IMAGE90 "  REG:4294967304 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:360\n",
                    "r.txt:7:3: the function 'k' (sm_90) has REG:4294967304, more than any GPU gives (255 at most)");
    kernels_refused(IMAGE90 "  REG:8 STACK:0 SHARED:3000000000 LOCAL:0 CONSTANT[0]:360\n",
                    "r.txt:7:17: the function 'k' (sm_90) has SHARED:3000000000, more than any GPU gives (2147483647 "
                    "at most)");
    kernels_refused(IMAGE90 "  REG:8 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:2147483648\n",
                    "r.txt:7:34: the function 'k' (sm_90) has CONSTANT[0]:2147483648, more than any GPU gives "
                    "(2147483647 at most)");
    kernels_refused("Fatbin elf code:\narch = sm_1000\n",
                    "r.txt:2:8: expected arch = sm_XX, an architecture from sm_10 to sm_199, not 'sm_1000'");
    kernels_refused("Fatbin elf code:\narch = sm_5\n",
                    "r.txt:2:8: expected arch = sm_XX, an architecture from sm_10 to sm_199, not 'sm_5'");
}

static void architecture_range(void **state)
{
    (void)state;
    assert_false(gr_arch_sm_in_range(-1));
    assert_false(gr_arch_sm_in_range(5));
    assert_false(gr_arch_sm_in_range(9));
    assert_true(gr_arch_sm_in_range(10));
    assert_true(gr_arch_sm_in_range(90));
    assert_true(gr_arch_sm_in_range(120));
    assert_true(gr_arch_sm_in_range(199));
    assert_false(gr_arch_sm_in_range(200));
    assert_false(gr_arch_sm_in_range(1000));
    gr_sm sm;
    assert_true(gr_sm_parse("sm_100a", 7, &sm));
    assert_int_equal(sm.number, 100);
    assert_false(gr_sm_parse("sm_200", 6, &sm));
    assert_false(gr_sm_parse("sm_5", 4, &sm));
}

/* A raw page of one launch, its compute capability given as cc (the "CC"
 * column) and major.minor (the device attributes). */
static bool ncu_read_cc(const char *cc, const char *major, const char *minor, gr_ncu_report *r, gr_error *err)
{
    char text[1024];
    snprintf(text, sizeof text,
             "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"CC\","
             "\"device__attribute_compute_capability_major\",\"device__attribute_compute_capability_minor\","
             "\"gpu__time_duration.sum\"\n"
             "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"ns\"\n"
             "\"0\",\"k\",\"(256, 1, 1)\",\"(4, 1, 1)\",\"%s\",\"%s\",\"%s\",\"1,000\"\n",
             cc, major, minor);
    return gr_ncu_read("n.csv", text, strlen(text), r, err);
}

static void ncu_compute_capability_range(void **state)
{
    (void)state;
    gr_ncu_report r;
    gr_error err = {{0}};
    if (!ncu_read_cc("9.0", "9", "0", &r, &err))
        fail_msg("%s", err.text);
    assert_int_equal(r.gpu.cc_major, 9);
    gr_ncu_report_free(&r);
    assert_false(ncu_read_cc("9.0", "4294967295", "0", &r, &err));
    assert_string_equal(err.text, "n.csv:3:1: the launch 0 of k has compute capability 4294967295.0, which no GPU has "
                                  "(1.0 to 19.9)");
    assert_false(ncu_read_cc("9.0", "0", "5", &r, &err));
    assert_string_equal(err.text, "n.csv:3:1: the launch 0 of k has compute capability 0.5, which no GPU has (1.0 to "
                                  "19.9)");
    assert_false(ncu_read_cc("9.0", "9", "0.5", &r, &err));
    assert_string_equal(err.text, "n.csv:3:1: the launch 0 of k has compute capability 9.0.5, which no GPU has (1.0 "
                                  "to 19.9)");
    assert_false(ncu_read_cc("42.0", "", "", &r, &err));
    assert_string_equal(err.text, "n.csv:3:36: the column \"CC\" says compute capability 42.0, which no GPU has (1.0 "
                                  "to 19.9)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ptxas_report_ranges),
        cmocka_unit_test(cuobjdump_listing_ranges),
        cmocka_unit_test(architecture_range),
        cmocka_unit_test(ncu_compute_capability_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
