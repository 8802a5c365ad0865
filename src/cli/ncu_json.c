/* The ncu command's JSON: the report, the device and its roofs, then each
 * launch (and with --group each kernel) with the keys of doc/ncu-input.md;
 * a figure the report lacks is null. */
#include <math.h>
#include "cli.h"
#include "levels_output.h"
#include "ncu_output.h"
#include "output.h"

static json_t *xyz(const long long v[3])
{
    if (v[0] < 0)
        return json_null();
    return json_pack("[III]", (json_int_t)v[0], (json_int_t)v[1], (json_int_t)v[2]);
}

static json_t *levels(const double v[GR_NCU_LEVEL_COUNT])
{
    return json_pack("{s:o,s:o,s:o}", "dram", out_json_quantity(v[GR_NCU_DRAM]), "l2", out_json_quantity(v[GR_NCU_L2]), "l1",
                     out_json_quantity(v[GR_NCU_L1]));
}

static json_t *occupancy(const gr_ncu_figures *f, const gr_ncu_prediction *p)
{
    return json_pack("{s:o,s:o,s:o}", "predicted", p->known ? out_json_quantity(p->occ.occupancy) : json_null(),
                     "ncu_theoretical", out_json_quantity(f->occupancy_theoretical), "achieved", out_json_quantity(f->occupancy_achieved));
}

/* The metrics whose lack made f's sums lower bounds. */
static json_t *lower_bound_metrics(const gr_ncu_figures *f)
{
    json_t *list = json_array();
    if (!gr_ncu_figures_lower(f))
        return list;
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (f->missing[q] && q != GR_NCU_Q_TIME_NS)
            json_array_append_new(list, json_string(gr_ncu_missing_metric(f, q)));
    return list;
}

/* Each limit's time in ns (null where unknown), its bound, where it came
 * from, and why for those unknown alone: a report of 10,000 launches
 * stays a size that prints in a second. */
static json_t *limit_times(const gr_ncu_limits *lim, json_t **why_unknown, json_t **bounds, json_t **sources)
{
    json_t *j = json_object();
    *why_unknown = json_object();
    *bounds = json_object();
    *sources = json_object();
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++) {
        const char *key = gr_time_limit_key(l);
        json_object_set_new(j, key, out_json_quantity(lim->time_ns[l]));
        json_object_set_new(*bounds, key, out_json_quantity(lim->bound_ns[l]));
        if (lim->source[l] != GR_LIMIT_FROM_NONE)
            json_object_set_new(*sources, key,
                                json_pack("{s:s,s:o}", "from", gr_limit_source_key(lim->source[l]), "unit",
                                          lim->unit[l] >= 0 ? json_string(gr_ncu_unit_key((gr_ncu_unit_id)lim->unit[l]))
                                                            : json_null()));
        if (lim->why[l][0])
            json_object_set_new(*why_unknown, key, json_string(lim->why[l]));
    }
    return j;
}

static json_t *latency_work(const gr_latency_figures *lt)
{
    return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "warps_per_sm", out_json_quantity(lt->warps_per_sm),
                     "sms", out_json_quantity(lt->sms), "bytes_per_load", out_json_quantity(lt->bytes_per_load),
                     "loads_in_flight", out_json_quantity(lt->loads_in_flight), "latency_ns",
                     out_json_quantity(lt->latency_ns), "dram_share", out_json_quantity(lt->dram_share), "bytes",
                     out_json_quantity(lt->bytes), "one_load_gbs", out_json_quantity(lt->one_load_gbs),
                     "achieved_gbs", out_json_quantity(lt->achieved_gbs), "waits_ns", out_json_quantity(lt->waits_ns));
}

static json_t *limit_work(const gr_ncu_limits *lim)
{
    const gr_issue_figures *is = &lim->issue;
    const gr_wave_figures *w = &lim->waves;
    return json_pack("{s:o,s:o,s:o}", "issue",
                     json_pack("{s:o,s:o,s:o,s:o,s:o,s:b}", "warp_instructions", out_json_quantity(is->warp_inst),
                               "fp", out_json_quantity(is->fp_inst), "shared", out_json_quantity(is->shared_inst),
                               "global", out_json_quantity(is->global_inst), "slots_per_ns",
                               out_json_quantity(is->slots_per_ns), "fp_fills_slots", lim->compute_in_issue_slots),
                     "latency", latency_work(&lim->latency), "waves",
                     json_pack("{s:o,s:o,s:o,s:o,s:o}", "waves", out_json_quantity(w->waves), "blocks",
                               out_json_quantity(w->blocks), "stretch", out_json_quantity(w->stretch), "grid_stretch",
                               out_json_quantity(w->grid_stretch), "idle_ns", out_json_quantity(w->idle_ns)));
}

/* Each unit's busy time (ns) the report has, and the warps' cycles by state. */
static json_t *busy_json(const gr_ncu_busy *b)
{
    json_t *units = json_object(), *warps = json_object();
    for (int u = 0; u < GR_NCU_UNIT_COUNT; u++)
        if (!isnan(b->unit_ns[u]))
            json_object_set_new(units, gr_ncu_unit_key((gr_ncu_unit_id)u), out_json_quantity(b->unit_ns[u]));
    for (int s = 0; s < GR_WARP_STATE_COUNT; s++)
        json_object_set_new(warps, gr_warp_state_key((gr_warp_state)s),
                            b->warps_known ? out_json_quantity(b->warp_share[s]) : json_null());
    return json_pack("{s:o,s:o,s:o,s:o}", "unit_busy_ns", units, "sm_active_max_ns",
                     out_json_quantity(b->active_max_ns), "sm_active_mean_ns", out_json_quantity(b->active_mean_ns),
                     "warp_states", warps);
}

static json_t *explained_json(const gr_ncu_limits *lim)
{
    if (!lim->known)
        return json_null();
    bool seq = lim->sequence != GR_TIME_LIMIT_COUNT;
    return json_pack("{s:b,s:o,s:o,s:o,s:b,s:o,s:o}", "explained", lim->explained, "ns",
                     out_json_quantity(lim->explained_ns), "share",
                     out_json_quantity(lim->explained_ns / lim->duration_ns), "overhead_ns",
                     out_json_quantity(lim->overhead_ns), "overhead_added", lim->overhead_added, "sequence",
                     seq ? json_string(gr_time_limit_key(lim->sequence)) : json_null(), "sequence_ns",
                     seq ? out_json_quantity(lim->sequence_ns) : json_null());
}

static void add_lift(json_t *j, const gr_ncu_limits *lim)
{
    bool next = lim->known && lim->next != GR_TIME_LIMIT_COUNT;
    json_object_set_new(j, "next_limit", next ? json_string(gr_time_limit_key(lim->next)) : json_null());
    json_object_set_new(j, "next_bound_ns", next ? out_json_quantity(lim->next_bound_ns) : json_null());
    json_object_set_new(j, "expected_time_ns", next ? out_json_quantity(lim->expected_ns) : json_null());
    json_object_set_new(j, "headroom", lim->known ? out_json_quantity(lim->headroom) : json_null());
    json_object_set_new(j, "expected_speedup", next ? out_json_quantity(lim->expected) : json_null());
    json_object_set_new(j, "speedup", next ? out_json_quantity(lim->at_most) : json_null());
    json_object_set_new(j, "launch_l2_share", out_json_quantity(lim->launch_l2_share));
}

/* A library kernel's: its library, what to change in the call, and an
 * older architecture's kernel (ncu_call.c). */
static void add_call(json_t *j, const gr_ncu_limits *lim)
{
    const gr_library_info *l = &lim->library;
    const char *key = gr_library_key(l->library);
    json_object_set_new(j, "library", key ? json_string(key) : json_null());
    json_object_set_new(j, "call_advice", lim->call_advice[0] ? json_string(lim->call_advice) : json_null());
    json_object_set_new(j, "tensor_roof_share", out_json_quantity(lim->tensor_roof_share));
    if (!lim->older_arch) {
        json_object_set_new(j, "older_architecture", json_null());
        return;
    }
    char arch[16];
    snprintf(arch, sizeof arch, "sm_%d", l->built_for_sm);
    json_object_set_new(j, "older_architecture",
                        json_pack("{s:s,s:o,s:o}", "built_for", arch, "align_elements",
                                  l->align_elements ? json_integer(l->align_elements) : json_null(),
                                  "expected_speedup", out_json_quantity(lim->call_expected)));
}

/* The limits, the limiter and what to change (ncu_limits.h). */
static void add_limits(json_t *j, const gr_ncu_limits *lim, double roofs_clock_mhz)
{
    json_t *why_unknown, *bounds, *sources;
    json_object_set_new(j, "limits", limit_times(lim, &why_unknown, &bounds, &sources));
    json_object_set_new(j, "limit_bounds", bounds);
    json_object_set_new(j, "limit_sources", sources);
    json_object_set_new(j, "limits_why_unknown", why_unknown);
    json_object_set_new(j, "limit_work", limit_work(lim));
    json_object_set_new(j, "busy", busy_json(&lim->busy));
    bool named = lim->known && lim->explained;
    json_object_set_new(j, "limiter", named ? json_string(gr_time_limit_key(lim->limiter)) : json_null());
    json_object_set_new(j, "longest_limit", lim->known ? json_string(gr_time_limit_key(lim->limiter)) : json_null());
    json_object_set_new(j, "limiter_why_unknown",
                        named ? json_null()
                              : json_string(lim->known ? "unexplained: the longest limit accounts for less than half "
                                                         "of its time"
                                                       : lim->why_unknown));
    json_object_set_new(j, "explained", explained_json(lim));
    add_lift(j, lim);
    json_object_set_new(j, "suggestion", lim->known ? json_string(lim->suggestion) : json_null());
    add_call(j, lim);
    json_object_set_new(j, "achieved_gbs", levels(lim->achieved_gbs));
    json_object_set_new(j, "roof_share", levels(lim->roof_share));
    json_object_set_new(j, "sm_clock_mhz", json_pack("{s:o,s:o}", "launch", out_json_quantity(lim->clock_mhz), "roofs",
                                                     out_json_quantity(roofs_clock_mhz)));
    json_object_set_new(j, "roofs_at_clock",
                        json_pack("{s:o,s:o}", "compute_gflops", out_json_quantity(lim->compute_gflops_at_clock),
                                  "shared_gbs", out_json_quantity(lim->shared_gbs_at_clock)));
    json_object_set_new(j, "top_stall",
                        lim->top_stall < 0 ? json_null()
                                           : json_pack("{s:s,s:o}", "reason", gr_ncu_stall_name(lim->top_stall), "share",
                                                       out_json_quantity(lim->top_stall_share)));
}

/* Every key of a launch's object but its id; a kernel's has the same. */
static void add_figures(json_t *j, const gr_ncu_figures *f, const gr_ncu_binding *binding, const gr_ncu_prediction *p)
{
    const gr_ncu_binding b = *binding;
    json_object_set_new(j, "grid", xyz(f->grid));
    json_object_set_new(j, "block", xyz(f->block));
    json_object_set_new(j, "registers_per_thread", out_json_quantity(f->q[GR_NCU_Q_REGISTERS]));
    json_object_set_new(j, "shared_static_bytes", out_json_quantity(f->q[GR_NCU_Q_SMEM_STATIC]));
    json_object_set_new(j, "shared_dynamic_bytes", out_json_quantity(f->q[GR_NCU_Q_SMEM_DYNAMIC]));
    json_object_set_new(j, "time_ns", out_json_quantity(f->q[GR_NCU_Q_TIME_NS]));
    json_object_set_new(j, "flops", json_pack("{s:o,s:o,s:o,s:o,s:o,s:o}", "fp64", out_json_quantity(f->flops_fp64),
                                              "fp32", out_json_quantity(f->flops_fp32), "fp16",
                                              out_json_quantity(f->flops_fp16), "tensor",
                                              out_json_quantity(f->flops_tensor), "total",
                                              out_json_quantity(f->flops_total), "fp16_register_moves",
                                              json_real(f->fp16_move_hfma)));
    json_object_set_new(j, "bytes", levels(f->bytes));
    json_object_set_new(j, "intensity", levels(f->intensity));
    json_object_set_new(j, "gflops", out_json_quantity(f->gflops));
    json_object_set_new(j, "binding_level", b.known ? json_string(gr_level_key(b.binding.primary)) : json_null());
    json_object_set_new(j, "binding_levels", b.known ? levels_binding_json(&b.binding) : json_null());
    json_object_set_new(j, "binding_left_out", b.known && b.left_out[0] ? json_string(b.left_out) : json_null());
    json_object_set_new(j, "occupancy", occupancy(f, p));
    json_object_set_new(j, "lower_bound", json_boolean(gr_ncu_figures_lower(f)));
    json_object_set_new(j, "lower_bound_metrics", lower_bound_metrics(f));
    json_object_set_new(j, "shared_wavefronts", json_pack("{s:o,s:o,s:o}", "load", out_json_quantity(f->shared_load), "store",
                                                          out_json_quantity(f->shared_store), "ideal",
                                                          out_json_quantity(f->shared_ideal)));
    json_object_set_new(j, "global_load_instructions", out_json_quantity(f->q[GR_NCU_Q_GLOBAL_LD_INST]));
    json_object_set_new(j, "l1_global_load_hit_rate", out_json_quantity(gr_ncu_l1_global_hit_rate(f)));
}

/* Nsight Compute's rules of a launch that estimate a speedup, and how the
 * strongest compared one stands beside gpuroof's limiter. */
static const char *const rules_verdicts[] = {"none", "same", "different"};

static void add_rules(json_t *j, const gr_ncu_launch *l, const gr_ncu_limits *lim)
{
    json_t *list = json_array();
    gr_rules_comparison c;
    char why[256];
    for (size_t k = 0; k < l->rule_count; k++) {
        const gr_ncu_rule *r = &l->rules[k];
        if (!isnan(r->speedup_pct))
            json_array_append_new(list, json_pack("{s:s,s:s,s:s,s:o}", "rule", r->name, "type", r->type, "scope",
                                                  r->global ? "global" : "local", "speedup_pct",
                                                  out_json_quantity(r->speedup_pct)));
    }
    json_object_set_new(j, "ncu_rules", list);
    gr_rules_compare(l->rules, l->rule_count, lim, &c);
    json_object_set_new(j, "rules_comparison",
                        c.verdict == GR_RULES_NONE
                            ? json_null()
                            : json_pack("{s:s,s:s,s:o,s:s}", "verdict", rules_verdicts[c.verdict], "rule", c.rule->name,
                                        "speedup_pct", out_json_quantity(c.rule->speedup_pct), "why_not",
                                        gr_rules_why_not(&c, lim, why, sizeof why)));
}

static json_t *launch_json(const gr_ncu_analysis *a, size_t i)
{
    const gr_ncu_launch *l = &a->report.launches[i];
    json_t *j = json_object();
    json_object_set_new(j, "id", json_integer((json_int_t)l->id));
    json_object_set_new(j, "kernel", cli_json_text(l->kernel));
    add_figures(j, &a->figures[i], &a->bindings[i], &a->predictions[i]);
    add_limits(j, &a->limits[i], a->limit_inputs.roofs_clock_mhz);
    add_rules(j, l, &a->limits[i]);
    return j;
}

static json_t *kernel_json(const gr_ncu_analysis *a, size_t i)
{
    const gr_ncu_group *g = &a->groups[i];
    json_t *j = json_object();
    json_object_set_new(j, "kernel", cli_json_text(g->kernel));
    json_object_set_new(j, "launches", json_integer((json_int_t)g->launches));
    json_object_set_new(j, "time_share", out_json_quantity(g->time_share));
    add_figures(j, &g->figures, &a->group_bindings[i], &a->group_predictions[i]);
    add_limits(j, &a->group_limits[i], a->limit_inputs.roofs_clock_mhz);
    return j;
}

static const char *const roof_sources[] = {"none", "profile", "measured"};

static json_t *roof(const gr_roof *r)
{
    const char *const *sources = roof_sources;
    return json_pack("{s:o,s:s}", "value", out_json_quantity(r->value), "source", sources[r->source]);
}

static json_t *roofs_json(const gr_ncu_analysis *a)
{
    json_t *bandwidth = json_object(), *peaks = json_object();
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        json_object_set_new(bandwidth, gr_ncu_level_name(level), roof(&a->roofs.bandwidth_gbs[level]));
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        json_object_set_new(peaks, gr_ncu_precision_name(p), roof(&a->roofs.peak_gflops[gr_ncu_peak_index(p)]));
    return json_pack("{s:o,s:o}", "bandwidth_gbs", bandwidth, "peak_gflops", peaks);
}

static json_t *missing_json(const gr_ncu_analysis *a)
{
    json_t *list = json_array();
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        size_t where = a->first_missing[q];
        if (where < a->report.count)
            json_array_append_new(list, json_string(gr_ncu_missing_metric(&a->figures[where], q)));
    }
    return list;
}

/* The precisions the chip has no Tensor Core path for: counted 0. */
static json_t *counted_zero(gr_ncu_chip chip)
{
    json_t *list = json_array();
    for (int t = 0; t < 5 && chip != GR_NCU_CHIP_UNKNOWN; t++)
        if (!gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16 + t, chip))
            json_array_append_new(list, json_string(gr_ncu_precision_name(GR_NCU_TENSOR_FP16 + t)));
    return list;
}

/* With --group, the kernels the table keeps (all but where --kernel or
 * --top narrowed it), longest first. */
static json_t *kernels_json(const ncu_view *v)
{
    json_t *kernels = json_array();
    bool narrowed = v->table.count < v->table.all;
    for (size_t i = 0; i < v->a.group_count && !narrowed; i++)
        json_array_append_new(kernels, kernel_json(&v->a, i));
    for (size_t r = 0; r < v->table.count && narrowed; r++)
        json_array_append_new(kernels, kernel_json(&v->a, v->table.rows[r].index));
    return kernels;
}

static json_t *fix_first_json(const gr_ncu_analysis *a)
{
    json_t *list = json_array();
    for (size_t i = 0; i < a->fix_count; i++) {
        const gr_ncu_fix *fix = &a->fix[i];
        const gr_ncu_limits *lim = a->grouped ? &a->group_limits[fix->index] : &a->limits[fix->index];
        const char *kernel = a->grouped ? a->groups[fix->index].kernel : a->report.launches[fix->index].kernel;
        json_t *one = json_pack("{s:o,s:o,s:s,s:o,s:s,s:o}", "kernel", cli_json_text(kernel), "time_share",
                                out_json_quantity(fix->time_share), "limiter", gr_time_limit_key(lim->limiter),
                                "expected_speedup", out_json_quantity(fix->speedup), "by", fix->by_call ? "call" : "lift",
                                "saving_share", out_json_quantity(fix->saving_share));
        if (!a->grouped)
            json_object_set_new(one, "id", json_integer((json_int_t)a->report.launches[fix->index].id));
        json_array_append_new(list, one);
    }
    return list;
}

static json_t *report_json(const ncu_view *v)
{
    const gr_ncu_analysis *a = &v->a;
    json_t *j = json_object();
    json_object_set_new(j, "file", cli_json_text(v->shown));
    json_object_set_new(j, "page", json_string(gr_ncu_page_name(a->report.page)));
    json_object_set_new(j, "gpu", a->report.gpu.name[0] ? cli_json_text(a->report.gpu.name) : json_null());
    json_object_set_new(j, "device", a->has_device ? cli_json_text(a->device.name) : json_null());
    json_object_set_new(j, "results", v->has_results ? cli_json_text(v->results.path) : json_null());
    json_object_set_new(j, "roofs", roofs_json(a));
    json_object_set_new(j, "chip", json_string(gr_ncu_chip_name(a->report.chip)));
    json_object_set_new(j, "counted_zero", counted_zero(a->report.chip));
    json_object_set_new(j, "missing_metrics", missing_json(a));
    json_object_set_new(j, "occupancy_disagreements", json_integer((json_int_t)a->disagreement_count));
    json_object_set_new(j, "results_other_gpu", json_boolean(a->results_other_gpu));
    json_object_set_new(j, "latencies", json_pack("{s:o,s:o,s:s,s:o,s:o}", "l2_ns", out_json_quantity(a->limit_inputs.l2_latency_ns),
                                                  "dram_ns", out_json_quantity(a->limit_inputs.dram_latency_ns), "from",
                                                  a->limit_inputs.latency_from, "launch_floor_ns",
                                                  out_json_quantity(a->limit_inputs.launch_floor_ns), "launch_l2_bytes",
                                                  out_json_quantity(a->limit_inputs.launch_l2_bytes)));
    json_object_set_new(j, "profiler", json_pack("{s:o,s:o}", "clock_control",
                                                 a->report.clock_control[0] ? json_string(a->report.clock_control) : json_null(),
                                                 "cache_control",
                                                 a->report.cache_control[0] ? json_string(a->report.cache_control) : json_null()));
    json_object_set_new(j, "rules", json_pack("{s:I,s:I,s:I}", "read", (json_int_t)a->report.rules, "compared",
                                              (json_int_t)a->rules_compared, "same", (json_int_t)a->rules_same));
    json_object_set_new(j, "explained_share", out_json_quantity(a->explained_share));
    json_object_set_new(j, "unexplained", json_pack("{s:I,s:o}", "launches", (json_int_t)a->unexplained_count,
                                                    "time_ns", out_json_quantity(a->unexplained_ns)));
    json_object_set_new(j, "fix_first", fix_first_json(a));
    json_object_set_new(j, "launches", json_null()); /* next_launch's, in this place */
    if (a->grouped)
        json_object_set_new(j, "kernels", kernels_json(v));
    if (v->table.more)
        json_object_set_new(j, "left_out", json_pack("{s:I,s:o,s:o}", "count", (json_int_t)v->table.more, "time_ns",
                                                     out_json_quantity(v->table.more_time_ns), "time_share",
                                                     out_json_quantity(v->table.more_time_share)));
    return j;
}

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
    return cli_put_json_streamed(report_json(v), "launches", next_launch, &launches, dest);
}
