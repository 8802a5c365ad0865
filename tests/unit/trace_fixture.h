/* Shared by the unit tests that read the torch.profiler traces recorded
 * on an H200 (tests/data/trace/h200): a trace decompressed and fed to the
 * reader a chunk at a time. */
#ifndef GPUROOF_TEST_TRACE_FIXTURE_H
#define GPUROOF_TEST_TRACE_FIXTURE_H

#include <stdio.h>
#include <zlib.h>
#include "gpuroof_profile.h"
#include "trace_kernels.h"
#include "trace_read.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif

/* The recorded trace file (its name in tests/data/trace/h200) through the
 * handlers h, chunk bytes at a time (at most 65536); a trace that does not
 * read fails the test. */
static inline void read_h200_trace(const char *file, gr_trace_handlers h, unsigned chunk)
{
    char path[1024], buf[65536];
    gr_error err;
    snprintf(path, sizeof path, "%s/tests/data/trace/h200/%s", GPUROOF_SRCDIR, file);
    gzFile in = gzopen(path, "rb");
    assert_non_null(in);
    gr_trace_reader *r = gr_trace_reader_new(file, &h);
    assert_non_null(r);
    int n;
    while ((n = gzread(in, buf, chunk < sizeof buf ? chunk : sizeof buf)) > 0)
        if (!gr_trace_reader_feed(r, buf, (size_t)n, &err))
            fail_msg("%s", err.text);
    if (!gr_trace_reader_finish(r, &err))
        fail_msg("%s", err.text);
    gr_trace_reader_free(r);
    gzclose(in);
}

/* The shipped H200 profile, which the recorded traces are held to; 0, or
 * -1 where it does not load (a cmocka setup's answer). */
static inline int load_h200_profile(gr_profile *h200)
{
    char path[1024];
    gr_error err;
    snprintf(path, sizeof path, "%s/profiles/h200.yaml", GPUROOF_SRCDIR);
    return gr_profile_load_file(path, h200, &err) ? 0 : -1;
}

/* A reader's handler adding each event to the gr_trace_kernels context. */
static inline bool take_kernel_event(void *context, const gr_trace_event *e, gr_error *err)
{
    (void)err;
    return gr_trace_kernels_add(context, e);
}

#endif
