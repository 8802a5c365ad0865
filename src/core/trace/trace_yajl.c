/* Where yajl stopped a reader of the trace area (trace_yajl.h). */
#include <string.h>
#include "trace_yajl.h"

bool gr_trace_yajl_stopped(yajl_handle yajl, const char *shown, size_t at, const char *rule, const unsigned char *bytes,
                           size_t len, gr_error *err)
{
    if (rule)
        return gr_error_set(err, "%s: byte %zu: %s", shown, at, rule);
    unsigned char *why = yajl_get_error(yajl, 0, bytes, len);
    const char *text = why ? (const char *)why : "";
    gr_error_set(err, "%s: byte %zu: not JSON: %.*s", shown, at, (int)strcspn(text, "\n"), text);
    if (why)
        yajl_free_error(yajl, why);
    return false;
}
