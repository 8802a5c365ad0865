/* Unit tests for variables accessed in memory (src/core/model/model_access.c):
 * a volatile variable's references each reach memory, a plain scalar's
 * come to one access a thread, and the kernel's traffic either way. Every
 * expected figure is worked from the model's own parameters. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "model_access.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

static gr_model model;

/* A loop of ITERS iterations reading one variable, on THREADS threads in
 * blocks of 256; DECL and the access lines are the test's. */
static bool load_text(const char *decl, const char *accesses, gr_error *err)
{
    char text[2048];
    snprintf(text, sizeof text,
             "name: t\n"
             "parameters:\n  ITERS: 64\n"
             "launch:\n  grid: 8\n  block: 256\n"
             "flops:\n  per_thread: 2 * ITERS\n"
             "bytes:\n  written_per_thread: 4\n"
             "variables:\n"
             "  - declare: %s\n"
             "%s"
             "  - declare: float v\n",
             decl, accesses);
    memset(err, 0, sizeof *err);
    gr_model_free(&model); /* the model loaded before */
    return gr_model_load_buffer("t.yaml", text, strlen(text), NULL, 0, &model, err);
}

static void load_ok(const char *decl, const char *accesses)
{
    gr_error err;
    if (!load_text(decl, accesses, &err))
        fail_msg("unexpected error: %s", err.text);
}

enum { THREADS = 8 * 256, ITERS = 64 };

static void volatile_global_scalar_reads_at_every_reference(void **state)
{
    (void)state;
    load_ok("__device__ volatile float g", "    at: file\n    reads_per_thread: ITERS\n");
    const gr_model_var *g = &model.vars[0];
    assert_true(g->decl.is_volatile);
    assert_int_equal(gr_access_count(g, GR_ACCESS_VOLATILE, false), (int64_t)THREADS * ITERS);
    assert_int_equal(gr_access_count(g, GR_ACCESS_PLAIN, false), THREADS);
    assert_int_equal(gr_access_bytes(g, GR_ACCESS_VOLATILE, false), (int64_t)THREADS * ITERS * 4);
    /* declared volatile: the model's own counts carry every reference */
    assert_true(model.bytes_read.is_int);
    assert_int_equal(model.bytes_read.i, (int64_t)THREADS * ITERS * 4);
    assert_int_equal(model.bytes.i, (int64_t)THREADS * ITERS * 4 + THREADS * 4);
    assert_float_equal(model.intensity, 2.0 * ITERS / (ITERS * 4 + 4), 1e-9);
    gr_model_traffic plain;
    gr_model_traffic_as(&model, GR_ACCESS_PLAIN, &plain);
    assert_float_equal(plain.bytes_read, THREADS * 4.0, 0);
    assert_float_equal(plain.intensity, 2.0 * ITERS / 8, 1e-9);
    assert_true(isnan(plain.shared_bytes));
    assert_non_null(strstr(gr_access_touches(g, GR_ACCESS_VOLATILE), "skips L1"));
    assert_non_null(strstr(gr_volatile_why(g), "global memory"));
}

static void plain_global_counts_one_read_a_thread(void **state)
{
    (void)state;
    load_ok("__device__ float g", "    at: file\n    reads_per_thread: ITERS\n");
    const gr_model_var *g = &model.vars[0];
    assert_false(g->decl.is_volatile);
    assert_null(gr_volatile_why(g));
    assert_int_equal(model.bytes_read.i, THREADS * 4);
    gr_model_traffic vol, plain;
    gr_model_traffic_as(&model, GR_ACCESS_VOLATILE, &vol);
    gr_model_traffic_as(&model, GR_ACCESS_PLAIN, &plain);
    assert_float_equal(vol.bytes_read, (double)THREADS * ITERS * 4, 0);
    assert_float_equal(plain.bytes_read, gr_value_as_double(model.bytes_read), 0);
    assert_float_equal(plain.intensity, model.intensity, 1e-9);
}

static void volatile_shared_makes_the_shared_level(void **state)
{
    (void)state;
    load_ok("__shared__ volatile float s", "    reads_per_thread: ITERS\n    writes: blocks\n");
    const gr_model_var *s = &model.vars[0];
    assert_true(model.shared.given);
    assert_true(model.shared.bytes.is_int);
    assert_int_equal(model.shared.bytes.i, ((int64_t)THREADS * ITERS + 8) * 4);
    /* a total is not a thread's: its plain count stays as given */
    assert_int_equal(gr_access_count(s, GR_ACCESS_PLAIN, true), 8);
    assert_int_equal(gr_access_count(s, GR_ACCESS_PLAIN, false), THREADS);
    assert_int_equal(model.bytes_read.i, 0); /* no global traffic from it */
    gr_model_traffic plain;
    gr_model_traffic_as(&model, GR_ACCESS_PLAIN, &plain);
    assert_float_equal(plain.shared_bytes, (THREADS + 8) * 4.0, 0);
    assert_float_equal(plain.shared_intensity, 2.0 * ITERS * THREADS / ((THREADS + 8) * 4.0), 1e-9);
}

static void array_elements_are_not_kept(void **state)
{
    (void)state;
    load_ok("__shared__ float tile[256]", "    reads_per_thread: ITERS\n");
    assert_int_equal(gr_access_count(&model.vars[0], GR_ACCESS_PLAIN, false), (int64_t)THREADS * ITERS);
    load_ok("__shared__ float tile[256]", "    reads_per_thread: ITERS\n    plain_reads_per_thread: 2\n");
    assert_int_equal(gr_access_count(&model.vars[0], GR_ACCESS_PLAIN, false), THREADS * 2);
}

static void register_scalar_never_reaches_memory(void **state)
{
    (void)state;
    load_ok("volatile float acc", "    reads_per_thread: ITERS\n    writes_per_thread: ITERS\n");
    const gr_model_var *acc = &model.vars[0];
    assert_int_equal(gr_access_count(acc, GR_ACCESS_VOLATILE, false), 0);
    assert_int_equal(model.bytes_read.i, 0);
    assert_false(model.shared.given);
    assert_non_null(strstr(gr_volatile_why(acc), "ptxas"));
}

static void expect_error(const char *decl, const char *accesses, const char *expected)
{
    gr_error err;
    if (load_text(decl, accesses, &err))
        fail_msg("loaded, expected: %s", expected);
    if (strcmp(err.text, expected) != 0)
        fail_msg("got:      %s\nexpected: %s", err.text, expected);
}

static void bad_counts_are_named(void **state)
{
    (void)state;
    expect_error("__shared__ volatile float s", "    reads_per_thread: ITERS / 3\n",
                 "t.yaml:13:23: variables.reads_per_thread must come to a whole number of accesses, not 43690.7");
    expect_error("__shared__ volatile float s", "    reads_per_thread: 2\n    plain_reads: 99999\n",
                 "t.yaml:12:5: variables: s: plain_reads comes to 99999 accesses, more than its 4096 references");
    expect_error("__constant__ volatile float c", "    at: file\n    reads_per_thread: 1\n",
                 "t.yaml:12:5: variables: c is __constant__: its reads go through the constant cache, which gpuroof "
                 "does not count");
    expect_error("__shared__ float s", "    plain_reads: 1\n",
                 "t.yaml:12:5: variables: s gives plain accesses without its reads or writes");
    expect_error("__shared__ float s", "    reads: 1\n    reads_per_thread: 1\n",
                 "t.yaml:13:12: variables: give reads_per_thread or reads, not both");
    expect_error("__shared__ float s", "    writes: -1\n", "t.yaml:13:13: variables.writes is negative (-1)");
    /* declared plain, its volatile bytes (2^50 x 2048 threads x 4 = 2^63) would
     * not fit: refused, not printed as a wrapped number */
    expect_error("__device__ float g", "    at: file\n    reads_per_thread: 2^50\n",
                 "t.yaml:12:5: variables: the bytes of g's accesses overflow");
}

/* Half a read a thread is half the threads reading once: without
 * volatile no more accesses than the references. */
static void plain_never_exceeds_the_references(void **state)
{
    (void)state;
    load_ok("__device__ float g", "    at: file\n    reads_per_thread: 0.5\n");
    assert_int_equal(gr_access_count(&model.vars[0], GR_ACCESS_VOLATILE, false), THREADS / 2);
    assert_int_equal(gr_access_count(&model.vars[0], GR_ACCESS_PLAIN, false), THREADS / 2);
}

/* The shipped models of kernels/volatile.cu: their counts follow from
 * their parameters, which gpuroof measure launches with. */
static void shipped_models(void **state)
{
    (void)state;
    static const char *const names[] = {"volatile-global", "volatile-shared"};
    for (int i = 0; i < 2; i++) {
        char path[512];
        gr_error err = {{0}};
        snprintf(path, sizeof path, "%s/models/%s.yaml", GPUROOF_SRCDIR, names[i]);
        gr_model_free(&model); /* the model loaded before */
        if (!gr_model_load(path, NULL, 0, &model, &err))
            fail_msg("%s", err.text);
        const gr_model_var *v = &model.vars[0];
        int64_t iters = model.params[2].value.i;
        assert_string_equal(model.params[2].name, "ITERS");
        assert_true(v->decl.is_volatile);
        assert_int_equal(gr_access_count(v, GR_ACCESS_VOLATILE, false), model.threads * iters);
        assert_int_equal(gr_access_count(v, GR_ACCESS_PLAIN, false), model.threads);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(volatile_global_scalar_reads_at_every_reference),
        cmocka_unit_test(plain_global_counts_one_read_a_thread),
        cmocka_unit_test(volatile_shared_makes_the_shared_level),
        cmocka_unit_test(array_elements_are_not_kept),
        cmocka_unit_test(register_scalar_never_reaches_memory),
        cmocka_unit_test(bad_counts_are_named),
        cmocka_unit_test(plain_never_exceeds_the_references),
        cmocka_unit_test(shipped_models),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
