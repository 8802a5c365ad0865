/* Nsight Compute's analysis of the same program joined to a trace's
 * kernels (gpuroof trace --ncu): each report launch goes to the trace's
 * kernel of the same name, in either demangler's spelling (trace_names.h),
 * launched with the same grid and block; each kernel then has the limits
 * of its joined launches summed (ncu_limits_sum.h, as ncu --group sums a
 * kernel's), and its verdict (limiter, explained share) weighs as much as
 * the kernel's time in the run.  One profiled launch stands for its
 * configuration's: a kernel launched 100 times with one grid and profiled
 * once has its verdict, as --ncu-plan means it to.  What joins
 * nothing is counted, and why: no trace kernel of that name, or one with
 * other configurations (a Triton kernel autotuned anew under ncu). */
#ifndef GPUROOF_TRACE_NCU_H
#define GPUROOF_TRACE_NCU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_ncu.h"
#include "trace_kernels.h"

/* Whether a kernel (or a report launch) was joined, or why not. */
typedef enum {
    GR_TRACE_JOINED,
    GR_TRACE_NO_NAME,      /* no kernel of the other side has its name */
    GR_TRACE_OTHER_CONFIG, /* one has, but never its grid and block */
} gr_trace_join;

typedef struct {
    gr_trace_join join;
    size_t ncu_launches;    /* the report's launches joined to it */
    long long first_id;     /* the first one's ID in the report */
    /* where join is OTHER_CONFIG: the first report launch of its name's
     * grid and block */
    long long report_grid[3], report_block[3];
    gr_ncu_limits limits;   /* the joined launches' limits, summed */
    double explained_share; /* of their time, the share their limiter accounts for (0: unexplained); NaN: none joined */
} gr_trace_verdict;

typedef struct {
    const gr_ncu_analysis *analysis; /* the report's, joined */
    size_t kernel_count;
    gr_trace_verdict *verdicts; /* one a kernel of the trace's table, in its order */
    size_t kernels_joined;
    size_t ncu_launches, ncu_joined, ncu_no_name, ncu_other_config;
    size_t first_unjoined;      /* the first report launch joined to nothing; ncu_launches where none */
    int64_t kernel_ns;          /* the trace's kernel time */
    int64_t joined_ns;          /* of it, the joined kernels' */
    double explained_ns;        /* each joined kernel's time times its explained share, summed */
} gr_trace_ncu;

/* Joins a's launches to k's kernels (sorted: gr_trace_kernels_sort).
 * False, with err, only where memory runs out; gr_trace_ncu_free in
 * either case. */
bool gr_trace_ncu_join(const gr_trace_kernels *k, const gr_ncu_analysis *a, gr_trace_ncu *out, gr_error *err);
void gr_trace_ncu_free(gr_trace_ncu *j);

#endif
