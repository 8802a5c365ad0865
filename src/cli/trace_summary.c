/* A summary gpuroof trace --json wrote, read back for --compare
 * (trace_ranks.h): each of its ranks handed to the core's comparison.
 *
 * Why here, with jansson, and not in the core: a summary is gpuroof's
 * own JSON, whose keys this layer writes (trace_json.c's tables for one
 * trace, trace_compare_json.c's for several), so that its writer and its
 * reader stay in one layer and change together; and it is a small
 * document (kilobytes a rank) read whole, which is what jansson is for.
 * The core reads the formats of other programs and the large ones: the
 * traces themselves (gigabytes) as a stream through libyajl, YAML through
 * libyaml, Nsight Compute's CSV.  Nothing here computes: the figures read
 * are handed to the core (gr_trace_rank_begin, _device, _kernel), which
 * holds the same rule for a summary's rank as for a trace read here. */
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "gpuroof_files.h"
#include "trace_compare.h"

/* What the summary is read as, for its error lines. */
typedef struct {
    const char *path;
    const char *list; /* "devices", "ranks", "kernels": where the object is; NULL: the top */
    size_t index;
} summary_place;

/* The one line: the file, the place, the key and what is wrong with it. */
static bool not_summary(const summary_place *p, const char *key, const char *what)
{
    if (p->list)
        return cli_error("%s: %s[%zu]: %s%s%s: not a summary as gpuroof trace --json writes one", p->path, p->list,
                         p->index, key, key[0] ? " " : "", what);
    return cli_error("%s: %s%s%s: not a summary as gpuroof trace --json writes one", p->path, key, key[0] ? " " : "",
                     what);
}

/* A time or count of object: a whole number from 0 to GR_TRACE_RANK_MAX_NS. */
static bool whole(const summary_place *p, json_t *object, const char *key, int64_t *out)
{
    json_t *v = json_object_get(object, key);
    if (!v)
        return not_summary(p, key, "is missing");
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > GR_TRACE_RANK_MAX_NS)
        return not_summary(p, key, "is not a whole number from 0 to 10^15");
    *out = (int64_t)json_integer_value(v);
    return true;
}

/* A time stamp (ns since an epoch of the trace's): a whole number, not negative. */
static bool stamp(const summary_place *p, json_t *object, const char *key, int64_t *out)
{
    json_t *v = json_object_get(object, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return not_summary(p, key, v ? "is not a whole number, 0 or more" : "is missing");
    *out = (int64_t)json_integer_value(v);
    return true;
}

static bool text(const summary_place *p, json_t *object, const char *key, const char **out)
{
    json_t *v = json_object_get(object, key);
    if (!json_is_string(v))
        return not_summary(p, key, v ? "is not a string" : "is missing");
    *out = json_string_value(v);
    return true;
}

static json_t *list(const summary_place *p, json_t *object, const char *key)
{
    json_t *v = json_object_get(object, key);
    return json_is_array(v) || not_summary(p, key, v ? "is not a list" : "is missing") ? v : NULL;
}

/* The span of one trace's GPU (devices[i]: its start and end) or of a rank (ranks[i]). */
static bool read_span(const summary_place *p, json_t *object, gr_rank_time *t)
{
    int64_t start, end;
    if (json_object_get(object, "span_ns"))
        return whole(p, object, "span_ns", &t->span_ns);
    if (!stamp(p, object, "start_ns", &start) || !stamp(p, object, "end_ns", &end))
        return false;
    if (end < start || end - start > GR_TRACE_RANK_MAX_NS)
        return not_summary(p, "end_ns", "is before start_ns, or more than 10^15 ns after it");
    t->span_ns = end - start;
    return true;
}

static bool read_time(const summary_place *p, json_t *object, gr_rank_time *t)
{
    json_t *idle = json_object_get(object, "idle");
    if (!json_is_object(object))
        return not_summary(p, "", "not an object");
    if (!read_span(p, object, t) || !whole(p, object, "busy_ns", &t->busy_ns) ||
        !whole(p, object, "kernel_ns", &t->kernel_ns))
        return false;
    if (!json_is_object(idle))
        return not_summary(p, "idle", "is not an object of host_ns, stream_ns and other_ns");
    return whole(p, idle, "host_ns", &t->idle_ns[GR_RANK_IDLE_HOST]) &&
           whole(p, idle, "stream_ns", &t->idle_ns[GR_RANK_IDLE_STREAM]) &&
           whole(p, idle, "other_ns", &t->idle_ns[GR_RANK_IDLE_OTHER]);
}

static bool read_kernels(const char *path, json_t *kernels, gr_trace_ranks *rs)
{
    gr_error err;
    for (size_t i = 0; i < json_array_size(kernels); i++) {
        summary_place p = {path, "kernels", i};
        json_t *k = json_array_get(kernels, i);
        const char *name = NULL;
        int64_t launches, time_ns;
        if (!json_is_object(k))
            return not_summary(&p, "", "not an object");
        if (!text(&p, k, "kernel", &name) || !whole(&p, k, "launches", &launches) ||
            !whole(&p, k, "time_ns", &time_ns))
            return false;
        if (!gr_trace_rank_kernel(rs, name, (size_t)launches, time_ns, &err))
            return cli_error("%s", err.text);
    }
    return true;
}

/* One trace's summary: a rank of its devices and kernels. */
static bool read_trace_summary(const char *path, json_t *doc, gr_trace_ranks *rs)
{
    summary_place top = {path, NULL, 0};
    json_t *devices = list(&top, doc, "devices"), *kernels = devices ? list(&top, doc, "kernels") : NULL;
    const char *file = NULL;
    gr_error err;
    if (!kernels || !text(&top, doc, "file", &file))
        return false;
    if (!gr_trace_rank_begin(rs, file, path, &err))
        return cli_error("%s", err.text);
    for (size_t i = 0; i < json_array_size(devices); i++) {
        summary_place p = {path, "devices", i};
        gr_rank_time t = {0};
        if (!read_time(&p, json_array_get(devices, i), &t))
            return false;
        gr_trace_rank_device(rs, &t);
    }
    return read_kernels(path, kernels, rs);
}

/* Several traces' summary: each of its ranks. */
static bool read_ranks_summary(const char *path, json_t *ranks, gr_trace_ranks *rs)
{
    gr_error err;
    for (size_t i = 0; i < json_array_size(ranks); i++) {
        summary_place p = {path, "ranks", i};
        json_t *rank = json_array_get(ranks, i), *kernels;
        const char *file = NULL;
        gr_rank_time t = {0};
        if (!read_time(&p, rank, &t) || !text(&p, rank, "file", &file) || !(kernels = list(&p, rank, "kernels")))
            return false;
        if (!gr_trace_rank_begin(rs, file, path, &err))
            return cli_error("%s", err.text);
        gr_trace_rank_device(rs, &t);
        if (!read_kernels(path, kernels, rs))
            return false;
    }
    return true;
}

static bool read_doc(const char *path, json_t *doc, gr_trace_ranks *rs)
{
    summary_place top = {path, NULL, 0};
    if (!json_is_object(doc))
        return not_summary(&top, "", "not a JSON object");
    if (json_object_get(doc, "traceEvents"))
        return cli_error("%s: a trace, not a summary: --compare reads what gpuroof trace --json writes of a trace "
                         "(gpuroof trace FILE... without --compare reads traces)", path);
    if (json_object_get(doc, "ranks"))
        return list(&top, doc, "ranks") && read_ranks_summary(path, json_object_get(doc, "ranks"), rs);
    if (!json_object_get(doc, "devices") || !json_object_get(doc, "kernels"))
        return not_summary(&top, "", "neither devices and kernels (one trace's) nor ranks (several traces')");
    return read_trace_summary(path, doc, rs);
}

bool trace_summary_read(const char *path, gr_trace_ranks *rs)
{
    cli_buffer b;
    json_error_t error;
    if (!cli_read_input(path, strcmp(path, "-") == 0 ? "standard input" : path, GR_LIMIT_TRACE_SUMMARY, &b))
        return false;
    json_t *doc = json_loadb((const char *)b.bytes, b.size, JSON_REJECT_DUPLICATES, &error);
    cli_buffer_free(&b);
    if (!doc)
        return cli_error("%s:%d:%d: not JSON: %s", path, error.line, error.column, error.text);
    bool ok = read_doc(path, doc, rs);
    json_decref(doc);
    return ok;
}
