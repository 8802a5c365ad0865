/* gpuroof plot: roofline and occupancy charts through gnuplot. */
#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "atomic_file.h"
#include "chart_banks.h"
#include "chart_occupancy.h"
#include "chart_roofline.h"
#include "cli.h"
#include "cli_data.h"
#include "cli_model.h"
#include "commands.h"
#include "gnuplot_script.h"
#include "plot_run.h"

static const char help[] =
    "Usage: gpuroof plot [roofline] --device NAME [--device NAME ...] [--precision P]\n"
    "                    [--model FILE [-D NAME=VALUE ...] ...] [--point LABEL:INTENSITY:GFLOPS ...]\n"
    "                    [--results FILE ...] -o FILE.pdf|FILE.png [--keep-script | --script-only]\n"
    "       gpuroof plot occupancy --device NAME --threads N --regs R [--smem BYTES]\n"
    "                    -o FILE.pdf|FILE.png [--keep-script | --script-only]\n"
    "       gpuroof plot banks --results FILE -o FILE.pdf|FILE.png\n"
    "\n"
    "Draws a chart with gnuplot (pdfcairo or pngcairo, by the extension of -o).\n"
    "\n"
    "  --device NAME|FILE  a device's roofline: DRAM bandwidth, FP32 and FP64 ceilings and\n"
    "                      the ridge point; several devices share one chart\n"
    "  --precision P       another ceiling of each device (fp16_tensor, tf32_tensor, ...)\n"
    "  --model FILE        a kernel model, drawn at its intensity on each roof; -D after it\n"
    "                      sets that model's parameters\n"
    "  --point L:I:G       a point of your own: label, FLOP/B, GFLOP/s\n"
    "  --results FILE      a results file of gpuroof measure: its measured ceilings, its\n"
    "                      verified kernels and its intensity sweep\n"
    "  -o FILE             the chart, written whole or not at all\n"
    "  --keep-script       also write the gnuplot script, data inline, as FILE's name .gp\n"
    "  --script-only       write only the script\n"
    "  --profiles DIR      look for profiles in DIR first\n"
    "\n"
    "GNUPLOT names the gnuplot to run (default: gnuplot on the PATH).\n";

enum { OPT_DEVICE = 1, OPT_PRECISION, OPT_MODEL, OPT_POINT, OPT_RESULTS, OPT_OUTPUT, OPT_KEEP, OPT_SCRIPT_ONLY,
       OPT_PROFILES, OPT_THREADS, OPT_REGS, OPT_SMEM };

#define MAX_ITEMS GR_CHART_MAX_ITEMS

typedef struct {
    bool occupancy, banks;
    const char *devices[MAX_ITEMS];
    size_t device_count;
    const char *precision, *output, *profiles, *threads, *regs, *smem;
    const char *models[MAX_ITEMS];
    cli_defines defines[MAX_ITEMS];
    size_t model_count;
    const char *points[MAX_ITEMS];
    size_t point_count;
    const char *results[MAX_ITEMS];
    size_t results_count;
    bool keep_script, script_only;
    char made_by[2048];
} plot_options;

static const struct option longopts[] = {
    {"device", required_argument, NULL, OPT_DEVICE}, {"precision", required_argument, NULL, OPT_PRECISION},
    {"model", required_argument, NULL, OPT_MODEL}, {"define", required_argument, NULL, 'D'},
    {"point", required_argument, NULL, OPT_POINT}, {"results", required_argument, NULL, OPT_RESULTS},
    {"output", required_argument, NULL, 'o'}, {"keep-script", no_argument, NULL, OPT_KEEP},
    {"script-only", no_argument, NULL, OPT_SCRIPT_ONLY}, {"profiles", required_argument, NULL, OPT_PROFILES},
    {"threads", required_argument, NULL, OPT_THREADS}, {"regs", required_argument, NULL, OPT_REGS},
    {"smem", required_argument, NULL, OPT_SMEM}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
};

static int add_item(const char **list, size_t *count, const char *value, const char *what)
{
    if (*count == MAX_ITEMS)
        return cli_usage_error("plot", "at most %d %s", MAX_ITEMS, what);
    list[(*count)++] = value;
    return EXIT_OK;
}

static int take_option(plot_options *o, int c)
{
    switch (c) {
    case OPT_DEVICE: return add_item(o->devices, &o->device_count, optarg, "devices");
    case OPT_MODEL: return add_item(o->models, &o->model_count, optarg, "models");
    case OPT_POINT: return add_item(o->points, &o->point_count, optarg, "points");
    case OPT_RESULTS: return add_item(o->results, &o->results_count, optarg, "results files");
    case 'D':
        if (o->model_count == 0)
            return cli_usage_error("plot", "-D sets a parameter of the --model before it");
        return cli_add_define(&o->defines[o->model_count - 1], "plot", optarg);
    case OPT_PRECISION: o->precision = optarg; return EXIT_OK;
    case 'o': o->output = optarg; return EXIT_OK;
    case OPT_KEEP: o->keep_script = true; return EXIT_OK;
    case OPT_SCRIPT_ONLY: o->script_only = true; return EXIT_OK;
    case OPT_PROFILES: o->profiles = optarg; return EXIT_OK;
    case OPT_THREADS: o->threads = optarg; return EXIT_OK;
    case OPT_REGS: o->regs = optarg; return EXIT_OK;
    case OPT_SMEM: o->smem = optarg; return EXIT_OK;
    default: return -2;
    }
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

static bool has_extension(const char *path, const char *ext)
{
    size_t n = strlen(path), m = strlen(ext);
    return n > m && strcmp(path + n - m, ext) == 0;
}

static int check_options(const plot_options *o)
{
    if (!o->output)
        return cli_usage_error("plot", "give -o FILE.pdf or FILE.png");
    if (!has_extension(o->output, ".pdf") && !has_extension(o->output, ".png"))
        return cli_usage_error("plot", "-o must end in .pdf or .png, not '%s'", o->output);
    if (o->banks) {
        if (o->results_count != 1 || o->device_count || o->model_count || o->point_count || o->threads)
            return cli_usage_error("plot", "plot banks takes one --results FILE and nothing else to draw");
        return EXIT_OK;
    }
    if (o->device_count == 0)
        return cli_usage_error("plot", "give --device NAME");
    if (o->keep_script && o->script_only)
        return cli_usage_error("plot", "give --keep-script or --script-only, not both");
    if (o->occupancy) {
        if (o->device_count != 1 || !o->threads || !o->regs)
            return cli_usage_error("plot", "plot occupancy takes one --device, --threads and --regs");
        if (o->model_count || o->point_count || o->results_count || o->precision)
            return cli_usage_error("plot", "plot occupancy takes no --model, --point, --results or --precision");
    } else if (o->threads || o->regs || o->smem) {
        return cli_usage_error("plot", "--threads, --regs and --smem are for plot occupancy");
    }
    return EXIT_OK;
}

static int parse(int argc, char **argv, plot_options *o)
{
    int c, rc;
    remember_command(o, argc, argv);
    while ((c = cli_getopt(argc, argv, "D:o:", longopts)) != -1) {
        if (c == 'h')
            return cli_show_help(help);
        if ((rc = take_option(o, c)) == -2)
            return cli_bad_option("plot", argv, c);
        if (rc != EXIT_OK)
            return rc;
    }
    if (optind < argc && (strcmp(argv[optind], "occupancy") == 0 || strcmp(argv[optind], "roofline") == 0 ||
                          strcmp(argv[optind], "banks") == 0)) {
        o->occupancy = strcmp(argv[optind], "occupancy") == 0;
        o->banks = strcmp(argv[optind++], "banks") == 0;
    }
    if (optind < argc)
        return cli_usage_error("plot", "unexpected argument '%s'", argv[optind]);
    return check_options(o);
}

/* ---- the figure ------------------------------------------------------- */

typedef struct {
    gr_profile devices[MAX_ITEMS];
    gr_results results[MAX_ITEMS];
    size_t results_loaded;
    gr_roofline_inputs in;
} roofline_data;

/* "LABEL:INTENSITY:GFLOPS", the label free to hold colons itself. */
static bool parse_point(const char *text, gr_chart_point *p)
{
    const char *second = strrchr(text, ':');
    const char *first = second ? second - 1 : NULL;
    while (first && first >= text && *first != ':')
        first--;
    if (!second || !first || first < text || first == text) {
        cli_fail("--point '%s': expected LABEL:INTENSITY:GFLOPS", text);
        return false;
    }
    char intensity[64], gflops[64];
    snprintf(p->label, sizeof p->label, "%.*s", (int)(first - text), text);
    snprintf(intensity, sizeof intensity, "%.*s", (int)(second - first - 1), first + 1);
    snprintf(gflops, sizeof gflops, "%s", second + 1);
    return cli_double("--point", intensity, false, 1e-9, 1e9, &p->intensity) &&
           cli_double("--point", gflops, false, 1e-9, 1e12, &p->gflops);
}

static bool add_model(const plot_options *o, size_t i, gr_chart_point *p)
{
    static gr_model m;
    if (!cli_load_model(o->models[i], &o->defines[i], &m))
        return false;
    if (!m.has_intensity) {
        cli_fail("%s: no arithmetic intensity to draw", o->models[i]);
        return false;
    }
    snprintf(p->label, sizeof p->label, "%s", m.name);
    for (int d = 0; d < o->defines[i].count; d++)
        snprintf(p->label + strlen(p->label), sizeof p->label - strlen(p->label), " %s=%s",
                 o->defines[i].items[d].name, o->defines[i].items[d].value);
    p->intensity = m.intensity;
    return true;
}

static bool load_roofline(const plot_options *o, roofline_data *d)
{
    gr_roofline_inputs *in = &d->in;
    gr_error err;
    for (size_t i = 0; i < o->device_count; i++, in->device_count++) {
        if (!cli_load_device(o->profiles, o->devices[i], &d->devices[i]))
            return false;
        if (o->precision && !gr_profile_peak(&d->devices[i], o->precision))
            return cli_fail_no_peak(&d->devices[i], o->precision), false;
        in->devices[i] = &d->devices[i];
    }
    in->precision = o->precision;
    for (size_t i = 0; i < o->model_count; i++, in->model_count++)
        if (!add_model(o, i, &in->models[i]))
            return false;
    for (size_t i = 0; i < o->point_count; i++, in->point_count++)
        if (!parse_point(o->points[i], &in->points[i]))
            return false;
    for (size_t i = 0; i < o->results_count; i++, d->results_loaded++, in->results_count++) {
        if (!gr_results_load(o->results[i], &d->results[i], &err))
            return cli_fail("%s", err.text), false;
        in->results[i] = &d->results[i];
    }
    return true;
}

static bool build_roofline(const plot_options *o, gr_figure *fig, double width, double height)
{
    static roofline_data d;
    gr_error err;
    memset(&d, 0, sizeof d);
    d.in.width_in = width;
    d.in.height_in = height;
    bool ok = load_roofline(o, &d);
    if (ok && !(ok = gr_roofline_chart(&d.in, &fig->charts[0], &err)))
        cli_fail("%s", err.text);
    if (ok) {
        fig->chart_count = 1;
        snprintf(fig->title, sizeof fig->title, "%s", fig->charts[0].title);
    }
    for (size_t i = 0; i < d.results_loaded; i++)
        gr_results_free(&d.results[i]);
    return ok;
}

static bool build_banks(const plot_options *o, gr_figure *fig)
{
    static gr_results r;
    gr_error err;
    if (!gr_results_load(o->results[0], &r, &err))
        return cli_fail("%s", err.text), false;
    bool ok = gr_banks_chart(&r, &fig->charts[0], &err);
    gr_results_free(&r);
    if (!ok)
        return cli_fail("%s", err.text), false;
    fig->chart_count = 1;
    snprintf(fig->title, sizeof fig->title, "%s", fig->charts[0].title);
    return true;
}

static bool build_occupancy(const plot_options *o, gr_figure *fig)
{
    static gr_profile p;
    gr_sm_limits lim;
    gr_error err;
    int64_t threads, regs, smem = 0;
    if (!cli_load_device(o->profiles, o->devices[0], &p) ||
        !cli_int("--threads", o->threads, false, 1, 1 << 20, &threads) ||
        !cli_int("--regs", o->regs, false, 0, 1 << 20, &regs) ||
        (o->smem && !cli_int("--smem", o->smem, true, 0, INT64_C(1) << 40, &smem)))
        return false;
    gr_launch l = {(int)threads, (int)regs, smem};
    char title[200];
    snprintf(title, sizeof title, "%s (%s)", p.full_name, p.name);
    if (!gr_limits_from_profile(&p, -1, &lim, &err) || !gr_occupancy_figure(&lim, &l, title, fig, &err))
        return cli_fail("%s", err.text), false;
    return true;
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
    cli_fail("cannot read the chart style style.gp from %s (reinstall gpuroof)", dirs);
    return NULL;
}

static char *render(const plot_options *o, const gr_figure *fig, double width, double height, size_t *len)
{
    char *style = read_style(), *text = NULL;
    if (!style)
        return NULL;
    gr_script_options opt = {
        .terminal = has_extension(o->output, ".png") ? GR_TERMINAL_PNG : GR_TERMINAL_PDF,
        .width_in = width, .height_in = height, .output = o->output, .made_by = o->made_by, .style = style,
    };
    FILE *out = open_memstream(&text, len);
    bool ok = out && gr_gnuplot_write(out, fig, &opt);
    if (out && fclose(out) != 0)
        ok = false;
    free(style);
    if (!ok) {
        free(text);
        cli_fail("out of memory");
        return NULL;
    }
    return text;
}

static void script_path(const char *output, char *out, size_t size)
{
    snprintf(out, size, "%.*s.gp", (int)(strlen(output) - 4), output);
}

/* Writes the script where it is to be kept, or to a temporary file. */
static bool write_script(const plot_options *o, const char *text, size_t len, char *path, size_t size, bool *temp)
{
    gr_error err;
    *temp = !o->keep_script && !o->script_only;
    if (*temp) {
        char pattern[1024];
        snprintf(pattern, sizeof pattern, "%s/gpuroof-plot.gp", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!gr_temp_beside(pattern, path, size, &err))
            return cli_fail("%s", err.text), false;
    } else {
        script_path(o->output, path, size);
    }
    if (!gr_write_file_atomic(path, text, len, &err))
        return cli_fail("%s", err.text), false;
    return true;
}

static int draw(const plot_options *o, const gr_figure *fig, double width, double height)
{
    size_t len;
    char *text = render(o, fig, width, height, &len);
    char path[4096];
    bool temp;
    if (!text)
        return EXIT_INPUT;
    bool ok = write_script(o, text, len, path, sizeof path, &temp);
    if (ok && !o->script_only && !plot_run_gnuplot(path, o->output)) {
        ok = false;
        if (temp) { /* keep what failed beside the chart that could not be made */
            char kept[4096];
            gr_error err;
            script_path(o->output, kept, sizeof kept);
            if (gr_write_file_atomic(kept, text, len, &err))
                fprintf(stderr, "gpuroof: the script is kept in %s\n", kept);
        }
    }
    if (temp)
        unlink(path);
    free(text);
    return ok ? EXIT_OK : EXIT_INPUT;
}

int cmd_plot(int argc, char **argv)
{
    static plot_options o;
    static gr_figure fig;
    memset(&o, 0, sizeof o);
    memset(&fig, 0, sizeof fig);
    bool go_on;
    int rc = cli_parsed(parse(argc, argv, &o), &go_on);
    if (!go_on)
        return rc;
    double width = o.occupancy ? 11 : 7.5, height = o.occupancy ? 3.6 : 5;
    bool built = o.banks ? build_banks(&o, &fig)
                 : o.occupancy ? build_occupancy(&o, &fig) : build_roofline(&o, &fig, width, height);
    if (!built)
        return EXIT_INPUT;
    rc = draw(&o, &fig, width, height);
    gr_figure_free(&fig);
    return rc;
}
