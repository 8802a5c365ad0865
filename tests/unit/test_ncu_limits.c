/* Unit tests of each limit's arithmetic (src/core/ncu/ncu_limits.c), on
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

#include "ncu_efficiency.h"
#include "ncu_limits.h"
#include "ncu_limits_sum.h"
#include "roofline.h"

#define SLOTS_PER_NS (132 * 4 * 1.98)

static gr_ncu_figures launch(double time_ns)
{
    gr_ncu_figures f = {.chip = GR_NCU_GH100};
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        f.q[q] = 0;
    /* the units, the active cycles and the warp states: not in the report */
    for (int u = 0; u < GR_NCU_UNIT_COUNT; u++)
        f.q[GR_NCU_Q_UNIT_dram + u] = NAN;
    f.q[GR_NCU_Q_SM_ACTIVE_MAX] = f.q[GR_NCU_Q_SM_ACTIVE_MEAN] = NAN;
    f.q[GR_NCU_Q_L1_WAVEFRONTS] = f.q[GR_NCU_Q_WARPS_SELECTED] = NAN;
    for (int r = 0; gr_ncu_stall_name(r); r++)
        f.q[GR_NCU_Q_STALL_barrier + r] = NAN;
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
    gr_roofs roofs = {0};
    gr_ncu_binding b;
    gr_ncu_figures_derive(f);
    roofs.bandwidth_gbs[GR_NCU_DRAM] = (gr_roof){3352, GR_ROOF_PROFILE};
    roofs.bandwidth_gbs[GR_NCU_L2] = (gr_roof){13125, GR_ROOF_PROFILE};
    roofs.bandwidth_gbs[GR_NCU_L1] = (gr_roof){33454, GR_ROOF_PROFILE};
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        roofs.peak_gflops[gr_ncu_peak_index(p)] = (gr_roof){NAN, GR_ROOF_NONE};
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP32)] = (gr_roof){66908.16, GR_ROOF_PROFILE};
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_FP64)] = (gr_roof){33454.08, GR_ROOF_PROFILE};
    roofs.peak_gflops[gr_ncu_peak_index(GR_NCU_TENSOR_FP16)] = (gr_roof){989429.76, GR_ROOF_PROFILE}; /* at 1830 MHz */
    gr_ncu_bind(f, &roofs, &b);
    gr_ncu_limits_of(f, &b, NULL, &roofs, in, out);
}

static void close_to(double got, double want)
{
    if (!(fabs(got - want) <= 1e-9 * fmax(1, fabs(want))))
        fail_msg("%.12g, not %.12g", got, want);
}

/* The busy share, stalls and active cycles of a launch whose report has
 * the units (made up: the shares Nsight Compute would give). */
static void busy(gr_ncu_figures *f, gr_ncu_unit_id unit, double share)
{
    f->q[GR_NCU_Q_UNIT_dram + unit] = share * f->q[GR_NCU_Q_TIME_NS];
}

static void warps(gr_ncu_figures *f, double issuing, double long_scoreboard, double barrier)
{
    for (int r = 0; gr_ncu_stall_name(r); r++)
        f->q[GR_NCU_Q_STALL_barrier + r] = 0;
    f->q[GR_NCU_Q_WARPS_SELECTED] = issuing;
    f->q[GR_NCU_Q_STALL_long_scoreboard] = long_scoreboard;
    f->q[GR_NCU_Q_STALL_barrier] = barrier;
}

static void active(gr_ncu_figures *f, double busiest_ns, double mean_ns)
{
    f->q[GR_NCU_Q_SM_ACTIVE_MAX] = busiest_ns;
    f->q[GR_NCU_Q_SM_ACTIVE_MEAN] = mean_ns;
}

/* Integer work alone: 1,045,440 warp instructions take 1000 ns at the
 * issue roof, 1000 / 0.94 at the share of it lifted kernels reach; the
 * profile's 100 ns floor in sequence. */
static void issue_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1200);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.launch_floor_ns = 100;
    f.q[GR_NCU_Q_WARP_INST] = 1000 * SLOTS_PER_NS;
    limits_of(&f, &in, &lim);
    close_to(lim.bound_ns[GR_TIME_LIMIT_ISSUE], 1000);
    close_to(lim.time_ns[GR_TIME_LIMIT_ISSUE], 1000 / 0.94);
    assert_int_equal(lim.source[GR_TIME_LIMIT_ISSUE], GR_LIMIT_FROM_ROOF);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_ISSUE);
    assert_true(lim.overhead_added);
    close_to(lim.explained_ns, 1000 / 0.94 + 100);
    close_to(gr_ncu_explained_share(&lim), (1000 / 0.94 + 100) / 1200);
    close_to(lim.headroom, 1.2);
    assert_int_equal(lim.next, GR_TIME_LIMIT_COUNT); /* nothing else to do */
}

/* FFMAs fill 90% of the issue slots: compute, as long as the slots; with
 * them lifted (no faster precision without tiles), the other 10% of the
 * instructions remain. */
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
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 10000);
    close_to(lim.time_ns[GR_TIME_LIMIT_ISSUE], lim.time_ns[GR_TIME_LIMIT_COMPUTE]);
    assert_int_equal(lim.next, GR_TIME_LIMIT_ISSUE);
    close_to(lim.next_bound_ns, 1000);
    close_to(lim.expected, 12000 / (100 + 1000 / 0.94));
    close_to(lim.at_most, 12000 / (100 + 1000.0));
}

/* 8 warps an SM (12.5% achieved), 4-byte loads (128 B a request), all
 * from DRAM at 500 ns: one load a warp in flight allows 8 x 132 x 128 B /
 * 500 ns = 270.336 GB/s; the 27,033,600 B take 8065 ns at DRAM's roof. */
static gr_ncu_figures latency_launch(double time_ns)
{
    gr_ncu_figures f = launch(time_ns);
    f.q[GR_NCU_Q_ACHIEVED_PCT] = 12.5;
    f.q[GR_NCU_Q_GLOBAL_LD_REQUESTS] = 27033600.0 / 128;
    f.q[GR_NCU_Q_GLOBAL_LD_SECTORS] = 27033600.0 / 32;
    f.q[GR_NCU_Q_L2_LOAD_SECTORS] = 27033600.0 / 32;
    f.q[GR_NCU_Q_L2_TEX_SECTORS] = 27033600.0 / 32;
    f.q[GR_NCU_Q_DRAM_READ] = 27033600;
    f.q[GR_NCU_Q_L2_BYTES] = f.q[GR_NCU_Q_L1_BYTES] = 27033600;
    f.q[GR_NCU_Q_WARP_INST] = 4 * 27033600.0 / 128;
    warps(&f, 50, 900, 50);
    return f;
}

/* No unit near its peak: the warps' 90% waiting on memory is latency's,
 * the profile's floor in sequence; lifted, DRAM's roof is next. */
static void latency_by_hand(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    limits_of(&f, &h100, &lim);
    close_to(lim.latency.one_load_gbs, 270.336);
    close_to(lim.latency.loads_in_flight, 27033600.0 / 110000 / 270.336);
    close_to(lim.time_ns[GR_TIME_LIMIT_LATENCY], 0.9 * 110000);
    assert_int_equal(lim.source[GR_TIME_LIMIT_LATENCY], GR_LIMIT_FROM_WARPS);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LATENCY);
    close_to(lim.explained_ns, 0.9 * 110000 + 2000);
    assert_int_equal(lim.next, GR_TIME_LIMIT_DRAM);
    close_to(lim.expected, 110000 / (2000 + 27033600 / 3352.0 / 0.91));
    assert_non_null(strstr(lim.suggestion, "loads in flight a warp"));
}

/* DRAM busy 85% of the time (92%: as busy as it gets): the warps' 95% of
 * waiting on memory is DRAM's throughput, not latency. */
static void memory_waits_go_to_a_busy_level(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(100000);
    gr_ncu_limits lim;
    busy(&f, GR_NCU_UNIT_dram, 0.80);
    warps(&f, 50, 950, 0);
    active(&f, 100000, 100000);
    limits_of(&f, &h100, &lim);
    close_to(lim.bound_ns[GR_TIME_LIMIT_DRAM], 80000);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_DRAM);
    close_to(lim.time_ns[GR_TIME_LIMIT_DRAM], 95000);
    assert_int_equal(lim.source[GR_TIME_LIMIT_DRAM], GR_LIMIT_FROM_WARPS);
    assert_int_equal(lim.unit[GR_TIME_LIMIT_DRAM], GR_NCU_UNIT_dram);
    close_to(lim.time_ns[GR_TIME_LIMIT_LATENCY], 0);
    /* at 50% busy the same waits are latency's */
    busy(&f, GR_NCU_UNIT_dram, 0.5);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LATENCY);
    close_to(lim.time_ns[GR_TIME_LIMIT_DRAM], 50000 / gr_limit_efficiency_of(GR_TIME_LIMIT_DRAM)->busy_peak);
}

static void latency_unknown_without_warp_states(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    warps(&f, NAN, NAN, NAN);
    limits_of(&f, &in, &lim);
    assert_true(isnan(lim.time_ns[GR_TIME_LIMIT_LATENCY]));
    assert_non_null(strstr(lim.why[GR_TIME_LIMIT_LATENCY], "smsp__warps_issue_stalled_"));
    in.launch_floor_ns = NAN;
    limits_of(&f, &in, &lim);
    assert_true(isnan(lim.time_ns[GR_TIME_LIMIT_LAUNCH]));
    assert_non_null(strstr(lim.why[GR_TIME_LIMIT_LAUNCH], "sm__cycles_active"));
}

/* A limit that explains under half is named, but the launch is
 * unexplained and counts nothing toward the report's share. */
static void unexplained_under_half(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.launch_floor_ns = NAN;
    warps(&f, 500, 300, 200); /* 30% on memory */
    limits_of(&f, &in, &lim);
    assert_true(lim.known);
    assert_false(lim.explained);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LATENCY);
    close_to(gr_ncu_explained_share(&lim), 0);
}

/* Compute-bound blocks, 1.05 waves, without the SMs' active cycles: 1109
 * blocks of 1056 slots stretch the SM side by 2 / (1109 / 1056). */
static void waves_stretched(void **state)
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
    assert_int_equal(lim.source[GR_TIME_LIMIT_WAVES], GR_LIMIT_FROM_GRID);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_WAVES);
    assert_non_null(strstr(lim.suggestion, "multiple of 1056 blocks"));
    /* 3.88 waves stretch it 3%: not a limit */
    f.q[GR_NCU_Q_GRID_BLOCKS] = 4097;
    limits_of(&f, &h100, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_WAVES], 0);
}

/* With the SMs' active cycles: the busiest SM active the whole time, the
 * mean 60% of it: the idle 40% is the tail's; 8 blocks on 132 SMs, the
 * mean active 8 / 132 of the busiest: a small grid, the launch's 10%
 * overhead in sequence. */
static void idle_sms(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(100000);
    gr_ncu_limits lim;
    active(&f, 100000, 60000);
    limits_of(&f, &h100, &lim);
    close_to(lim.time_ns[GR_TIME_LIMIT_WAVES], 40000);
    assert_int_equal(lim.source[GR_TIME_LIMIT_WAVES], GR_LIMIT_FROM_IDLE);
    close_to(lim.time_ns[GR_TIME_LIMIT_SMALL_GRID], 0);
    f.q[GR_NCU_Q_GRID_BLOCKS] = 8;
    f.grid[0] = 8;
    active(&f, 90000, 90000 * 8 / 132.0);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_SMALL_GRID);
    close_to(lim.time_ns[GR_TIME_LIMIT_SMALL_GRID], 90000 * 124 / 132.0);
    close_to(lim.overhead_ns, 10000);
    close_to(lim.explained_ns, 90000 * 124 / 132.0 + 10000);
    assert_non_null(strstr(lim.suggestion, "at least 132 blocks"));
}

/* A short kernel whose busiest SM was active 300 of its 2000 ns: the
 * launch's overhead is the rest. */
static void launch_overhead_measured(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(2000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_WARP_INST] = 100 * SLOTS_PER_NS;
    active(&f, 300, 250);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LAUNCH);
    assert_int_equal(lim.source[GR_TIME_LIMIT_LAUNCH], GR_LIMIT_FROM_OVERHEAD);
    close_to(lim.time_ns[GR_TIME_LIMIT_LAUNCH], 1700);
    assert_false(lim.overhead_added);
    /* the overhead, then the SMs' longest limit: the issue slots */
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_ISSUE);
    close_to(lim.sequence_ns, 100 / 0.94);
    close_to(lim.explained_ns, 1700 + 100 / 0.94);
}

/* A tail wave: 140 blocks of one an SM, the busiest SM active 998 of the
 * 1000 us and its FMA pipe busy 94% of them, the mean SM 530 us.  The
 * idle 468 us and the FMA pipe's share of the mean SM's time act in
 * sequence: waves are named; spread over every SM, the FLOPs' roof
 * (500 us at FP32's rate) is next. */
static void tail_wave_in_sequence(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1e6);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GRID_BLOCKS] = f.grid[0] = 140;
    f.q[GR_NCU_Q_LIMIT_SHARED] = 1;
    f.q[GR_NCU_Q_FFMA] = 132 * 256 * 1.98 * 500000 / 2;
    busy(&f, GR_NCU_UNIT_fma, 0.94);
    active(&f, 998000, 530000);
    limits_of(&f, &h100, &lim);
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 940000);
    close_to(lim.time_ns[GR_TIME_LIMIT_WAVES], 468000);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_WAVES);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_COMPUTE);
    double work = 940000 / 0.92 * 530000 / 998000;
    close_to(lim.sequence_ns, work);
    close_to(lim.explained_ns, fmin(1e6, 468000 + work + 2000));
    assert_int_equal(lim.next, GR_TIME_LIMIT_COMPUTE);
    close_to(lim.next_bound_ns, 500000);
    close_to(lim.headroom, 2);
    close_to(lim.expected, 1e6 / (2000 + 500000 / 0.97));
    /* a tenth of the launch idle: the pipe is the limiter, alone */
    active(&f, 998000, 900000);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_COUNT);
}

/* A DRAM prologue before an FMA loop: the FMA pipe busy 65% of the time,
 * DRAM 25%, and the warps waiting on memory 35% of theirs: the memory was
 * not hidden behind the work, the two in sequence.  With the warps seldom
 * waiting on memory, DRAM overlapped the work and is not counted. */
static void memory_phase_in_sequence(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1e6);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_FFMA] = 132 * 256 * 1.98 * 600000 / 2; /* 600 us at FP32's rate */
    busy(&f, GR_NCU_UNIT_fma, 0.65);
    busy(&f, GR_NCU_UNIT_dram, 0.25);
    active(&f, 998000, 990000);
    warps(&f, 60, 35, 5);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_DRAM);
    close_to(lim.sequence_ns, 250000 / 0.88);
    close_to(lim.explained_ns, 650000 / 0.92 + 250000 / 0.88 + 2000);
    warps(&f, 60, 5, 35);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_COUNT);
    close_to(lim.explained_ns, 650000 / 0.92 + 2000);
}

/* Loads that each touch a sector of their own: DRAM read twice the
 * sectors' bytes (a 64-byte burst each) and was busy 50% of the time,
 * near the 52% such loads get: DRAM is the limiter, at that capacity.
 * The same busy share for a stream is a DRAM a third idle: latency. */
static void scattered_sectors_fill_dram_sooner(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1e6);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GLOBAL_LD_REQUESTS] = 1e6;
    f.q[GR_NCU_Q_GLOBAL_LD_SECTORS] = 32e6;
    f.q[GR_NCU_Q_DRAM_READ] = 2 * 32e6 * 32;
    busy(&f, GR_NCU_UNIT_dram, 0.5);
    active(&f, 998000, 990000);
    warps(&f, 5, 90, 5);
    limits_of(&f, &h100, &lim);
    assert_true(lim.dram_scattered);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_DRAM);
    f.q[GR_NCU_Q_DRAM_READ] = 32e6 * 32;
    limits_of(&f, &h100, &lim);
    assert_false(lim.dram_scattered);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_LATENCY);
}

/* Two limits a rounding apart tie, and the earlier is named, as the
 * binding level's ties are (gr_balanced): DRAM before the L2, whose time
 * came out one part in 10^15 longer. */
static void ties_by_the_binding_rule(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1e6);
    gr_ncu_limits lim;
    busy(&f, GR_NCU_UNIT_dram, 0.8);
    busy(&f, GR_NCU_UNIT_l2_in, 0.8 * 0.89 / 0.88 * (1 + 1e-15));
    limits_of(&f, &h100, &lim);
    assert_true(lim.time_ns[GR_TIME_LIMIT_L2] > lim.time_ns[GR_TIME_LIMIT_DRAM]);
    assert_true(gr_balanced(lim.time_ns[GR_TIME_LIMIT_L2], lim.time_ns[GR_TIME_LIMIT_DRAM]));
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_DRAM);
    busy(&f, GR_NCU_UNIT_l2_in, 0.8 * 0.89 / 0.88 * 1.01); /* a real difference: the L2 */
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_L2);
}

/* A grid of 66 blocks on 132 SMs, DRAM busy 70% of the time: the SMs
 * idle throughout while DRAM served the others, so DRAM's time is not in
 * sequence with theirs; with no SM-side limit that binds, DRAM stays the
 * limiter. */
static void small_grid_overlaps_dram(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1e6);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GRID_BLOCKS] = f.grid[0] = 66;
    busy(&f, GR_NCU_UNIT_dram, 0.7);
    active(&f, 998000, 499000);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_DRAM);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_COUNT);
    /* a tail instead (200 blocks): the full waves kept DRAM busy */
    f.q[GR_NCU_Q_GRID_BLOCKS] = f.grid[0] = 200;
    active(&f, 998000, 700000);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_WAVES);
    assert_int_equal(lim.sequence, GR_TIME_LIMIT_DRAM);
    /* idle 298 us and DRAM's 795 us (700 us busy / 0.88) pass the launch: all of it */
    assert_true(298000 + 700000 / 0.88 > 1e6);
    close_to(lim.explained_ns, 1e6);
}

/* 32-way conflicts: the L1 pipe's time is bank conflicts'; a few percent
 * of conflicts leave it shared memory's. */
static void bank_conflicts_bind_or_not(void **state)
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
    double all = 128.0 * 32 * 320000 / 33454;
    close_to(lim.bound_ns[GR_TIME_LIMIT_SHARED], all);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_BANK_CONFLICTS);
    close_to(lim.time_ns[GR_TIME_LIMIT_BANK_CONFLICTS], all / 0.85);
    assert_int_equal(lim.next, GR_TIME_LIMIT_SHARED);
    close_to(lim.next_bound_ns, all / 32);
    assert_non_null(strstr(lim.suggestion, "32.00 wavefronts a shared load"));
    f.q[GR_NCU_Q_SHARED_LD_WAVEFRONTS] = 1.03 * 320000;
    f.q[GR_NCU_Q_SHARED_LD_CONFLICTS] = 0.03 * 320000;
    limits_of(&f, &in, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_SHARED);
}

/* The FMA pipe busy with integer multiply-adds (no FLOPs): an SM pipe,
 * not compute. */
static void integer_work_on_the_fma_pipe(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(100000);
    gr_ncu_limits lim;
    busy(&f, GR_NCU_UNIT_fma, 0.82);
    active(&f, 100000, 100000);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_PIPE);
    assert_int_equal(lim.unit[GR_TIME_LIMIT_PIPE], GR_NCU_UNIT_fma);
    close_to(lim.time_ns[GR_TIME_LIMIT_PIPE], 82000 / gr_limit_efficiency_of(GR_TIME_LIMIT_PIPE)->busy_peak);
    f.q[GR_NCU_Q_FFMA] = 66908.16 * 80000 / 2; /* now its work is FP32's */
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
}

/* A transpose's strided stores: the L2 serves 4.5 times the sectors its
 * 4-byte loads and stores need; lifted, every level gets what they need
 * and DRAM is next. */
static void coalescing_lifts_every_level(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(1000000);
    gr_ncu_limits lim;
    f.q[GR_NCU_Q_GLOBAL_LD_REQUESTS] = f.q[GR_NCU_Q_GLOBAL_ST_REQUESTS] = 2e6;
    f.q[GR_NCU_Q_GLOBAL_LD_SECTORS] = 8e6;
    f.q[GR_NCU_Q_L2_TEX_SECTORS] = 7.2e7;
    f.q[GR_NCU_Q_DRAM_READ] = 3e8, f.q[GR_NCU_Q_DRAM_WRITE] = 3e8;
    f.q[GR_NCU_Q_L2_BYTES] = 3.6e9;
    f.q[GR_NCU_Q_L1_BYTES] = 1e9;
    busy(&f, GR_NCU_UNIT_l2_in, 0.89);
    active(&f, 1000000, 1000000);
    warps(&f, 100, 800, 0);
    limits_of(&f, &h100, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_L2);
    assert_int_equal(lim.next, GR_TIME_LIMIT_DRAM);
    /* 1.6e7 sectors needed, 5.12e8 B: under DRAM's 6e8 */
    close_to(lim.next_bound_ns, 5.12e8 / 3352);
    close_to(lim.expected, 1e6 / (5.12e8 / 3352 / 0.91));
}

/* FP64-bound: lifted to FP32, the same FLOPs at FP32's rate. */
static void compute_moves_to_a_faster_precision(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(200000);
    gr_ncu_limits lim;
    gr_limit_inputs in = h100;
    in.flops_per_clock[GR_NCU_FP64] = 132 * 128;
    f.q[GR_NCU_Q_DFMA] = 132 * 128 * 1.98 * 180000 / 2; /* 180,000 ns at the FP64 rate */
    limits_of(&f, &in, &lim);
    assert_int_equal(lim.limiter, GR_TIME_LIMIT_COMPUTE);
    assert_int_equal(lim.next, GR_TIME_LIMIT_COMPUTE);
    close_to(lim.next_bound_ns, 90000);
    close_to(lim.expected, 200000 / (2000 + 90000 / 0.97));
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
    close_to(lim.next_bound_ns, 1e9 / 13125);
    f.q[GR_NCU_Q_L2_TEX_SECTORS] = NAN; /* not in the report: the L2's whole traffic */
    limits_of(&f, &h100, &lim);
    close_to(lim.next_bound_ns, 1.5e9 / 13125);
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
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 10000 * 1980.0 / 1320);
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
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98));
    f.q[GR_NCU_Q_STALL_gmma] = 0;
    limits_of(&f, &h100, &lim);
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98 * 2 / 3));
    assert_non_null(strstr(lim.suggestion, "wgmma"));
    f.chip = GR_NCU_GA100; /* no warpgroup MMA before Hopper: the rate as it is */
    limits_of(&f, &h100, &lim);
    close_to(lim.bound_ns[GR_TIME_LIMIT_COMPUTE], 1e12 / (132 * 4096 * 1.98));
}

/* cuBLAS's Turing-era align1 GEMM on Hopper: named, with the speedup of the
 * GPU's own kernel: its FLOPs at wgmma's rate at 74%. */
static void older_architecture_gemm(void **state)
{
    (void)state;
    gr_ncu_figures f = launch(3000000);
    gr_ncu_limits lim;
    gr_profile p = {.cc_major = 9, .cc_minor = 0};
    gr_limit_inputs in = h100;
    in.device = &p;
    f.q[GR_NCU_Q_TENSOR_FP16] = 3e11;
    busy(&f, GR_NCU_UNIT_l1_wavefronts, 0.96);
    active(&f, 3000000, 3000000);
    limits_of(&f, &in, &lim);
    gr_ncu_call_advice("void cutlass::Kernel2<cutlass_75_tensorop_bf16_s1688gemm_bf16_128x128_32x1_tn_align1>("
                       "T1::Params)", &f, &in, &lim);
    assert_int_equal(lim.library.library, GR_LIBRARY_CUBLAS);
    assert_true(lim.older_arch);
    assert_int_equal(lim.library.built_for_sm, 75);
    assert_int_equal(lim.library.align_elements, 1);
    double own = 3e11 / (132 * 4096 * 1.98); /* the mma.sync time's 2/3 */
    close_to(lim.call_expected, 3000000 / (own / GR_LIFTED_TENSOR));
    assert_non_null(strstr(lim.call_advice, "50304"));
    gr_ncu_call_advice("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", &f, &in, &lim);
    assert_false(lim.older_arch);
}

static void stalls_and_bandwidth(void **state)
{
    (void)state;
    gr_ncu_figures f = latency_launch(110000);
    gr_ncu_limits lim;
    warps(&f, 0, 900, 0);
    f.q[GR_NCU_Q_STALL_wait] = 100;
    f.q[GR_NCU_Q_WARPS_SELECTED] = NAN; /* the top stall is of the stalls alone */
    limits_of(&f, &h100, &lim);
    assert_string_equal(gr_ncu_stall_name(lim.top_stall), "long_scoreboard");
    close_to(lim.top_stall_share, 0.9);
    close_to(lim.achieved_gbs[GR_NCU_DRAM], 27033600.0 / 110000);
    close_to(lim.roof_share[GR_NCU_DRAM], 27033600.0 / 110000 / 3352);
    assert_string_equal(gr_time_limit_key(GR_TIME_LIMIT_BANK_CONFLICTS), "bank_conflicts");
    assert_null(gr_ncu_stall_name(99));
}

/* A kernel of two launches: their times added, the limiter the one that
 * explains the most of them. */
static void kernel_sums_its_launches(void **state)
{
    (void)state;
    gr_ncu_figures a = latency_launch(110000), b = launch(1200);
    gr_ncu_limits each[2], sum;
    size_t group_of[2] = {0, 0};
    limits_of(&a, &h100, &each[0]);
    b.q[GR_NCU_Q_WARP_INST] = 1000 * SLOTS_PER_NS;
    limits_of(&b, &h100, &each[1]);
    assert_true(gr_ncu_limits_sum(each, group_of, 2, &sum, 1));
    close_to(sum.duration_ns, 111200);
    assert_int_equal(sum.limiter, GR_TIME_LIMIT_LATENCY);
    close_to(sum.explained_ns, each[0].explained_ns + each[1].explained_ns);
    close_to(sum.time_ns[GR_TIME_LIMIT_LAUNCH], 2000 + 1200);
    /* the next limit's bound and the roofs are every launch's, not the
     * typical one's: a launch with no next limit keeps its time */
    double next = 0, roof = 0;
    for (int i = 0; i < 2; i++) {
        next += each[i].next == GR_TIME_LIMIT_COUNT ? each[i].duration_ns : each[i].next_bound_ns;
        roof += isnan(each[i].headroom) ? each[i].duration_ns : each[i].duration_ns / each[i].headroom;
    }
    close_to(sum.next_bound_ns, next);
    assert_true(sum.next_bound_ns > each[0].next_bound_ns);
    close_to(sum.headroom, 111200 / roof);
}

/* Two short launches of a kernel the launch overhead holds (the busiest
 * SM active 300 of 2000 ns): fused into another, each keeps its work at
 * the roofs, its 1.9 us of issue slots' instructions; fused into one
 * launch, the kernel keeps one launch whole (the mean one) and, at most,
 * the least overhead. */
static void launches_fused_keep_their_work(void **state)
{
    (void)state;
    gr_ncu_figures f[2] = {launch(2000), launch(2400)};
    gr_ncu_limits each[2], sum;
    size_t group_of[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        f[i].q[GR_NCU_Q_WARP_INST] = 1.9 * SLOTS_PER_NS; /* 1.9 ns at the issue roof */
        busy(&f[i], GR_NCU_UNIT_adu, 0.05);             /* 100 and 120 ns, no roof: a launch's own */
        active(&f[i], 300, 250);
        limits_of(&f[i], &h100, &each[i]);
        assert_int_equal(each[i].limiter, GR_TIME_LIMIT_LAUNCH);
        assert_int_equal(each[i].next, GR_TIME_LIMIT_ISSUE);
        close_to(each[i].next_bound_ns, 1.9);
        close_to(each[i].expected_ns, 1.9 / 0.94);
    }
    assert_true(gr_ncu_limits_sum(each, group_of, 2, &sum, 1));
    assert_int_equal(sum.limiter, GR_TIME_LIMIT_LAUNCH);
    double kept = ((2000 - 1.9 / 0.94) + (2400 - 1.9 / 0.94)) / 2;
    close_to(sum.expected_ns, 2 * 1.9 / 0.94 + kept);
    close_to(sum.at_most, 4400 / (2 * 1.9 + 1700));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(issue_by_hand),
        cmocka_unit_test(compute_in_issue_slots),
        cmocka_unit_test(latency_by_hand),
        cmocka_unit_test(memory_waits_go_to_a_busy_level),
        cmocka_unit_test(latency_unknown_without_warp_states),
        cmocka_unit_test(unexplained_under_half),
        cmocka_unit_test(waves_stretched),
        cmocka_unit_test(idle_sms),
        cmocka_unit_test(launch_overhead_measured),
        cmocka_unit_test(tail_wave_in_sequence),
        cmocka_unit_test(small_grid_overlaps_dram),
        cmocka_unit_test(memory_phase_in_sequence),
        cmocka_unit_test(ties_by_the_binding_rule),
        cmocka_unit_test(scattered_sectors_fill_dram_sooner),
        cmocka_unit_test(bank_conflicts_bind_or_not),
        cmocka_unit_test(integer_work_on_the_fma_pipe),
        cmocka_unit_test(coalescing_lifts_every_level),
        cmocka_unit_test(compute_moves_to_a_faster_precision),
        cmocka_unit_test(dram_lifted_leaves_the_l2_asked_for),
        cmocka_unit_test(roofs_at_the_launch_clock),
        cmocka_unit_test(mma_sync_on_hopper),
        cmocka_unit_test(older_architecture_gemm),
        cmocka_unit_test(stalls_and_bandwidth),
        cmocka_unit_test(kernel_sums_its_launches),
        cmocka_unit_test(launches_fused_keep_their_work),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
