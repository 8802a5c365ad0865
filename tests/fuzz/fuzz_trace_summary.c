/* libFuzzer harness: the summary reader (what gpuroof trace --compare
 * reads), then the comparison of what it read with a rank of its own
 * beside it, whose figures must hold together: each rank's own time is
 * its span less its time in collectives (0 at least), its medians are of
 * the others, a straggler's own time is over theirs by more than the
 * limit's share of their step, the stragglers come slowest first, each
 * one's kernels over their median sum to what it says and the most over
 * come first, and the others' wait for it is their median time in
 * collectives less its own. */
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

#include "trace_ranks.h"
#include "trace_summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_straggler(const gr_trace_ranks *rs, const gr_trace_straggler *st)
{
    const gr_trace_rank *r = &rs->ranks[st->rank];
    double shown_ns = 0;
    if (!r->straggler || !(r->slower_ns > 0) || st->kernels_shown > st->kernels_slower ||
        st->kernels_shown > GR_TRACE_SLOWER_KERNELS)
        abort();
    for (size_t k = 0; k < st->kernels_shown; k++) {
        if (!(st->kernels[k].slower_ns > 0) || (k > 0 && st->kernels[k].slower_ns > st->kernels[k - 1].slower_ns))
            abort();
        shown_ns += st->kernels[k].slower_ns;
    }
    if (shown_ns > st->kernel_slower_ns * (1 + 1e-9) + 1e-6)
        abort();
    if (!(r->slower_ns > r->median_span_ns * rs->limit_pct / 100) ||
        st->collective_wait_ns != st->collective_median_ns - (double)r->time.collective_ns)
        abort();
}

/* A rank's own time and what it is held to. */
static void check_rank(const gr_trace_rank *r)
{
    int64_t own = r->time.span_ns - r->time.collective_ns;
    if (r->own_ns != (own > 0 ? (double)own : 0) || r->slower_ns != r->own_ns - r->median_own_ns)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_trace_ranks rs;
    gr_error err;
    gr_trace_ranks_init(&rs);
    gr_rank_time mine = {.span_ns = 1000, .busy_ns = 10, .kernel_ns = 10, .idle_ns = {990, 0, 0}};
    if (!gr_trace_rank_begin(&rs, "mine", NULL, &err) || !gr_trace_rank_kernel(&rs, "k", 1, 10, &err))
        abort();
    gr_trace_rank_device(&rs, &mine);
    if (gr_trace_summary_read(&rs, "fuzz.json", data, size, &err) && gr_trace_ranks_compare(&rs, &err)) {
        size_t flagged = 0;
        for (size_t i = 0; i < rs.count; i++) {
            flagged += rs.ranks[i].straggler;
            check_rank(&rs.ranks[i]);
        }
        if (flagged != rs.straggler_count)
            abort();
        for (size_t s = 0; s < rs.straggler_count; s++) {
            check_straggler(&rs, &rs.stragglers[s]);
            if (s > 0 && rs.ranks[rs.stragglers[s].rank].slower_ns > rs.ranks[rs.stragglers[s - 1].rank].slower_ns)
                abort();
        }
    }
    gr_trace_ranks_free(&rs);
    return 0;
}
