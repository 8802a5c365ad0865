/* gpuroof kernels: what each compiled kernel uses (registers, shared
 * memory, stack, spills, local and constant memory), from nvcc's report,
 * cuobjdump's listing, a cubin or a binary; with a device, the occupancy
 * each reaches. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "commands.h"
#include "kernels_output.h"
#include "gpuroof_kernels.h"

static const char usage[] =
    "Usage: gpuroof kernels FILE... [--arch sm_XX] [--device NAME] [--kernel PATTERN [--glob]]\n"
    "                       [--profiles DIR] [--json]\n"
    "\n"
    "What each compiled kernel uses, per architecture: registers, its own static\n"
    "shared memory, stack frame, spill stores and loads, local and constant memory.\n"
    "FILE is the report of nvcc --resource-usage (or -Xptxas -v), '-' for standard\n"
    "input; the listing of cuobjdump --dump-resource-usage; a cubin; or an executable,\n"
    "object, shared or static library with CUDA code, whose cubins are read directly,\n"
    "compressed ones (zstd, LZ4) decompressed one at a time.  A file that does not\n"
    "read is named on standard error and the others are still listed; the exit\n"
    "status is then 1.\n";

static const char notes[] =
    "Example: nvcc --resource-usage -arch=sm_90 -c k.cu 2>&1 | gpuroof kernels - --device h100\n"
    "With --device, each kernel runs at its __launch_bounds__ block size, or else at the one\n"
    "occupancy --suggest picks, and the runtime's reserved shared memory is counted once.\n"
    "--kernel takes a name as the demangler or Nsight Compute spells it, with or without its\n"
    "return type, parameters and namespaces ('transpose(const float *, float *, int)'),\n"
    "a glob (a pattern with *, ? or [ and no parameter list, or any with --glob), or a part\n"
    "of the name; every kernel matching as closely as the closest does is listed.\n";

static int take_arch(const char *command, void *parsed, const char *value)
{
    gr_sm sm;
    (void)parsed;
    if (!gr_sm_parse(value, strlen(value), &sm))
        return cli_usage_error(command, "--arch takes an architecture such as sm_90, not '%s'", value);
    return EXIT_OK;
}

#define T kernels_options
static const cli_option options[] = {
    CLI_OPT_STRING(T, arch, .name = "arch", .arg = "sm_XX", .take = take_arch,
                   .help = "only the kernels compiled for that architecture (with --device, default: the one the "
                           "device runs)"),
    CLI_OPT_STRING(T, device, .name = "device", .arg = "NAME|FILE",
                   .help = "each kernel's occupancy on that GPU: block size, blocks per SM, occupancy and the limiter"),
    CLI_OPT_STRING(T, kernel, .name = "kernel", .arg = "PATTERN",
                   .help = "only the kernels it names: a name in either spelling (pasted from Nsight Compute or the "
                           "demangler), a glob or a part of it"),
    CLI_OPTION_GLOB(T),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
};
#undef T

static const cli_group groups[] = {
    {CLI_NEEDS, "glob kernel", NULL},
    {0},
};

static const cli_spec spec = {"kernels", usage, notes, options, sizeof options / sizeof options[0], groups};

static bool read_device(const kernels_options *o, gr_profile *device, gr_sm_limits *limits)
{
    if (!cli_load_device(o->profiles, o->device, device))
        return false;
    gr_error err;
    if (!gr_limits_from_profile(device, -1, limits, &err))
        return cli_error("%s", err.text);
    return true;
}

/* Every file, each that does not read named on its own line as it is
 * read; the report takes their lists. */
static void read_files(const kernels_options *o, cli_kernel_file *read, gr_kernels_source *sources)
{
    for (int i = 0; i < o->file_count; i++) {
        bool ok = cli_read_kernels(o->files[i], &read[i]);
        sources[i] = (gr_kernels_source){.shown = read[i].shown, .read = ok, .error = read[i].error,
                                         .list = read[i].list};
    }
}

/* Whether the report shows f; where it read but is not shown (no code
 * for the architecture or the device), its line.  A file that did not
 * read was named as it was read. */
static bool file_shown(const gr_kernels_file *f)
{
    char error[1024];
    if (f->status == GR_KERNELS_FILE_SHOWN || f->status == GR_KERNELS_FILE_UNREAD)
        return f->status == GR_KERNELS_FILE_SHOWN;
    return cli_error("%s", cli_kernels_file_error(f, error, sizeof error));
}

/* EXIT_INPUT where any file is not shown, each named. */
static int report_files(const gr_kernels_report *r)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < r->file_count; i++)
        if (!file_shown(&r->files[i]))
            rc = EXIT_INPUT;
    return rc;
}

/* --kernel that picks nothing in any file read: one line, exit 1. */
static int no_kernel_picked(const kernels_options *o, const gr_kernels_report *r)
{
    const gr_kernels_file *last = &r->files[r->last_shown];
    if (r->files_shown > 1)
        return cli_fail("no kernel in the %zu files read matches '%s' (gpuroof kernels FILE lists them)",
                        r->files_shown, o->kernel);
    if (last->filtered)
        return cli_fail("no kernel for %s in %s matches '%s' (gpuroof kernels FILE lists them)",
                        GR_SM_NAME(last->sm), last->shown, o->kernel);
    return cli_fail("no kernel in %s matches '%s' (gpuroof kernels FILE lists them)", last->shown, o->kernel);
}

static int show(const kernels_options *o, const gr_kernels_report *r, json_t **json)
{
    int rc = report_files(r);
    if (r->files_shown == 0)
        return rc; /* each file's line is printed: nothing to show */
    if (o->kernel && r->row_count == 0)
        return no_kernel_picked(o, r);
    if (o->json) {
        int put = cli_put_json(kernels_json(r), json);
        return put != EXIT_OK ? put : rc;
    }
    kernels_print_text(r);
    return rc;
}

/* The files read, then the report built from them and the request. */
static int build_and_show(const kernels_options *o, const gr_kernels_request *request, cli_kernel_file *read,
                          gr_kernels_source *sources, json_t **json)
{
    gr_kernels_report report;
    gr_error err;
    read_files(o, read, sources);
    if (!gr_kernels_report_build(sources, (size_t)o->file_count, request, &report, &err))
        return cli_fail("%s", err.text); /* the lists are freed: the report took them */
    int rc = show(o, &report, json);
    gr_kernels_report_free(&report);
    return rc;
}

int cmd_kernels_run(const kernels_options *o, json_t **json)
{
    gr_profile device;
    gr_sm_limits limits;
    gr_kernels_request request = {.arch = o->arch, .kernel_pattern = o->kernel, .glob = o->glob};
    if (o->device && !read_device(o, &device, &limits))
        return EXIT_INPUT;
    if (o->device) {
        request.device = &device;
        request.limits = &limits;
    }
    cli_kernel_file *read = calloc((size_t)o->file_count, sizeof *read);
    gr_kernels_source *sources = calloc((size_t)o->file_count, sizeof *sources);
    int rc = read && sources ? build_and_show(o, &request, read, sources, json) : cli_fail("out of memory");
    free(read);
    free(sources);
    return rc;
}

int cmd_kernels(int argc, char **argv)
{
    kernels_options o = {0};
    int operand, rc = cli_parse(&spec, argc, argv, &o, &operand);
    if (rc != EXIT_OK)
        return cli_parse_stopped(rc);
    if (operand >= argc)
        return cli_usage_error("kernels", "give at least one FILE (the report of nvcc --resource-usage, '-', "
                                          "a cubin or a binary)");
    o.file_count = argc - operand;
    o.files = argv + operand;
    return cmd_kernels_run(&o, NULL);
}
