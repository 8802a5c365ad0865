/* Unit tests of the measured memory levels and the seed claims
 * (src/core/roofline/memory_levels.c): figures given by hand, a file without them,
 * and the committed H100 results, whose ratios must be the file's own
 * figures divided. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "memory_levels.h"

static void hand_figures(gr_results *r, double shared_cycles, double shared_gbs)
{
    gr_results_init(r);
    r->latency.shared_cycles = shared_cycles;
    r->latency.shared_ns = shared_cycles / 2; /* a 2 GHz clock */
    r->latency.dram_cycles = 600;
    r->latency.dram_ns = 300;
    r->latency.l1_cycles = 40;
    r->ceilings.shared_gbs = shared_gbs;
    r->ceilings.dram_read_gbs = 2000;
    r->ceilings.l2_gbs = 8000;
}

static void ratios_by_hand(void **state)
{
    (void)state;
    gr_results r;
    gr_memory_levels m;
    hand_figures(&r, 24, 30000);
    gr_memory_levels_of(&r, &m);
    const gr_measured_level *shared = &m.levels[GR_MEMORY_SHARED];
    assert_string_equal(shared->key, "shared");
    assert_true(shared->latency_vs_dram == 25);    /* 600 / 24 */
    assert_true(shared->bandwidth_vs_dram == 15);  /* 30000 / 2000 */
    assert_true(m.levels[GR_MEMORY_L1].latency_vs_dram == 15); /* 600 / 40 */
    assert_true(isnan(m.levels[GR_MEMORY_L1].bandwidth_vs_dram)); /* no L1 bandwidth measured */
    assert_null(m.levels[GR_MEMORY_L1].bandwidth_key);
    assert_true(m.levels[GR_MEMORY_L2_NEAR].bandwidth_vs_dram == 4);
    assert_true(isnan(m.levels[GR_MEMORY_L2_NEAR].latency_vs_dram)); /* no L2 chase given */
    assert_true(m.levels[GR_MEMORY_DRAM].latency_vs_dram == 1);
    assert_true(m.levels[GR_MEMORY_DRAM].bandwidth_vs_dram == 1);

    const gr_claim_check *lat = &m.claims[0], *bw = &m.claims[1];
    assert_int_equal(lat->claim->quantity, GR_CLAIM_LATENCY);
    assert_int_equal(lat->verdict, GR_CLAIM_HOLDS);
    assert_string_equal(lat->unit, "cycles");
    assert_true(lat->level_figure == 24 && lat->dram_figure == 600 && lat->measured == 25);
    assert_int_equal(bw->claim->quantity, GR_CLAIM_BANDWIDTH);
    assert_int_equal(bw->verdict, GR_CLAIM_HOLDS);
    assert_true(bw->level_figure == 30000 && bw->dram_figure == 2000 && bw->measured == 15);
    assert_string_equal(gr_claim_verdict_key(bw->verdict), "holds");
    /* 25 is 20 x 1.25 and 30 / 1.2: its nearest end is 30, 1/6 away;
     * 15 is half again over 10, with no upper end */
    assert_float_equal(lat->margin, 1 - 25.0 / 30, 1e-15);
    assert_float_equal(bw->margin, 0.5, 1e-15);
    assert_true(isnan(bw->datasheet_measured)); /* no datasheet figure given */
    assert_int_equal(bw->datasheet_verdict, GR_CLAIM_NOT_MEASURED);
    assert_true(isnan(lat->datasheet_measured));
}

/* A bandwidth claim that holds on the measured DRAM figure and fails on the
 * datasheet's: both said, and the margin marks it close. */
static void datasheet_turns_a_close_call(void **state)
{
    (void)state;
    gr_results r;
    gr_memory_levels m;
    hand_figures(&r, 24, 20400); /* 10.2 x the measured 2000 GB/s */
    r.ceilings.datasheet_bandwidth_gbs = 2100;
    gr_memory_levels_of(&r, &m);
    const gr_claim_check *bw = &m.claims[1];
    assert_int_equal(bw->verdict, GR_CLAIM_HOLDS);
    assert_float_equal(bw->margin, 0.02, 1e-12);
    assert_true(fabs(bw->margin) < GR_CLAIM_CLOSE_MARGIN);
    assert_float_equal(bw->datasheet_dram_gbs, 2100, 0);
    assert_float_equal(bw->datasheet_measured, 20400.0 / 2100, 1e-12);
    assert_int_equal(bw->datasheet_verdict, GR_CLAIM_BELOW);
}

/* Each edge of the ranges: 20 and 30 hold, "more than 10" leaves 10 out. */
static void verdicts_at_the_edges(void **state)
{
    (void)state;
    const struct {
        double shared_cycles, shared_gbs;
        gr_claim_verdict latency, bandwidth;
    } cases[] = {
        {30, 20000, GR_CLAIM_HOLDS, GR_CLAIM_BELOW},   /* 600/30 = 20; 20000/2000 = 10, not more */
        {20, 20002, GR_CLAIM_HOLDS, GR_CLAIM_HOLDS},   /* 30; 10.001 */
        {40, 100000, GR_CLAIM_BELOW, GR_CLAIM_HOLDS},  /* 15; open above */
        {10, 1000, GR_CLAIM_ABOVE, GR_CLAIM_BELOW},    /* 60; 0.5 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_results r;
        gr_memory_levels m;
        hand_figures(&r, cases[i].shared_cycles, cases[i].shared_gbs);
        gr_memory_levels_of(&r, &m);
        assert_int_equal(m.claims[0].verdict, cases[i].latency);
        assert_int_equal(m.claims[1].verdict, cases[i].bandwidth);
    }
    assert_string_equal(gr_claim_verdict_key(GR_CLAIM_BELOW), "below");
    assert_string_equal(gr_claim_verdict_key(GR_CLAIM_ABOVE), "above");
}

/* ns where the cycles are missing; nothing where neither is. */
static void latency_in_ns_and_missing(void **state)
{
    (void)state;
    gr_results r;
    gr_memory_levels m;
    gr_results_init(&r);
    r.latency.shared_ns = 10;
    r.latency.dram_ns = 250;
    r.latency.dram_cycles = 500; /* the shared chase gave no cycles */
    gr_memory_levels_of(&r, &m);
    assert_true(m.levels[GR_MEMORY_SHARED].latency_vs_dram == 25);
    assert_string_equal(m.claims[0].unit, "ns");
    assert_int_equal(m.claims[0].verdict, GR_CLAIM_HOLDS);
    assert_int_equal(m.claims[1].verdict, GR_CLAIM_NOT_MEASURED);

    gr_results_init(&r); /* a results file without latency or ceilings */
    gr_memory_levels_of(&r, &m);
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++) {
        assert_true(isnan(m.levels[i].latency_vs_dram));
        assert_true(isnan(m.levels[i].bandwidth_vs_dram));
    }
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++) {
        assert_int_equal(m.claims[i].verdict, GR_CLAIM_NOT_MEASURED);
        assert_true(isnan(m.claims[i].measured));
    }
    assert_string_equal(gr_claim_verdict_key(GR_CLAIM_NOT_MEASURED), "not_measured");
    r.latency.shared_cycles = 0; /* a zero figure is no figure to divide by */
    r.latency.dram_cycles = 600;
    gr_memory_levels_of(&r, &m);
    assert_true(isnan(m.levels[GR_MEMORY_SHARED].latency_vs_dram));
}

static void claims_as_data(void **state)
{
    (void)state;
    const gr_seed_claim *c = gr_seed_claims();
    assert_true(c[0].low == 20 && c[0].high == 30 && !c[0].low_exclusive);
    assert_true(c[1].low == 10 && isinf(c[1].high) && c[1].low_exclusive);
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++) {
        assert_string_equal(c[i].source, "001_a19c945dc3f371a4.txt");
        assert_int_equal(c[i].level, GR_MEMORY_SHARED);
    }
}

/* The committed H100 run: each ratio is the file's two figures divided. */
static void committed_h100(void **state)
{
    (void)state;
    gr_results r;
    gr_error err;
    gr_memory_levels m;
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h100-latency.yaml", &r, &err));
    gr_memory_levels_of(&r, &m);
    const gr_measured_level *l = m.levels;
    assert_true(l[GR_MEMORY_SHARED].latency_vs_dram == r.latency.dram_cycles / r.latency.shared_cycles);
    assert_true(l[GR_MEMORY_L1].latency_vs_dram == r.latency.dram_cycles / r.latency.l1_cycles);
    assert_true(l[GR_MEMORY_L2_NEAR].latency_vs_dram == r.latency.dram_cycles / r.latency.l2_near_cycles);
    assert_true(l[GR_MEMORY_L2_FAR].latency_vs_dram == r.latency.dram_cycles / r.latency.l2_far_cycles);
    /* against the measured DRAM roof: this file's write kernel moved the most */
    double dram = r.ceilings.dram_write_gbs;
    assert_true(dram > r.ceilings.dram_read_gbs && dram > r.ceilings.dram_copy_gbs && dram > r.ceilings.dram_triad_gbs);
    assert_string_equal(l[GR_MEMORY_DRAM].bandwidth_key, "dram_write_gbs");
    assert_true(l[GR_MEMORY_SHARED].bandwidth_vs_dram == r.ceilings.shared_gbs / dram);
    assert_true(l[GR_MEMORY_L2_NEAR].bandwidth_vs_dram == r.ceilings.l2_gbs / dram);
    assert_true(l[GR_MEMORY_SHARED].latency_ns == r.latency.shared_ns);
    assert_true(m.claims[0].measured == r.latency.dram_cycles / r.latency.shared_cycles);
    assert_true(m.claims[1].measured == r.ceilings.shared_gbs / dram);
    /* the verdicts follow from those quotients and the ranges */
    double lat = m.claims[0].measured, bw = m.claims[1].measured;
    assert_int_equal(m.claims[0].verdict, lat >= 20 && lat <= 30 ? GR_CLAIM_HOLDS : lat < 20 ? GR_CLAIM_BELOW
                                                                                           : GR_CLAIM_ABOVE);
    assert_int_equal(m.claims[1].verdict, bw > 10 ? GR_CLAIM_HOLDS : GR_CLAIM_BELOW);
    gr_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ratios_by_hand),
        cmocka_unit_test(verdicts_at_the_edges),
        cmocka_unit_test(datasheet_turns_a_close_call),
        cmocka_unit_test(latency_in_ns_and_missing),
        cmocka_unit_test(claims_as_data),
        cmocka_unit_test(committed_h100),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
