/* libFuzzer harness: the trace reader (what gpuroof trace reads), fed the
 * input whole and again in two chunks split where its first byte says:
 * a stream's chunks may end anywhere, and must change nothing, neither
 * the events handed on nor the verdict. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "trace_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    size_t events, devices;
    int64_t time_ns; /* every event's stamp and duration summed, to compare */
} tally;

static bool on_event(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)err;
    tally *t = context;
    t->events++;
    t->time_ns += (e->ts_ns & 0xffff) + (e->dur_ns & 0xffff) + (int64_t)strlen(e->name);
    return true;
}

static bool on_device(void *context, const gr_trace_device *d, gr_error *err)
{
    (void)err;
    tally *t = context;
    t->devices++;
    t->time_ns += d->sms + (int64_t)strlen(d->name);
    return true;
}

static bool read_in(const uint8_t *data, size_t size, size_t split, tally *t)
{
    gr_trace_handlers h = {t, on_event, on_device};
    gr_trace_reader *r = gr_trace_reader_new("fuzz.json", &h);
    gr_error err;
    if (!r)
        abort();
    bool ok = gr_trace_reader_feed(r, data, split, &err) && gr_trace_reader_feed(r, data + split, size - split, &err) &&
              gr_trace_reader_finish(r, &err);
    gr_trace_reader_free(r);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tally whole = {0}, split = {0};
    bool whole_ok = read_in(data, size, 0, &whole);
    bool split_ok = read_in(data, size, size ? data[0] % (size + 1) : 0, &split);
    if (whole_ok != split_ok || (whole_ok && memcmp(&whole, &split, sizeof whole) != 0))
        abort();
    return 0;
}
