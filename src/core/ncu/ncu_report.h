/* An Nsight Compute report as its CSV gives it: ncu --csv (the details
 * page) or ncu --csv --page raw, straight from a profiled run (the
 * application's output and ncu's ==PROF== lines mixed in) or from
 * ncu --import.  The format read, and every rule the reader checks:
 * doc/ncu-input.md. */
#ifndef GPUROOF_NCU_REPORT_H
#define GPUROOF_NCU_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "gpuroof_profile.h"
#include "ncu_csv.h"
#include "ncu_metrics.h"
#include "ncu_rule.h"

/* A launch the report profiled. */
typedef struct {
    long long id;         /* the report's ID */
    char *kernel;         /* "void setRowReadRow<32, 32>(int *)" */
    long long grid[3];    /* from "Grid Size" "(x, y, z)"; -1 where the report has none */
    long long block[3];   /* from "Block Size" */
    unsigned long line;   /* where its (first) row is */
    double *values;       /* one a row of gr_ncu_metrics, in base units; NaN where absent */
    gr_ncu_chip chip;     /* the report's, for the rows that apply */
    /* Nsight Compute's rules of the launch, where the details page has
     * them (--print-details all) */
    gr_ncu_rule *rules;
    size_t rule_count, rule_capacity;
} gr_ncu_launch;

typedef struct {
    gr_ncu_page page;
    size_t count, capacity;
    gr_ncu_launch *launches;
    /* the rows of gr_ncu_metrics the report has at all (a column of the
     * raw page, a row of any launch on the details page) */
    bool has_metric[GR_NCU_MAX_METRICS];
    /* the GPU, where the report says (device__attribute_*, which the raw
     * page always has): its name, compute capability, SMs and shared
     * memory, as gr_profile_match_gpu takes them; name "" where unknown */
    gr_gpu_info gpu;
    char cc[16]; /* the "CC" column: "9.0"; "" where absent */
    gr_ncu_chip chip; /* from the compute capability (and name); UNKNOWN where the report says neither */

    size_t rows; /* CSV rows of launches read (one a metric on the details page) */
    size_t rules; /* Nsight Compute's rules read, over every launch */
    /* how ncu ran, where a line before the CSV says (the session page's
     * "Profiler Command Line", gpuroof ncu -o's first line): "none",
     * "base" for --clock-control, "all", "none" for --cache-control; ""
     * where unsaid */
    char clock_control[16], cache_control[16];
} gr_ncu_report;

/* Reads the CSV text (len bytes, any bytes; file names it in errors).
 * Errors say FILE:LINE:COLUMN and the rule broken: no header, a header
 * without its ID column, a row with another number of fields than its
 * header, a value that is no number or too large, a unit the reader does
 * not know or that does not fit its metric, launches on two GPUs, no
 * launch at all, a details page whose metrics are named by their labels
 * ("Duration": ncu without --print-metric-name name).  Where it fails, out holds nothing to free. */
bool gr_ncu_read(const char *file, const char *text, size_t len, gr_ncu_report *out, gr_error *err);
void gr_ncu_report_free(gr_ncu_report *r);

#endif
