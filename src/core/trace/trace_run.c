/* A whole trace read once (trace_run.h). */
#include <stdio.h>
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
    if (r->keeps_launches && kernel && !gr_trace_kernel_launches_add(&r->launches, 0, kernel, e))
        return gr_error_set(err, "out of memory keeping the launches (--top N keeps the N longest alone)");
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

void gr_trace_run_finish(gr_trace_run *r)
{
    gr_trace_time_finish(&r->time);
    gr_trace_kernels_sort(&r->kernels);
    if (r->keeps_launches)
        gr_trace_kernel_launches_finish(&r->launches, 0, first_activity_ns(&r->time));
}

void gr_trace_run_free(gr_trace_run *r)
{
    gr_trace_time_free(&r->time);
    gr_trace_kernels_free(&r->kernels);
    gr_trace_kernel_launches_free(&r->launches);
}
