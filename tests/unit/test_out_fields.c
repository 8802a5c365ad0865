/* The report tables' writer (src/cli/out_fields.c): each kind of row's
 * JSON, null and left-out keys, nesting, and the text's columns, each
 * case written out by hand.  The compile-time type checks are the same
 * _Generic idiom as options.h's (tests/unit/options_static.sh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "out_fields.h"

typedef struct {
    double whole, fraction, unknown;
    int blocks;
    int64_t bytes, unrecorded;
    long long id;
    size_t launches;
    bool full;
    const char *name, *none, *outside;
    char empty[8], unit[8];
    double at[3];
} record;

static bool never(const void *r)
{
    (void)r;
    return false;
}

static json_t *doubled_blocks(const void *r)
{
    return json_integer(2 * ((const record *)r)->blocks);
}

static const char *const level_keys[] = {"dram", "l2", "l1"};

static const char *level_key(const void *r, int i)
{
    (void)r;
    return level_keys[i];
}

/* NaN leaves the level out */
static json_t *level_value(const void *r, int i)
{
    double v = ((const record *)r)->at[i];
    return isnan(v) ? NULL : json_real(v);
}

static json_t *first_of(const void *member)
{
    return json_real(*(const double *)member);
}

static const out_field name_fields[] = {
    OUT_STRING_ROW(record, name, "name"),
    OUT_END,
};

static const out_field record_fields[] = {
    OUT_QUANTITY_ROW(record, whole, "whole"),
    OUT_QUANTITY_ROW(record, fraction, "fraction"),
    OUT_QUANTITY_ROW(record, unknown, "unknown"),
    OUT_NUMBER_ROW(record, whole, "number"),
    OUT_REAL_ROW(record, fraction, "real"),
    OUT_INT_ROW(record, blocks, "blocks"),
    OUT_INT64_ROW(record, bytes, "bytes"),
    OUT_COUNT_ROW(record, unrecorded, "unrecorded"),
    OUT_LLONG_ROW(record, id, "id"),
    OUT_SIZE_ROW(record, launches, "launches"),
    OUT_BOOL_ROW(record, full, "full"),
    OUT_STRING_ROW(record, none, "none"),
    OUT_TEXT_ROW(record, outside, "outside"),
    OUT_CHARS_ROW(record, empty, "empty"),
    OUT_CHARS_ROW(record, empty, "empty_null", .empty_null = true),
    OUT_CHARS_TEXT_ROW(record, unit, "unit"),
    OUT_GET_ROW("doubled", doubled_blocks),
    OUT_MEMBER_ROW(record, at, "first", first_of),
    OUT_KEYED_ROW("levels", 3, level_key, level_value),
    OUT_OBJECT_SELF_ROW("named", name_fields),
    OUT_QUANTITY_ROW(record, whole, "null_when", .when = never),
    OUT_QUANTITY_ROW(record, whole, "left_out", .when = never, .omit = true),
    OUT_END,
};

static record sample(void)
{
    record r = {.whole = 3, .fraction = 0.5, .unknown = NAN, .blocks = 4, .bytes = 49152, .unrecorded = -1,
                .id = 7, .launches = 2, .full = true, .name = "k", .none = NULL, .outside = "a\xff",
                .empty = "", .unit = "B", .at = {1.5, NAN, 2}};
    return r;
}

static char *compact(json_t *j)
{
    char *text = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(6));
    json_decref(j);
    return text;
}

static void every_kind_in_order(void **state)
{
    (void)state;
    record r = sample();
    char *text = compact(out_fields_json(record_fields, &r));
    assert_string_equal(text, "{\"whole\":3,\"fraction\":0.5,\"unknown\":null,\"number\":3.0,\"real\":0.5,"
                              "\"blocks\":4,\"bytes\":49152,\"unrecorded\":null,\"id\":7,\"launches\":2,"
                              "\"full\":true,\"none\":null,\"outside\":\"a\xef\xbf\xbd\",\"empty\":\"\","
                              "\"empty_null\":null,\"unit\":\"B\",\"doubled\":8,\"first\":1.5,"
                              "\"levels\":{\"dram\":1.5,\"l1\":2.0},\"named\":{\"name\":\"k\"},\"null_when\":null}");
    free(text);
}

/* Another table's keys in place, through a pointer, and only when asked. */
typedef struct {
    const record *inner;
    bool shown;
} outer;

static bool outer_shown(const void *r)
{
    return ((const outer *)r)->shown;
}

static const out_field outer_fields[] = {
    OUT_BOOL_ROW(outer, shown, "shown"),
    OUT_SPLICE_PTR_ROW(outer, inner, name_fields),
    {.key = "", .kind = OUT_SPLICE, .offset = offsetof(outer, inner), .pointer = true, .table = name_fields,
     .when = outer_shown},
    OUT_OBJECT_PTR_ROW(outer, inner, "inner", name_fields, .when = outer_shown),
    OUT_END,
};

static void splices_and_pointers(void **state)
{
    (void)state;
    record r = sample();
    outer hidden = {&r, false}, shown = {&r, true};
    char *text = compact(out_fields_json(outer_fields, &hidden));
    assert_string_equal(text, "{\"shown\":false,\"name\":\"k\",\"inner\":null}");
    free(text);
    json_t *j = json_object();
    json_object_set_new(j, "first", json_true());
    out_fields_add(j, outer_fields, &shown);
    text = compact(j);
    /* the name set twice keeps its first place */
    assert_string_equal(text, "{\"first\":true,\"shown\":true,\"name\":\"k\",\"inner\":{\"name\":\"k\"}}");
    free(text);
}

static const out_field column_fields[] = {
    OUT_STRING_ROW(record, name, "name"),
    OUT_QUANTITY_ROW(record, fraction, "fraction", .label = "share", .width = 6),
    OUT_QUANTITY_ROW(record, unknown, "unknown", .label = "ns", .width = 4),
    OUT_COUNT_ROW(record, unrecorded, "unrecorded", .label = "regs", .width = 5),
    OUT_INT64_ROW(record, bytes, "bytes", .label = "bytes", .width = 6),
    OUT_END,
};

static void text_columns(void **state)
{
    (void)state;
    record r = sample();
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    out_fields_text_headings(out, column_fields);
    fputc('\n', out);
    out_fields_text_cells(out, column_fields, &r);
    fclose(out);
    assert_string_equal(text, "  share   ns  regs  bytes\n    0.5    -     -  49152");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_in_order),
        cmocka_unit_test(splices_and_pointers),
        cmocka_unit_test(text_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
