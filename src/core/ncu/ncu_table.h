/* The table `gpuroof ncu` opens with (and the HTML report's): one row a
 * launch, or a kernel where the analysis is grouped, the longest first,
 * each with its time and share of the report's, what binds it (the
 * limiter of gr_ncu_limits where known, else the binding level of the
 * roofs), how close it runs to that (the limit's time over the time it
 * took), the achieved rate, the occupancy and the bank conflicts' excess.
 * Every figure is a number, NaN where unknown; the printers only format.
 * The rows may be narrowed to those a name pattern picks (the matching of
 * kernels --kernel) and to the longest N, the rest counted. */
#ifndef GPUROOF_NCU_TABLE_H
#define GPUROOF_NCU_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "ncu_analysis.h"
#include "ncu_limits.h"
#include "gpuroof_roofline.h"

/* Where a row's limiter comes from. */
typedef enum {
    GR_NCU_BOUND_UNKNOWN, /* neither the limits nor the roofs are known */
    GR_NCU_BOUND_LIMITS,  /* the limiter of the limits: roofs, units' busy times, the warps' waits, ... */
    GR_NCU_BOUND_ROOFS,   /* the binding level of the roofs alone (the limits unknown) */
} gr_ncu_bound_source;

typedef struct {
    size_t index;         /* its launch's in report.launches, or its kernel's in groups */
    const char *kernel;   /* the report's name (the analysis's string) */
    long long id;         /* the launch's ID; a kernel's first launch's */
    size_t launches;      /* 1 for a launch */
    double time_ns;       /* NaN: unknown */
    double time_share;    /* of the report's time, 0..1; NaN where a time is unknown */
    gr_ncu_bound_source bound_from;
    /* the limiter; from the roofs, the binding level's limit (DRAM, L2,
     * shared memory, compute) */
    gr_time_limit limiter;
    /* where compute limits: the precision whose FLOPs take longest at
     * their peak (the Tensor Cores' bf16 in a bf16 GEMM); -1 elsewhere */
    int compute_precision;
    /* the limiter's bound at the hardware's peak over the time the launch
     * took: how close it runs to that limit's peak (for a roof, the
     * achieved rate as a share of it), 0..1; NaN: unknown, or a limiter
     * with no peak (latency, the grid's shape, the launch) */
    double limit_share;
    /* the share of its time its limiter accounts for (the launch
     * overhead in sequence); NaN where unknown; unexplained: under half */
    double explained_share;
    bool unexplained;
    /* GFLOP/s, or GB/s at achieved_level where the launch does no FLOPs */
    double achieved;
    bool achieved_gbs;
    gr_level achieved_level;  /* with achieved_gbs: the binding memory level */
    bool achieved_lower;      /* a lower bound: the report lacks counters */
    double occupancy_theoretical, occupancy_achieved; /* Nsight Compute's, 0..1; NaN */
    bool theoretical_varies;  /* a kernel's launches differ in it */
    double occupancy_predicted; /* gpuroof's, 0..1; NaN where not worked out */
    bool occupancy_differs;     /* gpuroof's differs from Nsight Compute's theoretical */
    /* shared-memory wavefronts beyond the ideal (the bank conflicts) over
     * the ideal: 0.5 is half as many again; NaN: unknown */
    double bank_excess;
    bool no_shared;           /* no shared-memory wavefront at all */
} gr_ncu_table_row;

typedef struct {
    bool grouped;             /* rows are kernels, not launches */
    gr_ncu_table_row *rows;   /* the longest first (NaN times last) */
    size_t count;             /* rows kept */
    size_t all;               /* rows before any narrowing: launches or kernels */
    size_t matched;           /* rows the pattern picked (all where none was given) */
    /* rows gr_ncu_table_top left out, and their time (NaN where one is
     * unknown) and share of the report's */
    size_t more;
    double more_time_ns, more_time_share;
} gr_ncu_table;

/* The rows of every launch, or every kernel where a->grouped.  False only
 * where memory runs out (err says so); gr_ncu_table_free in either case. */
bool gr_ncu_table_build(const gr_ncu_analysis *a, gr_ncu_table *t, gr_error *err);

/* Keeps the rows whose kernel pattern picks, as kernels --kernel does
 * (kernel_select.h: those that match in the strongest way any does, in
 * Nsight Compute's spelling or the demangler's; glob: a glob even where it
 * looks like a signature).  False, with err naming shown (what messages
 * call the report), where none matches or memory runs out. */
bool gr_ncu_table_match(gr_ncu_table *t, const char *shown, const char *pattern, bool glob, gr_error *err);

/* Keeps the n longest rows; those left out are counted in t->more. */
void gr_ncu_table_top(gr_ncu_table *t, size_t n);

/* Marks in shown (one a launch of a->report) the launches the table
 * keeps: its rows', or with kernels their launches.  False only where
 * memory runs out. */
bool gr_ncu_table_launches(const gr_ncu_analysis *a, const gr_ncu_table *t, bool *shown, gr_error *err);

void gr_ncu_table_free(gr_ncu_table *t);

#endif
