#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "cuda_decl.h"

typedef struct {
    const char *text;
    size_t pos;
} cursor;

static void skip_space(cursor *c)
{
    while (isspace((unsigned char)c->text[c->pos]))
        c->pos++;
}

/* The next identifier, or 0 characters if there is none. */
static size_t word(cursor *c, char *out, size_t size)
{
    skip_space(c);
    size_t start = c->pos;
    while (isalnum((unsigned char)c->text[c->pos]) || c->text[c->pos] == '_')
        c->pos++;
    size_t len = c->pos - start;
    snprintf(out, size, "%.*s", (int)len, c->text + start);
    return len;
}

typedef struct {
    bool shared, constant, device, is_extern, is_volatile;
} qualifiers;

static bool take_qualifier(const char *w, qualifiers *q)
{
    if (strcmp(w, "__shared__") == 0)
        return q->shared = true;
    if (strcmp(w, "__constant__") == 0)
        return q->constant = true;
    if (strcmp(w, "__device__") == 0)
        return q->device = true;
    if (strcmp(w, "extern") == 0)
        return q->is_extern = true;
    if (strcmp(w, "volatile") == 0)
        return q->is_volatile = true;
    /* Qualifiers that change nothing in the table. */
    return strcmp(w, "static") == 0 || strcmp(w, "const") == 0 || strcmp(w, "__restrict__") == 0;
}

static const struct {
    const char *type;
    int bytes;
} sizes[] = {
    {"short int", 2}, {"unsigned short int", 2}, {"short unsigned int", 2}, {"signed short", 2},
    {"long int", 8}, {"unsigned long int", 8}, {"long long int", 8}, {"unsigned long long int", 8},
    {"signed long", 8}, {"signed long long", 8},
    {"float3", 12}, {"int3", 12}, {"uint3", 12}, {"uint2", 8}, {"uint4", 16}, {"double4", 32},
    {"double3", 24}, {"char2", 2}, {"uchar2", 2}, {"short2", 4}, {"short4", 8}, {"longlong2", 16},
    {"char", 1}, {"signed char", 1}, {"unsigned char", 1}, {"bool", 1}, {"int8_t", 1}, {"uint8_t", 1},
    {"short", 2}, {"unsigned short", 2}, {"half", 2}, {"__half", 2}, {"__nv_bfloat16", 2},
    {"int16_t", 2}, {"uint16_t", 2},
    {"int", 4}, {"unsigned", 4}, {"unsigned int", 4}, {"signed int", 4}, {"float", 4},
    {"int32_t", 4}, {"uint32_t", 4}, {"half2", 4}, {"__half2", 4}, {"char4", 4}, {"uchar4", 4},
    {"long", 8}, {"unsigned long", 8}, {"long long", 8}, {"unsigned long long", 8}, {"double", 8},
    {"size_t", 8}, {"int64_t", 8}, {"uint64_t", 8}, {"float2", 8}, {"int2", 8},
    {"float4", 16}, {"int4", 16}, {"double2", 16},
};

static int element_bytes(const char *type)
{
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (strcmp(type, sizes[i].type) == 0)
            return sizes[i].bytes;
    return 0;
}

/* Words that can only be part of a type, never a variable's name. */
static bool is_type_word(const char *w)
{
    static const char *const keywords[] = {"int", "unsigned", "signed", "short", "long", "char", "float",
                                           "double", "void", "bool", NULL};
    for (size_t i = 0; keywords[i]; i++)
        if (strcmp(w, keywords[i]) == 0)
            return true;
    return false;
}

/* Reads qualifiers and type words up to the name (the last word before a
 * '[' or the end). */
static bool read_words(cursor *c, qualifiers *q, gr_decl *d, size_t *column, gr_error *err)
{
    char words[8][64];
    size_t starts[8];
    int n = 0, pointers = 0;
    for (;;) {
        skip_space(c);
        size_t start = c->pos;
        if (c->text[c->pos] == '*' && n > 0) {
            pointers++;
            c->pos++;
            continue;
        }
        char w[64];
        size_t len = word(c, w, sizeof w);
        if (len == 0)
            break;
        if (len >= sizeof w) {
            *column = start;
            return gr_error_set(err, "a name longer than %zu characters", sizeof w - 1);
        }
        if (take_qualifier(w, q))
            continue;
        if (n == 8) {
            *column = start;
            return gr_error_set(err, "too many words in the declaration");
        }
        starts[n] = start;
        snprintf(words[n++], sizeof words[0], "%s", w);
    }
    if (n < 2) {
        *column = c->pos;
        return gr_error_set(err, n == 0 ? "expected a type and a name" : "expected a type before the name '%s'",
                            n ? words[0] : "");
    }
    bool named = !is_type_word(words[n - 1]);
    d->type[0] = '\0';
    for (int i = 0; i < n - (named ? 1 : 0); i++)
        snprintf(d->type + strlen(d->type), sizeof d->type - strlen(d->type), "%s%s", i ? " " : "", words[i]);
    if (!named) {
        *column = c->pos;
        return gr_error_set(err, "expected a name after the type '%s'", d->type);
    }
    snprintf(d->name, sizeof d->name, "%s", words[n - 1]);
    if (isdigit((unsigned char)d->name[0])) {
        *column = starts[n - 1];
        return gr_error_set(err, "'%s' is not a name", d->name);
    }
    for (int i = 0; i < pointers; i++)
        snprintf(d->type + strlen(d->type), sizeof d->type - strlen(d->type), "%s", i ? "*" : " *");
    d->element_bytes = pointers ? 8 : element_bytes(d->type);
    return true;
}

static bool read_dims(cursor *c, gr_decl *d, size_t *column, gr_error *err)
{
    for (skip_space(c); c->text[c->pos] == '['; skip_space(c)) {
        const char *close = strchr(c->text + c->pos, ']');
        if (!close) {
            *column = c->pos;
            return gr_error_set(err, "'[' without its ']'");
        }
        if (d->dim_count == GR_DECL_MAX_DIMS) {
            *column = c->pos;
            return gr_error_set(err, "more than %d dimensions", GR_DECL_MAX_DIMS);
        }
        size_t len = (size_t)(close - (c->text + c->pos + 1));
        const char *size = c->text + c->pos + 1;
        size_t blank = strspn(size, " \t");
        if (len >= sizeof d->dims[0]) {
            *column = c->pos + 1;
            return gr_error_set(err, "an array size longer than %zu characters", sizeof d->dims[0] - 1);
        }
        snprintf(d->dims[d->dim_count++], sizeof d->dims[0], "%.*s", blank >= len ? 0 : (int)len, size);
        c->pos += len + 2;
    }
    if (c->text[c->pos] == ';')
        c->pos++;
    skip_space(c);
    if (c->text[c->pos]) {
        *column = c->pos;
        return gr_error_set(err, "unexpected '%c' in the declaration", c->text[c->pos]);
    }
    return true;
}

static bool classify(const qualifiers *q, gr_decl_place place, gr_decl *d, gr_error *err)
{
    bool array = d->dim_count > 0;
    if (q->constant) {
        if (place == GR_IN_KERNEL)
            return gr_error_set(err, "__constant__ variables are declared outside any function");
        d->memory = GR_MEM_CONSTANT, d->scope = GR_SCOPE_GRID, d->lifetime = GR_LIFE_APPLICATION;
    } else if (q->shared) {
        d->memory = GR_MEM_SHARED, d->scope = GR_SCOPE_BLOCK, d->lifetime = GR_LIFE_GRID;
    } else if (q->device) {
        if (place == GR_IN_KERNEL)
            return gr_error_set(err, "__device__ variables are declared outside any function");
        d->memory = GR_MEM_GLOBAL, d->scope = GR_SCOPE_GRID, d->lifetime = GR_LIFE_APPLICATION;
    } else {
        if (place == GR_AT_FILE_SCOPE)
            return gr_error_set(err, "without __device__, __constant__ or __shared__ a variable outside a kernel is the host's");
        d->memory = array ? GR_MEM_LOCAL : GR_MEM_REGISTER, d->scope = GR_SCOPE_THREAD, d->lifetime = GR_LIFE_GRID;
    }
    d->is_extern = q->is_extern;
    d->is_volatile = q->is_volatile;
    if (q->is_extern && !(q->shared && d->dim_count == 1 && d->dims[0][0] == '\0'))
        return gr_error_set(err, "only 'extern __shared__ T name[]' (dynamic shared memory) may be extern");
    for (int i = 0; i < d->dim_count; i++)
        if (d->dims[i][0] == '\0' && !q->is_extern)
            return gr_error_set(err, "an array needs its size between the brackets");
    return true;
}

bool gr_decl_parse(const char *text, gr_decl_place place, gr_decl *out, size_t *column, gr_error *err)
{
    memset(out, 0, sizeof *out);
    *column = 0;
    if (!text || strlen(text) > 512)
        return gr_error_set(err, "a declaration must be a string of at most 512 characters");
    cursor c = {text, 0};
    qualifiers q = {0};
    return read_words(&c, &q, out, column, err) && read_dims(&c, out, column, err) &&
           classify(&q, place, out, err);
}

const char *gr_memory_name(gr_memory m)
{
    static const char *const names[] = {"register", "local", "shared", "global", "constant"};
    return names[m];
}

const char *gr_scope_name(gr_scope s)
{
    static const char *const names[] = {"thread", "block", "grid"};
    return names[s];
}

const char *gr_lifetime_name(gr_lifetime l)
{
    return l == GR_LIFE_GRID ? "grid" : "application";
}
