/* Unit tests for where a GPU's time went over a trace
 * (src/core/trace/trace_time.c): a worked example of each kind of idle
 * time; operations out of order within the window, and one past it; the
 * traces recorded on an H200 against an oracle written here, which keeps
 * every interval, sorts them and walks them once; and the union of a
 * rank's collectives (trace_collectives.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace_read.h"
#include "trace_fixture.h"
#include "trace_time.h"


static gr_trace_event call(int64_t correlation, int64_t start, int64_t end)
{
    gr_trace_event e = {.kind = GR_TRACE_RUNTIME, .name = "cudaLaunchKernel", .ts_ns = start, .dur_ns = end - start,
                        .correlation = correlation, .device = -1, .pid = 100, .stream = -1};
    return e;
}

static gr_trace_event op(int64_t correlation, int64_t start, int64_t end, int64_t stream)
{
    gr_trace_event e = {.kind = GR_TRACE_KERNEL, .name = "k", .ts_ns = start, .dur_ns = end - start,
                        .correlation = correlation, .device = 0, .pid = 0, .stream = stream};
    return e;
}

/* A [0,10) on stream 7; B [15,20), whose call returned at 12, after A
 * ended: 5 ns waiting for the host; C [30,40) on stream 8, called in time:
 * 10 ns waiting on another stream; D [42,50) on stream 8, called in time:
 * 2 ns other; E [44,46) inside D. */
static void each_kind_of_idle_time(void **state)
{
    (void)state;
    gr_trace_time t = {0};
    const gr_trace_event events[] = {call(1, 0, 1), call(2, 2, 12), call(3, 3, 5), call(4, 6, 7), call(5, 7, 8),
                                     op(1, 0, 10, 7), op(2, 15, 20, 7), op(4, 42, 50, 8), op(3, 30, 40, 8),
                                     op(5, 44, 46, 8)};
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        assert_true(gr_trace_time_add(&t, &events[i]));
    gr_trace_time_finish(&t);
    assert_int_equal(t.device_count, 1);
    const gr_trace_device_time *d = &t.devices[0];
    assert_int_equal(d->first_ns, 0);
    assert_int_equal(d->last_ns, 50);
    assert_int_equal(d->busy_ns, 10 + 5 + 10 + 8);
    assert_int_equal(d->idle_host_ns, 5);
    assert_int_equal(d->idle_stream_ns, 10);
    assert_int_equal(d->idle_other_ns, 2);
    assert_int_equal(gr_trace_idle_ns(d), 17);
    assert_int_equal(d->ops[GR_TRACE_OP_KERNEL], 5);
    assert_int_equal(d->op_ns[GR_TRACE_OP_KERNEL], 10 + 5 + 8 + 10 + 2);
    assert_int_equal(d->stream_count, 2);
    assert_int_equal(t.launch_calls, 5);
    assert_int_equal(t.launch_call_ns, 1 + 10 + 2 + 1 + 1);
    assert_int_equal(t.unmatched_ops, 0);
    gr_trace_time_free(&t);
}

/* Out of order within the window: the same figures as in order; one
 * operation behind the window's released start: counted late. */
static void the_window_puts_operations_in_order(void **state)
{
    (void)state;
    gr_trace_time ordered = {0}, shuffled = {0};
    const size_t n = 3 * GR_TRACE_WINDOW;
    for (size_t i = 0; i < n; i++) {
        gr_trace_event a = op(-1, (int64_t)(10 * i), (int64_t)(10 * i + 3 + i % 5), 7);
        size_t j = i ^ 7; /* neighbours swapped in eights */
        gr_trace_event b = op(-1, (int64_t)(10 * j), (int64_t)(10 * j + 3 + j % 5), 7);
        assert_true(gr_trace_time_add(&ordered, &a));
        assert_true(gr_trace_time_add(&shuffled, &b));
    }
    gr_trace_event late = op(-1, 5, 6, 7);
    assert_true(gr_trace_time_add(&shuffled, &late));
    gr_trace_time_finish(&ordered);
    gr_trace_time_finish(&shuffled);
    assert_int_equal(shuffled.devices[0].busy_ns, ordered.devices[0].busy_ns);
    assert_int_equal(shuffled.devices[0].idle_other_ns, ordered.devices[0].idle_other_ns);
    assert_int_equal(shuffled.devices[0].late_ops, 1);
    assert_int_equal(shuffled.devices[0].late_ns, 1);
    assert_int_equal(ordered.devices[0].late_ops, 0);
    assert_int_equal(ordered.unmatched_ops, n);
    gr_trace_time_free(&ordered);
    gr_trace_time_free(&shuffled);
}

/* ---- the oracle: every interval kept, sorted, walked ---- */

typedef struct {
    int64_t start, end, stream, correlation;
} interval;

typedef struct {
    gr_trace_time time;
    interval *ops;
    size_t count;
    int64_t *call_corr, *call_end;
    size_t calls;
} both;

static bool take(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)err;
    both *b = context;
    if (!gr_trace_time_add(&b->time, e))
        return false;
    if (e->ts_ns < 0 || e->dur_ns < 0)
        return true;
    if (e->kind == GR_TRACE_KERNEL || e->kind == GR_TRACE_MEMCPY || e->kind == GR_TRACE_MEMSET) {
        b->ops = realloc(b->ops, (b->count + 1) * sizeof *b->ops);
        b->ops[b->count++] = (interval){e->ts_ns, e->ts_ns + e->dur_ns, e->stream, e->correlation};
    } else if ((e->kind == GR_TRACE_RUNTIME || e->kind == GR_TRACE_DRIVER) && e->correlation >= 0) {
        b->call_corr = realloc(b->call_corr, (b->calls + 1) * sizeof *b->call_corr);
        b->call_end = realloc(b->call_end, (b->calls + 1) * sizeof *b->call_end);
        b->call_corr[b->calls] = e->correlation;
        b->call_end[b->calls++] = e->ts_ns + e->dur_ns;
    }
    return true;
}

static int by_start(const void *a, const void *b)
{
    const interval *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

static int64_t call_end(const both *b, int64_t correlation)
{
    int64_t end = -1;
    for (size_t i = 0; i < b->calls; i++)
        if (b->call_corr[i] == correlation)
            end = b->call_end[i];
    return end;
}

/* busy, host, stream, other: the oracle's walk over the sorted intervals */
static void oracle(both *b, int64_t out[4])
{
    qsort(b->ops, b->count, sizeof *b->ops, by_start);
    int64_t cur_start = b->ops[0].start, cur_end = b->ops[0].end, stream = b->ops[0].stream;
    memset(out, 0, 4 * sizeof *out);
    for (size_t i = 1; i < b->count; i++) {
        const interval *o = &b->ops[i];
        if (o->start <= cur_end) {
            if (o->end >= cur_end)
                cur_end = o->end, stream = o->stream;
            continue;
        }
        out[0] += cur_end - cur_start;
        int64_t gap = o->start - cur_end;
        out[call_end(b, o->correlation) > cur_end ? 1 : o->stream != stream ? 2 : 3] += gap;
        cur_start = o->start, cur_end = o->end, stream = o->stream;
    }
    out[0] += cur_end - cur_start;
}

static void recorded_traces_match_the_oracle(void **state)
{
    (void)state;
    static const char *const traces[] = {"step-trace.json.gz", "cnn-trace.json.gz", "gpt2-50257-trace.json.gz",
                                         "compiled-trace.json.gz", "bert-trace.json.gz"};
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; i++) {
        both b = {0};
        read_h200_trace(traces[i], (gr_trace_handlers){&b, take, NULL}, 65536);
        gr_trace_time_finish(&b.time);
        int64_t want[4];
        oracle(&b, want);
        const gr_trace_device_time *d = &b.time.devices[0];
        assert_int_equal(b.time.device_count, 1);
        assert_int_equal(d->busy_ns, want[0]);
        assert_int_equal(d->idle_host_ns, want[1]);
        assert_int_equal(d->idle_stream_ns, want[2]);
        assert_int_equal(d->idle_other_ns, want[3]);
        assert_int_equal(gr_trace_idle_ns(d), want[1] + want[2] + want[3]);
        assert_int_equal(d->late_ops, 0);
        assert_int_equal(b.time.unmatched_ops, 0);
        assert_true(d->idle_host_ns > 0);
        free(b.ops), free(b.call_corr), free(b.call_end);
        gr_trace_time_free(&b.time);
    }
}

static gr_trace_event range(gr_trace_kind kind, const char *name, int64_t start, int64_t end)
{
    gr_trace_event e = {.kind = kind, .name = name, .ts_ns = start, .dur_ns = end - start, .correlation = -1,
                        .device = kind == GR_TRACE_KERNEL ? 0 : -1, .pid = 100, .stream = 7};
    return e;
}

/* The time in collectives is their union: gloo:all_reduce [10,50) and
 * [30,70) (two buckets overlapping, out of order in the trace: 60, not
 * 80), nccl:all_gather [100,110), an NCCL kernel [105,120) overlapping it
 * (110 to 120 more: 10), so 60 + 20 = 80.  Not collectives: the launch
 * (c10d::allreduce_, a CPU operator), another annotation, a GPU
 * annotation of the same name (Kineto's "gpu_user_annotation", not a host
 * range) and another kernel. */
static void collectives_are_a_union(void **state)
{
    (void)state;
    gr_trace_time t = {0};
    const gr_trace_event events[] = {
        range(GR_TRACE_ANNOTATION, "gloo:all_reduce", 30, 70),  range(GR_TRACE_ANNOTATION, "gloo:all_reduce", 10, 50),
        range(GR_TRACE_OTHER, "c10d::allreduce_", 0, 200),      range(GR_TRACE_ANNOTATION, "Optimizer.step", 0, 300),
        range(GR_TRACE_OTHER, "gloo:all_reduce", 200, 300),     range(GR_TRACE_ANNOTATION, "nccl:all_gather", 100, 110),
        range(GR_TRACE_KERNEL, "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 105, 120),
        range(GR_TRACE_KERNEL, "gemm", 0, 400),
    };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        assert_true(gr_trace_time_add(&t, &events[i]));
    gr_trace_time_finish(&t);
    assert_int_equal(t.collectives.ranges, 4);
    assert_int_equal(t.collectives.late, 0);
    assert_int_equal(t.collectives.union_ns, 80);
    gr_trace_time_finish(&t); /* a second end adds nothing */
    assert_int_equal(t.collectives.union_ns, 80);
    gr_trace_time_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_kind_of_idle_time),
        cmocka_unit_test(the_window_puts_operations_in_order),
        cmocka_unit_test(recorded_traces_match_the_oracle),
        cmocka_unit_test(collectives_are_a_union),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
