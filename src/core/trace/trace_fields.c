/* Kineto's keys and values as figures of an event or a device (trace_fields.h). */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "trace_fields.h"

typedef struct {
    gr_trace_place where;
    const char *key;
    gr_trace_field field;
} key_row;

/* Kineto's spelling of each key the reader keeps (libkineto's
 * output_json.cpp writes them; the traces of tests/data/trace show them). */
static const key_row keys[] = {
    {GR_TRACE_IN_TOP, "traceEvents", GR_TRACE_KEY_TRACE_EVENTS},
    {GR_TRACE_IN_TOP, "deviceProperties", GR_TRACE_KEY_DEVICE_PROPERTIES},
    {GR_TRACE_IN_EVENT, "ph", GR_TRACE_KEY_PH},
    {GR_TRACE_IN_EVENT, "cat", GR_TRACE_KEY_CAT},
    {GR_TRACE_IN_EVENT, "name", GR_TRACE_KEY_NAME},
    {GR_TRACE_IN_EVENT, "pid", GR_TRACE_KEY_PID},
    {GR_TRACE_IN_EVENT, "tid", GR_TRACE_KEY_TID},
    {GR_TRACE_IN_EVENT, "ts", GR_TRACE_KEY_TS},
    {GR_TRACE_IN_EVENT, "dur", GR_TRACE_KEY_DUR},
    {GR_TRACE_IN_EVENT, "args", GR_TRACE_KEY_ARGS},
    {GR_TRACE_IN_ARGS, "device", GR_TRACE_KEY_DEVICE},
    {GR_TRACE_IN_ARGS, "stream", GR_TRACE_KEY_STREAM},
    {GR_TRACE_IN_ARGS, "correlation", GR_TRACE_KEY_CORRELATION},
    {GR_TRACE_IN_ARGS, "grid", GR_TRACE_KEY_GRID},
    {GR_TRACE_IN_ARGS, "block", GR_TRACE_KEY_BLOCK},
    {GR_TRACE_IN_ARGS, "registers per thread", GR_TRACE_KEY_REGISTERS},
    {GR_TRACE_IN_ARGS, "shared memory", GR_TRACE_KEY_SHARED},
    {GR_TRACE_IN_ARGS, "bytes", GR_TRACE_KEY_BYTES},
    {GR_TRACE_IN_ARGS, "blocks per SM", GR_TRACE_KEY_BLOCKS_PER_SM},
    {GR_TRACE_IN_ARGS, "warps per SM", GR_TRACE_KEY_WARPS_PER_SM},
    {GR_TRACE_IN_ARGS, "est. achieved occupancy %", GR_TRACE_KEY_EST_OCCUPANCY},
    {GR_TRACE_IN_DEVICE, "id", GR_TRACE_KEY_ID},
    {GR_TRACE_IN_DEVICE, "name", GR_TRACE_KEY_NAME},
    {GR_TRACE_IN_DEVICE, "computeMajor", GR_TRACE_KEY_CC_MAJOR},
    {GR_TRACE_IN_DEVICE, "computeMinor", GR_TRACE_KEY_CC_MINOR},
    {GR_TRACE_IN_DEVICE, "numSms", GR_TRACE_KEY_SMS},
    {GR_TRACE_IN_DEVICE, "warpSize", GR_TRACE_KEY_WARP_SIZE},
    {GR_TRACE_IN_DEVICE, "maxThreadsPerMultiprocessor", GR_TRACE_KEY_THREADS_SM},
    {GR_TRACE_IN_DEVICE, "maxThreadsPerBlock", GR_TRACE_KEY_THREADS_BLOCK},
    {GR_TRACE_IN_DEVICE, "regsPerMultiprocessor", GR_TRACE_KEY_REGS_SM},
    {GR_TRACE_IN_DEVICE, "regsPerBlock", GR_TRACE_KEY_REGS_BLOCK},
    {GR_TRACE_IN_DEVICE, "sharedMemPerMultiprocessor", GR_TRACE_KEY_SMEM_SM},
    {GR_TRACE_IN_DEVICE, "sharedMemPerBlock", GR_TRACE_KEY_SMEM_BLOCK},
    {GR_TRACE_IN_DEVICE, "sharedMemPerBlockOptin", GR_TRACE_KEY_SMEM_OPTIN},
    {GR_TRACE_IN_DEVICE, "totalGlobalMem", GR_TRACE_KEY_MEMORY},
};

gr_trace_field gr_trace_field_of(gr_trace_place where, const char *key, size_t len)
{
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (keys[i].where == where && strlen(keys[i].key) == len && memcmp(keys[i].key, key, len) == 0)
            return keys[i].field;
    return GR_TRACE_KEY_NONE;
}

gr_trace_place gr_trace_inner_place(gr_trace_place where, gr_trace_field field, bool map)
{
    if (where == GR_TRACE_IN_NONE)
        return map ? GR_TRACE_IN_TOP : GR_TRACE_IN_SKIP;
    if (where == GR_TRACE_IN_TOP && !map && field == GR_TRACE_KEY_TRACE_EVENTS)
        return GR_TRACE_IN_EVENTS;
    if (where == GR_TRACE_IN_TOP && !map && field == GR_TRACE_KEY_DEVICE_PROPERTIES)
        return GR_TRACE_IN_DEVICES;
    if (where == GR_TRACE_IN_EVENTS && map)
        return GR_TRACE_IN_EVENT;
    if (where == GR_TRACE_IN_EVENT && map && field == GR_TRACE_KEY_ARGS)
        return GR_TRACE_IN_ARGS;
    if (where == GR_TRACE_IN_ARGS && !map && (field == GR_TRACE_KEY_GRID || field == GR_TRACE_KEY_BLOCK))
        return GR_TRACE_IN_DIMS;
    if (where == GR_TRACE_IN_DEVICES && map)
        return GR_TRACE_IN_DEVICE;
    return GR_TRACE_IN_SKIP;
}

void gr_trace_event_clear(gr_trace_event *e)
{
    *e = (gr_trace_event){.kind = GR_TRACE_OTHER, .name = "", .ts_ns = -1, .dur_ns = -1, .pid = -1, .tid = -1,
                          .device = -1, .stream = -1, .correlation = -1, .grid = {-1, -1, -1},
                          .block = {-1, -1, -1}, .registers_per_thread = -1, .shared_bytes = -1, .bytes = -1,
                          .blocks_per_sm = NAN, .warps_per_sm = NAN, .est_achieved_occupancy_pct = NAN};
}

void gr_trace_device_clear(gr_trace_device *d)
{
    *d = (gr_trace_device){-1, "", -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
}

static bool text_is(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

void gr_trace_event_string(gr_trace_event *e, gr_trace_field field, const char *s, size_t len, bool *complete)
{
    if (field == GR_TRACE_KEY_PH)
        *complete = text_is(s, len, "X");
    if (field != GR_TRACE_KEY_CAT)
        return;
    e->kind = text_is(s, len, "kernel")         ? GR_TRACE_KERNEL
              : text_is(s, len, "gpu_memcpy")   ? GR_TRACE_MEMCPY
              : text_is(s, len, "gpu_memset")   ? GR_TRACE_MEMSET
              : text_is(s, len, "cuda_runtime") ? GR_TRACE_RUNTIME
              : text_is(s, len, "cuda_driver")  ? GR_TRACE_DRIVER
              : text_is(s, len, "user_annotation") ? GR_TRACE_ANNOTATION
                                                : GR_TRACE_OTHER;
}

/* A number's text as a C string (libyajl hands it unterminated), or ""
 * where it is too long to be one the reader keeps. */
typedef struct {
    char text[64];
} number_chars;

static number_chars number_text(const char *s, size_t len)
{
    number_chars n = {""};
    if (len < sizeof n.text) {
        memcpy(n.text, s, len);
        n.text[len] = '\0';
    }
    return n;
}

/* A whole number that fits; -1 where the text is none (a fraction, a
 * sign, too large). */
static int64_t count_of(const char *s, size_t len)
{
    number_chars n = number_text(s, len);
    char *end;
    errno = 0;
    long long v = strtoll(n.text, &end, 10);
    return n.text[0] && *end == '\0' && errno == 0 && v >= 0 ? (int64_t)v : -1;
}

static double real_of(const char *s, size_t len)
{
    number_chars n = number_text(s, len);
    char *end;
    double v = strtod(n.text, &end);
    return n.text[0] && *end == '\0' && isfinite(v) ? v : NAN;
}

bool gr_trace_us_to_ns(const char *s, size_t len, int64_t *ns)
{
    int64_t whole = 0, fraction = 0;
    size_t i = 0, digits = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
        if (whole > (INT64_MAX / 1000 - 9) / 10)
            return false;
        whole = whole * 10 + (s[i] - '0');
    }
    if (digits == 0)
        return false;
    int scale = 100;
    if (i < len && s[i] == '.')
        for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, scale /= 10)
            fraction += scale > 0 ? (s[i] - '0') * scale : 0; /* past the ns: cut */
    if (i != len)
        return false; /* a sign or an exponent: no stamp Kineto writes */
    *ns = whole * 1000 + fraction;
    return true;
}

/* Where a number goes: a member of the event or device, and how it is
 * read. */
typedef enum { NO_VALUE, COUNT, REAL, TIME } value_kind;

typedef struct {
    value_kind kind;
    size_t offset;
} value_row;

#define EVENT(field, kind, member) [field] = {kind, offsetof(gr_trace_event, member)}
#define DEVICE(field, member) [field] = {COUNT, offsetof(gr_trace_device, member)}

static const value_row event_values[GR_TRACE_KEY_COUNT] = {
    EVENT(GR_TRACE_KEY_TS, TIME, ts_ns),
    EVENT(GR_TRACE_KEY_DUR, TIME, dur_ns),
    EVENT(GR_TRACE_KEY_PID, COUNT, pid),
    EVENT(GR_TRACE_KEY_TID, COUNT, tid),
    EVENT(GR_TRACE_KEY_DEVICE, COUNT, device),
    EVENT(GR_TRACE_KEY_STREAM, COUNT, stream),
    EVENT(GR_TRACE_KEY_CORRELATION, COUNT, correlation),
    EVENT(GR_TRACE_KEY_REGISTERS, COUNT, registers_per_thread),
    EVENT(GR_TRACE_KEY_SHARED, COUNT, shared_bytes),
    EVENT(GR_TRACE_KEY_BYTES, COUNT, bytes),
    EVENT(GR_TRACE_KEY_BLOCKS_PER_SM, REAL, blocks_per_sm),
    EVENT(GR_TRACE_KEY_WARPS_PER_SM, REAL, warps_per_sm),
    EVENT(GR_TRACE_KEY_EST_OCCUPANCY, REAL, est_achieved_occupancy_pct),
};

static const value_row device_values[GR_TRACE_KEY_COUNT] = {
    DEVICE(GR_TRACE_KEY_ID, id),
    DEVICE(GR_TRACE_KEY_CC_MAJOR, cc_major),
    DEVICE(GR_TRACE_KEY_CC_MINOR, cc_minor),
    DEVICE(GR_TRACE_KEY_SMS, sms),
    DEVICE(GR_TRACE_KEY_WARP_SIZE, warp_size),
    DEVICE(GR_TRACE_KEY_THREADS_SM, max_threads_sm),
    DEVICE(GR_TRACE_KEY_THREADS_BLOCK, max_threads_block),
    DEVICE(GR_TRACE_KEY_REGS_SM, regs_sm),
    DEVICE(GR_TRACE_KEY_REGS_BLOCK, regs_block),
    DEVICE(GR_TRACE_KEY_SMEM_SM, smem_sm_bytes),
    DEVICE(GR_TRACE_KEY_SMEM_BLOCK, smem_block_bytes),
    DEVICE(GR_TRACE_KEY_SMEM_OPTIN, smem_block_optin_bytes),
    DEVICE(GR_TRACE_KEY_MEMORY, memory_bytes),
};

static void set_value(char *record, const value_row *row, const char *s, size_t len)
{
    if (row->kind == COUNT)
        *(int64_t *)(record + row->offset) = count_of(s, len);
    else if (row->kind == REAL)
        *(double *)(record + row->offset) = real_of(s, len);
    else if (row->kind == TIME && !gr_trace_us_to_ns(s, len, (int64_t *)(record + row->offset)))
        *(int64_t *)(record + row->offset) = -1;
}

void gr_trace_event_number(gr_trace_event *e, gr_trace_field field, const char *s, size_t len)
{
    set_value((char *)e, &event_values[field], s, len);
}

void gr_trace_event_dim(gr_trace_event *e, gr_trace_field field, int index, const char *s, size_t len)
{
    if (field == GR_TRACE_KEY_GRID)
        e->grid[index] = count_of(s, len);
    else if (field == GR_TRACE_KEY_BLOCK)
        e->block[index] = count_of(s, len);
}

void gr_trace_device_number(gr_trace_device *d, gr_trace_field field, const char *s, size_t len)
{
    set_value((char *)d, &device_values[field], s, len);
}
