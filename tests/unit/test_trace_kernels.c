/* Unit tests for a trace's kernels (src/core/trace/trace_kernels.c): the
 * traces recorded on an H200, each launch's estimated achieved occupancy
 * worked out by Kineto's rule equal to the trace's figure on every launch
 * (1,063 launches), where gpuroof's own estimate differs and why; and the
 * two ways the rules differ, worked by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "trace_kernels.h"
#include "trace_limits.h"
#include "trace_read.h"
#include "trace_fixture.h"


static gr_profile h200;

static int setup(void **state)
{
    (void)state;
    return load_h200_profile(&h200);
}

/* The trace NAME's kernels, held to the H200 before its events, as its
 * device properties come first, or after them (late). */
static void read_trace_held(const char *name, gr_trace_kernels *k, bool late)
{
    char file[256];
    gr_error err;
    snprintf(file, sizeof file, "%s-trace.json.gz", name);
    gr_trace_kernels_init(k);
    if (!late)
        assert_true(gr_trace_kernels_hold(k, &h200, &err));
    read_h200_trace(file, (gr_trace_handlers){k, take_kernel_event, NULL}, 65536);
    assert_true(gr_trace_kernels_hold(k, &h200, &err));
    gr_trace_kernels_sort(k);
}

static void read_trace(const char *name, gr_trace_kernels *k)
{
    read_trace_held(name, k, false);
}

/* Every launch: Kineto's figure, by its rule. */
static void kineto_estimates_every_launch(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        size_t launches;
    } traces[] = {{"step", 163}, {"cnn", 358}, {"gpt2-50257", 144}, {"compiled", 126}, {"bert", 272}};
    size_t optin = 0;
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        gr_trace_kernels k;
        read_trace(traces[i].name, &k);
        size_t launches = 0;
        for (size_t j = 0; j < k.count; j++)
            launches += k.kernels[j].launches;
        assert_int_equal(launches, traces[i].launches);
        assert_int_equal(k.estimates_compared, traces[i].launches);
        assert_int_equal(k.estimates_equal, traces[i].launches);
        for (size_t j = 1; j < k.count; j++) /* longest first */
            assert_true(k.kernels[j - 1].time_ns >= k.kernels[j].time_ns);
        optin += k.kineto_differs[GR_KINETO_OPTIN];
        gr_trace_kernels_free(&k);
    }
    assert_true(optin > 0); /* cuBLAS's nvjet GEMMs opt in: Kineto counts them 0% */
    gr_trace_kernels late;
    read_trace_held("step", &late, true); /* no kernel of more than 8 configurations: the same */
    assert_int_equal(late.estimates_equal, 163);
    gr_trace_kernels_free(&late);
}

/* The step's longest kernel: cuBLAS's nvjet GEMM, 168 registers and
 * 213188 B of shared memory a block of 384 threads: one block, 12 warps
 * of 64: 18.75%, held by shared memory (and registers: 168 x 384). */
static void a_gemm_is_held_by_its_shared_memory(void **state)
{
    (void)state;
    gr_trace_kernels k;
    read_trace("step", &k);
    const gr_trace_kernel *gemm = &k.kernels[0];
    assert_non_null(strstr(gemm->name, "nvjet_sm90_tst_256x128"));
    const gr_trace_config *c = &gemm->configs[0];
    assert_true(c->has_occupancy);
    assert_int_equal(c->occupancy.blocks_per_sm, 1);
    assert_float_equal(c->occupancy.occupancy, 0.1875, 1e-12);
    assert_true(c->occupancy.limiters & (1u << GR_LIMIT_SHARED_MEMORY));
    gr_trace_kernels_free(&k);
}

static const gr_trace_kernel *named(const gr_trace_kernels *k, const char *part)
{
    for (size_t i = 0; i < k->count; i++)
        if (strstr(k->kernels[i].name, part))
            return &k->kernels[i];
    fail_msg("no kernel named %s", part);
    return NULL;
}

/* What the step's configurations alone decide: the optimizer's
 * multi_tensor_apply (320 blocks, 2 an SM: 1.21 waves, its registers
 * hold 2 blocks, at most 40 a thread hold 3); the nvjet GEMM held at one
 * block by registers and shared memory both, nothing one change lifts;
 * arange's grid of 8 blocks, under a microsecond: a small grid,
 * launch-bound. */
static void the_configurations_limits(void **state)
{
    (void)state;
    gr_trace_kernels k;
    read_trace("step", &k);
    gr_trace_config_limits l;
    gr_trace_config_limits_of(&k, &named(&k, "multi_tensor_apply_kernel")->configs[0], h200.launch_floor_ns, &l);
    assert_true(l.known);
    assert_true(l.shape.tail);
    assert_float_equal(l.shape.waves, 320.0 / 264, 1e-12);
    assert_true(l.occupancy_held);
    assert_true(l.lift.possible);
    assert_int_equal(l.lift.limit, GR_LIMIT_REGISTERS);
    assert_int_equal(l.lift.value, 40);
    assert_int_equal(l.lift.lifted.blocks_per_sm, 3);
    assert_false(l.launch_bound);
    gr_trace_config_limits_of(&k, &k.kernels[0].configs[0], h200.launch_floor_ns, &l);
    assert_true(l.occupancy_held);
    assert_false(l.lift.possible);
    const gr_trace_config *arange = &named(&k, "arange_cuda_out")->configs[0];
    gr_trace_config_limits_of(&k, arange, h200.launch_floor_ns, &l);
    assert_true(l.shape.small_grid);
    assert_true(l.launch_bound);
    assert_float_equal(l.floors, (double)arange->time_ns / arange->launches / h200.launch_floor_ns, 1e-12);
    assert_true(l.floors < 1);
    gr_trace_config_limits_of(&k, &named(&k, "arange_cuda_out")->configs[0], 0, &l);
    assert_true(isnan(l.floors)); /* no floor known: none named */
    assert_false(l.launch_bound);
    gr_trace_kernels_free(&k);
}

/* A block of one thread, 64 blocks on 132 SMs: Kineto counts 64 / 132 /
 * 32 warps an SM, 0.02% (0), gpuroof a whole warp a block, 0.76% (1); a
 * block asking 50000 B: Kineto 0, gpuroof its occupancy. */
static void the_two_rules_differ_twice(void **state)
{
    (void)state;
    gr_trace_kernels k;
    gr_error err;
    gr_trace_kernels_init(&k);
    gr_trace_event e = {.kind = GR_TRACE_KERNEL, .name = "one", .dur_ns = 1000, .grid = {64, 1, 1},
                        .block = {1, 1, 1}, .registers_per_thread = 19, .shared_bytes = 0,
                        .est_achieved_occupancy_pct = 0};
    assert_true(gr_trace_kernels_add(&k, &e));
    gr_trace_event big = {.kind = GR_TRACE_KERNEL, .name = "big", .dur_ns = 1000, .grid = {132, 1, 1},
                          .block = {256, 1, 1}, .registers_per_thread = 32, .shared_bytes = 50000,
                          .est_achieved_occupancy_pct = 0};
    assert_true(gr_trace_kernels_add(&k, &big));
    assert_true(gr_trace_kernels_add(&k, &big)); /* a second launch: counted twice */
    assert_true(gr_trace_kernels_hold(&k, &h200, &err));
    const gr_trace_config *c = &k.kernels[0].configs[0];
    assert_float_equal(gr_trace_kineto_occupancy_pct(&k, c), 0, 0);
    assert_float_equal(gr_trace_estimated_occupancy_pct(&c->occupancy, e.grid, 132), 100.0 * 64 / 132 / 64, 1e-12);
    assert_int_equal(k.kineto_differs[GR_KINETO_PARTIAL_WARPS], 1);
    assert_int_equal(k.kineto_differs[GR_KINETO_OPTIN], 2);
    assert_int_equal(k.estimates_equal, 3);
    assert_int_equal(k.count, 2);
    gr_trace_kernels_free(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kineto_estimates_every_launch),
        cmocka_unit_test(a_gemm_is_held_by_its_shared_memory),
        cmocka_unit_test(the_two_rules_differ_twice),
        cmocka_unit_test(the_configurations_limits),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
