/* Choosing an architecture and a kernel (kernel_select.h). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <fnmatch.h>
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

static char *lowered(const char *text)
{
    size_t n = strlen(text);
    char *copy = malloc(n + 1);
    if (copy)
        for (size_t i = 0; i <= n; i++)
            copy[i] = (char)tolower((unsigned char)text[i]);
    return copy;
}

/* Where the function's name ends and its parameters begin in a demangled
 * name, and where its return type (a template's) ends: the first '(' and
 * the last space before it outside template arguments. */
static void name_bounds(const char *demangled, size_t *start, size_t *end)
{
    int depth = 0;
    *start = 0;
    *end = strlen(demangled);
    for (size_t i = 0; demangled[i]; i++) {
        char c = demangled[i];
        depth += (c == '<') - (c == '>');
        if (depth == 0 && c == ' ' && i + 1 < *end && demangled[i + 1] != '(')
            *start = i + 1;
        if (depth == 0 && c == '(') {
            *end = i;
            return;
        }
    }
}

/* The name without its namespaces and classes: after the last "::"
 * outside template arguments. */
static size_t unqualified(const char *name, size_t start, size_t end)
{
    int depth = 0;
    size_t from = start;
    for (size_t i = start; i + 1 < end; i++) {
        depth += (name[i] == '<') - (name[i] == '>');
        if (depth == 0 && name[i] == ':' && name[i + 1] == ':')
            from = i + 2;
    }
    return from;
}

static bool whole_name(const char *pattern, const char *mangled, const char *demangled)
{
    if (strcmp(pattern, mangled) == 0 || strcmp(pattern, demangled) == 0)
        return true;
    size_t start, end, n = strlen(pattern);
    name_bounds(demangled, &start, &end);
    size_t bare = unqualified(demangled, start, end);
    return (end - start == n && strncmp(demangled + start, pattern, n) == 0) ||
           (end - bare == n && strncmp(demangled + bare, pattern, n) == 0);
}

static bool has_glob(const char *pattern)
{
    return strpbrk(pattern, "*?[") != NULL;
}

/* Whether the kernel matches in the given round (1 to 3). */
static bool matches(int round, const char *pattern, const char *mangled, const char *demangled)
{
    if (round == 1)
        return whole_name(pattern, mangled, demangled);
    if (round == 2)
        return has_glob(pattern) && (fnmatch(pattern, mangled, 0) == 0 || fnmatch(pattern, demangled, 0) == 0);
    return !has_glob(pattern) && (strstr(mangled, pattern) || strstr(demangled, pattern));
}

typedef struct {
    size_t count;
    size_t items[NAMED_CANDIDATES];
} match_set;

/* The kernels of sm that match pattern (lower-case) in the given round. */
static bool collect(const gr_kernel_list *list, const char *pattern, gr_sm sm, int round, match_set *m,
                    gr_error *err)
{
    m->count = 0;
    for (size_t i = 0; i < list->count; i++) {
        const gr_kernel *k = &list->kernels[i];
        if (!gr_sm_equal(k->sm, sm))
            continue;
        char *mangled = lowered(k->name), *demangled = lowered(k->demangled);
        bool yes = mangled && demangled && matches(round, pattern, mangled, demangled);
        bool failed = !mangled || !demangled;
        free(mangled);
        free(demangled);
        if (failed)
            return gr_error_set(err, "out of memory matching kernel names");
        if (yes && m->count < NAMED_CANDIDATES)
            m->items[m->count] = i;
        m->count += yes;
    }
    return true;
}

/* "a; b; c and 3 more": the kernels' demangled names, for an error. */
static const char *candidates(const gr_kernel_list *list, const size_t *items, size_t named, size_t count,
                              char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < named && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? "; " : "", list->kernels[items[i]].demangled);
        used += n > 0 ? (size_t)n : 0;
    }
    if (count > named && used < size)
        snprintf(buf + used, size - used, " and %zu more", count - named);
    return buf;
}

/* The architecture to look in: sm, which the list must have, or the
 * list's only one. */
static bool choose_sm(const gr_kernel_list *list, const char *file, const gr_sm *sm, gr_sm *out, gr_error *err)
{
    gr_sm_set sms;
    char names[256], name[GR_SM_NAME_SIZE];
    gr_kernel_list_sms(list, &sms);
    if (sms.count == 0)
        return gr_error_set(err, "%s holds no kernels", file);
    gr_sm_set_names(&sms, names, sizeof names);
    if (sm) {
        for (int i = 0; i < sms.count; i++)
            if (gr_sm_equal(sms.items[i], *sm)) {
                *out = *sm;
                return true;
            }
        return gr_error_set(err, "%s has no code for %s; it has %s", file, gr_sm_name(*sm, name), names);
    }
    if (sms.count > 1)
        return gr_error_set(err, "%s has code for %s: name the architecture", file, names);
    *out = sms.items[0];
    return true;
}

/* The error for no kernel matching: the names there are to pick from. */
static bool no_match(const gr_kernel_list *list, const char *file, const char *pattern, gr_sm sm, gr_error *err)
{
    match_set all = {0};
    char names[600], name[GR_SM_NAME_SIZE];
    for (size_t i = 0; i < list->count; i++)
        if (gr_sm_equal(list->kernels[i].sm, sm)) {
            if (all.count < NAMED_CANDIDATES)
                all.items[all.count] = i;
            all.count++;
        }
    return gr_error_set(err, "no kernel for %s in %s matches '%s'; its kernels: %s", gr_sm_name(sm, name), file,
                        pattern, candidates(list, all.items, all.count < NAMED_CANDIDATES ? all.count : NAMED_CANDIDATES,
                                            all.count, names, sizeof names));
}

bool gr_kernel_find(const gr_kernel_list *list, const char *file, const char *pattern, const gr_sm *sm,
                    size_t *index, gr_error *err)
{
    gr_sm chosen;
    if (!choose_sm(list, file, sm, &chosen, err))
        return false;
    char *wanted = lowered(pattern);
    if (!wanted)
        return gr_error_set(err, "out of memory matching kernel names");
    match_set m = {0};
    bool ok = true;
    for (int round = 1; ok && round <= 3 && m.count == 0; round++)
        ok = collect(list, wanted, chosen, round, &m, err);
    free(wanted);
    if (!ok)
        return false;
    if (m.count == 0)
        return no_match(list, file, pattern, chosen, err);
    if (m.count > 1) {
        char names[600], name[GR_SM_NAME_SIZE];
        size_t named = m.count < NAMED_CANDIDATES ? m.count : NAMED_CANDIDATES;
        return gr_error_set(err, "'%s' matches %zu kernels for %s in %s: %s", pattern, m.count,
                            gr_sm_name(chosen, name), file, candidates(list, m.items, named, m.count, names, sizeof names));
    }
    *index = m.items[0];
    return true;
}
