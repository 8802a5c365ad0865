/* libFuzzer harness: the trace reader (what gpuroof trace reads), fed the
 * input whole and again in two chunks split where its first byte says:
 * a stream's chunks may end anywhere, and must change nothing, neither
 * the events handed on nor the verdict.  Whatever it reads also goes
 * through all gpuroof trace works out of it (trace_run.c: the GPUs' time,
 * the kernels held to an H100-like device, each configuration's limits),
 * whose figures must hold together: busy and idle within the span. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "trace_limits.h"
#include "trace_read.h"
#include "trace_run.h"

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

/* A device of the trace's sizes: the limits gr_limits_from_profile takes. */
static gr_profile device(void)
{
    gr_profile p = {.sm_count = 132, .max_threads_sm = 2048, .max_warps_sm = 64, .max_blocks_sm = 32,
                    .regs_sm = 65536, .smem_sm_bytes = 233472, .carveout_count = 1, .max_threads_block = 1024,
                    .regs_block = 65536, .smem_block_bytes = 49152, .smem_block_optin_bytes = 232448,
                    .smem_block_reserved_bytes = 1024, .max_regs_thread = 255, .reg_alloc_unit = 256,
                    .reg_subpartitions = 4, .smem_alloc_unit = 128, .warp_size = 32, .launch_floor_ns = 2000,
                    .cc_major = 9};
    p.carveouts_bytes[0] = 233472;
    return p;
}

/* All gpuroof trace works out of the input, held together. */
static void run_all(const uint8_t *data, size_t size)
{
    gr_profile p = device();
    gr_trace_run run;
    gr_error err;
    if (!gr_trace_run_init(&run, &p, NULL, &err))
        abort();
    gr_trace_handlers h = gr_trace_run_handlers(&run);
    gr_trace_reader *r = gr_trace_reader_new("fuzz.json", &h);
    bool ok = r && gr_trace_reader_feed(r, data, size, &err) && gr_trace_reader_finish(r, &err);
    gr_trace_reader_free(r);
    gr_trace_run_finish(&run);
    for (size_t i = 0; ok && i < run.time.device_count; i++) {
        const gr_trace_device_time *d = &run.time.devices[i];
        if (d->late_ops == 0 && (d->busy_ns < 0 || gr_trace_idle_ns(d) < 0))
            abort();
    }
    for (size_t i = 0; i < run.kernels.count; i++)
        for (size_t j = 0; j < run.kernels.kernels[i].config_count; j++) {
            gr_trace_config_limits l;
            gr_trace_config_limits_of(&run.kernels, &run.kernels.kernels[i].configs[j], p.launch_floor_ns, &l);
        }
    gr_trace_run_free(&run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run_all(data, size);
    tally whole = {0}, split = {0};
    bool whole_ok = read_in(data, size, 0, &whole);
    bool split_ok = read_in(data, size, size ? data[0] % (size + 1) : 0, &split);
    if (whole_ok != split_ok || (whole_ok && memcmp(&whole, &split, sizeof whole) != 0))
        abort();
    return 0;
}
