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
    GR_FIELD_NONE,
    GR_FIELD_TRACE_EVENTS, GR_FIELD_DEVICE_PROPERTIES,
    GR_FIELD_PH, GR_FIELD_CAT, GR_FIELD_NAME, GR_FIELD_PID, GR_FIELD_TID, GR_FIELD_TS, GR_FIELD_DUR, GR_FIELD_ARGS,
    GR_FIELD_DEVICE, GR_FIELD_STREAM, GR_FIELD_CORRELATION, GR_FIELD_GRID, GR_FIELD_BLOCK, GR_FIELD_REGISTERS,
    GR_FIELD_SHARED, GR_FIELD_BYTES, GR_FIELD_BLOCKS_PER_SM, GR_FIELD_WARPS_PER_SM, GR_FIELD_EST_OCCUPANCY,
    GR_FIELD_ID, GR_FIELD_CC_MAJOR, GR_FIELD_CC_MINOR, GR_FIELD_SMS, GR_FIELD_WARP_SIZE, GR_FIELD_THREADS_SM,
    GR_FIELD_THREADS_BLOCK, GR_FIELD_REGS_SM, GR_FIELD_REGS_BLOCK, GR_FIELD_SMEM_SM, GR_FIELD_SMEM_BLOCK,
    GR_FIELD_SMEM_OPTIN, GR_FIELD_MEMORY, GR_FIELD_COUNT
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
