/* Choosing an architecture and a kernel (kernel_select.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel_select.h"

/* Candidates named in an error, at most; the rest are counted. */
#define NAMED_CANDIDATES 6

/* NVIDIA, "NVIDIA Blackwell and NVIDIA CUDA 12.9 Introduce Family-Specific
 * Architecture Features" (developer.nvidia.com/blog, 2025): machine code
 * for sm_XY runs on the GPUs of major version X from minor version Y on;
 * sm_XYf ("family") code the same (sm_100f on compute capability 10.0 and
 * 10.3, never on 11.x or 12.x); sm_XYa code on X.Y alone (sm_90a on the
 * H100, never on a later 9.x; sm_100a never on 10.3). */
bool gr_sm_runs_on(gr_sm sm, int major, int minor)
{
    int device = major * 10 + minor;
    if (sm.variant == 'a')
        return sm.number == device;
    return sm.number / 10 == major && sm.number <= device;
}

/* The newest first; of one number the most specific, as the driver loads
 * it: sm_90a before sm_90f before sm_90. */
static int preference(gr_sm sm)
{
    return sm.number * 4 + (sm.variant == 'a' ? 3 : sm.variant == 'f' ? 2 : 1);
}

bool gr_kernel_sm_for_device(const gr_kernel_list *list, int major, int minor, gr_sm *out)
{
    bool found = false;
    for (size_t i = 0; i < list->count; i++) {
        gr_sm sm = list->kernels[i].sm;
        if (gr_sm_runs_on(sm, major, minor) && (!found || preference(sm) > preference(*out))) {
            *out = sm;
            found = true;
        }
    }
    return found;
}

typedef struct {
    size_t count;
    size_t items[NAMED_CANDIDATES];
    bool copies; /* every match is a copy of the first */
} match_set;

/* How each kernel of sm (every architecture where sm is NULL) matches:
 * into how[i], and the strongest way any does into *best. */
static bool match_all(const gr_kernel_list *list, const gr_name_pattern *pattern, const gr_sm *sm, gr_match *how,
                      gr_match *best, gr_error *err)
{
    *best = GR_MATCH_NONE;
    for (size_t i = 0; i < list->count; i++) {
        const gr_kernel *k = &list->kernels[i];
        how[i] = GR_MATCH_NONE;
        if (sm && !gr_sm_equal(k->sm, *sm))
            continue;
        if (!gr_name_pattern_match(pattern, k->name, k->demangled, &how[i], err))
            return false;
        if (how[i] != GR_MATCH_NONE && (*best == GR_MATCH_NONE || how[i] < *best))
            *best = how[i];
    }
    return true;
}

/* Whether b is a copy of a: a library links the same kernel into many
 * cubins (cuBLASLt holds one helper 1,366 times for sm_90a), and copies of
 * one name and the same figures are one answer. */
static bool same_kernel(const gr_kernel *a, const gr_kernel *b)
{
    return strcmp(a->name, b->name) == 0 && gr_sm_equal(a->sm, b->sm) && a->registers == b->registers &&
           a->shared_static_bytes == b->shared_static_bytes && a->stack_bytes == b->stack_bytes &&
           a->local_bytes == b->local_bytes && a->constant_bytes == b->constant_bytes &&
           a->max_threads == b->max_threads && a->relocatable == b->relocatable;
}

/* The kernels of sm that match pattern as strongly as any does (the first
 * NAMED_CANDIDATES of them named), and whether they are all copies of one. */
static bool collect(const gr_kernel_list *list, const gr_name_pattern *pattern, const gr_sm *sm, match_set *m,
                    gr_error *err)
{
    gr_match *how = malloc((list->count ? list->count : 1) * sizeof *how), best;
    m->count = 0;
    if (!how)
        return gr_error_set(err, "out of memory matching kernel names");
    bool ok = match_all(list, pattern, sm, how, &best, err);
    m->copies = true;
    for (size_t i = 0; ok && best != GR_MATCH_NONE && i < list->count; i++)
        if (how[i] == best) {
            if (m->count < NAMED_CANDIDATES)
                m->items[m->count] = i;
            m->copies = m->copies && (m->count == 0 || same_kernel(&list->kernels[m->items[0]], &list->kernels[i]));
            m->count++;
        }
    free(how);
    return ok;
}

/* Marks the names matched as strongly as any is (best); their count. */
static size_t mark_strongest(const gr_match *how, size_t count, gr_match best, bool *selected)
{
    size_t picked = 0;
    for (size_t i = 0; i < count; i++) {
        selected[i] = best != GR_MATCH_NONE && how[i] == best;
        picked += selected[i];
    }
    return picked;
}

bool gr_kernel_select(const gr_kernel_list *list, const gr_name_pattern *pattern, bool *selected, size_t *count,
                      gr_error *err)
{
    gr_match *how = malloc((list->count ? list->count : 1) * sizeof *how), best;
    *count = 0;
    if (!how)
        return gr_error_set(err, "out of memory matching kernel names");
    bool ok = match_all(list, pattern, NULL, how, &best, err);
    if (ok)
        *count = mark_strongest(how, list->count, best, selected);
    free(how);
    return ok;
}

bool gr_name_select(const gr_name_pattern *pattern, const char *const *names, size_t count, bool *selected,
                    size_t *picked, gr_error *err)
{
    gr_match *how = malloc((count ? count : 1) * sizeof *how), best = GR_MATCH_NONE;
    *picked = 0;
    if (!how)
        return gr_error_set(err, "out of memory matching kernel names");
    bool ok = true;
    for (size_t i = 0; ok && i < count; i++) {
        /* a name met just before answers the same: a report's launches of
         * one kernel come in runs */
        if (i > 0 && strcmp(names[i], names[i - 1]) == 0)
            how[i] = how[i - 1];
        else
            ok = gr_name_pattern_match(pattern, NULL, names[i], &how[i], err);
        if (ok && how[i] != GR_MATCH_NONE && (best == GR_MATCH_NONE || how[i] < best))
            best = how[i];
    }
    if (ok)
        *picked = mark_strongest(how, count, best, selected);
    free(how);
    return ok;
}

/* "a; b; c and 3 more": the kernels' demangled names, for an error, cut
 * at 599 bytes; a value, for the message it is in (candidates(...).text). */
typedef struct {
    char text[600];
} candidates_text;

static candidates_text candidates(const gr_kernel_list *list, const size_t *items, size_t named, size_t count)
{
    candidates_text out;
    size_t used = 0, size = sizeof out.text;
    char *buf = out.text;
    buf[0] = '\0';
    for (size_t i = 0; i < named && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? "; " : "", list->kernels[items[i]].demangled);
        used += n > 0 ? (size_t)n : 0;
    }
    if (count > named && used < size)
        snprintf(buf + used, size - used, " and %zu more", count - named);
    return out;
}

/* The architecture to look in: sm, which the list must have, or the
 * list's only one. */
static bool choose_sm(const gr_kernel_list *list, const char *file, const gr_sm *sm, gr_sm *out, gr_error *err)
{
    gr_sm_set sms;
    gr_kernel_list_sms(list, &sms);
    if (sms.count == 0)
        return gr_error_set(err, "%s holds no kernels", file);
    if (sm) {
        for (int i = 0; i < sms.count; i++)
            if (gr_sm_equal(sms.items[i], *sm)) {
                *out = *sm;
                return true;
            }
        return gr_error_set(err, "%s has no code for %s; it has %s", file, GR_SM_NAME(*sm), GR_SM_SET_NAMES(&sms));
    }
    if (sms.count > 1)
        return gr_error_set(err, "%s has code for %s: name the architecture", file, GR_SM_SET_NAMES(&sms));
    *out = sms.items[0];
    return true;
}

/* The error for no kernel matching: the names there are to pick from. */
static bool no_match(const gr_kernel_list *list, const char *file, const char *pattern, gr_sm sm, gr_error *err)
{
    match_set all = {0};
    for (size_t i = 0; i < list->count; i++)
        if (gr_sm_equal(list->kernels[i].sm, sm)) {
            if (all.count < NAMED_CANDIDATES)
                all.items[all.count] = i;
            all.count++;
        }
    return gr_error_set(err, "no kernel for %s in %s matches '%s'; its kernels: %s", GR_SM_NAME(sm), file, pattern,
                        candidates(list, all.items, all.count < NAMED_CANDIDATES ? all.count : NAMED_CANDIDATES,
                                   all.count).text);
}

bool gr_kernel_find(const gr_kernel_list *list, const char *file, const gr_name_pattern *pattern, const gr_sm *sm,
                    size_t *index, gr_error *err)
{
    gr_sm chosen;
    if (!choose_sm(list, file, sm, &chosen, err))
        return false;
    match_set m = {0};
    if (!collect(list, pattern, &chosen, &m, err))
        return false;
    if (m.count == 0)
        return no_match(list, file, pattern->given, chosen, err);
    if (m.count > 1 && m.copies) {
        *index = m.items[0];
        return true;
    }
    if (m.count > 1) {
        size_t named = m.count < NAMED_CANDIDATES ? m.count : NAMED_CANDIDATES;
        return gr_error_set(err, "'%s' matches %zu kernels for %s in %s: %s", pattern->given, m.count,
                            GR_SM_NAME(chosen), file, candidates(list, m.items, named, m.count).text);
    }
    *index = m.items[0];
    return true;
}
