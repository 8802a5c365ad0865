/* The host's calls by correlation id (trace_launches.h): open addressing,
 * grown at half full, so that each lookup is a step or two. */
#include <stdlib.h>
#include "trace_launches.h"

static size_t slot_of(int64_t correlation, size_t capacity)
{
    uint64_t h = (uint64_t)correlation * 0x9E3779B97F4A7C15u; /* Fibonacci hashing */
    return (size_t)(h >> 17) & (capacity - 1);
}

static void put(gr_trace_launch *slots, size_t capacity, gr_trace_launch call, size_t *count)
{
    size_t i = slot_of(call.correlation, capacity);
    while (slots[i].correlation != -1 && slots[i].correlation != call.correlation)
        i = (i + 1) & (capacity - 1);
    *count += slots[i].correlation == -1;
    slots[i] = call;
}

static bool grow(gr_trace_launches *l)
{
    size_t capacity = l->capacity ? 2 * l->capacity : 1024, count = 0;
    gr_trace_launch *slots = malloc(capacity * sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < capacity; i++)
        slots[i].correlation = -1;
    for (size_t i = 0; i < l->capacity; i++)
        if (l->slots[i].correlation != -1)
            put(slots, capacity, l->slots[i], &count);
    free(l->slots);
    *l = (gr_trace_launches){slots, capacity, count};
    return true;
}

bool gr_trace_launches_add(gr_trace_launches *l, int64_t correlation, int64_t end_ns)
{
    if (correlation < 0)
        return true;
    if (2 * (l->count + 1) > l->capacity && !grow(l))
        return false;
    put(l->slots, l->capacity, (gr_trace_launch){correlation, end_ns}, &l->count);
    return true;
}

int64_t gr_trace_launches_end(const gr_trace_launches *l, int64_t correlation)
{
    if (!l->capacity || correlation < 0)
        return -1;
    for (size_t i = slot_of(correlation, l->capacity); l->slots[i].correlation != -1; i = (i + 1) & (l->capacity - 1))
        if (l->slots[i].correlation == correlation)
            return l->slots[i].end_ns;
    return -1;
}

void gr_trace_launches_free(gr_trace_launches *l)
{
    free(l->slots);
    *l = (gr_trace_launches){0};
}
