/* Several ranks of one job (a torchrun job's: one trace a rank), each kept
 * as their comparison needs it, and the comparison: each rank's step time
 * (the span of its GPU activity), busy and idle time, and each of its
 * kernels' launches and time; memory holds the kernels times the ranks,
 * never the events.  A rank comes from a trace read here
 * (gr_trace_ranks_add_run) or from the summary gpuroof trace --json wrote
 * of it on the node where the trace was (gr_trace_rank_begin and
 * gr_trace_rank_kernel): at a cluster's scale the traces never travel.
 * gr_trace_ranks_compare is the one comparison of both.
 *
 * A rank is held against the median of the others, not their mean, so
 * that a few stragglers do not move the figure they are held to; it is a
 * straggler where its own time is over that median by more than
 * GR_TRACE_STRAGGLER_PCT of the others' median step, and the slowest of
 * those is the job's straggler.  A rank's own time is its step less its
 * wall time in collectives (trace_collectives.h): in a synchronous job
 * every rank's step ends at the same all-reduce, so that the steps agree
 * and the straggler is the rank the others wait for, the one that spends
 * the least time in collectives; where no rank has any, its own time is
 * its step.  The limit is a share of the step, not of the own time, for
 * what a straggler costs the others is their wait, and that is a share of
 * their step.  What makes a straggler slower is said in the figures that
 * add up to a step: its kernels that took longer than the others' median
 * of each (a kernel a rank does not launch counts 0 there, where the
 * rank's summary lists every kernel), its idle time waiting for the host,
 * on another stream or otherwise, each against the others' median, and
 * the others' wait for it: the others' median time in collectives less
 * its own. */
#ifndef GPUROOF_TRACE_RANKS_H
#define GPUROOF_TRACE_RANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "trace_run.h"

/* The ranks one comparison takes: a job of 12,500 nodes of 8 GPUs, as
 * measure --compare takes GPUs (GR_NODE_MAX_GPUS). */
#define GR_TRACE_MAX_RANKS 100000

/* How far over the median of the others a rank's step time (its own
 * time, where ranks have collectives) may be before it is named a
 * straggler, in percent of the others' median step.  A judgement, not a
 * published figure: the steps of a data-parallel job end at the same
 * collective, so that their spans differ by the jitter of the launches (a
 * few tenths of a percent between the traces recorded here of one
 * program), and a rank 5% slower costs every other rank 5% of the step. */
#define GR_TRACE_STRAGGLER_PCT 5.0

/* The largest time a summary may give, in ns: 10^15 ns is eleven days,
 * past any step, and a rank's figures summed over its GPUs stay exact
 * in a double and far from int64_t's end. */
#define GR_TRACE_RANK_MAX_NS 1000000000000000LL

/* The kernels a straggler's reason names, those most over the others' median first. */
#define GR_TRACE_SLOWER_KERNELS 5

typedef enum { GR_RANK_IDLE_HOST, GR_RANK_IDLE_STREAM, GR_RANK_IDLE_OTHER, GR_RANK_IDLE_KINDS } gr_rank_idle;

/* What makes a straggler slower, most: its kernels, one kind of idle
 * time, or (collectives) the others' wait for it, where its own figures
 * say less. */
typedef enum {
    GR_RANK_CAUSE_KERNELS,
    GR_RANK_CAUSE_HOST,
    GR_RANK_CAUSE_STREAM,
    GR_RANK_CAUSE_OTHER,
    GR_RANK_CAUSE_COLLECTIVES
} gr_rank_cause;

typedef struct {
    char *name;
    size_t launches;
    int64_t time_ns;
} gr_rank_kernel;

/* A rank's time, or one GPU's of it. */
typedef struct {
    int64_t span_ns; /* from its first operation's start to its last's end */
    int64_t busy_ns, kernel_ns;
    int64_t idle_ns[GR_RANK_IDLE_KINDS];
    int64_t collective_ns; /* a rank's wall time in collectives (a device's: 0) */
} gr_rank_time;

typedef struct {
    char *file;          /* the trace, as it was named where it was read */
    const char *summary; /* the summary it was read from (the caller's string); NULL: a trace read here */
    gr_rank_time time;   /* its GPUs': the longest span, the rest summed */
    gr_rank_kernel *kernels;
    size_t kernel_count, kernel_capacity;
    /* the comparison's */
    bool kernels_whole;    /* its kernels' times add up to its kernel time: none left out (by --top) */
    double own_ns;         /* its span less its time in collectives, 0 at least */
    double median_span_ns; /* of the other ranks */
    double median_own_ns;  /* of the other ranks */
    double slower_ns;      /* its own time less their median (negative: faster) */
    double slower_share;   /* slower_ns over median_span_ns; NaN where that is 0 */
    bool straggler;
} gr_trace_rank;

/* A kernel of a straggler, against the others. */
typedef struct {
    const char *name;    /* the rank's kernel's */
    int64_t time_ns;     /* on the straggler */
    double median_ns;    /* the median of the other ranks that list it (or list every kernel: 0 without it) */
    double slower_ns;    /* time_ns less median_ns */
} gr_rank_kernel_slower;

typedef struct {
    size_t rank;
    double kernel_slower_ns;   /* summed over its kernels that took longer than their median */
    size_t kernels_slower;     /* how many did */
    size_t kernels_shown;      /* up to GR_TRACE_SLOWER_KERNELS of them, most over first */
    gr_rank_kernel_slower kernels[GR_TRACE_SLOWER_KERNELS];
    double idle_median_ns[GR_RANK_IDLE_KINDS]; /* the others' */
    double idle_slower_ns[GR_RANK_IDLE_KINDS]; /* its idle less that median */
    double collective_median_ns; /* the others' median time in collectives */
    double collective_wait_ns;   /* that less its own: the others' wait for it */
    gr_rank_cause cause;       /* the largest of kernel_slower_ns and idle_slower_ns */
} gr_trace_straggler;

typedef struct {
    gr_trace_rank *ranks;
    size_t count, capacity;
    double limit_pct;
    gr_trace_straggler *stragglers; /* slowest first: stragglers[0] is the job's straggler */
    bool collectives;               /* a rank has time in collectives: own times are compared */
    size_t straggler_count;
} gr_trace_ranks;

void gr_trace_ranks_init(gr_trace_ranks *rs);
/* A trace read here, named file: its GPUs' time and its kernels.  False,
 * with err, past GR_TRACE_MAX_RANKS or where memory runs out. */
bool gr_trace_ranks_add_run(gr_trace_ranks *rs, const gr_trace_run *run, const char *file, gr_error *err);
/* A rank from a summary, the same way: the rank (file copied, or NULL
 * where the summary names it later; summary kept), then each of its GPUs'
 * time and each of its kernels. */
bool gr_trace_rank_begin(gr_trace_ranks *rs, const char *file, const char *summary, gr_error *err);
void gr_trace_rank_device(gr_trace_ranks *rs, const gr_rank_time *device);
/* The rank's wall time in collectives, where a summary gives it apart
 * from its GPUs'. */
void gr_trace_rank_collectives(gr_trace_ranks *rs, int64_t collective_ns);
bool gr_trace_rank_kernel(gr_trace_ranks *rs, const char *name, size_t launches, int64_t time_ns, gr_error *err);
/* Each rank held against the median of the others, the stragglers named
 * with what makes them slower; once, after every rank is added.
 * O(n log n) in the kernels of all ranks.  False, with err, for fewer
 * than two ranks, or where memory runs out. */
bool gr_trace_ranks_compare(gr_trace_ranks *rs, gr_error *err);
void gr_trace_ranks_free(gr_trace_ranks *rs);

/* "kernels", "host", "stream", "other", "collectives". */
const char *gr_rank_cause_name(gr_rank_cause c);

#endif
