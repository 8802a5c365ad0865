#include <ctype.h>
#include <stdio.h>
#include "cli.h"
#include "levels_output.h"

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

json_t *levels_unroofed_json(const double unroofed_bytes[GR_MEMORY_LEVELS])
{
    json_t *o = json_object();
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        if (unroofed_bytes[l] > 0)
            json_object_set_new(o, gr_level_key((gr_level)l), json_real(unroofed_bytes[l]));
    return o;
}

json_t *levels_json(const gr_roofline_levels *r)
{
    json_t *list = json_array();
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        if (!r->given[i])
            continue;
        json_t *o = json_object();
        json_object_set_new(o, "level", json_string(gr_level_key((gr_level)i)));
        json_object_set_new(o, "bytes", r->has_counts ? json_real(r->bytes[i]) : json_null());
        json_object_set_new(o, "intensity", out_json_number(r->level[i].intensity) /* unbounded: null */);
        json_object_set_new(o, "bandwidth_gbs", json_real(r->level[i].bandwidth_gbs));
        json_object_set_new(o, "roof_gflops", json_real(r->level[i].attainable_gflops));
        json_array_append_new(list, o);
    }
    return list;
}

void levels_json_set(json_t *j, const gr_roofline_levels *r)
{
    json_object_set_new(j, "levels", levels_json(r));
    json_object_set_new(j, "binding_level", json_string(gr_level_key(r->binding)));
    json_object_set_new(j, "binding_levels", levels_binding_json(&r->binds));
}

json_t *levels_binding_json(const gr_level_binding *b)
{
    json_t *list = json_array();
    for (int i = 0; i < b->count; i++)
        json_array_append_new(list, json_string(gr_level_key(b->levels[i])));
    return list;
}

void levels_binding_add(out_buf *out, const gr_level_binding *b)
{
    if (b->count <= 1) {
        out_addf(out, "%s", gr_level_name(b->primary));
        return;
    }
    out_addf(out, "balanced: ");
    for (int i = 0; i < b->count; i++)
        out_addf(out, "%s%s", i == 0 ? "" : i == b->count - 1 ? " and " : ", ", gr_level_name(b->levels[i]));
}
