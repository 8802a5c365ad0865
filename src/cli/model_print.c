#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "model_print.h"
#include "profile_fields.h"

bool model_on(const gr_model *m, const char *profiles, const char *device,
              const char *precision, model_on_device *out)
{
    gr_error err;
    if (!cli_load_device(profiles, device, &out->device))
        return false;
    const gr_peak *peak = gr_profile_peak(&out->device, precision);
    if (!peak)
        return cli_error_no_peak(&out->device, precision);
    out->precision = peak->precision; /* as the profile spells it: FP64 is fp64 */
    out->has_bound = m->has_intensity &&
                     gr_roofline_compute(m->intensity, peak->gflops, out->device.bandwidth_gbs, &out->bound, &err);
    if (!m->has_registers)
        return true;
    gr_sm_limits lim;
    gr_launch l = {(int)(m->threads_per_block > 1 << 20 ? 1 << 20 : m->threads_per_block), m->registers,
                   m->shared_bytes_per_block};
    if (!gr_limits_from_profile(&out->device, -1, &lim, &err) ||
        !(out->has_occupancy = gr_occupancy_compute(&lim, &l, &out->occupancy, &err)))
        snprintf(out->launch_error, sizeof out->launch_error, "%s", err.text);
    return true;
}

static const char *value_text(char buf[48], gr_value v)
{
    if (v.is_int)
        snprintf(buf, 48, "%" PRId64, v.i);
    else
        cli_num(buf, v.d);
    return buf;
}

/* Prints text after label, wrapped at spaces to lines of at most 100
 * characters, continuation lines indented under the text. */
static void print_wrapped(const char *label, const char *text)
{
    const int indent = 17, width = 100;
    int column = printf("%-*s%s", indent, "", label);
    for (const char *word = text; *word;) {
        while (*word == ' ')
            word++;
        int len = (int)strcspn(word, " ");
        if (len == 0)
            break;
        if (column + 1 + len > width && column > indent + (int)strlen(label))
            column = printf("\n%-*s", indent, "") - 1;
        column += printf("%s%.*s", column > indent ? " " : "", len, word);
        word += len;
    }
    printf("\n");
}

static void print_parameters(const gr_model *m)
{
    char a[48];
    if (m->param_count == 0)
        return;
    printf("  parameters    ");
    for (int i = 0; i < m->param_count; i++)
        printf("%s%s = %s%s", i ? ", " : " ", m->params[i].name, value_text(a, m->params[i].value),
               m->params[i].overridden ? " (-D)" : "");
    printf("\n");
}

static void print_shape(const char *what, const char *formula, const int64_t dims[3], int64_t total, const char *unit)
{
    printf("%s %s = ", what, formula);
    if (dims[1] > 1 || dims[2] > 1)
        printf("%" PRId64 "x%" PRId64 "%s%.0" PRId64 " = ", dims[0], dims[1], dims[2] > 1 ? "x" : "",
               dims[2] > 1 ? dims[2] : 0);
    printf("%" PRId64 " %s", total, unit);
}

static void print_launch(const gr_model *m)
{
    print_shape("  launch         grid", m->grid_formula, m->grid, m->blocks, m->blocks == 1 ? "block" : "blocks");
    print_shape(",\n                 block", m->block_formula, m->block, m->threads_per_block, "threads");
    printf(": %" PRId64 " threads in all\n", m->threads);
}

static void print_counts(const gr_model *m)
{
    char a[48], b[48], c[48], d[48];
    if (m->flops_per_thread)
        printf("  FLOPs          %s per thread x %" PRId64 " threads = %s\n",
               cli_num(a, gr_value_as_double(m->flops) / (double)m->threads), m->threads, value_text(b, m->flops));
    else
        printf("  FLOPs          %s in all\n", value_text(b, m->flops));
    if (m->flops_note[0])
        print_wrapped("counted:", m->flops_note);
    double read = gr_value_as_double(m->bytes_read), written = gr_value_as_double(m->bytes_written);
    double threads = (double)m->threads;
    if (m->bytes_per_thread)
        printf("  bytes          %s read + %s written = %s B per thread x %" PRId64 " threads = %s B\n",
               cli_num(a, read / threads), cli_num(b, written / threads), cli_num(c, (read + written) / threads),
               m->threads, cli_num(d, read + written));
    else
        printf("  bytes          %s read + %s written = %s B\n", value_text(a, m->bytes_read),
               value_text(b, m->bytes_written), cli_num(c, read + written));
    if (m->bytes_note[0])
        print_wrapped("counted:", m->bytes_note);
    if (m->has_intensity)
        printf("  intensity      %s FLOP / %s B = %s FLOP/B (%s)\n", value_text(a, m->flops), value_text(b, m->bytes),
               cli_num(c, m->intensity), m->counts_written ? "bytes read and written" : "bytes read only");
    else
        printf("  intensity      none: the kernel %s\n",
               gr_value_as_double(m->flops) > 0 ? "moves no global memory" : "does no floating-point work");
}

static void print_shared(const gr_model *m)
{
    printf("  shared memory  %" PRId64 " B per block", m->shared_bytes_per_block);
    int shown = 0;
    for (int i = 0; i < m->var_count; i++)
        if (m->vars[i].decl.memory == GR_MEM_SHARED)
            printf("%s%s %" PRId64 " B", shown++ ? " + " : ": ", m->vars[i].decl.name, m->vars[i].bytes);
    printf("\n");
}

static void print_variables(const gr_model *m)
{
    int name_width = (int)strlen("variable"), decl_width = (int)strlen("declaration");
    for (int i = 0; i < m->var_count; i++) {
        int n = (int)strlen(m->vars[i].decl.name), d = (int)strlen(m->vars[i].declaration);
        name_width = n > name_width ? n : name_width;
        decl_width = d > decl_width ? d : decl_width;
    }
    if (m->var_count == 0)
        return;
    printf("\n  %-*s  %-*s  %-8s  %-6s  %-11s  %s\n", name_width, "variable", decl_width, "declaration", "memory",
           "scope", "lifetime", "versions");
    for (int i = 0; i < m->var_count; i++) {
        const gr_model_var *v = &m->vars[i];
        const char *per = v->decl.scope == GR_SCOPE_THREAD ? " (one per thread)"
                          : v->decl.scope == GR_SCOPE_BLOCK ? " (one per block)" : " (one for all)";
        printf("  %-*s  %-*s  %-8s  %-6s  %-11s  %" PRId64 "%s\n", name_width, v->decl.name, decl_width,
               v->declaration, gr_memory_name(v->decl.memory), gr_scope_name(v->decl.scope),
               gr_lifetime_name(v->decl.lifetime), v->versions, per);
    }
}

static void print_derived(const gr_model *m)
{
    char a[48];
    if (m->derived_count)
        printf("\n");
    for (int i = 0; i < m->derived_count; i++)
        printf("  %s = %s = %s\n", m->derived[i].name, m->derived[i].formula, value_text(a, m->derived[i].value));
}

static void print_device(const gr_model *m, const model_on_device *dev)
{
    char a[32], b[32], c[32], d[32], e[32];
    printf("\nOn %s (%s):\n", dev->device.full_name, dev->device.name);
    const char *unit = gr_precision_unit(dev->precision), *op = gr_precision_operation(dev->precision);
    if (dev->has_bound)
        printf("  bound          min(%s %s/B x %s GB/s, %s %s %s) = %s %s: %s-bound (ridge %s %s/B)\n",
               cli_num(a, m->intensity), op, cli_num(b, dev->bound.bandwidth_gbs), cli_num(c, dev->bound.peak_gflops),
               unit, dev->precision, cli_num(d, dev->bound.attainable_gflops), unit, gr_bound_name(dev->bound.bound),
               cli_num(e, dev->bound.ridge), op);
    if (dev->has_occupancy)
        printf("  occupancy      %d blocks of %" PRId64 " threads per SM = %d warps = %s%% (gpuroof occupancy --model for the work)\n",
               dev->occupancy.blocks_per_sm, m->threads_per_block, dev->occupancy.warps_per_sm,
               cli_num(a, 100 * dev->occupancy.occupancy));
    else if (dev->launch_error[0])
        printf("  occupancy      the launch fails: %s\n", dev->launch_error);
    else
        printf("  occupancy      unknown: the model gives no registers per thread (--regs R)\n");
}

void model_print(const gr_model *m, const model_on_device *dev)
{
    printf("%s (model %s)\n", m->title, m->name);
    print_parameters(m);
    printf("\n");
    print_launch(m);
    print_counts(m);
    print_shared(m);
    print_variables(m);
    print_derived(m);
    if (dev)
        print_device(m, dev);
    if (m->notes[0])
        printf("\n%s%s", m->notes, m->notes[strlen(m->notes) - 1] == '\n' ? "" : "\n");
}

static json_t *value_json(gr_value v)
{
    return v.is_int ? json_integer(v.i) : json_real(v.d);
}

static json_t *dims_json(const int64_t dims[3])
{
    json_t *a = json_array();
    for (int i = 0; i < 3; i++)
        json_array_append_new(a, json_integer(dims[i]));
    return a;
}

static json_t *variables_json(const gr_model *m)
{
    json_t *list = json_array();
    for (int i = 0; i < m->var_count; i++) {
        const gr_model_var *v = &m->vars[i];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(v->decl.name));
        json_object_set_new(o, "memory", json_string(gr_memory_name(v->decl.memory)));
        json_object_set_new(o, "scope", json_string(gr_scope_name(v->decl.scope)));
        json_object_set_new(o, "lifetime", json_string(gr_lifetime_name(v->decl.lifetime)));
        json_object_set_new(o, "versions", json_integer(v->versions));
        json_object_set_new(o, "declaration", json_string(v->declaration));
        json_object_set_new(o, "bytes", json_integer(v->bytes));
        json_array_append_new(list, o);
    }
    return list;
}

static json_t *named_json(const gr_model_value *values, int count)
{
    json_t *o = json_object();
    for (int i = 0; i < count; i++)
        json_object_set_new(o, values[i].name, value_json(values[i].value));
    return o;
}

static json_t *device_json(const model_on_device *dev)
{
    json_t *o = json_object();
    json_object_set_new(o, "device", json_string(dev->device.name));
    if (dev->has_bound) {
        json_object_set_new(o, "precision", json_string(dev->precision));
        json_object_set_new(o, "attainable_gflops", json_real(dev->bound.attainable_gflops));
        json_object_set_new(o, "rate_unit", json_string(gr_precision_unit(dev->precision)));
        json_object_set_new(o, "ridge", json_real(dev->bound.ridge));
        json_object_set_new(o, "bound", json_string(gr_bound_name(dev->bound.bound)));
    }
    if (dev->has_occupancy) {
        json_object_set_new(o, "blocks_per_sm", json_integer(dev->occupancy.blocks_per_sm));
        json_object_set_new(o, "occupancy", json_real(dev->occupancy.occupancy));
    } else if (dev->launch_error[0]) {
        json_object_set_new(o, "launch_error", json_string(dev->launch_error));
    }
    return o;
}

json_t *model_json(const gr_model *m, const model_on_device *dev)
{
    json_t *j = json_object();
    json_object_set_new(j, "flops", value_json(m->flops));
    json_object_set_new(j, "bytes", value_json(m->bytes));
    json_object_set_new(j, "intensity", m->has_intensity ? json_real(m->intensity) : json_null());
    json_object_set_new(j, "grid_blocks", json_integer(m->blocks));
    json_object_set_new(j, "threads_per_block", json_integer(m->threads_per_block));
    json_object_set_new(j, "shared_bytes_per_block", json_integer(m->shared_bytes_per_block));
    json_object_set_new(j, "variables", variables_json(m));
    json_object_set_new(j, "model", json_string(m->name));
    json_object_set_new(j, "parameters", named_json(m->params, m->param_count));
    json_object_set_new(j, "grid", dims_json(m->grid));
    json_object_set_new(j, "block", dims_json(m->block));
    json_object_set_new(j, "threads", json_integer(m->threads));
    json_object_set_new(j, "bytes_read", value_json(m->bytes_read));
    json_object_set_new(j, "bytes_written", value_json(m->bytes_written));
    json_object_set_new(j, "bytes_counted", json_string(m->counts_written ? "read+written" : "read"));
    if (m->has_registers)
        json_object_set_new(j, "regs_per_thread", json_integer(m->registers));
    json_object_set_new(j, "derived", named_json(m->derived, m->derived_count));
    if (dev)
        json_object_set_new(j, "on_device", device_json(dev));
    return j;
}
