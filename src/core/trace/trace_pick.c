/* The kernels a --kernel pattern picks in a trace (trace_pick.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "trace_names.h"
#include "trace_pick.h"

bool gr_trace_pick_init(gr_trace_pick *p, const char *pattern, bool glob, gr_error *err)
{
    *p = (gr_trace_pick){.key = GR_BUF_INIT, .best = GR_MATCH_NONE};
    if (!gr_name_pattern_init(&p->pattern, pattern, glob, err))
        return false;
    if (!gr_trace_name_key(pattern, &p->key))
        return gr_error_set(err, "out of memory reading --kernel's pattern");
    return true;
}

static size_t slot_of(const char *name, size_t slot_count)
{
    uint64_t h = (uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15u; /* Fibonacci hashing */
    return (size_t)(h >> 17) & (slot_count - 1);
}

/* The slot of name, or the empty one where it would go. */
static size_t find(const gr_trace_pick_slot *slots, size_t slot_count, const char *name)
{
    size_t i = slot_of(name, slot_count);
    while (slots[i].name && slots[i].name != name)
        i = (i + 1) & (slot_count - 1);
    return i;
}

static bool grow(gr_trace_pick *p)
{
    size_t count = p->slot_count ? 2 * p->slot_count : 256;
    gr_trace_pick_slot *slots = calloc(count, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < p->slot_count; i++)
        if (p->slots[i].name)
            slots[find(slots, count, p->slots[i].name)] = p->slots[i];
    free(p->slots);
    p->slots = slots;
    p->slot_count = count;
    return true;
}

/* How the pattern matches name: its key, else as ncu --kernel matches. */
static bool match_of(const gr_trace_pick *p, const char *name, gr_match *how)
{
    gr_buf key = GR_BUF_INIT;
    bool ok = gr_trace_name_key(name, &key);
    gr_error err;
    if (ok && strcmp(gr_buf_text(&key), gr_buf_text(&p->key)) == 0)
        *how = GR_MATCH_WHOLE;
    else
        ok = ok && gr_name_pattern_match(&p->pattern, NULL, name, how, &err);
    gr_buf_free(&key);
    return ok;
}

bool gr_trace_pick_match(gr_trace_pick *p, const char *name, gr_match *how)
{
    if (p->slot_count) {
        const gr_trace_pick_slot *s = &p->slots[find(p->slots, p->slot_count, name)];
        if (s->name) {
            *how = s->how;
            return true;
        }
    }
    if ((2 * (p->count + 1) > p->slot_count && !grow(p)) || !match_of(p, name, how))
        return false;
    p->slots[find(p->slots, p->slot_count, name)] = (gr_trace_pick_slot){name, *how};
    p->count++;
    if (*how != GR_MATCH_NONE && (p->best == GR_MATCH_NONE || *how < p->best))
        p->best = *how;
    return true;
}

gr_match gr_trace_pick_how(const gr_trace_pick *p, const char *name)
{
    if (!p->slot_count)
        return GR_MATCH_NONE;
    const gr_trace_pick_slot *s = &p->slots[find(p->slots, p->slot_count, name)];
    return s->name ? s->how : GR_MATCH_NONE;
}

void gr_trace_pick_free(gr_trace_pick *p)
{
    gr_name_pattern_free(&p->pattern);
    gr_buf_free(&p->key);
    free(p->slots);
    *p = (gr_trace_pick){.key = GR_BUF_INIT};
}
