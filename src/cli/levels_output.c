#include <ctype.h>
#include <stdio.h>
#include "cli.h"
#include "levels_output.h"
#include "out_fields.h"

bool levels_error_no_bandwidth(const gr_profile *p, gr_level level, const char *option)
{
    gr_error err;
    gr_level_no_bandwidth(p, level, option, &err);
    return cli_error("%s", err.text);
}

void levels_print_unroofed(const gr_profile *p, const double unroofed_bytes[GR_MEMORY_LEVELS], const char *prefix,
                           const char *const *options)
{
    char line[400];
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        if (!(unroofed_bytes[l] > 0))
            continue;
        gr_level_unroofed_text(p, (gr_level)l, unroofed_bytes[l], options ? options[l] : NULL, line, sizeof line);
        if (!prefix[0]) /* a sentence of its own */
            line[0] = (char)toupper((unsigned char)line[0]);
        printf("%s%s%s\n", prefix, line, prefix[0] ? "" : ".");
    }
}

/* The levels' JSON, one out_fields table an object. */
static const char *level_key(const void *record, int l)
{
    (void)record;
    return gr_level_key((gr_level)l);
}

static json_t *unroofed_level_bytes(const void *record, int l)
{
    const double *unroofed_bytes = record;
    return unroofed_bytes[l] > 0 ? json_real(unroofed_bytes[l]) : NULL;
}

static const out_field unroofed_row = OUT_KEYED_ROW(NULL, GR_MEMORY_LEVELS, level_key, unroofed_level_bytes);

json_t *levels_unroofed_json(const double unroofed_bytes[GR_MEMORY_LEVELS])
{
    return out_fields_value(&unroofed_row, unroofed_bytes);
}

/* A level given, and its roof. */
typedef struct {
    const gr_roofline_levels *levels;
    int index;
    const gr_roofline *roof;
} level_shown;

static json_t *shown_level_key(const void *record)
{
    return json_string(gr_level_key((gr_level)((const level_shown *)record)->index));
}

static json_t *level_bytes(const void *record)
{
    const level_shown *l = record;
    return l->levels->has_counts ? json_real(l->levels->bytes[l->index]) : json_null();
}

static const out_field roof_fields[] = {
    OUT_NUMBER_ROW(gr_roofline, intensity, "intensity"), /* unbounded: null */
    OUT_REAL_ROW(gr_roofline, bandwidth_gbs, "bandwidth_gbs"),
    OUT_REAL_ROW(gr_roofline, attainable_gflops, "roof_gflops"),
    OUT_END,
};

static const out_field level_fields[] = {
    OUT_GET_ROW("level", shown_level_key),
    OUT_GET_ROW("bytes", level_bytes),
    OUT_SPLICE_PTR_ROW(level_shown, roof, roof_fields),
    OUT_END,
};

json_t *levels_json(const gr_roofline_levels *r)
{
    json_t *list = json_array();
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        level_shown shown = {r, i, &r->level[i]};
        if (r->given[i])
            json_array_append_new(list, out_fields_json(level_fields, &shown));
    }
    return list;
}

static json_t *levels_list(const void *record)
{
    return levels_json(record);
}

static json_t *binding_level(const void *record)
{
    return json_string(gr_level_key(((const gr_roofline_levels *)record)->binding));
}

static json_t *binding_levels(const void *record)
{
    return levels_binding_json(&((const gr_roofline_levels *)record)->binds);
}

static const out_field levels_fields[] = {
    OUT_GET_ROW("levels", levels_list),
    OUT_GET_ROW("binding_level", binding_level),
    OUT_GET_ROW("binding_levels", binding_levels),
    OUT_END,
};

void levels_json_set(json_t *j, const gr_roofline_levels *r)
{
    out_fields_add(j, levels_fields, r);
}

json_t *levels_binding_json(const gr_level_binding *b)
{
    json_t *list = json_array();
    for (int i = 0; i < b->count; i++)
        json_array_append_new(list, json_string(gr_level_key(b->levels[i])));
    return list;
}

void levels_binding_add(gr_buf *out, const gr_level_binding *b)
{
    if (b->count <= 1) {
        gr_buf_addf(out, "%s", gr_level_name(b->primary));
        return;
    }
    gr_buf_addf(out, "balanced: ");
    for (int i = 0; i < b->count; i++)
        gr_buf_addf(out, "%s%s", i == 0 ? "" : i == b->count - 1 ? " and " : ", ", gr_level_name(b->levels[i]));
}
