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
#include "kernel_select.h"
#include "kernels_output.h"
#include "occupancy_tools.h"

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
    CLI_OPT_FLAG(T, glob, .name = "glob", .help = "--kernel's PATTERN is a glob, even a pasted signature with * in it"),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
};
#undef T

static const cli_group groups[] = {
    {CLI_NEEDS, "glob kernel", NULL},
    {0},
};

static const cli_spec spec = {"kernels", usage, notes, options, sizeof options / sizeof options[0], groups};

/* The kernels of the view's file to show: those of --arch, or with a
 * device those of the architecture it runs; all of them otherwise. */
static bool choose_sm(const kernels_options *o, const kernels_device *d, kernels_view *v)
{
    gr_sm_set sms;
    char names[256];
    const cli_kernel_file *f = &v->file;
    gr_kernel_list_sms(&f->list, &sms);
    gr_sm_set_names(&sms, names, sizeof names);
    v->filtered = o->arch != NULL || d != NULL;
    if (o->arch) {
        gr_sm_parse(o->arch, strlen(o->arch), &v->sm);
        for (int i = 0; i < sms.count; i++)
            if (gr_sm_equal(sms.items[i], v->sm))
                return true;
        return cli_error_kept(v->file.error, sizeof v->file.error, "%s has no code for %s; it has %s", f->shown,
                              o->arch, sms.count ? names : "no kernels");
    }
    v->by_device = d != NULL;
    v->cc_major = d ? d->profile.cc_major : 0;
    v->cc_minor = d ? d->profile.cc_minor : 0;
    if (d && !gr_kernel_sm_for_device(&f->list, d->profile.cc_major, d->profile.cc_minor, &v->sm))
        return cli_error_kept(v->file.error, sizeof v->file.error,
                              "%s has no code that %s (sm_%d%d) runs; it has %s (--arch picks one anyway)", f->shown,
                              d->profile.name, d->profile.cc_major, d->profile.cc_minor,
                              sms.count ? names : "no kernels");
    return true;
}

/* With a device, all its code of the number it runs: sm_90a and sm_90 on
 * the H100 (the driver loads the first where a kernel has both). */
bool kernels_view_shows(const kernels_view *v, const gr_kernel *k)
{
    bool sm_shown = !v->filtered || gr_sm_equal(k->sm, v->sm) ||
                    (v->by_device && k->sm.number == v->sm.number && gr_sm_runs_on(k->sm, v->cc_major, v->cc_minor));
    return sm_shown && (!v->selected || v->selected[k - v->file.list.kernels]);
}

/* Figures too large for an int are no launch: the occupancy computation
 * refuses them by name. */
static int clamped(int64_t n)
{
    return n > 1 << 20 ? 1 << 20 : (int)n;
}

void kernels_occupancy(const kernels_device *d, const gr_kernel *k, kernel_occupancy *out)
{
    gr_error err;
    gr_block_choice block;
    *out = (kernel_occupancy){.launch = {0, clamped(k->registers), k->shared_static_bytes}};
    if (k->registers < 0) {
        snprintf(out->error, sizeof out->error, "its file records no register count");
        return;
    }
    if (!gr_kernel_block_size(&d->limits, &out->launch, k->max_threads, &block, &err)) {
        snprintf(out->error, sizeof out->error, "%s", err.text);
        return;
    }
    out->launch.threads_per_block = block.threads_per_block;
    out->from_bounds = block.from == GR_BLOCK_FROM_BOUNDS;
    out->valid = gr_occupancy_compute(&d->limits, &out->launch, &out->occ, &err);
    if (!out->valid)
        snprintf(out->error, sizeof out->error, "%s", err.text);
}

static bool read_device(const kernels_options *o, kernels_device *d)
{
    if (!cli_load_device(o->profiles, o->device, &d->profile))
        return false;
    gr_error err;
    if (!gr_limits_from_profile(&d->profile, -1, &d->limits, &err))
        return cli_error("%s", err.text);
    return true;
}

/* The kernels --kernel picks in v's file. */
static bool select_kernels(const gr_name_pattern *pattern, kernels_view *v)
{
    size_t count;
    gr_error err;
    v->selected = calloc(v->file.list.count ? v->file.list.count : 1, sizeof *v->selected);
    if (!v->selected)
        return cli_error_kept(v->file.error, sizeof v->file.error, "%s: out of memory", v->file.shown);
    if (!gr_kernel_select(&v->file.list, pattern, v->selected, &count, &err))
        return cli_error_kept(v->file.error, sizeof v->file.error, "%s", err.text);
    return true;
}

/* Every file, each that does not read named on its own line: the rest
 * are still shown.  EXIT_INPUT where any did not read. */
static int read_files(const kernels_options *o, const kernels_device *d, const gr_name_pattern *pattern,
                      kernels_view *views)
{
    int rc = EXIT_OK;
    for (int i = 0; i < o->file_count; i++) {
        kernels_view *v = &views[i];
        v->pattern = pattern ? pattern->given : NULL;
        v->failed = !cli_read_kernels(o->files[i], &v->file) || !choose_sm(o, d, v) ||
                    (pattern && !select_kernels(pattern, v));
        if (v->failed)
            rc = EXIT_INPUT;
    }
    return rc;
}

static size_t shown_kernels(const kernels_view *views, int count)
{
    size_t n = 0;
    for (int f = 0; f < count; f++)
        for (size_t i = 0; !views[f].failed && i < views[f].file.list.count; i++)
            n += kernels_view_shows(&views[f], &views[f].file.list.kernels[i]);
    return n;
}

/* --kernel that picks nothing in any file read: one line, exit 1. */
static int no_kernel_picked(const kernels_options *o, const kernels_view *views, int read, int last)
{
    char sm[GR_SM_NAME_SIZE];
    if (read > 1)
        return cli_fail("no kernel in the %d files read matches '%s' (gpuroof kernels FILE lists them)", read,
                        o->kernel);
    if (views[last].filtered)
        return cli_fail("no kernel for %s in %s matches '%s' (gpuroof kernels FILE lists them)",
                        gr_sm_name(views[last].sm, sm), views[last].file.shown, o->kernel);
    return cli_fail("no kernel in %s matches '%s' (gpuroof kernels FILE lists them)", views[last].file.shown,
                    o->kernel);
}

static int show(const kernels_options *o, const kernels_device *d, const kernels_view *views, int rc,
                json_t **json)
{
    int read = 0, last = 0;
    for (int i = 0; i < o->file_count; i++)
        if (!views[i].failed)
            read++, last = i;
    if (read == 0)
        return rc; /* each file's line is printed: nothing to show */
    if (o->kernel && shown_kernels(views, o->file_count) == 0)
        return no_kernel_picked(o, views, read, last);
    if (o->json) {
        int put = cli_put_json(kernels_json(views, (size_t)o->file_count, d), json);
        return put != EXIT_OK ? put : rc;
    }
    kernels_print_text(views, (size_t)o->file_count, d);
    return rc;
}

int cmd_kernels_run(const kernels_options *o, json_t **json)
{
    kernels_device device;
    const kernels_device *d = o->device ? &device : NULL;
    gr_name_pattern pattern;
    gr_error err;
    if (d && !read_device(o, &device))
        return EXIT_INPUT;
    if (o->kernel && !gr_name_pattern_init(&pattern, o->kernel, o->glob, &err))
        return cli_fail("%s", err.text);
    kernels_view *views = calloc((size_t)o->file_count, sizeof *views);
    int rc = views ? read_files(o, d, o->kernel ? &pattern : NULL, views) : cli_fail("out of memory");
    if (views)
        rc = show(o, d, views, rc, json);
    for (int i = 0; views && i < o->file_count; i++) {
        cli_kernel_file_free(&views[i].file);
        free(views[i].selected);
    }
    free(views);
    if (o->kernel)
        gr_name_pattern_free(&pattern);
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
