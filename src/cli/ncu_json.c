/* The ncu command's JSON: the report, the device and its roofs, then each
 * launch (and with --group each kernel) with the keys of doc/ncu-input.md;
 * a figure the report lacks is null.  Each object is a table of
 * out_fields.h, in its keys' order. */
#include <math.h>
#include "cli.h"
#include "levels_output.h"
#include "ncu_output.h"
#include "out_fields.h"
#include "output.h"

/* A launch's (or kernel's) figures, as the core holds them apart. */
typedef struct {
    const gr_ncu_figures *figures;
    const gr_ncu_binding *binding;
    const gr_ncu_prediction *prediction;
} figures_record;

typedef struct {
    const gr_ncu_limits *limits;
    double roofs_clock_mhz;
} limits_record;

/* a launch's object, or a kernel's (group NULL for a launch) */
typedef struct {
    const gr_ncu_launch *launch;
    const gr_ncu_group *group;
    figures_record figures;
    limits_record limits;
} row_record;

/* A figure a memory level, keyed by the levels' one table of keys
 * (gr_level_key: dram, l2, shared), as binding_level and limits name them. */
static const char *level_key(const void *record, int level)
{
    (void)record;
    return gr_level_key((gr_level)level);
}

static json_t *level_value(const void *record, int level)
{
    return out_json_quantity(((const double *)record)[level]);
}

static const out_field level_row = OUT_KEYED_ROW("", GR_NCU_LEVEL_COUNT, level_key, level_value);

static json_t *level_object(const void *member)
{
    return out_fields_value(&level_row, member);
}

static json_t *xyz(const long long v[3])
{
    return out_json_xyz(v[0], v[1], v[2]);
}

static json_t *grid_json(const void *record)
{
    return xyz(((const gr_ncu_figures *)record)->grid);
}

static json_t *block_json(const void *record)
{
    return xyz(((const gr_ncu_figures *)record)->block);
}

static const out_field flops_fields[] = {
    OUT_QUANTITY_ROW(gr_ncu_figures, flops_fp64, "fp64"),
    OUT_QUANTITY_ROW(gr_ncu_figures, flops_fp32, "fp32"),
    OUT_QUANTITY_ROW(gr_ncu_figures, flops_fp16, "fp16"),
    OUT_QUANTITY_ROW(gr_ncu_figures, flops_tensor, "tensor"),
    OUT_QUANTITY_ROW(gr_ncu_figures, flops_total, "total"),
    OUT_REAL_ROW(gr_ncu_figures, fp16_move_hfma, "fp16_register_moves"),
    OUT_END,
};

/* The keys before the binding: the launch, its counts and rates. */
static const out_field figures_head_fields[] = {
    OUT_GET_ROW("grid", grid_json),
    OUT_GET_ROW("block", block_json),
    OUT_QUANTITY_ROW(gr_ncu_figures, q[GR_NCU_Q_REGISTERS], "registers_per_thread"),
    OUT_QUANTITY_ROW(gr_ncu_figures, q[GR_NCU_Q_SMEM_STATIC], "shared_static_bytes"),
    OUT_QUANTITY_ROW(gr_ncu_figures, q[GR_NCU_Q_SMEM_DYNAMIC], "shared_dynamic_bytes"),
    OUT_QUANTITY_ROW(gr_ncu_figures, q[GR_NCU_Q_TIME_NS], "time_ns"),
    OUT_OBJECT_SELF_ROW("flops", flops_fields),
    OUT_MEMBER_ROW(gr_ncu_figures, bytes, "bytes", level_object),
    OUT_MEMBER_ROW(gr_ncu_figures, intensity, "intensity", level_object),
    OUT_QUANTITY_ROW(gr_ncu_figures, gflops, "gflops"),
    OUT_END,
};

/* The metrics whose lack made f's sums lower bounds. */
static json_t *lower_bound_metrics(const void *record)
{
    const gr_ncu_figures *f = record;
    json_t *list = json_array();
    if (!gr_ncu_figures_lower(f))
        return list;
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (f->missing[q] && q != GR_NCU_Q_TIME_NS)
            json_array_append_new(list, json_string(gr_ncu_missing_metric(f, q)));
    return list;
}

static json_t *lower_bound(const void *record)
{
    return json_boolean(gr_ncu_figures_lower(record));
}

static json_t *l1_hit_rate(const void *record)
{
    return out_json_quantity(gr_ncu_l1_global_hit_rate(record));
}

static const out_field wavefront_fields[] = {
    OUT_QUANTITY_ROW(gr_ncu_figures, shared_load, "load"),
    OUT_QUANTITY_ROW(gr_ncu_figures, shared_store, "store"),
    OUT_QUANTITY_ROW(gr_ncu_figures, shared_ideal, "ideal"),
    OUT_END,
};

/* The keys after the occupancy. */
static const out_field figures_tail_fields[] = {
    OUT_GET_ROW("lower_bound", lower_bound),
    OUT_GET_ROW("lower_bound_metrics", lower_bound_metrics),
    OUT_OBJECT_SELF_ROW("shared_wavefronts", wavefront_fields),
    OUT_QUANTITY_ROW(gr_ncu_figures, q[GR_NCU_Q_GLOBAL_LD_INST], "global_load_instructions"),
    OUT_GET_ROW("l1_global_load_hit_rate", l1_hit_rate),
    OUT_END,
};

static bool binding_known(const void *record)
{
    return ((const figures_record *)record)->binding->known;
}

static json_t *binding_level(const void *record)
{
    return json_string(gr_level_key(((const figures_record *)record)->binding->binding.primary));
}

static json_t *binding_levels(const void *record)
{
    return levels_binding_json(&((const figures_record *)record)->binding->binding);
}

static json_t *binding_left_out(const void *record)
{
    const gr_ncu_binding *b = ((const figures_record *)record)->binding;
    return b->left_out[0] ? json_string(b->left_out) : json_null();
}

static json_t *predicted_occupancy(const void *record)
{
    const gr_ncu_prediction *p = ((const figures_record *)record)->prediction;
    return p->known ? out_json_quantity(p->occ.occupancy) : json_null();
}

static json_t *ncu_theoretical(const void *record)
{
    return out_json_quantity(((const figures_record *)record)->figures->occupancy_theoretical);
}

static json_t *ncu_achieved(const void *record)
{
    return out_json_quantity(((const figures_record *)record)->figures->occupancy_achieved);
}

static const out_field occupancy_fields[] = {
    OUT_GET_ROW("predicted", predicted_occupancy),
    OUT_GET_ROW("ncu_theoretical", ncu_theoretical),
    OUT_GET_ROW("achieved", ncu_achieved),
    OUT_END,
};

/* Every key of a launch's object but its id; a kernel's has the same. */
static const out_field figures_fields[] = {
    OUT_SPLICE_PTR_ROW(figures_record, figures, figures_head_fields),
    OUT_GET_ROW("binding_level", binding_level, .when = binding_known),
    OUT_GET_ROW("binding_levels", binding_levels, .when = binding_known),
    OUT_GET_ROW("binding_left_out", binding_left_out, .when = binding_known),
    OUT_OBJECT_SELF_ROW("occupancy", occupancy_fields),
    OUT_SPLICE_PTR_ROW(figures_record, figures, figures_tail_fields),
    OUT_END,
};

static const char *limit_key(const void *record, int l)
{
    (void)record;
    return gr_time_limit_key((gr_time_limit)l);
}

/* Each limit's time in ns (null where unknown), its bound, where it came
 * from, and why for those unknown alone: a report of 10,000 launches
 * stays a size that prints in a second. */
static json_t *limit_time(const void *record, int l)
{
    return out_json_quantity(((const gr_ncu_limits *)record)->time_ns[l]);
}

static json_t *limit_bound(const void *record, int l)
{
    return out_json_quantity(((const gr_ncu_limits *)record)->bound_ns[l]);
}

typedef struct {
    const char *from, *unit;
} limit_source;

static const out_field source_fields[] = {
    OUT_STRING_ROW(limit_source, from, "from"),
    OUT_STRING_ROW(limit_source, unit, "unit"),
    OUT_END,
};

static json_t *limit_source_json(const void *record, int l)
{
    const gr_ncu_limits *lim = record;
    if (lim->source[l] == GR_LIMIT_FROM_NONE)
        return NULL;
    limit_source s = {gr_limit_source_key(lim->source[l]),
                      lim->unit[l] >= 0 ? gr_ncu_unit_key((gr_ncu_unit_id)lim->unit[l]) : NULL};
    return out_fields_json(source_fields, &s);
}

static json_t *limit_why_unknown(const void *record, int l)
{
    const gr_ncu_limits *lim = record;
    return lim->why[l][0] ? json_string(lim->why[l]) : NULL;
}

static const out_field issue_fields[] = {
    OUT_QUANTITY_ROW(gr_ncu_limits, issue.warp_inst, "warp_instructions"),
    OUT_QUANTITY_ROW(gr_ncu_limits, issue.fp_inst, "fp"),
    OUT_QUANTITY_ROW(gr_ncu_limits, issue.shared_inst, "shared"),
    OUT_QUANTITY_ROW(gr_ncu_limits, issue.global_inst, "global"),
    OUT_QUANTITY_ROW(gr_ncu_limits, issue.slots_per_ns, "slots_per_ns"),
    OUT_BOOL_ROW(gr_ncu_limits, compute_in_issue_slots, "fp_fills_slots"),
    OUT_END,
};

static const out_field latency_fields[] = {
    OUT_QUANTITY_ROW(gr_latency_figures, warps_per_sm, "warps_per_sm"),
    OUT_QUANTITY_ROW(gr_latency_figures, sms, "sms"),
    OUT_QUANTITY_ROW(gr_latency_figures, bytes_per_load, "bytes_per_load"),
    OUT_QUANTITY_ROW(gr_latency_figures, loads_in_flight, "loads_in_flight"),
    OUT_QUANTITY_ROW(gr_latency_figures, latency_ns, "latency_ns"),
    OUT_QUANTITY_ROW(gr_latency_figures, dram_share, "dram_share"),
    OUT_QUANTITY_ROW(gr_latency_figures, bytes, "bytes"),
    OUT_QUANTITY_ROW(gr_latency_figures, one_load_gbs, "one_load_gbs"),
    OUT_QUANTITY_ROW(gr_latency_figures, achieved_gbs, "achieved_gbs"),
    OUT_QUANTITY_ROW(gr_latency_figures, waits_ns, "waits_ns"),
    OUT_END,
};

static const out_field wave_fields[] = {
    OUT_QUANTITY_ROW(gr_wave_figures, waves, "waves"),
    OUT_QUANTITY_ROW(gr_wave_figures, blocks, "blocks"),
    OUT_QUANTITY_ROW(gr_wave_figures, stretch, "stretch"),
    OUT_QUANTITY_ROW(gr_wave_figures, grid_stretch, "grid_stretch"),
    OUT_QUANTITY_ROW(gr_wave_figures, idle_ns, "idle_ns"),
    OUT_END,
};

static const out_field work_fields[] = {
    OUT_OBJECT_SELF_ROW("issue", issue_fields),
    OUT_OBJECT_ROW(gr_ncu_limits, latency, "latency", latency_fields),
    OUT_OBJECT_ROW(gr_ncu_limits, waves, "waves", wave_fields),
    OUT_END,
};

/* Each unit's busy time (ns) the report has, and the warps' cycles by state. */
static const char *unit_key(const void *record, int u)
{
    (void)record;
    return gr_ncu_unit_key((gr_ncu_unit_id)u);
}

static json_t *unit_busy(const void *record, int u)
{
    const gr_ncu_busy *b = record;
    return isnan(b->unit_ns[u]) ? NULL : out_json_quantity(b->unit_ns[u]);
}

static const char *warp_state_key(const void *record, int s)
{
    (void)record;
    return gr_warp_state_key((gr_warp_state)s);
}

static json_t *warp_share(const void *record, int s)
{
    const gr_ncu_busy *b = record;
    return b->warps_known ? out_json_quantity(b->warp_share[s]) : json_null();
}

static const out_field busy_fields[] = {
    OUT_KEYED_ROW("unit_busy_ns", GR_NCU_UNIT_COUNT, unit_key, unit_busy),
    OUT_QUANTITY_ROW(gr_ncu_busy, active_max_ns, "sm_active_max_ns"),
    OUT_QUANTITY_ROW(gr_ncu_busy, active_mean_ns, "sm_active_mean_ns"),
    OUT_KEYED_ROW("warp_states", GR_WARP_STATE_COUNT, warp_state_key, warp_share),
    OUT_END,
};

static bool limits_known(const void *record)
{
    return ((const gr_ncu_limits *)record)->known;
}

static bool in_sequence(const void *record)
{
    return ((const gr_ncu_limits *)record)->sequence != GR_TIME_LIMIT_COUNT;
}

static json_t *explained_share(const void *record)
{
    const gr_ncu_limits *lim = record;
    return out_json_quantity(lim->explained_ns / lim->duration_ns);
}

static json_t *sequence_limit(const void *record)
{
    return json_string(gr_time_limit_key(((const gr_ncu_limits *)record)->sequence));
}

static const out_field explained_fields[] = {
    OUT_BOOL_ROW(gr_ncu_limits, explained, "explained"),
    OUT_QUANTITY_ROW(gr_ncu_limits, explained_ns, "ns"),
    OUT_GET_ROW("share", explained_share),
    OUT_QUANTITY_ROW(gr_ncu_limits, overhead_ns, "overhead_ns"),
    OUT_BOOL_ROW(gr_ncu_limits, overhead_added, "overhead_added"),
    OUT_GET_ROW("sequence", sequence_limit, .when = in_sequence),
    OUT_QUANTITY_ROW(gr_ncu_limits, sequence_ns, "sequence_ns", .when = in_sequence),
    OUT_END,
};

static bool limiter_named(const void *record)
{
    const gr_ncu_limits *lim = record;
    return lim->known && lim->explained;
}

static json_t *limiter_key(const void *record)
{
    return json_string(gr_time_limit_key(((const gr_ncu_limits *)record)->limiter));
}

static json_t *limiter_why_unknown(const void *record)
{
    const gr_ncu_limits *lim = record;
    if (limiter_named(lim))
        return json_null();
    return json_string(lim->known ? "unexplained: the longest limit accounts for less than half of its time"
                                  : lim->why_unknown);
}

static bool has_next(const void *record)
{
    const gr_ncu_limits *lim = record;
    return lim->known && lim->next != GR_TIME_LIMIT_COUNT;
}

static json_t *next_limit(const void *record)
{
    return json_string(gr_time_limit_key(((const gr_ncu_limits *)record)->next));
}

/* A library kernel's: its library, what to change in the call, and an
 * older architecture's kernel (ncu_call.c). */
static json_t *library_key(const void *record)
{
    const char *key = gr_library_key(((const gr_ncu_limits *)record)->library.library);
    return key ? json_string(key) : json_null();
}

static bool older_architecture(const void *record)
{
    return ((const gr_ncu_limits *)record)->older_arch;
}

static json_t *built_for(const void *record)
{
    return json_sprintf("sm_%d", ((const gr_ncu_limits *)record)->library.built_for_sm);
}

static json_t *align_elements(const void *record)
{
    const gr_library_info *l = &((const gr_ncu_limits *)record)->library;
    return l->align_elements ? json_integer(l->align_elements) : json_null();
}

static const out_field older_arch_fields[] = {
    OUT_GET_ROW("built_for", built_for),
    OUT_GET_ROW("align_elements", align_elements),
    OUT_QUANTITY_ROW(gr_ncu_limits, call_expected, "expected_speedup"),
    OUT_END,
};

static bool has_top_stall(const void *record)
{
    return ((const gr_ncu_limits *)record)->top_stall >= 0;
}

static json_t *top_stall_reason(const void *record)
{
    return json_string(gr_ncu_stall_name(((const gr_ncu_limits *)record)->top_stall));
}

static const out_field top_stall_fields[] = {
    OUT_GET_ROW("reason", top_stall_reason),
    OUT_QUANTITY_ROW(gr_ncu_limits, top_stall_share, "share"),
    OUT_END,
};

/* The limits, the limiter and what to change (ncu_limits.h), up to the
 * roof shares; the clocks follow. */
const out_field ncu_limits_fields[] = {
    OUT_KEYED_ROW("limits", GR_TIME_LIMIT_COUNT, limit_key, limit_time),
    OUT_KEYED_ROW("limit_bounds", GR_TIME_LIMIT_COUNT, limit_key, limit_bound),
    OUT_KEYED_ROW("limit_sources", GR_TIME_LIMIT_COUNT, limit_key, limit_source_json),
    OUT_KEYED_ROW("limits_why_unknown", GR_TIME_LIMIT_COUNT, limit_key, limit_why_unknown),
    OUT_OBJECT_SELF_ROW("limit_work", work_fields),
    OUT_OBJECT_ROW(gr_ncu_limits, busy, "busy", busy_fields),
    OUT_GET_ROW("limiter", limiter_key, .when = limiter_named),
    OUT_GET_ROW("longest_limit", limiter_key, .when = limits_known),
    OUT_GET_ROW("limiter_why_unknown", limiter_why_unknown),
    OUT_OBJECT_SELF_ROW("explained", explained_fields, .when = limits_known),
    /* what lifting the limiter leaves */
    OUT_GET_ROW("next_limit", next_limit, .when = has_next),
    OUT_QUANTITY_ROW(gr_ncu_limits, next_bound_ns, "next_bound_ns", .when = has_next),
    OUT_QUANTITY_ROW(gr_ncu_limits, expected_ns, "expected_time_ns", .when = has_next),
    OUT_QUANTITY_ROW(gr_ncu_limits, headroom, "headroom", .when = limits_known),
    OUT_QUANTITY_ROW(gr_ncu_limits, expected, "expected_speedup", .when = has_next),
    OUT_QUANTITY_ROW(gr_ncu_limits, at_most, "speedup", .when = has_next),
    OUT_QUANTITY_ROW(gr_ncu_limits, launch_l2_share, "launch_l2_share"),
    OUT_CHARS_ROW(gr_ncu_limits, suggestion, "suggestion", .when = limits_known),
    OUT_GET_ROW("library", library_key),
    OUT_CHARS_ROW(gr_ncu_limits, call_advice, "call_advice", .empty_null = true),
    OUT_QUANTITY_ROW(gr_ncu_limits, tensor_roof_share, "tensor_roof_share"),
    OUT_OBJECT_SELF_ROW("older_architecture", older_arch_fields, .when = older_architecture),
    OUT_MEMBER_ROW(gr_ncu_limits, achieved_gbs, "achieved_gbs", level_object),
    OUT_MEMBER_ROW(gr_ncu_limits, roof_share, "roof_share", level_object),
    OUT_END,
};

static const out_field roofs_at_clock_fields[] = {
    OUT_QUANTITY_ROW(gr_ncu_limits, compute_gflops_at_clock, "compute_gflops"),
    OUT_QUANTITY_ROW(gr_ncu_limits, shared_gbs_at_clock, "shared_gbs"),
    OUT_END,
};

static const out_field limits_tail_fields[] = {
    OUT_OBJECT_SELF_ROW("roofs_at_clock", roofs_at_clock_fields),
    OUT_OBJECT_SELF_ROW("top_stall", top_stall_fields, .when = has_top_stall),
    OUT_END,
};

static json_t *launch_clock(const void *record)
{
    return out_json_quantity(((const limits_record *)record)->limits->clock_mhz);
}

static const out_field clock_fields[] = {
    OUT_GET_ROW("launch", launch_clock),
    OUT_QUANTITY_ROW(limits_record, roofs_clock_mhz, "roofs"),
    OUT_END,
};

static const out_field limits_record_fields[] = {
    OUT_SPLICE_PTR_ROW(limits_record, limits, ncu_limits_fields),
    OUT_OBJECT_SELF_ROW("sm_clock_mhz", clock_fields),
    OUT_SPLICE_PTR_ROW(limits_record, limits, limits_tail_fields),
    OUT_END,
};

/* Nsight Compute's rules of a launch that estimate a speedup, and how the
 * strongest compared one stands beside gpuroof's limiter. */
static const char *const rules_verdicts[] = {"none", "same", "different"};

static json_t *rule_scope(const void *record)
{
    return json_string(((const gr_ncu_rule *)record)->global ? "global" : "local");
}

static const out_field rule_fields[] = {
    OUT_CHARS_ROW(gr_ncu_rule, name, "rule"),
    OUT_CHARS_ROW(gr_ncu_rule, type, "type"),
    OUT_GET_ROW("scope", rule_scope),
    OUT_QUANTITY_ROW(gr_ncu_rule, speedup_pct, "speedup_pct"),
    OUT_END,
};

static json_t *ncu_rules(const void *record)
{
    const gr_ncu_launch *l = ((const row_record *)record)->launch;
    json_t *list = json_array();
    for (size_t k = 0; k < l->rule_count; k++)
        if (!isnan(l->rules[k].speedup_pct))
            json_array_append_new(list, out_fields_json(rule_fields, &l->rules[k]));
    return list;
}

typedef struct {
    const char *verdict, *rule;
    double speedup_pct;
    const char *why_not;
} rules_comparison;

static const out_field comparison_fields[] = {
    OUT_STRING_ROW(rules_comparison, verdict, "verdict"),
    OUT_STRING_ROW(rules_comparison, rule, "rule"),
    OUT_QUANTITY_ROW(rules_comparison, speedup_pct, "speedup_pct"),
    OUT_STRING_ROW(rules_comparison, why_not, "why_not"),
    OUT_END,
};

static json_t *rules_comparison_json(const void *record)
{
    const row_record *r = record;
    gr_rules_comparison c;
    char why[256];
    gr_rules_compare(r->launch->rules, r->launch->rule_count, r->limits.limits, &c);
    if (c.verdict == GR_RULES_NONE)
        return json_null();
    rules_comparison shown = {rules_verdicts[c.verdict], c.rule->name, c.rule->speedup_pct,
                              gr_rules_why_not(&c, r->limits.limits, why, sizeof why)};
    return out_fields_json(comparison_fields, &shown);
}

static json_t *launch_kernel(const void *record)
{
    return cli_json_text(((const row_record *)record)->launch->kernel);
}

static json_t *launch_id(const void *record)
{
    return json_integer((json_int_t)((const row_record *)record)->launch->id);
}

static const out_field launch_fields[] = {
    OUT_GET_ROW("id", launch_id),
    OUT_GET_ROW("kernel", launch_kernel),
    OUT_SPLICE_ROW(row_record, figures, figures_fields),
    OUT_SPLICE_ROW(row_record, limits, limits_record_fields),
    OUT_GET_ROW("ncu_rules", ncu_rules),
    OUT_GET_ROW("rules_comparison", rules_comparison_json),
    OUT_END,
};

static json_t *group_kernel(const void *record)
{
    return cli_json_text(((const row_record *)record)->group->kernel);
}

static json_t *group_launches(const void *record)
{
    return json_integer((json_int_t)((const row_record *)record)->group->launches);
}

static json_t *group_time_share(const void *record)
{
    return out_json_quantity(((const row_record *)record)->group->time_share);
}

static const out_field kernel_fields[] = {
    OUT_GET_ROW("kernel", group_kernel),
    OUT_GET_ROW("launches", group_launches),
    OUT_GET_ROW("time_share", group_time_share),
    OUT_SPLICE_ROW(row_record, figures, figures_fields),
    OUT_SPLICE_ROW(row_record, limits, limits_record_fields),
    OUT_END,
};

static json_t *launch_json(const gr_ncu_analysis *a, size_t i)
{
    row_record r = {&a->report.launches[i], NULL, {&a->figures[i], &a->bindings[i], &a->predictions[i]},
                    {&a->limits[i], a->limit_inputs.roofs_clock_mhz}};
    return out_fields_json(launch_fields, &r);
}

static json_t *kernel_json(const gr_ncu_analysis *a, size_t i)
{
    const gr_ncu_group *g = &a->groups[i];
    row_record r = {NULL, g, {&g->figures, &a->group_bindings[i], &a->group_predictions[i]},
                    {&a->group_limits[i], a->limit_inputs.roofs_clock_mhz}};
    return out_fields_json(kernel_fields, &r);
}

static json_t *roof_source(const void *record)
{
    return json_string(gr_roof_source_name(((const gr_roof *)record)->source));
}

static const out_field roof_fields[] = {
    OUT_QUANTITY_ROW(gr_roof, value, "value"),
    OUT_GET_ROW("source", roof_source),
    OUT_END,
};


static json_t *bandwidth_roof(const void *record, int level)
{
    return out_fields_json(roof_fields, &((const gr_roofs *)record)->bandwidth_gbs[level]);
}

static const char *precision_name(const void *record, int p)
{
    (void)record;
    return gr_ncu_precision_name(p);
}

static json_t *peak_roof(const void *record, int p)
{
    return out_fields_json(roof_fields, &((const gr_roofs *)record)->peak_gflops[gr_ncu_peak_index(p)]);
}

static const out_field roofs_fields[] = {
    OUT_KEYED_ROW("bandwidth_gbs", GR_NCU_LEVEL_COUNT, level_key, bandwidth_roof),
    OUT_KEYED_ROW("peak_gflops", GR_NCU_PRECISION_COUNT, precision_name, peak_roof),
    OUT_END,
};

static json_t *missing_json(const void *record)
{
    const gr_ncu_analysis *a = &((const ncu_view *)record)->a;
    json_t *list = json_array();
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        size_t where = a->first_missing[q];
        if (where < a->report.count)
            json_array_append_new(list, json_string(gr_ncu_missing_metric(&a->figures[where], q)));
    }
    return list;
}

/* The precisions the chip has no Tensor Core path for: counted 0. */
static json_t *counted_zero(const void *record)
{
    gr_ncu_chip chip = ((const ncu_view *)record)->a.report.chip;
    json_t *list = json_array();
    for (int t = 0; t < 5 && chip != GR_NCU_CHIP_UNKNOWN; t++)
        if (!gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16 + t, chip))
            json_array_append_new(list, json_string(gr_ncu_precision_name(GR_NCU_TENSOR_FP16 + t)));
    return list;
}

/* With --group, the kernels the table keeps (all but where --kernel or
 * --top narrowed it), longest first. */
static json_t *kernels_json(const void *record)
{
    const ncu_view *v = record;
    json_t *kernels = json_array();
    bool narrowed = v->table.count < v->table.all;
    for (size_t i = 0; i < v->a.group_count && !narrowed; i++)
        json_array_append_new(kernels, kernel_json(&v->a, i));
    for (size_t r = 0; r < v->table.count && narrowed; r++)
        json_array_append_new(kernels, kernel_json(&v->a, v->table.rows[r].index));
    return kernels;
}

/* One kernel (or launch) of what to fix first, as the JSON shows it. */
typedef struct {
    const char *kernel, *limiter, *by;
    double time_share, speedup, saving_share;
    bool launch;
    long long id;
} fix_shown;

static bool fix_of_launch(const void *record)
{
    return ((const fix_shown *)record)->launch;
}

static json_t *fix_kernel(const void *record)
{
    return cli_json_text(((const fix_shown *)record)->kernel);
}

static const out_field fix_fields[] = {
    OUT_GET_ROW("kernel", fix_kernel),
    OUT_QUANTITY_ROW(fix_shown, time_share, "time_share"),
    OUT_STRING_ROW(fix_shown, limiter, "limiter"),
    OUT_QUANTITY_ROW(fix_shown, speedup, "expected_speedup"),
    OUT_STRING_ROW(fix_shown, by, "by"),
    OUT_QUANTITY_ROW(fix_shown, saving_share, "saving_share"),
    OUT_LLONG_ROW(fix_shown, id, "id", .when = fix_of_launch, .omit = true),
    OUT_END,
};

static json_t *fix_first_json(const void *record)
{
    const gr_ncu_analysis *a = &((const ncu_view *)record)->a;
    json_t *list = json_array();
    for (size_t i = 0; i < a->fix_count; i++) {
        const gr_ncu_fix *fix = &a->fix[i];
        const gr_ncu_limits *lim = a->grouped ? &a->group_limits[fix->index] : &a->limits[fix->index];
        fix_shown shown = {
            .kernel = a->grouped ? a->groups[fix->index].kernel : a->report.launches[fix->index].kernel,
            .limiter = gr_time_limit_key(lim->limiter),
            .by = fix->by_call ? "call" : "lift",
            .time_share = fix->time_share,
            .speedup = fix->speedup,
            .saving_share = fix->saving_share,
            .launch = !a->grouped,
            .id = a->grouped ? 0 : a->report.launches[fix->index].id,
        };
        json_array_append_new(list, out_fields_json(fix_fields, &shown));
    }
    return list;
}

static json_t *page_name(const void *record)
{
    return json_string(gr_ncu_page_name(((const ncu_view *)record)->a.report.page));
}

static json_t *chip_name(const void *record)
{
    return json_string(gr_ncu_chip_name(((const ncu_view *)record)->a.report.chip));
}

static bool has_device(const void *record)
{
    return ((const ncu_view *)record)->a.has_device;
}

static bool has_results(const void *record)
{
    return ((const ncu_view *)record)->has_results;
}

static bool grouped(const void *record)
{
    return ((const ncu_view *)record)->a.grouped;
}

static bool left_out(const void *record)
{
    return ((const ncu_view *)record)->table.more != 0;
}

/* next_launch's, in this place */
static json_t *launches_later(const void *record)
{
    (void)record;
    return json_null();
}

static const out_field latencies_fields[] = {
    OUT_QUANTITY_ROW(gr_limit_inputs, l2_latency_ns, "l2_ns"),
    OUT_QUANTITY_ROW(gr_limit_inputs, dram_latency_ns, "dram_ns"),
    OUT_STRING_ROW(gr_limit_inputs, latency_from, "from"),
    OUT_QUANTITY_ROW(gr_limit_inputs, launch_floor_ns, "launch_floor_ns"),
    OUT_QUANTITY_ROW(gr_limit_inputs, launch_l2_bytes, "launch_l2_bytes"),
    OUT_END,
};

static const out_field profiler_fields[] = {
    OUT_CHARS_ROW(gr_ncu_report, clock_control, "clock_control", .empty_null = true),
    OUT_CHARS_ROW(gr_ncu_report, cache_control, "cache_control", .empty_null = true),
    OUT_END,
};

static const out_field rules_fields[] = {
    OUT_SIZE_ROW(ncu_view, a.report.rules, "read"),
    OUT_SIZE_ROW(ncu_view, a.rules_compared, "compared"),
    OUT_SIZE_ROW(ncu_view, a.rules_same, "same"),
    OUT_END,
};

static const out_field unexplained_fields[] = {
    OUT_SIZE_ROW(gr_ncu_analysis, unexplained_count, "launches"),
    OUT_QUANTITY_ROW(gr_ncu_analysis, unexplained_ns, "time_ns"),
    OUT_END,
};

static const out_field left_out_fields[] = {
    OUT_SIZE_ROW(gr_ncu_table, more, "count"),
    OUT_QUANTITY_ROW(gr_ncu_table, more_time_ns, "time_ns"),
    OUT_QUANTITY_ROW(gr_ncu_table, more_time_share, "time_share"),
    OUT_END,
};

static const out_field report_fields[] = {
    OUT_TEXT_ROW(ncu_view, shown, "file"),
    OUT_GET_ROW("page", page_name),
    OUT_CHARS_TEXT_ROW(ncu_view, a.report.gpu.name, "gpu", .empty_null = true),
    OUT_CHARS_TEXT_ROW(ncu_view, a.device.name, "device", .when = has_device),
    OUT_TEXT_ROW(ncu_view, results.path, "results", .when = has_results),
    OUT_OBJECT_ROW(ncu_view, a.roofs, "roofs", roofs_fields),
    OUT_GET_ROW("chip", chip_name),
    OUT_GET_ROW("counted_zero", counted_zero),
    OUT_GET_ROW("missing_metrics", missing_json),
    OUT_SIZE_ROW(ncu_view, a.disagreement_count, "occupancy_disagreements"),
    OUT_BOOL_ROW(ncu_view, a.results_other_gpu, "results_other_gpu"),
    OUT_OBJECT_ROW(ncu_view, a.limit_inputs, "latencies", latencies_fields),
    OUT_OBJECT_ROW(ncu_view, a.report, "profiler", profiler_fields),
    OUT_OBJECT_SELF_ROW("rules", rules_fields),
    OUT_QUANTITY_ROW(ncu_view, a.explained_share, "explained_share"),
    OUT_OBJECT_ROW(ncu_view, a, "unexplained", unexplained_fields),
    OUT_GET_ROW("fix_first", fix_first_json),
    OUT_GET_ROW("launches", launches_later),
    OUT_GET_ROW("kernels", kernels_json, .when = grouped, .omit = true),
    OUT_OBJECT_ROW(ncu_view, table, "left_out", left_out_fields, .when = left_out, .omit = true),
    OUT_END,
};

/* Each shown launch's object in turn, from next = 0. */
typedef struct {
    const ncu_view *view;
    size_t next;
} launch_cursor;

static bool next_launch(void *state, json_t **item)
{
    launch_cursor *c = state;
    const bool *shown = c->view->launch_shown;
    while (c->next < c->view->a.report.count && shown && !shown[c->next])
        c->next++;
    if (c->next >= c->view->a.report.count)
        return false;
    *item = launch_json(&c->view->a, c->next++);
    return true;
}

int ncu_put_json(const ncu_view *v, json_t **dest)
{
    launch_cursor launches = {.view = v};
    return cli_put_json_streamed(out_fields_json(report_fields, v), "launches", next_launch, &launches, dest);
}
