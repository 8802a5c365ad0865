#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_text.h"
#include "yaml_doc.h"

static bool error_at_mark(gr_error *err, const char *path, yaml_mark_t mark,
                          const char *fmt, ...) GR_PRINTF(4, 5);

static bool error_at_mark(gr_error *err, const char *path, yaml_mark_t mark,
                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vat(err, path, (unsigned long)mark.line + 1, (unsigned long)mark.column + 1, fmt, ap);
    va_end(ap);
    return false;
}

/* libyaml's reader (encoding) errors give only a byte offset. */
static yaml_mark_t mark_of_offset(const char *text, size_t len, size_t offset)
{
    yaml_mark_t mark = {0, 0, 0};
    for (size_t i = 0; i < offset && i < len; i++) {
        if (text[i] == '\n') {
            mark.line++;
            mark.column = 0;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            mark.column++;
        }
    }
    return mark;
}

static bool parser_error(gr_error *err, const char *path, const yaml_parser_t *p,
                         const char *text, size_t len)
{
    yaml_mark_t mark = p->error == YAML_READER_ERROR ? mark_of_offset(text, len, p->problem_offset)
                                                     : p->problem_mark;
    const char *problem = p->problem ? p->problem : "malformed YAML";
    if (p->error == YAML_MEMORY_ERROR)
        return gr_error_set(err, "%s: out of memory", path);
    if (p->context)
        return error_at_mark(err, path, mark, "%s %s", problem, p->context);
    return error_at_mark(err, path, mark, "%s", problem);
}

/* The document loader shares aliased nodes rather than copying them, but a
 * consumer walking the tree would still expand them (billion laughs), and
 * none of gpuroof's files needs them: one event pass rejects aliases,
 * anchors, extra documents and deep nesting, with their exact positions. */
static bool check_events(const char *path, const char *text, size_t len, gr_error *err)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return gr_error_set(err, "%s: out of memory", path);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    bool ok = true, done = false;
    int depth = 0, documents = 0;
    while (ok && !done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            ok = parser_error(err, path, &parser, text, len);
            break;
        }
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = true;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++documents > 1)
                ok = error_at_mark(err, path, ev.start_mark, "only one YAML document is allowed");
            break;
        case YAML_ALIAS_EVENT:
            ok = error_at_mark(err, path, ev.start_mark, "YAML aliases are not allowed");
            break;
        case YAML_SCALAR_EVENT:
            if (ev.data.scalar.anchor)
                ok = error_at_mark(err, path, ev.start_mark, "YAML anchors are not allowed");
            break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            if ((ev.type == YAML_SEQUENCE_START_EVENT ? ev.data.sequence_start.anchor
                                                      : ev.data.mapping_start.anchor))
                ok = error_at_mark(err, path, ev.start_mark, "YAML anchors are not allowed");
            else if (++depth > GR_YAML_MAX_DEPTH)
                ok = error_at_mark(err, path, ev.start_mark,
                                   "nesting deeper than %d levels", GR_YAML_MAX_DEPTH);
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            depth--;
            break;
        default:
            break;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    return ok;
}

bool gr_yaml_load_buffer(gr_yaml *y, const char *name, const char *text,
                         size_t len, gr_error *err)
{
    memset(y, 0, sizeof *y);
    snprintf(y->path, sizeof y->path, "%s", name);
    if (len > GR_YAML_MAX_BYTES)
        return gr_input_limit_exceeded(name, GR_LIMIT_YAML, err);
    if (memchr(text, '\0', len))
        return gr_error_set(err, "%s: file contains a NUL byte (not a text file)", name);
    if (!check_events(name, text, len, err))
        return false;
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return gr_error_set(err, "%s: out of memory", name);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    bool ok = yaml_parser_load(&parser, &y->doc);
    if (!ok)
        parser_error(err, name, &parser, text, len);
    yaml_parser_delete(&parser);
    if (!ok)
        return false;
    y->loaded = true;
    if (!yaml_document_get_root_node(&y->doc)) {
        gr_yaml_free(y);
        return gr_error_set(err, "%s: the file is empty", name);
    }
    return true;
}

static char *read_whole_file(const char *path, size_t *len, gr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gr_error_set(err, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(GR_YAML_MAX_BYTES + 1);
    size_t got = buf ? fread(buf, 1, GR_YAML_MAX_BYTES + 1, f) : 0;
    bool read_error = ferror(f);
    fclose(f);
    if (!buf) {
        gr_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    if (read_error) {
        free(buf);
        gr_error_set(err, "%s: read error (is it a directory?)", path);
        return NULL;
    }
    *len = got;
    return buf;
}

bool gr_yaml_load_file(gr_yaml *y, const char *path, gr_error *err)
{
    size_t len = 0;
    char *text = read_whole_file(path, &len, err);
    if (!text) {
        memset(y, 0, sizeof *y);
        return false;
    }
    bool ok = gr_yaml_load_buffer(y, path, text, len, err);
    free(text);
    return ok;
}

void gr_yaml_free(gr_yaml *y)
{
    if (y->loaded)
        yaml_document_delete(&y->doc);
    y->loaded = false;
}

yaml_node_t *gr_yaml_root(gr_yaml *y)
{
    return y->loaded ? yaml_document_get_root_node(&y->doc) : NULL;
}

bool gr_yaml_error(gr_error *err, const gr_yaml *y, const yaml_node_t *node,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vat(err, y->path, (unsigned long)node->start_mark.line + 1,
                 (unsigned long)node->start_mark.column + 1, fmt, ap);
    va_end(ap);
    return false;
}

const char *gr_yaml_scalar(const yaml_node_t *node)
{
    if (!node || node->type != YAML_SCALAR_NODE)
        return NULL;
    return (const char *)node->data.scalar.value;
}

static const char *type_name(const yaml_node_t *node)
{
    switch (node->type) {
    case YAML_MAPPING_NODE: return "a mapping";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_SCALAR_NODE: return "a scalar";
    default: return "nothing";
    }
}

static bool is_allowed(const char *key, const char *const allowed[])
{
    for (size_t i = 0; allowed[i]; i++)
        if (strcmp(key, allowed[i]) == 0)
            return true;
    return false;
}

/* The keys of a mapping given before, marked in repeated[]: one pass
 * through a hash set of the names (open addressing, at most half full),
 * so that a mapping of any size costs time linear in its keys. */
static bool mark_repeated(gr_yaml *y, yaml_node_pair_t *first, size_t count, bool *repeated)
{
    size_t slots = 16;
    while (slots < 2 * count)
        slots *= 2;
    const char **set = calloc(slots, sizeof *set);
    if (!set)
        return false;
    for (size_t i = 0; i < count; i++) {
        const char *name = gr_yaml_scalar(yaml_document_get_node(&y->doc, first[i].key));
        if (!name)
            continue;
        size_t s = (size_t)gr_name_hash(name) & (slots - 1);
        while (set[s] && strcmp(set[s], name) != 0)
            s = (s + 1) & (slots - 1);
        repeated[i] = set[s] != NULL;
        set[s] = name;
    }
    free(set);
    return true;
}

bool gr_yaml_check_mapping(gr_yaml *y, yaml_node_t *node, const char *what,
                           const char *const allowed[], gr_error *err)
{
    if (node->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, node, "%s must be a mapping, not %s", what, type_name(node));
    yaml_node_pair_t *first = node->data.mapping.pairs.start;
    size_t count = (size_t)(node->data.mapping.pairs.top - first);
    bool *repeated = calloc(count ? count : 1, sizeof *repeated);
    if (!repeated || !mark_repeated(y, first, count, repeated)) {
        free(repeated);
        return gr_error_set(err, "%s: out of memory", y->path);
    }
    bool ok = true;
    for (size_t i = 0; ok && i < count; i++) {
        yaml_node_t *key = yaml_document_get_node(&y->doc, first[i].key);
        const char *name = gr_yaml_scalar(key);
        if (!name && allowed)
            ok = gr_yaml_error(err, y, key, "%s: keys must be plain names", what);
        else if (name && allowed && !is_allowed(name, allowed))
            ok = gr_yaml_error(err, y, key, "%s: unknown key '%s'", what, name);
        else if (name && repeated[i])
            ok = gr_yaml_error(err, y, key, "%s: key '%s' given twice", what, name);
    }
    free(repeated);
    return ok;
}

bool gr_yaml_check_unique(gr_yaml *y, yaml_node_t *node, const char *what, gr_error *err)
{
    return gr_yaml_check_mapping(y, node, what, NULL, err);
}

yaml_node_t *gr_yaml_get(gr_yaml *y, yaml_node_t *mapping, const char *key)
{
    if (!mapping || mapping->type != YAML_MAPPING_NODE)
        return NULL;
    for (yaml_node_pair_t *p = mapping->data.mapping.pairs.start;
         p < mapping->data.mapping.pairs.top; p++) {
        const char *name = gr_yaml_scalar(yaml_document_get_node(&y->doc, p->key));
        if (name && strcmp(name, key) == 0)
            return yaml_document_get_node(&y->doc, p->value);
    }
    return NULL;
}

yaml_node_t *gr_yaml_require(gr_yaml *y, yaml_node_t *mapping,
                             const char *what, const char *key, gr_error *err)
{
    yaml_node_t *value = gr_yaml_get(y, mapping, key);
    if (!value)
        gr_yaml_error(err, y, mapping, "%s: missing key '%s'", what, key);
    return value;
}

bool gr_yaml_text(gr_yaml *y, yaml_node_t *node, const char *what, size_t longest, const char **out,
                  gr_error *err)
{
    const char *text = gr_yaml_scalar(node);
    if (!text)
        return gr_yaml_error(err, y, node, "%s must be a string, not %s", what, type_name(node));
    size_t len = node->data.scalar.length;
    if (len == 0)
        return gr_yaml_error(err, y, node, "%s must not be empty", what);
    if (strlen(text) != len)
        return gr_yaml_error(err, y, node, "%s must not contain a NUL character", what);
    if (len > longest)
        return gr_yaml_error(err, y, node, "%s is longer than %zu characters", what, longest);
    *out = text;
    return true;
}

bool gr_yaml_string(gr_yaml *y, yaml_node_t *node, const char *what,
                    char *out, size_t out_size, gr_error *err)
{
    const char *text;
    if (out_size == 0 || !gr_yaml_text(y, node, what, out_size - 1, &text, err))
        return false;
    memcpy(out, text, strlen(text) + 1);
    return true;
}

unsigned long gr_yaml_column_of(const yaml_node_t *node, size_t position)
{
    unsigned long start = (unsigned long)node->start_mark.column + 1;
    if (node->type != YAML_SCALAR_NODE || node->start_mark.line != node->end_mark.line)
        return start;
    size_t source = node->end_mark.column - node->start_mark.column;
    bool quoted = node->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                  node->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    if (source != node->data.scalar.length + (quoted ? 2 : 0) || position > node->data.scalar.length)
        return start; /* escapes or folding: the value is not the source text */
    return start + (unsigned long)position + (quoted ? 1 : 0);
}

/* Evaluates a scalar as an expression; an error points at the character.
 * range: appended to an overflow's message, so that a number too large to
 * compute says which numbers the field takes ("" for none). */
/* False with err set where the scalar is no number; *too_large where it
 * is one too large to hold, and the caller adds the range it must be in. */
static bool eval_scalar(gr_yaml *y, yaml_node_t *node, const char *what, unsigned flags, gr_value *out,
                        bool *too_large, gr_error *err)
{
    const char *text = gr_yaml_scalar(node);
    *too_large = false;
    if (!text)
        return gr_yaml_error(err, y, node, "%s must be a number, not %s", what, type_name(node));
    gr_expr_error e;
    if (gr_expr_eval(text, NULL, NULL, flags, out, &e))
        return true;
    *too_large = e.too_large;
    return gr_error_at(err, y->path, (unsigned long)node->start_mark.line + 1, gr_yaml_column_of(node, e.position),
                       "%s: %s", what, e.message);
}

bool gr_yaml_int(gr_yaml *y, yaml_node_t *node, const char *what,
                 int64_t min, int64_t max, bool byte_suffixes, int64_t *out,
                 gr_error *err)
{
    gr_value v;
    bool too_large;
    if (!eval_scalar(y, node, what, byte_suffixes ? GR_EXPR_BYTE_SUFFIXES : 0, &v, &too_large, err)) {
        if (too_large)
            gr_error_add(err, "; it must be between %lld and %lld", (long long)min, (long long)max);
        return false;
    }
    int64_t n;
    if (!v.is_int && v.d == floor(v.d) && !gr_value_to_int(v, INT64_MIN, INT64_MAX, &n))
        return gr_yaml_error(err, y, node, "%s is %g; it must be between %lld and %lld", what, v.d,
                             (long long)min, (long long)max);
    if (!gr_value_to_int(v, INT64_MIN, INT64_MAX, &n))
        return gr_yaml_error(err, y, node, "%s must be a whole number, not %s", what,
                             gr_yaml_scalar(node));
    if (n < min || n > max)
        return gr_yaml_error(err, y, node, "%s is %lld; it must be between %lld and %lld",
                             what, (long long)n, (long long)min, (long long)max);
    *out = n;
    return true;
}

bool gr_yaml_double(gr_yaml *y, yaml_node_t *node, const char *what,
                    double min, double max, double *out, gr_error *err)
{
    gr_value v;
    bool too_large;
    if (!eval_scalar(y, node, what, 0, &v, &too_large, err)) {
        if (too_large)
            gr_error_add(err, "; it must be between %g and %g", min, max);
        return false;
    }
    double d = gr_value_as_double(v);
    if (!(d >= min && d <= max))
        return gr_yaml_error(err, y, node, "%s is %g; it must be between %g and %g",
                             what, d, min, max);
    *out = d;
    return true;
}

/* ---- the head of a file ------------------------------------------------------ */

/* Where a scan for the head stands. */
typedef struct {
    const char *const *wanted;
    unsigned seen;  /* a bit for each of wanted seen as a root key */
    unsigned all;   /* every bit of wanted */
    int depth;      /* 1: inside the root mapping */
    bool at_key;    /* the root mapping's next node is a key */
} head_scan;

/* The byte offset of the characters'th character: libyaml's marks count
 * characters, and text up to a mark it passed is valid UTF-8. */
static size_t byte_offset(const char *text, size_t len, size_t characters)
{
    size_t i = 0;
    for (size_t seen = 0; i < len; i++) {
        if (((unsigned char)text[i] & 0xC0) == 0x80)
            continue;
        if (seen++ == characters)
            break;
    }
    return i;
}

/* A node of the root mapping begins: a key where at_key. */
static void head_key(head_scan *s, const yaml_event_t *ev)
{
    if (!s->at_key || ev->type != YAML_SCALAR_EVENT)
        return;
    for (unsigned i = 0; s->wanted[i]; i++)
        if (strcmp((const char *)ev->data.scalar.value, s->wanted[i]) == 0)
            s->seen |= 1u << i;
}

/* The event's part in the scan: 1 where the head ends at it (a root key
 * after every wanted one), -1 where there is no head, 0 to go on. */
static int head_event(head_scan *s, const yaml_event_t *ev)
{
    bool starts_node = ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT ||
                       ev->type == YAML_MAPPING_START_EVENT || ev->type == YAML_SEQUENCE_START_EVENT;
    bool ends_node = ev->type == YAML_MAPPING_END_EVENT || ev->type == YAML_SEQUENCE_END_EVENT;
    if (s->depth == 0 && starts_node) {
        if (ev->type != YAML_MAPPING_START_EVENT || ev->data.mapping_start.style != YAML_BLOCK_MAPPING_STYLE)
            return -1; /* a flow mapping's head would end mid-line */
        s->depth = 1;
        s->at_key = true;
        return 0;
    }
    if (s->depth == 1 && starts_node) {
        if (s->at_key && s->seen == s->all)
            return 1;
        head_key(s, ev);
    }
    if (ev->type == YAML_MAPPING_START_EVENT || ev->type == YAML_SEQUENCE_START_EVENT)
        s->depth++;
    else if (ends_node)
        s->depth--;
    if (s->depth == 0 && ends_node)
        return -1; /* the root mapping ended: nothing after the wanted keys */
    if (s->depth == 1 && (ends_node || ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT))
        s->at_key = !s->at_key;
    return ev->type == YAML_DOCUMENT_END_EVENT || ev->type == YAML_STREAM_END_EVENT ? -1 : 0;
}

/* The text handed to libyaml a kilobyte at a time: it decodes what it is
 * given, and a head is a few kilobytes of a file of tens. */
typedef struct {
    const char *text;
    size_t len, at;
} chunk_input;

static int read_chunk(void *data, unsigned char *buffer, size_t size, size_t *size_read)
{
    chunk_input *in = data;
    size_t n = in->len - in->at;
    n = n < size ? n : size;
    n = n < 1024 ? n : 1024;
    memcpy(buffer, in->text + in->at, n);
    in->at += n;
    *size_read = n;
    return 1;
}

size_t gr_yaml_head_length(const char *text, size_t len, const char *const wanted[])
{
    head_scan s = {.wanted = wanted};
    for (unsigned i = 0; wanted[i]; i++) {
        if (i == 32)
            return len; /* more than the bits of seen: read it all */
        s.all |= 1u << i;
    }
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        return len; /* libyaml's marks leave a byte-order mark out */
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return len;
    chunk_input input = {text, len, 0};
    yaml_parser_set_input(&parser, read_chunk, &input);
    size_t head = len;
    for (int state = 0; state == 0;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev))
            break;
        state = head_event(&s, &ev);
        /* a root key's line holds nothing before it but its indentation and a '?' */
        if (state == 1)
            head = byte_offset(text, len, ev.start_mark.index - ev.start_mark.column);
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    return head;
}

bool gr_yaml_load_buffer_head(gr_yaml *y, const char *name, const char *text, size_t len,
                              const char *const wanted[], gr_error *err)
{
    if (len > GR_YAML_MAX_BYTES || memchr(text, '\0', len))
        return gr_yaml_load_buffer(y, name, text, len, err); /* its error */
    return gr_yaml_load_buffer(y, name, text, gr_yaml_head_length(text, len, wanted), err);
}

bool gr_yaml_load_file_head(gr_yaml *y, const char *path, const char *const wanted[], gr_error *err)
{
    size_t len = 0;
    char *text = read_whole_file(path, &len, err);
    if (!text) {
        memset(y, 0, sizeof *y);
        return false;
    }
    bool ok = gr_yaml_load_buffer_head(y, path, text, len, wanted, err);
    free(text);
    return ok;
}
