/* The ncu command's report, device and roofs (ncu_output.h): what the
 * text and the JSON both show. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "ncu_output.h"

/* --device against the GPU the report names (its compute capability,
 * SMs where the raw page says): a report from another GPU is held
 * against roofs it never had, which no one may miss. */
static void check_device(ncu_view *v)
{
    const gr_gpu_info *gpu = &v->report.gpu;
    const gr_profile *p = &v->profile;
    char reported[200];
    bool cc_known = gpu->cc_major > 0 || v->report.cc[0];
    if (!cc_known)
        return;
    bool cc_differs = gpu->cc_major != p->cc_major || gpu->cc_minor != p->cc_minor;
    bool sms_differ = gpu->sm_count > 0 && p->sm_count > 0 && gpu->sm_count != p->sm_count;
    if (!cc_differs && !sms_differ)
        return;
    v->other_gpu = true;
    if (gpu->sm_count > 0)
        snprintf(reported, sizeof reported, "%s (compute capability %d.%d, %d SMs)",
                 gpu->name[0] ? gpu->name : "a GPU", gpu->cc_major, gpu->cc_minor, gpu->sm_count);
    else
        snprintf(reported, sizeof reported, "a GPU of compute capability %d.%d", gpu->cc_major, gpu->cc_minor);
    fprintf(stderr, "gpuroof: %s: warning: the report is of %s, --device %s of %s (compute capability %d.%d, %d "
            "SMs): its roofs and occupancy rules may not fit these launches\n", v->shown, reported, p->name,
            p->full_name, p->cc_major, p->cc_minor, p->sm_count);
}

/* The profile the launches are held against: --device, or the shipped
 * profile of the GPU the report names. */
static bool choose_profile(const ncu_options *o, ncu_view *v)
{
    const gr_gpu_info *gpu = &v->report.gpu;
    if (o->device) {
        if (!cli_load_device(o->profiles, o->device, &v->profile))
            return false;
        v->has_profile = true;
        snprintf(v->device_note, sizeof v->device_note, "%s (%s), as --device asks", v->profile.name,
                 v->profile.full_name);
        check_device(v);
        return true;
    }
    if (gpu->name[0] == '\0' || gpu->sm_count == 0) {
        snprintf(v->device_note, sizeof v->device_note,
                 "none: the report does not say which GPU it ran on (the raw page does); give --device NAME");
        return true;
    }
    gr_profile_list list;
    const gr_profile *found = cli_find_gpu_profile(o->profiles, gpu, &list);
    if (found) {
        v->profile = *found;
        v->has_profile = true;
        snprintf(v->device_note, sizeof v->device_note, "%s (%s), the shipped profile of the report's GPU",
                 found->name, found->full_name);
    } else {
        snprintf(v->device_note, sizeof v->device_note,
                 "none: no profile has %s's compute capability %d.%d, %d SMs and %lld B of shared memory an SM; "
                 "give --device NAME", gpu->name, gpu->cc_major, gpu->cc_minor, gpu->sm_count, gpu->smem_sm);
    }
    gr_profile_list_free(&list);
    return true;
}

static bool read_results(const ncu_options *o, ncu_view *v)
{
    gr_error err;
    if (!o->results)
        return true;
    if (!gr_results_load(o->results, &v->results, &err))
        return cli_error("%s", err.text);
    v->has_results = true;
    return true;
}

void ncu_view_bind(const ncu_view *v, const gr_ncu_figures *f, gr_ncu_binding *out)
{
    gr_ncu_bind(f, &v->roofs, out);
    if (!out->known && !v->has_profile && !v->has_results && !isnan(f->flops_total))
        snprintf(out->why_unknown, sizeof out->why_unknown, "no device, so no roofs (give --device NAME)");
}

void ncu_view_predict(const ncu_view *v, const gr_ncu_figures *f, gr_ncu_prediction *out)
{
    if (v->has_profile) {
        gr_ncu_predict(&v->profile, f, out);
        return;
    }
    *out = (gr_ncu_prediction){.carveout_bytes = -1};
    snprintf(out->why_unknown, sizeof out->why_unknown, "no device");
}

/* A launch whose predicted occupancy differs from Nsight Compute's
 * theoretical one: gpuroof's rules or the profile are wrong for this GPU,
 * which no one may miss. */
static void report_disagreement(ncu_view *v, size_t i, const gr_ncu_prediction *p)
{
    const gr_ncu_launch *l = &v->report.launches[i];
    char predicted[32], theoretical[32];
    if (++v->disagreements > NCU_DISAGREEMENTS_SHOWN)
        return;
    fprintf(stderr,
            "gpuroof: %s:%lu: launch %lld (%s): gpuroof predicts %s%% occupancy (%d blocks an SM), Nsight "
            "Compute's theoretical occupancy is %s%%: the %s profile or gpuroof's rules do not fit this GPU\n",
            v->shown, l->line, l->id, l->kernel, cli_num(predicted, 100 * p->occ.occupancy), p->occ.blocks_per_sm,
            cli_num(theoretical, 100 * v->figures[i].occupancy_theoretical), v->profile.name);
}

static void compare_occupancy(ncu_view *v)
{
    for (size_t i = 0; i < v->report.count; i++) {
        gr_ncu_prediction p;
        ncu_view_predict(v, &v->figures[i], &p);
        if (p.known && p.compared && !p.agrees)
            report_disagreement(v, i, &p);
    }
    if (v->disagreements > NCU_DISAGREEMENTS_SHOWN)
        fprintf(stderr, "gpuroof: %s: %zu more launches whose predicted occupancy differs from Nsight Compute's\n",
                v->shown, v->disagreements - NCU_DISAGREEMENTS_SHOWN);
}

static bool work_out(const ncu_options *o, ncu_view *v)
{
    gr_error err;
    v->figures = malloc((v->report.count ? v->report.count : 1) * sizeof *v->figures);
    if (!v->figures)
        return cli_error("%s: out of memory", v->shown);
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        v->absent_everywhere[q] = true;
    for (size_t i = 0; i < v->report.count; i++) {
        gr_ncu_figures_of_launch(&v->report.launches[i], &v->figures[i]);
        for (int q = 0; q < GR_NCU_Q_COUNT; q++)
            v->absent_everywhere[q] &= v->figures[i].missing[q] && v->figures[i].lacking[q] == 0;
    }
    v->grouped = o->group;
    if (o->group && !gr_ncu_group_launches(&v->report, v->figures, &v->groups, &v->group_count, &err))
        return cli_error("%s: %s", v->shown, err.text);
    return true;
}

bool ncu_view_build(const ncu_options *o, const char *shown, const char *text, size_t len, ncu_view *v)
{
    gr_error err;
    *v = (ncu_view){.shown = shown};
    gr_results_init(&v->results);
    if (!gr_ncu_read(shown, text, len, &v->report, &err))
        return cli_error("%s", err.text);
    if (!choose_profile(o, v) || !read_results(o, v) || !work_out(o, v))
        return false;
    gr_ncu_roofs_fill(v->has_profile ? &v->profile : NULL, v->has_results ? &v->results : NULL, &v->roofs);
    compare_occupancy(v);
    return true;
}

void ncu_view_free(ncu_view *v)
{
    gr_ncu_report_free(&v->report);
    gr_results_free(&v->results);
    free(v->figures);
    free(v->groups);
    v->figures = NULL;
    v->groups = NULL;
}
