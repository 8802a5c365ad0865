/* One key for Kineto's and Nsight Compute's spellings of a kernel's name
 * (trace_names.h says what differs and what the key keeps). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "trace_names.h"
#include "gpuroof_kernels.h"

typedef struct {
    const char *at;  /* the next character to read */
    int depth;       /* parentheses open around it */
    gr_buf *key;
} key_walk;

static bool starts(const char *at, const char *word)
{
    return strncmp(at, word, strlen(word)) == 0;
}

static const char *skip_space(const char *at)
{
    while (isspace((unsigned char)*at))
        at++;
    return at;
}

/* The ')' that closes the '(' at open, or NULL where none does. */
static const char *closing(const char *open)
{
    int depth = 0;
    for (const char *at = open; *at; at++) {
        depth += *at == '(';
        depth -= *at == ')';
        if (depth == 0)
            return at;
    }
    return NULL;
}

static const char *digits_end(const char *at)
{
    while (isdigit((unsigned char)*at))
        at++;
    return at;
}

/* A lambda, Kineto's `{lambda(float)#1}` or Nsight Compute's `[lambda(float)
 * (instance 1)]`, as `lambda#1`; false (nothing read) where at holds neither. */
static bool take_lambda(key_walk *w)
{
    bool kineto = starts(w->at, "{lambda(");
    if (!kineto && !starts(w->at, "[lambda("))
        return false;
    const char *after = closing(w->at + strlen("{lambda"));
    if (!after)
        return false;
    after = skip_space(after + 1);
    const char *number = kineto ? (*after == '#' ? after + 1 : NULL)
                                : (starts(after, "(instance ") ? after + strlen("(instance ") : NULL);
    if (!number || !isdigit((unsigned char)*number))
        return false;
    const char *end = digits_end(number);
    if (*end != (kineto ? '}' : ')') || (!kineto && end[1] != ']'))
        return false;
    gr_buf_addf(w->key, "lambda#%.*s", (int)(end - number), number);
    w->at = end + (kineto ? 1 : 2);
    return true;
}

/* A word: a qualifier (followed by ::) and the words one demangler writes
 * and the other not are left out; false and true as 0 and 1. */
static void take_word(key_walk *w)
{
    static const char *const unsaid[] = {"void", "const", "volatile", "struct", "class", "enum", "typename"};
    const char *start = w->at;
    while (isalnum((unsigned char)*w->at) || *w->at == '_')
        w->at++;
    size_t length = (size_t)(w->at - start);
    const char *next = skip_space(w->at);
    if (starts(next, "::")) {
        w->at = next + 2;
        return;
    }
    for (size_t i = 0; i < sizeof unsaid / sizeof unsaid[0]; i++)
        if (length == strlen(unsaid[i]) && strncmp(start, unsaid[i], length) == 0)
            return;
    if (length == 5 && strncmp(start, "false", 5) == 0)
        gr_buf_addf(w->key, "0");
    else if (length == 4 && strncmp(start, "true", 4) == 0)
        gr_buf_addf(w->key, "1");
    else
        gr_buf_addf(w->key, "%.*s", (int)length, start);
}

/* A number without its suffix (2ul as 2). */
static void take_number(key_walk *w)
{
    const char *start = w->at;
    w->at = digits_end(w->at);
    gr_buf_addf(w->key, "%.*s", (int)(w->at - start), start);
    while (*w->at == 'u' || *w->at == 'U' || *w->at == 'l' || *w->at == 'L')
        w->at++;
}

/* A parenthesis: of each group outside any other only "()" is kept, and
 * not even that where it is a cast, `(bool)0`: the group is written when
 * it closes. */
static void take_parenthesis(key_walk *w)
{
    char c = *w->at++;
    if (c == '(') {
        w->depth++;
        return;
    }
    if (w->depth == 0 || --w->depth > 0)
        return;
    const char *next = skip_space(w->at);
    if (!isdigit((unsigned char)*next) && *next != '-')
        gr_buf_addf(w->key, "()");
}

static void take_next(key_walk *w)
{
    unsigned char c = (unsigned char)*w->at;
    if (w->depth == 0 && starts(w->at, "(anonymous namespace)"))
        w->at += strlen("(anonymous namespace)");
    else if (c == '(' || c == ')')
        take_parenthesis(w);
    else if (w->depth > 0 || isspace(c))
        w->at++;
    else if (starts(w->at, "<unnamed>"))
        w->at += strlen("<unnamed>");
    else if (starts(w->at, "::"))
        w->at += 2;
    else if (take_lambda(w))
        return;
    else if (isalpha(c) || c == '_')
        take_word(w);
    else if (isdigit(c))
        take_number(w);
    else
        gr_buf_addf(w->key, "%c", *w->at++);
}

bool gr_trace_name_key(const char *name, gr_buf *key)
{
    char *demangled = NULL;
    if (starts(name, "_Z") && gr_kernel_demangle(name, &demangled) == GR_DEMANGLE_DONE)
        name = demangled;
    gr_buf_clear(key);
    gr_buf_addf(key, "%s", "");
    key_walk w = {name, 0, key};
    while (*w.at)
        take_next(&w);
    free(demangled);
    return !gr_buf_failed(key);
}

bool gr_trace_name_unreadable(const char *name)
{
    char *demangled = NULL;
    if (!starts(name, "_Z"))
        return false;
    gr_demangle_result r = gr_kernel_demangle(name, &demangled);
    free(demangled);
    return r != GR_DEMANGLE_DONE;
}

/* The words a mangled name writes as letters of its own (builtin types,
 * bool's literals), or not at all (a lambda's). */
static bool spelled_otherwise(const char *word, size_t length)
{
    static const char *const words[] = {"bool", "char", "short", "int", "long", "float", "double", "unsigned",
                                        "signed", "lambda", "operator"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (length == strlen(words[i]) && strncmp(word, words[i], length) == 0)
            return true;
    return false;
}

static bool contains(const char *text, const char *word, size_t length)
{
    for (const char *at = strchr(text, *word); at; at = strchr(at + 1, *word))
        if (strncmp(at, word, length) == 0)
            return true;
    return false;
}

bool gr_trace_name_words_in(const char *key, const char *mangled)
{
    size_t words = 0;
    for (const char *at = key; *at;) {
        if (!isalpha((unsigned char)*at) && *at != '_') {
            at++;
            continue;
        }
        const char *start = at;
        while (isalnum((unsigned char)*at) || *at == '_')
            at++;
        size_t length = (size_t)(at - start);
        if (spelled_otherwise(start, length))
            continue;
        if (!contains(mangled, start, length))
            return false;
        words++;
    }
    return words > 0;
}
