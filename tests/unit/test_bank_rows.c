/* The H100 rows: every layout launch Nsight Compute counted on an H100
 * (plots/data/h100-sxm.yaml, bank_checks) has exactly the wavefronts per
 * request gpuroof banks predicts now, for its store and its load; and the
 * book's K40 figures. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "banks.h"
#include "banks_presets.h"
#include "results.h"

static double predicted(const gr_bank_preset *p, int bdx, int bdy, int pad, gr_bank_mode mode, bool load)
{
    gr_bank_setup setup = {bdx, bdy, 4, mode};
    gr_bank_result r;
    gr_error err;
    if (!gr_banks_formula(&setup, load ? p->load : p->store, p->padded, pad, &r, &err))
        fail_msg("%s", err.text);
    return r.wavefronts_per_request;
}

static void h100_rows_equal_the_counters(void **state)
{
    (void)state;
    gr_results r;
    gr_error err;
    if (!gr_results_load(GPUROOF_SRCDIR "/plots/data/h100-sxm.yaml", &r, &err))
        fail_msg("%s", err.text);
    assert_true(r.bank_count >= 20);
    for (size_t i = 0; i < r.bank_count; i++) {
        const gr_result_bank *b = &r.banks[i];
        const gr_bank_preset *p = gr_bank_preset_find(b->kernel);
        assert_non_null(p);
        assert_true(b->measured_load >= 0 && b->measured_store >= 0);
        double load = predicted(p, b->block.x, b->block.y, (int)b->pad, GR_BANKS_4BYTE, true);
        double store = predicted(p, b->block.x, b->block.y, (int)b->pad, GR_BANKS_4BYTE, false);
        if (load != b->measured_load || store != b->measured_store)
            fail_msg("%s %dx%d pad %lld: gpuroof load %g store %g, Nsight Compute load %g store %g", b->kernel,
                     b->block.x, b->block.y, b->pad, load, store, b->measured_load, b->measured_store);
    }
    gr_results_free(&r);
}

/* doc/banks.md's table of the H100 rows is the results file's. */
static void banks_doc_table_is_the_results(void **state)
{
    (void)state;
    static char readme[1 << 20];
    FILE *f = fopen(GPUROOF_SRCDIR "/doc/banks.md", "r");
    assert_non_null(f);
    size_t n = fread(readme, 1, sizeof readme - 1, f);
    fclose(f);
    readme[n] = '\0';
    gr_results r;
    gr_error err;
    if (!gr_results_load(GPUROOF_SRCDIR "/plots/data/h100-sxm.yaml", &r, &err))
        fail_msg("%s", err.text);
    for (size_t i = 0; i < r.bank_count; i++) {
        const gr_result_bank *b = &r.banks[i];
        char row[256];
        snprintf(row, sizeof row, "| %s | %dx%d | %lld | %g / %g | %g / %g | %.0f |", b->kernel, b->block.x,
                 b->block.y, b->pad, b->predicted_store, b->predicted_load, b->measured_store, b->measured_load,
                 b->ns_per_rep);
        if (!strstr(readme, row))
            fail_msg("doc/banks.md lacks the row %s", row);
    }
    gr_results_free(&r);
}

/* Professional CUDA C Programming's K40 figures (the notes). */
static void k40_figures(void **state)
{
    (void)state;
    assert_true(predicted(gr_bank_preset_find("setRowReadCol"), 32, 32, 0, GR_BANKS_KEPLER_4, true) == 16);
    assert_true(predicted(gr_bank_preset_find("setRowReadCol"), 32, 16, 0, GR_BANKS_KEPLER_4, true) == 8);
    assert_true(predicted(gr_bank_preset_find("setRowReadColPad"), 32, 16, 1, GR_BANKS_KEPLER_4, true) == 2);
    assert_true(predicted(gr_bank_preset_find("setRowReadColPad"), 32, 16, 2, GR_BANKS_KEPLER_4, true) == 1);
    assert_true(predicted(gr_bank_preset_find("setColReadCol"), 32, 32, 0, GR_BANKS_4BYTE, true) == 32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(h100_rows_equal_the_counters),
        cmocka_unit_test(banks_doc_table_is_the_results),
        cmocka_unit_test(k40_figures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
