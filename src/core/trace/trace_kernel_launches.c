/* A trace's kernel launches, all or the longest in a bounded heap
 * (trace_kernel_launches.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_text.h"
#include "trace_kernel_launches.h"

void gr_trace_kernel_launches_init(gr_trace_kernel_launches *l, size_t top)
{
    *l = (gr_trace_kernel_launches){.top = top};
}

/* A figure of the trace as the record keeps it: range-checked, never
 * narrowed past what it holds. */
static int32_t narrow(int64_t v)
{
    return v >= -1 && v <= INT32_MAX ? (int32_t)v : GR_TRACE_LAUNCH_UNKNOWN;
}

static gr_trace_kernel_launch record_of(const char *kernel, const gr_trace_event *e)
{
    gr_trace_kernel_launch r = {.kernel = kernel, .start_ns = e->ts_ns, .time_ns = e->dur_ns,
                                .stream = narrow(e->stream), .registers_per_thread = narrow(e->registers_per_thread),
                                .shared_bytes = narrow(e->shared_bytes), .device = narrow(e->device),
                                .kineto_pct = (float)e->est_achieved_occupancy_pct};
    for (int i = 0; i < 3; i++) {
        r.grid[i] = narrow(e->grid[i]);
        r.block[i] = narrow(e->block[i]);
    }
    return r;
}

bool gr_trace_launch_before(const gr_trace_kernel_launch *a, const gr_trace_kernel_launch *b)
{
    if (a->time_ns != b->time_ns)
        return a->time_ns > b->time_ns;
    if (a->start_ns != b->start_ns)
        return a->start_ns < b->start_ns;
    int names = strcmp(a->kernel, b->kernel);
    return names != 0 ? names < 0 : a->stream < b->stream;
}

/* The heap's order: each parent is shown after its children (the root is
 * the launch the list would drop first). */
static bool heap_above(const gr_trace_kernel_launch *parent, const gr_trace_kernel_launch *child)
{
    return !gr_trace_launch_before(parent, child);
}

static void swap(gr_trace_kernel_launch *a, gr_trace_kernel_launch *b)
{
    gr_trace_kernel_launch t = *a;
    *a = *b;
    *b = t;
}

static void sift_up(gr_trace_kernel_launch *h, size_t i)
{
    while (i > 0 && !heap_above(&h[(i - 1) / 2], &h[i])) {
        swap(&h[(i - 1) / 2], &h[i]);
        i = (i - 1) / 2;
    }
}

static void sift_down(gr_trace_kernel_launch *h, size_t count, size_t i)
{
    for (;;) {
        size_t top = i, left = 2 * i + 1, right = left + 1;
        if (left < count && !heap_above(&h[top], &h[left]))
            top = left;
        if (right < count && !heap_above(&h[top], &h[right]))
            top = right;
        if (top == i)
            return;
        swap(&h[i], &h[top]);
        i = top;
    }
}

/* Room for one more item; false where memory runs out. */
static bool room(gr_trace_launch_bin *b)
{
    gr_trace_kernel_launch *items = gr_grow(b->items, &b->capacity, b->count, sizeof *items, 256);
    if (!items)
        return false;
    b->items = items;
    return true;
}

bool gr_trace_kernel_launches_add(gr_trace_kernel_launches *l, int bin, const char *kernel, const gr_trace_event *e)
{
    gr_trace_launch_bin *b = &l->bins[bin];
    gr_trace_kernel_launch r = record_of(kernel, e);
    b->offered++;
    b->offered_ns += e->dur_ns;
    if (l->top == 0 || b->count < l->top) {
        if (!room(b))
            return false;
        b->items[b->count++] = r;
        if (l->top)
            sift_up(b->items, b->count - 1);
    } else if (gr_trace_launch_before(&r, &b->items[0])) {
        b->items[0] = r; /* the shortest kept gives way */
        sift_down(b->items, b->count, 0);
    }
    return true;
}

static int longest_first(const void *a, const void *b)
{
    return gr_trace_launch_before(a, b) ? -1 : gr_trace_launch_before(b, a) ? 1 : 0;
}

void gr_trace_kernel_launches_finish(gr_trace_kernel_launches *l, int bin, int64_t origin_ns)
{
    for (int i = 0; i < GR_TRACE_LAUNCH_BINS; i++)
        if (i != bin) {
            free(l->bins[i].items);
            l->bins[i] = (gr_trace_launch_bin){.offered = bin < 0 ? 0 : l->bins[i].offered,
                                               .offered_ns = bin < 0 ? 0 : l->bins[i].offered_ns};
        }
    gr_trace_launch_bin *b = &l->bins[bin < 0 ? 0 : bin]; /* none: an empty one */
    l->kept = b;
    l->origin_ns = origin_ns;
    l->more = b->offered - b->count;
    l->more_ns = b->offered_ns;
    for (size_t i = 0; i < b->count; i++) {
        b->items[i].start_ns -= origin_ns;
        l->more_ns -= b->items[i].time_ns;
    }
    if (b->count)
        qsort(b->items, b->count, sizeof *b->items, longest_first);
}

void gr_trace_kernel_launches_free(gr_trace_kernel_launches *l)
{
    for (int i = 0; i < GR_TRACE_LAUNCH_BINS; i++)
        free(l->bins[i].items);
    *l = (gr_trace_kernel_launches){0};
}
