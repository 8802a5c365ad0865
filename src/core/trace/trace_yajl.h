/* What the trace area's two readers of JSON through libyajl (trace_read.c:
 * the traces; trace_summary.c: gpuroof trace --json's summaries) say where
 * yajl stopped them. */
#ifndef GPUROOF_TRACE_YAJL_H
#define GPUROOF_TRACE_YAJL_H

#include <stdbool.h>
#include <stddef.h>
#include <yajl/yajl_parse.h>
#include "gpuroof_text.h"

/* "FILE: byte N: RULE" where a handler stopped the read (rule not NULL),
 * else "FILE: byte N: not JSON: yajl's words" for bytes[0..len), the
 * chunk yajl stopped in (NULL at the end).  Always false. */
bool gr_trace_yajl_stopped(yajl_handle yajl, const char *shown, size_t at, const char *rule, const unsigned char *bytes,
                           size_t len, gr_error *err);

#endif
