/* gpuroof bound: compute- or memory-bound, with the work shown. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bound_output.h"
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "levels_output.h"
#include "out_fields.h"
#include "output.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

static const char usage[] =
    "Usage: gpuroof bound (--flops F --bytes B [--l2-bytes B2] [--shared-bytes B1] | --intensity I\n"
    "                      | --model FILE [-D NAME=VALUE ...])\n"
    "                     (--device NAME [--precision P] | --peak-gflops P --bandwidth GBS)\n"
    "                     [--l2-bandwidth GBS] [--shared-bandwidth GBS]\n"
    "                     [--achieved-gflops A] [--profiles DIR] [--json]\n"
    "\n"
    "Is a kernel compute- or memory-bound, and what is the most it can reach?\n"
    "With bytes at the L2 or shared memory too, at which level is it bound?\n";

static const char notes[] =
    CLI_NUMBERS_NOTE
    "Example (PMPP exercise 9a): gpuroof bound --flops 36 --bytes '7*4' --peak-gflops 200 --bandwidth 100\n"
    "Hierarchical (PMPP's tiled matmul, 16x16 tiles): gpuroof bound --model matmul-tiled --device a100\n";

#define FIELD(name) offsetof(bound_options, name)
#define COUNT(field, ...) CLI_OPT_DOUBLE(bound_options, field, CLI_COUNT, 0, 1e30, __VA_ARGS__)
#define BYTES(field, ...) CLI_OPT_DOUBLE(bound_options, field, CLI_BYTES, 0, 1e30, __VA_ARGS__)
#define RATE(field, ...) CLI_OPT_DOUBLE(bound_options, field, CLI_PLAIN, 1e-9, 1e12, __VA_ARGS__)
static const cli_option options[] = {
    COUNT(flops, .name = "flops", .arg = "F", .help = "floating-point operations (per thread or in total; may be 0)"),
    BYTES(bytes, .name = "bytes", .arg = "B",
          .help = "global-memory (DRAM) bytes moved by the same work (read + written; may be 0)"),
    BYTES(l2_bytes, .name = "l2-bytes", .arg = "B2",
          .help = "bytes the same work moves through the L2: the bound becomes hierarchical"),
    BYTES(shared_bytes, .name = "shared-bytes", .arg = "B1",
          .help = "bytes it moves through shared memory: the bound becomes hierarchical"),
    CLI_OPT_DOUBLE(bound_options, intensity, CLI_PLAIN, 1e-12, 1e12, .name = "intensity", .arg = "I",
                   .help = "arithmetic intensity at DRAM in FLOP/B, instead of --flops/--bytes"),
    CLI_OPT_STRING(bound_options, model, .name = "model", .arg = "FILE",
                   .help = "take the FLOPs and bytes from a kernel model (gpuroof model)"),
    CLI_OPTION_DEFINE(bound_options, "set a parameter of the model"),
    CLI_OPT_STRING(bound_options, device, .name = "device", .arg = "NAME|FILE",
                   .help = "a device profile (gpuroof devices lists them)"),
    CLI_OPT_CHOICE(bound_options, precision, gr_precisions, .name = "precision", .arg = "P",
                   .renamed = gr_precision_renamed,
                   .help = "which peak of the profile: fp32 (default), fp64, tensor_fp16, ..."),
    RATE(peak_gflops, .name = "peak-gflops", .arg = "P", .help = "the compute roof in GFLOP/s (overrides the profile's)"),
    RATE(bandwidth, .name = "bandwidth", .arg = "GBS",
         .help = "the DRAM roof in GB/s = 10^9 B/s (overrides the profile's)"),
    RATE(l2_bandwidth, .name = "l2-bandwidth", .arg = "GBS", .help = "the L2's roof in GB/s (overrides the profile's)"),
    RATE(shared_bandwidth, .name = "shared-bandwidth", .arg = "GBS",
         .help = "shared memory's roof in GB/s (overrides the profile's)"),
    CLI_OPT_DOUBLE(bound_options, achieved_gflops, CLI_PLAIN, 0, 1e12, .name = "achieved-gflops", .arg = "A",
                   .help = "a measured rate: how far it sits below its roof"),
    CLI_OPTION_PROFILES(bound_options),
    CLI_OPTION_JSON(bound_options),
};

static const cli_group groups[] = {
    {CLI_EXCLUSIVE, "flops/bytes intensity model", NULL},
    {CLI_TOGETHER, "flops bytes", NULL},
    {CLI_NEEDS, "define model", NULL},
    {CLI_NEEDS, "precision device", NULL},
    {CLI_NEEDS, "l2-bytes flops/bytes", "--intensity is DRAM's alone; a model counts its own"},
    {CLI_NEEDS, "shared-bytes flops/bytes", "--intensity is DRAM's alone; a model counts its own"},
    {CLI_NEEDS, "l2-bytes l2-bandwidth device", "a device whose profile gives one"},
    {CLI_NEEDS, "shared-bytes shared-bandwidth device", "a device whose profile gives one"},
    {CLI_NEEDS, "l2-bandwidth l2-bytes model", "a model that counts l2 bytes"},
    {CLI_NEEDS, "shared-bandwidth shared-bytes model", "a model that counts shared bytes"},
    {0},
};

static const cli_spec bound_spec = {"bound", usage, notes, options, sizeof options / sizeof options[0], groups};

/* The levels inside the GPU and the options that give their bytes and
 * bandwidths. */
typedef struct {
    gr_level level;
    const char *bytes_option, *bandwidth_option;
    size_t bytes_offset, bandwidth_offset;
} inner_level;

static const inner_level inner_levels[] = {
    {GR_LEVEL_L2, "--l2-bytes", "--l2-bandwidth", FIELD(l2_bytes), FIELD(l2_bandwidth)},
    {GR_LEVEL_SHARED, "--shared-bytes", "--shared-bandwidth", FIELD(shared_bytes), FIELD(shared_bandwidth)},
};
#define INNER_LEVELS (sizeof inner_levels / sizeof inner_levels[0])

static const cli_double_value *option_value(const bound_options *o, size_t offset)
{
    return (const cli_double_value *)((const char *)o + offset);
}

int cmd_bound_parse(int argc, char **argv, bound_options *o)
{
    int rc = cli_parse_options(&bound_spec, argc, argv, o);
    if (rc != EXIT_OK)
        return rc;
    /* the groups say which go together; these, that one is there */
    if (!o->intensity.given && !o->flops.given && !o->model)
        return cli_usage_error("bound", "give --flops and --bytes, or --intensity, or --model");
    if (!o->device && !(o->peak_gflops.given && o->bandwidth.given))
        return cli_usage_error("bound", "give --device, or both --peak-gflops and --bandwidth");
    return EXIT_OK;
}

static bool read_device(const bound_options *o, bound_inputs *in)
{
    if (!o->device)
        return true;
    if (!cli_load_device(o->profiles, o->device, &in->device))
        return false;
    in->has_device = true;
    const gr_peak *peak = gr_profile_peak(&in->device, in->precision);
    if (!peak)
        return cli_error_no_peak(&in->device, in->precision);
    in->precision = peak->precision; /* as the profile spells it: FP64 is fp64 */
    return true;
}

/* The roofs: the profile's, the options' over them (gr_roofs_fill). */
static bool read_roofs(const bound_options *o, bound_inputs *in)
{
    gr_roof_options given;
    gr_roof_options_none(&given);
    const gr_precision_info *precision = gr_precision_find(in->precision);
    if (o->peak_gflops.given && precision)
        given.peak_gflops[precision - gr_precision_table] = o->peak_gflops.value;
    if (o->bandwidth.given)
        given.bandwidth_gbs[GR_LEVEL_DRAM] = o->bandwidth.value;
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const cli_double_value *v = option_value(o, inner_levels[i].bandwidth_offset);
        if (v->given)
            given.bandwidth_gbs[inner_levels[i].level] = v->value;
    }
    gr_roofs_fill(in->has_device ? &in->device : NULL, NULL, &given, &in->roofs);
    in->work.peak_gflops = gr_roofs_peak_gflops(&in->roofs, in->precision);
    gr_roofs_level_bandwidths(&in->roofs, in->work.bandwidth_gbs);
    in->given_peak = gr_roofs_peak(&in->roofs, in->precision).source == GR_ROOF_OPTION;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        in->given_roof[l] = in->roofs.bandwidth_gbs[l].source == GR_ROOF_OPTION;
    return true;
}

static bool take_model(const bound_options *o, const gr_model *m, bound_inputs *in)
{
    gr_level_work *w = &in->work;
    gr_model_level_counts(m, w);
    bool any_bytes = false;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        any_bytes = any_bytes || w->bytes[i] > 0;
    if (w->flops == 0 && !any_bytes)
        return cli_error("%s: the model counts no FLOPs and no bytes: work that does nothing has no bound", o->model);
    gr_buf title = GR_BUF_INIT;
    gr_buf_addf(&title, "%s", m->title);
    in->model_title = gr_buf_take(&title);
    return in->model_title || cli_error("out of memory");
}

static bool read_model(const bound_options *o, bound_inputs *in)
{
    gr_model *m = cli_new_model(o->model, &o->defines);
    bool ok = m && take_model(o, m, in);
    cli_free_model(m);
    return ok;
}

static bool read_counts(const bound_options *o, bound_inputs *in)
{
    gr_level_work *w = &in->work;
    bool inner_zero = true;
    w->flops = o->flops.value;
    w->bytes[GR_LEVEL_DRAM] = o->bytes.value;
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const inner_level *l = &inner_levels[i];
        const cli_double_value *v = option_value(o, l->bytes_offset);
        w->given[l->level] = v->given;
        if (v->given)
            w->bytes[l->level] = v->value;
        inner_zero = inner_zero && w->bytes[l->level] == 0;
    }
    bool inner = w->given[GR_LEVEL_L2] || w->given[GR_LEVEL_SHARED];
    if (w->flops == 0 && w->bytes[GR_LEVEL_DRAM] == 0 && inner_zero)
        return cli_error("%s: work that does nothing has no bound",
                         inner ? "--flops, --bytes and every level's bytes are all 0" : "--flops and --bytes are both 0");
    w->has_counts = true;
    return true;
}

/* Every level given has a roof, and every roof given a level: a model's
 * levels are known only now.  A level a model counts but no bandwidth
 * covers is left out and named, the policy model and plot follow
 * (gr_level_work_leave_unroofed); bytes given by option without a
 * bandwidth are refused, the option naming what to add. */
static bool check_roofs(const bound_options *o, bound_inputs *in)
{
    if (o->model)
        gr_level_work_under_roofs(&in->work, &in->roofs, in->unroofed_bytes);
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const inner_level *l = &inner_levels[i];
        const char *name = gr_level_name(l->level);
        if (in->work.given[l->level] && in->work.bandwidth_gbs[l->level] == 0)
            return levels_error_no_bandwidth(&in->device, l->level, l->bandwidth_option);
        if (in->given_roof[l->level] && !in->work.given[l->level])
            return cli_error("%s is given, but %s counts no %s bytes", l->bandwidth_option, o->model, name);
    }
    return true;
}

/* What a model counted at a level left without a roof. */
static void print_unroofed(const bound_inputs *in)
{
    const char *bandwidth_options[GR_MEMORY_LEVELS] = {NULL};
    for (size_t i = 0; i < INNER_LEVELS; i++)
        bandwidth_options[inner_levels[i].level] = inner_levels[i].bandwidth_option;
    levels_print_unroofed(&in->device, in->unroofed_bytes, "", bandwidth_options);
}

static bool read_inputs(const bound_options *o, bound_inputs *in)
{
    in->precision = o->precision.given ? gr_precisions[o->precision.index] : "fp32";
    in->rate_unit = gr_precision_unit(in->precision);
    in->operation = gr_precision_operation(in->precision);
    in->word_bytes = gr_precision_element_bytes(in->precision);
    in->model = o->model;
    in->work.given[GR_LEVEL_DRAM] = true;
    if (!read_device(o, in) || !read_roofs(o, in))
        return false;
    in->work.dram_intensity = o->intensity.value;
    bool ok = o->intensity.given ? true : o->model ? read_model(o, in) : read_counts(o, in);
    return ok && check_roofs(o, in);
}

static bool has_device(const void *record)
{
    return ((const bound_result *)record)->in.has_device;
}

static bool has_counts(const void *record)
{
    return ((const bound_result *)record)->in.work.has_counts;
}

static bool has_achieved(const void *record)
{
    return ((const bound_result *)record)->bound.levels.has_achieved;
}

static json_t *bound_name(const void *record)
{
    return json_string(gr_bound_name(((const bound_result *)record)->bound.levels.bound));
}

static const out_field bound_fields[] = {
    OUT_CHARS_TEXT_ROW(bound_result, in.device.name, "device", .when = has_device, .omit = true),
    OUT_STRING_ROW(bound_result, in.precision, "precision", .when = has_device, .omit = true),
    OUT_REAL_ROW(bound_result, in.work.flops, "flops", .when = has_counts, .omit = true),
    OUT_REAL_ROW(bound_result, in.work.bytes[GR_LEVEL_DRAM], "bytes", .when = has_counts, .omit = true),
    OUT_NUMBER_ROW(bound_result, bound.levels.level[GR_LEVEL_DRAM].intensity, "intensity"),
    OUT_REAL_ROW(bound_result, bound.levels.level[GR_LEVEL_DRAM].ridge, "ridge"),
    OUT_REAL_ROW(bound_result, bound.levels.level[GR_LEVEL_DRAM].peak_gflops, "peak_gflops"),
    OUT_REAL_ROW(bound_result, bound.levels.level[GR_LEVEL_DRAM].bandwidth_gbs, "bandwidth_gbs"),
    OUT_NUMBER_ROW(bound_result, bound.levels.level[GR_LEVEL_DRAM].memory_roof_gflops, "memory_roof_gflops"),
    OUT_REAL_ROW(bound_result, bound.levels.attainable_gflops, "attainable_gflops"),
    OUT_REAL_ROW(bound_result, bound.levels.fraction_of_peak, "fraction_of_peak"),
    OUT_GET_ROW("bound", bound_name),
    /* the rates' unit: the _gflops keys hold GOP/s for an integer precision */
    OUT_STRING_ROW(bound_result, in.rate_unit, "rate_unit"),
    OUT_REAL_ROW(bound_result, bound.levels.achieved_gflops, "achieved_gflops", .when = has_achieved, .omit = true),
    OUT_REAL_ROW(bound_result, bound.levels.efficiency, "efficiency", .when = has_achieved, .omit = true),
    OUT_END,
};

static json_t *unroofed_bytes(const void *record)
{
    return levels_unroofed_json(((const bound_result *)record)->in.unroofed_bytes);
}

static const out_field unroofed_fields[] = {
    OUT_GET_ROW("unroofed_bytes", unroofed_bytes),
    OUT_END,
};

/* DRAM's roofline, as ever, then what the levels change: the attainable
 * rate, the bound and the efficiency are the binding level's.  JSON has
 * no infinity: the intensity and memory roof of work that moves no bytes
 * are null. */
json_t *bound_json(const bound_result *res)
{
    json_t *j = out_fields_json(bound_fields, res);
    levels_json_set(j, &res->bound.levels);
    out_fields_add(j, unroofed_fields, res);
    return j;
}

/* The one result: the inputs, the levels' roofline and what the verdict
 * says, for the text and the JSON to read. */
static bool build_result(const bound_options *o, bound_result *res)
{
    gr_error err;
    if (!read_inputs(o, &res->in))
        return false;
    double achieved = o->achieved_gflops.given ? o->achieved_gflops.value : NAN;
    if (!gr_bound_compute(&res->in.work, res->in.word_bytes, achieved, &res->bound, &err))
        return cli_error("%s", err.text);
    res->intensity_given = o->intensity.given;
    return true;
}

int cmd_bound_run(const bound_options *o, json_t **json)
{
    bound_result *res = calloc(1, sizeof *res); /* a profile: large for the stack */
    if (!res)
        return cli_fail("out of memory");
    int rc = EXIT_OK;
    if (!build_result(o, res))
        rc = EXIT_INPUT;
    else if (o->json)
        rc = cli_put_json(bound_json(res), json);
    else {
        bound_print_text(res);
        print_unroofed(&res->in);
    }
    free(res->in.model_title);
    free(res);
    return rc;
}

CLI_COMMAND_MAIN(cmd_bound, bound_options, cmd_bound_parse, cmd_bound_run)
