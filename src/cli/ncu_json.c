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
    json_object_set_new(j, "flops", json_pack("{s:o,s:o,s:o,s:o,s:o}", "fp64", out_json_quantity(f->flops_fp64), "fp32",
                                              out_json_quantity(f->flops_fp32), "fp16", out_json_quantity(f->flops_fp16), "tensor",
                                              out_json_quantity(f->flops_tensor), "total", out_json_quantity(f->flops_total)));
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
}

static json_t *launch_json(const gr_ncu_analysis *a, size_t i)
{
    const gr_ncu_launch *l = &a->report.launches[i];
    json_t *j = json_object();
    json_object_set_new(j, "id", json_integer((json_int_t)l->id));
    json_object_set_new(j, "kernel", cli_json_text(l->kernel));
    add_figures(j, &a->figures[i], &a->bindings[i], &a->predictions[i]);
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
    return j;
}

static const char *const roof_sources[] = {"none", "profile", "measured"};

static json_t *roof(const gr_ncu_roof *r)
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
        json_object_set_new(peaks, gr_ncu_precision_name(p), roof(&a->roofs.peak_gflops[p]));
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

json_t *ncu_json(const ncu_view *v)
{
    const gr_ncu_analysis *a = &v->a;
    json_t *j = json_object(), *launches = json_array();
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
    for (size_t i = 0; i < a->report.count; i++)
        json_array_append_new(launches, launch_json(a, i));
    json_object_set_new(j, "launches", launches);
    if (a->grouped) {
        json_t *kernels = json_array();
        for (size_t i = 0; i < a->group_count; i++)
            json_array_append_new(kernels, kernel_json(a, i));
        json_object_set_new(j, "kernels", kernels);
    }
    return j;
}
