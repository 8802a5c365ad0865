/* gpuroof trace's two printers of one run (src/core/trace/trace_run.h):
 * the text, a header of where each GPU's time went then the kernels'
 * table; the JSON, the same figures from its tables (out_fields.h). */
#ifndef GPUROOF_TRACE_OUTPUT_H
#define GPUROOF_TRACE_OUTPUT_H

#include <jansson.h>
#include "commands.h"
#include "cli_process.h"
#include "gpuroof_trace.h"

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
/* The join in the header: what was joined, the verdict's share of the
 * kernels' time, what did not join. */
void trace_print_ncu_header(const trace_options *o, const gr_trace_run *run);
/* Under a kernel's row: its verdict, or why it has none. */
void trace_print_verdict(const gr_trace_run *run, size_t kernel);

/* The join as JSON: at the top, and a kernel's verdict (run->ncu set). */
json_t *trace_ncu_json(const trace_options *o, const gr_trace_run *run);
json_t *trace_verdict_json(const gr_trace_run *run, size_t kernel);

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

/* The kernels the table shows: --top N of them, or all. */
size_t trace_shown(const trace_options *o, const gr_trace_run *run);

#endif
