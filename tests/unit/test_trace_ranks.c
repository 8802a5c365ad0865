/* Unit tests for the ranks of a job compared (src/core/trace/trace_ranks.c)
 * and the summaries they are read back from (trace_summary.c): worked
 * examples whose medians, stragglers and reasons are worked out by hand
 * in the comments; a real trace taken as a rank and as its summary alike. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace_fixture.h"
#include "trace_ranks.h"
#include "trace_run.h"
#include "trace_summary.h"

/* A rank of one GPU: span, host idle, and kernels given as name, time pairs
 * (NULL ends them); busy and kernel time their sum, so that its list is whole. */
static void add_rank(gr_trace_ranks *rs, const char *file, int64_t span_ns, int64_t host_ns, ...)
{
    gr_error err;
    gr_rank_time t = {.span_ns = span_ns, .idle_ns = {host_ns, 0, 0}};
    va_list ap;
    assert_true(gr_trace_rank_begin(rs, file, NULL, &err));
    va_start(ap, host_ns);
    for (const char *name; (name = va_arg(ap, const char *));) {
        int64_t time_ns = va_arg(ap, int64_t);
        t.kernel_ns += time_ns;
        assert_true(gr_trace_rank_kernel(rs, name, 1, time_ns, &err));
    }
    va_end(ap);
    t.busy_ns = t.kernel_ns;
    gr_trace_rank_device(rs, &t);
}

#define NS(x) ((int64_t)(x))

/* Spans 100, 100, 102, 130, 100.  Rank 3: the others' median is
 * (100 + 100) / 2 = 100, so 30 over (30%): a straggler.  Rank 2: the
 * others' are 100, 100, 100, 130, median 100: 2% over, not one.  Rank 3's
 * gemm takes 60 against the others' 40 (+20), its extra kernel 5 where
 * the others (whole lists) launch none (median 0: +5), its copy 10 as the
 * others' (not slower); it waits for the host 60 against 50 (+10).  Its
 * kernels, 25 in all, are the cause. */
static void one_straggler_and_why(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    add_rank(&rs, "r0", NS(100), NS(50), "gemm", NS(40), "copy", NS(10), NULL);
    add_rank(&rs, "r1", NS(100), NS(50), "gemm", NS(40), "copy", NS(10), NULL);
    add_rank(&rs, "r2", NS(102), NS(52), "copy", NS(10), "gemm", NS(40), NULL);
    add_rank(&rs, "r3", NS(130), NS(60), "gemm", NS(60), "extra", NS(5), "copy", NS(10), NULL);
    add_rank(&rs, "r4", NS(100), NS(50), "gemm", NS(40), "copy", NS(10), NULL);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_int_equal(rs.straggler_count, 1);
    const gr_trace_straggler *st = &rs.stragglers[0];
    assert_int_equal(st->rank, 3);
    assert_true(rs.ranks[3].straggler && !rs.ranks[2].straggler);
    assert_true(rs.ranks[3].median_span_ns == 100 && rs.ranks[3].slower_ns == 30);
    assert_true(fabs(rs.ranks[3].slower_share - 0.3) < 1e-12);
    assert_true(rs.ranks[2].median_span_ns == 100 && rs.ranks[2].slower_ns == 2);
    assert_true(rs.ranks[0].median_span_ns == 101); /* 100, 100, 102, 130 */
    assert_int_equal(st->kernels_slower, 2);
    assert_true(st->kernel_slower_ns == 25);
    assert_int_equal(st->kernels_shown, 2);
    assert_string_equal(st->kernels[0].name, "gemm");
    assert_true(st->kernels[0].time_ns == 60 && st->kernels[0].median_ns == 40 && st->kernels[0].slower_ns == 20);
    assert_string_equal(st->kernels[1].name, "extra");
    assert_true(st->kernels[1].median_ns == 0 && st->kernels[1].slower_ns == 5);
    assert_true(st->idle_median_ns[GR_RANK_IDLE_HOST] == 50 && st->idle_slower_ns[GR_RANK_IDLE_HOST] == 10);
    assert_int_equal(st->cause, GR_RANK_CAUSE_KERNELS);
    gr_trace_ranks_free(&rs);
}

/* A rank of a synchronous job: span, time in collectives, one kernel k of
 * 20 and 100 idle waiting for the host. */
static void add_synchronous_rank(gr_trace_ranks *rs, const char *file, int64_t span_ns, int64_t collective_ns)
{
    gr_error err;
    gr_rank_time t = {.span_ns = span_ns, .busy_ns = 20, .kernel_ns = 20, .idle_ns = {100, 0, 0}};
    assert_true(gr_trace_rank_begin(rs, file, NULL, &err));
    assert_true(gr_trace_rank_kernel(rs, "k", 1, 20, &err));
    gr_trace_rank_device(rs, &t);
    gr_trace_rank_collectives(rs, collective_ns);
}

/* The steps of a synchronous job agree (200, 201, 200: none is 5% over
 * the others'), and the straggler is the rank the others wait for.  Own
 * times, the span less the collectives (150, 110, 152): 50, 91, 48.
 * Rank 1: the others' median own time is (50 + 48) / 2 = 49, its own 42
 * over, which is 21% of the others' median step (200): a straggler.
 * Rank 0: the others' median is (91 + 48) / 2 = 69.5, 19.5 under.  The
 * others wait for rank 1 (150 + 152) / 2 - 110 = 41 more in collectives;
 * its kernel and idle time are the others', so that wait is the cause.
 * Then two ranks whose own times are 12 and 21 (spans 200, collectives
 * 188 and 179): 21 is 75% over 12, but the 9 the other waits is 4.5% of
 * its step: no straggler.  Last, a rank's collectives longer than its
 * span (ranges outside its GPU activity): its own time is 0, not less. */
static void the_straggler_is_the_rank_the_others_wait_for(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    add_synchronous_rank(&rs, "r0", 200, 150);
    add_synchronous_rank(&rs, "r1", 201, 110);
    add_synchronous_rank(&rs, "r2", 200, 152);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_true(rs.collectives);
    assert_int_equal(rs.straggler_count, 1);
    const gr_trace_rank *r1 = &rs.ranks[1];
    assert_true(r1->own_ns == 91 && r1->median_own_ns == 49 && r1->slower_ns == 42 && r1->median_span_ns == 200);
    assert_true(fabs(r1->slower_share - 0.21) < 1e-12);
    assert_true(rs.ranks[0].own_ns == 50 && rs.ranks[0].median_own_ns == 69.5 && rs.ranks[0].slower_ns == -19.5);
    const gr_trace_straggler *st = &rs.stragglers[0];
    assert_int_equal(st->rank, 1);
    assert_true(st->collective_median_ns == 151 && st->collective_wait_ns == 41);
    assert_true(st->kernel_slower_ns == 0 && st->idle_slower_ns[GR_RANK_IDLE_HOST] == 0);
    assert_int_equal(st->cause, GR_RANK_CAUSE_COLLECTIVES);
    assert_string_equal(gr_rank_cause_name(st->cause), "collectives");
    gr_trace_ranks_free(&rs);
    add_synchronous_rank(&rs, "a", 200, 188);
    add_synchronous_rank(&rs, "b", 200, 179);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_true(rs.ranks[1].slower_ns == 9 && fabs(rs.ranks[1].slower_share - 0.045) < 1e-12);
    assert_int_equal(rs.straggler_count, 0);
    gr_trace_ranks_free(&rs);
    add_synchronous_rank(&rs, "outside", 100, 120);
    add_synchronous_rank(&rs, "c", 100, 0);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_true(rs.ranks[0].own_ns == 0 && rs.ranks[1].own_ns == 100 && rs.ranks[1].straggler);
    gr_trace_ranks_free(&rs);
}

/* A kernel a rank whose list is cut (--top) does not list is unknown
 * there, not 0: rank d's x (30) is held to the median of a's 0 (a whole
 * list without it) and b's 10, which is 5; c's list is cut (its kernels
 * add up to less than its kernel time) and counts for nothing.  Counted
 * as 0 it would make the median 0. */
static void a_cut_list_is_unknown_not_zero(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    add_rank(&rs, "a", NS(100), NS(0), "y", NS(40), NULL);
    add_rank(&rs, "b", NS(100), NS(0), "y", NS(30), "x", NS(10), NULL);
    assert_true(gr_trace_rank_begin(&rs, "c", NULL, &err));
    assert_true(gr_trace_rank_kernel(&rs, "y", 1, 40, &err));
    gr_trace_rank_device(&rs, &(gr_rank_time){.span_ns = 100, .busy_ns = 50, .kernel_ns = 50});
    add_rank(&rs, "d", NS(200), NS(0), "y", NS(40), "x", NS(30), NULL);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_true(rs.ranks[0].kernels_whole && !rs.ranks[2].kernels_whole);
    assert_int_equal(rs.straggler_count, 1);
    const gr_trace_straggler *st = &rs.stragglers[0];
    assert_int_equal(st->rank, 3);
    assert_int_equal(st->kernels_slower, 1);
    assert_string_equal(st->kernels[0].name, "x");
    assert_true(st->kernels[0].median_ns == 5 && st->kernels[0].slower_ns == 25);
    gr_trace_ranks_free(&rs);
}

/* Several stragglers, slowest first, the cause of each its own: one waits
 * for the host, one has seven slower kernels of which the five most
 * over are kept, in order. */
static void stragglers_slowest_first(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    for (int i = 0; i < 5; i++)
        add_rank(&rs, "even", NS(100), NS(20), "a", NS(1), "b", NS(1), "c", NS(1), "d", NS(1), "e", NS(1), "f",
                 NS(1), "g", NS(1), NULL);
    add_rank(&rs, "host", NS(150), NS(70), "a", NS(1), "b", NS(1), "c", NS(1), "d", NS(1), "e", NS(1), "f", NS(1),
             "g", NS(1), NULL);
    add_rank(&rs, "kernels", NS(129), NS(20), "a", NS(2), "b", NS(8), "c", NS(4), "d", NS(7), "e", NS(3), "f", NS(6),
             "g", NS(5), NULL);
    assert_true(gr_trace_ranks_compare(&rs, &err));
    assert_int_equal(rs.straggler_count, 2);
    assert_int_equal(rs.stragglers[0].rank, 5);
    assert_int_equal(rs.stragglers[0].cause, GR_RANK_CAUSE_HOST);
    assert_true(rs.stragglers[0].idle_slower_ns[GR_RANK_IDLE_HOST] == 50);
    const gr_trace_straggler *st = &rs.stragglers[1];
    assert_int_equal(st->rank, 6);
    assert_int_equal(st->cause, GR_RANK_CAUSE_KERNELS);
    assert_int_equal(st->kernels_slower, 7);
    assert_true(st->kernel_slower_ns == 1 + 7 + 3 + 6 + 2 + 5 + 4);
    assert_int_equal(st->kernels_shown, GR_TRACE_SLOWER_KERNELS);
    const char *order = "bdfgc";
    for (int k = 0; k < GR_TRACE_SLOWER_KERNELS; k++)
        assert_int_equal(st->kernels[k].name[0], order[k]);
    gr_trace_ranks_free(&rs);
}

static void fewer_than_two_ranks(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    assert_false(gr_trace_ranks_compare(&rs, &err));
    assert_string_equal(err.text, "0 ranks to compare: two or more");
    add_rank(&rs, "one", NS(1), NS(0), NULL);
    assert_false(gr_trace_ranks_compare(&rs, &err));
    assert_string_equal(err.text, "1 rank to compare: two or more");
    gr_trace_ranks_free(&rs);
}

/* ---- summaries ------------------------------------------------------------- */

static bool read_text(gr_trace_ranks *rs, const char *text, gr_error *err)
{
    return gr_trace_summary_read(rs, "s.json", text, strlen(text), err);
}

/* One trace's summary and several ranks', each key the reader keeps; the
 * others (and their order) passed over. */
static void summaries_read(void **state)
{
    (void)state;
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    assert_true(read_text(&rs,
                          "{\"gpu\": [1, {\"x\": null}], \"collective_ns\": 42, \"kernels\": [{\"limits\": {}, \"time_ns\": 7, \"launches\": 2,"
                          " \"kernel\": \"k\"}], \"devices\": [{\"start_ns\": 1000, \"end_ns\": 1100, \"busy_ns\": 9,"
                          " \"kernel_ns\": 7, \"idle\": {\"host_ns\": 80, \"stream_ns\": 1, \"other_ns\": 10}},"
                          " {\"start_ns\": 0, \"end_ns\": 50, \"busy_ns\": 1, \"kernel_ns\": 0,"
                          " \"idle\": {\"host_ns\": 49, \"stream_ns\": 0, \"other_ns\": 0}}], \"file\": \"t.json\"}",
                          &err));
    assert_int_equal(rs.count, 1);
    const gr_trace_rank *r = &rs.ranks[0];
    assert_string_equal(r->file, "t.json");
    assert_string_equal(r->summary, "s.json");
    assert_true(r->time.span_ns == 100 && r->time.busy_ns == 10 && r->time.kernel_ns == 7);
    assert_true(r->time.idle_ns[GR_RANK_IDLE_HOST] == 129 && r->time.idle_ns[GR_RANK_IDLE_STREAM] == 1);
    assert_true(r->time.collective_ns == 42); /* at the top, before the rank's first key */
    assert_int_equal(r->kernel_count, 1);
    assert_string_equal(r->kernels[0].name, "k");
    assert_true(r->kernels[0].launches == 2 && r->kernels[0].time_ns == 7);
    assert_true(read_text(&rs,
                          "{\"ranks\": [{\"rank\": 0, \"file\": \"a\", \"span_ns\": 5, \"busy_ns\": 4, \"kernel_ns\": 3,"
                          " \"idle\": {\"host_ns\": 1, \"stream_ns\": 0, \"other_ns\": 0}, \"kernels\": [],"
                          " \"collective_ns\": 2}, {\"file\": \"b\", \"span_ns\": 5, \"busy_ns\": 4, \"kernel_ns\": 3,"
                          " \"idle\": {\"host_ns\": 1, \"stream_ns\": 0, \"other_ns\": 0}, \"kernels\": []}]}",
                          &err));
    assert_int_equal(rs.count, 3);
    assert_string_equal(rs.ranks[1].file, "a");
    assert_true(rs.ranks[1].time.span_ns == 5 && rs.ranks[1].kernel_count == 0);
    assert_true(rs.ranks[1].time.collective_ns == 2 && rs.ranks[2].time.collective_ns == 0); /* absent: 0 */
    gr_trace_ranks_free(&rs);
}

/* Each way a summary is not one: its error line. */
static void summaries_refused(void **state)
{
    (void)state;
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"[]", "s.json: byte 1: not a JSON object: not a summary as gpuroof trace --json writes one"},
        {"{\"traceEvents\": []}", "s.json: byte 17: traceEvents: a trace, not a summary: --compare reads what gpuroof "
                                  "trace --json writes (gpuroof trace FILE... without --compare reads traces)"},
        {"{\"x\": 1}", "s.json: byte 8: neither devices and kernels (one trace's) nor ranks (several traces'): not a "
                       "summary as gpuroof trace --json writes one"},
        {"{\"ranks\": [3]}", "s.json: byte 12: ranks[0]: not an object: not a summary as gpuroof trace --json "
                             "writes one"},
        {"{\"ranks\": {}}", "s.json: byte 11: ranks is not a list: not a summary as gpuroof trace --json writes one"},
        {"{\"file\": \"f\", \"file\": \"g\"}", "s.json: byte 25: file is given twice: not a summary as gpuroof trace "
                                            "--json writes one"},
        {"{\"kernels\": [{\"kernel\": \"k\", \"launches\": 1.5}]}", "s.json: byte 44: kernels[0]: launches is not a "
                                                              "whole number from 0 to 10^15: not a summary as "
                                                              "gpuroof trace --json writes one"},
        {"{\"kernels\": [{\"kernel\": \"k\", \"launches\": 1}]}", "s.json: byte 43: kernels[0]: time_ns is missing: "
                                                            "not a summary as gpuroof trace --json writes one"},
        {"{\"devices\": [{\"start_ns\": 9, \"end_ns\": 8, \"busy_ns\": 0, \"kernel_ns\": 0, \"idle\": {\"host_ns\":"
         " 0, \"stream_ns\": 0, \"other_ns\": 0}}]}",
         "s.json: byte 126: devices[0]: end_ns is before start_ns, or more than 10^15 ns after it: not a summary as "
         "gpuroof trace --json writes one"},
        {"{\"ranks\": [{\"idle\": {\"host_ns\": 99999999999999999999}}]}",
         "s.json: byte 52: ranks[0]: host_ns is not a whole number from 0 to 10^15: not a summary as gpuroof trace "
         "--json writes one"},
        {"{\"ranks\": [{\"collective_ns\": -1}]}",
         "s.json: byte 31: ranks[0]: collective_ns is not a whole number from 0 to 10^15: not a summary as gpuroof "
         "trace --json writes one"},
        {"{\"ranks\": [", "s.json: byte 11: not JSON: parse error: premature EOF"},
    };
    size_t wrong = 0; /* each case's line shown where it differs, then failed once */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_trace_ranks rs;
        gr_error err = {""};
        gr_trace_ranks_init(&rs);
        if (read_text(&rs, cases[i].text, &err) || strcmp(err.text, cases[i].error) != 0) {
            printf("# %s\n#   got:      %s\n#   expected: %s\n", cases[i].text, err.text, cases[i].error);
            wrong++;
        }
        gr_trace_ranks_free(&rs);
    }
    assert_int_equal(wrong, 0);
}

/* A real trace taken as a rank, and as the summary gpuroof trace --json
 * writes of it (its figures as that summary holds them), agree. */
static void a_trace_and_its_summary_agree(void **state)
{
    (void)state;
    gr_trace_run run;
    gr_trace_ranks rs;
    gr_error err;
    assert_true(gr_trace_run_init(&run, NULL, NULL, &err));
    read_h200_trace("step-trace.json.gz", gr_trace_run_handlers(&run), 65536);
    gr_trace_run_finish(&run);
    gr_trace_ranks_init(&rs);
    assert_true(gr_trace_ranks_add_run(&rs, &run, "step", &err));
    const gr_trace_rank *r = &rs.ranks[0];
    /* tests/cli/trace.sh's figures of the same trace */
    assert_true(r->time.span_ns == 16453406 && r->time.busy_ns == 3284111 && r->time.kernel_ns == 3258381);
    assert_true(r->time.idle_ns[GR_RANK_IDLE_HOST] == 13142480 && r->time.idle_ns[GR_RANK_IDLE_OTHER] == 26815);
    assert_int_equal(r->kernel_count, run.kernels.count);
    int64_t listed = 0;
    for (size_t k = 0; k < r->kernel_count; k++)
        listed += r->kernels[k].time_ns;
    assert_true(listed == r->time.kernel_ns); /* whole: every kernel listed */
    gr_trace_run_free(&run);
    gr_trace_ranks_free(&rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_straggler_and_why),   cmocka_unit_test(a_cut_list_is_unknown_not_zero),
        cmocka_unit_test(stragglers_slowest_first), cmocka_unit_test(fewer_than_two_ranks),
        cmocka_unit_test(summaries_read),          cmocka_unit_test(summaries_refused),
        cmocka_unit_test(a_trace_and_its_summary_agree),
        cmocka_unit_test(the_straggler_is_the_rank_the_others_wait_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
