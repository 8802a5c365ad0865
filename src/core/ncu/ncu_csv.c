/* Nsight Compute's CSV, a line at a time (ncu_csv.h). */
#include <stdlib.h>
#include <string.h>
#include "ncu_csv.h"
#include "gpuroof_text.h"

static bool add_field(gr_csv_row *row, gr_csv_field field)
{
    gr_csv_field *fields = gr_grow(row->fields, &row->capacity, row->count, sizeof *fields, 64);
    if (!fields)
        return false;
    row->fields = fields;
    row->fields[row->count++] = field;
    return true;
}

/* A quoted field starting at line.p[*at] (its opening quote); *at moves
 * past its closing quote. */
static gr_csv_status quoted_field(gr_span line, size_t *at, gr_csv_field *f)
{
    size_t start = *at + 1, i = start;
    *f = (gr_csv_field){.quoted = true};
    for (;;) {
        const char *q = i < line.n ? memchr(line.p + i, '"', line.n - i) : NULL;
        if (!q)
            return GR_CSV_UNTERMINATED;
        i = (size_t)(q - line.p);
        if (i + 1 < line.n && line.p[i + 1] == '"') {
            f->escaped = true;
            i += 2;
            continue;
        }
        f->text = (gr_span){line.p + start, i - start};
        *at = i + 1;
        return GR_CSV_OK;
    }
}

gr_csv_status gr_csv_split(gr_span line, gr_csv_row *row, size_t *bad_at)
{
    size_t at = 0;
    row->count = 0;
    for (;;) {
        gr_csv_field f;
        size_t start = at;
        if (row->count == GR_CSV_MAX_FIELDS) {
            *bad_at = start;
            return GR_CSV_TOO_MANY;
        }
        if (at < line.n && line.p[at] == '"') {
            gr_csv_status s = quoted_field(line, &at, &f);
            if (s == GR_CSV_OK && at < line.n && line.p[at] != ',')
                s = GR_CSV_AFTER_QUOTE;
            if (s != GR_CSV_OK) {
                *bad_at = s == GR_CSV_AFTER_QUOTE ? at : start;
                return s;
            }
        } else {
            const char *comma = at < line.n ? memchr(line.p + at, ',', line.n - at) : NULL;
            size_t end = comma ? (size_t)(comma - line.p) : line.n;
            f = (gr_csv_field){.text = {line.p + at, end - at}};
            at = end;
        }
        if (!add_field(row, f)) {
            *bad_at = start;
            return GR_CSV_NO_MEMORY;
        }
        if (at >= line.n)
            return GR_CSV_OK;
        at++; /* the comma */
    }
}

void gr_csv_row_free(gr_csv_row *row)
{
    free(row->fields);
    *row = (gr_csv_row){0};
}

const char *gr_csv_status_text(gr_csv_status status)
{
    switch (status) {
    case GR_CSV_OK: return "no error";
    case GR_CSV_UNTERMINATED: return "a quoted field is not closed before the end of the line";
    case GR_CSV_AFTER_QUOTE: return "a closing quote is followed by something other than a comma";
    case GR_CSV_TOO_MANY: return "more fields than any Nsight Compute page has";
    case GR_CSV_NO_MEMORY: return "out of memory";
    }
    return "?";
}

bool gr_csv_field_is(const gr_csv_field *f, const char *text)
{
    return !f->escaped && gr_span_equal(f->text, text);
}

char *gr_csv_field_copy(const gr_csv_field *f)
{
    char *out = malloc(f->text.n + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < f->text.n; i++) {
        out[n++] = f->text.p[i];
        if (f->escaped && f->text.p[i] == '"' && i + 1 < f->text.n && f->text.p[i + 1] == '"')
            i++;
    }
    out[n] = '\0';
    return out;
}

const char *gr_ncu_page_name(gr_ncu_page page)
{
    return page == GR_NCU_PAGE_RAW ? "raw" : "details";
}

bool gr_ncu_line_is_record(gr_span line, bool quoted)
{
    if (quoted)
        return line.n > 0 && line.p[0] == '"';
    return memchr(line.p, ',', line.n) != NULL;
}

bool gr_ncu_parse_id(gr_span text, long long *out)
{
    long long value = 0;
    bool digit_before = false;
    if (text.n == 0)
        return false;
    for (size_t i = 0; i < text.n; i++) {
        char c = text.p[i];
        if (c == ',' && digit_before && i + 1 < text.n) {
            digit_before = false;
            continue;
        }
        if (c < '0' || c > '9')
            return false;
        value = value * 10 + (c - '0');
        if (value > GR_SPAN_NUMBER_MAX)
            return false;
        digit_before = true;
    }
    if (!digit_before)
        return false;
    *out = value;
    return true;
}

gr_ncu_line gr_ncu_record_kind(const gr_csv_row *row)
{
    long long id;
    if (row->count == 0)
        return GR_NCU_LINE_OTHER;
    const gr_csv_field *first = &row->fields[0];
    if (gr_csv_field_is(first, "ID"))
        return GR_NCU_LINE_HEADER;
    if (first->text.n == 0)
        return GR_NCU_LINE_UNITS;
    if (!first->escaped && gr_ncu_parse_id(first->text, &id))
        return GR_NCU_LINE_LAUNCH;
    return GR_NCU_LINE_RECORD;
}

static bool has_field(const gr_csv_row *row, const char *text)
{
    for (size_t i = 0; i < row->count; i++)
        if (gr_csv_field_is(&row->fields[i], text))
            return true;
    return false;
}

gr_ncu_page gr_ncu_header_page(const gr_csv_row *header)
{
    return has_field(header, "Metric Name") && has_field(header, "Metric Value") ? GR_NCU_PAGE_DETAILS
                                                                                  : GR_NCU_PAGE_RAW;
}

bool gr_ncu_looks_like_header(const gr_csv_row *row)
{
    return has_field(row, "Kernel Name");
}
