/* A summary gpuroof trace --json wrote, read back for trace --compare:
 * one trace's (its file, devices and kernels) or several ranks' (ranks,
 * each with its file, time and kernels), each rank handed to a comparison
 * (trace_ranks.h) as a trace read here would be.
 *
 * Read here, in the core, as a stream through libyajl, as the traces
 * themselves are (trace_read.c), not as a whole document through the
 * command line's jansson: a job's summaries are a thousand and more, and
 * most of each (every kernel's configuration and limits) is of no use to
 * the comparison.  jansson built each one's tree: the GPT-2 step's summary
 * (45 KB) a thousand times took 1.4 s on the machine of the tests, yajl's
 * callbacks 0.2 s.  The keys are those the command line's tables write
 * (doc/trace.md lists them); the reader keeps what it knows of them and
 * passes over the rest, so that keys added to the output change nothing
 * here. */
#ifndef GPUROOF_TRACE_SUMMARY_H
#define GPUROOF_TRACE_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "trace_ranks.h"

/* The summary's bytes (all of them) into rs, its ranks' summary named
 * shown (the caller's string, kept by each rank: it must outlive rs).
 * False, with err ("FILE: ranks[2]: busy_ns is missing: not a summary
 * ...", or "FILE: byte N: not JSON: ..."), where it is not one; the ranks
 * read before stay in rs. */
bool gr_trace_summary_read(gr_trace_ranks *rs, const char *shown, const void *bytes, size_t len, gr_error *err);

#endif
