/* gpuroof trace: a run as torch.profiler recorded it (Kineto's trace,
 * .json or .json.gz), read as a stream: where each GPU's time went and
 * each kernel's launches, occupancy and the limits its configuration
 * decides (src/core/trace). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "cli.h"
#include "commands.h"
#include "gpuroof_trace.h"
#include "trace_output.h"
#include "trace_compare.h"

static const char usage[] =
    "Usage: gpuroof trace FILE... [--device NAME] [--ncu REPORT] [--ncu-plan] [--launches] [--top N]\n"
    "                             [--kernel PATTERN [--glob]] [--html FILE.html] [--profiles DIR] [--json]\n"
    "       gpuroof trace --compare SUMMARY... [--json]\n"
    "\n"
    "A run as torch.profiler recorded it: the trace export_chrome_trace writes\n"
    "(.json, or .json.gz as it is often kept; '-' for standard input), read as a\n"
    "stream.  Where each GPU's time went (busy, and idle waiting for the host, on\n"
    "another stream, or otherwise), then each kernel, longest first: its launches,\n"
    "time, launch configuration, gpuroof's occupancy and what limits it, and the\n"
    "limits the configuration alone decides (waves, a small grid, launches a few\n"
    "launch floors long).\n"
    "\n"
    "--launches makes the table one row a launch, longest first.  Every other view\n"
    "holds the distinct kernels in memory; --launches without --top keeps a record\n"
    "of each launch (72 bytes), so that its memory grows with the run: --top N keeps\n"
    "the N longest alone.\n"
    "\n"
    "--kernel matches as ncu --kernel does (a whole name in either demangler's\n"
    "spelling, Kineto's or Nsight Compute's, a glob, a part of the name): the table\n"
    "and the launches are those of the kernels it picks.\n"
    "\n"
    "Several FILEs are the ranks of one job (a torchrun job's traces, one a rank),\n"
    "read one after another: each rank's step time (the span of its GPU activity),\n"
    "busy and idle, and the straggler named (the rank whose step is longest, more\n"
    "than 5% over the median of the others) with what makes it slower: the kernels\n"
    "that take longer there, and the idle time waiting for the host.  --compare does\n"
    "the same from the summaries gpuroof trace --json wrote of the traces, each on\n"
    "the node where its traces were (srun gpuroof trace --json ...): the traces\n"
    "never travel.\n";

static const char notes[] =
    "Example: gpuroof trace tests/data/trace/h200/step-trace.json.gz --top 5\n"
    "The trace's GPU is found among the profiles by its device properties; --device names one.\n";

#define T trace_options
static const cli_option options[] = {
    CLI_OPT_STRING(T, device, .name = "device", .arg = "NAME|FILE",
                   .help = "the GPU's profile (default: the one the trace's device properties describe)"),
    CLI_OPT_INT(T, top, CLI_COUNT, 1, 1000000000, .name = "top", .arg = "N",
                .help = "only the N longest kernels (the rest counted, with their share of the time)"),
    CLI_OPT_FLAG(T, launches, .name = "launches",
                 .help = "one row a launch, longest first: its start, stream, occupancy and limits"),
    CLI_OPT_STRING(T, kernel, .name = "kernel", .arg = "PATTERN",
                   .help = "only the kernels it names: a name in either spelling (Kineto's or Nsight Compute's), a "
                           "glob or a part of it"),
    CLI_OPTION_GLOB(T),
    CLI_OPT_PATH(T, html, .name = "html", .arg = "FILE.html",
                 .help = "also write the header and the table as one self-contained page, sortable"),
    CLI_OPT_PATH(T, ncu, .name = "ncu", .arg = "REPORT",
                   .help = "Nsight Compute's report of the same program (its CSV, or an .ncu-rep): each kernel's "
                           "limiter joined to the trace"),
    CLI_OPT_FLAG(T, ncu_plan, .name = "ncu-plan",
                 .help = "print the ncu command that profiles the longest kernels (--top N, else 10) once each, "
                         "instead of the table"),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
    CLI_OPT_FLAG(T, compare, .name = "compare",
                 .help = "the FILEs are summaries gpuroof trace --json wrote, one a rank or a node: their ranks compared"),
};
#undef T

static const cli_group groups[] = {
    {CLI_NEEDS, "glob kernel", NULL},
    {CLI_EXCLUSIVE, "compare device/top/profiles", "--compare reads summaries, not traces"},
    {0},
};

static const cli_spec spec = {"trace", usage, notes, options, sizeof options / sizeof options[0], groups};

/* The trace's bytes, decompressed where they are gzip's, fed to the reader. */
static bool feed(gzFile in, const char *shown, gr_trace_run *run)
{
    enum { CHUNK = 1 << 18 };
    char *buf = malloc(CHUNK);
    gr_trace_handlers h = gr_trace_run_handlers(run);
    gr_trace_reader *r = gr_trace_reader_new(shown, &h);
    gr_error err;
    bool ok = buf && r;
    int n = 0;
    while (ok && (n = gzread(in, buf, CHUNK)) > 0)
        ok = gr_trace_reader_feed(r, buf, (size_t)n, &err);
    if (ok && n < 0)
        ok = gr_error_set(&err, "%s: not a gzip stream that reads to its end", shown);
    ok = ok && gr_trace_reader_finish(r, &err);
    if (!buf || !r)
        gr_error_set(&err, "out of memory");
    gr_trace_reader_free(r);
    free(buf);
    if (!ok)
        return cli_error("%s", err.text);
    return true;
}

bool trace_read_file(const char *file, gr_trace_run *run)
{
    bool from_stdin = strcmp(file, "-") == 0;
    gzFile in = from_stdin ? gzdopen(dup(STDIN_FILENO), "rb") : gzopen(file, "rb");
    if (!in)
        return cli_error("%s: %s", cli_input_shown(file), strerror(errno));
    bool ok = feed(in, cli_input_shown(file), run);
    gzclose(in);
    if (ok && !gr_trace_run_finish(run))
        return cli_error("%s: out of memory picking the kernels", cli_input_shown(file));
    return ok;
}

static bool start(const trace_options *o, gr_profile *given, gr_profile_list *list, gr_trace_run *run)
{
    gr_error err;
    if (o->device && !cli_load_device(o->profiles, o->device, given))
        return false;
    if (!o->device && !cli_load_profiles(o->profiles, list))
        return false;
    if (!gr_trace_run_init(run, o->device ? given : NULL, o->device ? NULL : list, &err))
        return cli_error("%s", err.text);
    if (o->launches)
        gr_trace_run_keep_launches(run, o->top.given ? (size_t)o->top.value : 0);
    if (o->kernel && !gr_trace_run_pick(run, o->kernel, o->glob, &err))
        return cli_error("%s", err.text);
    return true;
}

int cmd_trace_run(const trace_options *o, json_t **json)
{
    if (o->compare || o->file_count > 1)
        return trace_compare_run(o, json);
    gr_profile given;
    gr_profile_list list = {0};
    gr_trace_run *run = calloc(1, sizeof *run); /* two profiles: large for the stack */
    trace_ncu *ncu = calloc(1, sizeof *ncu);
    if (!run || !ncu) {
        free(run);
        free(ncu);
        return cli_fail("out of memory");
    }
    int rc = EXIT_OK;
    if (!start(o, &given, &list, run) || !trace_read_file(o->file, run) || !trace_picked_some(o, run) ||
        (o->ncu && !trace_ncu_join(o, run, ncu)))
        rc = EXIT_INPUT;
    else if (o->ncu_plan)
        rc = trace_put_plan(o, run, json);
    else if (o->json)
        rc = trace_put_json(o, run, json);
    else
        trace_print_text(o, run);
    if (rc == EXIT_OK && o->html && !trace_write_html(o, run))
        rc = EXIT_INPUT;
    trace_ncu_free(ncu);
    gr_trace_run_free(run);
    gr_profile_list_free(&list);
    free(run);
    free(ncu);
    return rc;
}

int cmd_trace(int argc, char **argv)
{
    trace_options o = {0};
    int operand, rc = cli_parse(&spec, argc, argv, &o, &operand);
    if (rc != EXIT_OK)
        return cli_parse_stopped(rc);
    if (operand == argc)
        return cli_usage_error("trace", o.compare ? "give the SUMMARY files gpuroof trace --json wrote"
                                                  : "give a FILE: a trace as torch.profiler's export_chrome_trace "
                                                    "writes it, or one a rank");
    o.file = argv[operand];
    o.files = argv + operand;
    o.file_count = argc - operand;
    if (o.ncu && strcmp(o.ncu, "-") == 0 && strcmp(o.file, "-") == 0)
        return cli_usage_error("trace", "the trace and --ncu's report cannot both come from standard input");
    return cmd_trace_run(&o, NULL);
}
