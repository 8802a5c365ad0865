/* A trace's kernels and their configurations (trace_kernels.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_text.h"
#include "trace_kernels.h"

void gr_trace_kernels_init(gr_trace_kernels *k)
{
    *k = (gr_trace_kernels){0};
}

static bool grow_slots(gr_trace_kernels *k)
{
    size_t count = k->slot_count ? 2 * k->slot_count : 256;
    size_t *slots = calloc(count, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < k->count; i++) {
        size_t s = gr_name_hash(k->kernels[i].name) & (count - 1);
        while (slots[s])
            s = (s + 1) & (count - 1);
        slots[s] = i + 1;
    }
    free(k->slots);
    k->slots = slots;
    k->slot_count = count;
    return true;
}

/* The kernel named name, added where it is new; NULL where memory runs out. */
static gr_trace_kernel *kernel_named(gr_trace_kernels *k, const char *name)
{
    if (2 * (k->count + 1) > k->slot_count && !grow_slots(k))
        return NULL;
    size_t s = gr_name_hash(name) & (k->slot_count - 1);
    for (; k->slots[s]; s = (s + 1) & (k->slot_count - 1))
        if (strcmp(k->kernels[k->slots[s] - 1].name, name) == 0)
            return &k->kernels[k->slots[s] - 1];
    gr_trace_kernel *kernels = gr_grow(k->kernels, &k->capacity, k->count, sizeof *kernels, 64);
    if (!kernels)
        return NULL;
    k->kernels = kernels;
    gr_trace_kernel *kernel = &k->kernels[k->count];
    *kernel = (gr_trace_kernel){.name = strdup(name)};
    if (!kernel->name)
        return NULL;
    k->slots[s] = ++k->count;
    return kernel;
}

static bool same_config(const gr_trace_config *c, const gr_trace_event *e)
{
    return memcmp(c->grid, e->grid, sizeof c->grid) == 0 && memcmp(c->block, e->block, sizeof c->block) == 0 &&
           c->registers_per_thread == e->registers_per_thread && c->shared_bytes == e->shared_bytes;
}

/* The launch's configuration, added the first time it is seen. */
static gr_trace_config *config_of(gr_trace_kernel *kernel, const gr_trace_event *e)
{
    for (size_t i = 0; i < kernel->config_count; i++)
        if (same_config(&kernel->configs[i], e))
            return &kernel->configs[i];
    if (kernel->config_count == GR_TRACE_MAX_CONFIGS)
        return &kernel->configs[GR_TRACE_MAX_CONFIGS - 1]; /* the rest summed into the last */
    gr_trace_config *c = &kernel->configs[kernel->config_count++];
    *c = (gr_trace_config){.registers_per_thread = e->registers_per_thread, .shared_bytes = e->shared_bytes,
                           .kineto_pct = e->est_achieved_occupancy_pct};
    memcpy(c->grid, e->grid, sizeof c->grid);
    memcpy(c->block, e->block, sizeof c->block);
    return c;
}

/* A configuration's theoretical occupancy on the device held to. */
bool gr_trace_config_launch(const gr_trace_config *c, gr_launch *out)
{
    /* a block past any GPU's (or a trace's nonsense) is no launch, and its
     * threads are not multiplied out */
    for (int i = 0; i < 3; i++)
        if (c->block[i] < 1 || c->block[i] > 1 << 20)
            return false;
    if (c->registers_per_thread < 0 || c->registers_per_thread >= 1 << 16 || c->shared_bytes < 0)
        return false;
    int64_t threads = c->block[0] * c->block[1] * c->block[2];
    *out = (gr_launch){(int)(threads > 1 << 20 ? 1 << 20 : threads), (int)c->registers_per_thread, c->shared_bytes};
    return true;
}

void gr_trace_config_occupancy(const gr_trace_kernels *k, gr_trace_config *c)
{
    gr_launch l;
    gr_error why;
    c->has_occupancy = gr_trace_config_launch(c, &l) && gr_occupancy_compute(&k->limits, &l, &c->occupancy, &why);
}

static double blocks_of(const int64_t grid[3])
{
    return (double)grid[0] * (double)grid[1] * (double)grid[2];
}

double gr_trace_estimated_occupancy_pct(const gr_occupancy *o, const int64_t grid[3], int sms)
{
    double grid_warps_sm = blocks_of(grid) * o->warps_per_block / sms;
    return 100 * fmin(o->warps_per_sm, grid_warps_sm) / o->max_warps_sm;
}

double gr_trace_kineto_occupancy_pct(const gr_trace_kernels *k, const gr_trace_config *c)
{
    if (c->shared_bytes > k->smem_block_bytes)
        return 0;
    double threads = (double)c->block[0] * (double)c->block[1] * (double)c->block[2];
    double grid_warps_sm = blocks_of(c->grid) * threads / k->limits.warp_size / k->sms;
    return round(100 * fmin(c->occupancy.warps_per_sm, grid_warps_sm) / c->occupancy.max_warps_sm);
}

/* Kineto's estimate of a configuration's launches, worked out by Kineto's
 * rule, against the trace's: the same whole percent (each launch of a
 * configuration has the same; one that had another counts unequal). */
static void compare_estimate(gr_trace_kernels *k, const char *kernel, const gr_trace_config *c)
{
    if (!c->has_occupancy || isnan(c->kineto_pct) || c->grid[0] < 0 || k->sms < 1)
        return;
    double ours = gr_trace_kineto_occupancy_pct(k, c);
    double gpuroof = round(gr_trace_estimated_occupancy_pct(&c->occupancy, c->grid, k->sms));
    size_t equal = ours == c->kineto_pct ? c->launches - c->kineto_varied : 0;
    if (gpuroof != ours)
        k->kineto_differs[c->shared_bytes > k->smem_block_bytes ? GR_KINETO_OPTIN : GR_KINETO_PARTIAL_WARPS] +=
            c->launches;
    k->estimates_compared += c->launches;
    k->estimates_equal += equal;
    if (equal < c->launches && !k->has_miss) {
        k->has_miss = true;
        k->first_miss = (gr_trace_estimate_miss){kernel, c->kineto_pct, ours};
    }
}

bool gr_trace_kernels_hold(gr_trace_kernels *k, const gr_profile *device, gr_error *err)
{
    if (k->has_limits)
        return true; /* held once: the first device named */
    if (!gr_limits_from_profile(device, -1, &k->limits, err))
        return false;
    k->has_limits = true;
    k->sms = device->sm_count;
    k->smem_block_bytes = device->smem_block_bytes;
    for (size_t i = 0; i < k->count; i++)
        for (size_t j = 0; j < k->kernels[i].config_count; j++) {
            gr_trace_config_occupancy(k, &k->kernels[i].configs[j]);
            compare_estimate(k, k->kernels[i].name, &k->kernels[i].configs[j]);
        }
    return true;
}

/* One launch held to the device, as it comes: its own configuration's
 * estimate, whichever configuration it was summed into. */
static void compare_launch(gr_trace_kernels *k, const char *kernel, const gr_trace_config *c, const gr_trace_event *e)
{
    gr_trace_config one = {.registers_per_thread = e->registers_per_thread, .shared_bytes = e->shared_bytes,
                           .launches = 1, .kineto_pct = e->est_achieved_occupancy_pct};
    memcpy(one.grid, e->grid, sizeof one.grid);
    memcpy(one.block, e->block, sizeof one.block);
    if (same_config(c, e)) {
        one.has_occupancy = c->has_occupancy;
        one.occupancy = c->occupancy;
    } else {
        gr_trace_config_occupancy(k, &one);
    }
    compare_estimate(k, kernel, &one);
}

bool gr_trace_kernels_add(gr_trace_kernels *k, const gr_trace_event *e)
{
    k->last_name = NULL;
    if (e->kind != GR_TRACE_KERNEL || e->dur_ns < 0)
        return true;
    gr_trace_kernel *kernel = kernel_named(k, e->name);
    if (!kernel)
        return false;
    k->last_name = kernel->name;
    gr_trace_config *c = config_of(kernel, e);
    if (k->has_limits && c->launches == 0) /* new: its occupancy once */
        gr_trace_config_occupancy(k, c);
    if (k->has_limits)
        compare_launch(k, kernel->name, c, e);
    c->kineto_varied += c->launches > 0 && e->est_achieved_occupancy_pct != c->kineto_pct &&
                        !(isnan(c->kineto_pct) && isnan(e->est_achieved_occupancy_pct));
    kernel->launches++;
    kernel->time_ns += e->dur_ns;
    c->launches++;
    c->time_ns += e->dur_ns;
    k->time_ns += e->dur_ns;
    return true;
}

static int by_time(const void *a, const void *b)
{
    const gr_trace_kernel *x = a, *y = b;
    if (x->time_ns != y->time_ns)
        return x->time_ns < y->time_ns ? 1 : -1;
    return strcmp(x->name, y->name);
}

static int config_by_time(const void *a, const void *b)
{
    const gr_trace_config *x = a, *y = b;
    return (x->time_ns < y->time_ns) - (x->time_ns > y->time_ns);
}

void gr_trace_kernels_sort(gr_trace_kernels *k)
{
    if (k->count) /* qsort takes no null array, even of none */
        qsort(k->kernels, k->count, sizeof *k->kernels, by_time);
    for (size_t i = 0; i < k->count; i++)
        qsort(k->kernels[i].configs, k->kernels[i].config_count, sizeof *k->kernels[i].configs, config_by_time);
    free(k->slots); /* its indices no longer hold: the table is read, never added to */
    k->slots = NULL;
    k->slot_count = 0;
}

void gr_trace_kernels_free(gr_trace_kernels *k)
{
    for (size_t i = 0; i < k->count; i++)
        free(k->kernels[i].name);
    free(k->kernels);
    free(k->slots);
    *k = (gr_trace_kernels){0};
}
