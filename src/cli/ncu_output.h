/* The ncu command: a report read, the device and roofs it is held
 * against, and its two ways of printing; and the running of Nsight
 * Compute itself (ncu_run.c). */
#ifndef GPUROOF_NCU_OUTPUT_H
#define GPUROOF_NCU_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include "cli_process.h"
#include "commands.h"
#include "gpuroof_kernels.h"
#include "gpuroof_ncu.h"
#include "gpuroof_results.h"
#include "out_fields.h"

/* How many launches whose occupancy differs from Nsight Compute's are
 * named on standard error, one a line, before the rest are counted. */
#define NCU_DISAGREEMENTS_SHOWN 20

/* The core's analysis and what only the command holds: what messages
 * call the CSV, and the --results file read. */
typedef struct {
    const char *shown;
    gr_ncu_analysis a;
    bool has_results;
    gr_results results;
    /* the table's rows, narrowed as --kernel and --top ask: the text's
     * and the JSON's launches or kernels, and the HTML report's */
    gr_ncu_table table;
    /* the launches of the table's rows (one a launch of the report) where
     * --kernel or --top narrowed it: the JSON's launches; NULL: all */
    bool *launch_shown;
} ncu_view;

/* Reads the CSV (len bytes) and has the core work out everything the
 * outputs show; the other GPU and the differences of occupancy go to
 * standard error.  False: printed.  ncu_view_free in either case. */
bool ncu_view_build(const ncu_options *o, const char *shown, const char *text, size_t len, ncu_view *v);
void ncu_view_free(ncu_view *v);

/* The header (the report, the device, the roofs), the table, the totals,
 * and with details each row's worked explanation. */
void ncu_print_text(FILE *out, const ncu_view *v, bool details);
/* The table: one line a row of v->table, the longest first, and what
 * --top left out (ncu_table_text.c). */
void ncu_print_table(FILE *out, const ncu_view *v);
/* A row's figures as the table prints them ("11.7%", "723637 GFLOP/s",
 * "tensor_bf16", "?"), one text a column; the HTML report shows the same. */
enum { NCU_CELL_TIME, NCU_CELL_SHARE, NCU_CELL_LAUNCHES, NCU_CELL_LIMITER, NCU_CELL_EXPLAINED, NCU_CELL_REACHED,
       NCU_CELL_ACHIEVED,
       NCU_CELL_THEORETICAL, NCU_CELL_OCC_ACHIEVED, NCU_CELL_GPUROOF, NCU_CELL_BANKS, NCU_CELL_COUNT };
typedef char ncu_table_cells[NCU_CELL_COUNT][64];
void ncu_table_row_cells(const ncu_view *v, const gr_ncu_table_row *r, ncu_table_cells cells);
/* The lines before the table: the report, the device, the roofs, what
 * the report lacks. */
void ncu_print_header(FILE *out, const ncu_view *v);
/* "... and 42 more kernels, ... of the time (--top)": nothing where none. */
void ncu_print_left_out(FILE *out, const gr_ncu_table *t);
/* "In all: 414 launches of 47 kernels, 7741440 ns", the line after the table. */
void ncu_print_in_all(FILE *out, const gr_ncu_analysis *a);
/* What to fix first (the core's ranking), after the table. */
void ncu_print_fix_first(FILE *out, const gr_ncu_analysis *a);
/* The report as one self-contained page at o->html (ncu_html.c), written
 * whole or not at all: the header, the table (sortable), the roofline of
 * its longest kernels as inline SVG with a tooltip on every point, each
 * row's worked explanation, the chart drawn from v's analysis.  False:
 * printed. */
bool ncu_write_html(const ncu_options *o, const ncu_view *v);
/* The worked explanation of row row_index of v->table (its launch's, or
 * its kernel's): the figures, the roofs and the binding, the limits, the
 * occupancy, the shared-memory wavefronts; it opens with the "Launch ..."
 * or "Kernel ..." line, with no blank line before it. */
void ncu_print_explanation(FILE *out, const ncu_view *v, size_t row_index);
/* A launch's (or kernel's) limits, limiter and what to change (ncu_limits_text.c). */
void ncu_print_time_limits(FILE *out, const ncu_view *v, const gr_ncu_limits *lim);
/* The report as JSON, its launches printed one at a time
 * (cli_put_json_streamed), or handed over whole in *dest. */
int ncu_put_json(const ncu_view *v, json_t **dest);
/* A launch's (or a kernel's summed) limits as ncu --json writes them: the
 * limits, the limiter and what to change, up to the roof shares. */
extern const out_field ncu_limits_fields[];

/* Finds ncu: $GPUROOF_NCU, the PATH, /usr/local/cuda/bin/ncu, then
 * /opt/nvidia/nsight-compute/VERSION/ncu; false, printed where it looked,
 * where none is there.  why: what ncu is wanted for. */
bool ncu_find(char *path, size_t size, const char *why);
/* The raw page of an .ncu-rep: ncu --import REPORT --csv --page raw. */
bool ncu_import(const char *ncu, const char *report, cli_buffer *csv);
/* A report as a file holds it: ncu's CSV ('-': standard input) or an
 * .ncu-rep's raw page (ncu --import); shown gets what messages call it. */
bool ncu_read_report(const char *file, gr_buf *shown, cli_buffer *csv);
/* Runs the application (o->app) under ncu with gpuroof's metrics and
 * --clock-control none, and gives the raw page of the report it made. */
bool ncu_profile_app(const ncu_options *o, cli_buffer *csv);

#endif
