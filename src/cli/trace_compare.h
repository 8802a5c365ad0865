/* gpuroof trace with several FILEs, or --compare SUMMARY...: the ranks of
 * one job read (traces one after another, or the summaries gpuroof trace
 * --json wrote of them), compared by the core (trace_ranks.h of
 * src/core/trace) and printed. */
#ifndef GPUROOF_CLI_TRACE_COMPARE_H
#define GPUROOF_CLI_TRACE_COMPARE_H

#include <jansson.h>
#include "commands.h"
#include "gpuroof_trace.h"

/* Several FILEs, or --compare: the ranks read, compared and printed
 * (trace_compare.c); an exit status. */
int trace_compare_run(const trace_options *o, json_t **json);

/* One trace file (or '-') read into run, finished (cmd_trace.c); false
 * where it did not read, the line printed. */
bool trace_read_file(const char *file, gr_trace_run *run);

/* The printers of a comparison (trace_compare_text.c, trace_compare_json.c). */
void trace_compare_print_text(const gr_trace_ranks *rs);
json_t *trace_compare_json(const gr_trace_ranks *rs);

#endif
