/* Kineto's Chrome trace JSON, read as a stream through libyajl's callbacks
 * (trace_read.h).  The reader knows where it is by what each open
 * container is: the document, traceEvents, an event, its args, a grid or
 * block, deviceProperties, a device, or something it skips whole. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>
#include "trace_fields.h"
#include "trace_read.h"
#include "trace_yajl.h"

/* Deeper than this, every container is skipped: the places above end at
 * a grid's array, four down. */
#define TRACKED_DEPTH 8

struct gr_trace_reader {
    yajl_handle yajl;
    gr_trace_handlers h;
    char *shown;
    size_t fed; /* the bytes of the chunks before this one */
    int depth;
    gr_trace_place places[TRACKED_DEPTH];
    gr_trace_field field; /* the key just read */
    gr_trace_field dims;  /* the grid or block being read */
    int dim;              /* its next element */
    bool top_seen, events_seen, complete;
    gr_trace_event event;
    gr_trace_device device;
    gr_buf name; /* the event's or device's name, its memory kept from one to the next */
    gr_error error;
    bool failed; /* error holds why */
};

static gr_trace_place place_of(const gr_trace_reader *r)
{
    return r->depth == 0 ? GR_TRACE_IN_NONE : r->depth > TRACKED_DEPTH ? GR_TRACE_IN_SKIP : r->places[r->depth - 1];
}

static int fail(gr_trace_reader *r, const char *rule)
{
    gr_error_set(&r->error, "%s", rule);
    r->failed = true;
    return 0;
}

static int enter(gr_trace_reader *r, bool map)
{
    gr_trace_place inner = gr_trace_inner_place(place_of(r), r->field, map);
    if (r->depth == 0 && !map)
        return fail(r, "a trace is a JSON object, not an array");
    if (inner == GR_TRACE_IN_EVENT)
        gr_trace_event_clear(&r->event), r->complete = false, gr_buf_clear(&r->name);
    if (inner == GR_TRACE_IN_DEVICE)
        gr_trace_device_clear(&r->device), gr_buf_clear(&r->name);
    if (inner == GR_TRACE_IN_DIMS)
        r->dims = r->field, r->dim = 0;
    r->top_seen |= inner == GR_TRACE_IN_TOP;
    r->events_seen |= inner == GR_TRACE_IN_EVENTS;
    if (r->depth < TRACKED_DEPTH)
        r->places[r->depth] = inner;
    r->depth++;
    r->field = GR_TRACE_KEY_NONE;
    return 1;
}

/* An event or device ends: handed on, its name the text read. */
static int leave(gr_trace_reader *r)
{
    gr_trace_place was = place_of(r);
    r->depth--;
    r->field = GR_TRACE_KEY_NONE;
    bool ok = true;
    if (was == GR_TRACE_IN_EVENT && r->complete) {
        r->event.name = gr_buf_text(&r->name);
        ok = r->h.event(r->h.context, &r->event, &r->error);
    } else if (was == GR_TRACE_IN_DEVICE && r->h.device) {
        r->device.name = gr_buf_text(&r->name);
        ok = r->h.device(r->h.context, &r->device, &r->error);
    }
    r->failed |= !ok;
    return ok;
}

static int on_start_map(void *ctx)
{
    return enter(ctx, true);
}

static int on_start_array(void *ctx)
{
    return enter(ctx, false);
}

static int on_end(void *ctx)
{
    return leave(ctx);
}

static int on_key(void *ctx, const unsigned char *key, size_t len)
{
    gr_trace_reader *r = ctx;
    r->field = gr_trace_field_of(place_of(r), (const char *)key, len);
    return 1;
}

static int on_string(void *ctx, const unsigned char *s, size_t len)
{
    gr_trace_reader *r = ctx;
    gr_trace_place p = place_of(r);
    if (r->field == GR_TRACE_KEY_NAME && (p == GR_TRACE_IN_EVENT || p == GR_TRACE_IN_DEVICE)) {
        if (len > GR_TRACE_MAX_NAME_BYTES)
            return fail(r, "a name longer than 65536 bytes");
        gr_buf_clear(&r->name);
        gr_buf_addf(&r->name, "%.*s", (int)len, (const char *)s);
        if (gr_buf_failed(&r->name))
            return fail(r, "out of memory");
    } else if (p == GR_TRACE_IN_EVENT) {
        gr_trace_event_string(&r->event, r->field, (const char *)s, len, &r->complete);
    }
    return 1;
}

static int on_number(void *ctx, const char *s, size_t len)
{
    gr_trace_reader *r = ctx;
    gr_trace_place p = place_of(r);
    if (p == GR_TRACE_IN_EVENT || p == GR_TRACE_IN_ARGS)
        gr_trace_event_number(&r->event, r->field, s, len);
    else if (p == GR_TRACE_IN_DIMS && r->dim < 3)
        gr_trace_event_dim(&r->event, r->dims, r->dim++, s, len);
    else if (p == GR_TRACE_IN_DEVICE)
        gr_trace_device_number(&r->device, r->field, s, len);
    return 1;
}

static int on_other(void *ctx)
{
    (void)ctx;
    return 1;
}

static int on_boolean(void *ctx, int value)
{
    (void)value;
    return on_other(ctx);
}

static const yajl_callbacks callbacks = {
    on_other, on_boolean, NULL, NULL, on_number, on_string, on_start_map, on_key, on_end, on_start_array, on_end,
};

gr_trace_reader *gr_trace_reader_new(const char *shown, const gr_trace_handlers *h)
{
    gr_trace_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->h = *h;
    r->shown = strdup(shown);
    r->yajl = yajl_alloc(&callbacks, NULL, r);
    if (!r->shown || !r->yajl) {
        gr_trace_reader_free(r);
        return NULL;
    }
    return r;
}

/* Why yajl stopped, at the byte it stopped at (at the end: where the
 * bytes ended). */
static bool stopped(gr_trace_reader *r, const unsigned char *bytes, size_t len, gr_error *err)
{
    size_t at = r->fed + (bytes ? yajl_get_bytes_consumed(r->yajl) : 0);
    return gr_trace_yajl_stopped(r->yajl, r->shown, at, r->failed ? r->error.text : NULL, bytes, len, err);
}

bool gr_trace_reader_feed(gr_trace_reader *r, const void *bytes, size_t len, gr_error *err)
{
    if (yajl_parse(r->yajl, bytes, len) != yajl_status_ok)
        return stopped(r, bytes, len, err);
    r->fed += len;
    return true;
}

bool gr_trace_reader_finish(gr_trace_reader *r, gr_error *err)
{
    if (yajl_complete_parse(r->yajl) != yajl_status_ok)
        return stopped(r, NULL, 0, err);
    if (!r->top_seen || !r->events_seen)
        return gr_error_set(err, "%s: no traceEvents: not a trace as torch.profiler's export_chrome_trace writes it",
                            r->shown);
    return true;
}

void gr_trace_reader_free(gr_trace_reader *r)
{
    if (!r)
        return;
    if (r->yajl)
        yajl_free(r->yajl);
    gr_buf_free(&r->name);
    free(r->shown);
    free(r);
}
