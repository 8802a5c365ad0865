/* Unit tests for Nsight Compute's counters put into a results file
 * (src/core/ncu/results_ncu.c), on a real pair recorded on an H100: a quick
 * measure run's results (tests/data/ncu/h100/measure.yaml) and Nsight
 * Compute's raw page of that same run (measure-raw.csv). */
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

#include "file_fixture.h"
#include "ncu_report.h"
#include "results_ncu.h"

#define FIXTURES GPUROOF_SRCDIR "/tests/data/ncu/h100/"

static void load_pair(gr_results *r, gr_ncu_report *report)
{
    gr_error err;
    file_bytes csv = load(FIXTURES "measure-raw.csv");
    assert_true(gr_results_load(FIXTURES "measure.yaml", r, &err));
    assert_true(gr_ncu_read("measure-raw.csv", (const char *)csv.bytes, csv.size, report, &err));
    free(csv.bytes);
}

static const gr_result_kernel *kernel(const gr_results *r, const char *name, const char *params)
{
    for (size_t i = 0; i < r->kernel_count; i++)
        if (strcmp(r->kernels[i].name, name) == 0 && strcmp(r->kernels[i].params, params) == 0)
            return &r->kernels[i];
    fail_msg("no kernel %s %s", name, params);
    return NULL;
}

/* Every PMPP kernel gets its levels; cuBLAS's GEMMs, whose kernels are
 * cuBLAS's own, none. */
static void each_matmul_gets_levels_of_its_own_launch(void **state)
{
    (void)state;
    gr_results r;
    gr_ncu_report report;
    gr_results_ncu_summary s;
    gr_error err;
    load_pair(&r, &report);
    size_t cublas = 0;
    for (size_t i = 0; i < r.kernel_count; i++)
        cublas += strcmp(r.kernels[i].name, "matmul-cublas") == 0;
    assert_true(gr_results_take_ncu(&r, &report, "measure-raw.csv", &s, &err));
    assert_int_equal(s.kernels_without, cublas);
    assert_int_equal(s.kernels_counted, r.kernel_count - cublas);
    for (size_t i = 0; i < r.kernel_count; i++) {
        const gr_result_kernel *k = &r.kernels[i];
        bool counted = strcmp(k->name, "matmul-cublas") != 0;
        /* at least the 2 width^3 FLOPs of C = A x B: the GPU counts every
         * FMA the model counts; besides, the padded tiles' FMAs of zeros at
         * width 300, and, as FP16 FMAs, the HFMA2.MMA R, -RZ, RZ, 0, 0 that
         * ptxas uses to zero a register (twice a phase in the
         * boundary-checked kernel): at most a third more here */
        assert_true(counted ? k->levels.flops >= k->flops && k->levels.flops < 1.35 * k->flops
                            : isnan(k->levels.flops));
        if (!counted)
            continue;
        /* DRAM: the compulsory 3 width^2 floats, less the output that is
         * still in the L2 when the kernel ends (a third), at most 10% above */
        assert_true(k->levels.dram_bytes > 0.6 * k->bytes && k->levels.dram_bytes < 1.1 * k->bytes);
        assert_true(k->levels.l2_bytes >= k->levels.dram_bytes);
    }
    /* the naive kernel reads no shared memory; the tiled ones do */
    assert_true(kernel(&r, "matmul-naive", "width=512")->levels.shared_wavefronts == 0);
    assert_true(kernel(&r, "matmul-tiled16", "width=512 tile=16")->levels.shared_wavefronts > 0);
    gr_ncu_report_free(&report);
    gr_results_free(&r);
}

/* The layout launches pair with the bank checks in order; gpuroof's
 * predictions equal Nsight Compute's wavefronts per request in each. */
static void bank_checks_get_the_counted_wavefronts(void **state)
{
    (void)state;
    gr_results r;
    gr_ncu_report report;
    gr_results_ncu_summary s;
    gr_error err;
    load_pair(&r, &report);
    assert_true(gr_results_take_ncu(&r, &report, "measure-raw.csv", &s, &err));
    assert_int_equal(s.banks_counted, r.bank_count);
    assert_true(r.bank_count == 36);
    for (size_t i = 0; i < r.bank_count; i++) {
        assert_true(r.banks[i].measured_load == r.banks[i].predicted_load);
        assert_true(r.banks[i].measured_store == r.banks[i].predicted_store);
    }
    assert_true(r.banks[1].measured_load == 32); /* setColReadCol 32x32: 32-way */
    gr_ncu_report_free(&report);
    gr_results_free(&r);
}

/* A run and a report that disagree: nothing is changed, and the error
 * says where. */
static void a_report_of_another_run_is_an_error(void **state)
{
    (void)state;
    gr_results r;
    gr_ncu_report report;
    gr_results_ncu_summary s;
    gr_error err;
    load_pair(&r, &report);
    r.bank_count = 35;
    assert_false(gr_results_take_ncu(&r, &report, "measure-raw.csv", &s, &err));
    assert_non_null(strstr(err.text, "measure-raw.csv: more layout launches than the 35 bank checks, from line "));
    assert_true(isnan(r.banks[0].measured_load));
    assert_true(isnan(r.kernels[0].levels.flops));
    r.bank_count = 36;
    r.banks[3].block.y = 16;
    assert_false(gr_results_take_ncu(&r, &report, "measure-raw.csv", &s, &err));
    assert_non_null(strstr(err.text, ": layout launch 4 has block (32, 32), bank check 4 (setRowReadColDyn) 32x16"));
    /* a run that measured no layout kernels (measure --only volatile) pairs
     * none of the report's: no error, the matmuls still given levels */
    size_t banks = r.bank_count;
    r.bank_count = 0;
    assert_true(gr_results_take_ncu(&r, &report, "measure-raw.csv", &s, &err));
    assert_int_equal(s.banks_counted, 0);
    assert_true(isnan(r.banks[0].measured_load));
    assert_false(isnan(r.kernels[0].levels.flops));
    r.bank_count = banks;
    gr_ncu_report_free(&report);
    gr_results_free(&r);
}

/* Each volatile check takes the counts of the last launch of its kernel
 * (tests/data/ncu/volatile-raw.csv, hand-made: a warm-up launch of
 * loopGlobalVolatile before the one taken, loopSharedPlain's counters n/a);
 * a check whose kernel the report lacks, and every count the report lacks,
 * stay absent. */
static void volatile_checks_get_their_launch_counts(void **state)
{
    (void)state;
    static const char *const kernels[] = {"loopGlobalVolatile", "loopGlobalPlain", "loopSharedVolatile",
                                          "loopSharedPlain", "loopGlobal"};
    gr_results r;
    gr_ncu_report report;
    gr_results_ncu_summary s;
    gr_error err;
    gr_results_init(&r);
    for (size_t i = 0; i < 5; i++) {
        gr_result_volatile *v = gr_results_add_volatile(&r, &err);
        assert_non_null(v);
        v->kernel = kernels[i];
    }
    file_bytes csv = load(GPUROOF_SRCDIR "/tests/data/ncu/volatile-raw.csv");
    assert_true(gr_ncu_read("volatile-raw.csv", (const char *)csv.bytes, csv.size, &report, &err));
    free(csv.bytes);
    assert_true(gr_results_take_ncu(&r, &report, "volatile-raw.csv", &s, &err));
    assert_int_equal(s.volatiles_counted, 4);
    const gr_result_volatile *v = r.volatiles;
    assert_true(v[0].global_load_instructions == 2162688 && v[0].shared_load_instructions == 0);
    assert_true(v[0].l1_global_load_sectors == 2162688 && v[0].l1_global_load_hit_sectors == 0);
    assert_true(v[1].global_load_instructions == 8448 && v[1].l1_global_load_hit_sectors == 8316);
    assert_true(v[2].global_load_instructions == 8448 && v[2].shared_load_instructions == 2162688);
    assert_true(v[2].l1_global_load_sectors == 1056);
    assert_true(isnan(v[3].global_load_instructions) && isnan(v[3].shared_load_instructions));
    assert_true(isnan(v[3].l1_global_load_sectors) && isnan(v[3].l1_global_load_hit_sectors));
    /* a name that only begins a launch's function is not its kernel */
    assert_true(isnan(v[4].global_load_instructions));
    gr_ncu_report_free(&report);
    gr_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_matmul_gets_levels_of_its_own_launch),
        cmocka_unit_test(bank_checks_get_the_counted_wavefronts),
        cmocka_unit_test(a_report_of_another_run_is_an_error),
        cmocka_unit_test(volatile_checks_get_their_launch_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
