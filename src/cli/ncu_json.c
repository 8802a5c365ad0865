/* The ncu command's JSON: the report, the device and its roofs, then each
 * launch (and with --group each kernel) with the keys of doc/ncu-input.md;
 * a figure the report lacks is null. */
#include <math.h>
#include "cli.h"
#include "levels_output.h"
#include "ncu_output.h"

/* A whole number where the value is one (counts, bytes, time in ns),
 * null where it is unknown or infinite. */
static json_t *number(double x)
{
    if (!isfinite(x))
        return json_null();
    if (x == floor(x) && fabs(x) < 9007199254740992.0) /* 2^53: every integer a double holds exactly */
        return json_integer((json_int_t)x);
    return json_real(x);
}

static json_t *xyz(const long long v[3])
{
    if (v[0] < 0)
        return json_null();
    return json_pack("[III]", (json_int_t)v[0], (json_int_t)v[1], (json_int_t)v[2]);
}

static json_t *levels(const double v[GR_NCU_LEVEL_COUNT])
{
    return json_pack("{s:o,s:o,s:o}", "dram", number(v[GR_NCU_DRAM]), "l2", number(v[GR_NCU_L2]), "l1",
                     number(v[GR_NCU_L1]));
}

static json_t *occupancy(const ncu_view *v, const gr_ncu_figures *f)
{
    gr_ncu_prediction p;
    ncu_view_predict(v, f, &p);
    return json_pack("{s:o,s:o,s:o}", "predicted", p.known ? number(p.occ.occupancy) : json_null(),
                     "ncu_theoretical", number(f->occupancy_theoretical), "achieved", number(f->occupancy_achieved));
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

/* Every key of a launch's object but its id; a kernel's has the same. */
static void add_figures(json_t *j, const ncu_view *v, const gr_ncu_figures *f)
{
    gr_ncu_binding b;
    ncu_view_bind(v, f, &b);
    json_object_set_new(j, "grid", xyz(f->grid));
    json_object_set_new(j, "block", xyz(f->block));
    json_object_set_new(j, "registers_per_thread", number(f->q[GR_NCU_Q_REGISTERS]));
    json_object_set_new(j, "shared_static_bytes", number(f->q[GR_NCU_Q_SMEM_STATIC]));
    json_object_set_new(j, "shared_dynamic_bytes", number(f->q[GR_NCU_Q_SMEM_DYNAMIC]));
    json_object_set_new(j, "time_ns", number(f->q[GR_NCU_Q_TIME_NS]));
    json_object_set_new(j, "flops", json_pack("{s:o,s:o,s:o,s:o,s:o}", "fp64", number(f->flops_fp64), "fp32",
                                              number(f->flops_fp32), "fp16", number(f->flops_fp16), "tensor",
                                              number(f->flops_tensor), "total", number(f->flops_total)));
    json_object_set_new(j, "bytes", levels(f->bytes));
    json_object_set_new(j, "intensity", levels(f->intensity));
    json_object_set_new(j, "gflops", number(f->gflops));
    json_object_set_new(j, "binding_level", b.known ? json_string(gr_level_key(b.binding.primary)) : json_null());
    json_object_set_new(j, "binding_levels", b.known ? levels_binding_json(&b.binding) : json_null());
    json_object_set_new(j, "binding_left_out", b.known && b.left_out[0] ? json_string(b.left_out) : json_null());
    json_object_set_new(j, "occupancy", occupancy(v, f));
    json_object_set_new(j, "lower_bound", json_boolean(gr_ncu_figures_lower(f)));
    json_object_set_new(j, "lower_bound_metrics", lower_bound_metrics(f));
    json_object_set_new(j, "shared_wavefronts", json_pack("{s:o,s:o,s:o}", "load", number(f->shared_load), "store",
                                                          number(f->shared_store), "ideal",
                                                          number(f->shared_ideal)));
}

static json_t *launch_json(const ncu_view *v, size_t i)
{
    const gr_ncu_launch *l = &v->report.launches[i];
    json_t *j = json_object();
    json_object_set_new(j, "id", json_integer((json_int_t)l->id));
    json_object_set_new(j, "kernel", cli_json_text(l->kernel));
    add_figures(j, v, &v->figures[i]);
    return j;
}

static json_t *kernel_json(const ncu_view *v, const gr_ncu_group *g)
{
    json_t *j = json_object();
    json_object_set_new(j, "kernel", cli_json_text(g->kernel));
    json_object_set_new(j, "launches", json_integer((json_int_t)g->launches));
    json_object_set_new(j, "time_share", number(g->time_share));
    add_figures(j, v, &g->figures);
    return j;
}

static const char *const roof_sources[] = {"none", "profile", "measured"};

static json_t *roof(const gr_ncu_roof *r)
{
    const char *const *sources = roof_sources;
    return json_pack("{s:o,s:s}", "value", number(r->value), "source", sources[r->source]);
}

static json_t *roofs_json(const ncu_view *v)
{
    json_t *bandwidth = json_object(), *peaks = json_object();
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        json_object_set_new(bandwidth, gr_ncu_level_name(level), roof(&v->roofs.bandwidth_gbs[level]));
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        json_object_set_new(peaks, gr_ncu_precision_name(p), roof(&v->roofs.peak_gflops[p]));
    return json_pack("{s:o,s:o}", "bandwidth_gbs", bandwidth, "peak_gflops", peaks);
}

static json_t *missing_json(const ncu_view *v)
{
    json_t *list = json_array();
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        size_t where = v->report.count;
        for (size_t i = 0; i < v->report.count && where == v->report.count; i++)
            if (v->figures[i].missing[q])
                where = i;
        if (where < v->report.count)
            json_array_append_new(list, json_string(gr_ncu_missing_metric(&v->figures[where], q)));
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

json_t *ncu_json(const ncu_view *v)
{
    json_t *j = json_object(), *launches = json_array();
    json_object_set_new(j, "file", cli_json_text(v->shown));
    json_object_set_new(j, "page", json_string(gr_ncu_page_name(v->report.page)));
    json_object_set_new(j, "gpu", v->report.gpu.name[0] ? cli_json_text(v->report.gpu.name) : json_null());
    json_object_set_new(j, "device", v->has_profile ? cli_json_text(v->profile.name) : json_null());
    json_object_set_new(j, "results", v->has_results ? cli_json_text(v->results.path) : json_null());
    json_object_set_new(j, "roofs", roofs_json(v));
    json_object_set_new(j, "chip", json_string(gr_ncu_chip_name(v->report.chip)));
    json_object_set_new(j, "counted_zero", counted_zero(v->report.chip));
    json_object_set_new(j, "missing_metrics", missing_json(v));
    json_object_set_new(j, "occupancy_disagreements", json_integer((json_int_t)v->disagreements));
    for (size_t i = 0; i < v->report.count; i++)
        json_array_append_new(launches, launch_json(v, i));
    json_object_set_new(j, "launches", launches);
    if (v->grouped) {
        json_t *kernels = json_array();
        for (size_t i = 0; i < v->group_count; i++)
            json_array_append_new(kernels, kernel_json(v, &v->groups[i]));
        json_object_set_new(j, "kernels", kernels);
    }
    return j;
}
