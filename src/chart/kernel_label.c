#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "kernel_label.h"

/* Where the parameter list begins: the first '(' outside template
 * arguments that is not "(anonymous namespace)"; the end where none. */
static size_t parameters_at(const char *name)
{
    int depth = 0;
    for (size_t i = 0; name[i]; i++) {
        if (name[i] == '<')
            depth++;
        else if (name[i] == '>' && depth > 0)
            depth--;
        else if (name[i] == '(' && depth == 0 && strncmp(name + i, "(anonymous namespace)", 21) != 0 && i > 0)
            return i;
    }
    return strlen(name);
}

/* A label cut to its buffer says so: it ends in "...". */
static void mark_cut(char *out, size_t size)
{
    if (size >= 4)
        memcpy(out + size - 4, "...", 4);
}

/* The name with each outermost template argument list written "<...>". */
static void without_templates(const char *name, size_t len, char *out, size_t size)
{
    size_t n = 0;
    int depth = 0;
    for (size_t i = 0; i < len && n + 6 < size; i++) {
        if (name[i] == '<' && depth++ == 0) {
            memcpy(out + n, "<...>", 5);
            n += 5;
        } else if (name[i] == '>' && depth > 0) {
            depth--;
        } else if (depth == 0) {
            out[n++] = name[i];
        }
        if (n + 6 >= size && i + 1 < len) { /* more would not fit */
            out[n] = '\0';
            mark_cut(out, n + 4 <= size ? n + 4 : size);
            return;
        }
    }
    out[n] = '\0';
}

void gr_kernel_short_name(const char *demangled, int full, char *out, size_t size)
{
    const char *name = demangled;
    while (*name == ' ')
        name++;
    if (strncmp(name, "void ", 5) == 0)
        name += 5;
    size_t len = parameters_at(name);
    while (len > 0 && name[len - 1] == ' ')
        len--;
    if (!full && len > GR_KERNEL_LABEL_LONG && memchr(name, '<', len))
        without_templates(name, len, out, size);
    else if (len >= size)
        mark_cut(memcpy(out, name, size), size);
    else
        snprintf(out, size, "%.*s", (int)len, name);
    if (out[0] == '\0' && (size_t)snprintf(out, size, "%s", demangled) >= size)
        mark_cut(out, size);
}

static bool taken(char (*labels)[96], size_t count, size_t self, const char *text)
{
    for (size_t j = 0; j < count; j++)
        if (j != self && strcmp(labels[j], text) == 0)
            return true;
    return false;
}

void gr_kernel_labels_unique(char (*labels)[96], size_t count)
{
    for (size_t i = 1; i < count; i++) {
        bool repeated = false;
        for (size_t j = 0; j < i; j++)
            repeated = repeated || strcmp(labels[j], labels[i]) == 0;
        if (!repeated)
            continue;
        char candidate[128];
        for (int k = 2;; k++) {
            /* the number goes on the end; what it pushes out is marked */
            snprintf(candidate, sizeof candidate, strlen(labels[i]) > 80 ? "%.77s... #%d" : "%s #%d", labels[i], k);
            if (!taken(labels, count, i, candidate))
                break;
        }
        snprintf(labels[i], sizeof labels[i], "%.95s", candidate);
    }
}

void gr_kernel_labels(const char *const *demangled, size_t count, char (*labels)[96])
{
    for (size_t i = 0; i < count; i++)
        gr_kernel_short_name(demangled[i], 0, labels[i], sizeof labels[i]);
    for (size_t i = 0; i < count; i++) {
        bool repeated = false;
        char short_name[96];
        gr_kernel_short_name(demangled[i], 0, short_name, sizeof short_name);
        for (size_t j = 0; j < count; j++) {
            char other[96];
            gr_kernel_short_name(demangled[j], 0, other, sizeof other);
            repeated = repeated || (j != i && strcmp(other, short_name) == 0);
        }
        if (repeated) /* the template arguments may tell them apart */
            gr_kernel_short_name(demangled[i], 1, labels[i], sizeof labels[i]);
    }
    gr_kernel_labels_unique(labels, count);
}
