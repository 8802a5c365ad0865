/* gpuroof plot: roofline and occupancy charts through gnuplot. */
#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "cli_data.h"
#include "cli_model.h"
#include "cli_process.h"
#include "commands.h"
#include "gpuroof_chart.h"
#include "gpuroof_files.h"
#include "gpuroof_text.h"
#include "occupancy_launch.h"
#include "output.h"
#include "plot_json.h"
#include "plot_latency.h"
#include "plot_levels.h"
#include "plot_results.h"
#include "plot_run.h"

static const char usage[] =
    "Usage: gpuroof plot [roofline] --device NAME [--device NAME ...] [--precision P ...]\n"
    "                    [--model FILE [-D NAME=VALUE ...] ...] [--point LABEL:INTENSITY:GFLOPS ...]\n"
    "                    [--results FILE ... [--spread]] [--levels dram,l2,shared] [--ncu FILE [--top N]]\n"
    "                    (-o FILE.pdf|FILE.png|FILE.svg [--keep-script | --script-only] | --html FILE.html)\n"
    "                    [--csv FILE] [--json]\n"
    "       gpuroof plot occupancy (--threads N | --block XxY[xZ]) --regs R [--smem BYTES]\n"
    "                    (--device NAME [--carveout BYTES|P%] |\n"
    "                     --max-threads-sm N --max-blocks-sm N --regs-sm N --smem-sm BYTES\n"
    "                     [--max-threads-block N] [--reg-unit N] [--smem-unit BYTES] [--smem-reserved BYTES])\n"
    "                    -o FILE.pdf|FILE.png [--keep-script | --script-only] [--json]\n"
    "       gpuroof plot banks --results FILE -o FILE.pdf|FILE.png [--json]\n"
    "       gpuroof plot latency (RESULTS | --results FILE) -o FILE.pdf|FILE.png [--json]\n"
    "\n"
    "Draws a chart with gnuplot (pdfcairo, pngcairo or svg, by the extension of -o), or a page holding\n"
    "it (--html).\n";

static const char notes[] = "GNUPLOT names the gnuplot to run (default: gnuplot on the PATH).\n"
                            "GPUROOF_GNUPLOT_TIMEOUT: the seconds gnuplot may run before it is stopped (default 60).\n";

#define MAX_ITEMS GRC_CHART_MAX_ITEMS

static int attach_define(const char *command, void *parsed, const char *value);
static int parse_point(const char *command, const cli_option *opt, const char *value, void *field);
static int parse_levels(const char *command, const cli_option *opt, const char *value, void *field);
_Static_assert(PLOT_MAX_POINTS == MAX_ITEMS, "the chart draws every point given");

#define T plot_options
static const cli_option options[] = {
    CLI_OPT_LIST(T, devices, .name = "device", .arg = "NAME|FILE",
                 .help = "a device's roofline: DRAM bandwidth, FP32 and FP64 ceilings and the ridge point; several "
                         "devices share one chart"),
    CLI_OPT_CHOICES(T, precisions, gr_precisions, .name = "precision", .arg = "P", .repeats = true,
                    .renamed = gr_precision_renamed,
                    .help = "another ceiling of each device (tensor_fp16, tensor_tf32, ...)"),
    CLI_OPT_LIST(T, models, .name = "model", .arg = "FILE",
                 .help = "a kernel model, drawn at its intensity on each roof; -D after it sets that model's "
                         "parameters"),
    CLI_OPT_LIST(T, defines, .name = "define", .short_name = 'D', .arg = "NAME=VALUE", .take = attach_define,
                 .help = "a parameter of the --model before it"),
    CLI_OPT_PARSED(T, points, plot_points_value, parse_point, .name = "point", .arg = "L:I:G", .repeats = true,
                   .help = "a point of your own: label, FLOP/B, GFLOP/s"),
    CLI_OPT_LIST(T, results, .name = "results", .arg = "FILE",
                 .help = "a results file of gpuroof measure: its measured ceilings, its verified kernels and its "
                         "intensity sweep"),
    CLI_OPT_PARSED(T, levels, plot_levels_value, parse_levels, .name = "levels", .arg = "LIST",
                   .help = "the hierarchical roofline: a bandwidth roof for each of these levels (dram, l2, shared, "
                           "comma-separated), and kernels with counts at each level drawn at every one"),
    CLI_OPT_PATH(T, ncu, .name = "ncu", .arg = "FILE",
                 .help = "the kernels of a Nsight Compute report (a CSV, '-' or an .ncu-rep), grouped, each at its "
                         "intensity at DRAM, L2 and L1 (default --levels: all three); without --device, the device "
                         "of its GPU"),
    CLI_OPT_INT(T, top, CLI_COUNT, 1, PLOT_NCU_TOP_MAX, .name = "top", .arg = "N",
                .help = "with --ncu: the N kernels that took the longest (default 8, at most 16)"),
    OCC_LAUNCH_OPTIONS(T, "plot occupancy: "),
    OCC_SM_OPTIONS(T, "plot occupancy: "),
    CLI_OPT_PATH(T, output, .name = "output", .short_name = 'o', .arg = "FILE",
                 .help = "the chart, written whole or not at all"),
    CLI_OPT_PATH(T, html, .name = "html", .arg = "FILE.html",
                 .help = "the chart in one self-contained page instead of -o: inline SVG with a tooltip on every "
                         "point, and a table of what is drawn, sortable"),
    CLI_OPT_PATH(T, csv, .name = "csv", .arg = "FILE",
                 .help = "also write the points drawn (label, level, intensity, GFLOP/s, the roof each is held "
                         "against and its value) as CSV, whole or not at all"),
    CLI_OPT_FLAG(T, spread, .name = "spread",
                 .help = "with --results: each measured ceiling's label gives the range of its repeats in the run"),
    CLI_OPT_FLAG(T, keep_script, .name = "keep-script",
                 .help = "also write the gnuplot script, data inline, as FILE's name .gp"),
    CLI_OPT_FLAG(T, script_only, .name = "script-only", .help = "write only the script"),
    CLI_OPT_FLAG(T, json, .name = "json",
                 .help = "print one JSON object: what was drawn (devices and their roofs, points and kernels, "
                         "warnings) and the files written"),
    CLI_OPTION_PROFILES(T),
};
#undef T

static const cli_group groups[] = {
    {CLI_NEEDS, "top ncu", "--top N chooses the kernels of --ncu FILE"},
    {CLI_NEEDS, "spread results", "--spread shows the spread of the ceilings of --results FILE"},
    {CLI_EXCLUSIVE, "keep-script script-only", NULL},
    OCC_GROUPS("device"),
    {0},
};

static const cli_spec spec = {"plot", usage, notes, options, sizeof options / sizeof options[0], groups};

/* -D: a parameter of the --model given last, checked as bound's and
 * model's are. */
static int attach_define(const char *command, void *parsed, const char *value)
{
    plot_options *o = parsed;
    if (o->models.count == 0)
        return cli_usage_error(command, "-D sets a parameter of the --model before it");
    o->define_model[o->defines.count - 1] = o->models.count - 1;
    return cli_take_define(command, parsed, value);
}

/* --point "LABEL:INTENSITY:GFLOPS", the label free to hold colons itself;
 * at most MAX_ITEMS of them. */
static int parse_point(const char *command, const cli_option *opt, const char *value, void *field)
{
    plot_points_value *points = field;
    const char *second = strrchr(value, ':');
    const char *first = second ? second - 1 : NULL;
    (void)opt;
    if (points->count == MAX_ITEMS)
        return cli_usage_error(command, "at most %d points", MAX_ITEMS);
    while (first && first >= value && *first != ':')
        first--;
    if (!second || !first || first < value || first == value)
        return cli_fail("--point '%s': expected LABEL:INTENSITY:GFLOPS", value);
    gr_buf intensity = GR_BUF_INIT; /* the number as given, however long: none cut */
    gr_buf_addf(&intensity, "%.*s", (int)(second - first - 1), first + 1);
    bool ok = !gr_buf_failed(&intensity) || cli_error("out of memory");
    ok = ok && cli_double("--point", gr_buf_text(&intensity), CLI_PLAIN, 1e-9, 1e9,
                          &points->items[points->count].intensity) &&
         cli_double("--point", second + 1, CLI_PLAIN, 1e-9, 1e12, &points->items[points->count].gflops);
    gr_buf_free(&intensity);
    if (!ok)
        return EXIT_INPUT;
    points->items[points->count].label = value;
    points->items[points->count++].label_len = (size_t)(first - value);
    return EXIT_OK;
}

/* --levels LIST: plot_parse_levels says what it takes. */
static int parse_levels(const char *command, const cli_option *opt, const char *value, void *field)
{
    plot_levels_value *levels = field;
    (void)command, (void)opt;
    levels->given = true;
    return plot_parse_levels(value, levels->levels);
}

/* The command as typed, less the options that only choose what is kept:
 * the script says how to make it again. */
static void remember_command(plot_options *o, int argc, char **argv)
{
    snprintf(o->made_by, sizeof o->made_by, "gpuroof plot");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--keep-script") == 0 || strcmp(argv[i], "--script-only") == 0)
            continue;
        bool quote = strpbrk(argv[i], " *()'\"") != NULL;
        snprintf(o->made_by + strlen(o->made_by), sizeof o->made_by - strlen(o->made_by), quote ? " '%s'" : " %s",
                 argv[i]);
    }
}

/* Without case: X.PNG is a PNG, as a file manager would say. */
static bool has_extension(const char *path, const char *ext)
{
    return strlen(path) > strlen(ext) && gr_name_has_suffix(path, ext);
}

/* The chart draws at most MAX_ITEMS of each (of points, parse_point
 * counts; there are fewer precisions). */
static int check_counts(const plot_options *o)
{
    const struct { const cli_values *values; const char *what; } lists[] = {
        {&o->devices, "devices"}, {&o->models, "models"}, {&o->results, "results files"},
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
        if (lists[i].values->count > MAX_ITEMS)
            return cli_usage_error("plot", "at most %d %s", MAX_ITEMS, lists[i].what);
    return EXIT_OK;
}

/* One launch on one device or a textbook SM, as the occupancy command
 * takes them. */
static int check_occupancy(const plot_options *o)
{
    if (o->devices.count > 1)
        return cli_usage_error("plot", "plot occupancy takes one --device, or textbook limits");
    if (!(o->launch.threads.given || o->launch.block.given) || !o->launch.regs.given)
        return cli_usage_error("plot", "plot occupancy takes --threads N (or --block XxY) and --regs R");
    if (o->models.count || o->points.count || o->results.count || o->precisions.count)
        return cli_usage_error("plot", "plot occupancy takes no --model, --point, --results or --precision");
    return occ_check_options("plot", &o->launch, o->devices.count == 1);
}

/* plot latency: one results file, as an operand or --results, and nothing
 * else to draw. */
static int check_latency(const plot_options *o, const char *occupancy_option)
{
    if ((o->latency_file != NULL) + o->results.count != 1)
        return cli_usage_error("plot", "plot latency takes one results file (RESULTS or --results FILE)");
    if (o->devices.count || o->models.count || o->points.count || o->precisions.count || occupancy_option)
        return cli_usage_error("plot", "plot latency takes one results file and nothing else to draw");
    return EXIT_OK;
}

static int check_drawn(const plot_options *o);

static int check_options(const plot_options *o)
{
    if (o->html && (o->output || o->keep_script || o->script_only))
        return cli_usage_error("plot", "--html writes the chart into its page: not with -o, --keep-script or "
                               "--script-only");
    if (o->html)
        return check_drawn(o);
    if (!o->output)
        return cli_usage_error("plot", "give -o FILE.pdf, FILE.png or FILE.svg, or --html FILE.html");
    return check_drawn(o);
}

/* What the chart draws, whichever file it goes to. */
static int check_drawn(const plot_options *o)
{
    if (o->output && !has_extension(o->output, ".pdf") && !has_extension(o->output, ".png") && !has_extension(o->output, ".svg"))
        return cli_usage_error("plot", "-o must end in .pdf, .png or .svg, not '%s'", o->output);
    const char *occupancy_option = occ_first_option_given(&o->launch);
    if ((o->levels.given || o->ncu || o->top.given) && (o->occupancy || o->banks || o->latency))
        return cli_usage_error("plot", "--levels, --ncu and --top are for a roofline, not plot %s",
                               o->occupancy ? "occupancy" : o->banks ? "banks" : "latency");
    if (o->csv && (o->occupancy || o->banks || o->latency))
        return cli_usage_error("plot", "--csv writes a roofline's points, not plot %s's",
                               o->occupancy ? "occupancy" : o->banks ? "banks" : "latency");
    if (o->latency)
        return check_latency(o, occupancy_option);
    if (o->banks) {
        if (o->results.count != 1 || o->devices.count || o->models.count || o->points.count || occupancy_option)
            return cli_usage_error("plot", "plot banks takes one --results FILE and nothing else to draw");
        return EXIT_OK;
    }
    if (o->devices.count == 0 && !o->occupancy && !o->ncu)
        return cli_usage_error("plot", "give --device NAME");
    if (o->occupancy)
        return check_occupancy(o);
    if (occupancy_option)
        return cli_usage_error("plot", "%s is for plot occupancy", occupancy_option);
    return check_counts(o);
}

static int parse(int argc, char **argv, plot_options *o)
{
    int operand, rc;
    remember_command(o, argc, argv);
    if ((rc = cli_parse(&spec, argc, argv, o, &operand)) != EXIT_OK)
        return rc;
    if (operand < argc && (strcmp(argv[operand], "occupancy") == 0 || strcmp(argv[operand], "roofline") == 0 ||
                           strcmp(argv[operand], "banks") == 0 || strcmp(argv[operand], "latency") == 0)) {
        o->occupancy = strcmp(argv[operand], "occupancy") == 0;
        o->latency = strcmp(argv[operand], "latency") == 0;
        o->banks = strcmp(argv[operand++], "banks") == 0;
    }
    if (o->latency && operand < argc)
        o->latency_file = argv[operand++];
    if (operand < argc)
        return cli_usage_error("plot", "unexpected argument '%s'", argv[operand]);
    return check_options(o);
}

/* ---- the figure ------------------------------------------------------- */

typedef struct {
    plot_devices devices;
    gr_results results[MAX_ITEMS];
    size_t results_loaded;
    grc_roofline_inputs in;
    json_t *warnings; /* the lines warned of, printed on stderr once the chart is built: --json's warnings list */
    json_t *ncu;      /* --ncu: what was drawn of the report and what left out */
} roofline_data;

/* The point of model i, labelled with the parameters its -D set. */
static bool model_point(const plot_options *o, size_t i, const cli_values *defines, gr_model *m, grc_chart_point *p)
{
    if (!cli_load_model_given(o->models.items[i], defines, m))
        return false;
    if (!m->has_intensity)
        return cli_error("%s: no arithmetic intensity to draw", o->models.items[i]);
    snprintf(p->label, sizeof p->label, "%s", m->name);
    for (size_t d = 0; d < defines->count; d++)
        snprintf(p->label + strlen(p->label), sizeof p->label - strlen(p->label), " %s", defines->items[d]);
    p->intensity = m->intensity;
    /* the counts gpuroof bound holds against each level's roof */
    gr_level_work counts = {0};
    gr_model_level_counts(m, &counts);
    p->flops = counts.flops;
    memcpy(p->bytes, counts.bytes, sizeof p->bytes);
    memcpy(p->given, counts.given, sizeof p->given);
    p->has_counts = isfinite(p->flops) && isfinite(p->bytes[GR_LEVEL_DRAM]);
    return true;
}

static bool add_model(const plot_options *o, size_t i, grc_chart_point *p)
{
    cli_values defines = {0};
    for (size_t d = 0; d < o->defines.count; d++)
        if (o->define_model[d] == i)
            defines.items[defines.count++] = o->defines.items[d];
    gr_model *m = calloc(1, sizeof *m); /* too large for the stack */
    if (!m)
        return cli_error("out of memory");
    bool ok = model_point(o, i, &defines, m, p);
    gr_model_free(m);
    free(m);
    return ok;
}

/* The devices of the chart, given and brought by results files: each has
 * every --precision asked for. */
static bool use_devices(const plot_options *o, roofline_data *d)
{
    grc_roofline_inputs *in = &d->in;
    in->device_count = 0;
    for (size_t i = 0; i < d->devices.count; i++) {
        const gr_profile *p = &d->devices.items[i];
        for (size_t k = 0; k < o->precisions.count; k++)
            if (!gr_profile_peak(p, gr_precisions[o->precisions.index[k]]))
                return cli_error_no_peak(p, gr_precisions[o->precisions.index[k]]);
        grc_roofline_add_device(in, p);
    }
    if (in->device_count == 0)
        return true; /* --ncu alone: the device comes with the report, and this runs again then */
    for (size_t k = 0; k < o->precisions.count; k++) /* as the profiles spell them: FP64 is fp64 */
        in->precisions[k] = gr_profile_peak(&d->devices.items[0], gr_precisions[o->precisions.index[k]])->precision;
    return true;
}

static bool load_devices(const plot_options *o, roofline_data *d)
{
    for (size_t i = 0; i < o->devices.count; i++, d->devices.count++, d->devices.given++)
        if (!cli_load_device(o->profiles, o->devices.items[i], &d->devices.items[i]))
            return false;
    return use_devices(o, d);
}

/* Each results file, and the device it is drawn against. */
static bool load_results(const plot_options *o, roofline_data *d)
{
    grc_roofline_inputs *in = &d->in;
    gr_error err;
    for (size_t i = 0; i < o->results.count; i++) {
        if (!gr_results_load(o->results.items[i], &d->results[i], &err))
            return cli_error("%s", err.text);
        d->results_loaded++; /* freed by the caller from here on */
        if (o->results_roofs_only) /* its rows are flat: no more to free */
            d->results[i].kernel_count = d->results[i].sweep_count = 0;
        size_t device;
        if (!plot_results_device(o->profiles, &d->results[i], &d->devices, &device, d->warnings))
            return false;
        grc_roofline_add_results(in, &d->results[i], device);
    }
    return use_devices(o, d);
}

/* --levels, all three with --ncu alone; --ncu's kernels. */
static bool load_levels(const plot_options *o, roofline_data *d)
{
    grc_roofline_inputs *in = &d->in;
    in->has_levels = o->levels.given || o->ncu;
    in->spread = o->spread;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        in->levels[l] = o->levels.given ? o->levels.levels[l] : in->has_levels;
    return !o->ncu || (plot_ncu_load(o, &d->devices, in, d->warnings, &d->ncu) && use_devices(o, d));
}

static bool load_roofline(const plot_options *o, roofline_data *d)
{
    grc_roofline_inputs *in = &d->in;
    if (!load_devices(o, d) || !load_levels(o, d))
        return false;
    for (size_t i = 0; i < o->models.count; i++, in->model_count++)
        if (!add_model(o, i, &in->models[i]))
            return false;
    for (size_t i = 0; i < o->points.count; i++, in->point_count++) {
        grc_chart_point *p = &in->points[i];
        snprintf(p->label, sizeof p->label, "%.*s", (int)o->points.items[i].label_len, o->points.items[i].label);
        p->intensity = o->points.items[i].intensity;
        p->gflops = o->points.items[i].gflops;
    }
    return load_results(o, d);
}

/* The chart's figures, worked out once, then printed as JSON. */
static bool roofline_json(const roofline_data *d, json_t **what)
{
    gr_error err;
    grc_roofline_figures figures;
    bool built = grc_roofline_figures_build(&d->in, &figures, &err);
    *what = built ? plot_json_roofline(&d->in, &figures, d->warnings, d->ncu) : NULL;
    grc_roofline_figures_free(&figures);
    if (!built)
        return cli_error("%s", err.text);
    return *what ? true : cli_error("out of memory");
}

static bool chart_roofline(roofline_data *d, grc_figure *fig, json_t **what)
{
    gr_error err;
    grc_chart_warnings above;
    if (!grc_roofline_chart(&d->in, &fig->charts[0], &err))
        return cli_error("%s", err.text);
    fig->chart_count = 1;
    snprintf(fig->title, sizeof fig->title, "%s", fig->charts[0].title);
    if (!grc_roofline_check(&d->in, &above, &err))
        return cli_error("%s", err.text);
    for (size_t i = 0; i < above.count; i++)
        plot_warn(d->warnings, "%s", above.lines[i]);
    grc_chart_warnings_free(&above);
    return !what || roofline_json(d, what);
}

static bool write_points(FILE *out, const void *in)
{
    return grc_roofline_csv_write(in, out);
}

/* The chart, and with what given, what it shows as JSON. */
static bool build_roofline(const plot_options *o, grc_figure *fig, json_t **what)
{
    roofline_data *d = calloc(1, sizeof *d); /* too large for the stack */
    if (!d)
        return cli_error("out of memory");
    d->in.width_in = fig->width_in;
    d->in.height_in = fig->height_in;
    d->warnings = json_array();
    bool ok = d->warnings ? load_roofline(o, d) && chart_roofline(d, fig, what) : cli_error("out of memory");
    if (d->warnings && !o->quiet_warnings)
        plot_print_warnings(d->warnings);
    if (ok && o->csv)
        ok = cli_write_whole(o->csv, write_points, &d->in); /* --csv FILE: the points drawn */
    for (size_t i = 0; i < d->results_loaded; i++)
        gr_results_free(&d->results[i]);
    json_decref(d->warnings);
    json_decref(d->ncu);
    free(d);
    return ok;
}

/* The checks the bank-conflict chart draws, at its wavefronts: what --json
 * says, figured before it is written.  False where memory runs out. */
static bool banks_result(const gr_results *r, plot_banks_result *out)
{
    *out = (plot_banks_result){.results = r, .points = calloc(r->bank_count ? r->bank_count : 1, sizeof *out->points)};
    for (size_t i = 0; out->points && i < r->bank_count; i++) {
        double wavefronts = grc_banks_wavefronts(&r->banks[i]);
        if (!isnan(wavefronts))
            out->points[out->point_count++] = (plot_bank_point){&r->banks[i], wavefronts};
    }
    return out->points != NULL;
}

static json_t *banks_json(const gr_results *r)
{
    plot_banks_result b;
    json_t *j = banks_result(r, &b) ? plot_json_banks(&b) : NULL;
    free(b.points);
    return j;
}

/* The figure of the one chart built into fig->charts[0] from a results
 * file (ok false: err says why), with its JSON in *what where asked. */
static bool one_chart_figure(grc_figure *fig, bool ok, const gr_error *err, json_t **what)
{
    if (!ok)
        return cli_error("%s", err->text);
    if (what && !*what)
        return cli_error("out of memory");
    fig->chart_count = 1;
    snprintf(fig->title, sizeof fig->title, "%s", fig->charts[0].title);
    return true;
}

static bool build_banks(const plot_options *o, grc_figure *fig, json_t **what)
{
    gr_results r;
    gr_error err;
    if (!gr_results_load(o->results.items[0], &r, &err))
        return cli_error("%s", err.text);
    bool ok = grc_banks_chart(&r, fig->width_in, fig->height_in, &fig->charts[0], &err);
    if (ok && what)
        *what = banks_json(&r);
    gr_results_free(&r);
    return one_chart_figure(fig, ok, &err, what);
}

static bool build_latency(const plot_options *o, grc_figure *fig, json_t **what)
{
    gr_error err;
    bool ok = plot_latency_chart(o->latency_file ? o->latency_file : o->results.items[0], fig, what, &err);
    return one_chart_figure(fig, ok, &err, what);
}

/* The chart's words for the SM: the device (its full name, any length),
 * or the textbook limits. */
static void occupancy_sm_title(const occ_inputs *in, gr_buf *title)
{
    const gr_sm_limits *lim = &in->limits;
    bool kib = lim->smem_sm_bytes % 1024 == 0;
    if (in->has_device)
        gr_buf_addf(title, "%s (%s)", in->device.full_name, in->device.name);
    else
        gr_buf_addf(title, "a textbook SM (%d threads, %d blocks, %lld registers, %lld %s of shared memory)",
                 lim->max_threads_sm, lim->max_blocks_sm, (long long)lim->regs_sm,
                 (long long)(kib ? lim->smem_sm_bytes / 1024 : lim->smem_sm_bytes), kib ? "KiB" : "B");
}

static bool draw_occupancy(const occ_inputs *in, grc_figure *fig, json_t **what)
{
    gr_buf title = GR_BUF_INIT;
    gr_error err;
    occupancy_sm_title(in, &title);
    bool drawn = !gr_buf_failed(&title) && grc_occupancy_figure(&in->limits, &in->launch, gr_buf_text(&title), fig, &err);
    bool failed = gr_buf_failed(&title);
    gr_buf_free(&title);
    if (!drawn)
        return failed ? cli_error("out of memory") : cli_error("%s", err.text);
    gr_occupancy occ;
    if (what && !gr_occupancy_compute(&in->limits, &in->launch, &occ, &err))
        return cli_error("%s", err.text); /* the chart was drawn from it: never */
    if (what && !(*what = plot_json_occupancy(in->has_device ? in->device.name : NULL, &in->launch, &occ)))
        return cli_error("out of memory");
    return true;
}

static bool build_occupancy(const plot_options *o, grc_figure *fig, json_t **what)
{
    occ_inputs *in = calloc(1, sizeof *in); /* a profile: large for the stack */
    const char *device = o->devices.count ? o->devices.items[0] : NULL;
    if (!in)
        return cli_error("out of memory");
    bool ok = occ_read_launch(&o->launch, in) && occ_read_sm(&o->launch, o->profiles, device, in) &&
              draw_occupancy(in, fig, what);
    free(in);
    return ok;
}

/* ---- the script and the chart -------------------------------------------- */

static char *read_style(void)
{
    gr_search_path sp;
    char path[1024];
    cli_data_path(GR_DATA_STYLE, NULL, &sp);
    FILE *f = gr_search_path_find(&sp, "style.gp", path, sizeof path) ? fopen(path, "r") : NULL;
    if (f) {
        char *text = calloc(1, 65536);
        size_t n = text ? fread(text, 1, 65535, f) : 0;
        fclose(f);
        if (text && n > 0)
            return text;
        free(text);
    }
    char dirs[sizeof sp.dirs];
    gr_search_path_text(&sp, dirs, sizeof dirs);
    cli_error("cannot read the chart style style.gp from %s (reinstall gpuroof)", dirs);
    return NULL;
}

static bool render(const plot_options *o, const grc_figure *fig, char **text, size_t *len)
{
    char *style = read_style();
    if (!style)
        return false;
    grc_script_options opt = {
        .terminal = has_extension(o->output, ".png")   ? GRC_TERMINAL_PNG
                    : has_extension(o->output, ".svg") ? GRC_TERMINAL_SVG
                                                       : GRC_TERMINAL_PDF,
        .width_in = fig->width_in, .height_in = fig->height_in, .output = o->output, .made_by = o->made_by,
        .style = style,
    };
    *text = NULL;
    FILE *out = open_memstream(text, len);
    bool ok = out && grc_gnuplot_write(out, fig, &opt);
    if (out && fclose(out) != 0)
        ok = false;
    free(style);
    if (!ok) {
        free(*text);
        return cli_error("out of memory");
    }
    return true;
}

/* The script kept beside the chart: FILE's name, .gp for its extension. */
static void script_path(const char *output, gr_buf *out)
{
    gr_buf_addf(out, "%.*s.gp", (int)(strlen(output) - 4), output);
}

/* A temporary file for the script where TMPDIR says, its path into path. */
static bool temp_script(char *path, size_t size)
{
    gr_buf pattern = GR_BUF_INIT;
    gr_error err;
    gr_buf_addf(&pattern, "%s/gpuroof-plot.gp", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    bool made = !gr_buf_failed(&pattern) && gr_temp_beside(gr_buf_text(&pattern), path, size, &err);
    bool failed = gr_buf_failed(&pattern);
    gr_buf_free(&pattern);
    if (failed)
        return cli_error("out of memory");
    return made || cli_error("%s", err.text);
}

/* Writes the script where it is to be kept, or to a temporary file. */
static bool write_script(const plot_options *o, const char *text, size_t len, char *path, size_t size, bool *temp)
{
    gr_error err;
    *temp = !o->keep_script && !o->script_only;
    if (*temp && !temp_script(path, size))
        return false;
    if (!*temp) {
        gr_buf kept = GR_BUF_INIT;
        script_path(o->output, &kept);
        snprintf(path, size, "%s", gr_buf_text(&kept));
        bool failed = gr_buf_failed(&kept);
        gr_buf_free(&kept);
        if (failed)
            return cli_error("out of memory");
    }
    if (!gr_write_file_atomic(path, text, len, &err))
        return cli_error("%s", err.text);
    return true;
}

/* report_failure's line once the path the script is to be kept in is known. */
static bool keep_script(const char *why, const gr_buf *kept, const char *text, size_t len)
{
    gr_error err;
    if (gr_buf_failed(kept))
        return cli_error("%s, and the script could not be kept: out of memory", why);
    if (!gr_write_file_atomic(gr_buf_text(kept), text, len, &err))
        return cli_error("%s, and the script could not be kept: %s", why, err.text);
    return cli_error("%s: the script is kept in %s", why, gr_buf_text(kept));
}

/* gnuplot failed: one line saying why and where the script is kept, beside
 * the chart that could not be made (from its temporary file, which goes). */
static bool report_failure(const plot_options *o, const char *text, size_t len, bool temp, const char *path,
                           const char *why)
{
    if (!temp)
        return cli_error("%s: the script is kept in %s", why, path);
    gr_buf kept = GR_BUF_INIT;
    script_path(o->output, &kept);
    keep_script(why, &kept, text, len);
    gr_buf_free(&kept);
    return false;
}

static int draw(const plot_options *o, const grc_figure *fig)
{
    size_t len;
    char *text, path[4096], why[1024];
    bool temp;
    if (!render(o, fig, &text, &len))
        return EXIT_INPUT;
    bool ok = write_script(o, text, len, path, sizeof path, &temp);
    if (ok && !o->script_only && !plot_run_gnuplot(path, temp, o->output, why, sizeof why))
        ok = report_failure(o, text, len, temp, path, why);
    if (temp)
        unlink(path);
    free(text);
    return ok ? EXIT_OK : EXIT_INPUT;
}

/* --json: what was drawn, and the files now there. */
static int put_json(const plot_options *o, json_t *what)
{
    gr_buf script = GR_BUF_INIT;
    script_path(o->output, &script);
    if (gr_buf_failed(&script)) {
        json_decref(what);
        return cli_fail("out of memory");
    }
    plot_json_files(what, o->script_only ? NULL : o->output,
                    o->keep_script || o->script_only ? gr_buf_text(&script) : NULL);
    gr_buf_free(&script);
    return cli_put_json(what, NULL);
}

int plot_draw_chart(const plot_options *o, json_t **json)
{
    grc_figure *fig = calloc(1, sizeof *fig);
    if (!fig)
        return cli_fail("out of memory");
    fig->width_in = 7.5; /* a roofline's and the bank chart's page; plot occupancy's sets its own */
    fig->height_in = 5;
    bool built = o->banks       ? build_banks(o, fig, json)
                 : o->latency   ? build_latency(o, fig, json)
                 : o->occupancy ? build_occupancy(o, fig, json)
                                : build_roofline(o, fig, json);
    int rc = built ? draw(o, fig) : EXIT_INPUT;
    grc_figure_free(fig);
    free(fig);
    return rc;
}

int cmd_plot_run(const plot_options *o)
{
    if (o->html)
        return plot_write_html(o);
    json_t *what = NULL;
    int rc = plot_draw_chart(o, o->json ? &what : NULL);
    if (rc == EXIT_OK && what)
        return put_json(o, what);
    json_decref(what);
    return rc;
}

int cmd_plot(int argc, char **argv)
{
    plot_options *o = calloc(1, sizeof *o); /* too large for the stack */
    if (!o)
        return cli_fail("out of memory");
    int rc = parse(argc, argv, o);
    rc = rc == EXIT_OK ? cmd_plot_run(o) : cli_parse_stopped(rc);
    free(o);
    return rc;
}
