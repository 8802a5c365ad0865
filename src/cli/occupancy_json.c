/* The occupancy command's JSON: the answer's keys first (blocks_per_sm to
 * limits, which scripts read), then the work that led to it; one table
 * (out_fields.h) an object. */
#include "cli.h"
#include "occupancy_output.h"
#include "out_fields.h"

static json_t *full_json(const void *record)
{
    const gr_occupancy *o = record;
    return json_boolean(o->warps_per_sm == o->max_warps_sm);
}

static json_t *limiters_json(const void *record)
{
    const gr_occupancy *o = record;
    json_t *list = json_array();
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (o->limiters & (1u << i))
            json_array_append_new(list, json_string(gr_limit_name((gr_limit)i)));
    return list;
}

static const char *limit_name(const void *record, int i)
{
    (void)record;
    return gr_limit_name((gr_limit)i);
}

static json_t *limit_blocks(const void *record, int i)
{
    int64_t blocks = ((const gr_occupancy *)record)->limit[i];
    return blocks == GR_UNLIMITED ? json_null() : json_integer(blocks);
}

/* The answer: what scripts read. */
static const out_field result_fields[] = {
    OUT_INT_ROW(gr_occupancy, blocks_per_sm, "blocks_per_sm"),
    OUT_INT_ROW(gr_occupancy, warps_per_sm, "warps_per_sm"),
    OUT_INT_ROW(gr_occupancy, threads_per_sm, "threads_per_sm"),
    OUT_REAL_ROW(gr_occupancy, occupancy, "occupancy"),
    OUT_GET_ROW("full", full_json),
    OUT_GET_ROW("limiters", limiters_json),
    OUT_KEYED_ROW("limits", GR_LIMIT_COUNT, limit_name, limit_blocks),
    OUT_END,
};

static const out_field launch_fields[] = {
    OUT_INT_ROW(gr_launch, threads_per_block, "threads_per_block"),
    OUT_INT_ROW(gr_launch, regs_per_thread, "regs_per_thread"),
    OUT_INT64_ROW(gr_launch, smem_per_block_bytes, "smem_per_block_bytes"),
    OUT_END,
};

/* What the answer was worked out from: the allocation's figures. */
static const out_field allocated_fields[] = {
    OUT_INT_ROW(gr_occupancy, warps_per_block, "warps_per_block"),
    OUT_INT_ROW(gr_occupancy, max_warps_sm, "max_warps_per_sm"),
    OUT_INT64_ROW(gr_occupancy, regs_per_warp, "regs_per_warp_allocated"),
    OUT_INT64_ROW(gr_occupancy, smem_per_block, "smem_per_block_allocated_bytes"),
    OUT_INT64_ROW(gr_occupancy, smem_sm_bytes, "smem_per_sm_bytes"),
    OUT_END,
};

static const out_field optin_fields[] = {
    OUT_BOOL_ROW(gr_occupancy, needs_optin, "needs_optin"),
    OUT_END,
};

/* occ_launch_json's parts */
typedef struct {
    const gr_occupancy *occ;
    const char *device;
    const gr_launch *launch;
    json_t *from;
    const int64_t *default_carveout_bytes;
} launch_shown;

static bool has_device(const void *record)
{
    return ((const launch_shown *)record)->device != NULL;
}

static bool has_from(const void *record)
{
    return ((const launch_shown *)record)->from != NULL;
}

static json_t *from_json(const void *record)
{
    return ((const launch_shown *)record)->from; /* taken */
}

static bool has_default_carveout(const void *record)
{
    return ((const launch_shown *)record)->default_carveout_bytes != NULL;
}

static json_t *default_carveout(const void *record)
{
    return json_integer(*((const launch_shown *)record)->default_carveout_bytes);
}

static const out_field launch_shown_fields[] = {
    OUT_SPLICE_PTR_ROW(launch_shown, occ, result_fields),
    OUT_STRING_ROW(launch_shown, device, "device", .when = has_device, .omit = true),
    OUT_SPLICE_PTR_ROW(launch_shown, launch, launch_fields),
    OUT_GET_ROW("from", from_json, .when = has_from, .omit = true),
    OUT_SPLICE_PTR_ROW(launch_shown, occ, allocated_fields),
    OUT_GET_ROW("default_carveout_bytes", default_carveout, .when = has_default_carveout, .omit = true),
    OUT_SPLICE_PTR_ROW(launch_shown, occ, optin_fields),
    OUT_END,
};

static json_t *launch_bounds_threads(const void *record)
{
    const occ_inputs *in = record;
    return in->from_bound_threads ? json_integer(in->from_bound_threads) : json_null();
}

static const out_field from_fields[] = {
    OUT_CHARS_TEXT_ROW(occ_inputs, from_file, "file"),
    OUT_CHARS_TEXT_ROW(occ_inputs, from_kernel, "kernel"),
    OUT_CHARS_ROW(occ_inputs, from_arch, "arch"),
    OUT_LLONG_ROW(occ_inputs, from_static_smem_bytes, "shared_static_bytes"),
    OUT_GET_ROW("launch_bounds_threads", launch_bounds_threads),
    OUT_TEXT_ROW(occ_inputs, from_block, "block_size_from"),
    OUT_END,
};

json_t *occ_from_json(const occ_inputs *in)
{
    return out_fields_json(from_fields, in);
}

json_t *occ_launch_json(const gr_occupancy *o, const char *device, const gr_launch *launch, json_t *from,
                        const int64_t *default_carveout_bytes)
{
    launch_shown shown = {o, device, launch, from, default_carveout_bytes};
    return out_fields_json(launch_shown_fields, &shown);
}

static json_t *one_json(const occ_result *r)
{
    const occ_inputs *in = r->in;
    return occ_launch_json(&r->occ, in->has_device ? in->device.name : NULL, &in->launch,
                           in->from_kernel[0] ? occ_from_json(in) : NULL,
                           r->has_default_carveout ? &r->default_carveout_bytes : NULL);
}

/* A sweep's point: the value swept under its axis's key, then the answer
 * where the launch is valid; one table an axis, in gr_sweep_axis order. */
static bool point_valid(const void *record)
{
    return ((const gr_sweep_point *)record)->valid;
}

#define SWEEP_POINT_FIELDS(axis_key)                                            \
    {                                                                           \
        OUT_INT64_ROW(gr_sweep_point, x, axis_key),                             \
        OUT_BOOL_ROW(gr_sweep_point, valid, "valid"),                           \
        {.key = "", .kind = OUT_SPLICE, .offset = offsetof(gr_sweep_point, occ), \
         .table = result_fields, .when = point_valid},                          \
        OUT_END,                                                                \
    }

static const out_field threads_point_fields[] = SWEEP_POINT_FIELDS("threads_per_block");
static const out_field regs_point_fields[] = SWEEP_POINT_FIELDS("regs_per_thread");
static const out_field smem_point_fields[] = SWEEP_POINT_FIELDS("smem_per_block_bytes");
static const out_field *const point_fields[] = {threads_point_fields, regs_point_fields, smem_point_fields};

static json_t *sweep_axis(const void *record)
{
    return json_string(gr_sweep_axis_name(((const gr_sweep *)record)->axis));
}

static json_t *sweep_points(const void *record)
{
    const gr_sweep *s = record;
    json_t *points = json_array();
    for (size_t i = 0; i < s->count; i++)
        json_array_append_new(points, out_fields_json(point_fields[s->axis], &s->points[i]));
    return points;
}

static const out_field sweep_fields[] = {
    OUT_GET_ROW("sweep", sweep_axis),
    OUT_GET_ROW("points", sweep_points),
    OUT_END,
};

static bool from_kernel(const void *record)
{
    return ((const occ_result *)record)->in->from_kernel[0] != '\0';
}

static json_t *result_from(const void *record)
{
    return occ_from_json(((const occ_result *)record)->in);
}

static bool result_has_device(const void *record)
{
    return ((const occ_result *)record)->in->has_device;
}

static const out_field suggestion_fields[] = {
    OUT_INT_ROW(occ_result, suggestion.threads_per_block, "suggested_threads"),
    OUT_REAL_ROW(occ_result, suggestion.occupancy, "suggested_occupancy"),
    OUT_INT_ROW(occ_result, suggestion.blocks_per_sm, "suggested_blocks_per_sm"),
    OUT_GET_ROW("from", result_from, .when = from_kernel, .omit = true),
    OUT_INT64_ROW(occ_result, min_grid_blocks, "min_grid_size", .when = result_has_device, .omit = true),
    OUT_END,
};

static const out_field target_fields[] = {
    OUT_INT_ROW(occ_result, target.blocks, "target_blocks"),
    OUT_INT64_ROW(occ_result, target.smem.max_dynamic_smem_bytes, "max_dynamic_smem_bytes"),
    OUT_INT64_ROW(occ_result, target.smem.runtime_dynamic_smem_bytes, "runtime_dynamic_smem_bytes"),
    OUT_END,
};

json_t *occ_result_json(const occ_result *r)
{
    switch (r->mode) {
    case OCC_SWEEP:
        return out_fields_json(sweep_fields, &r->sweep);
    case OCC_SUGGEST:
        return out_fields_json(suggestion_fields, r);
    case OCC_TARGET:
        return out_fields_json(target_fields, r);
    case OCC_ONE:
        break;
    }
    return one_json(r);
}
