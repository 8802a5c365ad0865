/* One table a report: each row a JSON key, the kind of its value and
 * where the record holds it, so that a report's keys, their order and
 * how each figure is written (a quantity whole where whole, NaN as null,
 * a name as cli_json_text) are data, read by one writer, not code written
 * out a key at a time.  A row with a label is a column of the text's
 * table too, its figure written from the same row, so that the text and
 * the JSON show the same figures and cannot drift apart.
 *
 * A table is an array of rows ended by OUT_END.  The macros check that
 * the member has the kind's type (the table does not compile otherwise),
 * as options.h's do: a double written as a count, or a count as a
 * quantity, would change the JSON silently. */
#ifndef GPUROOF_OUT_FIELDS_H
#define GPUROOF_OUT_FIELDS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
    OUT_END_KIND,  /* the row after the last */
    OUT_QUANTITY,  /* double: out_json_quantity (whole where whole; NaN, inf: null) */
    OUT_NUMBER,    /* double: out_json_number (a real; NaN, inf: null) */
    OUT_REAL,      /* double: json_real, as it is */
    OUT_INT,       /* int: json_integer */
    OUT_INT64,     /* int64_t: json_integer */
    OUT_COUNT,     /* int64_t: out_json_count (negative: unknown, null) */
    OUT_LLONG,     /* long long: json_integer */
    OUT_SIZE,      /* size_t: json_integer */
    OUT_BOOL,      /* bool: true or false */
    OUT_STRING,    /* a pointer to text: a name gpuroof's own (json_string); NULL: null */
    OUT_TEXT,      /* a pointer to text from outside (cli_json_text); NULL: null */
    OUT_CHARS,     /* char[]: json_string; "" as it is, or null with empty_null */
    OUT_CHARS_TEXT, /* char[]: cli_json_text, the same */
    OUT_OBJECT,    /* the member (or what it points at) as an object of the row's table */
    OUT_SPLICE,    /* the same, its keys written into this object, in their place */
    OUT_KEYED,     /* an object: key_of(record, i) for each i, its value value_of(record, i); NULL leaves one out */
    OUT_GET,       /* what get(record) makes: a derived or conditional value */
    OUT_MEMBER,    /* what get(member) makes of a member of a type of the caller's (a gr_value) */
} out_field_kind;

typedef struct out_field out_field;
struct out_field {
    const char *key;
    out_field_kind kind;
    size_t offset; /* the member's, in the record */
    /* OUT_OBJECT, OUT_SPLICE: the member's own table; pointer: the member
     * is a pointer to the record that table reads */
    const out_field *table;
    bool pointer;
    json_t *(*get)(const void *record);
    /* OUT_KEYED: key_count keys, or count_of(record) where given */
    int key_count;
    int (*count_of)(const void *record);
    const char *(*key_of)(const void *record, int i);
    json_t *(*value_of)(const void *record, int i);
    /* when given and false for the record: null, or with omit no key at all */
    bool (*when)(const void *record);
    bool omit;
    bool empty_null; /* OUT_CHARS, OUT_CHARS_TEXT: "" is null */
    /* the text's column, where it shows the figure: its heading and width */
    const char *label;
    int width;
};

#define OUT_FIELD_CHECK(T, m, type) (sizeof(char[_Generic(((T *)0)->m, type: 1, default: -1)]) - 1)
#define OUT_AT(T, m, type) (offsetof(T, m) + OUT_FIELD_CHECK(T, m, type))
/* a char array, not a pointer to one */
#define OUT_CHARS_AT(T, m) \
    (offsetof(T, m) + sizeof(char[_Generic(&((T *)0)->m, char(*)[sizeof(((T *)0)->m)]: 1, default: -1)]) - 1)

/* a pointer to text, const or not, and not a char array */
#define OUT_POINTER_AT(T, m) \
    (offsetof(T, m) + sizeof(char[_Generic(&((T *)0)->m, const char **: 1, char **: 1, default: -1)]) - 1)

#define OUT_QUANTITY_ROW(T, m, ...) {.kind = OUT_QUANTITY, .offset = OUT_AT(T, m, double), .key = __VA_ARGS__}
#define OUT_NUMBER_ROW(T, m, ...) {.kind = OUT_NUMBER, .offset = OUT_AT(T, m, double), .key = __VA_ARGS__}
#define OUT_REAL_ROW(T, m, ...) {.kind = OUT_REAL, .offset = OUT_AT(T, m, double), .key = __VA_ARGS__}
#define OUT_INT_ROW(T, m, ...) {.kind = OUT_INT, .offset = OUT_AT(T, m, int), .key = __VA_ARGS__}
#define OUT_INT64_ROW(T, m, ...) {.kind = OUT_INT64, .offset = OUT_AT(T, m, int64_t), .key = __VA_ARGS__}
#define OUT_COUNT_ROW(T, m, ...) {.kind = OUT_COUNT, .offset = OUT_AT(T, m, int64_t), .key = __VA_ARGS__}
#define OUT_LLONG_ROW(T, m, ...) {.kind = OUT_LLONG, .offset = OUT_AT(T, m, long long), .key = __VA_ARGS__}
#define OUT_SIZE_ROW(T, m, ...) {.kind = OUT_SIZE, .offset = OUT_AT(T, m, size_t), .key = __VA_ARGS__}
#define OUT_BOOL_ROW(T, m, ...) {.kind = OUT_BOOL, .offset = OUT_AT(T, m, bool), .key = __VA_ARGS__}
#define OUT_STRING_ROW(T, m, ...) {.kind = OUT_STRING, .offset = OUT_POINTER_AT(T, m), .key = __VA_ARGS__}
#define OUT_TEXT_ROW(T, m, ...) {.kind = OUT_TEXT, .offset = OUT_POINTER_AT(T, m), .key = __VA_ARGS__}
#define OUT_CHARS_ROW(T, m, ...) {.kind = OUT_CHARS, .offset = OUT_CHARS_AT(T, m), .key = __VA_ARGS__}
#define OUT_CHARS_TEXT_ROW(T, m, ...) {.kind = OUT_CHARS_TEXT, .offset = OUT_CHARS_AT(T, m), .key = __VA_ARGS__}
/* The key (and a row's table or function) comes first among the macro's
 * last arguments, which may go on with .when, .omit, .empty_null, .label
 * and .width. */
/* the member, a struct in place, or with OUT_OBJECT_PTR_ROW a pointer to one */
#define OUT_OBJECT_ROW(T, m, k, ...) {.key = k, .kind = OUT_OBJECT, .offset = offsetof(T, m), .table = __VA_ARGS__}
#define OUT_OBJECT_PTR_ROW(T, m, k, ...) \
    {.key = k, .kind = OUT_OBJECT, .offset = offsetof(T, m), .pointer = true, .table = __VA_ARGS__}
/* an object of the same record, read by another table */
#define OUT_OBJECT_SELF_ROW(k, ...) {.key = k, .kind = OUT_OBJECT, .offset = 0, .table = __VA_ARGS__}
#define OUT_SPLICE_ROW(T, m, t) {.key = "", .kind = OUT_SPLICE, .offset = offsetof(T, m), .table = t}
#define OUT_SPLICE_PTR_ROW(T, m, t) {.key = "", .kind = OUT_SPLICE, .offset = offsetof(T, m), .table = t, .pointer = true}
#define OUT_KEYED_ROW(k, n, key_fn, ...) \
    {.key = k, .kind = OUT_KEYED, .key_count = n, .key_of = key_fn, .value_of = __VA_ARGS__}
#define OUT_GET_ROW(k, ...) {.key = k, .kind = OUT_GET, .get = __VA_ARGS__}
#define OUT_MEMBER_ROW(T, m, k, ...) {.key = k, .kind = OUT_MEMBER, .offset = offsetof(T, m), .get = __VA_ARGS__}
#define OUT_END {.key = NULL, .kind = OUT_END_KIND}

/* A new object of table's keys, in its order, read from record. */
json_t *out_fields_json(const out_field *table, const void *record);
/* The same keys set in object, after those it has. */
void out_fields_add(json_t *object, const out_field *table, const void *record);
/* One row's value alone (an OUT_KEYED row's object, a GET's value). */
json_t *out_fields_value(const out_field *row, const void *record);
/* The text's columns, the rows with a label: each heading, or each
 * figure as the text shows numbers (gr_num_text; a count whole; "-"
 * where unknown), right-aligned to its width after a space. */
void out_fields_text_headings(FILE *out, const out_field *table);
void out_fields_text_cells(FILE *out, const out_field *table, const void *record);

#endif
