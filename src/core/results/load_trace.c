/* A trace's burst and sustained spans (load_trace.h says why both). */
#include <math.h>
#include "load_trace.h"

static bool usable(const gr_load_trace *t)
{
    return t->mark_count >= 2 && t->work_per_run > 0 && t->marks[t->mark_count - 1].ms > t->marks[0].ms;
}

static bool known(double x)
{
    return !isnan(x) && x > 0;
}

/* The span between marks i and j, with the means of the samples inside. */
static void span_of(const gr_load_trace *t, size_t i, size_t j, gr_trace_span *out)
{
    const gr_trace_mark *from = &t->marks[i], *to = &t->marks[j];
    double mhz_sum = 0, watt_sum = 0;
    size_t watt_count = 0;
    out->rate = t->work_per_run * (to->runs - from->runs) / ((to->ms - from->ms) * 1e6);
    out->from_ms = from->ms;
    out->to_ms = to->ms;
    out->samples = 0;
    out->sm_mhz_min = out->sm_mhz_max = NAN;
    for (size_t k = 0; k < t->sample_count; k++) {
        const gr_trace_sample *s = &t->samples[k];
        if (s->ms < from->ms || s->ms > to->ms)
            continue;
        if (known(s->sm_mhz)) {
            mhz_sum += s->sm_mhz;
            out->sm_mhz_min = out->samples == 0 ? s->sm_mhz : fmin(out->sm_mhz_min, s->sm_mhz);
            out->sm_mhz_max = out->samples == 0 ? s->sm_mhz : fmax(out->sm_mhz_max, s->sm_mhz);
            out->samples++;
        }
        if (known(s->watts))
            watt_sum += s->watts, watt_count++;
    }
    out->sm_mhz = out->samples ? mhz_sum / (double)out->samples : NAN;
    out->watts = watt_count ? watt_sum / (double)watt_count : NAN;
}

static double rate_between(const gr_load_trace *t, size_t i, size_t j)
{
    return (t->marks[j].runs - t->marks[i].runs) / (t->marks[j].ms - t->marks[i].ms);
}

/* Two pointers: for each start, the first end at least min_ms later,
 * which only moves forward as the start does: linear in the marks. */
bool gr_trace_burst(const gr_load_trace *t, double min_ms, gr_trace_span *out)
{
    size_t last = t->mark_count - 1, best_i = 0, best_j = 0, j = 1;
    if (!usable(t))
        return false;
    min_ms = fmax(min_ms, 1e-6); /* a span of no time has no rate */
    if (t->marks[last].ms - t->marks[0].ms < min_ms) {
        span_of(t, 0, last, out);
        return true;
    }
    for (size_t i = 0; i < last; i++) {
        if (j <= i)
            j = i + 1;
        while (j < last && t->marks[j].ms - t->marks[i].ms < min_ms)
            j++;
        if (t->marks[j].ms - t->marks[i].ms < min_ms)
            break; /* no span that long starts here or later */
        if (best_j == 0 || rate_between(t, i, j) > rate_between(t, best_i, best_j))
            best_i = i, best_j = j;
    }
    span_of(t, best_i, best_j, out);
    return true;
}

bool gr_trace_sustained(const gr_load_trace *t, double from_ms, gr_trace_span *out)
{
    size_t last = t->mark_count - 1, i = 0;
    if (!usable(t))
        return false;
    double from = t->marks[last].ms >= from_ms ? from_ms : t->marks[0].ms + (t->marks[last].ms - t->marks[0].ms) / 2;
    while (i + 1 < last && t->marks[i].ms < from)
        i++;
    if (t->marks[last].ms <= t->marks[i].ms)
        i = last - 1;
    span_of(t, i, last, out);
    return true;
}
