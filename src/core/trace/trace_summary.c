/* A summary of gpuroof trace --json, read as a stream (trace_summary.h).
 * The reader knows where it is by what each open container is: the
 * document, its devices or kernels or ranks, one of those, an idle
 * object, or something it passes over whole. */
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>
#include "trace_summary.h"
#include "trace_yajl.h"

/* The places, and the keys each reads. */
typedef enum { IN_SKIP, IN_TOP, IN_DEVICES, IN_DEVICE, IN_IDLE, IN_KERNELS, IN_KERNEL, IN_RANKS, IN_RANK } summary_in;

typedef enum {
    K_NONE = -1,
    K_FILE, K_DEVICES, K_KERNELS, K_RANKS, K_TRACE_EVENTS, K_START, K_END, K_SPAN, K_BUSY, K_KERNEL_NS, K_IDLE,
    K_HOST, K_STREAM, K_OTHER, K_KERNEL, K_LAUNCHES, K_TIME, K_COLLECTIVE, K_COUNT
} summary_key;

static const char *const key_names[K_COUNT] = {
    "file",    "devices", "kernels", "ranks",   "traceEvents", "start_ns", "end_ns",   "span_ns", "busy_ns",
    "kernel_ns", "idle",  "host_ns", "stream_ns", "other_ns",  "kernel",   "launches", "time_ns", "collective_ns",
};

#define BIT(k) (1u << (k))
#define TIME_KEYS (BIT(K_BUSY) | BIT(K_KERNEL_NS) | BIT(K_IDLE))
#define IDLE_KEYS (BIT(K_HOST) | BIT(K_STREAM) | BIT(K_OTHER))
#define KERNEL_KEYS (BIT(K_KERNEL) | BIT(K_LAUNCHES) | BIT(K_TIME))
#define ONE_TRACE_KEYS (BIT(K_FILE) | BIT(K_DEVICES) | BIT(K_KERNELS))
#define RANK_KEYS (BIT(K_FILE) | BIT(K_SPAN) | TIME_KEYS | BIT(K_KERNELS))

/* What each place reads (and, for an element, what it must have). */
static const unsigned keys_read[] = {
    [IN_TOP] = ONE_TRACE_KEYS | BIT(K_RANKS) | BIT(K_TRACE_EVENTS) | BIT(K_COLLECTIVE),
    [IN_DEVICE] = BIT(K_START) | BIT(K_END) | BIT(K_SPAN) | TIME_KEYS,
    [IN_IDLE] = IDLE_KEYS,
    [IN_KERNEL] = KERNEL_KEYS,
    [IN_RANK] = RANK_KEYS | BIT(K_COLLECTIVE),
};

/* The list each array is, for the places in error lines. */
static const char *const list_names[] = {[IN_DEVICES] = "devices", [IN_KERNELS] = "kernels", [IN_RANKS] = "ranks"};

/* Deeper than this, every container is passed over: kernels[j] of
 * ranks[i] is four down, its values five. */
#define TRACKED_DEPTH 6

typedef struct {
    summary_in in;
    size_t count;  /* an array's elements begun */
    unsigned seen; /* an object's keys read */
} summary_level;

typedef struct {
    gr_trace_ranks *rs;
    const char *shown;
    int depth;
    summary_level levels[TRACKED_DEPTH];
    summary_key key; /* the key just read, where its object reads it */
    bool rank_open;  /* a one-trace summary's rank begun */
    gr_rank_time time; /* the device's or rank's being read */
    int64_t start_ns, end_ns, launches, time_ns;
    int64_t collective_ns; /* the trace's or rank's; optional, 0 where absent (older summaries) */
    gr_buf name;
    gr_error error;
    bool failed;
} summary_reader;

static summary_level *level(summary_reader *r)
{
    return r->depth > 0 && r->depth <= TRACKED_DEPTH ? &r->levels[r->depth - 1] : NULL;
}

static summary_in place(summary_reader *r)
{
    return level(r) ? level(r)->in : IN_SKIP;
}

/* One error line: the place (devices[0], ranks[2]: kernels[5]), the key. */
static int fail(summary_reader *r, const char *key, const char *what)
{
    gr_buf where = GR_BUF_INIT;
    for (int d = 0; d < r->depth && d < TRACKED_DEPTH; d++) {
        summary_in in = r->levels[d].in;
        if (in == IN_DEVICES || in == IN_KERNELS || in == IN_RANKS)
            gr_buf_addf(&where, "%s[%zu]: ", list_names[in], r->levels[d].count - 1);
    }
    gr_error_set(&r->error, "%s%s%s%s: not a summary as gpuroof trace --json writes one", gr_buf_text(&where),
                 key, key[0] ? " " : "", what);
    gr_buf_free(&where);
    r->failed = true;
    return 0;
}

static int fail_core(summary_reader *r, const gr_error *err)
{
    r->error = *err;
    r->failed = true;
    return 0;
}

/* A whole number, 0 to max, as JSON spells it: digits alone. */
static bool whole_number(const char *s, size_t len, int64_t max, int64_t *out)
{
    int64_t v = 0;
    if (len == 0 || len > 19)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || v > (max - (s[i] - '0')) / 10)
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

/* Where a number of key goes, in the place being read. */
static int64_t *number_of(summary_reader *r, summary_key key)
{
    switch (key) {
    case K_START: return &r->start_ns;
    case K_END: return &r->end_ns;
    case K_SPAN: return &r->time.span_ns;
    case K_BUSY: return &r->time.busy_ns;
    case K_KERNEL_NS: return &r->time.kernel_ns;
    case K_HOST: return &r->time.idle_ns[GR_RANK_IDLE_HOST];
    case K_STREAM: return &r->time.idle_ns[GR_RANK_IDLE_STREAM];
    case K_OTHER: return &r->time.idle_ns[GR_RANK_IDLE_OTHER];
    case K_LAUNCHES: return &r->launches;
    case K_TIME: return &r->time_ns;
    case K_COLLECTIVE: return &r->collective_ns;
    default: return NULL;
    }
}

/* What a key's value must be, said where it is not. */
static const char *expected(summary_key key)
{
    switch (key) {
    case K_FILE:
    case K_KERNEL: return "is not a string";
    case K_DEVICES:
    case K_KERNELS:
    case K_RANKS: return "is not a list";
    case K_IDLE: return "is not an object of host_ns, stream_ns and other_ns";
    case K_START:
    case K_END: return "is not a whole number, 0 or more";
    default: return "is not a whole number from 0 to 10^15";
    }
}

/* A value begins (a scalar, or a container): an array's elements
 * counted, each of a list an object; a key of its object's read once.
 * False (failed) where the key is given twice. */
static bool value_begins(summary_reader *r, bool scalar)
{
    summary_level *l = level(r);
    if (!l)
        return true;
    if (l->in == IN_DEVICES || l->in == IN_KERNELS || l->in == IN_RANKS) {
        l->count++;
        if (scalar)
            return fail(r, "", "not an object");
    }
    if (r->key == K_NONE)
        return true;
    if (l->seen & BIT(r->key))
        return fail(r, key_names[r->key], "is given twice");
    l->seen |= BIT(r->key);
    return true;
}

/* A one-trace summary's rank, begun at its first key. */
static bool open_rank(summary_reader *r)
{
    gr_error err;
    if (r->rank_open || place(r) != IN_TOP || r->key == K_NONE || !(BIT(r->key) & ONE_TRACE_KEYS))
        return true;
    r->rank_open = true;
    return gr_trace_rank_begin(r->rs, NULL, r->shown, &err) || fail_core(r, &err);
}

static int on_number(void *ctx, const char *s, size_t len)
{
    summary_reader *r = ctx;
    int64_t *to = r->key == K_NONE ? NULL : number_of(r, r->key);
    int64_t max = r->key == K_START || r->key == K_END ? INT64_MAX : GR_TRACE_RANK_MAX_NS;
    if (!value_begins(r, true) || r->key == K_NONE)
        return !r->failed;
    if (!to || !whole_number(s, len, max, to))
        return fail(r, key_names[r->key], expected(r->key));
    return 1;
}

static int on_string(void *ctx, const unsigned char *s, size_t len)
{
    summary_reader *r = ctx;
    if (!value_begins(r, true) || !open_rank(r))
        return 0;
    if (r->key == K_NONE)
        return 1;
    if (r->key == K_KERNEL) {
        gr_buf_clear(&r->name);
        gr_buf_addf(&r->name, "%.*s", (int)len, (const char *)s);
        return 1;
    }
    if (r->key != K_FILE)
        return fail(r, key_names[r->key], expected(r->key));
    gr_trace_rank *rank = &r->rs->ranks[r->rs->count - 1];
    free(rank->file);
    rank->file = strndup((const char *)s, len);
    return rank->file ? 1 : fail_core(r, &(gr_error){"out of memory"});
}

/* null, true or false: nothing the reader keeps is one. */
static int on_other(void *ctx)
{
    summary_reader *r = ctx;
    if (!value_begins(r, true))
        return 0;
    return r->key == K_NONE ? 1 : fail(r, key_names[r->key], expected(r->key));
}

static int on_boolean(void *ctx, int value)
{
    (void)value;
    return on_other(ctx);
}

/* The place a container opened where the reader is begins; IN_SKIP for
 * one it keeps nothing of, or (failed) one of the wrong kind. */
static summary_in inner_place(summary_reader *r, bool map)
{
    summary_in in = place(r);
    if (r->depth == 0)
        return map ? IN_TOP : (fail(r, "", "not a JSON object"), IN_SKIP);
    if (in == IN_DEVICES || in == IN_KERNELS || in == IN_RANKS) {
        summary_in element = in == IN_DEVICES ? IN_DEVICE : in == IN_KERNELS ? IN_KERNEL : IN_RANK;
        return map ? element : (fail(r, "", "not an object"), IN_SKIP);
    }
    if (r->key == K_NONE)
        return IN_SKIP;
    if (r->key == K_TRACE_EVENTS)
        return fail_core(r, &(gr_error){"traceEvents: a trace, not a summary: --compare reads what gpuroof trace "
                                        "--json writes (gpuroof trace FILE... without --compare reads traces)"}),
               IN_SKIP;
    bool list = r->key == K_DEVICES || r->key == K_KERNELS || r->key == K_RANKS;
    if (list && !map)
        return r->key == K_DEVICES ? IN_DEVICES : r->key == K_KERNELS ? IN_KERNELS : IN_RANKS;
    if (r->key == K_IDLE && map)
        return IN_IDLE;
    return fail(r, key_names[r->key], expected(r->key)), IN_SKIP;
}

static int enter(summary_reader *r, bool map)
{
    gr_error err;
    if (!value_begins(r, false) || !open_rank(r))
        return 0;
    summary_in in = place(r) == IN_SKIP && r->depth > 0 ? IN_SKIP : inner_place(r, map);
    if (r->failed)
        return 0;
    if (in == IN_DEVICE || in == IN_RANK)
        r->time = (gr_rank_time){0}, r->start_ns = r->end_ns = 0;
    if (in == IN_RANK)
        r->collective_ns = 0;
    if (in == IN_KERNEL)
        r->launches = r->time_ns = 0, gr_buf_clear(&r->name);
    if (in == IN_RANK && !gr_trace_rank_begin(r->rs, NULL, r->shown, &err))
        return fail_core(r, &err);
    if (r->depth < TRACKED_DEPTH)
        r->levels[r->depth] = (summary_level){in, 0, 0};
    r->depth++;
    r->key = K_NONE;
    return 1;
}

static int on_start_map(void *ctx)
{
    return enter(ctx, true);
}

static int on_start_array(void *ctx)
{
    return enter(ctx, false);
}

static int on_key(void *ctx, const unsigned char *key, size_t len)
{
    summary_reader *r = ctx;
    summary_in in = place(r);
    r->key = K_NONE;
    for (int k = 0; in < sizeof keys_read / sizeof keys_read[0] && k < K_COUNT; k++)
        if ((keys_read[in] & BIT(k)) && strlen(key_names[k]) == len && memcmp(key_names[k], key, len) == 0)
            r->key = (summary_key)k;
    return 1;
}

/* The first key of needs that an object lacks, as its error line. */
static bool has_all(summary_reader *r, unsigned seen, unsigned needs)
{
    for (int k = 0; k < K_COUNT; k++)
        if ((needs & BIT(k)) && !(seen & BIT(k)))
            return fail(r, key_names[k], "is missing");
    return true;
}

/* A device's or a rank's span: its own, or its end less its start. */
static bool span_of(summary_reader *r, unsigned seen)
{
    if (seen & BIT(K_SPAN))
        return true;
    if (!has_all(r, seen, BIT(K_START) | BIT(K_END)))
        return false;
    if (r->end_ns < r->start_ns || r->end_ns - r->start_ns > GR_TRACE_RANK_MAX_NS)
        return fail(r, "end_ns", "is before start_ns, or more than 10^15 ns after it");
    r->time.span_ns = r->end_ns - r->start_ns;
    return true;
}

/* The document's end: one trace's keys, or ranks. */
static bool top_ends(summary_reader *r, unsigned seen)
{
    if ((seen & BIT(K_RANKS)) && (seen & ONE_TRACE_KEYS))
        return fail(r, "", "both ranks (several traces') and one trace's file, devices or kernels");
    if (seen & BIT(K_RANKS))
        return true;
    if (!(seen & ONE_TRACE_KEYS))
        return fail(r, "", "neither devices and kernels (one trace's) nor ranks (several traces')");
    if (!has_all(r, seen, ONE_TRACE_KEYS))
        return false;
    gr_trace_rank_collectives(r->rs, r->collective_ns);
    return true;
}

/* An object's end: what it must have, then what it gives. */
static bool object_ends(summary_reader *r, summary_in in, unsigned seen)
{
    gr_error err;
    switch (in) {
    case IN_TOP: return top_ends(r, seen);
    case IN_IDLE: return has_all(r, seen, IDLE_KEYS);
    case IN_KERNEL:
        return has_all(r, seen, KERNEL_KEYS) &&
               (gr_trace_rank_kernel(r->rs, gr_buf_text(&r->name), (size_t)r->launches, r->time_ns, &err) ||
                fail_core(r, &err));
    case IN_DEVICE:
    case IN_RANK:
        if (!has_all(r, seen, in == IN_RANK ? RANK_KEYS : TIME_KEYS) || !span_of(r, seen))
            return false;
        if (in == IN_RANK)
            r->time.collective_ns = r->collective_ns;
        gr_trace_rank_device(r->rs, &r->time);
        return true;
    default: return true;
    }
}

static int on_end(void *ctx)
{
    summary_reader *r = ctx;
    summary_level *l = level(r);
    bool ok = !l || object_ends(r, l->in, l->seen);
    r->depth--;
    r->key = K_NONE;
    return ok;
}

static const yajl_callbacks callbacks = {
    on_other, on_boolean, NULL, NULL, on_number, on_string, on_start_map, on_key, on_end, on_start_array, on_end,
};

bool gr_trace_summary_read(gr_trace_ranks *rs, const char *shown, const void *bytes, size_t len, gr_error *err)
{
    const unsigned char *b = bytes;
    if (len >= 2 && b[0] == 0x1f && b[1] == 0x8b)
        return gr_error_set(err, "%s: gzip's bytes: a trace, not a summary: --compare reads what gpuroof trace --json "
                                 "writes (gpuroof trace FILE... without --compare reads traces)", shown);
    summary_reader r = {.rs = rs, .shown = shown, .key = K_NONE, .name = GR_BUF_INIT};
    yajl_handle yajl = yajl_alloc(&callbacks, NULL, &r);
    if (!yajl)
        return gr_error_set(err, "out of memory");
    bool parsed = yajl_parse(yajl, b, len) == yajl_status_ok;
    size_t at = parsed ? len : yajl_get_bytes_consumed(yajl);
    bool ok = parsed && yajl_complete_parse(yajl) == yajl_status_ok;
    if (ok && gr_buf_failed(&r.name))
        ok = gr_error_set(err, "out of memory");
    else if (!ok)
        gr_trace_yajl_stopped(yajl, shown, at, r.failed ? r.error.text : NULL, parsed ? NULL : b, parsed ? 0 : len,
                              err);
    yajl_free(yajl);
    gr_buf_free(&r.name);
    return ok;
}
