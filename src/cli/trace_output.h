/* gpuroof trace's two printers of one run (src/core/trace/trace_run.h):
 * the text, a header of where each GPU's time went then the kernels'
 * table; the JSON, the same figures from its tables (out_fields.h). */
#ifndef GPUROOF_TRACE_OUTPUT_H
#define GPUROOF_TRACE_OUTPUT_H

#include <jansson.h>
#include "commands.h"
#include "gpuroof_trace.h"
#include "output.h"

void trace_print_text(const trace_options *o, const gr_trace_run *run);
/* The kernels' table, longest first, each's configuration and limits under it. */
void trace_print_table(const trace_options *o, const gr_trace_run *run);
json_t *trace_json(const trace_options *o, const gr_trace_run *run);

/* A time in ns, in the unit that shows it: "13.14 ms", "26.82 us", "704 ns". */
out_figure trace_duration(int64_t ns);

/* The kernels the table shows: --top N of them, or all. */
size_t trace_shown(const trace_options *o, const gr_trace_run *run);

#endif
