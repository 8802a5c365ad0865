/* Kernel names in one canonical spelling, and name patterns (kernel_names.h). */
#define _POSIX_C_SOURCE 200809L
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel_names.h"

/* Deeper nesting of template arguments is written out as it comes. */
#define NESTING_MAX 64
/* Template arguments that T1, T2, ... may stand for. */
#define TEMPLATE_ARGS_MAX 32

static const char anonymous[] = "(anonymous namespace)";

/* How the tools write an anonymous namespace: libiberty, EDG (Nsight),
 * GCC's diagnostics. */
static const char *const anonymous_spellings[] = {"(anonymous namespace)", "<unnamed>", "{anonymous}"};

typedef struct {
    const char *text;
    size_t len;
    bool word; /* a name, keyword or number: two in a row need a space */
} token;

typedef struct {
    token *items;
    size_t count, capacity;
    size_t *pair; /* the bracket closing or opening each bracket; SIZE_MAX: none */
} tokens;

typedef struct {
    size_t from, to; /* a range of tokens */
} span;

typedef struct {
    char *text;
    size_t len, capacity;
    bool word_last; /* the last token written was a word */
    bool failed;    /* out of memory */
    size_t budget;  /* the most the canonical form may grow to, in bytes */
} out_text;

static bool is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
           (unsigned char)c >= 0x80;
}

/* ASCII lower case: the locale never changes a name. */
static char *lowered(const char *text)
{
    size_t n = strlen(text);
    char *copy = malloc(n + 1);
    if (copy)
        for (size_t i = 0; i <= n; i++)
            copy[i] = text[i] >= 'A' && text[i] <= 'Z' ? (char)(text[i] - 'A' + 'a') : text[i];
    return copy;
}

static bool push(tokens *t, const char *text, size_t len, bool word)
{
    if (t->count == t->capacity) {
        size_t capacity = t->capacity ? t->capacity * 2 : 32;
        token *bigger = capacity < SIZE_MAX / sizeof *bigger ? realloc(t->items, capacity * sizeof *bigger) : NULL;
        if (!bigger)
            return false;
        t->items = bigger;
        t->capacity = capacity;
    }
    t->items[t->count++] = (token){text, len, word};
    return true;
}

/* The length of an anonymous namespace's spelling at s, or 0. */
static size_t anonymous_at(const char *s)
{
    for (size_t i = 0; i < sizeof anonymous_spellings / sizeof anonymous_spellings[0]; i++) {
        size_t n = strlen(anonymous_spellings[i]);
        if (strncmp(s, anonymous_spellings[i], n) == 0)
            return n;
    }
    return 0;
}

/* Words, "::", "&&" and single marks; spaces dropped. */
static bool tokenize(const char *s, tokens *t)
{
    for (size_t i = 0; s[i];) {
        size_t n = anonymous_at(s + i);
        bool ok = true;
        if (n) {
            ok = push(t, anonymous, sizeof anonymous - 1, true);
        } else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            n = 1;
        } else if (is_word_char(s[i])) {
            while (is_word_char(s[i + n]))
                n++;
            ok = push(t, s + i, n, true);
        } else {
            n = (s[i] == ':' && s[i + 1] == ':') || (s[i] == '&' && s[i + 1] == '&') ? 2 : 1;
            ok = push(t, s + i, n, false);
        }
        if (!ok)
            return false;
        i += n;
    }
    return true;
}

static bool is(const token *k, const char *text)
{
    return k->text[0] == text[0] && k->len == strlen(text) && strncmp(k->text, text, k->len) == 0;
}

static void put(out_text *o, const char *text, size_t len, bool word)
{
    size_t need = o->len + len + 2;
    if (o->failed)
        return;
    if (need > o->capacity) {
        size_t capacity = need * 2;
        char *bigger = realloc(o->text, capacity);
        if (!bigger) {
            o->failed = true;
            return;
        }
        o->text = bigger;
        o->capacity = capacity;
    }
    if (word && o->word_last)
        o->text[o->len++] = ' ';
    memcpy(o->text + o->len, text, len);
    o->len += len;
    o->text[o->len] = '\0';
    o->word_last = word;
}

static void put_token(out_text *o, const token *k)
{
    put(o, k->text, k->len, k->word);
}

static bool opens(const token *k)
{
    return is(k, "<") || is(k, "(") || is(k, "[");
}

static bool closes(const token *k)
{
    return is(k, ">") || is(k, ")") || is(k, "]");
}

/* Pairs every bracket with its partner, nesting counted (any closing mark
 * closes the innermost open one), once: looking for them again at each
 * bracket would take time growing with the square of the name. */
static bool pair_brackets(tokens *t)
{
    size_t depth = 0, *open = malloc((t->count + 1) * sizeof *open);
    t->pair = malloc((t->count + 1) * sizeof *t->pair);
    if (!open || !t->pair) {
        free(open);
        return false;
    }
    for (size_t i = 0; i < t->count; i++) {
        t->pair[i] = SIZE_MAX;
        if (opens(&t->items[i])) {
            open[depth++] = i;
        } else if (closes(&t->items[i]) && depth > 0) {
            t->pair[i] = open[--depth];
            t->pair[open[depth]] = i;
        }
    }
    free(open);
    return true;
}

/* The token closing the bracket at open; to where it is not closed before. */
static size_t closing(const tokens *t, size_t open, size_t to)
{
    return t->pair[open] < to && t->pair[open] > open ? t->pair[open] : to;
}

/* Where the template arguments that T1, T2, ... stand for are. */
typedef struct {
    size_t count;
    span args[TEMPLATE_ARGS_MAX];
    size_t arg_bytes[TEMPLATE_ARGS_MAX]; /* each one's text, spaces left out */
} template_args;

static void put_type(out_text *o, const tokens *t, span s, const template_args *ta, int nesting);

/* The template argument a word T<n> names, or NULL. */
static const span *placeholder(const token *k, const template_args *ta)
{
    if (!ta || !k->word || k->len < 2 || k->len > 4 || k->text[0] != 't')
        return NULL;
    size_t n = 0;
    for (size_t i = 1; i < k->len; i++) {
        if (k->text[i] < '0' || k->text[i] > '9')
            return NULL;
        n = n * 10 + (size_t)(k->text[i] - '0');
    }
    return n >= 1 && n <= ta->count ? &ta->args[n - 1] : NULL;
}

/* The items of s between commas outside brackets, each by put_type. */
static void put_list(out_text *o, const tokens *t, span s, const template_args *ta, int nesting)
{
    size_t start = s.from;
    for (size_t i = s.from; i < s.to; i++) {
        const token *k = &t->items[i];
        if (opens(k)) {
            i = closing(t, i, s.to);
        } else if (is(k, ",")) {
            put_type(o, t, (span){start, i}, ta, nesting + 1);
            put(o, ",", 1, false);
            start = i + 1;
        }
    }
    put_type(o, t, (span){start, s.to}, ta, nesting + 1);
}

/* s as it comes, with template arguments in canonical form and T<n>
 * replaced. */
static void put_sequence(out_text *o, const tokens *t, span s, const template_args *ta, int nesting)
{
    for (size_t i = s.from; i < s.to; i++) {
        const token *k = &t->items[i];
        const span *arg = placeholder(k, ta);
        /* each T<n> is its argument written again: a name of many T<n> of
         * a long argument would grow with the square of its length, so
         * past the budget T<n> stays as it is */
        if (arg && o->len + ta->arg_bytes[arg - ta->args] > o->budget)
            arg = NULL;
        size_t close = is(k, "<") ? closing(t, i, s.to) : s.to;
        if (arg) {
            put_type(o, t, *arg, NULL, nesting + 1);
        } else if (close < s.to && nesting < NESTING_MAX) {
            put(o, "<", 1, false);
            put_list(o, t, (span){i + 1, close}, ta, nesting);
            put(o, ">", 1, false);
            i = close;
        } else {
            put_token(o, k);
        }
    }
}

/* A type with const and volatile written after the words they qualify:
 * "const float *" and "float const*" both become "float const*". */
static void put_type(out_text *o, const tokens *t, span s, const template_args *ta, int nesting)
{
    size_t end = s.from, from = s.from;
    bool is_const = false, is_volatile = false;
    for (; end < s.to; end++) {
        const token *k = &t->items[end];
        if (is(k, "*") || is(k, "&") || is(k, "&&") || is(k, "(") || is(k, "["))
            break;
        if (is(k, "<")) {
            end = closing(t, end, s.to);
            if (end == s.to)
                break;
        } else if (is(k, "const") || is(k, "volatile")) {
            is_const |= is(k, "const");
            is_volatile |= is(k, "volatile");
            put_sequence(o, t, (span){from, end}, ta, nesting);
            from = end + 1;
        }
    }
    put_sequence(o, t, (span){from, end}, ta, nesting);
    if (is_const)
        put(o, "const", 5, true);
    if (is_volatile)
        put(o, "volatile", 8, true);
    put_sequence(o, t, (span){end, s.to}, ta, nesting);
}

/* The first '(' outside template arguments and brackets: where the
 * parameters begin; t->count where there is none. */
static size_t parameters_open(const tokens *t)
{
    int depth = 0;
    for (size_t i = 0; i < t->count; i++) {
        const token *k = &t->items[i];
        if (depth == 0 && is(k, "("))
            return i;
        depth += is(k, "<") || is(k, "[") || is(k, "(");
        depth -= (is(k, ">") || is(k, "]") || is(k, ")")) && depth > 0;
    }
    return t->count;
}

/* The bracket opening the one at close; from where it is not opened after it. */
static size_t opening(const tokens *t, size_t close, size_t from)
{
    return t->pair[close] != SIZE_MAX && t->pair[close] < close && t->pair[close] >= from ? t->pair[close] : from;
}

/* Where the qualified name that ends at end begins: words joined by "::",
 * each with its template arguments; what comes before is a return type. */
static size_t name_start(const tokens *t, size_t end)
{
    size_t start = end, i = end;
    while (i > 0) {
        if (is(&t->items[i - 1], ">"))
            i = opening(t, i - 1, 0);
        if (i == 0 || !t->items[i - 1].word)
            return i < start ? i : start;
        start = --i;
        if (i == 0 || !is(&t->items[i - 1], "::"))
            return start;
        start = --i;
    }
    return start;
}

/* The template arguments of the name's last level, for T1, T2, ... */
static void find_template_args(const tokens *t, span name, template_args *ta)
{
    ta->count = 0;
    if (name.to == name.from || !is(&t->items[name.to - 1], ">"))
        return;
    size_t open = opening(t, name.to - 1, name.from), start = open + 1;
    for (size_t i = start; i < name.to && ta->count < TEMPLATE_ARGS_MAX; i++) {
        const token *k = &t->items[i];
        if (i + 1 < name.to && opens(k)) {
            i = closing(t, i, name.to - 1);
        } else if (is(k, ",") || i + 1 == name.to) {
            ta->arg_bytes[ta->count] = 0;
            for (size_t j = start; j < i; j++)
                ta->arg_bytes[ta->count] += t->items[j].len;
            ta->args[ta->count++] = (span){start, i};
            start = i + 1;
        }
    }
}

/* Where each level of the written name begins: after each "::" outside
 * template arguments. */
static void find_parts(gr_kernel_name *n)
{
    int depth = 0;
    n->part_count = 1;
    n->parts[0] = 0;
    for (size_t i = 0; n->name[i]; i++) {
        depth += (n->name[i] == '<') - (n->name[i] == '>');
        if (depth == 0 && n->name[i] == ':' && n->name[i + 1] == ':' && n->part_count < GR_NAME_PARTS)
            n->parts[n->part_count++] = i + 2;
    }
}

static char *written(out_text *o)
{
    if (!o->failed && !o->text)
        put(o, "", 0, false);
    return o->failed ? NULL : o->text;
}

static bool parse_tokens(const tokens *t, gr_kernel_name *out)
{
    size_t open = parameters_open(t);
    span name = {name_start(t, open), open};
    template_args ta;
    if (name.from == name.to)
        name.from = 0; /* no C++ name there: its words and marks as they are */
    size_t text_bytes = 0;
    for (size_t i = 0; i < t->count; i++)
        text_bytes += t->items[i].len;
    /* room for a space between every two tokens, and the T<n> of a real
     * name written out several times over */
    out_text n = {.budget = 4 * (2 * text_bytes + 256)}, p = {.budget = 4 * (2 * text_bytes + 256)};
    find_template_args(t, name, &ta);
    put_sequence(&n, t, name, NULL, 0);
    out->name = written(&n);
    if (open < t->count) {
        size_t close = closing(t, open, t->count);
        span params = {open + 1, close};
        bool void_only = close == open + 2 && is(&t->items[open + 1], "void");
        if (!void_only && close > open + 1)
            put_list(&p, t, params, &ta, 0);
        out->params = written(&p);
        if (!out->params)
            return false;
    }
    if (!out->name)
        return false;
    find_parts(out);
    return true;
}

bool gr_kernel_name_parse(const char *text, gr_kernel_name *out, gr_error *err)
{
    *out = (gr_kernel_name){0};
    char *low = lowered(text);
    tokens t = {0};
    bool ok = low && tokenize(low, &t) && pair_brackets(&t) && parse_tokens(&t, out);
    free(t.items);
    free(t.pair);
    free(low);
    return ok || gr_error_set(err, "out of memory reading kernel names");
}

void gr_kernel_name_free(gr_kernel_name *n)
{
    free(n->name);
    free(n->params);
    *n = (gr_kernel_name){0};
}

char *gr_kernel_name_canonical(const char *text)
{
    gr_kernel_name n;
    char *whole = NULL;
    if (gr_kernel_name_parse(text, &n, NULL)) {
        /* NAME or NAME(PARAMS), written into exactly the size it takes */
        size_t size = strlen(n.name) + (n.params ? strlen(n.params) + 2 : 0) + 1;
        whole = malloc(size);
        if (whole && n.params)
            snprintf(whole, size, "%s(%s)", n.name, n.params);
        else if (whole)
            snprintf(whole, size, "%s", n.name);
    }
    gr_kernel_name_free(&n);
    return whole;
}

bool gr_name_pattern_init(gr_name_pattern *p, const char *pattern, bool glob, gr_error *err)
{
    *p = (gr_name_pattern){.given = pattern, .text = lowered(pattern)};
    if (!p->text || !gr_kernel_name_parse(pattern, &p->canon, err)) {
        gr_name_pattern_free(p);
        return gr_error_set(err, "out of memory reading kernel names");
    }
    p->signature = p->canon.params != NULL;
    p->glob = glob || (!p->signature && strpbrk(p->text, "*?[") != NULL);
    return true;
}

void gr_name_pattern_free(gr_name_pattern *p)
{
    free(p->text);
    gr_kernel_name_free(&p->canon);
    *p = (gr_name_pattern){0};
}

/* The kernel's name is the pattern's, or ends with it after a "::". */
static bool same_name(const gr_kernel_name *kernel, const gr_kernel_name *pattern)
{
    size_t n = strlen(kernel->name), m = strlen(pattern->name);
    if (m == 0 || m > n)
        return false;
    for (size_t i = 0; i < kernel->part_count; i++)
        if (n - kernel->parts[i] == m && strcmp(kernel->name + kernel->parts[i], pattern->name) == 0)
            return true;
    return false;
}

static bool whole(const gr_name_pattern *p, const gr_kernel_name *k)
{
    if (!same_name(k, &p->canon))
        return false;
    return !p->canon.params || (k->params && strcmp(k->params, p->canon.params) == 0);
}

static gr_match how_matched(const gr_name_pattern *p, const char *mangled, const char *shown,
                            const gr_kernel_name *k)
{
    if ((mangled && strcmp(p->text, mangled) == 0) || strcmp(p->text, shown) == 0 || whole(p, k))
        return GR_MATCH_WHOLE;
    if (p->glob)
        return (mangled && fnmatch(p->text, mangled, 0) == 0) || fnmatch(p->text, shown, 0) == 0 ? GR_MATCH_GLOB
                                                                                              : GR_MATCH_NONE;
    return (mangled && strstr(mangled, p->text)) || strstr(shown, p->text) ? GR_MATCH_PART : GR_MATCH_NONE;
}

bool gr_name_pattern_match(const gr_name_pattern *p, const char *mangled, const char *shown, gr_match *how,
                           gr_error *err)
{
    gr_kernel_name k = {0};
    char *low_mangled = mangled ? lowered(mangled) : NULL, *low_shown = lowered(shown);
    bool ok = (!mangled || low_mangled) && low_shown && gr_kernel_name_parse(low_shown, &k, err);
    if (ok)
        *how = how_matched(p, low_mangled, low_shown, &k);
    gr_kernel_name_free(&k);
    free(low_mangled);
    free(low_shown);
    return ok || gr_error_set(err, "out of memory matching kernel names");
}
