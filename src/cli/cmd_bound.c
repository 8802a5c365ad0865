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
#include "profile_fields.h"
#include "roofline_levels.h"

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
    CLI_OPT_STRING(bound_options, precision, .name = "precision", .arg = "P",
                   .help = "which peak of the profile: fp32 (default), fp64, fp16_tensor, ..."),
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
    in->work.peak_gflops = peak->gflops;
    levels_profile_bandwidths(&in->device, in->work.bandwidth_gbs);
    return true;
}

/* The roofs given on the command line, over the profile's. */
static bool read_roofs(const bound_options *o, bound_inputs *in)
{
    gr_level_work *w = &in->work;
    in->given_peak = o->peak_gflops.given;
    if (o->peak_gflops.given)
        w->peak_gflops = o->peak_gflops.value;
    in->given_roof[GR_LEVEL_DRAM] = o->bandwidth.given;
    if (o->bandwidth.given)
        w->bandwidth_gbs[GR_LEVEL_DRAM] = o->bandwidth.value;
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const inner_level *l = &inner_levels[i];
        const cli_double_value *v = option_value(o, l->bandwidth_offset);
        in->given_roof[l->level] = v->given;
        if (v->given)
            w->bandwidth_gbs[l->level] = v->value;
    }
    return true;
}

static bool take_model(const bound_options *o, const gr_model *m, bound_inputs *in)
{
    const gr_model_level_bytes *inner[GR_MEMORY_LEVELS] = {NULL, &m->l2, &m->shared};
    gr_level_work *w = &in->work;
    w->flops = gr_value_as_double(m->flops);
    w->bytes[GR_LEVEL_DRAM] = gr_value_as_double(m->bytes);
    bool any_bytes = w->bytes[GR_LEVEL_DRAM] > 0;
    for (int i = GR_LEVEL_L2; i < GR_MEMORY_LEVELS; i++) {
        w->given[i] = inner[i]->given;
        w->bytes[i] = gr_value_as_double(inner[i]->bytes);
        any_bytes = any_bytes || w->bytes[i] > 0;
    }
    if (w->flops == 0 && !any_bytes)
        return cli_error("%s: the model counts no FLOPs and no bytes: work that does nothing has no bound", o->model);
    w->has_counts = true;
    snprintf(in->model_title, sizeof in->model_title, "%s", m->title);
    return true;
}

static bool read_model(const bound_options *o, bound_inputs *in)
{
    gr_model *m = cli_new_model(o->model, &o->defines);
    bool ok = m && take_model(o, m, in);
    free(m);
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
 * covers is left out and named, so that a textbook question with a DRAM
 * roof alone still has its DRAM answer. */
static bool check_roofs(const bound_options *o, bound_inputs *in)
{
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const inner_level *l = &inner_levels[i];
        const char *name = gr_level_name(l->level);
        bool unroofed = in->work.given[l->level] && in->work.bandwidth_gbs[l->level] == 0;
        if (unroofed && o->model) {
            in->unroofed_bytes[l->level] = in->work.bytes[l->level];
            in->work.given[l->level] = false;
        } else if (unroofed)
            return levels_error_no_bandwidth(&in->device, l->level, l->bandwidth_option);
        if (in->given_roof[l->level] && !in->work.given[l->level])
            return cli_error("%s is given, but %s counts no %s bytes", l->bandwidth_option, o->model, name);
    }
    return true;
}

/* What a model counted at a level left without a roof. */
static void print_unroofed(const bound_inputs *in)
{
    char bytes[32];
    for (size_t i = 0; i < INNER_LEVELS; i++) {
        const inner_level *l = &inner_levels[i];
        if (in->unroofed_bytes[l->level] > 0)
            printf("Not bounded at %s: the model counts %s B there, but no %s bandwidth is known (give %s GBS).\n",
                   gr_level_name(l->level), cli_num(bytes, in->unroofed_bytes[l->level]), gr_level_name(l->level),
                   l->bandwidth_option);
    }
}

static bool read_inputs(const bound_options *o, bound_inputs *in)
{
    in->precision = o->precision ? o->precision : "fp32";
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

static void print_header(const bound_options *o, const bound_inputs *in, const gr_roofline *r)
{
    char a[32], b[32];
    const char *unit = in->rate_unit;
    if (in->has_device)
        printf("Roofline of %s (%s): %s %s %s peak%s, %s GB/s DRAM%s\n\n", in->device.full_name, in->device.name,
               cli_num(a, r->peak_gflops), unit, in->precision, o->peak_gflops.given ? " (given)" : "",
               cli_num(b, r->bandwidth_gbs), o->bandwidth.given ? " (given)" : "");
    else
        printf("Roofline of a device with a %s %s peak and %s GB/s of memory bandwidth\n\n",
               cli_num(a, r->peak_gflops), unit, cli_num(b, r->bandwidth_gbs));
    if (o->model)
        printf("  model            %s (%s)\n", in->model_title, o->model);
}

/* No bytes move: the intensity has no bound and the memory roof does not
 * apply, so min() has one term. */
static void print_work_without_bytes(const bound_inputs *in, const gr_roofline *r)
{
    char a[32], b[32], c[32];
    const char *unit = in->rate_unit, *op = in->operation;
    printf("  intensity     I  = %ss / bytes = %s %s / 0 B: unbounded (no memory traffic)\n", op,
           cli_num(a, in->work.flops), op);
    printf("  ridge point   I* = peak / bandwidth = %s / %s = %s %s/B\n",
           cli_num(a, r->peak_gflops), cli_num(b, r->bandwidth_gbs), cli_num(c, r->ridge), op);
    printf("  memory roof      none: no bytes move\n");
    printf("  compute roof     peak = %s %s\n", cli_num(a, r->peak_gflops), unit);
    printf("  attainable       %s %s = 100%% of the peak\n\n", cli_num(a, r->attainable_gflops), unit);
}

static void print_work(const bound_options *o, const bound_inputs *in, const gr_roofline *r)
{
    char a[32], b[32], c[32], d[32];
    const char *unit = in->rate_unit, *op = in->operation;
    print_header(o, in, r);
    if (in->work.has_counts && in->work.bytes[GR_LEVEL_DRAM] == 0) {
        print_work_without_bytes(in, r);
        return;
    }
    if (o->intensity.given)
        printf("  intensity     I  = %s %s/B (given)\n", cli_num(a, r->intensity), op);
    else
        printf("  intensity     I  = %ss / bytes = %s %s / %s B = %s %s/B\n", op, cli_num(a, in->work.flops), op,
               cli_num(b, in->work.bytes[GR_LEVEL_DRAM]), cli_num(c, r->intensity), op);
    printf("  ridge point   I* = peak / bandwidth = %s / %s = %s %s/B\n",
           cli_num(a, r->peak_gflops), cli_num(b, r->bandwidth_gbs), cli_num(c, r->ridge), op);
    printf("  memory roof      I x bandwidth = %s x %s = %s %s\n",
           cli_num(a, r->intensity), cli_num(b, r->bandwidth_gbs), cli_num(c, r->memory_roof_gflops), unit);
    printf("  compute roof     peak = %s %s\n", cli_num(a, r->peak_gflops), unit);
    printf("  attainable       min(%s, %s) = %s %s = %s%% of the peak\n\n",
           cli_num(a, r->memory_roof_gflops), cli_num(b, r->peak_gflops),
           cli_num(c, r->attainable_gflops), unit, cli_num(d, 100 * r->fraction_of_peak));
}

static void print_achieved(const bound_inputs *in, const gr_roofline_levels *lv)
{
    char rate[32], pct[32], roof[32];
    printf("Achieved %s %s = %s%% of the attainable %s %s%s\n", cli_num(rate, lv->achieved_gflops), in->rate_unit,
           cli_num(pct, 100 * lv->efficiency), cli_num(roof, lv->attainable_gflops), in->rate_unit,
           lv->efficiency > 1 ? ": above its roof, so a count or a roof is wrong." : ".");
}

/* Work with no FLOPs or no bytes: one of the two times is all there is.
 * GB/s is bytes per nanosecond and GFLOP/s FLOPs per nanosecond. */
static void print_one_sided_verdict(const bound_inputs *in, const gr_roofline *r)
{
    char count[32], rate[32], time[32], per_byte[32];
    if (in->work.flops == 0)
        printf("Memory-bound, with no floating-point work: only memory time matters (no %s rate applies).\n"
               "Moving the bytes takes at least %s B / %s GB/s = %s ns, %s ns per byte.\n",
               in->rate_unit, cli_num(count, in->work.bytes[GR_LEVEL_DRAM]), cli_num(rate, r->bandwidth_gbs),
               cli_num(time, r->memory_time_ns), cli_num(per_byte, 1 / r->bandwidth_gbs));
    else
        printf("Compute-bound, with no memory traffic: only compute time matters.\n"
               "The %ss take at least %s %s / %s %s = %s ns.\n",
               in->operation, cli_num(count, in->work.flops), in->operation, cli_num(rate, r->peak_gflops),
               in->rate_unit, cli_num(time, r->compute_time_ns));
}

static void print_verdict(const bound_inputs *in, const gr_roofline *r, const gr_roofline_levels *lv)
{
    char i[32], ridge[32], roof[32], x[32], per_word[32], words[64];
    const char *unit = in->rate_unit, *op = in->operation;
    cli_num(i, r->intensity);
    cli_num(ridge, r->ridge);
    if (in->work.has_counts && (in->work.flops == 0 || in->work.bytes[GR_LEVEL_DRAM] == 0))
        print_one_sided_verdict(in, r);
    else if (lv->bound == GR_BOUND_MEMORY)
        printf("Memory-bound: I = %s < I* = %s %s/B. Memory bandwidth caps it at %s %s;\n"
               "reaching the peak needs %s %s/B (%s %s per %d-byte word moved), %sx this intensity.\n",
               i, ridge, op, cli_num(roof, r->attainable_gflops), unit, ridge, op,
               cli_num(per_word, in->word_bytes * r->ridge), op, in->word_bytes, cli_num(x, r->ridge / r->intensity));
    else if (lv->bound == GR_BOUND_COMPUTE)
        printf("Compute-bound: I = %s > I* = %s %s/B. Memory could feed %s %s,\n"
               "so the %s %s peak is the limit.\n",
               i, ridge, op, cli_num(roof, r->memory_roof_gflops), unit, cli_num(x, r->peak_gflops), unit);
    else
        printf("The roofs tie, %s: I = I* = %s %s/B, both roofs meet at %s %s.\n",
               levels_binding_words(&lv->binds, words, sizeof words), ridge, op, cli_num(roof, r->attainable_gflops),
               unit);
    if (lv->has_achieved)
        print_achieved(in, lv);
}

/* JSON has no infinity: the intensity and memory roof of work that moves
 * no bytes are null. */
static json_t *real_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

/* DRAM's roofline, as ever, then what the levels change: the attainable
 * rate, the bound and the efficiency are the binding level's. */
static json_t *to_json(const bound_inputs *in, const gr_roofline_levels *lv)
{
    const gr_roofline *r = &lv->level[GR_LEVEL_DRAM];
    json_t *j = json_object();
    if (in->has_device) {
        json_object_set_new(j, "device", cli_json_text(in->device.name));
        json_object_set_new(j, "precision", json_string(in->precision));
    }
    if (in->work.has_counts) {
        json_object_set_new(j, "flops", json_real(in->work.flops));
        json_object_set_new(j, "bytes", json_real(in->work.bytes[GR_LEVEL_DRAM]));
    }
    json_object_set_new(j, "intensity", real_or_null(r->intensity));
    json_object_set_new(j, "ridge", json_real(r->ridge));
    json_object_set_new(j, "peak_gflops", json_real(r->peak_gflops));
    json_object_set_new(j, "bandwidth_gbs", json_real(r->bandwidth_gbs));
    json_object_set_new(j, "memory_roof_gflops", real_or_null(r->memory_roof_gflops));
    json_object_set_new(j, "attainable_gflops", json_real(lv->attainable_gflops));
    json_object_set_new(j, "fraction_of_peak", json_real(lv->fraction_of_peak));
    json_object_set_new(j, "bound", json_string(gr_bound_name(lv->bound)));
    /* the rates' unit: the _gflops keys hold GOP/s for an integer precision */
    json_object_set_new(j, "rate_unit", json_string(in->rate_unit));
    if (lv->has_achieved) {
        json_object_set_new(j, "achieved_gflops", json_real(lv->achieved_gflops));
        json_object_set_new(j, "efficiency", json_real(lv->efficiency));
    }
    levels_json_set(j, lv);
    return j;
}

int cmd_bound_run(const bound_options *o, json_t **json)
{
    bound_inputs in = {0};
    gr_roofline_levels lv;
    gr_error err;
    if (!read_inputs(o, &in))
        return EXIT_INPUT;
    if (!gr_roofline_levels_compute(&in.work, &lv, &err))
        return cli_fail("%s", err.text);
    if (o->achieved_gflops.given && !gr_roofline_levels_add_achieved(&lv, o->achieved_gflops.value, &err))
        return cli_fail("%s", err.text);
    if (o->json)
        return cli_put_json(to_json(&in, &lv), json);
    if (gr_roofline_levels_beyond_dram(&lv))
        bound_print_levels(&in, &lv);
    else {
        print_work(o, &in, &lv.level[GR_LEVEL_DRAM]);
        print_verdict(&in, &lv.level[GR_LEVEL_DRAM], &lv);
    }
    print_unroofed(&in);
    return EXIT_OK;
}

int cmd_bound(int argc, char **argv)
{
    bound_options o = {0};
    int rc = cmd_bound_parse(argc, argv, &o);
    return rc == EXIT_OK ? cmd_bound_run(&o, NULL) : cli_parse_stopped(rc);
}
