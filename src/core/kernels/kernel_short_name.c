/* A kernel's name shortened for people (kernel_short_name.h). */
#include <stdio.h>
#include <string.h>
#include "kernel_short_name.h"

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

/* The name after its namespaces and classes ("<...>" holds no "::"). */
static const char *unqualified(const char *name)
{
    const char *last = name;
    int depth = 0;
    for (const char *c = name; *c; c++) {
        depth += *c == '<' ? 1 : *c == '>' && depth > 0 ? -1 : 0;
        if (depth == 0 && c[0] == ':' && c[1] == ':')
            last = c + 2;
    }
    return last;
}

void gr_kernel_name_fit(const char *kernel, char *name, size_t size)
{
    char text[1024];
    gr_kernel_short_name(kernel, 1, text, sizeof text);
    if (strlen(text) >= size)
        gr_kernel_short_name(kernel, 0, text, sizeof text);
    const char *shown = strlen(text) < size ? text : unqualified(text);
    size_t n = strlen(shown);
    if (n >= size && n > 5 && strcmp(shown + n - 5, "<...>") == 0)
        n -= 5; /* the template's arguments, already left out, go unmarked */
    if (n < size) {
        snprintf(name, size, "%.*s", (int)n, shown);
        return;
    }
    size_t head = (size - 4) / 2, tail = size - 4 - head;
    snprintf(name, size, "%.*s...%s", (int)head, shown, shown + n - tail);
}
