/* The ncu command's analysis (ncu_output.h): the core's, built with what
 * only the command knows (--device, the profiles on the search path,
 * --results), and what it says on standard error. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "ncu_output.h"
#include "output.h"

/* A report from another GPU than --device's is held against roofs it
 * never had, which no one may miss. */
static void warn_other_gpu(const ncu_view *v)
{
    const gr_gpu_info *gpu = &v->a.report.gpu;
    const gr_profile *p = &v->a.device;
    gr_buf reported = GR_BUF_INIT;
    if (gpu->sm_count > 0)
        gr_buf_addf(&reported, "%s (compute capability %d.%d, %d SMs)", gpu->name[0] ? gpu->name : "a GPU",
                 gpu->cc_major, gpu->cc_minor, gpu->sm_count);
    else
        gr_buf_addf(&reported, "a GPU of compute capability %d.%d", gpu->cc_major, gpu->cc_minor);
    fprintf(stderr, "gpuroof: %s: warning: the report is of %s, --device %s of %s (compute capability %d.%d, %d "
            "SMs): its roofs and occupancy rules may not fit these launches\n", v->shown, gr_buf_text(&reported),
            p->name, p->full_name, p->cc_major, p->cc_minor, p->sm_count);
    gr_buf_free(&reported);
}

/* The launches whose predicted occupancy differs from Nsight Compute's,
 * the first NCU_DISAGREEMENTS_SHOWN by name and the rest counted. */
static void warn_disagreements(const ncu_view *v)
{
    const gr_ncu_analysis *a = &v->a;
    for (size_t k = 0; k < a->disagreement_count && k < NCU_DISAGREEMENTS_SHOWN; k++) {
        const gr_ncu_disagreement *d = &a->disagreements[k];
        const gr_ncu_launch *l = &a->report.launches[d->launch];
        fprintf(stderr,
                "gpuroof: %s:%lu: launch %lld (%s): gpuroof predicts %s%% occupancy (%d blocks an SM), Nsight "
                "Compute's theoretical occupancy is %s%%: the %s profile or gpuroof's rules do not fit this GPU\n",
                v->shown, l->line, l->id, l->kernel, OUT_NUM(100 * d->predicted), d->blocks_per_sm,
                OUT_NUM(100 * d->theoretical), a->device.name);
    }
    if (a->disagreement_count > NCU_DISAGREEMENTS_SHOWN)
        fprintf(stderr, "gpuroof: %s: %zu more launches whose predicted occupancy differs from Nsight Compute's\n",
                v->shown, a->disagreement_count - NCU_DISAGREEMENTS_SHOWN);
}

/* --device, the profile list where the report's GPU is to be found among
 * them, and --results: loaded in that order, each only where wanted. */
static bool load_request(const ncu_options *o, ncu_view *v, gr_profile *device, gr_profile_list *list,
                         gr_ncu_request *rq)
{
    gr_error err;
    *rq = (gr_ncu_request){.group = o->group, .device_hint = "--device NAME"};
    if (o->device) {
        if (!cli_load_device(o->profiles, o->device, device))
            return false;
        rq->device = device;
    } else if (gr_ncu_analysis_needs_profiles(&v->a)) {
        rq->profiles = cli_load_profiles(o->profiles, list) ? list : NULL;
    }
    if (o->results) {
        if (!gr_results_load(o->results, &v->results, &err))
            return cli_error("%s", err.text);
        v->has_results = true;
        rq->results = &v->results;
    }
    return true;
}

/* The table's rows, narrowed by --kernel, then --top. */
static bool build_table(const ncu_options *o, ncu_view *v)
{
    gr_error err;
    if (!gr_ncu_table_build(&v->a, &v->table, &err))
        return cli_error("%s", err.text);
    if (o->kernel && !gr_ncu_table_match(&v->table, v->shown, o->kernel, o->glob, &err))
        return cli_error("%s", err.text);
    if (o->top.given)
        gr_ncu_table_top(&v->table, (size_t)o->top.value);
    if (v->table.count == v->table.all)
        return true;
    v->launch_shown = malloc((v->a.report.count ? v->a.report.count : 1) * sizeof *v->launch_shown);
    if (!v->launch_shown)
        return cli_error("out of memory marking the launches of the table");
    if (!gr_ncu_table_launches(&v->a, &v->table, v->launch_shown, &err))
        return cli_error("%s", err.text);
    return true;
}

bool ncu_view_build(const ncu_options *o, const char *shown, const char *text, size_t len, ncu_view *v)
{
    gr_error err;
    gr_profile device;
    gr_profile_list list = {0};
    gr_ncu_request rq;
    *v = (ncu_view){.shown = shown};
    gr_results_init(&v->results);
    if (!gr_ncu_analysis_read(shown, text, len, &v->a, &err))
        return cli_error("%s", err.text);
    bool loaded = load_request(o, v, &device, &list, &rq);
    bool worked_out = loaded && gr_ncu_analysis_work_out(&v->a, shown, &rq, &err);
    gr_profile_list_free(&list);
    if (!loaded)
        return false;
    if (!worked_out)
        return cli_error("%s", err.text);
    if (v->a.other_gpu)
        warn_other_gpu(v);
    warn_disagreements(v);
    return build_table(o, v);
}

void ncu_view_free(ncu_view *v)
{
    gr_ncu_table_free(&v->table);
    free(v->launch_shown);
    gr_ncu_analysis_free(&v->a);
    gr_results_free(&v->results);
}
