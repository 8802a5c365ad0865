/* A rank's wall time in collectives (trace_collectives.h). */
#include <stdlib.h>
#include <string.h>
#include "trace_collectives.h"

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Whether e is a collective's interval (trace_collectives.h). */
static bool is_collective(const gr_trace_event *e)
{
    if (e->kind == GR_TRACE_ANNOTATION)
        return starts_with(e->name, "gloo:") || starts_with(e->name, "nccl:");
    return e->kind == GR_TRACE_KERNEL && starts_with(e->name, "nccl");
}

/* The next interval in time order into the running union. */
static void fold(gr_trace_collectives *c, const gr_trace_op *op)
{
    c->released = op->start_ns;
    if (c->started && op->start_ns <= c->cur_end) {
        c->cur_end = op->end_ns > c->cur_end ? op->end_ns : c->cur_end;
        return;
    }
    if (c->started)
        c->union_ns += c->cur_end - c->cur_start;
    c->started = true;
    c->cur_start = op->start_ns;
    c->cur_end = op->end_ns;
}

bool gr_trace_collectives_add(gr_trace_collectives *c, const gr_trace_event *e)
{
    if (e->ts_ns < 0 || e->dur_ns < 0 || !is_collective(e))
        return true;
    if (!c->window && !(c->window = malloc(GR_TRACE_WINDOW * sizeof *c->window)))
        return false;
    c->ranges++;
    gr_trace_op op = {e->ts_ns, e->ts_ns + e->dur_ns, -1, e->correlation, e->stream, e->kind};
    if (c->started && op.start_ns < c->released) { /* past its window: out of order */
        c->late++;
        return true;
    }
    if (c->window_count == GR_TRACE_WINDOW) {
        gr_trace_op first = gr_trace_heap_pop(c->window, &c->window_count);
        fold(c, &first);
    }
    gr_trace_heap_push(c->window, &c->window_count, op);
    return true;
}

void gr_trace_collectives_finish(gr_trace_collectives *c)
{
    while (c->window_count) {
        gr_trace_op op = gr_trace_heap_pop(c->window, &c->window_count);
        fold(c, &op);
    }
    if (c->started)
        c->union_ns += c->cur_end - c->cur_start;
    c->started = false; /* finished: a second call adds nothing */
}

void gr_trace_collectives_free(gr_trace_collectives *c)
{
    free(c->window);
    *c = (gr_trace_collectives){0};
}
