#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "levels_output.h"
#include "model_print.h"
#include "out_fields.h"
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
    gr_buf words = GR_BUF_INIT;
    levels_binding_add(&words, &lv->binds);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (lv->given[i])
            print_level_roof(gr_level_name((gr_level)i), on, &lv->level[i]);
    printf("  bound          %s %s: ", OUT_NUM(lv->attainable_gflops), gr_precision_unit(on->precision));
    if (lv->bound == GR_BOUND_COMPUTE)
        printf("compute-bound, every level's roof at or above the peak\n");
    else if (lv->bound == GR_BOUND_BALANCED)
        printf("%s: %s's roof meets the peak\n", gr_buf_text(&words), gr_level_name(lv->binding));
    else if (lv->binds.count > 1)
        printf("%s, the lowest roofs (gpuroof bound --model for the work)\n", gr_buf_text(&words));
    else
        printf("bound by %s, the lowest roof (gpuroof bound --model for the work)\n", gr_level_name(lv->binding));
    gr_buf_free(&words);
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

/* model --json: one table (out_fields.h) an object. */
static json_t *value_json(const void *member)
{
    const gr_value *v = member;
    return v->is_int ? json_integer(v->i) : json_real(v->d);
}

static json_t *dims_json(const void *member)
{
    const int64_t *dims = member;
    json_t *a = json_array();
    for (int i = 0; i < 3; i++)
        json_array_append_new(a, json_integer(dims[i]));
    return a;
}

static json_t *memory_name(const void *record)
{
    return json_string(gr_memory_name(((const gr_model_var *)record)->decl.memory));
}

static json_t *scope_name(const void *record)
{
    return json_string(gr_scope_name(((const gr_model_var *)record)->decl.scope));
}

static json_t *lifetime_name(const void *record)
{
    return json_string(gr_lifetime_name(((const gr_model_var *)record)->decl.lifetime));
}

static json_t *accesses(const void *record)
{
    return model_access_json(record);
}

static const out_field variable_fields[] = {
    OUT_CHARS_TEXT_ROW(gr_model_var, decl.name, "name"),
    OUT_GET_ROW("memory", memory_name),
    OUT_GET_ROW("scope", scope_name),
    OUT_GET_ROW("lifetime", lifetime_name),
    OUT_INT64_ROW(gr_model_var, versions, "versions"),
    OUT_TEXT_ROW(gr_model_var, declaration, "declaration"),
    OUT_INT64_ROW(gr_model_var, bytes, "bytes"),
    OUT_BOOL_ROW(gr_model_var, decl.is_volatile, "volatile"),
    OUT_GET_ROW("accesses", accesses),
    OUT_END,
};

static json_t *variables_json(const void *record)
{
    const gr_model *m = &((const model_result *)record)->model;
    json_t *list = json_array();
    for (int i = 0; i < m->var_count; i++)
        json_array_append_new(list, out_fields_json(variable_fields, &m->vars[i]));
    return list;
}

/* The parameters and the derived values: an object of name: value. */
static int param_count(const void *record)
{
    return ((const model_result *)record)->model.param_count;
}

static const char *param_name(const void *record, int i)
{
    return ((const model_result *)record)->model.params[i].name;
}

static json_t *param_value(const void *record, int i)
{
    return value_json(&((const model_result *)record)->model.params[i].value);
}

static int derived_count(const void *record)
{
    return ((const model_result *)record)->model.derived_count;
}

static const char *derived_name(const void *record, int i)
{
    return ((const model_result *)record)->model.derived[i].name;
}

static json_t *derived_value(const void *record, int i)
{
    return value_json(&((const model_result *)record)->model.derived[i].value);
}

static json_t *rate_unit(const void *record)
{
    return json_string(gr_precision_unit(((const model_result *)record)->on.precision));
}

static json_t *bound_name(const void *record)
{
    return json_string(gr_bound_name(((const model_result *)record)->on.levels.bound));
}

static const out_field bound_fields[] = {
    OUT_STRING_ROW(model_result, on.precision, "precision"),
    OUT_REAL_ROW(model_result, on.levels.attainable_gflops, "attainable_gflops"),
    OUT_GET_ROW("rate_unit", rate_unit),
    OUT_REAL_ROW(model_result, on.levels.level[GR_LEVEL_DRAM].ridge, "ridge"),
    OUT_GET_ROW("bound", bound_name),
    OUT_END,
};

static json_t *unroofed_bytes(const void *record)
{
    return levels_unroofed_json(((const model_result *)record)->on.unroofed_bytes);
}

static bool has_occupancy(const void *record)
{
    return ((const model_result *)record)->on.has_occupancy;
}

static bool launch_fails(const void *record)
{
    const gr_model_on_device *on = &((const model_result *)record)->on;
    return !on->has_occupancy && on->launch_error[0];
}

static const out_field device_tail_fields[] = {
    OUT_GET_ROW("unroofed_bytes", unroofed_bytes),
    OUT_INT_ROW(model_result, on.occupancy.blocks_per_sm, "blocks_per_sm", .when = has_occupancy, .omit = true),
    OUT_REAL_ROW(model_result, on.occupancy.occupancy, "occupancy", .when = has_occupancy, .omit = true),
    OUT_CHARS_TEXT_ROW(model_result, on.launch_error, "launch_error", .when = launch_fails, .omit = true),
    OUT_END,
};

static const out_field device_name_fields[] = {
    OUT_CHARS_TEXT_ROW(model_result, device.name, "device"),
    OUT_END,
};

/* The device's name, its bound (with each level's, levels_json_set) and
 * the occupancy. */
static json_t *device_json(const void *record)
{
    const model_result *r = record;
    json_t *o = out_fields_json(device_name_fields, r);
    if (r->on.has_bound) {
        out_fields_add(o, bound_fields, r);
        levels_json_set(o, &r->on.levels);
    }
    out_fields_add(o, device_tail_fields, r);
    return o;
}

static bool shared_given(const void *record)
{
    return ((const model_result *)record)->model.shared.given;
}

static bool l2_given(const void *record)
{
    return ((const model_result *)record)->model.l2.given;
}

static bool has_intensity(const void *record)
{
    return ((const model_result *)record)->model.has_intensity;
}

static bool has_registers(const void *record)
{
    return ((const model_result *)record)->model.has_registers;
}

static bool has_device(const void *record)
{
    return ((const model_result *)record)->has_device;
}

static json_t *bytes_counted(const void *record)
{
    return json_string(((const model_result *)record)->model.counts_written ? "read+written" : "read");
}

static json_t *traffic_if(const void *record)
{
    return model_traffic_json(&((const model_result *)record)->model);
}

static const out_field model_fields[] = {
    OUT_MEMBER_ROW(model_result, model.flops, "flops", value_json),
    OUT_MEMBER_ROW(model_result, model.bytes, "bytes", value_json),
    OUT_MEMBER_ROW(model_result, model.shared.bytes, "shared_bytes", value_json, .when = shared_given),
    OUT_MEMBER_ROW(model_result, model.l2.bytes, "l2_bytes", value_json, .when = l2_given),
    OUT_REAL_ROW(model_result, model.intensity, "intensity", .when = has_intensity),
    OUT_INT64_ROW(model_result, model.blocks, "grid_blocks"),
    OUT_INT64_ROW(model_result, model.threads_per_block, "threads_per_block"),
    OUT_INT64_ROW(model_result, model.shared_bytes_per_block, "shared_bytes_per_block"),
    OUT_GET_ROW("variables", variables_json),
    OUT_TEXT_ROW(model_result, model.name, "model"),
    OUT_KEYED_ROW("parameters", 0, param_name, param_value, .count_of = param_count),
    OUT_MEMBER_ROW(model_result, model.grid, "grid", dims_json),
    OUT_MEMBER_ROW(model_result, model.block, "block", dims_json),
    OUT_INT64_ROW(model_result, model.threads, "threads"),
    OUT_MEMBER_ROW(model_result, model.bytes_read, "bytes_read", value_json),
    OUT_MEMBER_ROW(model_result, model.bytes_written, "bytes_written", value_json),
    OUT_GET_ROW("bytes_counted", bytes_counted),
    OUT_INT_ROW(model_result, model.registers, "regs_per_thread", .when = has_registers, .omit = true),
    OUT_KEYED_ROW("derived", 0, derived_name, derived_value, .count_of = derived_count),
    OUT_GET_ROW("traffic_if", traffic_if),
    OUT_GET_ROW("on_device", device_json, .when = has_device, .omit = true),
    OUT_END,
};

json_t *model_json(const model_result *r)
{
    return out_fields_json(model_fields, r);
}
