#include "cli.h"
#include "levels_output.h"

bool levels_error_no_bandwidth(const gr_profile *p, gr_level level, const char *option)
{
    gr_error err;
    gr_level_no_bandwidth(p, level, option, &err);
    return cli_error("%s", err.text);
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
