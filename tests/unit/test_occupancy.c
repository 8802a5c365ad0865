/* Occupancy: the textbook's arithmetic and the hardware's rules, each case
 * worked out by hand in its comment. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>
#include "occupancy_fixture.h"

#define BIT(limit) (1u << (limit))

static gr_occupancy occupancy(const gr_sm_limits *lim, int threads, int regs, int64_t smem)
{
    gr_launch l = {threads, regs, smem};
    gr_occupancy o;
    gr_error err;
    if (!gr_occupancy_compute(lim, &l, &o, &err))
        fail_msg("%s", err.text);
    return o;
}

static void expect_invalid(const gr_sm_limits *lim, int threads, int regs, int64_t smem, const char *message)
{
    gr_launch l = {threads, regs, smem};
    gr_occupancy o;
    gr_error err;
    assert_false(gr_occupancy_compute(lim, &l, &o, &err));
    assert_string_equal(err.text, message);
}

/* 12a: 2048/64 = 32, 32, 65536/(27 x 64) = 37, 96K/4K = 24: 24 blocks, 75%. */
static void exercise_12a(void **state)
{
    (void)state;
    gr_sm_limits lim = exercise_12_limits();
    gr_occupancy o = occupancy(&lim, 64, 27, 4096);
    assert_int_equal(o.limit[GR_LIMIT_THREADS], 32);
    assert_int_equal(o.limit[GR_LIMIT_BLOCKS], 32);
    assert_int_equal(o.limit[GR_LIMIT_REGISTERS], 37);
    assert_int_equal(o.limit[GR_LIMIT_SHARED_MEMORY], 24);
    assert_int_equal(o.blocks_per_sm, 24);
    assert_int_equal(o.threads_per_sm, 1536);
    assert_float_equal(o.occupancy, 0.75, 1e-12);
    assert_int_equal(o.limiters, BIT(GR_LIMIT_SHARED_MEMORY));
}

/* 12b: 8, 32, 65536/(31 x 256) = 8, 12: 8 blocks, full; threads and
 * registers both limit. */
static void exercise_12b(void **state)
{
    (void)state;
    gr_sm_limits lim = exercise_12_limits();
    gr_occupancy o = occupancy(&lim, 256, 31, 8192);
    assert_int_equal(o.blocks_per_sm, 8);
    assert_int_equal(o.limit[GR_LIMIT_REGISTERS], 8);
    assert_int_equal(o.limit[GR_LIMIT_SHARED_MEMORY], 12);
    assert_float_equal(o.occupancy, 1.0, 1e-12);
    assert_int_equal(o.limiters, BIT(GR_LIMIT_THREADS) | BIT(GR_LIMIT_REGISTERS));
}

/* The chapter's A100 example: 32 KB + 1 KB reserved = 33792 B per block;
 * 167936 / 33792 = 4.97, so 4 blocks = 1024 threads = 50%. */
static void a100_example(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("a100", -1);
    gr_occupancy o = occupancy(&lim, 256, 32, 32768);
    assert_int_equal(o.smem_per_block, 33792);
    assert_int_equal(o.smem_sm_bytes, 167936);
    assert_int_equal(o.blocks_per_sm, 4);
    assert_float_equal(o.occupancy, 0.5, 1e-12);
    assert_int_equal(o.limiters, BIT(GR_LIMIT_SHARED_MEMORY));
    assert_false(o.needs_optin);
}

/* 33 registers: 33 x 32 = 1056 per warp, rounded to 256: 1280.  16384 per
 * sub-partition / 1280 = 12 warps, x 4 = 48 warps; 256 threads = 8 warps:
 * 6 blocks. */
static void registers_round_per_warp(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_occupancy o = occupancy(&lim, 256, 33, 0);
    assert_int_equal(o.regs_per_warp, 1280);
    assert_int_equal(o.warps_by_registers, 48);
    assert_int_equal(o.blocks_per_sm, 6);
    assert_float_equal(o.occupancy, 0.75, 1e-12);
}

/* 40 registers: 1280 per warp; the whole file would hold 65536 / 1280 = 51
 * warps, but each sub-partition holds 12, so 48: 64-thread blocks get 24,
 * not 25. */
static void registers_fill_sub_partitions(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_occupancy o = occupancy(&lim, 64, 40, 0);
    assert_int_equal(o.limit[GR_LIMIT_REGISTERS], 24);
    assert_int_equal(o.blocks_per_sm, 24);
}

/* 100 threads take 4 warps: 64 / 4 = 16 blocks, every warp slot used. */
static void partial_warps_count_whole(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_occupancy o = occupancy(&lim, 100, 16, 0);
    assert_int_equal(o.warps_per_block, 4);
    assert_int_equal(o.blocks_per_sm, 16);
    assert_int_equal(o.threads_per_sm, 1600);
    assert_float_equal(o.occupancy, 1.0, 1e-12);
}

static void zero_registers_do_not_limit(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    gr_occupancy o = occupancy(&lim, 1024, 0, 0);
    assert_true(o.limit[GR_LIMIT_REGISTERS] == GR_UNLIMITED);
    assert_int_equal(o.blocks_per_sm, 2);
    assert_int_equal(o.limiters, BIT(GR_LIMIT_THREADS));
}

/* 40000 B + 1024 reserved = 41024, in units of 128: 41088 per block. */
static void carveouts(void **state)
{
    (void)state;
    gr_sm_limits def = device_limits("h100", -1);
    assert_int_equal(occupancy(&def, 256, 32, 40000).blocks_per_sm, 5);   /* 233472 / 41088 */
    gr_sm_limits k100 = device_limits("h100", 100 * 1024);
    assert_int_equal(occupancy(&k100, 256, 32, 40000).blocks_per_sm, 2); /* 102400 / 41088 */
    gr_profile p = load_profile("h100");
    int64_t half = gr_carveout_from_percent(&p, 50);
    assert_int_equal(half, 116736);
    gr_sm_limits h = device_limits("h100", half); /* the next legal size: 132 KiB */
    assert_int_equal(h.smem_sm_bytes, 135168);
    assert_int_equal(occupancy(&h, 256, 32, 40000).blocks_per_sm, 3);
    gr_sm_limits small = device_limits("h100", 8192);
    gr_occupancy raised = occupancy(&small, 256, 32, 40000);
    assert_true(raised.carveout_raised); /* 8 KiB holds no block: 64 KiB does */
    assert_int_equal(raised.smem_sm_bytes, 65536);
    assert_int_equal(raised.blocks_per_sm, 1);
}

static void default_carveout_is_smallest_that_keeps_blocks(void **state)
{
    (void)state;
    gr_profile a100 = load_profile("a100");
    gr_sm_limits lim = device_limits("a100", -1);
    gr_launch l = {256, 32, 32768};
    assert_int_equal(gr_default_carveout(&a100, &lim, &l), 135168); /* 4 x 33792 = 132 KiB */
    gr_profile h100 = load_profile("h100");
    lim = device_limits("h100", -1);
    l = (gr_launch){256, 32, 40000};
    assert_int_equal(gr_default_carveout(&h100, &lim, &l), 233472); /* 5 x 41088 > 196 KiB */
}

/* Kepler splits L1 and shared memory by cache configuration, not a
 * carveout: a split too small for a block gives way to the most shared
 * memory (PreferShared), not to the next split; 20480 B per block in units
 * of 256 fits 2 blocks in 48 KiB, 1 in the 32 KiB split. */
static void kepler_cache_config(void **state)
{
    (void)state;
    gr_profile k40 = load_profile("k40");
    assert_int_equal(gr_smem_config_of(&k40), GR_SMEM_CACHE_CONFIG);
    assert_int_equal(gr_smem_config_of(&(gr_profile){.cc_major = 3, .carveout_count = 1}), GR_SMEM_FIXED);
    assert_int_equal(gr_smem_config_of(&(gr_profile){.cc_major = 7, .carveout_count = 2}), GR_SMEM_CARVEOUT);
    gr_sm_limits prefer_l1 = device_limits("k40", 16384);
    gr_occupancy raised = occupancy(&prefer_l1, 256, 32, 20480);
    assert_true(raised.carveout_raised);
    assert_int_equal(raised.smem_sm_bytes, 49152);
    assert_int_equal(raised.blocks_per_sm, 2);
    gr_sm_limits equal = device_limits("k40", 32768);
    assert_int_equal(occupancy(&equal, 256, 32, 16384).blocks_per_sm, 2);
    gr_sm_limits def = device_limits("k40", -1);
    gr_launch l = {256, 32, 16384};
    assert_int_equal(gr_default_carveout(&k40, &def, &l), 49152); /* PreferNone: the most shared memory */
}

static void carveout_above_the_largest_is_an_error(void **state)
{
    (void)state;
    gr_profile p = load_profile("h100");
    gr_sm_limits lim;
    gr_error err;
    assert_false(gr_limits_from_profile(&p, 233473, &lim, &err));
    assert_string_equal(err.text, "a carveout of 233473 bytes exceeds the 233472 bytes of shared memory per SM of h100");
}

static void opt_in_is_flagged(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    assert_false(occupancy(&lim, 256, 32, 49152).needs_optin);
    assert_true(occupancy(&lim, 256, 32, 49153).needs_optin);
    assert_int_equal(occupancy(&lim, 256, 32, 232448).blocks_per_sm, 1); /* 227 KiB + 1 KiB = all */
}

static void invalid_launches_name_the_limit(void **state)
{
    (void)state;
    gr_sm_limits lim = device_limits("h100", -1);
    expect_invalid(&lim, 0, 32, 0, "a block needs at least 1 thread, not 0");
    expect_invalid(&lim, 1025, 32, 0, "1025 threads per block exceed the maximum of 1024 threads per block");
    expect_invalid(&lim, 32, 256, 0, "256 registers per thread exceed the maximum of 255 registers per thread");
    expect_invalid(&lim, 32, 32, 232449,
                   "232449 bytes of shared memory per block exceed the maximum of 232448 bytes per block (with opt-in)");
    /* 72 x 32 = 2304 per warp (a multiple of 256), x 32 warps = 73728 */
    expect_invalid(&lim, 1024, 72, 0,
                   "a block needs 73728 registers (32 warps x 2304), more than the maximum of 65536 registers per block");
    assert_int_equal(occupancy(&lim, 1024, 64, 0).blocks_per_sm, 1); /* exactly 65536 */
    gr_sm_limits book = exercise_12_limits();
    expect_invalid(&book, 4096, 1, 0, "a block of 4096 threads (128 warps) exceeds the 2048 threads per SM");
    expect_invalid(&book, 1024, 65, 0,
                   "a block needs 66560 registers (32 warps x 2080), more than the SM's register file holds for it (31 warps of 2080 registers)");
    expect_invalid(&book, 32, 1, 98305, "a block needs 98305 bytes of shared memory, more than the 98304 bytes per SM");
}

static void textbook_units_when_asked(void **state)
{
    (void)state;
    gr_sm_limits lim = exercise_12_limits();
    lim.reg_alloc_unit = 256;
    lim.smem_alloc_unit = 256;
    lim.smem_reserved_bytes = 1024;
    gr_occupancy o = occupancy(&lim, 64, 27, 4096);
    assert_int_equal(o.regs_per_warp, 1024);      /* 864 rounded up */
    assert_int_equal(o.smem_per_block, 5120);     /* 4096 + 1024 */
    assert_int_equal(o.limit[GR_LIMIT_SHARED_MEMORY], 19); /* 98304 / 5120 */
}

static void limit_names(void **state)
{
    (void)state;
    assert_string_equal(gr_limit_name(GR_LIMIT_THREADS), "threads");
    assert_string_equal(gr_limit_name(GR_LIMIT_BLOCKS), "blocks");
    assert_string_equal(gr_limit_name(GR_LIMIT_REGISTERS), "registers");
    assert_string_equal(gr_limit_name(GR_LIMIT_SHARED_MEMORY), "shared_memory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exercise_12a),
        cmocka_unit_test(exercise_12b),
        cmocka_unit_test(a100_example),
        cmocka_unit_test(registers_round_per_warp),
        cmocka_unit_test(registers_fill_sub_partitions),
        cmocka_unit_test(partial_warps_count_whole),
        cmocka_unit_test(zero_registers_do_not_limit),
        cmocka_unit_test(carveouts),
        cmocka_unit_test(default_carveout_is_smallest_that_keeps_blocks),
        cmocka_unit_test(kepler_cache_config),
        cmocka_unit_test(carveout_above_the_largest_is_an_error),
        cmocka_unit_test(opt_in_is_flagged),
        cmocka_unit_test(invalid_launches_name_the_limit),
        cmocka_unit_test(textbook_units_when_asked),
        cmocka_unit_test(limit_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
