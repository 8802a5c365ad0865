/* A window in time order (trace_heap.h). */
#include "trace_heap.h"

static void swap(gr_trace_op *a, gr_trace_op *b)
{
    gr_trace_op t = *a;
    *a = *b;
    *b = t;
}

void gr_trace_heap_push(gr_trace_op *heap, size_t *count, gr_trace_op op)
{
    size_t i = (*count)++;
    heap[i] = op;
    for (; i > 0 && heap[(i - 1) / 2].start_ns > heap[i].start_ns; i = (i - 1) / 2)
        swap(&heap[(i - 1) / 2], &heap[i]);
}

gr_trace_op gr_trace_heap_pop(gr_trace_op *heap, size_t *count)
{
    gr_trace_op top = heap[0];
    heap[0] = heap[--*count];
    for (size_t i = 0;;) {
        size_t least = i, l = 2 * i + 1, r = l + 1;
        if (l < *count && heap[l].start_ns < heap[least].start_ns)
            least = l;
        if (r < *count && heap[r].start_ns < heap[least].start_ns)
            least = r;
        if (least == i)
            break;
        swap(&heap[i], &heap[least]);
        i = least;
    }
    return top;
}
