/* The writer of out_fields.h's tables: a record's keys into JSON, and
 * its labelled figures into the text's lines. */
#include <inttypes.h>
#include <math.h>
#include "cli.h"
#include "out_fields.h"
#include "output.h"

static const void *member(const out_field *row, const void *record)
{
    const void *at = (const char *)record + row->offset;
    return row->pointer ? *(const void *const *)at : at;
}

static double member_double(const out_field *row, const void *record)
{
    return *(const double *)member(row, record);
}

static const char *member_chars(const out_field *row, const void *record)
{
    const char *text = member(row, record);
    return text[0] || !row->empty_null ? text : NULL;
}

static json_t *keyed_json(const out_field *row, const void *record)
{
    json_t *object = json_object();
    int count = row->count_of ? row->count_of(record) : row->key_count;
    for (int i = 0; i < count; i++) {
        json_t *value = row->value_of(record, i);
        if (value)
            json_object_set_new(object, row->key_of(record, i), value);
    }
    return object;
}

static json_t *text_or_null(const char *text, bool from_outside)
{
    if (!text)
        return json_null();
    return from_outside ? cli_json_text(text) : json_string(text);
}

/* The value of a row of any kind but OUT_SPLICE. */
json_t *out_fields_value(const out_field *row, const void *record)
{
    switch (row->kind) {
    case OUT_QUANTITY:
        return out_json_quantity(member_double(row, record));
    case OUT_NUMBER:
        return out_json_number(member_double(row, record));
    case OUT_REAL:
        return json_real(member_double(row, record));
    case OUT_INT:
        return json_integer(*(const int *)member(row, record));
    case OUT_INT64:
        return json_integer((json_int_t) * (const int64_t *)member(row, record));
    case OUT_COUNT:
        return out_json_count(*(const int64_t *)member(row, record));
    case OUT_LLONG:
        return json_integer((json_int_t) * (const long long *)member(row, record));
    case OUT_SIZE:
        return json_integer((json_int_t) * (const size_t *)member(row, record));
    case OUT_BOOL:
        return json_boolean(*(const bool *)member(row, record));
    case OUT_STRING:
    case OUT_TEXT:
        return text_or_null(*(const char *const *)member(row, record), row->kind == OUT_TEXT);
    case OUT_CHARS:
    case OUT_CHARS_TEXT:
        return text_or_null(member_chars(row, record), row->kind == OUT_CHARS_TEXT);
    case OUT_OBJECT:
        return out_fields_json(row->table, member(row, record));
    case OUT_KEYED:
        return keyed_json(row, record);
    case OUT_GET:
        return row->get(record);
    case OUT_MEMBER:
        return row->get(member(row, record));
    case OUT_SPLICE:
    case OUT_END_KIND:
        break;
    }
    return json_null();
}

void out_fields_add(json_t *object, const out_field *table, const void *record)
{
    for (const out_field *row = table; row->kind != OUT_END_KIND; row++) {
        bool shown = !row->when || row->when(record);
        if (!shown && row->omit)
            continue;
        if (row->kind == OUT_SPLICE) {
            if (shown)
                out_fields_add(object, row->table, member(row, record));
            continue;
        }
        json_object_set_new(object, row->key, shown ? out_fields_value(row, record) : json_null());
    }
}

json_t *out_fields_json(const out_field *table, const void *record)
{
    json_t *object = json_object();
    out_fields_add(object, table, record);
    return object;
}

/* A figure as the text shows it: gr_num_text, a count whole, "-" unknown
 * (NaN, or a negative OUT_COUNT). */
static out_figure field_figure(const out_field *row, const void *record)
{
    out_figure f = {"-"};
    switch (row->kind) {
    case OUT_QUANTITY:
    case OUT_NUMBER:
    case OUT_REAL:
        if (!isnan(member_double(row, record)))
            f = out_num(member_double(row, record));
        break;
    case OUT_INT:
        snprintf(f.text, sizeof f.text, "%d", *(const int *)member(row, record));
        break;
    case OUT_INT64:
    case OUT_COUNT:
        if (row->kind == OUT_INT64 || *(const int64_t *)member(row, record) >= 0)
            snprintf(f.text, sizeof f.text, "%" PRId64, *(const int64_t *)member(row, record));
        break;
    case OUT_LLONG:
        snprintf(f.text, sizeof f.text, "%lld", *(const long long *)member(row, record));
        break;
    case OUT_SIZE:
        snprintf(f.text, sizeof f.text, "%zu", *(const size_t *)member(row, record));
        break;
    case OUT_BOOL:
        snprintf(f.text, sizeof f.text, "%s", *(const bool *)member(row, record) ? "yes" : "no");
        break;
    default:
        break;
    }
    return f;
}

void out_fields_text_headings(FILE *out, const out_field *table)
{
    for (const out_field *row = table; row->kind != OUT_END_KIND; row++)
        if (row->label)
            fprintf(out, " %*s", row->width, row->label);
}

void out_fields_text_cells(FILE *out, const out_field *table, const void *record)
{
    for (const out_field *row = table; row->kind != OUT_END_KIND; row++)
        if (row->label)
            fprintf(out, " %*s", row->width, field_figure(row, record).text);
}
