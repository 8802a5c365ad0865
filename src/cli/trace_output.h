/* gpuroof trace's two printers of one run (src/core/trace/trace_run.h):
 * the text, a header of where each GPU's time went then the kernels'
 * table; the JSON, the same figures from its tables (out_fields.h). */
#ifndef GPUROOF_TRACE_OUTPUT_H
#define GPUROOF_TRACE_OUTPUT_H

#include <jansson.h>
#include "commands.h"
#include "cli_process.h"
#include "gpuroof_trace.h"
#include "out_fields.h"

/* gpuroof trace --ncu: the report read, analysed and joined to the run's
 * kernels (run->ncu points at join). */
typedef struct {
    gr_buf shown;     /* what messages call the report */
    cli_buffer csv;
    bool has_analysis;
    gr_ncu_analysis analysis;
    gr_trace_ncu join;
} trace_ncu;

/* False, printed, where the report cannot be read or joined; trace_ncu_free in either case. */
bool trace_ncu_join(const trace_options *o, gr_trace_run *run, trace_ncu *t);
void trace_ncu_free(trace_ncu *t);
/* The join for the header (run->ncu set), a line each, "" where it has
 * nothing to say: what was joined and its share of the kernels' time; the
 * verdicts' share; a report of another GPU; what did not join, and the
 * first launch that did not. */
#define TRACE_NCU_LINES 5
void trace_ncu_lines(const trace_options *o, const gr_trace_run *run, gr_buf lines[TRACE_NCU_LINES]);
void trace_print_ncu_header(const trace_options *o, const gr_trace_run *run);
/* A kernel's verdict ("9 launches: DRAM explains ..."), or why it has
 * none ("not joined, ..."), run->ncu set; printed under its row after
 * "Nsight Compute". */
void trace_verdict_words(const gr_trace_run *run, size_t kernel, gr_buf *b);
void trace_print_verdict(const gr_trace_run *run, size_t kernel);

/* The join as JSON: at the top, and a kernel's verdict (run->ncu set). */
json_t *trace_ncu_json(const trace_options *o, const gr_trace_run *run);
json_t *trace_verdict_json(const gr_trace_run *run, size_t kernel);
#include "output.h"

void trace_print_text(const trace_options *o, const gr_trace_run *run);
/* The kernels' table, longest first, each's configuration and limits under it. */
void trace_print_table(const trace_options *o, const gr_trace_run *run);
json_t *trace_json(const trace_options *o, const gr_trace_run *run);

/* What messages call the trace: its file, or standard input. */
const char *trace_file_shown(const trace_options *o);
/* What messages call --ncu's report: its file, or standard input. */
const char *trace_ncu_shown(const trace_options *o);
/* --ncu-plan: the ncu command that profiles the longest kernels once
 * each (--top N of them, else 10), as text or JSON. */
int trace_put_plan(const trace_options *o, const gr_trace_run *run, json_t **json);

/* A configuration's occupancy and what limits it ("18.75%, registers and
 * shared memory"; "-" without a device), and what the configuration
 * decides ("" where nothing binds), as the tables show them. */
void trace_occupancy_words(const gr_trace_config *c, gr_buf *b);
void trace_limits_words(const gr_trace_config_limits *l, gr_buf *b);
/* "grid 2x64x1, block 384x1x1, 168 registers, 213188 B shared" */
void trace_config_words(const gr_trace_config *c, gr_buf *b);

/* The launches' table (--launches): one row a launch, longest first. */
void trace_print_launches(const trace_options *o, const gr_trace_run *run);
/* The JSON printed, or handed over in *dest: with --launches, the
 * launches streamed one at a time. */
int trace_put_json(const trace_options *o, const gr_trace_run *run, json_t **dest);
/* --html FILE: the header and the table as one page, written whole or
 * not at all; false, printed, where it was not written. */
bool trace_write_html(const trace_options *o, const gr_trace_run *run);

/* The JSON's tables that the kernels and the launches share: a
 * configuration's grid, block, registers and shared memory
 * (gr_trace_config), its occupancy's limiters, and what it decides
 * (gr_trace_config_limits). */
extern const out_field trace_config_shape_fields[];
json_t *trace_limited_by(const void *config);
extern const out_field trace_limits_fields[];

/* --kernel: false, printed, where the pattern picks no kernel; what it
 * picked, as words (nothing without --kernel) or a line of the text. */
bool trace_picked_some(const trace_options *o, const gr_trace_run *run);
void trace_picked_words(const trace_options *o, const gr_trace_run *run, gr_buf *b);
void trace_print_picked(const trace_options *o, const gr_trace_run *run);
/* {pattern, kernels, time_ns}: the JSON's "picked". */
json_t *trace_picked_json(const trace_options *o, const gr_trace_run *run);

/* A time in ns, in the unit that shows it: "13.14 ms", "26.82 us", "704 ns". */
out_figure trace_duration(int64_t ns);

size_t trace_shown(const trace_options *o, const gr_trace_run *run);

#endif
