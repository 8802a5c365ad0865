#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart_file.h"
#include "gpuroof_text.h"

/* The bytes being checked, and what an error names. */
typedef struct {
    const char *name;
    const unsigned char *b;
    size_t size;
    gr_error *err;
} chart_bytes;

static bool broken(const chart_bytes *c, size_t at, const char *fmt, ...) GR_PRINTF(3, 4);

static bool broken(const chart_bytes *c, size_t at, const char *fmt, ...)
{
    gr_error_set(c->err, "%s: byte %llu: ", c->name, (unsigned long long)at);
    va_list ap;
    va_start(ap, fmt);
    gr_error_vadd(c->err, fmt, ap);
    va_end(ap);
    return false;
}

static bool has_at(const chart_bytes *c, size_t at, const char *text)
{
    size_t n = strlen(text);
    return at <= c->size && c->size - at >= n && memcmp(c->b + at, text, n) == 0;
}

static bool is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' || ch == '\f' || ch == '\0';
}

static bool is_digit(unsigned char ch)
{
    return ch >= '0' && ch <= '9';
}

/* The decimal number at *at (at most 18 digits), moving past it; false
 * where there is none. */
static bool number_at(const chart_bytes *c, size_t *at, unsigned long long *out)
{
    size_t i = *at;
    *out = 0;
    while (i < c->size && is_digit(c->b[i]) && i - *at < 18)
        *out = *out * 10 + (unsigned long long)(c->b[i++] - '0');
    if (i == *at || (i < c->size && is_digit(c->b[i])))
        return false;
    *at = i;
    return true;
}

static size_t skip_spaces(const chart_bytes *c, size_t at)
{
    while (at < c->size && is_space(c->b[at]))
        at++;
    return at;
}

/* ---- PDF: header, %%EOF, startxref, and the cross-reference it points at --- */

/* Whether "N G obj" begins at `at`, N being want (any N where want is -1). */
static bool object_at(const chart_bytes *c, size_t at, long long want)
{
    unsigned long long number, generation;
    if (!number_at(c, &at, &number) || (want >= 0 && number != (unsigned long long)want))
        return false;
    size_t gap = skip_spaces(c, at);
    if (gap == at || !number_at(c, &gap, &generation))
        return false;
    at = skip_spaces(c, gap);
    return at > gap && has_at(c, at, "obj");
}

/* One 20-byte entry "oooooooooo ggggg n\r\n" of a cross-reference table,
 * for object number `object`: an object in use must be where it says. */
static bool xref_entry(const chart_bytes *c, size_t at, unsigned long long object, size_t xref_at)
{
    const unsigned char *e = c->b + at;
    for (int i = 0; i < 18; i++)
        if (i == 10 || i == 16 ? e[i] != ' ' : i == 17 ? (e[i] != 'n' && e[i] != 'f') : !is_digit(e[i]))
            return broken(c, at + (size_t)i, "a cross-reference entry is not \"oooooooooo ggggg n\"");
    if (!is_space(e[18]) || !is_space(e[19]))
        return broken(c, at + 18, "a cross-reference entry does not end in two bytes of white space");
    if (e[17] == 'f')
        return true;
    size_t i = 0;
    unsigned long long offset;
    chart_bytes digits = {c->name, e, 10, c->err};
    number_at(&digits, &i, &offset);
    if (offset >= xref_at || !object_at(c, (size_t)offset, (long long)object))
        return broken(c, at, "object %llu is not at byte %llu, where the cross-reference table puts it", object,
                      offset);
    return true;
}

/* The table at `at` ("xref", subsections of entries, then "trailer"). */
static bool xref_table(const chart_bytes *c, size_t at, size_t end)
{
    size_t xref_at = at;
    at = skip_spaces(c, at + 4);
    while (!has_at(c, at, "trailer")) {
        unsigned long long first, count;
        size_t here = at;
        if (!number_at(c, &at, &first) || (at = skip_spaces(c, at), !number_at(c, &at, &count)))
            return broken(c, here, "the cross-reference table has neither a subsection \"FIRST COUNT\" nor "
                                   "\"trailer\" here");
        at = skip_spaces(c, at);
        if (count > (end - at) / 20)
            return broken(c, here, "%llu cross-reference entries run past startxref", count);
        for (unsigned long long k = 0; k < count; k++, at += 20)
            if (!xref_entry(c, at, first + k, xref_at))
                return false;
        if (at >= end)
            return broken(c, at, "the cross-reference table has no \"trailer\" before startxref");
    }
    if (!has_at(c, skip_spaces(c, at + 7), "<<"))
        return broken(c, at, "the trailer has no dictionary");
    return true;
}

/* A cross-reference stream: an object whose dictionary says /Type /XRef. */
static bool xref_stream(const chart_bytes *c, size_t at, size_t end)
{
    if (!object_at(c, at, -1))
        return broken(c, at, "startxref points at neither \"xref\" nor an object");
    for (size_t i = at; i + 5 <= end && !has_at(c, i, "stream"); i++)
        if (has_at(c, i, "/XRef"))
            return true;
    return broken(c, at, "startxref points at an object that is no cross-reference stream");
}

/* "startxref", its offset and "%%EOF" at the end (white space after it). */
static bool pdf_whole(const chart_bytes *c)
{
    if (!(has_at(c, 0, "%PDF-") && c->size > 7 && is_digit(c->b[5]) && c->b[6] == '.' && is_digit(c->b[7])))
        return broken(c, 0, "not a PDF: it does not begin with %%PDF-N.N");
    size_t end = c->size;
    while (end > 0 && is_space(c->b[end - 1]))
        end--;
    if (end < 5 || memcmp(c->b + end - 5, "%%EOF", 5) != 0)
        return broken(c, end, "the PDF does not end in %%%%EOF: cut short");
    size_t eof_at = end - 5, lowest = eof_at > 1024 ? eof_at - 1024 : 0, at = eof_at;
    while (at > lowest && !has_at(c, at, "startxref"))
        at--;
    unsigned long long offset;
    size_t number = skip_spaces(c, at + 9);
    if (!has_at(c, at, "startxref") || !number_at(c, &number, &offset) || skip_spaces(c, number) != eof_at)
        return broken(c, eof_at, "no \"startxref OFFSET\" just before %%%%EOF");
    if (offset >= at)
        return broken(c, at, "startxref points at byte %llu, past the cross-reference's end", offset);
    if (has_at(c, (size_t)offset, "xref") && (size_t)offset + 4 < c->size && is_space(c->b[offset + 4]))
        return xref_table(c, (size_t)offset, at);
    return xref_stream(c, (size_t)offset, at);
}

/* ---- PNG: the signature, then chunks whole up to IEND, the last ------------- */

/* The CRC of ISO 3309 that PNG's chunks end in (the PNG specification,
 * annex D), a bit at a time: charts are small, and a table would be
 * either mutable state or 256 constants to get wrong. */
static uint32_t png_crc(const unsigned char *bytes, size_t size)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; i++) {
        crc ^= bytes[i];
        for (int bit = 0; bit < 8; bit++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The chunk at `at`: whole, its type four letters, its CRC right. */
static bool png_chunk(const chart_bytes *c, size_t at, size_t *length)
{
    if (c->size - at < 12)
        return broken(c, at, "a chunk's 12 bytes of length, type and CRC run past the end: cut short");
    const unsigned char *p = c->b + at;
    for (int i = 4; i < 8; i++)
        if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z')))
            return broken(c, at + 4, "a chunk's type is not four letters");
    *length = be32(p);
    if (*length > 0x7FFFFFFFu || *length > c->size - at - 12)
        return broken(c, at, "the %.4s chunk of %zu bytes runs past the end: cut short", (const char *)p + 4,
                      *length);
    if (png_crc(p + 4, *length + 4) != be32(p + 8 + *length))
        return broken(c, at + 8 + *length, "the %.4s chunk's CRC is wrong", (const char *)p + 4);
    return true;
}

static bool png_whole(const chart_bytes *c)
{
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (c->size < 8 || memcmp(c->b, signature, 8) != 0)
        return broken(c, 0, "not a PNG: no PNG signature");
    for (size_t at = 8, length = 0;; at += 12 + length) {
        if (at == c->size)
            return broken(c, at, "the PNG ends before its IEND chunk: cut short");
        if (!png_chunk(c, at, &length))
            return false;
        if (at == 8 && (memcmp(c->b + at + 4, "IHDR", 4) != 0 || length != 13))
            return broken(c, at, "the first chunk is not a 13-byte IHDR");
        if (memcmp(c->b + at + 4, "IEND", 4) == 0) {
            if (length != 0)
                return broken(c, at, "the IEND chunk is not empty");
            if (at + 12 != c->size)
                return broken(c, at + 12, "bytes after the IEND chunk");
            return true;
        }
    }
}

/* ---- SVG: every element closed, by name, the root an svg ------------------- */

typedef struct {
    size_t *open; /* where each open element's name begins */
    size_t depth, capacity;
    bool root_seen;
} svg_stack;

static size_t name_length(const chart_bytes *c, size_t at)
{
    size_t i = at;
    while (i < c->size && !is_space(c->b[i]) && c->b[i] != '>' && c->b[i] != '/')
        i++;
    return i - at;
}

/* Past what begins at `at` and ends with `close`; 0 where it never ends. */
static size_t past(const chart_bytes *c, size_t at, const char *close)
{
    for (size_t i = at; i < c->size; i++)
        if (has_at(c, i, close))
            return i + strlen(close);
    return 0;
}

/* An end tag at `at`: the name of the element open last. */
static bool svg_end_tag(const chart_bytes *c, svg_stack *s, size_t at, size_t *next)
{
    size_t n = name_length(c, at + 2);
    if (s->depth == 0)
        return broken(c, at, "an end tag with no element open");
    size_t open = s->open[s->depth - 1];
    if (n != name_length(c, open) || memcmp(c->b + open, c->b + at + 2, n) != 0)
        return broken(c, at, "</%.*s> closes the <%.*s> opened at byte %zu", (int)(n > 40 ? 40 : n),
                      (const char *)c->b + at + 2, (int)(name_length(c, open) > 40 ? 40 : name_length(c, open)),
                      (const char *)c->b + open, open - 1);
    size_t end = skip_spaces(c, at + 2 + n);
    if (end >= c->size || c->b[end] != '>')
        return broken(c, at, "an end tag that does not close: cut short");
    s->depth--;
    *next = end + 1;
    return true;
}

/* A start tag at `at`, its attributes' quoted values skipped; pushed
 * unless it closes itself. */
static bool svg_start_tag(const chart_bytes *c, svg_stack *s, size_t at, size_t *next)
{
    size_t n = name_length(c, at + 1), i = at + 1 + n;
    char quote = 0;
    for (; i < c->size && (quote || c->b[i] != '>'); i++)
        if (quote ? c->b[i] == quote : c->b[i] == '"' || c->b[i] == '\'')
            quote = quote ? 0 : (char)c->b[i];
    if (n == 0 || i >= c->size)
        return broken(c, at, n ? "a tag that does not close: cut short" : "'<' that begins no tag");
    if (s->depth == 0 && (s->root_seen || n != 3 || memcmp(c->b + at + 1, "svg", 3) != 0))
        return broken(c, at, s->root_seen ? "an element after the root's end" : "the root element is not <svg>");
    s->root_seen = true;
    *next = i + 1;
    if (c->b[i - 1] == '/')
        return true;
    if (s->depth == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 64, *open = realloc(s->open, capacity * sizeof *open);
        if (!open)
            return broken(c, at, "out of memory");
        s->open = open;
        s->capacity = capacity;
    }
    s->open[s->depth++] = at + 1;
    return true;
}

/* One markup item at `at` ('<'): a declaration, comment, CDATA, or tag. */
static bool svg_markup(const chart_bytes *c, svg_stack *s, size_t at, size_t *next)
{
    static const struct { const char *open, *close; } skipped[] = {
        {"<?", "?>"}, {"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<!", ">"},
    };
    for (size_t k = 0; k < sizeof skipped / sizeof skipped[0]; k++)
        if (has_at(c, at, skipped[k].open)) {
            *next = past(c, at + strlen(skipped[k].open), skipped[k].close);
            return *next ? true : broken(c, at, "%s never closes with %s: cut short", skipped[k].open,
                                         skipped[k].close);
        }
    if (has_at(c, at, "</"))
        return svg_end_tag(c, s, at, next);
    return svg_start_tag(c, s, at, next);
}

static bool svg_whole(const chart_bytes *c)
{
    svg_stack s = {NULL, 0, 0, false};
    bool ok = true;
    for (size_t at = 0; ok && at < c->size;) {
        if (c->b[at] == '<') {
            ok = svg_markup(c, &s, at, &at);
        } else if (s.depth == 0 && !is_space(c->b[at])) {
            ok = broken(c, at, "text outside the <svg> element");
        } else {
            at++;
        }
    }
    if (ok && s.depth > 0)
        ok = broken(c, c->size, "the <%.*s> opened at byte %zu never closes: cut short",
                    (int)(name_length(c, s.open[s.depth - 1]) > 40 ? 40 : name_length(c, s.open[s.depth - 1])),
                    (const char *)c->b + s.open[s.depth - 1], s.open[s.depth - 1] - 1);
    if (ok && !s.root_seen)
        ok = broken(c, c->size, "no <svg> element");
    free(s.open);
    return ok;
}

/* ---- the file ---------------------------------------------------------------- */

bool gr_chart_format_of(const char *path, gr_chart_format *format)
{
    static const struct { const char *ext; gr_chart_format format; } known[] = {
        {".pdf", GR_CHART_PDF}, {".png", GR_CHART_PNG}, {".svg", GR_CHART_SVG},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strlen(path) > 4 && gr_name_has_suffix(path, known[i].ext)) {
            *format = known[i].format;
            return true;
        }
    return false;
}

bool gr_chart_bytes_whole(const char *name, const unsigned char *bytes, size_t size, gr_chart_format format,
                          gr_error *err)
{
    chart_bytes c = {name, bytes, size, err};
    if (size == 0)
        return broken(&c, 0, "the chart is empty");
    return format == GR_CHART_PDF ? pdf_whole(&c) : format == GR_CHART_PNG ? png_whole(&c) : svg_whole(&c);
}

/* The file's bytes, read whole; false past GR_CHART_MAX_BYTES. */
static bool read_whole(const char *path, FILE *f, unsigned char **out, size_t *size, gr_error *err)
{
    size_t capacity = 0;
    *out = NULL;
    *size = 0;
    for (;;) {
        if (*size == capacity) {
            if (capacity >= GR_CHART_MAX_BYTES)
                return gr_error_set(err, "%s: larger than %u MiB: no chart gnuplot writes", path,
                                    GR_CHART_MAX_BYTES >> 20);
            capacity = capacity ? 2 * capacity : 65536;
            unsigned char *grown = realloc(*out, capacity);
            if (!grown)
                return gr_error_set(err, "%s: out of memory reading it", path);
            *out = grown;
        }
        size_t n = fread(*out + *size, 1, capacity - *size, f);
        *size += n;
        if (n == 0)
            return ferror(f) ? gr_error_set(err, "%s: cannot read it: %s", path, strerror(errno)) : true;
    }
}

bool gr_chart_file_whole(const char *path, gr_chart_format format, gr_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return gr_error_set(err, "%s: cannot read it: %s", path, strerror(errno));
    unsigned char *bytes;
    size_t size;
    bool ok = read_whole(path, f, &bytes, &size, err) && gr_chart_bytes_whole(path, bytes, size, format, err);
    fclose(f);
    free(bytes);
    return ok;
}
