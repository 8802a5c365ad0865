/* gpuroof trace --ncu-plan: the Nsight Compute command that profiles each
 * of a trace's longest kernels once, so that its report joins the trace
 * (trace_ncu.h) at the least cost (ncu replays each launch it profiles:
 * 0.34 s a launch with gpuroof's metric list on the H200, 2.5 s with
 * --set full).  The kernels are picked by the names ncu's default
 * --kernel-name-base (function) matches, the function's name alone,
 * anchored, and --filter-mode per-launch-config --launch-count 1 profiles
 * each launch configuration of them once: a kernel launched a thousand
 * times with one grid is profiled once.  The other kernels of those
 * functions' names (other template arguments) are profiled too, each
 * configuration once. */
#ifndef GPUROOF_TRACE_PLAN_H
#define GPUROOF_TRACE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_ncu.h"
#include "gpuroof_text.h"
#include "trace_kernels.h"

typedef struct {
    size_t kernels;      /* the longest kernels planned for */
    int64_t time_ns;     /* their time */
    size_t functions;    /* the distinct function names among them */
    /* of them, those no --kernel-name regex can pick by function name
     * (a name libiberty cannot read, or no function name in it), and their time */
    size_t unplanned;
    int64_t unplanned_ns;
    gr_buf regex;        /* "^(name|name)$" */
    gr_buf command;      /* the whole ncu command, APP [ARGS] last */
} gr_trace_plan;

/* The plan for the top longest kernels of k (sorted) on chip's metric
 * list; false, with err, where memory runs out.  gr_trace_plan_free in
 * either case. */
bool gr_trace_plan_make(const gr_trace_kernels *k, size_t top, gr_ncu_chip chip, gr_trace_plan *out, gr_error *err);
void gr_trace_plan_free(gr_trace_plan *p);

#endif
