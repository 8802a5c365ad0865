/* gpuroof trace --kernel PATTERN (trace_output.h): a pattern that picks
 * no kernel refused, and what it picked said above the table, on the page
 * and in the JSON. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "out_fields.h"
#include "output.h"
#include "trace_output.h"

bool trace_picked_some(const trace_options *o, const gr_trace_run *run)
{
    if (!o->kernel || run->kernels_picked > 0)
        return true;
    return cli_error("%s: no kernel matches '%s' among its %zu kernel%s",
                     trace_file_shown(o), o->kernel, run->kernels.count,
                     out_plural((long long)run->kernels.count));
}

void trace_picked_words(const trace_options *o, const gr_trace_run *run, gr_buf *b)
{
    if (!o->kernel)
        return;
    const gr_trace_kernels *k = &run->kernels;
    gr_buf_addf(b, "--kernel '%s' picks %zu of the %zu kernels, %s of the kernels' time", o->kernel,
                run->kernels_picked, k->count, OUT_PCT(k->time_ns ? (double)run->picked_ns / (double)k->time_ns : 0));
}

void trace_print_picked(const trace_options *o, const gr_trace_run *run)
{
    gr_buf b = GR_BUF_INIT;
    trace_picked_words(o, run, &b);
    if (gr_buf_text(&b)[0])
        printf("%s\n", gr_buf_text(&b));
    gr_buf_free(&b);
}

typedef struct {
    const char *pattern;
    size_t kernels;
    int64_t time_ns;
} picked_shown;

static const out_field picked_fields[] = {
    OUT_TEXT_ROW(picked_shown, pattern, "pattern"),
    OUT_SIZE_ROW(picked_shown, kernels, "kernels"),
    OUT_INT64_ROW(picked_shown, time_ns, "time_ns"),
    OUT_END,
};

json_t *trace_picked_json(const trace_options *o, const gr_trace_run *run)
{
    picked_shown p = {o->kernel, run->kernels_picked, run->picked_ns};
    return out_fields_json(picked_fields, &p);
}
