/* Sweeps, the suggested block size and the inverse shared-memory query. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <math.h>
#include <stdio.h>
#include <cmocka.h>
#include "occupancy_fixture.h"
#include "occupancy_tools.h"
#include "occupancy_target.h"
#include "grid_shape.h"
#include "occupancy_lift.h"

static void sweep_threads(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {0, 32, 0};
    gr_sweep s;
    assert_true(gr_occupancy_sweep(&lim, &base, GR_SWEEP_THREADS, &s, NULL));
    assert_int_equal(s.count, 32);
    assert_int_equal(s.points[0].x, 32);
    assert_int_equal(s.points[0].occ.blocks_per_sm, 32); /* 32 one-warp blocks: the block limit */
    assert_int_equal(s.points[31].x, 1024);
    assert_int_equal(s.points[31].occ.blocks_per_sm, 2);
    for (size_t i = 0; i < s.count; i++)
        assert_true(s.points[i].valid);
    gr_sweep_free(&s);
}

/* 256 threads: at 64 registers 2048 per warp, 8 warps per sub-partition,
 * 32 warps: 4 blocks; at 255, 8192 per warp, 2 per sub-partition: 1 block. */
static void sweep_registers(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {256, 0, 0};
    gr_sweep s;
    assert_true(gr_occupancy_sweep(&lim, &base, GR_SWEEP_REGS, &s, NULL));
    assert_int_equal(s.count, 255);
    assert_int_equal(s.points[63].x, 64);
    assert_int_equal(s.points[63].occ.blocks_per_sm, 4);
    assert_int_equal(s.points[254].occ.blocks_per_sm, 1);
    gr_sweep_free(&s);
}

static void sweep_shared_memory(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("a100", -1);
    gr_launch base = {256, 32, 0};
    gr_sweep s;
    assert_true(gr_occupancy_sweep(&lim, &base, GR_SWEEP_SMEM, &s, NULL));
    assert_int_equal(s.count, 166912 / 128 + 1);
    assert_int_equal(s.points[0].occ.blocks_per_sm, 8);
    assert_int_equal(s.points[s.count - 1].x, 166912);
    assert_int_equal(s.points[s.count - 1].occ.blocks_per_sm, 1);
    gr_sweep_free(&s);
}

static void axis_names(void **state)
{
    (void)state;
    gr_sweep_axis axis;
    assert_true(gr_sweep_axis_parse("smem", &axis));
    assert_int_equal(axis, GR_SWEEP_SMEM);
    assert_string_equal(gr_sweep_axis_name(GR_SWEEP_REGS), "regs");
    assert_false(gr_sweep_axis_parse("warps", &axis));
}

/* 40 registers: 48 warps fit by registers.  768 threads (24 warps) give 2
 * blocks = 1536 threads, as do 512, 384 and 256; 1024 gives one.  The
 * largest of the best is 768. */
static void suggest_prefers_the_larger_block_on_a_tie(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {0, 40, 0};
    gr_suggestion s;
    assert_true(gr_occupancy_suggest(&lim, &base, &s, NULL));
    assert_int_equal(s.threads_per_block, 768);
    assert_int_equal(s.blocks_per_sm, 2);
    assert_float_equal(s.occupancy, 0.75, 1e-12);
    base.regs_per_thread = 32;
    assert_true(gr_occupancy_suggest(&lim, &base, &s, NULL));
    assert_int_equal(s.threads_per_block, 1024);
}

/* Under __launch_bounds__(512), 40 registers on an H100 (48 warps by
 * registers, above): 512 threads (16 warps) x 3 blocks = 1536 threads ties
 * 384 x 4 and 256 x 6, and the larger block wins.  A bound of 500 is tried
 * as it is first (16 warps: 3 blocks, 1500 threads), then in whole warps
 * down: 480 (15 warps, 3 blocks: 1440), 384 (12 warps, 4 blocks: 1536),
 * which no smaller block beats. */
static void suggest_within_a_bound(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {0, 40, 0};
    gr_suggestion s;
    assert_true(gr_occupancy_suggest_within(&lim, &base, 512, &s, NULL));
    assert_int_equal(s.threads_per_block, 512);
    assert_int_equal(s.blocks_per_sm, 3);
    assert_true(gr_occupancy_suggest_within(&lim, &base, 500, &s, NULL));
    assert_int_equal(s.threads_per_block, 384);
    assert_int_equal(s.blocks_per_sm, 4);
    gr_sm_limits bounded = lim;
    gr_limits_bounded(&bounded, 500); /* the same, through the limits */
    assert_int_equal(bounded.max_threads_block, 500);
    assert_true(gr_occupancy_suggest(&bounded, &base, &s, NULL));
    assert_int_equal(s.threads_per_block, 384);
    gr_limits_bounded(&bounded, 0); /* no bound: unchanged */
    gr_limits_bounded(&bounded, 2048); /* above the device's: unchanged */
    assert_int_equal(bounded.max_threads_block, 500);
}

/* A sweep along threads under a bound of 500: 32 to 480, then 500. */
static void sweep_stops_at_a_bound(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {0, 32, 0};
    gr_sweep s;
    gr_limits_bounded(&lim, 500);
    assert_true(gr_occupancy_sweep(&lim, &base, GR_SWEEP_THREADS, &s, NULL));
    assert_int_equal(s.count, 16);
    assert_int_equal(s.points[14].x, 480);
    assert_int_equal(s.points[15].x, 500);
    assert_true(s.points[15].valid);
    assert_int_equal(s.points[15].occ.warps_per_block, 16);
    gr_sweep_free(&s);
}

/* The block size a compiled kernel runs at: its bound's, else the
 * suggested one; a block above the bound is refused by name. */
static void kernel_block_size(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {0, 40, 0};
    gr_block_choice c;
    gr_error err;
    assert_true(gr_kernel_block_size(&lim, &base, 256, &c, NULL));
    assert_int_equal(c.threads_per_block, 256);
    assert_int_equal(c.from, GR_BLOCK_FROM_BOUNDS);
    assert_true(gr_kernel_block_size(&lim, &base, 0, &c, NULL));
    assert_int_equal(c.threads_per_block, 768); /* as suggest_prefers_the_larger_block_on_a_tie */
    assert_int_equal(c.from, GR_BLOCK_SUGGESTED);
    assert_true(gr_kernel_block_check(512, 512, "k", NULL));
    assert_true(gr_kernel_block_check(1024, 0, "k", NULL));
    assert_false(gr_kernel_block_check(513, 512, "k(float*)", &err));
    assert_string_equal(err.text, "513 threads a block: k(float*) is bounded at 512 threads a block by "
                                  "__launch_bounds__ (a launch of more fails)");
}

static void suggest_fails_when_nothing_fits(void **state)
{
    (void)state;
    gr_sm_limits lim = exercise_12_limits();
    gr_launch base = {0, 40, 200000};
    gr_suggestion s;
    gr_error err;
    assert_false(gr_occupancy_suggest(&lim, &base, &s, &err));
    assert_string_equal(err.text, "no block size fits with these registers and shared memory");
}

/* Two blocks on an H200: 233472 / 2 = 116736 per block, less 1024 reserved:
 * 115712; the runtime's answer leaves the reserved bytes in, and is too large. */
static void target_blocks_counts_reserved_memory(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h200", -1);
    gr_launch base = {256, 32, 0};
    gr_smem_target t;
    assert_true(gr_occupancy_max_smem(&lim, &base, 2, &t, NULL));
    assert_int_equal(t.max_dynamic_smem_bytes, 115712);
    assert_int_equal(t.runtime_dynamic_smem_bytes, 116736);
    gr_launch at = {256, 32, 115712}, past = {256, 32, 115713};
    gr_occupancy o;
    assert_true(gr_occupancy_compute(&lim, &at, &o, NULL));
    assert_int_equal(o.blocks_per_sm, 2);
    assert_true(gr_occupancy_compute(&lim, &past, &o, NULL));
    assert_int_equal(o.blocks_per_sm, 1);
}

/* With 10000 B static: 116736 - 1024 - 10000 = 105712 dynamic. */
static void target_blocks_subtracts_static_memory(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {256, 32, 10000};
    gr_smem_target t;
    assert_true(gr_occupancy_max_smem(&lim, &base, 2, &t, NULL));
    assert_int_equal(t.max_dynamic_smem_bytes, 105712);
    assert_true(gr_occupancy_max_smem(&lim, &base, 1, &t, NULL));
    assert_int_equal(t.max_dynamic_smem_bytes, 232448 - 10000); /* capped by the opt-in maximum */
}

/* The whole answer tries itself: its figure keeps 2 blocks, a byte more
 * keeps 1, and the runtime's figure (the reserved bytes left in) keeps 1. */
static void target_blocks_answer_is_checked(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h200", -1);
    gr_launch base = {256, 32, 0};
    gr_occupancy_target t;
    assert_true(gr_occupancy_target_compute(&lim, &base, 2, &t, NULL));
    assert_int_equal(t.blocks, 2);
    assert_int_equal(t.share_bytes, 233472 / 2);
    assert_int_equal(t.left_bytes, 116736 - 1024);
    assert_int_equal(t.check_count, 3);
    assert_int_equal(t.checks[0].dynamic_bytes, 115712);
    assert_true(t.checks[0].launches);
    assert_int_equal(t.checks[0].blocks_per_sm, 2);
    assert_int_equal(t.checks[1].dynamic_bytes, 115713);
    assert_int_equal(t.checks[1].blocks_per_sm, 1);
    assert_int_equal(t.checks[2].dynamic_bytes, 116736);
    assert_int_equal(t.checks[2].blocks_per_sm, 1);
    gr_error err;
    assert_false(gr_occupancy_target_compute(&lim, &base, 9, &t, &err));
    assert_string_equal(err.text, "9 blocks can never be resident: threads allow only 8");
}

/* 264 blocks a block an SM on 132 SMs: two whole waves; 133: a second
 * wave of one block, nearly twice the time; 66: half the SMs idle. */
static void grid_shapes(void **state)
{
    (void)state;
    gr_grid_shape g;
    gr_grid_shape_of(264, 1, 132, &g);
    assert_float_equal(g.waves, 2, 1e-12);
    assert_float_equal(g.stretch, 1, 1e-12);
    assert_false(g.tail);
    assert_false(g.small_grid);
    gr_grid_shape_of(133, 1, 132, &g);
    assert_true(g.tail);
    assert_float_equal(g.stretch, 2 / (133.0 / 132), 1e-12);
    assert_float_equal(g.last_wave_blocks, 1, 1e-9);
    gr_grid_shape_of(66, 4, 132, &g);
    assert_true(g.small_grid);
    assert_float_equal(g.grid_stretch, 2, 1e-12);
    assert_float_equal(g.stretch, 1, 0);
    gr_grid_shape_of(100, 0, 132, &g); /* no resident block: no waves */
    assert_true(isnan(g.waves));
}

/* 256 threads and 64 registers on an H200: the registers hold 4 blocks;
 * fewer registers a thread hold 5.  cuBLAS's nvjet GEMM (384 threads,
 * 168 registers, 213188 B) is held by both: no one change lifts it. */
static void occupancy_lifts(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h200", -1);
    gr_launch l = {256, 64, 0};
    gr_occupancy o;
    gr_occupancy_lift lift;
    assert_true(gr_occupancy_compute(&lim, &l, &o, NULL));
    assert_int_equal(o.blocks_per_sm, 4);
    gr_occupancy_lift_of(&lim, &l, &o, &lift);
    assert_true(lift.possible);
    assert_int_equal(lift.limit, GR_LIMIT_REGISTERS);
    assert_true(lift.value < 64 && lift.value > 32);
    assert_int_equal(lift.lifted.blocks_per_sm, 5);
    l.regs_per_thread = (int)lift.value + 1; /* the most: one more register loses the block */
    assert_true(gr_occupancy_compute(&lim, &l, &o, NULL));
    assert_int_equal(o.blocks_per_sm, 4);
    gr_launch gemm = {384, 168, 213188};
    assert_true(gr_occupancy_compute(&lim, &gemm, &o, NULL));
    gr_occupancy_lift_of(&lim, &gemm, &o, &lift);
    assert_false(lift.possible);
    gr_launch shared = {128, 32, 100000}; /* 2 blocks by shared memory: 3 at most 76800 B */
    assert_true(gr_occupancy_compute(&lim, &shared, &o, NULL));
    assert_int_equal(o.blocks_per_sm, 2);
    gr_occupancy_lift_of(&lim, &shared, &o, &lift);
    assert_true(lift.possible);
    assert_int_equal(lift.limit, GR_LIMIT_SHARED_MEMORY);
    assert_int_equal(lift.lifted.blocks_per_sm, 3);
    assert_true(lift.value < 100000);
}

static void target_blocks_out_of_reach(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch base = {256, 32, 0};
    gr_smem_target t;
    gr_error err;
    assert_false(gr_occupancy_max_smem(&lim, &base, 9, &t, &err));
    assert_string_equal(err.text, "9 blocks can never be resident: threads allow only 8");
    assert_false(gr_occupancy_max_smem(&lim, &base, 0, &t, &err));
    assert_string_equal(err.text, "the target must be at least 1 block, not 0");
    gr_launch one_warp = {32, 8, 0};
    assert_true(gr_occupancy_max_smem(&lim, &one_warp, 32, &t, NULL));
    assert_int_equal(t.max_dynamic_smem_bytes, 7296 - 1024); /* 233472/32 = 7296 */
}

/* PMPP chapter 5's A100 example: 256 threads, 32 registers, 32 KiB: 4
 * blocks, where 167936 B / 128 B per thread = 1312 threads (64.06%)
 * suggests more, and 5 blocks would fit without the 1 KiB reserved. */
static void explain_a100_estimate(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("a100", -1);
    gr_launch l = {256, 32, 32768};
    gr_occupancy o;
    gr_occupancy_explanation why;
    assert_true(gr_occupancy_compute(&lim, &l, &o, NULL));
    gr_occupancy_explain(&lim, &l, &o, &why);
    assert_int_equal(why.thread_slots_per_block, 256);
    assert_int_equal(why.regs_per_warp_asked, 1024);
    assert_int_equal(why.regs_per_subpartition, 16384);
    assert_int_equal(why.warps_per_subpartition, 16);
    assert_true(why.has_estimate);
    assert_float_equal(why.smem_per_thread_bytes, 128.0, 0);
    assert_float_equal(why.estimate_threads, 1312.0, 0);
    assert_float_equal(why.estimate_occupancy, 1312.0 / 2048, 1e-12);
    assert_true(why.estimate_differs);
    assert_true(why.reserved_costs);
    assert_int_equal(why.unreserved.blocks_per_sm, 5);
    assert_float_equal(why.unreserved.occupancy, 0.625, 1e-12);
}

/* PMPP exercise 12a's SM (no reserved memory): shared memory limits at
 * 24 blocks of 64 threads, 1536 threads, which is also what 98304 B / 64
 * B per thread gives: no difference to explain, no reserved cost. */
static void explain_estimate_agrees(void **state)
{
    (void)state;
    gr_sm_limits lim = exercise_12_limits();
    gr_launch l = {64, 27, 4096};
    gr_occupancy o;
    gr_occupancy_explanation why;
    assert_true(gr_occupancy_compute(&lim, &l, &o, NULL));
    gr_occupancy_explain(&lim, &l, &o, &why);
    assert_int_equal(o.threads_per_sm, 1536);
    assert_true(why.has_estimate);
    assert_float_equal(why.estimate_threads, 1536.0, 0);
    assert_false(why.estimate_differs);
    assert_false(why.reserved_costs);
    assert_int_equal(why.regs_per_subpartition, 0); /* textbook rules: no sub-partitions */
}

/* Where shared memory does not limit, nothing of it to explain; the
 * estimate is capped at the SM's threads. */
static void explain_without_smem_limit(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_launch l = {100, 255, 1024};
    gr_occupancy o;
    gr_occupancy_explanation why;
    assert_true(gr_occupancy_compute(&lim, &l, &o, NULL));
    gr_occupancy_explain(&lim, &l, &o, &why);
    assert_int_equal(why.thread_slots_per_block, 128); /* 100 threads take 4 warps */
    assert_int_equal(why.regs_per_warp_asked, 255 * 32);
    assert_false(why.has_estimate);
    assert_false(why.estimate_differs);
    assert_false(why.reserved_costs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_threads),
        cmocka_unit_test(sweep_registers),
        cmocka_unit_test(sweep_shared_memory),
        cmocka_unit_test(axis_names),
        cmocka_unit_test(suggest_prefers_the_larger_block_on_a_tie),
        cmocka_unit_test(suggest_fails_when_nothing_fits),
        cmocka_unit_test(suggest_within_a_bound),
        cmocka_unit_test(sweep_stops_at_a_bound),
        cmocka_unit_test(kernel_block_size),
        cmocka_unit_test(target_blocks_counts_reserved_memory),
        cmocka_unit_test(target_blocks_subtracts_static_memory),
        cmocka_unit_test(target_blocks_out_of_reach),
        cmocka_unit_test(target_blocks_answer_is_checked),
        cmocka_unit_test(grid_shapes),
        cmocka_unit_test(occupancy_lifts),
        cmocka_unit_test(explain_a100_estimate),
        cmocka_unit_test(explain_estimate_agrees),
        cmocka_unit_test(explain_without_smem_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
