/* gpuroof trace's JSON (trace_output.h): the run's figures from tables of
 * their keys (out_fields.h), the same figures the text shows. */
#include <string.h>
#include "cli.h"
#include "out_fields.h"
#include "output.h"
#include "trace_output.h"

static json_t *idle_ns(const void *record)
{
    return out_json_count(gr_trace_idle_ns(record));
}

static const out_field idle_fields[] = {
    OUT_INT64_ROW(gr_trace_device_time, idle_host_ns, "host_ns"),
    OUT_INT64_ROW(gr_trace_device_time, idle_stream_ns, "stream_ns"),
    OUT_INT64_ROW(gr_trace_device_time, idle_other_ns, "other_ns"),
    OUT_END,
};

static const out_field device_time_fields[] = {
    OUT_INT64_ROW(gr_trace_device_time, device, "device"),
    OUT_INT64_ROW(gr_trace_device_time, first_ns, "start_ns"),
    OUT_INT64_ROW(gr_trace_device_time, last_ns, "end_ns"),
    OUT_INT64_ROW(gr_trace_device_time, busy_ns, "busy_ns"),
    OUT_GET_ROW("idle_ns", idle_ns),
    OUT_OBJECT_SELF_ROW("idle", idle_fields),
    OUT_INT64_ROW(gr_trace_device_time, op_ns[GR_TRACE_OP_KERNEL], "kernel_ns"),
    OUT_INT64_ROW(gr_trace_device_time, op_ns[GR_TRACE_OP_MEMCPY], "memcpy_ns"),
    OUT_INT64_ROW(gr_trace_device_time, op_ns[GR_TRACE_OP_MEMSET], "memset_ns"),
    OUT_SIZE_ROW(gr_trace_device_time, ops[GR_TRACE_OP_KERNEL], "kernels"),
    OUT_SIZE_ROW(gr_trace_device_time, ops[GR_TRACE_OP_MEMCPY], "memcpys"),
    OUT_SIZE_ROW(gr_trace_device_time, ops[GR_TRACE_OP_MEMSET], "memsets"),
    OUT_SIZE_ROW(gr_trace_device_time, stream_count, "streams"),
    OUT_SIZE_ROW(gr_trace_device_time, late_ops, "late_operations"),
    OUT_END,
};

/* A kernel shown: its longest configuration and that one's limits, and
 * the run it is of. */
typedef struct {
    const gr_trace_run *run;
    const gr_trace_kernel *kernel;
    const gr_trace_config *config;
    gr_trace_config_limits limits;
} kernel_shown;

static json_t *dims(const int64_t v[3])
{
    return out_json_xyz(v[0], v[1], v[2]);
}

static json_t *config_grid(const void *record)
{
    return dims(((const gr_trace_config *)record)->grid);
}

static json_t *config_block(const void *record)
{
    return dims(((const gr_trace_config *)record)->block);
}

static bool has_occupancy(const void *record)
{
    return ((const gr_trace_config *)record)->has_occupancy;
}

json_t *trace_limited_by(const void *record)
{
    const gr_trace_config *c = record;
    json_t *list = json_array();
    for (int l = 0; c->has_occupancy && l < GR_LIMIT_COUNT; l++)
        if (c->occupancy.limiters & (1u << l))
            json_array_append_new(list, json_string(gr_limit_name((gr_limit)l)));
    return list;
}

const out_field trace_config_shape_fields[] = {
    OUT_GET_ROW("grid", config_grid),
    OUT_GET_ROW("block", config_block),
    OUT_INT64_ROW(gr_trace_config, registers_per_thread, "registers_per_thread"),
    OUT_INT64_ROW(gr_trace_config, shared_bytes, "shared_bytes"),
    OUT_END,
};

static const out_field config_fields[] = {
    {.key = "", .kind = OUT_SPLICE, .offset = 0, .table = trace_config_shape_fields},
    OUT_QUANTITY_ROW(gr_trace_config, occupancy.occupancy, "occupancy", .when = has_occupancy),
    OUT_GET_ROW("limited_by", trace_limited_by),
    OUT_END,
};

static json_t *time_share(const void *record)
{
    const kernel_shown *k = record;
    int64_t all = k->run->kernels.time_ns;
    return out_json_quantity(all ? (double)k->kernel->time_ns / (double)all : 0);
}

static json_t *lift_limit(const void *record)
{
    return json_string(gr_limit_name(((const gr_occupancy_lift *)record)->limit));
}

static const out_field lift_fields[] = {
    OUT_GET_ROW("limit", lift_limit),
    OUT_INT64_ROW(gr_occupancy_lift, value, "value"),
    OUT_INT_ROW(gr_occupancy_lift, lifted.blocks_per_sm, "blocks_per_sm"),
    OUT_QUANTITY_ROW(gr_occupancy_lift, lifted.occupancy, "occupancy"),
    OUT_END,
};

static bool liftable(const void *record)
{
    return ((const gr_trace_config_limits *)record)->lift.possible;
}

const out_field trace_limits_fields[] = {
    OUT_NUMBER_ROW(gr_trace_config_limits, shape.waves, "waves"),
    OUT_BOOL_ROW(gr_trace_config_limits, shape.tail, "tail"),
    OUT_BOOL_ROW(gr_trace_config_limits, shape.small_grid, "small_grid"),
    OUT_NUMBER_ROW(gr_trace_config_limits, floors, "launch_floors"),
    OUT_BOOL_ROW(gr_trace_config_limits, launch_bound, "launch_bound"),
    OUT_BOOL_ROW(gr_trace_config_limits, occupancy_held, "occupancy_held"),
    OUT_OBJECT_ROW(gr_trace_config_limits, lift, "lift", lift_fields, .when = liftable),
    OUT_END,
};

static const out_field kernel_fields[] = {
    OUT_TEXT_ROW(gr_trace_kernel, name, "kernel"),
    OUT_SIZE_ROW(gr_trace_kernel, launches, "launches"),
    OUT_INT64_ROW(gr_trace_kernel, time_ns, "time_ns"),
    OUT_SIZE_ROW(gr_trace_kernel, config_count, "configurations"),
    OUT_END,
};

static bool kernel_joined(const void *record)
{
    return ((const kernel_shown *)record)->run->ncu != NULL;
}

static json_t *kernel_verdict(const void *record)
{
    const kernel_shown *k = record;
    return trace_verdict_json(k->run, (size_t)(k->kernel - k->run->kernels.kernels));
}

static const out_field shown_fields[] = {
    OUT_SPLICE_PTR_ROW(kernel_shown, kernel, kernel_fields),
    OUT_GET_ROW("time_share", time_share),
    OUT_SPLICE_PTR_ROW(kernel_shown, config, config_fields),
    OUT_OBJECT_ROW(kernel_shown, limits, "limits", trace_limits_fields),
    OUT_GET_ROW("ncu", kernel_verdict, .when = kernel_joined, .omit = true),
    OUT_END,
};

static json_t *kernels_json(const trace_options *o, const gr_trace_run *run)
{
    json_t *list = json_array();
    for (size_t i = 0; i < trace_shown(o, run); i++) {
        kernel_shown k = {run, &run->kernels.kernels[i], &run->kernels.kernels[i].configs[0], {0}};
        gr_trace_config_limits_of(&run->kernels, k.config, run->has_device ? run->device.launch_floor_ns : 0,
                                  &k.limits);
        json_array_append_new(list, out_fields_json(shown_fields, &k));
    }
    return list;
}

static json_t *devices_json(const gr_trace_run *run)
{
    json_t *list = json_array();
    for (size_t i = 0; i < run->time.device_count; i++)
        json_array_append_new(list, out_fields_json(device_time_fields, &run->time.devices[i]));
    return list;
}

/* The whole run: the file, the trace's GPU and the profile it is held to,
 * the GPUs' time, the host's launch calls, Kineto's estimate against its
 * rule, the kernels shown. */
typedef struct {
    const char *file;
    const trace_options *o;
    const gr_trace_run *run;
    const gr_trace_time *time;
    const gr_trace_kernels *kernels;
} run_shown;

static json_t *run_device(const void *record)
{
    const gr_trace_run *run = ((const run_shown *)record)->run;
    return run->has_device ? cli_json_text(run->device.name) : json_null();
}

static json_t *run_gpu(const void *record)
{
    const gr_trace_run *run = ((const run_shown *)record)->run;
    return run->has_gpu ? cli_json_text(run->gpu.name) : json_null();
}

static json_t *run_devices(const void *record)
{
    return devices_json(((const run_shown *)record)->run);
}

static json_t *run_kernels(const void *record)
{
    const run_shown *r = record;
    return kernels_json(r->o, r->run);
}

static bool wants_launches(const void *record)
{
    return ((const run_shown *)record)->o->launches;
}

/* What stands for the launches until trace_put_json streams them in. */
static json_t *launches_placeholder(const void *record)
{
    (void)record;
    return json_array();
}

static bool picks(const void *record)
{
    return ((const run_shown *)record)->o->kernel != NULL;
}

static json_t *run_picked(const void *record)
{
    const run_shown *r = record;
    return trace_picked_json(r->o, r->run);
}

static const out_field kineto_fields[] = {
    OUT_SIZE_ROW(gr_trace_kernels, estimates_compared, "launches_compared"),
    OUT_SIZE_ROW(gr_trace_kernels, estimates_equal, "launches_equal"),
    OUT_SIZE_ROW(gr_trace_kernels, kineto_differs[GR_KINETO_OPTIN], "gpuroof_differs_optin"),
    OUT_SIZE_ROW(gr_trace_kernels, kineto_differs[GR_KINETO_PARTIAL_WARPS], "gpuroof_differs_partial_warps"),
    OUT_END,
};

static const out_field host_fields[] = {
    OUT_SIZE_ROW(gr_trace_time, launch_calls, "launch_calls"),
    OUT_INT64_ROW(gr_trace_time, launch_call_ns, "launch_call_ns"),
    OUT_END,
};

static bool has_collectives(const void *record)
{
    return ((const gr_trace_time *)record)->collectives.ranges > 0;
}

/* A rank's wall time in collectives (trace_collectives.h), at the top,
 * where the trace has any: the comparison of ranks reads it there, 0
 * where it is absent. */
static const out_field collective_fields[] = {
    OUT_INT64_ROW(gr_trace_time, collectives.union_ns, "collective_ns", .when = has_collectives, .omit = true),
    OUT_END,
};

static const out_field events_fields[] = {
    OUT_SIZE_ROW(gr_trace_run, events, "events"),
    OUT_END,
};

static bool run_joined(const void *record)
{
    return ((const run_shown *)record)->run->ncu != NULL;
}

static json_t *run_ncu(const void *record)
{
    const run_shown *r = record;
    return trace_ncu_json(r->o, r->run);
}

static const out_field run_fields[] = {
    OUT_TEXT_ROW(run_shown, file, "file"),
    OUT_GET_ROW("gpu", run_gpu),
    OUT_GET_ROW("device", run_device),
    OUT_SPLICE_PTR_ROW(run_shown, run, events_fields),
    OUT_GET_ROW("devices", run_devices),
    OUT_SPLICE_PTR_ROW(run_shown, time, collective_fields),
    OUT_OBJECT_PTR_ROW(run_shown, time, "host", host_fields),
    OUT_OBJECT_PTR_ROW(run_shown, kernels, "kineto", kineto_fields),
    OUT_GET_ROW("ncu", run_ncu, .when = run_joined, .omit = true),
    OUT_GET_ROW("picked", run_picked, .when = picks, .omit = true),
    OUT_GET_ROW("kernels", run_kernels),
    OUT_GET_ROW("launches", launches_placeholder, .when = wants_launches, .omit = true),
    OUT_END,
};

json_t *trace_json(const trace_options *o, const gr_trace_run *run)
{
    run_shown r = {trace_file_shown(o), o, run, &run->time, &run->kernels};
    return out_fields_json(run_fields, &r);
}
