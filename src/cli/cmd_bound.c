/* gpuroof bound: compute- or memory-bound, with the work shown. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "profile_fields.h"
#include "roofline.h"

static const char usage[] =
    "Usage: gpuroof bound (--flops F --bytes B | --intensity I | --model FILE [-D NAME=VALUE ...])\n"
    "                     (--device NAME [--precision P] | --peak-gflops P --bandwidth GBS)\n"
    "                     [--achieved-gflops A] [--profiles DIR] [--json]\n"
    "\n"
    "Is a kernel compute- or memory-bound, and what is the most it can reach?\n";

static const char notes[] =
    CLI_NUMBERS_NOTE
    "Example (PMPP exercise 9a): gpuroof bound --flops 36 --bytes '7*4' --peak-gflops 200 --bandwidth 100\n";

#define FIELD(name) offsetof(bound_options, name)
static const cli_option options[] = {
    {.name = "flops", .arg = "F", .offset = FIELD(flops),
     .help = "floating-point operations (per thread or in total; may be 0)"},
    {.name = "bytes", .arg = "B", .offset = FIELD(bytes),
     .help = "global-memory bytes moved by the same work (read + written; may be 0)"},
    {.name = "intensity", .arg = "I", .offset = FIELD(intensity),
     .help = "arithmetic intensity in FLOP/B, instead of --flops/--bytes"},
    {.name = "model", .arg = "FILE", .offset = FIELD(model),
     .help = "take the FLOPs and bytes from a kernel model (gpuroof model)"},
    CLI_OPTION_DEFINE(bound_options, "set a parameter of the model"),
    {.name = "device", .arg = "NAME|FILE", .offset = FIELD(device),
     .help = "a device profile (gpuroof devices lists them)"},
    {.name = "precision", .arg = "P", .offset = FIELD(precision),
     .help = "which peak of the profile: fp32 (default), fp64, fp16_tensor, ..."},
    {.name = "peak-gflops", .arg = "P", .offset = FIELD(peak_gflops),
     .help = "the compute roof in GFLOP/s (overrides the profile's)"},
    {.name = "bandwidth", .arg = "GBS", .offset = FIELD(bandwidth),
     .help = "the memory roof in GB/s = 10^9 B/s (overrides the profile's)"},
    {.name = "achieved-gflops", .arg = "A", .offset = FIELD(achieved_gflops),
     .help = "a measured rate: how far it sits below its roof"},
    CLI_OPTION_PROFILES(bound_options),
    CLI_OPTION_JSON(bound_options),
};
#undef FIELD

const cli_spec bound_spec = {"bound", usage, notes, options, sizeof options / sizeof options[0]};

static int parse(int argc, char **argv, bound_options *o)
{
    int rc = cli_parse_options(&bound_spec, argc, argv, o);
    if (rc != EXIT_OK)
        return rc;
    int sources = (o->intensity != NULL) + (o->flops || o->bytes) + (o->model != NULL);
    if (sources != 1)
        return cli_usage_error("bound", "give --flops and --bytes, or --intensity, or --model");
    if ((o->flops || o->bytes) && !(o->flops && o->bytes))
        return cli_usage_error("bound", "--flops and --bytes go together");
    if (o->defines.count && !o->model)
        return cli_usage_error("bound", "-D needs --model");
    if (!o->device && !(o->peak_gflops && o->bandwidth))
        return cli_usage_error("bound", "give --device, or both --peak-gflops and --bandwidth");
    if (o->precision && !o->device)
        return cli_usage_error("bound", "--precision needs --device");
    return EXIT_OK;
}

typedef struct {
    double flops, bytes, intensity, peak, bandwidth; /* intensity: where given */
    bool has_counts;                                 /* flops and bytes: from the options or a model */
    const char *precision;
    const char *rate_unit, *operation; /* "GFLOP/s" and "FLOP", or an integer precision's "GOP/s" and "OP" */
    int word_bytes;                    /* one value of the precision: 4 for fp32, 8 for fp64 */
    char model_title[256];
    gr_profile device;
    bool has_device;
} bound_inputs;

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
    in->peak = peak->gflops;
    in->bandwidth = in->device.bandwidth_gbs;
    return true;
}

static bool take_model(const bound_options *o, const gr_model *m, bound_inputs *in)
{
    in->flops = gr_value_as_double(m->flops);
    in->bytes = gr_value_as_double(m->bytes);
    if (in->flops == 0 && in->bytes == 0)
        return cli_error("%s: the model counts no FLOPs and no bytes: work that does nothing has no bound", o->model);
    in->has_counts = true;
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

static bool read_inputs(const bound_options *o, bound_inputs *in)
{
    in->precision = o->precision ? o->precision : "fp32";
    in->rate_unit = gr_precision_unit(in->precision);
    in->operation = gr_precision_operation(in->precision);
    in->word_bytes = gr_precision_element_bytes(in->precision);
    if (!read_device(o, in))
        return false;
    if (o->peak_gflops && !cli_double("--peak-gflops", o->peak_gflops, CLI_PLAIN, 1e-9, 1e12, &in->peak))
        return false;
    if (o->bandwidth && !cli_double("--bandwidth", o->bandwidth, CLI_PLAIN, 1e-9, 1e12, &in->bandwidth))
        return false;
    if (o->intensity)
        return cli_double("--intensity", o->intensity, CLI_PLAIN, 1e-12, 1e12, &in->intensity);
    if (o->model)
        return read_model(o, in);
    if (!cli_double("--flops", o->flops, CLI_COUNT, 0, 1e30, &in->flops) ||
        !cli_double("--bytes", o->bytes, CLI_BYTES, 0, 1e30, &in->bytes))
        return false;
    if (in->flops == 0 && in->bytes == 0)
        return cli_error("--flops and --bytes are both 0: work that does nothing has no bound");
    in->has_counts = true;
    return true;
}

static void print_header(const bound_options *o, const bound_inputs *in, const gr_roofline *r)
{
    char a[32], b[32];
    const char *unit = in->rate_unit;
    if (in->has_device)
        printf("Roofline of %s (%s): %s %s %s peak%s, %s GB/s DRAM%s\n\n", in->device.full_name, in->device.name,
               cli_num(a, r->peak_gflops), unit, in->precision, o->peak_gflops ? " (given)" : "",
               cli_num(b, r->bandwidth_gbs), o->bandwidth ? " (given)" : "");
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
           cli_num(a, in->flops), op);
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
    if (in->has_counts && in->bytes == 0) {
        print_work_without_bytes(in, r);
        return;
    }
    if (o->intensity)
        printf("  intensity     I  = %s %s/B (given)\n", cli_num(a, r->intensity), op);
    else
        printf("  intensity     I  = %ss / bytes = %s %s / %s B = %s %s/B\n", op, cli_num(a, in->flops), op,
               cli_num(b, in->bytes), cli_num(c, r->intensity), op);
    printf("  ridge point   I* = peak / bandwidth = %s / %s = %s %s/B\n",
           cli_num(a, r->peak_gflops), cli_num(b, r->bandwidth_gbs), cli_num(c, r->ridge), op);
    printf("  memory roof      I x bandwidth = %s x %s = %s %s\n",
           cli_num(a, r->intensity), cli_num(b, r->bandwidth_gbs), cli_num(c, r->memory_roof_gflops), unit);
    printf("  compute roof     peak = %s %s\n", cli_num(a, r->peak_gflops), unit);
    printf("  attainable       min(%s, %s) = %s %s = %s%% of the peak\n\n",
           cli_num(a, r->memory_roof_gflops), cli_num(b, r->peak_gflops),
           cli_num(c, r->attainable_gflops), unit, cli_num(d, 100 * r->fraction_of_peak));
}

static void print_achieved(const bound_inputs *in, const gr_roofline *r)
{
    char rate[32], pct[32], roof[32];
    printf("Achieved %s %s = %s%% of the attainable %s %s%s\n", cli_num(rate, r->achieved_gflops), in->rate_unit,
           cli_num(pct, 100 * r->efficiency), cli_num(roof, r->attainable_gflops), in->rate_unit,
           r->efficiency > 1 ? ": above its roof, so a count or a roof is wrong." : ".");
}

/* Work with no FLOPs or no bytes: one of the two times is all there is.
 * GB/s is bytes per nanosecond and GFLOP/s FLOPs per nanosecond. */
static void print_one_sided_verdict(const bound_inputs *in, const gr_roofline *r)
{
    char count[32], rate[32], time[32], per_byte[32];
    if (in->flops == 0)
        printf("Memory-bound, with no floating-point work: only memory time matters (no %s rate applies).\n"
               "Moving the bytes takes at least %s B / %s GB/s = %s ns, %s ns per byte.\n",
               in->rate_unit, cli_num(count, in->bytes), cli_num(rate, r->bandwidth_gbs), cli_num(time, r->memory_time_ns),
               cli_num(per_byte, 1 / r->bandwidth_gbs));
    else
        printf("Compute-bound, with no memory traffic: only compute time matters.\n"
               "The %ss take at least %s %s / %s %s = %s ns.\n",
               in->operation, cli_num(count, in->flops), in->operation, cli_num(rate, r->peak_gflops), in->rate_unit,
               cli_num(time, r->compute_time_ns));
}

static void print_verdict(const bound_inputs *in, const gr_roofline *r)
{
    char i[32], ridge[32], roof[32], x[32], per_word[32];
    const char *unit = in->rate_unit, *op = in->operation;
    cli_num(i, r->intensity);
    cli_num(ridge, r->ridge);
    if (in->has_counts && (in->flops == 0 || in->bytes == 0))
        print_one_sided_verdict(in, r);
    else if (r->bound == GR_BOUND_MEMORY)
        printf("Memory-bound: I = %s < I* = %s %s/B. Memory bandwidth caps it at %s %s;\n"
               "reaching the peak needs %s %s/B (%s %s per %d-byte word moved), %sx this intensity.\n",
               i, ridge, op, cli_num(roof, r->attainable_gflops), unit, ridge, op,
               cli_num(per_word, in->word_bytes * r->ridge), op, in->word_bytes, cli_num(x, r->ridge / r->intensity));
    else if (r->bound == GR_BOUND_COMPUTE)
        printf("Compute-bound: I = %s > I* = %s %s/B. Memory could feed %s %s,\n"
               "so the %s %s peak is the limit.\n",
               i, ridge, op, cli_num(roof, r->memory_roof_gflops), unit, cli_num(x, r->peak_gflops), unit);
    else
        printf("Balanced: I = I* = %s %s/B, both roofs meet at %s %s.\n", ridge, op,
               cli_num(roof, r->attainable_gflops), unit);
    if (r->has_achieved)
        print_achieved(in, r);
}

/* JSON has no infinity: the intensity and memory roof of work that moves
 * no bytes are null. */
static json_t *real_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *to_json(const bound_inputs *in, const gr_roofline *r)
{
    json_t *j = json_object();
    if (in->has_device) {
        json_object_set_new(j, "device", json_string(in->device.name));
        json_object_set_new(j, "precision", json_string(in->precision));
    }
    if (in->has_counts) {
        json_object_set_new(j, "flops", json_real(in->flops));
        json_object_set_new(j, "bytes", json_real(in->bytes));
    }
    json_object_set_new(j, "intensity", real_or_null(r->intensity));
    json_object_set_new(j, "ridge", json_real(r->ridge));
    json_object_set_new(j, "peak_gflops", json_real(r->peak_gflops));
    json_object_set_new(j, "bandwidth_gbs", json_real(r->bandwidth_gbs));
    json_object_set_new(j, "memory_roof_gflops", real_or_null(r->memory_roof_gflops));
    json_object_set_new(j, "attainable_gflops", json_real(r->attainable_gflops));
    json_object_set_new(j, "fraction_of_peak", json_real(r->fraction_of_peak));
    json_object_set_new(j, "bound", json_string(gr_bound_name(r->bound)));
    /* the rates' unit: the _gflops keys hold GOP/s for an integer precision */
    json_object_set_new(j, "rate_unit", json_string(in->rate_unit));
    if (r->has_achieved) {
        json_object_set_new(j, "achieved_gflops", json_real(r->achieved_gflops));
        json_object_set_new(j, "efficiency", json_real(r->efficiency));
    }
    return j;
}

static bool compute(const bound_inputs *in, gr_roofline *r)
{
    gr_error err;
    bool ok = in->has_counts ? gr_roofline_from_counts(in->flops, in->bytes, in->peak, in->bandwidth, r, &err)
                             : gr_roofline_compute(in->intensity, in->peak, in->bandwidth, r, &err);
    if (!ok)
        return cli_error("%s", err.text);
    return true;
}

int cmd_bound_run(const bound_options *o, json_t **json)
{
    bound_inputs in = {0};
    gr_roofline r;
    gr_error err;
    double achieved;
    if (!read_inputs(o, &in) || !compute(&in, &r))
        return EXIT_INPUT;
    if (o->achieved_gflops && !cli_double("--achieved-gflops", o->achieved_gflops, CLI_PLAIN, 0, 1e12, &achieved))
        return EXIT_INPUT;
    if (o->achieved_gflops && !gr_roofline_add_achieved(&r, achieved, &err))
        return cli_fail("%s", err.text);
    if (o->json)
        return cli_put_json(to_json(&in, &r), json);
    print_work(o, &in, &r);
    print_verdict(&in, &r);
    return EXIT_OK;
}

int cmd_bound(int argc, char **argv)
{
    bound_options o = {0};
    int rc = parse(argc, argv, &o);
    return rc == EXIT_OK ? cmd_bound_run(&o, NULL) : cli_parse_stopped(rc);
}
