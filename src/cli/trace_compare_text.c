/* The ranks of a job compared, as text (trace_ranks.h): a table of each
 * rank's step, busy and idle time, then the straggler in words with its
 * figures: what took longer there than on the others. */
#include <math.h>
#include <stdio.h>
#include "trace_output.h"
#include "trace_compare.h"

/* Up to this many ranks, a row each; more, the stragglers' rows alone
 * (--json lists every rank). */
#define RANKS_TABLE_MAX 16

/* The stragglers told in full, slowest first; the rest are named. */
#define STRAGGLERS_TOLD 8

/* Each kind of idle time (gr_rank_idle), and each cause (gr_rank_cause), in words. */
static const char *const waits[GR_RANK_IDLE_KINDS] = {"waited for the host", "waited on another stream",
                                                      "was otherwise idle"};
static const char *const causes[] = {"its kernels", "waiting for the host", "waiting on another stream",
                                     "other idle time", "the other ranks' wait for it, in collectives"};

static const char *duration_of(double ns, out_figure *f)
{
    *f = trace_duration((int64_t)llround(ns));
    return f->text;
}

static void print_rank(const gr_trace_ranks *rs, size_t i)
{
    const gr_trace_rank *r = &rs->ranks[i];
    out_figure f[6];
    printf("  %5zu%c %10s %10s %10s %10s %10s", i, r->straggler ? '*' : ' ',
           duration_of((double)r->time.span_ns, &f[0]), duration_of((double)r->time.busy_ns, &f[1]),
           duration_of((double)r->time.idle_ns[GR_RANK_IDLE_HOST], &f[2]),
           duration_of((double)r->time.idle_ns[GR_RANK_IDLE_STREAM], &f[3]),
           duration_of((double)r->time.idle_ns[GR_RANK_IDLE_OTHER], &f[4]));
    if (rs->collectives)
        printf(" %11s", duration_of((double)r->time.collective_ns, &f[5]));
    printf(" %9s  %s%s%s\n", isnan(r->slower_share) ? "-" : OUT_PCT(r->slower_share), r->file,
           r->summary ? " in " : "", r->summary ? r->summary : "");
}

static void print_table(const gr_trace_ranks *rs)
{
    bool all = rs->count <= RANKS_TABLE_MAX;
    if (rs->collectives)
        printf("%zu ranks; a rank's step is the span of its GPU activity, its own time the step less its time in "
               "collectives, held against the median of the other ranks' (*: a straggler, over it by more than "
               "%g%% of their step)%s:\n",
               rs->count, rs->limit_pct, all ? "" : "; the stragglers' rows (--json lists every rank)");
    else
        printf("%zu ranks; a rank's step is the span of its GPU activity, held against the median of the other "
               "ranks' (*: a straggler, more than %g%% over it)%s:\n",
               rs->count, rs->limit_pct, all ? "" : "; the stragglers' rows (--json lists every rank)");
    if (!all && rs->straggler_count == 0)
        return;
    printf("  %6s %10s %10s %10s %10s %10s", "rank", "step", "busy", "idle: host", "stream", "other");
    if (rs->collectives)
        printf(" %11s", "collectives");
    printf(" %9s  %s\n", "over", "trace");
    for (size_t i = 0; i < rs->count; i++)
        if (all || rs->ranks[i].straggler)
            print_rank(rs, i);
}

/* "its kernels took 1.2 ms longer than the other ranks' median of each
 * (3 kernels), most: NAME 2 ms against 1 ms (+1 ms); ..." */
static void print_kernels(const gr_trace_straggler *st)
{
    out_figure f[3];
    if (st->kernels_slower == 0) {
        printf("  none of its kernels took longer than the other ranks' median of it\n");
        return;
    }
    printf("  its kernels took %s longer than the other ranks' median of each, %zu kernel%s in all; most:\n",
           duration_of(st->kernel_slower_ns, &f[0]), st->kernels_slower, out_plural((long long)st->kernels_slower));
    for (size_t k = 0; k < st->kernels_shown; k++) {
        const gr_rank_kernel_slower *ks = &st->kernels[k];
        if (ks->median_ns > 0)
            printf("    %s against %s (+%s): %s\n", duration_of((double)ks->time_ns, &f[0]),
                   duration_of(ks->median_ns, &f[1]), duration_of(ks->slower_ns, &f[2]), ks->name);
        else
            printf("    %s, where most other ranks launch it not at all: %s\n", duration_of((double)ks->time_ns, &f[0]),
                   ks->name);
    }
}

/* Each kind of idle time longer than the others' median of it. */
static void print_idle(const gr_trace_straggler *st, const gr_trace_rank *r)
{
    out_figure f[3];
    for (int k = 0; k < GR_RANK_IDLE_KINDS; k++)
        if (st->idle_slower_ns[k] > 0)
            printf("  it %s %s against the other ranks' median of %s (+%s)\n", waits[k],
                   duration_of((double)r->time.idle_ns[k], &f[0]), duration_of(st->idle_median_ns[k], &f[1]),
                   duration_of(st->idle_slower_ns[k], &f[2]));
}

/* "its own time (its step of 230 ms less 190 ms in collectives) was 40
 * ms, 27 ms longer than the other ranks' median of 12 ms (12% of their
 * step of 231 ms)" */
static void print_own_time(const gr_trace_rank *r)
{
    out_figure f[6];
    printf("its own time (its step of %s less %s in collectives) was %s, %s longer than the other ranks' median "
           "of %s (%s of their step of %s)",
           duration_of((double)r->time.span_ns, &f[0]), duration_of((double)r->time.collective_ns, &f[1]),
           duration_of(r->own_ns, &f[2]), duration_of(r->slower_ns, &f[3]), duration_of(r->median_own_ns, &f[4]),
           isnan(r->slower_share) ? "-" : OUT_PCT(r->slower_share), duration_of(r->median_span_ns, &f[5]));
}

static void print_straggler(const gr_trace_ranks *rs, const gr_trace_straggler *st, const char *title)
{
    const gr_trace_rank *r = &rs->ranks[st->rank];
    out_figure f[3];
    printf("%s: rank %zu (%s): ", title, st->rank, r->file);
    if (rs->collectives)
        print_own_time(r);
    else
        printf("its step took %s, %s (%s) longer than the other ranks' median of %s",
               duration_of((double)r->time.span_ns, &f[0]), duration_of(r->slower_ns, &f[1]),
               isnan(r->slower_share) ? "-" : OUT_PCT(r->slower_share), duration_of(r->median_span_ns, &f[2]));
    printf("; it spends the most extra time on %s:\n", causes[st->cause]);
    if (st->collective_wait_ns > 0)
        printf("  the other ranks wait for it: %s more in collectives than it (%s against the other ranks' "
               "median of %s)\n",
               duration_of(st->collective_wait_ns, &f[0]), duration_of((double)r->time.collective_ns, &f[1]),
               duration_of(st->collective_median_ns, &f[2]));
    print_kernels(st);
    print_idle(st, r);
}

void trace_compare_print_text(const gr_trace_ranks *rs)
{
    print_table(rs);
    if (rs->straggler_count == 0) {
        if (rs->collectives)
            printf("No straggler: no rank's own time is over the other ranks' median by more than %g%% of their "
                   "step\n",
                   rs->limit_pct);
        else
            printf("No straggler: every rank's step is within %g%% of the median of the other ranks'\n",
                   rs->limit_pct);
        return;
    }
    print_straggler(rs, &rs->stragglers[0], "Straggler");
    for (size_t s = 1; s < rs->straggler_count && s < STRAGGLERS_TOLD; s++)
        print_straggler(rs, &rs->stragglers[s], "Also a straggler");
    if (rs->straggler_count > STRAGGLERS_TOLD) {
        printf("%zu more stragglers (--json tells each):", rs->straggler_count - STRAGGLERS_TOLD);
        for (size_t s = STRAGGLERS_TOLD; s < rs->straggler_count; s++)
            printf(" %zu%s", rs->stragglers[s].rank, s + 1 < rs->straggler_count ? "," : "\n");
    }
    printf("gpuroof trace FILE shows one rank's GPU time and kernels.\n");
}
