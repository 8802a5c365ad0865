/* gpuroof ncu: the user's own kernels from Nsight Compute: each launch's
 * FLOPs, bytes and intensity at each level, achieved rate, binding level,
 * occupancy beside Nsight Compute's, shared-memory wavefronts beside the
 * ideal; from a CSV ncu wrote, an .ncu-rep, or an application gpuroof
 * runs under ncu. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_files.h"
#include "cli.h"
#include "commands.h"
#include "ncu_output.h"
#include "output.h"

static const char usage[] =
    "Usage: gpuroof ncu FILE [--device NAME] [--results FILE] [--group] [--top N] [--kernel PATTERN [--glob]]\n"
    "                        [--details] [--html FILE.html] [--strict] [--profiles DIR] [--json]\n"
    "       gpuroof ncu [-o FILE.csv] [the options above] -- APP [ARGS]\n"
    "       gpuroof ncu --metrics [--device NAME | --chip CHIP] [--json]\n"
    "\n"
    "Each kernel launch Nsight Compute profiled, in a table, the longest first: its time and share,\n"
    "launches, limiter (the longest of the limits: the roofs, issue, latency, waves, ...; a compute\n"
    "limit by its roof's name, tensor_bf16), how much of that limit it reached, the achieved GFLOP/s\n"
    "(GB/s at the binding level without FLOPs), Nsight Compute's theoretical and achieved occupancy\n"
    "(gpuroof's where it differs) and the bank conflicts' excess over the ideal wavefronts.\n"
    "--details (or --kernel) explains each row: FLOPs per precision, bytes and intensity at DRAM,\n"
    "L2 and L1, each level's roof and the one that binds, the limits, occupancy, wavefronts.\n"
    "FILE is what ncu printed with --csv (the details page) or --csv --page raw, '-'\n"
    "for standard input, or an .ncu-rep (read through ncu --import). With -- APP, gpuroof runs\n"
    "the application under ncu with its own metrics and --clock-control none, and reads that.\n";

static const char notes[] =
    "Example: ncu --csv --page raw --metrics $(gpuroof ncu --metrics) ./app > app.csv, then\n"
    "gpuroof ncu app.csv. The stock roofline sections (ncu --set roofline) are read too.\n"
    "The device is --device, or else the shipped profile of the GPU the report names; a report\n"
    "from another GPU than --device's is named on standard error. Metric names differ by chip\n"
    "(Turing to Blackwell): the report's compute capability says which apply. A precision the chip\n"
    "lacks counts 0; a counter it has and the report lacks makes the sums it feeds lower bounds\n"
    "('at least', \"lower_bound\" in --json), named; any other figure it feeds is unknown ('?',\n"
    "null). Where gpuroof's occupancy differs from Nsight Compute's theoretical occupancy, or the\n"
    "report is of another GPU than --device's, a line on standard error says so; --strict makes\n"
    "that exit status 1. ncu is $GPUROOF_NCU, else found on\n"
    "the PATH, in /usr/local/cuda/bin or /opt/nvidia/nsight-compute.\n"
    "--kernel matches as kernels --kernel does (either spelling, a glob, a part of the name); with\n"
    "--json, --top and --kernel narrow launches (and kernels) the same way; left_out counts the rest.\n";

#define T ncu_options
static const cli_option options[] = {
    CLI_OPT_STRING(T, device, .name = "device", .arg = "NAME|FILE",
                   .help = "the device to hold the launches against (default: the shipped profile of the report's GPU)"),
    CLI_OPT_PATH(T, results, .name = "results", .arg = "FILE",
                 .help = "roofs measured on the GPU (gpuroof measure's results), where they have one"),
    CLI_OPT_FLAG(T, group, .name = "group", .help = "one row a kernel, its launches summed, instead of one a launch"),
    CLI_OPT_INT(T, top, CLI_COUNT, 1, 1000000000, .name = "top", .arg = "N",
                .help = "only the N longest rows (the rest counted, with their share of the time)"),
    CLI_OPT_STRING(T, kernel, .name = "kernel", .arg = "PATTERN",
                   .help = "only the kernels it names, each with its worked explanation: a name in either spelling "
                           "(pasted from Nsight Compute or the demangler), a glob or a part of it"),
    CLI_OPTION_GLOB(T),
    CLI_OPT_PATH(T, html, .name = "html", .arg = "FILE.html",
                 .help = "also write the report as one self-contained page, no network needed: the table (sortable), "
                         "the roofline of its longest kernels as SVG with a tooltip on every point, each row's worked "
                         "explanation"),
    CLI_OPT_FLAG(T, details, .name = "details",
                 .help = "after the table, each row's worked explanation: FLOPs, bytes, roofs, limits, occupancy, "
                         "wavefronts"),
    CLI_OPT_FLAG(T, strict, .name = "strict",
                 .help = "exit status 1 where gpuroof's occupancy differs from Nsight Compute's, or the report is of "
                         "another GPU than --device's"),
    CLI_OPT_PATH(T, output, .name = "output", .short_name = 'o', .arg = "FILE.csv",
                 .help = "with -- APP: keep ncu's CSV there"),
    CLI_OPT_FLAG(T, metrics, .name = "metrics",
                 .help = "print gpuroof's metric list, comma-separated, for ncu --metrics: every chip's (ncu answers "
                         "n/a for those a chip lacks), or with --device that device's chip's"),
    CLI_OPT_STRING(T, chip, .name = "chip", .arg = "CHIP",
                   .help = "with --metrics: the list for one of ncu's chips (ncu --list-chips: ga102, gb202, ...)"),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
};
#undef T

static const cli_group groups[] = {
    {CLI_EXCLUSIVE, "metrics results/group/strict/output/top/kernel/details/html",
     "--metrics prints gpuroof's metric list and takes nothing else but --device or --chip, and --json"},
    {CLI_NEEDS, "chip metrics", NULL},
    {CLI_NEEDS, "glob kernel", NULL},
    {CLI_EXCLUSIVE, "details json", "--json holds every figure the explanations show"},
    {CLI_EXCLUSIVE, "chip device", "--chip names the chip --device would"},
    {0},
};

static const cli_spec spec = {"ncu", usage, notes, options, sizeof options / sizeof options[0], groups};

/* The chip whose metrics --metrics lists: --device's, else every chip's. */
static bool metrics_chip(const ncu_options *o, gr_ncu_chip *chip)
{
    gr_profile p;
    *chip = GR_NCU_CHIP_UNKNOWN;
    if (o->chip) {
        *chip = gr_ncu_chip_of_name(o->chip);
        if (*chip == GR_NCU_CHIP_UNKNOWN)
            return cli_error("--chip %s: no chip of Nsight Compute 2025.3 (tu102 ... gb20b: ncu --list-chips)",
                             o->chip);
        return true;
    }
    if (!o->device)
        return true;
    if (!cli_load_device(o->profiles, o->device, &p))
        return false;
    *chip = gr_ncu_chip_of_cc(p.cc_major, p.cc_minor, p.full_name);
    if (*chip == GR_NCU_CHIP_UNKNOWN)
        return cli_error("%s is of compute capability %d.%d, which no chip Nsight Compute 2025.3 profiles has "
                         "(7.5 to 12.1): gpuroof has no metric list for it", p.name, p.cc_major, p.cc_minor);
    return true;
}

static int print_metrics(const ncu_options *o, json_t **json)
{
    char list[8192];
    gr_ncu_chip chip;
    if (!metrics_chip(o, &chip))
        return EXIT_INPUT;
    if (!gr_ncu_metric_list(chip, list, sizeof list))
        return cli_fail("gpuroof's metric list is longer than %zu bytes (a gpuroof bug)", sizeof list);
    if (!o->json) {
        printf("%s\n", list);
        return EXIT_OK;
    }
    json_t *names = json_array();
    for (size_t r = 0; r < gr_ncu_metric_count; r++)
        if (gr_ncu_metrics[r].listed && gr_ncu_metric_on(r, chip))
            json_array_append_new(names, json_string(gr_ncu_metrics[r].name));
    return cli_put_json(json_pack("{s:s,s:o}", "chip", gr_ncu_chip_name(chip), "metrics", names), json);
}

/* The CSV to read, and what messages call it. */
static bool read_csv(const ncu_options *o, cli_buffer *csv, gr_buf *shown)
{
    gr_error err;
    if (o->app_argc > 0) {
        if (!ncu_profile_app(o, csv))
            return false;
        gr_buf_addf(shown, "%s", o->output ? o->output : "ncu's CSV");
        if (o->output && !gr_write_file_atomic(o->output, (const char *)csv->bytes, csv->size, &err))
            return cli_error("%s", err.text);
        return true;
    }
    return ncu_read_report(o->file, shown, csv);
}

/* --strict: a prediction that differs from Nsight Compute's fails the run. */
static int strict_status(const ncu_options *o, const ncu_view *v, const char *shown)
{
    const gr_ncu_analysis *a = &v->a;
    if (o->strict && a->other_gpu)
        return cli_fail("%s: the report is of another GPU than --device %s's (--strict)", shown, a->device.name);
    if (!o->strict || a->disagreement_count == 0)
        return EXIT_OK;
    return cli_fail("%s: gpuroof's occupancy differs from Nsight Compute's in %zu launch%s (--strict)", shown,
                    a->disagreement_count, a->disagreement_count == 1 ? "" : "es");
}

int cmd_ncu_run(const ncu_options *o, json_t **json)
{
    if (o->metrics)
        return print_metrics(o, json);
    cli_buffer csv = {0};
    gr_buf shown = GR_BUF_INIT;
    ncu_view v = {0};
    bool built = read_csv(o, &csv, &shown) && !gr_buf_failed(&shown) &&
                 ncu_view_build(o, gr_buf_text(&shown), (const char *)csv.bytes, csv.size, &v);
    int rc = EXIT_INPUT;
    if (built && o->json) {
        rc = ncu_put_json(&v, json);
    } else if (built) {
        ncu_print_text(stdout, &v, o->details || o->kernel);
        rc = EXIT_OK;
    }
    if (rc == EXIT_OK && o->html && !ncu_write_html(o, &v))
        rc = EXIT_INPUT;
    free(csv.bytes);
    if (rc == EXIT_OK)
        rc = strict_status(o, &v, gr_buf_text(&shown));
    ncu_view_free(&v);
    gr_buf_free(&shown);
    return rc;
}

/* What the options ask for, checked once parsed. */
static int check_options(const ncu_options *o, int files)
{
    /* the groups say which options go with --metrics; these, the operands */
    if (o->metrics && (files || o->app_argc))
        return cli_usage_error("ncu", "--metrics prints gpuroof's metric list and takes nothing else but --device "
                               "or --chip, and --json");
    if (o->metrics)
        return EXIT_OK;
    if (files > 1)
        return cli_usage_error("ncu", "one FILE at a time");
    if (files && o->app_argc)
        return cli_usage_error("ncu", "give a FILE or -- APP, not both");
    if (!files && !o->app_argc)
        return cli_usage_error("ncu", "give a FILE (ncu's CSV, '-' or an .ncu-rep), or -- APP [ARGS] to profile");
    if (o->output && !o->app_argc)
        return cli_usage_error("ncu", "-o keeps the CSV of an application profiled: it needs -- APP");
    return EXIT_OK;
}

int cmd_ncu(int argc, char **argv)
{
    ncu_options o = {0};
    int end = 1; /* gpuroof's own arguments end at the first "--" */
    while (end < argc && strcmp(argv[end], "--") != 0)
        end++;
    int operand, rc = cli_parse(&spec, end, argv, &o, &operand);
    if (rc != EXIT_OK)
        return cli_parse_stopped(rc);
    if (end < argc) {
        if (end + 1 == argc)
            return cli_usage_error("ncu", "-- needs the application to profile after it");
        o.app_argc = argc - end - 1;
        o.app_argv = argv + end + 1;
    }
    rc = check_options(&o, end - operand);
    if (rc != EXIT_OK)
        return rc;
    o.file = operand < end ? argv[operand] : NULL;
    return cmd_ncu_run(&o, NULL);
}
