#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "levels_output.h"
#include "model_print.h"
#include "output.h"

/* A model's value as it was counted: a whole count, or a figure. */
static out_figure value_figure(gr_value v)
{
    out_figure f;
    if (v.is_int)
        snprintf(f.text, sizeof f.text, "%" PRId64, v.i);
    else
        f = out_num(v.d);
    return f;
}
#define VALUE(v) (value_figure(v).text)

void model_print_wrapped(const char *label, const char *text)
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
    if (m->param_count == 0)
        return;
    printf("  parameters    ");
    for (int i = 0; i < m->param_count; i++)
        printf("%s%s = %s%s", i ? ", " : " ", m->params[i].name, VALUE(m->params[i].value),
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

static void print_counts(const gr_model *m, const gr_model_figures *f)
{
    if (m->flops_per_thread)
        printf("  FLOPs          %s per thread x %" PRId64 " threads = %s\n", OUT_NUM(f->flops_per_thread), m->threads,
               VALUE(m->flops));
    else
        printf("  FLOPs          %s in all\n", VALUE(m->flops));
    if (m->flops_note[0])
        model_print_wrapped("counted:", m->flops_note);
    if (m->bytes_per_thread)
        printf("  bytes          %s read + %s written = %s B per thread x %" PRId64 " threads = %s B\n",
               OUT_NUM(f->read_per_thread), OUT_NUM(f->written_per_thread), OUT_NUM(f->bytes_per_thread), m->threads,
               OUT_NUM(f->bytes_moved));
    else
        printf("  bytes          %s read + %s written = %s B\n", VALUE(m->bytes_read), VALUE(m->bytes_written),
               OUT_NUM(f->bytes_moved));
    if (m->bytes_note[0])
        model_print_wrapped("counted:", m->bytes_note);
    if (m->has_intensity)
        printf("  intensity      %s FLOP / %s B = %s FLOP/B (%s)\n", VALUE(m->flops), VALUE(m->bytes),
               OUT_NUM(m->intensity), m->counts_written ? "bytes read and written" : "bytes read only");
    else
        printf("  intensity      none: the kernel %s\n",
               gr_value_as_double(m->flops) > 0 ? "moves no global memory" : "does no floating-point work");
}

/* The bytes at a level inside the GPU, as the global bytes are shown, and
 * the intensity there. */
static void print_level_bytes(const gr_model *m, const char *label, const gr_model_level_bytes *level,
                              const gr_model_level_figures *f)
{
    if (!level->given)
        return;
    if (level->per_thread)
        printf("  %-13s  %s B per thread x %" PRId64 " threads = %s B\n", label, OUT_NUM(f->bytes_per_thread),
               m->threads, VALUE(level->bytes));
    else
        printf("  %-13s  %s B in all\n", label, VALUE(level->bytes));
    if (level->note[0])
        model_print_wrapped("counted:", level->note);
    if (isfinite(f->intensity))
        printf("                 intensity %s FLOP / %s B = %s FLOP/B\n", VALUE(m->flops), VALUE(level->bytes),
               OUT_NUM(f->intensity));
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
    if (m->derived_count)
        printf("\n");
    for (int i = 0; i < m->derived_count; i++)
        printf("  %s = %s = %s\n", m->derived[i].name, m->derived[i].formula, VALUE(m->derived[i].value));
}

/* One line: a level's roof, min(intensity x bandwidth, peak), and its
 * ridge; where no bytes move there, the peak. */
static void print_level_roof(const char *label, const gr_model_on_device *on, const gr_roofline *r)
{
    const char *unit = gr_precision_unit(on->precision), *op = gr_precision_operation(on->precision);
    if (!isfinite(r->intensity)) {
        printf("  %-13s  no bytes move: the peak, %s %s %s\n", label, OUT_NUM(r->peak_gflops), unit, on->precision);
        return;
    }
    printf("  %-13s  min(%s %s/B x %s GB/s, %s %s %s) = %s %s (ridge %s %s/B)\n", label, OUT_NUM(r->intensity), op,
           OUT_NUM(r->bandwidth_gbs), OUT_NUM(r->peak_gflops), unit, on->precision,
           OUT_NUM(r->attainable_gflops), unit, OUT_NUM(r->ridge), op);
}

/* The bound of a model of more levels than DRAM: each level's roof, then
 * the lowest, which binds. */
static void print_levels_bound(const gr_model_on_device *on)
{
    const gr_roofline_levels *lv = &on->levels;
    out_buf words = OUT_BUF_INIT;
    levels_binding_add(&words, &lv->binds);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (lv->given[i])
            print_level_roof(gr_level_name((gr_level)i), on, &lv->level[i]);
    printf("  bound          %s %s: ", OUT_NUM(lv->attainable_gflops), gr_precision_unit(on->precision));
    if (lv->bound == GR_BOUND_COMPUTE)
        printf("compute-bound, every level's roof at or above the peak\n");
    else if (lv->bound == GR_BOUND_BALANCED)
        printf("%s: %s's roof meets the peak\n", out_buf_text(&words), gr_level_name(lv->binding));
    else if (lv->binds.count > 1)
        printf("%s, the lowest roofs (gpuroof bound --model for the work)\n", out_buf_text(&words));
    else
        printf("bound by %s, the lowest roof (gpuroof bound --model for the work)\n", gr_level_name(lv->binding));
    out_buf_free(&words);
}

static void print_device(const model_result *r)
{
    const gr_model *m = &r->model;
    const gr_model_on_device *on = &r->on;
    const gr_roofline *dram = &on->levels.level[GR_LEVEL_DRAM];
    printf("\nOn %s (%s):\n", r->device.full_name, r->device.name);
    const char *unit = gr_precision_unit(on->precision), *op = gr_precision_operation(on->precision);
    if (on->has_bound && gr_model_beyond_dram(m))
        print_levels_bound(on);
    else if (on->has_bound)
        printf("  bound          min(%s %s/B x %s GB/s, %s %s %s) = %s %s: %s-bound (ridge %s %s/B)\n",
               OUT_NUM(m->intensity), op, OUT_NUM(dram->bandwidth_gbs), OUT_NUM(dram->peak_gflops),
               unit, on->precision, OUT_NUM(dram->attainable_gflops), unit, gr_bound_name(dram->bound),
               OUT_NUM(dram->ridge), op);
    levels_print_unroofed(&r->device, on->unroofed_bytes, "  ", NULL);
    if (on->has_occupancy)
        printf("  occupancy      %d blocks of %" PRId64 " threads per SM = %d warps = %s (gpuroof occupancy --model for the work)\n",
               on->occupancy.blocks_per_sm, m->threads_per_block, on->occupancy.warps_per_sm,
               OUT_PCT(on->occupancy.occupancy));
    else if (on->launch_error[0])
        printf("  occupancy      the launch fails: %s\n", on->launch_error);
    else
        printf("  occupancy      unknown: the model gives no registers per thread (--regs R)\n");
}

void model_print(const model_result *r)
{
    const gr_model *m = &r->model;
    printf("%s (model %s)\n", m->title, m->name);
    print_parameters(m);
    printf("\n");
    print_launch(m);
    print_counts(m, &r->figures);
    print_level_bytes(m, "L2 bytes", &m->l2, &r->figures.l2);
    print_level_bytes(m, "shared bytes", &m->shared, &r->figures.shared);
    print_shared(m);
    model_print_accesses(m);
    print_variables(m);
    model_print_volatile_why(m);
    print_derived(m);
    if (r->has_device)
        print_device(r);
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
        json_object_set_new(o, "name", cli_json_text(v->decl.name));
        json_object_set_new(o, "memory", json_string(gr_memory_name(v->decl.memory)));
        json_object_set_new(o, "scope", json_string(gr_scope_name(v->decl.scope)));
        json_object_set_new(o, "lifetime", json_string(gr_lifetime_name(v->decl.lifetime)));
        json_object_set_new(o, "versions", json_integer(v->versions));
        json_object_set_new(o, "declaration", cli_json_text(v->declaration));
        json_object_set_new(o, "bytes", json_integer(v->bytes));
        json_object_set_new(o, "volatile", json_boolean(v->decl.is_volatile));
        json_object_set_new(o, "accesses", model_access_json(v));
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

static json_t *device_json(const model_result *r)
{
    const gr_model_on_device *on = &r->on;
    json_t *o = json_object();
    json_object_set_new(o, "device", cli_json_text(r->device.name));
    if (on->has_bound) {
        json_object_set_new(o, "precision", json_string(on->precision));
        json_object_set_new(o, "attainable_gflops", json_real(on->levels.attainable_gflops));
        json_object_set_new(o, "rate_unit", json_string(gr_precision_unit(on->precision)));
        json_object_set_new(o, "ridge", json_real(on->levels.level[GR_LEVEL_DRAM].ridge));
        json_object_set_new(o, "bound", json_string(gr_bound_name(on->levels.bound)));
        levels_json_set(o, &on->levels);
    }
    json_object_set_new(o, "unroofed_bytes", levels_unroofed_json(on->unroofed_bytes));
    if (on->has_occupancy) {
        json_object_set_new(o, "blocks_per_sm", json_integer(on->occupancy.blocks_per_sm));
        json_object_set_new(o, "occupancy", json_real(on->occupancy.occupancy));
    } else if (on->launch_error[0]) {
        json_object_set_new(o, "launch_error", cli_json_text(on->launch_error));
    }
    return o;
}

json_t *model_json(const model_result *r)
{
    const gr_model *m = &r->model;
    json_t *j = json_object();
    json_object_set_new(j, "flops", value_json(m->flops));
    json_object_set_new(j, "bytes", value_json(m->bytes));
    json_object_set_new(j, "shared_bytes", m->shared.given ? value_json(m->shared.bytes) : json_null());
    json_object_set_new(j, "l2_bytes", m->l2.given ? value_json(m->l2.bytes) : json_null());
    json_object_set_new(j, "intensity", m->has_intensity ? json_real(m->intensity) : json_null());
    json_object_set_new(j, "grid_blocks", json_integer(m->blocks));
    json_object_set_new(j, "threads_per_block", json_integer(m->threads_per_block));
    json_object_set_new(j, "shared_bytes_per_block", json_integer(m->shared_bytes_per_block));
    json_object_set_new(j, "variables", variables_json(m));
    json_object_set_new(j, "model", cli_json_text(m->name));
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
    json_object_set_new(j, "traffic_if", model_traffic_json(m));
    if (r->has_device)
        json_object_set_new(j, "on_device", device_json(r));
    return j;
}
