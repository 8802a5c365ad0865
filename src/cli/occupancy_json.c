/* The occupancy command's JSON: the answer's keys first (blocks_per_sm to
 * limits, which scripts read), then the work that led to it. */
#include "cli.h"
#include "occupancy_output.h"

static json_t *limit_value(int64_t blocks)
{
    return blocks == GR_UNLIMITED ? json_null() : json_integer(blocks);
}

static json_t *limiters_json(const gr_occupancy *o)
{
    json_t *list = json_array();
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (o->limiters & (1u << i))
            json_array_append_new(list, json_string(gr_limit_name((gr_limit)i)));
    return list;
}

static json_t *limits_json(const gr_occupancy *o)
{
    json_t *limits = json_object();
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        json_object_set_new(limits, gr_limit_name((gr_limit)i), limit_value(o->limit[i]));
    return limits;
}

static void add_result(json_t *j, const gr_occupancy *o)
{
    json_object_set_new(j, "blocks_per_sm", json_integer(o->blocks_per_sm));
    json_object_set_new(j, "warps_per_sm", json_integer(o->warps_per_sm));
    json_object_set_new(j, "threads_per_sm", json_integer(o->threads_per_sm));
    json_object_set_new(j, "occupancy", json_real(o->occupancy));
    json_object_set_new(j, "full", json_boolean(o->warps_per_sm == o->max_warps_sm));
    json_object_set_new(j, "limiters", limiters_json(o));
    json_object_set_new(j, "limits", limits_json(o));
}

json_t *occ_from_json(const occ_inputs *in)
{
    json_t *j = json_pack("{s:o, s:o, s:s, s:I}", "file", cli_json_text(in->from_file), "kernel",
                          cli_json_text(in->from_kernel), "arch", in->from_arch, "shared_static_bytes", (json_int_t)in->from_static_smem_bytes);
    json_object_set_new(j, "launch_bounds_threads",
                        in->from_bound_threads ? json_integer(in->from_bound_threads) : json_null());
    json_object_set_new(j, "block_size_from", in->from_block ? cli_json_text(in->from_block) : json_null());
    return j;
}

json_t *occ_launch_json(const gr_occupancy *o, const char *device, const gr_launch *launch, json_t *from,
                        const int64_t *default_carveout_bytes)
{
    json_t *j = json_object();
    add_result(j, o);
    if (device)
        json_object_set_new(j, "device", json_string(device));
    json_object_set_new(j, "threads_per_block", json_integer(launch->threads_per_block));
    json_object_set_new(j, "regs_per_thread", json_integer(launch->regs_per_thread));
    json_object_set_new(j, "smem_per_block_bytes", json_integer(launch->smem_per_block_bytes));
    if (from)
        json_object_set_new(j, "from", from);
    json_object_set_new(j, "warps_per_block", json_integer(o->warps_per_block));
    json_object_set_new(j, "max_warps_per_sm", json_integer(o->max_warps_sm));
    json_object_set_new(j, "regs_per_warp_allocated", json_integer(o->regs_per_warp));
    json_object_set_new(j, "smem_per_block_allocated_bytes", json_integer(o->smem_per_block));
    json_object_set_new(j, "smem_per_sm_bytes", json_integer(o->smem_sm_bytes));
    if (default_carveout_bytes)
        json_object_set_new(j, "default_carveout_bytes", json_integer(*default_carveout_bytes));
    json_object_set_new(j, "needs_optin", json_boolean(o->needs_optin));
    return j;
}

static json_t *one_json(const occ_result *r)
{
    const occ_inputs *in = r->in;
    return occ_launch_json(&r->occ, in->has_device ? in->device.name : NULL, &in->launch,
                           in->from_kernel[0] ? occ_from_json(in) : NULL,
                           r->has_default_carveout ? &r->default_carveout_bytes : NULL);
}

static json_t *sweep_json(const gr_sweep *s)
{
    const char *const keys[] = {"threads_per_block", "regs_per_thread", "smem_per_block_bytes"};
    json_t *j = json_object(), *points = json_array();
    json_object_set_new(j, "sweep", json_string(gr_sweep_axis_name(s->axis)));
    for (size_t i = 0; i < s->count; i++) {
        json_t *p = json_object();
        json_object_set_new(p, keys[s->axis], json_integer(s->points[i].x));
        json_object_set_new(p, "valid", json_boolean(s->points[i].valid));
        if (s->points[i].valid)
            add_result(p, &s->points[i].occ);
        json_array_append_new(points, p);
    }
    json_object_set_new(j, "points", points);
    return j;
}

static json_t *suggestion_json(const occ_result *r)
{
    const occ_inputs *in = r->in;
    const gr_suggestion *s = &r->suggestion;
    json_t *j = json_object();
    json_object_set_new(j, "suggested_threads", json_integer(s->threads_per_block));
    json_object_set_new(j, "suggested_occupancy", json_real(s->occupancy));
    json_object_set_new(j, "suggested_blocks_per_sm", json_integer(s->blocks_per_sm));
    if (in->from_kernel[0])
        json_object_set_new(j, "from", occ_from_json(in));
    if (in->has_device)
        json_object_set_new(j, "min_grid_size", json_integer(r->min_grid_blocks));
    return j;
}

static json_t *target_json(const occ_result *r)
{
    const gr_smem_target *t = &r->target;
    json_t *j = json_object();
    json_object_set_new(j, "target_blocks", json_integer(r->target_blocks));
    json_object_set_new(j, "max_dynamic_smem_bytes", json_integer(t->max_dynamic_smem_bytes));
    json_object_set_new(j, "runtime_dynamic_smem_bytes", json_integer(t->runtime_dynamic_smem_bytes));
    return j;
}

json_t *occ_result_json(const occ_result *r)
{
    switch (r->mode) {
    case OCC_SWEEP:
        return sweep_json(&r->sweep);
    case OCC_SUGGEST:
        return suggestion_json(r);
    case OCC_TARGET:
        return target_json(r);
    case OCC_ONE:
        break;
    }
    return one_json(r);
}
