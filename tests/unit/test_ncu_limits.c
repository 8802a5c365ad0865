/* Unit tests of each limit's arithmetic (src/core/ncu_limits.c), on
 * launches made up here with figures worked out by hand, on an H100-like
 * device: 132 SMs of 64 warps at 1980 MHz (4 schedulers an SM: 1045.44
 * warp instructions a ns), DRAM 3352 GB/s, L2 13125, shared memory
 * 33454, FP32 66908.16 GFLOP/s (132 x 256 FLOP a clock at 1.98 GHz); DRAM latency 500 ns, the L2's 200. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "ncu_limits.h"

#define SLOTS_PER_NS (132 * 4 * 1.98)

static gr_ncu_figures launch(double time_ns)
{
    gr_ncu_figures f = {.chip = GR_NCU_GH100};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        f.q[q] = 0;
    f.q[GR_NCU_Q_TIME_NS] = time_ns;
    f.q[GR_NCU_Q_SM_CYCLES] = time_ns * 1.98;
    f.q[GR_NCU_Q_THEORETICAL_PCT] = f.q[GR_NCU_Q_ACHIEVED_PCT] = 100;
    f.q[GR_NCU_Q_GRID_BLOCKS] = 132 * 8;
    f.q[GR_NCU_Q_BLOCK_THREADS] = 256;
    f.q[GR_NCU_Q_REGISTERS] = 32;
    f.q[GR_NCU_Q_LIMIT_BLOCKS] = 32;
    f.q[GR_NCU_Q_LIMIT_REGISTERS] = f.q[GR_NCU_Q_LIMIT_SHARED] = f.q[GR_NCU_Q_LIMIT_WARPS] = 8;
    f.grid[0] = 132 * 8, f.grid[1] = f.grid[2] = 1;
    f.block[0] = 256, f.block[1] = f.block[2] = 1;
    return f;
}

static const gr_limit_inputs h100 = {
    .sm_count = 132, .max_warps_sm = 64, .roofs_clock_mhz = 1980, .dram_latency_ns = 500, .l2_latency_ns = 200,
    .launch_floor_ns = 2000, .latency_from = "test",
    /* FLOPs a clock: FP32 132 x 128 x 2, Tensor FP16 132 x 4096 (wgmma) */
    .flops_per_clock = {[GR_NCU_FP32] = 132 * 256, [GR_NCU_TENSOR_FP16] = 132 * 4096},
};

static void limits_of(gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *out)
{
    gr_ncu_roofs roofs = {0};
    gr_ncu_binding b;
    gr_ncu_figures_derive(f);
    roofs.bandwidth_gbs[GR_NCU_DRAM] = (gr_ncu_roof){3352, GR_NCU_ROOF_PROFILE};
    roofs.bandwidth_gbs[GR_NCU_L2] = (gr_ncu_roof){13125, GR_NCU_ROOF_PROFILE};
    roofs.bandwidth_gbs[GR_NCU_L1] = (gr_ncu_roof){33454, GR_NCU_ROOF_PROFILE};
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        roofs.peak_gflops[p] = (gr_ncu_roof){NAN, GR_NCU_ROOF_NONE};
    roofs.peak_gflops[GR_NCU_FP32] = (gr_ncu_roof){66908.16, GR_NCU_ROOF_PROFILE};
    roofs.peak_gflops[GR_NCU_TENSOR_FP16] = (gr_ncu_roof){989429.76, GR_NCU_ROOF_PROFILE}; /* at 1830 MHz */
    gr_ncu_bind(f, &roofs, &b);
    gr_ncu_limits_of(f, &b, NULL, &roofs, in, out);
}

static void close_to(double got, double want)
{
    if (!(fabs(got - want) <= 1e-9 * fmax(1, fabs(want))))
        fail_msg("%.12g, not %.12g", got, want);
}

/* Integer work alone: 1,045,440 warp instructions take 1000 ns. */
static void issue_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1200);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.launch_floor_ns = 100;
    f.q[GR_NCU_Q_WARP_INST] = 1000 * SLOTS_PER_NS;
    limits_of(&f, &in, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_ISSUE], 1000);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_ISSUE);
    assert_int_equal(lim.next, GR_TIME_LIMIT_LAUNCH);
    close_to(lim.speedup, 10);
}

/* FFMAs fill 90% of the issue slots: compute, as long as the slots; with
 * them lifted, the other 10% of the instructions remain. */
static void compute_in_issue_slots(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(12000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.launch_floor_ns = 100;
    f.q[GR_NCU_Q_WARP_INST] = 10000 * SLOTS_PER_NS;
    f.q[GR_NCU_Q_FFMA] = 32 * 0.9 * 10000 * SLOTS_PER_NS;
    limits_of(&f, &in, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_true(lim.compute_in_issue_slots);
    close_to(lim.time_ns[GR_TIME_LIMIT_COMPUTE], 10000);
    assert_int_equal(lim.next, GR_TIME_LIMIT_ISSUE);
    close_to(lim.next_ns, 1000);
    close_to(lim.speedup, 10);
}

/* 8 warps an SM (12.5% achieved), 4-byte loads (128 B a request), all
 * from DRAM at 500 ns: 8 x 132 x 128 B / 500 ns = 270.336 GB/s; 27,033,600 B
 * take 100,000 ns at it, and 8065 ns at DRAM's roof. */
static gr_ncu_figures latency_launch(double time_ns)
{
    gr_ncu_figures f = launch(time_ns);
    f.q[GR_NCU_Q_ACHIEVED_PCT] = 12.5;
    f.q[GR_NCU_Q_GLOBAL_LD_REQUESTS] = 27033600.0 / 128;
    f.q[GR_NCU_Q_GLOBAL_LD_SECTORS] = 27033600.0 / 32;
    f.q[GR_NCU_Q_L2_LOAD_SECTORS] = 27033600.0 / 32;
    f.q[GR_NCU_Q_DRAM_READ] = 27033600;
    f.q[GR_NCU_Q_L2_BYTES] = f.q[GR_NCU_Q_L1_BYTES] = 27033600;
    f.q[GR_NCU_Q_WARP_INST] = 4 * 27033600.0 / 128;
    return f;
}

static void latency_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    limits_of(&f, &h100, &lim);
    close_to(lim.latency.bandwidth_gbs, 270.336);
    close_to(lim.latency.loads_in_flight, 1);
    close_to(lim.time_ns[GR_TIME_LIMIT_LATENCY], 100000);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LATENCY);
    assert_int_equal(lim.next, GR_TIME_LIMIT_DRAM);
    close_to(lim.speedup, 100000 / (27033600 / 3352.0));
    /* 23 warps an SM reach DRAM's roof with one load each: 3352 / 270.336 x 8 = 99.2 */
    assert_non_null(strstr(lim.suggestion, "loads in flight a warp"));
}

/* Twice the bandwidth one load a warp allows: two loads in flight. */
static void latency_counts_loads_in_flight(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(50000);
    gr_ncu_limits lim;
    limits_of(&f, &h100, &lim);
    close_to(lim.latency.loads_in_flight, 2);
    close_to(lim.time_ns[GR_TIME_LIMIT_LATENCY], 50000);
    /* half from the L2: 200 + 0.5 x 300 = 350 ns */
    f = latency_launch(110000);
    f.q[GR_NCU_Q_DRAM_READ] = 27033600 / 2;
    limits_of(&f, &h100, &lim);
    close_to(lim.latency.latency_ns, 350);
    close_to(lim.time_ns[GR_TIME_LIMIT_LATENCY], 70000);
}

static void latency_unknown_without_figures(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.dram_latency_ns = NAN;
    limits_of(&f, &in, &lim);
    assert_true(isnan(lim.time_ns[GR_TIME_LIMIT_LATENCY]));
    assert_non_null(strstr(lim.why[GR_TIME_LIMIT_LATENCY], "no DRAM latency"));
    f.q[GR_NCU_Q_GLOBAL_LD_REQUESTS] = NAN;
    limits_of(&f, &h100, &lim);
    assert_true(isnan(lim.time_ns[GR_TIME_LIMIT_LATENCY]));
    assert_non_null(strstr(lim.why[GR_TIME_LIMIT_LATENCY], "global loads"));
    in = h100;
    in.launch_floor_ns = NAN;
    limits_of(&f, &in, &lim);
    assert_true(isnan(lim.time_ns[GR_TIME_LIMIT_LAUNCH]));
}

/* Compute-bound blocks, 1.05 waves: 1109 blocks of 1056 slots; the SM
 * side stretched by 2 / (1109 / 1056). */
static void waves_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(40000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GRID_BLOCKS] = 1109;
    f.grid[0] = 1109;
    f.q[GR_NCU_Q_FFMA] = 66908.16 * 10000 / 2; /* 10,000 ns at the FP32 peak */
    f.q[GR_NCU_Q_WARP_INST] = f.q[GR_NCU_Q_FFMA] / 32 * 1.02;
    limits_of(&f, &h100, &lim);
    close_to(lim.waves.waves, 1109.0 / 1056);
    close_to(lim.waves.stretch, 2 / (1109.0 / 1056));
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_WAVES);
    assert_int_equal(lim.next, GR_TIME_LIMIT_COMPUTE);
    close_to(lim.speedup, 2 / (1109.0 / 1056));
    assert_non_null(strstr(lim.suggestion, "multiple of 1056 blocks"));
    /* 3.88 waves stretch it 3%: listed, not a limit */
    f.q[GR_NCU_Q_GRID_BLOCKS] = 4097;
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_true(lim.time_ns[GR_TIME_LIMIT_WAVES] > lim.time_ns[GR_TIME_LIMIT_COMPUTE]);
}

static void small_grid_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(200000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GRID_BLOCKS] = 8;
    f.grid[0] = 8;
    f.q[GR_NCU_Q_FFMA] = 66908.16 * 10000 / 2;
    f.q[GR_NCU_Q_WARP_INST] = f.q[GR_NCU_Q_FFMA] / 32;
    limits_of(&f, &h100, &lim);
    close_to(lim.waves.grid_stretch, 132.0 / 8);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_SMALL_GRID);
    close_to(lim.time_ns[GR_TIME_LIMIT_SMALL_GRID], 10000 * 132.0 / 8);
    close_to(lim.speedup, 132.0 / 8);
    assert_non_null(strstr(lim.suggestion, "at least 132 blocks"));
}

static void launch_floor_binds_a_tiny_kernel(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(2500);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_WARP_INST] = 100 * SLOTS_PER_NS;
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LAUNCH);
    close_to(lim.speedup, 20);
}

/* 32-way conflicts: 32 wavefronts a request where 1 would do; lifted,
 * the ideal wavefronts remain, and issue without the shared instructions. */
static void bank_conflicts_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(40000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.launch_floor_ns = 10;
    f.q[GR_NCU_Q_SHARED_LD_INST] = 320000;
    f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = 32 * 320000;
    f.q[GR_NCU_Q_SHARED_LD_CONFLICTS] = 31 * 320000;
    f.q[GR_NCU_Q_WARP_INST] = 2 * 320000;
    limits_of(&f, &in, &lim);
    double all = 128.0 * 32 * 320000 / 33454, ideal = all / 32;
    close_to(lim.time_ns[GR_TIME_LIMIT_BANK_CONFLICTS], all);
    close_to(lim.time_ns[GR_TIME_LIMIT_SHARED], ideal);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_BANK_CONFLICTS);
    assert_int_equal(lim.next, GR_TIME_LIMIT_SHARED);
    close_to(lim.speedup, 32); /* the ideal wavefronts take longer than the rest */
    assert_non_null(strstr(lim.suggestion, "32.00 wavefronts a shared load"));
}

/* A DRAM stream: the L2 counted 1.5 times the bytes (fills, the crossing
 * between Hopper's two L2 partitions); with DRAM lifted, only what the L1s
 * asked for is left of the L2's traffic. */
static void dram_lifted_leaves_the_l2_asked_for(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(330000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_DRAM_READ] = 1e9;
    f.q[GR_NCU_Q_L2_BYTES] = 1.5e9;
    f.q[GR_NCU_Q_L1_BYTES] = 1e9;
    f.q[GR_NCU_Q_L2_TEX_SECTORS] = 1e9 / 32;
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_DRAM);
    assert_int_equal(lim.next, GR_TIME_LIMIT_L2);
    close_to(lim.next_ns, 1e9 / 13125);
    close_to(lim.speedup, 13125 / 3352.0);
    f.q[GR_NCU_Q_L2_TEX_SECTORS] = NAN; /* not in the report: the L2's whole traffic */
    limits_of(&f, &h100, &lim);
    close_to(lim.next_ns, 1.5e9 / 13125);
}

static void roofs_at_the_launch_clock(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(20000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_SM_CYCLES] = 20000 * 1.32; /* 1320 MHz: the power limit */
    f.q[GR_NCU_Q_FFMA] = 66908.16 * 10000 / 2;
    f.q[GR_NCU_Q_WARP_INST] = f.q[GR_NCU_Q_FFMA] / 32 * 0.1; /* not the issue slots' */
    limits_of(&f, &h100, &lim);
    close_to(lim.clock_mhz, 1320);
    close_to(lim.time_ns[GR_TIME_LIMIT_COMPUTE], 10000 * 1980.0 / 1320);
}

/* Tensor Core FLOPs at wgmma's rate where warps waited on warpgroup MMAs,
 * at 2/3 of it (mma.sync) where none did: 1e12 FLOPs at 132 x 4096 x
 * 1.98 GHz take 934.9 us, at 2/3 of that rate 1402.3 us. */
static void mma_sync_on_hopper(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(2000000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_TENSOR_FP16] = 1e12;
    f.q[GR_NCU_Q_STALL_gmma] = 1000;
    limits_of(&f, &h100, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98));
    f.q[GR_NCU_Q_STALL_gmma] = 0;
    limits_of(&f, &h100, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98 * 2 / 3));
    assert_non_null(strstr(lim.suggestion, "wgmma"));
    f.chip = GR_NCU_GA100; /* no warpgroup MMA before Hopper: the rate as it is */
    limits_of(&f, &h100, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98));
}

static void stalls_and_bandwidth(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_STALL_long_scoreboard] = 900;
    f.q[GR_NCU_Q_STALL_wait] = 100;
    limits_of(&f, &h100, &lim);
    assert_string_equal(gr_ncu_stall_name(lim.top_stall), "long_scoreboard");
    close_to(lim.top_stall_share, 0.9);
    close_to(lim.achieved_gbs[GR_NCU_DRAM], 27033600.0 / 110000);
    close_to(lim.roof_share[GR_NCU_DRAM], 27033600.0 / 110000 / 3352);
    assert_string_equal(gr_time_limit_key(GR_TIME_LIMIT_BANK_CONFLICTS), "bank_conflicts");
    assert_null(gr_ncu_stall_name(99));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(issue_by_hand),
        cmocka_unit_test(compute_in_issue_slots),
        cmocka_unit_test(latency_by_hand),
        cmocka_unit_test(latency_counts_loads_in_flight),
        cmocka_unit_test(latency_unknown_without_figures),
        cmocka_unit_test(waves_by_hand),
        cmocka_unit_test(small_grid_by_hand),
        cmocka_unit_test(launch_floor_binds_a_tiny_kernel),
        cmocka_unit_test(bank_conflicts_by_hand),
        cmocka_unit_test(dram_lifted_leaves_the_l2_asked_for),
        cmocka_unit_test(roofs_at_the_launch_clock),
        cmocka_unit_test(mma_sync_on_hopper),
        cmocka_unit_test(stalls_and_bandwidth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
