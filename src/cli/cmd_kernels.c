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
    "Usage: gpuroof kernels FILE... [--arch sm_XX] [--device NAME] [--profiles DIR] [--json]\n"
    "\n"
    "What each compiled kernel uses, per architecture: registers, its own static\n"
    "shared memory, stack frame, spill stores and loads, local and constant memory.\n"
    "FILE is the report of nvcc --resource-usage (or -Xptxas -v), '-' for standard\n"
    "input; the listing of cuobjdump --dump-resource-usage; a cubin; or an executable,\n"
    "object, shared or static library with CUDA code, whose cubins are read directly,\n"
    "compressed ones (zstd, LZ4) decompressed one at a time.\n";

static const char notes[] =
    "Example: nvcc --resource-usage -arch=sm_90 -c k.cu 2>&1 | gpuroof kernels - --device h100\n"
    "With --device, each kernel runs at its __launch_bounds__ block size, or else at the one\n"
    "occupancy --suggest picks, and the runtime's reserved shared memory is counted once.\n";

static int take_arch(const char *command, void *parsed, const char *value)
{
    gr_sm sm;
    (void)parsed;
    if (!gr_sm_parse(value, strlen(value), &sm))
        return cli_usage_error(command, "--arch takes an architecture such as sm_90, not '%s'", value);
    return EXIT_OK;
}

#define FIELD(name) offsetof(kernels_options, name)
static const cli_option options[] = {
    {.name = "arch", .arg = "sm_XX", .offset = FIELD(arch), .take = take_arch,
     .help = "only the kernels compiled for that architecture (with --device, default: the one the device runs)"},
    {.name = "device", .arg = "NAME|FILE", .offset = FIELD(device),
     .help = "each kernel's occupancy on that GPU: block size, blocks per SM, occupancy and the limiter"},
    CLI_OPTION_PROFILES(kernels_options),
    CLI_OPTION_JSON(kernels_options),
};
#undef FIELD

static const cli_spec spec = {"kernels", usage, notes, options, sizeof options / sizeof options[0]};

/* The kernels of f to show: those of --arch, or with a device those of
 * the architecture it runs; all of them otherwise. */
static bool choose_sm(const kernels_options *o, const kernels_device *d, const cli_kernel_file *f, kernels_view *v)
{
    gr_sm_set sms;
    char names[256];
    gr_kernel_list_sms(&f->list, &sms);
    gr_sm_set_names(&sms, names, sizeof names);
    v->filtered = o->arch != NULL || d != NULL;
    if (o->arch) {
        gr_sm_parse(o->arch, strlen(o->arch), &v->sm);
        for (int i = 0; i < sms.count; i++)
            if (gr_sm_equal(sms.items[i], v->sm))
                return true;
        return cli_error("%s has no code for %s; it has %s", f->shown, o->arch, sms.count ? names : "no kernels");
    }
    v->by_device = d != NULL;
    v->cc_major = d ? d->profile.cc_major : 0;
    v->cc_minor = d ? d->profile.cc_minor : 0;
    if (d && !gr_kernel_sm_for_device(&f->list, d->profile.cc_major, d->profile.cc_minor, &v->sm))
        return cli_error("%s has no code that %s (sm_%d%d) runs; it has %s (--arch picks one anyway)", f->shown,
                         d->profile.name, d->profile.cc_major, d->profile.cc_minor,
                         sms.count ? names : "no kernels");
    return true;
}

/* With a device, all its code of the number it runs: sm_90a and sm_90 on
 * the H100 (the driver loads the first where a kernel has both). */
bool kernels_view_shows(const kernels_view *v, const gr_kernel *k)
{
    if (!v->filtered || gr_sm_equal(k->sm, v->sm))
        return true;
    return v->by_device && k->sm.number == v->sm.number && gr_sm_runs_on(k->sm, v->cc_major, v->cc_minor);
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
    *out = (kernel_occupancy){.launch = {0, clamped(k->registers), k->shared_static_bytes}};
    if (k->registers < 0) {
        snprintf(out->error, sizeof out->error, "its file records no register count");
        return;
    }
    if (k->max_threads > 0) {
        out->launch.threads_per_block = clamped(k->max_threads);
        out->from_bounds = true;
    } else {
        gr_suggestion s;
        if (!gr_occupancy_suggest(&d->limits, &out->launch, &s, &err)) {
            snprintf(out->error, sizeof out->error, "%s", err.text);
            return;
        }
        out->launch.threads_per_block = s.threads_per_block;
    }
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

static int read_files(const kernels_options *o, const kernels_device *d, kernels_view *views)
{
    for (int i = 0; i < o->file_count; i++) {
        if (!cli_read_kernels(o->files[i], &views[i].file) || !choose_sm(o, d, &views[i].file, &views[i]))
            return EXIT_INPUT;
    }
    return EXIT_OK;
}

int cmd_kernels_run(const kernels_options *o, json_t **json)
{
    kernels_device device;
    const kernels_device *d = o->device ? &device : NULL;
    if (d && !read_device(o, &device))
        return EXIT_INPUT;
    kernels_view *views = calloc((size_t)o->file_count, sizeof *views);
    if (!views)
        return cli_fail("out of memory");
    int rc = read_files(o, d, views);
    if (rc == EXIT_OK && o->json)
        rc = cli_put_json(kernels_json(views, (size_t)o->file_count, d), json);
    else if (rc == EXIT_OK)
        kernels_print_text(views, (size_t)o->file_count, d);
    for (int i = 0; i < o->file_count; i++)
        cli_kernel_file_free(&views[i].file);
    free(views);
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
