/* gpuroof trace --ncu's JSON (trace_output.h): the join at the top, each
 * kernel's verdict in its object, the limits written as ncu --json writes
 * a kernel's (ncu_limits_fields), from tables (out_fields.h). */
#include <math.h>
#include "ncu_output.h"
#include "out_fields.h"
#include "output.h"
#include "trace_output.h"

static const char *const join_keys[] = {"joined", "no_launch", "other_configuration"};

static json_t *join_key(const void *record)
{
    return json_string(join_keys[((const gr_trace_verdict *)record)->join]);
}

static bool joined(const void *record)
{
    return ((const gr_trace_verdict *)record)->join == GR_TRACE_JOINED;
}

static bool other_config(const void *record)
{
    return ((const gr_trace_verdict *)record)->join == GR_TRACE_OTHER_CONFIG;
}

static json_t *dims(const long long v[3])
{
    return out_json_xyz(v[0], v[1], v[2]);
}

static json_t *report_grid(const void *record)
{
    return dims(((const gr_trace_verdict *)record)->report_grid);
}

static json_t *report_block(const void *record)
{
    return dims(((const gr_trace_verdict *)record)->report_block);
}

static const out_field verdict_fields[] = {
    OUT_GET_ROW("join", join_key),
    OUT_SIZE_ROW(gr_trace_verdict, ncu_launches, "launches"),
    OUT_LLONG_ROW(gr_trace_verdict, first_id, "first_id", .when = joined, .omit = true),
    OUT_GET_ROW("report_grid", report_grid, .when = other_config, .omit = true),
    OUT_GET_ROW("report_block", report_block, .when = other_config, .omit = true),
    OUT_QUANTITY_ROW(gr_trace_verdict, explained_share, "explained_share"),
    OUT_OBJECT_ROW(gr_trace_verdict, limits, "limits", ncu_limits_fields, .when = joined, .omit = true),
    OUT_END,
};

json_t *trace_verdict_json(const gr_trace_run *run, size_t kernel)
{
    return out_fields_json(verdict_fields, &run->ncu->verdicts[kernel]);
}

static json_t *joined_share(const void *record)
{
    const gr_trace_ncu *j = record;
    return out_json_quantity(j->kernel_ns > 0 ? (double)j->joined_ns / (double)j->kernel_ns : 0);
}

static json_t *explained_share(const void *record)
{
    const gr_trace_ncu *j = record;
    return out_json_quantity(j->kernel_ns > 0 ? j->explained_ns / (double)j->kernel_ns : 0);
}

static json_t *other_gpu(const void *record)
{
    return json_boolean(((const gr_trace_ncu *)record)->analysis->other_gpu);
}

static const out_field join_fields[] = {
    OUT_SIZE_ROW(gr_trace_ncu, ncu_launches, "launches"),
    OUT_SIZE_ROW(gr_trace_ncu, ncu_joined, "launches_joined"),
    OUT_SIZE_ROW(gr_trace_ncu, ncu_no_name, "launches_of_kernels_not_traced"),
    OUT_SIZE_ROW(gr_trace_ncu, ncu_other_config, "launches_of_other_configurations"),
    OUT_SIZE_ROW(gr_trace_ncu, kernels_joined, "kernels_joined"),
    OUT_GET_ROW("joined_share", joined_share),
    OUT_GET_ROW("explained_share", explained_share),
    OUT_GET_ROW("other_gpu", other_gpu),
    OUT_END,
};

typedef struct {
    const char *report;
    const gr_trace_ncu *join;
} join_shown;

static const out_field report_fields[] = {
    OUT_TEXT_ROW(join_shown, report, "report"),
    OUT_SPLICE_PTR_ROW(join_shown, join, join_fields),
    OUT_END,
};

json_t *trace_ncu_json(const trace_options *o, const gr_trace_run *run)
{
    join_shown shown = {o->ncu, run->ncu};
    return out_fields_json(report_fields, &shown);
}
