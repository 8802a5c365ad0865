/* A whole trace read once (trace_run.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace_run.h"

bool gr_trace_run_init(gr_trace_run *r, const gr_profile *given, const gr_profile_list *profiles, gr_error *err)
{
    memset(r, 0, sizeof *r);
    gr_trace_kernels_init(&r->kernels);
    r->profiles = profiles;
    if (!given)
        return true;
    r->device = *given;
    r->has_device = r->device_given = true;
    return gr_trace_kernels_hold(&r->kernels, &r->device, err);
}

/* The GPU Kineto describes, as the CUDA runtime would. */
static void gpu_of(const gr_trace_device *d, gr_gpu_info *g)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", d->name);
    g->cuda_index = (int)d->id;
    g->cc_major = (int)d->cc_major;
    g->cc_minor = (int)d->cc_minor;
    g->sm_count = (int)d->sms;
    g->warp_size = (int)d->warp_size;
    g->max_threads_sm = (int)d->max_threads_sm;
    g->max_threads_block = (int)d->max_threads_block;
    g->regs_sm = (int)d->regs_sm;
    g->regs_block = (int)d->regs_block;
    g->smem_sm = d->smem_sm_bytes;
    g->smem_block = d->smem_block_bytes;
    g->smem_block_optin = d->smem_block_optin_bytes;
    g->global_mem_bytes = d->memory_bytes;
}

static bool on_device(void *context, const gr_trace_device *d, gr_error *err)
{
    gr_trace_run *r = context;
    if (r->has_gpu)
        return true; /* a trace is one GPU's: its first describes it */
    r->has_gpu = true;
    gpu_of(d, &r->gpu);
    const gr_profile *match = r->profiles ? gr_profile_match_gpu(r->profiles, &r->gpu) : NULL;
    if (r->has_device || !match)
        return true;
    r->device = *match;
    r->has_device = true;
    return gr_trace_kernels_hold(&r->kernels, &r->device, err);
}

static bool on_event(void *context, const gr_trace_event *e, gr_error *err)
{
    gr_trace_run *r = context;
    r->events++;
    if (!gr_trace_time_add(&r->time, e) || !gr_trace_kernels_add(&r->kernels, e))
        return gr_error_set(err, "out of memory");
    const char *kernel = r->kernels.last_name;
    gr_match how = GR_MATCH_NONE; /* without a pattern: bin 0 */
    if (kernel && r->picks && !gr_trace_pick_match(&r->pick, kernel, &how))
        return gr_error_set(err, "out of memory matching --kernel's pattern");
    if (!kernel || !r->keeps_launches || (r->picks && how == GR_MATCH_NONE))
        return true;
    if (!gr_trace_kernel_launches_add(&r->launches, (int)how, kernel, e))
        return gr_error_set(err, "out of memory keeping the launches (--top N keeps the N longest alone)");
    return true;
}

bool gr_trace_run_pick(gr_trace_run *r, const char *pattern, bool glob, gr_error *err)
{
    r->picks = true;
    return gr_trace_pick_init(&r->pick, pattern, glob, err);
}

/* The kernels picked moved first, each side in its order (longest
 * first), *picked their count; false where memory runs out. */
static bool put_picked_first(gr_trace_kernels *k, const gr_trace_pick *p, size_t *picked)
{
    *picked = 0;
    if (p->best == GR_MATCH_NONE)
        return true;
    gr_trace_kernel *moved = malloc((k->count ? k->count : 1) * sizeof *moved);
    if (!moved)
        return false;
    for (size_t i = 0; i < k->count; i++)
        *picked += gr_trace_pick_how(p, k->kernels[i].name) == p->best;
    for (size_t i = 0, at = 0, rest = *picked; i < k->count; i++)
        moved[gr_trace_pick_how(p, k->kernels[i].name) == p->best ? at++ : rest++] = k->kernels[i];
    memcpy(k->kernels, moved, k->count * sizeof *moved);
    free(moved);
    return true;
}

void gr_trace_run_keep_launches(gr_trace_run *r, size_t top)
{
    r->keeps_launches = true;
    gr_trace_kernel_launches_init(&r->launches, top);
}

gr_trace_handlers gr_trace_run_handlers(gr_trace_run *r)
{
    return (gr_trace_handlers){r, on_event, on_device};
}

/* The trace's first GPU activity: its devices' earliest; 0 where none. */
static int64_t first_activity_ns(const gr_trace_time *t)
{
    int64_t first = 0;
    for (size_t i = 0; i < t->device_count; i++)
        if (i == 0 || t->devices[i].first_ns < first)
            first = t->devices[i].first_ns;
    return first;
}

bool gr_trace_run_finish(gr_trace_run *r)
{
    gr_trace_time_finish(&r->time);
    gr_trace_kernels_sort(&r->kernels);
    r->kernels_picked = r->kernels.count;
    if (r->picks && !put_picked_first(&r->kernels, &r->pick, &r->kernels_picked))
        return false;
    r->picked_ns = 0;
    for (size_t i = 0; i < r->kernels_picked; i++)
        r->picked_ns += r->kernels.kernels[i].time_ns;
    int bin = !r->picks ? 0 : r->pick.best == GR_MATCH_NONE ? -1 : (int)r->pick.best;
    if (r->keeps_launches)
        gr_trace_kernel_launches_finish(&r->launches, bin, first_activity_ns(&r->time));
    return true;
}

void gr_trace_run_free(gr_trace_run *r)
{
    gr_trace_time_free(&r->time);
    gr_trace_kernels_free(&r->kernels);
    gr_trace_kernel_launches_free(&r->launches);
    if (r->picks)
        gr_trace_pick_free(&r->pick);
}
