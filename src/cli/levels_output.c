#include "cli.h"
#include "levels_output.h"

void levels_profile_bandwidths(const gr_profile *p, double bandwidth_gbs[GR_MEMORY_LEVELS])
{
    bandwidth_gbs[GR_LEVEL_DRAM] = p->bandwidth_gbs;
    bandwidth_gbs[GR_LEVEL_L2] = p->l2_bandwidth_gbs;
    bandwidth_gbs[GR_LEVEL_SHARED] = p->shared_bandwidth_gbs;
}

bool levels_error_no_bandwidth(const gr_profile *p, gr_level level, const char *option)
{
    const char *field = level == GR_LEVEL_L2 ? "memory.l2_bandwidth_gbs" : "shared_memory_banks.shared_bandwidth_gbs";
    if (option)
        return cli_error("%s has no %s bandwidth (%s in its profile), so the %s bytes have no roof: give %s GBS",
                         p->name, gr_level_name(level), field, gr_level_name(level), option);
    return cli_error("%s has no %s bandwidth (%s in its profile), so the %s bytes have no roof", p->name,
                     gr_level_name(level), field, gr_level_name(level));
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
