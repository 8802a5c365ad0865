/* The one binding rule of the hierarchical roofline (roofline_levels.h):
 * a table of ties and near-ties that every front end answers the same,
 * the engine itself (gr_compute_roof_of and gr_level_bind), bound's and
 * model's (gr_roofline_levels_compute) and Nsight Compute's
 * (gr_ncu_bind, from a launch's counters and roofs). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "ncu_figures.h"
#include "ncu_roofs.h"
#include "roofline_levels.h"

/* The device of every row: FP32 1000 GFLOP/s, FP64 500; DRAM 100 GB/s,
 * the L2 400, shared memory 1000 (GB/s is B/ns, GFLOP/s FLOP/ns: the
 * times below are in ns). */
#define FP32_PEAK 1000.0
#define FP64_PEAK 500.0
static const double bandwidth_gbs[GR_MEMORY_LEVELS] = {100, 400, 1000};

#define INSIDE (1 + 0.5e-9)  /* within GR_BALANCED_TOLERANCE: a tie */
#define OUTSIDE (1 + 2e-9)   /* beyond it: no tie */

typedef struct {
    const char *what;
    double fp32_flops, fp64_flops;
    double bytes[GR_MEMORY_LEVELS];
    bool roofless[GR_MEMORY_LEVELS]; /* the device has no bandwidth for it: left out */
    int count;
    gr_level binds[GR_LEVEL_COUNT];  /* the answer, in order: the first is binding_level */
} tie_row;

#define D GR_LEVEL_DRAM
#define L2 GR_LEVEL_L2
#define S GR_LEVEL_SHARED
#define C GR_LEVEL_COMPUTE

static const tie_row rows[] = {
    {"exact tie DRAM = compute: 10 ns each", 10000, 0, {1000, 400, 1000}, {0}, 2, {D, C}},
    {"tie L2 = shared memory: 20 ns each", 1000, 0, {100, 8000, 20000}, {0}, 2, {L2, S}},
    {"three-way tie DRAM = L2 = compute", 20000, 0, {2000, 8000, 1000}, {0}, 3, {D, L2, C}},
    {"four-way tie", 10000, 0, {1000, 4000, 10000}, {0}, 4, {D, L2, S, C}},
    {"DRAM just inside the tolerance above compute", 10000, 0, {1000 * INSIDE, 400, 1000}, {0}, 2, {D, C}},
    {"compute just inside the tolerance above DRAM", 10000 * INSIDE, 0, {1000, 400, 1000}, {0}, 2, {D, C}},
    {"DRAM just outside the tolerance above compute", 10000, 0, {1000 * OUTSIDE, 400, 1000}, {0}, 1, {D}},
    {"compute just outside the tolerance above DRAM", 10000 * OUTSIDE, 0, {1000, 400, 1000}, {0}, 1, {C}},
    {"shared memory just inside above the L2", 1000, 0, {100, 8000, 20000 * INSIDE}, {0}, 2, {L2, S}},
    {"shared memory just outside above the L2", 1000, 0, {100, 8000, 20000 * OUTSIDE}, {0}, 1, {S}},
    {"L2 just outside above shared memory", 1000, 0, {100, 8000 * OUTSIDE, 20000}, {0}, 1, {L2}},
    {"clearly memory-bound: DRAM 10 ns, compute 1 ns", 1000, 0, {1000, 400, 1000}, {0}, 1, {D}},
    {"clearly compute-bound", 100000, 0, {1000, 400, 1000}, {0}, 1, {C}},
    {"no FLOPs: the longest memory time binds (L2 10 ns)", 0, 0, {100, 4000, 1000}, {0}, 1, {L2}},
    {"no FLOPs, DRAM = L2", 0, 0, {1000, 4000, 1000}, {0}, 2, {D, L2}},
    {"FLOPs and no bytes anywhere", 1000, 0, {0, 0, 0}, {0}, 1, {C}},
    {"shared memory's bandwidth unknown: left out", 10000, 0, {500, 400, 1e9}, {false, false, true}, 1, {C}},
    {"the L2's unknown, DRAM ties compute", 10000, 0, {1000, 1e9, 1000}, {false, true, false}, 2, {D, C}},
    {"FP32 5 ns + FP64 5 ns = 10 ns ties DRAM", 5000, 2500, {1000, 400, 1000}, {0}, 2, {D, C}},
    {"FP32 6 ns + FP64 5 ns: compute, though either alone is under DRAM's 10 ns", 6000, 2500, {1000, 400, 1000},
     {0}, 1, {C}},
};

static void expect_binding(const tie_row *row, const gr_level_binding *b, const char *front)
{
    print_message("%s: %s\n", front, row->what);
    assert_int_equal(b->count, row->count);
    for (int i = 0; i < row->count; i++)
        assert_int_equal(b->levels[i], row->binds[i]);
    assert_int_equal(b->primary, row->binds[0]);
}

/* The engine itself, from the FLOPs, bytes and roofs. */
static void engine_answers(const tie_row *row)
{
    gr_compute_term terms[] = {{row->fp32_flops, FP32_PEAK}, {row->fp64_flops, FP64_PEAK}};
    gr_compute_roof compute;
    double time[GR_LEVEL_COUNT];
    gr_level_binding b;
    gr_compute_roof_of(terms, 2, &compute);
    assert_int_equal(compute.lacking_peak, -1);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        time[i] = row->roofless[i] ? NAN : row->bytes[i] / bandwidth_gbs[i];
    time[GR_LEVEL_COMPUTE] = compute.time_ns;
    assert_true(gr_level_bind(time, &b));
    expect_binding(row, &b, "engine");
}

/* bound's and model's front end: one precision only. */
static void bound_answers(const tie_row *row)
{
    if (row->fp64_flops > 0)
        return;
    gr_level_work w = {.has_counts = true, .flops = row->fp32_flops, .peak_gflops = FP32_PEAK};
    gr_roofline_levels r;
    gr_error err;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        w.given[i] = !row->roofless[i];
        w.bytes[i] = row->bytes[i];
        w.bandwidth_gbs[i] = bandwidth_gbs[i];
    }
    assert_true(gr_roofline_levels_compute(&w, &r, &err));
    expect_binding(row, &r.binds, "bound");
    assert_int_equal(r.binding, row->binds[0]);
    bool compute = gr_level_binding_has(&r.binds, GR_LEVEL_COMPUTE);
    assert_int_equal(r.bound, !compute ? GR_BOUND_MEMORY : row->count > 1 ? GR_BOUND_BALANCED : GR_BOUND_COMPUTE);
}

/* Nsight Compute's: the same work as a launch's counters (FADD and DADD,
 * one FLOP each; DRAM read bytes, lts__t_bytes, l1tex__t_bytes with no
 * shared-memory wavefront), the same roofs as a profile's. */
static void ncu_answers(const tie_row *row)
{
    gr_ncu_figures f = {0};
    gr_roofs roofs;
    gr_ncu_binding b;
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        f.q[q] = NAN, f.from[q] = -1;
    for (int q = GR_NCU_Q_DADD; q <= GR_NCU_Q_TENSOR_FP8; q++)
        f.q[q] = 0;
    f.q[GR_NCU_Q_FADD] = row->fp32_flops, f.q[GR_NCU_Q_DADD] = row->fp64_flops;
    f.q[GR_NCU_Q_DRAM_READ] = row->bytes[GR_LEVEL_DRAM], f.q[GR_NCU_Q_DRAM_WRITE] = 0;
    f.q[GR_NCU_Q_L2_BYTES] = row->bytes[GR_LEVEL_L2], f.q[GR_NCU_Q_L1_BYTES] = row->bytes[GR_LEVEL_SHARED];
    f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = f.q[GR_NCU_Q_SHARED_ST_WAVEFRONTS] = 0;
    for (int i = 0; i < 3; i++)
        f.grid[i] = f.block[i] = -1;
    gr_ncu_figures_derive(&f);
    gr_roofs_fill(NULL, NULL, NULL, &roofs);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (!row->roofless[i])
            roofs.bandwidth_gbs[i] = (gr_roof){bandwidth_gbs[i], GR_ROOF_PROFILE};
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)] = (gr_roof){FP32_PEAK, GR_ROOF_PROFILE};
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP64)] = (gr_roof){FP64_PEAK, GR_ROOF_PROFILE};
    gr_ncu_bind(&f, &roofs, &b);
    assert_true(b.known);
    assert_string_equal(b.left_out, "");
    expect_binding(row, &b.binding, "ncu");
}

static void every_front_end_agrees(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        engine_answers(&rows[i]);
        bound_answers(&rows[i]);
        ncu_answers(&rows[i]);
    }
}

/* Without counts (an intensity alone) bound weighs a FLOP's time, 1 / the
 * roof: at the ridge DRAM and compute tie, as at the ridge with counts. */
static void intensity_alone_ties_at_the_ridge(void **state)
{
    (void)state;
    gr_level_work w = {.dram_intensity = 10, .peak_gflops = 1000, .bandwidth_gbs = {100}};
    gr_roofline_levels r;
    gr_error err;
    assert_true(gr_roofline_levels_compute(&w, &r, &err));
    assert_int_equal(r.binds.count, 2);
    assert_int_equal(r.binds.levels[0], GR_LEVEL_DRAM);
    assert_int_equal(r.binds.levels[1], GR_LEVEL_COMPUTE);
    assert_int_equal(r.bound, GR_BOUND_BALANCED);
    w.dram_intensity = 10 * OUTSIDE;
    assert_true(gr_roofline_levels_compute(&w, &r, &err));
    assert_int_equal(r.binds.count, 1);
    assert_int_equal(r.bound, GR_BOUND_COMPUTE);
}

static void nothing_known_binds_nothing(void **state)
{
    (void)state;
    gr_level_binding b;
    double none[GR_LEVEL_COUNT] = {NAN, NAN, NAN, NAN}, zeros[GR_LEVEL_COUNT] = {0, 0, NAN, 0};
    assert_false(gr_level_bind(none, &b));
    assert_false(gr_level_bind(zeros, &b));
    double one[GR_LEVEL_COUNT] = {NAN, NAN, 3, NAN};
    assert_true(gr_level_bind(one, &b));
    assert_int_equal(b.count, 1);
    assert_int_equal(b.primary, GR_LEVEL_SHARED);
}

/* One precision's roof is its peak exactly; several, the total over the
 * summed time; a precision with FLOPs and no peak makes both unknown. */
static void compute_roof_of_precisions(void **state)
{
    (void)state;
    gr_compute_roof c;
    gr_compute_roof_of((gr_compute_term[]){{3, 66908.16}}, 1, &c);
    assert_true(c.roof_gflops == 66908.16);
    assert_true(c.time_ns == 3 / 66908.16);
    gr_compute_roof_of((gr_compute_term[]){{1000, 1000}, {NAN, 1}, {1000, 500}}, 3, &c);
    assert_true(c.time_ns == 3);
    assert_true(c.flops == 2000);
    assert_true(fabs(c.roof_gflops - 2000.0 / 3) < 1e-9);
    gr_compute_roof_of((gr_compute_term[]){{0, NAN}, {0, 0}}, 2, &c);
    assert_true(c.time_ns == 0 && isnan(c.roof_gflops));
    gr_compute_roof_of((gr_compute_term[]){{1, 1000}, {5, NAN}}, 2, &c);
    assert_int_equal(c.lacking_peak, 1);
    assert_true(isnan(c.time_ns) && isnan(c.roof_gflops));
}

static void the_tie_rule(void **state)
{
    (void)state;
    assert_true(gr_balanced(1, 1));
    assert_true(gr_balanced(1, INSIDE));
    assert_true(gr_balanced(INSIDE, 1));
    assert_false(gr_balanced(1, OUTSIDE));
    assert_false(gr_balanced(OUTSIDE, 1));
    assert_true(gr_balanced(0, 0));
    assert_false(gr_balanced(0, 1e-300));
    assert_true(gr_balanced(INFINITY, INFINITY));
    assert_false(gr_balanced(INFINITY, 1e300)); /* no bytes: an infinite intensity ties with no ridge */
}

/* The levels' names: JSON's are a published interface. */
static void level_names(void **state)
{
    (void)state;
    static const char *const keys[] = {"dram", "l2", "shared", "compute"};
    static const char *const people[] = {"DRAM", "L2", "shared memory", "compute"};
    for (int i = 0; i < GR_LEVEL_COUNT; i++) {
        assert_string_equal(gr_level_key((gr_level)i), keys[i]);
        assert_string_equal(gr_level_name((gr_level)i), people[i]);
    }
    /* Nsight Compute's L1 quantities index the shared-memory level */
    assert_int_equal(GR_NCU_L1, GR_LEVEL_SHARED);
    assert_int_equal(GR_NCU_LEVEL_COUNT, GR_MEMORY_LEVELS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_front_end_agrees),
        cmocka_unit_test(intensity_alone_ties_at_the_ridge),
        cmocka_unit_test(nothing_known_binds_nothing),
        cmocka_unit_test(compute_roof_of_precisions),
        cmocka_unit_test(the_tie_rule),
        cmocka_unit_test(level_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
