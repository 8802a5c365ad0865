/* What the trace reader keeps of Kineto's keys (trace_read.c): where in
 * the document a value is, which key it is under, and how each value the
 * reader keeps becomes a figure of an event or a device.  The keys and
 * their meaning: doc/trace.md. */
#ifndef GPUROOF_TRACE_FIELDS_H
#define GPUROOF_TRACE_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include "trace_read.h"

typedef enum {
    GR_TRACE_IN_NONE,    /* outside the document */
    GR_TRACE_IN_TOP,     /* the document's object */
    GR_TRACE_IN_EVENTS,  /* traceEvents */
    GR_TRACE_IN_EVENT,   /* one event */
    GR_TRACE_IN_ARGS,    /* its args */
    GR_TRACE_IN_DIMS,    /* its grid or block */
    GR_TRACE_IN_DEVICES, /* deviceProperties */
    GR_TRACE_IN_DEVICE,  /* one GPU */
    GR_TRACE_IN_SKIP     /* a value the reader keeps nothing of */
} gr_trace_place;

typedef enum {
    GR_TRACE_KEY_NONE,
    GR_TRACE_KEY_TRACE_EVENTS, GR_TRACE_KEY_DEVICE_PROPERTIES,
    GR_TRACE_KEY_PH, GR_TRACE_KEY_CAT, GR_TRACE_KEY_NAME, GR_TRACE_KEY_PID, GR_TRACE_KEY_TID, GR_TRACE_KEY_TS, GR_TRACE_KEY_DUR, GR_TRACE_KEY_ARGS,
    GR_TRACE_KEY_DEVICE, GR_TRACE_KEY_STREAM, GR_TRACE_KEY_CORRELATION, GR_TRACE_KEY_GRID, GR_TRACE_KEY_BLOCK, GR_TRACE_KEY_REGISTERS,
    GR_TRACE_KEY_SHARED, GR_TRACE_KEY_BYTES, GR_TRACE_KEY_BLOCKS_PER_SM, GR_TRACE_KEY_WARPS_PER_SM, GR_TRACE_KEY_EST_OCCUPANCY,
    GR_TRACE_KEY_ID, GR_TRACE_KEY_CC_MAJOR, GR_TRACE_KEY_CC_MINOR, GR_TRACE_KEY_SMS, GR_TRACE_KEY_WARP_SIZE, GR_TRACE_KEY_THREADS_SM,
    GR_TRACE_KEY_THREADS_BLOCK, GR_TRACE_KEY_REGS_SM, GR_TRACE_KEY_REGS_BLOCK, GR_TRACE_KEY_SMEM_SM, GR_TRACE_KEY_SMEM_BLOCK,
    GR_TRACE_KEY_SMEM_OPTIN, GR_TRACE_KEY_MEMORY, GR_TRACE_KEY_COUNT
} gr_trace_field;

/* The key's field where the reader is; NONE where it keeps nothing of it. */
gr_trace_field gr_trace_field_of(gr_trace_place where, const char *key, size_t len);
/* The place a container opened under field begins. */
gr_trace_place gr_trace_inner_place(gr_trace_place where, gr_trace_field field, bool map);

void gr_trace_event_clear(gr_trace_event *e);
void gr_trace_device_clear(gr_trace_device *d);
/* A string value: "ph" (complete: "X") and "cat" (the kind). */
void gr_trace_event_string(gr_trace_event *e, gr_trace_field field, const char *s, size_t len, bool *complete);
/* A number value, as the trace spells it. */
void gr_trace_event_number(gr_trace_event *e, gr_trace_field field, const char *s, size_t len);
void gr_trace_event_dim(gr_trace_event *e, gr_trace_field field, int index, const char *s, size_t len);
void gr_trace_device_number(gr_trace_device *d, gr_trace_field field, const char *s, size_t len);

/* "5078597825053.950" microseconds as 5078597825053950 ns, exactly (a
 * double holds 15 digits, and traces' stamps have 16); false where the
 * text is no number of microseconds that fits. */
bool gr_trace_us_to_ns(const char *s, size_t len, int64_t *ns);

#endif
