/* Unit tests for the trace reader (src/core/trace/trace_read.c): the
 * traces recorded with torch.profiler on an H200 (tests/data/trace/h200,
 * whose README counts their kernel events), read in chunks of every size
 * a stream gives; a small trace read byte by byte; and each way a file is
 * refused, with the byte it is refused at. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "trace_fields.h"
#include "trace_read.h"
#include "trace_fixture.h"

typedef struct {
    size_t events, kernels, memsets, launches, devices;
    gr_trace_event first_kernel;
    char first_kernel_name[256];
    int64_t sms, cc_major;
    char device_name[64];
} tally;

static bool count_event(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)err;
    tally *t = context;
    t->events++;
    t->memsets += e->kind == GR_TRACE_MEMSET;
    t->launches += e->kind == GR_TRACE_RUNTIME && strcmp(e->name, "cudaLaunchKernel") == 0;
    if (e->kind == GR_TRACE_KERNEL && t->kernels++ == 0) {
        t->first_kernel = *e;
        snprintf(t->first_kernel_name, sizeof t->first_kernel_name, "%s", e->name);
    }
    return true;
}

static bool count_device(void *context, const gr_trace_device *d, gr_error *err)
{
    (void)err;
    tally *t = context;
    t->devices++;
    t->sms = d->sms;
    t->cc_major = d->cc_major;
    snprintf(t->device_name, sizeof t->device_name, "%s", d->name);
    return true;
}

/* The recorded trace NAME, decompressed and fed chunk bytes at a time. */
static tally read_recorded(const char *name, unsigned chunk)
{
    tally t = {0};
    read_h200_trace(name, (gr_trace_handlers){&t, count_event, count_device}, chunk);
    return t;
}

/* Each trace's kernel events, as its README counts them, whatever the
 * chunks the bytes come in. */
static void recorded_traces_have_their_kernels(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        size_t kernels;
    } traces[] = {{"step-trace.json.gz", 163}, {"cnn-trace.json.gz", 358}, {"gpt2-50257-trace.json.gz", 144},
                  {"compiled-trace.json.gz", 126}, {"bert-trace.json.gz", 272}};
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        tally big = read_recorded(traces[i].file, 65536);
        tally small = read_recorded(traces[i].file, 7);
        assert_int_equal(big.kernels, traces[i].kernels);
        assert_int_equal(small.kernels, big.kernels);
        assert_int_equal(small.events, big.events);
        assert_int_equal(big.devices, 1);
        assert_string_equal(big.device_name, "NVIDIA H200");
        assert_int_equal(big.sms, 132);
        assert_int_equal(big.cc_major, 9);
    }
}

/* The step's first kernel, figure by figure as the file spells it. */
static void a_kernel_event_is_read_whole(void **state)
{
    (void)state;
    tally t = read_recorded("step-trace.json.gz", 4096);
    const gr_trace_event *k = &t.first_kernel;
    assert_non_null(strstr(t.first_kernel_name, "elementwise_kernel_with_index<int, at::native::arange_cuda_out"));
    assert_int_equal(k->ts_ns, 5078597825053950);
    assert_int_equal(k->dur_ns, 704);
    assert_int_equal(k->pid, 0);
    assert_int_equal(k->tid, 7);
    assert_int_equal(k->device, 0);
    assert_int_equal(k->stream, 7);
    assert_int_equal(k->correlation, 19);
    assert_int_equal(k->registers_per_thread, 16);
    assert_int_equal(k->shared_bytes, 0);
    assert_int_equal(k->grid[0], 8);
    assert_int_equal(k->grid[1], 1);
    assert_int_equal(k->block[0], 64);
    assert_float_equal(k->blocks_per_sm, 0.060606, 1e-12);
    assert_float_equal(k->est_achieved_occupancy_pct, 0, 0);
    assert_int_equal(t.memsets, 29);
    assert_true(t.launches > 0);
}

static const char small_trace[] =
    "{\"deviceProperties\": [{\"id\": 0, \"name\": \"G\", \"numSms\": 4}],\n"
    " \"other\": {\"traceEvents\": 1, \"x\": [[[[[[[[[[1]]]]]]]]]]},\n"
    " \"traceEvents\": [\n"
    "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\\u00e9\", \"pid\": 0, \"tid\": 7, \"ts\": 1.5, \"dur\": 2,\n"
    "   \"args\": {\"grid\": [2, 3, 4], \"block\": [32, 1, 1, 9], \"stream\": 7, \"extra\": {\"grid\": [5]}}},\n"
    "  {\"ph\": \"f\", \"cat\": \"kernel\", \"name\": \"flow\"},\n"
    "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": \"a string\", \"ts\": 3.1234567}\n"
    " ]}\n";

static bool keep_last(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)err;
    tally *t = context;
    t->events++;
    if (e->kind == GR_TRACE_KERNEL) {
        t->first_kernel = *e;
        snprintf(t->first_kernel_name, sizeof t->first_kernel_name, "%s", e->name);
    } else {
        t->first_kernel.ts_ns = e->ts_ns; /* the cpu_op's stamp, its pid below */
        t->first_kernel.pid = e->pid;
    }
    return true;
}

/* Byte by byte: only complete events come, what is nested elsewhere is
 * skipped, a grid's fourth number is not kept, a stamp past the ns is cut. */
static void a_small_trace_byte_by_byte(void **state)
{
    (void)state;
    tally t = {0};
    gr_trace_handlers h = {&t, keep_last, count_device};
    gr_trace_reader *r = gr_trace_reader_new("small.json", &h);
    gr_error err;
    for (size_t i = 0; i + 1 < sizeof small_trace; i++)
        assert_true(gr_trace_reader_feed(r, small_trace + i, 1, &err));
    assert_true(gr_trace_reader_finish(r, &err));
    gr_trace_reader_free(r);
    assert_int_equal(t.events, 2);
    assert_int_equal(t.devices, 1);
    assert_string_equal(t.first_kernel_name, "k\xc3\xa9");
    assert_int_equal(t.first_kernel.grid[2], 4);
    assert_int_equal(t.first_kernel.block[0], 32);
    assert_int_equal(t.first_kernel.dur_ns, 2000);
    assert_int_equal(t.first_kernel.ts_ns, 3123); /* the cpu_op's */
    assert_int_equal(t.first_kernel.pid, -1);
}

static void expect_refused(const char *text, const char *message)
{
    tally t = {0};
    gr_trace_handlers h = {&t, count_event, NULL};
    gr_trace_reader *r = gr_trace_reader_new("bad.json", &h);
    gr_error err;
    bool ok = gr_trace_reader_feed(r, text, strlen(text), &err) && gr_trace_reader_finish(r, &err);
    gr_trace_reader_free(r);
    assert_false(ok);
    if (!strstr(err.text, message))
        fail_msg("'%s' lacks '%s'", err.text, message);
}

static bool refuse(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)context;
    (void)e;
    return gr_error_set(err, "the caller stopped");
}

static void bad_traces_are_refused(void **state)
{
    (void)state;
    expect_refused("[]", "bad.json: byte 1: a trace is a JSON object, not an array");
    expect_refused("{\"traceEvents\": [", "bad.json: byte 17: not JSON");
    expect_refused("{\"traceEvents\": [}", "bad.json: byte 18: not JSON: parse error: unallowed token");
    expect_refused("{\"a\": 1}", "bad.json: no traceEvents");
    expect_refused("", "bad.json: byte 0: not JSON");
    gr_trace_handlers h = {NULL, refuse, NULL};
    gr_trace_reader *r = gr_trace_reader_new("stop.json", &h);
    gr_error err;
    const char *one = "{\"traceEvents\": [{\"ph\": \"X\"}]}";
    assert_false(gr_trace_reader_feed(r, one, strlen(one), &err));
    assert_string_equal(err.text, "stop.json: byte 28: the caller stopped");
    gr_trace_reader_free(r);
}

static void microseconds_become_nanoseconds(void **state)
{
    (void)state;
    int64_t ns;
    assert_true(gr_trace_us_to_ns("5078597825053.950", 17, &ns));
    assert_int_equal(ns, 5078597825053950);
    assert_true(gr_trace_us_to_ns("0.7049", 6, &ns));
    assert_int_equal(ns, 704);
    assert_true(gr_trace_us_to_ns("12", 2, &ns));
    assert_int_equal(ns, 12000);
    assert_false(gr_trace_us_to_ns("-1", 2, &ns));
    assert_false(gr_trace_us_to_ns("1e3", 3, &ns));
    assert_false(gr_trace_us_to_ns("99999999999999999999", 20, &ns));
    assert_false(gr_trace_us_to_ns("", 0, &ns));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(recorded_traces_have_their_kernels),
        cmocka_unit_test(a_kernel_event_is_read_whole),
        cmocka_unit_test(a_small_trace_byte_by_byte),
        cmocka_unit_test(bad_traces_are_refused),
        cmocka_unit_test(microseconds_become_nanoseconds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
