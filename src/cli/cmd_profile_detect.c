/* gpuroof profile detect: a profile of the local GPU, from
 * cudaGetDeviceProperties and the compute capability's rules, with its
 * ceilings measured; where it differs from the shipped profile. */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "commands.h"

#ifndef HAVE_CUDA
int cmd_profile_detect_run(const profile_options *o)
{
    (void)o;
    return cli_fail("profile detect needs the CUDA kernels, and this gpuroof was built without CUDA: install the "
                    "CUDA toolkit and run ./configure --with-cuda[=DIR], then make");
}
#else
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"
#include "gpuroof_files.h"
#include "measure.h"

static bool render(const measure_run *r, const gr_arch *a, char **text, size_t *len)
{
    gr_roofs roofs;
    gr_roofs_fill(NULL, &r->file, NULL, &roofs);
    const gr_measured_ceilings measured = {gr_roofs_dram_gbs(&roofs), gr_roofs_peak_gflops(&roofs, "fp32"),
                                           gr_roofs_peak_gflops(&roofs, "fp64")};
    gr_profile p;
    gr_error err;
    gr_profile_from_gpu(&r->device, a, &measured, &p);
    snprintf(p.source, sizeof p.source, "cudaGetDeviceProperties and the rules of compute capability %d.%d "
             "(gpuroof %s, %s); measured: gpuroof's DRAM and FMA kernels", p.cc_major, p.cc_minor,
             PACKAGE_VERSION, r->file.provenance.date);
    return gr_profile_write_yaml(&p, text, len, &err) || cli_error("%s", err.text);
}

static bool print_differences(FILE *out, const gr_profile *found, const gr_profile *shipped)
{
    enum { MAX_DIFFERENCES = GR_PROFILE_FIELDS_MAX + GR_MAX_PEAKS }; /* every field and peak */
    gr_profile_difference *differences = malloc(MAX_DIFFERENCES * sizeof *differences);
    if (!differences)
        return cli_error("out of memory");
    size_t count = gr_profile_differences(found, shipped, differences, MAX_DIFFERENCES);
    fprintf(out, "Compared with the shipped profile %s (%s):\n", shipped->name, shipped->path);
    for (size_t i = 0; i < count && i < MAX_DIFFERENCES; i++)
        fprintf(out, "  %-36s shipped %s, this GPU %s\n", differences[i].path, differences[i].other_value,
                differences[i].value);
    if (count == 0)
        fprintf(out, "  every figure agrees\n");
    free(differences);
    return true;
}

/* Writes what render made where -o says, once it loads as a profile. */
static bool write_profile(const char *output, const char *text, size_t len, gr_profile *found)
{
    gr_error err;
    /* what detect writes, gpuroof must read: a failure here is gpuroof's fault */
    if (!gr_profile_load_buffer(output ? output : "(the detected profile)", text, len, found, &err))
        return cli_error("the detected profile does not load: %s", err.text);
    if (output && !gr_write_file_atomic(output, text, len, &err))
        return cli_error("%s", err.text);
    if (!output)
        fwrite(text, 1, len, stdout);
    return true;
}

static int detect(const profile_options *o, measure_run *r)
{
    measure_plan plan = {.ceilings = true, .repeats = 10};
    gr_error err;
    gr_arch arch;
    if (!measure_open_device(0, &r->device, &err))
        return cli_fail("%s", err.text);
    if (!gr_arch_of(r->device.cc_major, r->device.cc_minor, &arch))
        return cli_fail("%s: compute capability %d.%d is not in gpuroof's table (src/core/profile/arch.c)", r->device.name,
                        r->device.cc_major, r->device.cc_minor);
    gr_results_date(&r->file, time(NULL));
    char *text;
    size_t len;
    gr_profile found;
    if (!measure_ceilings(r, &plan) || !render(r, &arch, &text, &len))
        return EXIT_INPUT;
    bool ok = write_profile(o->output, text, len, &found);
    free(text);
    gr_profile_list list = {0};
    const gr_profile *shipped = ok ? cli_find_gpu_profile(o->profiles, &r->device, &list) : NULL;
    if (shipped && !print_differences(o->output ? stdout : stderr, &found, shipped))
        ok = false;
    gr_profile_list_free(&list);
    return ok ? EXIT_OK : EXIT_INPUT;
}

int cmd_profile_detect_run(const profile_options *o)
{
    measure_run *r = malloc(sizeof *r); /* too large for the stack */
    if (!r)
        return cli_fail("out of memory");
    measure_run_init(r);
    int rc = detect(o, r);
    measure_run_free(r);
    free(r);
    return rc;
}
#endif
