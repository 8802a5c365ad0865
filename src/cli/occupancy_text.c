/* The occupancy command's explained text: each limit worked out as on a
 * whiteboard, then the answer and what to change. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "occupancy_output.h"
#include "output.h"

static void print_launch(const occ_inputs *in, const char *verb)
{
    const gr_launch *l = &in->launch;
    printf("%s", verb);
    if (in->has_threads)
        printf(" %d threads%s%s%s,", l->threads_per_block, in->block_shape ? " (" : "",
               in->block_shape ? in->block_shape : "", in->block_shape ? ")" : "");
    if (in->has_regs)
        printf(" %d register%s per thread,", l->regs_per_thread, l->regs_per_thread == 1 ? "" : "s");
    printf(" %s of shared memory per block\n", OUT_BYTES(l->smem_per_block_bytes));
}

static void print_sm(const occ_inputs *in)
{
    const gr_sm_limits *lim = &in->limits;
    if (in->has_device) {
        printf("on %s (%s, sm_%d%d)\n\n", in->device.full_name, in->device.name,
               in->device.cc_major, in->device.cc_minor);
        return;
    }
    printf("on an SM of %d threads, %d blocks, %lld registers and %s of shared memory\n",
           lim->max_threads_sm, lim->max_blocks_sm, (long long)lim->regs_sm,
           OUT_BYTES(lim->smem_sm_bytes));
    printf("(textbook rules: %s)\n\n",
           lim->reg_alloc_unit || lim->smem_alloc_unit > 1 || lim->smem_reserved_bytes
               ? "allocation units and reserved memory as given"
               : "no allocation granularity, no reserved memory");
}

static void print_threads_step(const occ_result *r)
{
    const occ_inputs *in = r->in;
    const gr_occupancy *o = &r->occ;
    int t = in->launch.threads_per_block;
    if (t % in->limits.warp_size == 0)
        printf("  threads        %d threads per SM / %d per block = %lld block%s\n",
               in->limits.max_threads_sm, t, (long long)o->limit[GR_LIMIT_THREADS],
               out_plural(o->limit[GR_LIMIT_THREADS]));
    else
        printf("  threads        %d threads take %d warp%s (%d thread slots); %d warps per SM / %d = %lld block%s\n",
               t, o->warps_per_block, out_plural(o->warps_per_block), r->why.thread_slots_per_block, o->max_warps_sm,
               o->warps_per_block, (long long)o->limit[GR_LIMIT_THREADS], out_plural(o->limit[GR_LIMIT_THREADS]));
    printf("  blocks         at most %d blocks per SM\n", in->limits.max_blocks_sm);
}

static void print_registers_step(const occ_result *res)
{
    const gr_sm_limits *lim = &res->in->limits;
    const gr_occupancy *o = &res->occ;
    const gr_occupancy_explanation *why = &res->why;
    int r = res->in->launch.regs_per_thread;
    if (o->regs_per_warp == 0) {
        printf("  registers      none counted: no limit\n");
    } else if (lim->reg_alloc_unit == 0) {
        printf("  registers      %d x %d threads = %lld per block; %lld / %lld = %lld block%s\n",
               r, why->thread_slots_per_block, (long long)o->regs_per_block, (long long)lim->regs_sm,
               (long long)o->regs_per_block, (long long)o->limit[GR_LIMIT_REGISTERS],
               out_plural(o->limit[GR_LIMIT_REGISTERS]));
    } else {
        int parts = lim->reg_subpartitions;
        printf("  registers      %d x %d threads = %lld per warp, allocated in units of %d: %lld per warp\n",
               r, lim->warp_size, (long long)why->regs_per_warp_asked, lim->reg_alloc_unit, (long long)o->regs_per_warp);
        printf("                 %lld / %d sub-partitions = %lld each, holding %lld warps; x %d = %lld warps / %d per block = %lld block%s\n",
               (long long)lim->regs_sm, parts, (long long)why->regs_per_subpartition,
               (long long)why->warps_per_subpartition, parts, (long long)o->warps_by_registers,
               o->warps_per_block, (long long)o->limit[GR_LIMIT_REGISTERS], out_plural(o->limit[GR_LIMIT_REGISTERS]));
    }
}

const char *occ_cache_config_name(const gr_profile *p, int64_t capacity_bytes)
{
    if (capacity_bytes >= p->smem_sm_bytes)
        return "cudaFuncCachePreferShared";
    return capacity_bytes <= p->carveouts_bytes[0] ? "cudaFuncCachePreferL1" : "cudaFuncCachePreferEqual";
}

/* What the shared-memory capacity per SM is, after it on the line. */
static const char *capacity_source(const occ_inputs *in, const gr_occupancy *o)
{
    bool cache_config = in->limits.smem_config == GR_SMEM_CACHE_CONFIG;
    if (!in->has_device)
        return "";
    if (o->carveout_raised)
        return cache_config ? " (the cache configuration, raised to hold a block)"
                            : " (the carveout, raised to hold a block)";
    if (cache_config)
        return in->default_carveout ? " (the default cache configuration)" : NULL;
    return in->default_carveout ? " (the largest carveout)" : " (the carveout)";
}

static void print_raised(const occ_inputs *in)
{
    if (in->limits.smem_config == GR_SMEM_CACHE_CONFIG)
        printf("                 (%s's %s hold no block: the driver takes the most, as PreferShared)\n",
               occ_cache_config_name(&in->device, in->limits.smem_sm_bytes), OUT_BYTES(in->limits.smem_sm_bytes));
    else
        printf("                 (the %s asked for holds no block: the driver takes the smallest carveout that does)\n",
               OUT_BYTES(in->limits.smem_sm_bytes));
}

static void print_smem_step(const occ_inputs *in, const gr_occupancy *o)
{
    const gr_sm_limits *lim = &in->limits;
    if (o->smem_per_block == 0) {
        printf("  shared memory  none: no limit\n");
        return;
    }
    printf("  shared memory  ");
    if (lim->smem_reserved_bytes || lim->smem_alloc_unit > 1)
        printf("%lld B", (long long)in->launch.smem_per_block_bytes);
    if (lim->smem_reserved_bytes)
        printf(" + %d B reserved by the runtime", lim->smem_reserved_bytes);
    if (lim->smem_alloc_unit > 1)
        printf(", in units of %d B", lim->smem_alloc_unit);
    printf("%s%s per block\n", lim->smem_reserved_bytes || lim->smem_alloc_unit > 1 ? " = " : "",
           OUT_BYTES(o->smem_per_block));
    const char *source = capacity_source(in, o);
    printf("                 %s per SM%s%s%s / %lld = %lld block%s\n", OUT_BYTES(o->smem_sm_bytes),
           source ? source : " (", source ? "" : occ_cache_config_name(&in->device, o->smem_sm_bytes),
           source ? "" : ")",
           (long long)o->smem_per_block, (long long)o->limit[GR_LIMIT_SHARED_MEMORY],
           out_plural(o->limit[GR_LIMIT_SHARED_MEMORY]));
    if (o->carveout_raised)
        print_raised(in);
}

static void print_result(const gr_occupancy *o)
{
    printf("  resident       min(");
    for (int i = 0, first = 1; i < GR_LIMIT_COUNT; i++)
        if (o->limit[i] != GR_UNLIMITED) {
            printf("%s%lld", first ? "" : ", ", (long long)o->limit[i]);
            first = 0;
        }
    printf(") = %d block%s = %d warps = %d threads per SM\n", o->blocks_per_sm, out_plural(o->blocks_per_sm),
           o->warps_per_sm, o->threads_per_sm);
    printf("  occupancy      %d / %d warps = %s\n\n", o->warps_per_sm, o->max_warps_sm, OUT_PCT(o->occupancy));
}

static void print_limiters(const gr_occupancy *o)
{
    gr_buf words = GR_BUF_INIT;
    out_limiters(&words, o->limiters);
    fputs(gr_buf_text(&words), stdout);
    gr_buf_free(&words);
}

static void print_verdict(const gr_occupancy *o)
{
    if (o->warps_per_sm == o->max_warps_sm)
        printf("Full occupancy: all %d warp slots are used (the limit: ", o->max_warps_sm);
    else
        printf("Not full occupancy: %s (limited by ", OUT_PCT(o->occupancy));
    print_limiters(o);
    printf(").\n");
}

/* Where the runtime's reserved bytes or whole-block residency change the
 * answer from what a per-thread estimate gives (as PMPP's chapter 5 does). */
static void print_smem_notes(const occ_result *r)
{
    const gr_occupancy *o = &r->occ;
    const gr_occupancy_explanation *why = &r->why;
    if (o->needs_optin)
        printf("Above the %lld B a block gets by default: the kernel must opt in with\n"
               "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes).\n",
               (long long)r->in->limits.smem_block_bytes);
    if (why->estimate_differs)
        printf("The per-thread estimate of PMPP's chapter 5 (%lld B / %s B per thread = %s threads,\n"
               "%s) overstates it: blocks are resident whole%s.\n",
               (long long)o->smem_sm_bytes, OUT_NUM(why->smem_per_thread_bytes), OUT_NUM(why->estimate_threads),
               OUT_PCT(why->estimate_occupancy),
               why->reserved_costs ? ", and each also takes the runtime's reserved memory" : "");
    if (why->reserved_costs)
        printf("Without the %d B reserved per block, %d block%s (%s) would fit.\n", r->in->limits.smem_reserved_bytes,
               why->unreserved.blocks_per_sm, out_plural(why->unreserved.blocks_per_sm),
               OUT_PCT(why->unreserved.occupancy));
}

/* Before sm_70 there is no carveout to configure: the split of L1 and
 * shared memory is the cache configuration's, the most shared memory
 * without a preference. */
static void print_cache_configs(const gr_profile *p)
{
    printf("On sm_%d%d there is no carveout: cudaFuncSetCacheConfig splits one array between L1 and shared\n"
           "memory, giving %s of shared memory by default and with cudaFuncCachePreferShared,\n",
           p->cc_major, p->cc_minor, OUT_KIB(p->smem_sm_bytes));
    for (int i = p->carveout_count - 2; i >= 0; i--)
        printf("%s%s with %s", i == p->carveout_count - 2 ? "" : i == 0 ? " and " : ", ",
               OUT_KIB(p->carveouts_bytes[i]), occ_cache_config_name(p, p->carveouts_bytes[i]));
    printf(".\n");
}

static void print_default_carveout(const occ_result *r)
{
    const occ_inputs *in = r->in;
    if (!in->has_device || !in->default_carveout || in->limits.smem_config == GR_SMEM_FIXED)
        return;
    if (in->limits.smem_config == GR_SMEM_CACHE_CONFIG)
        print_cache_configs(&in->device);
    else if (r->has_default_carveout)
        printf("By default the driver configures the smallest carveout that keeps these blocks: %s.\n",
               OUT_BYTES(r->default_carveout_bytes));
}

/* Where --from took the registers and static shared memory. */
static void print_from(const occ_inputs *in)
{
    if (!in->from_kernel[0])
        return;
    printf("  kernel         %s (%s) in %s:\n                 its registers, and %lld B of static shared memory\n",
           in->from_kernel, in->from_arch, in->from_file, in->from_static_smem_bytes);
    bool bounds_taken = in->from_block && strcmp(in->from_block, gr_block_source_key(GR_BLOCK_FROM_BOUNDS)) == 0;
    if (in->from_bound_threads)
        printf("                 __launch_bounds__: at most %lld threads a block%s\n", in->from_bound_threads,
               bounds_taken ? ", the block size taken" : "");
    if (in->from_block && strcmp(in->from_block, gr_block_source_key(GR_BLOCK_SUGGESTED)) == 0)
        printf("                 no __launch_bounds__: the block size occupancy --suggest picks\n");
}

/* The kernel's bound, where it held a suggestion or a sweep. */
static void print_bound_note(const occ_inputs *in)
{
    if (in->from_bound_threads)
        printf("%s's __launch_bounds__ allow at most %lld threads a block: no larger block is tried.\n",
               in->from_kernel, in->from_bound_threads);
}

static void print_one(const occ_result *r)
{
    print_launch(r->in, "Occupancy of");
    print_sm(r->in);
    print_from(r->in);
    print_threads_step(r);
    print_registers_step(r);
    print_smem_step(r->in, &r->occ);
    print_result(&r->occ);
    print_verdict(&r->occ);
    print_smem_notes(r);
    print_default_carveout(r);
}

static bool same_row(const gr_sweep_point *a, const gr_sweep_point *b)
{
    return a->valid == b->valid && (!a->valid || (a->occ.blocks_per_sm == b->occ.blocks_per_sm &&
                                                  a->occ.warps_per_sm == b->occ.warps_per_sm &&
                                                  a->occ.limiters == b->occ.limiters));
}

static void print_sweep_row(const gr_sweep_point *first, const gr_sweep_point *last)
{
    char range[48]; /* two 64-bit integers and a dash */
    if (first == last)
        snprintf(range, sizeof range, "%lld", (long long)first->x);
    else
        snprintf(range, sizeof range, "%lld-%lld", (long long)first->x, (long long)last->x);
    if (!first->valid) {
        printf("  %-13s  does not launch\n", range);
        return;
    }
    printf("  %-13s  %9d  %8d  %9s  ", range, first->occ.blocks_per_sm, first->occ.warps_per_sm,
           OUT_PCT(first->occ.occupancy));
    print_limiters(&first->occ);
    printf("\n");
}

static void print_sweep(const occ_inputs *in, const gr_sweep *s)
{
    const char *const titles[] = {"threads per block", "registers per thread",
                                         "shared memory per block (bytes)"};
    printf("Occupancy against %s;\n", titles[s->axis]);
    print_launch(in, "the rest as given:");
    print_sm(in);
    printf("  %-13s  blocks/SM  warps/SM  occupancy  limited by\n", gr_sweep_axis_name(s->axis));
    size_t start = 0;
    for (size_t i = 1; i <= s->count; i++)
        if (i == s->count || s->axis == GR_SWEEP_THREADS || !same_row(&s->points[start], &s->points[i])) {
            print_sweep_row(&s->points[start], &s->points[i - 1]);
            start = i;
        }
    if (s->axis == GR_SWEEP_THREADS)
        print_bound_note(in);
}

static void print_suggestion(const occ_result *r)
{
    const occ_inputs *in = r->in;
    const gr_suggestion *s = &r->suggestion;
    printf("The block size with the highest occupancy for");
    print_launch(in, "");
    print_sm(in);
    printf("  %d threads per block: %d block%s per SM, %s occupancy\n\n", s->threads_per_block,
           s->blocks_per_sm, out_plural(s->blocks_per_sm), OUT_PCT(s->occupancy));
    printf("Chosen as cudaOccupancyMaxPotentialBlockSize chooses: the most resident threads,\n"
           "the larger block on a tie.");
    if (in->has_device)
        printf(" A grid of at least %d x %d SMs = %lld blocks fills the GPU.",
               s->blocks_per_sm, in->device.sm_count, (long long)r->min_grid_blocks);
    printf("\n");
    print_bound_note(in);
}

static void print_check(const gr_target_check *c)
{
    if (c->launches)
        printf("  with %lld B: %d block%s resident\n", (long long)c->dynamic_bytes, c->blocks_per_sm,
               out_plural(c->blocks_per_sm));
    else
        printf("  with %lld B: does not launch (%s)\n", (long long)c->dynamic_bytes, c->why.text);
}

static void print_target(const occ_result *r)
{
    const occ_inputs *in = r->in;
    const gr_sm_limits *lim = &in->limits;
    const gr_occupancy_target *g = &r->target;
    const gr_smem_target *t = &g->smem;
    printf("The most dynamic shared memory per block that keeps %d blocks resident, for", g->blocks);
    print_launch(in, "");
    print_sm(in);
    printf("  %lld B per SM / %d blocks = %lld B per block", (long long)lim->smem_sm_bytes, g->blocks,
           (long long)g->share_bytes);
    if (lim->smem_alloc_unit > 1)
        printf(", in whole units of %d B: %lld B", lim->smem_alloc_unit, (long long)t->per_block_bytes);
    printf("\n  less %d B reserved and %lld B static = %s", lim->smem_reserved_bytes,
           (long long)in->launch.smem_per_block_bytes, OUT_BYTES(g->left_bytes));
    if (t->max_dynamic_smem_bytes < g->left_bytes)
        printf(", capped by the per-block maximum at %lld B", (long long)t->max_dynamic_smem_bytes);
    printf("\n\nAnswer: %s of dynamic shared memory per block.\n", OUT_BYTES(t->max_dynamic_smem_bytes));
    for (int i = 0; i < g->check_count && i < 2; i++)
        print_check(&g->checks[i]);
    if (g->check_count > 2) {
        printf("The CUDA runtime's cudaOccupancyAvailableDynamicSMemPerBlock leaves out the reserved\n"
               "memory and answers %lld B, which is too large:\n", (long long)t->runtime_dynamic_smem_bytes);
        print_check(&g->checks[2]);
    }
}

void occ_print_result_text(const occ_result *r)
{
    switch (r->mode) {
    case OCC_ONE:
        print_one(r);
        break;
    case OCC_SWEEP:
        print_sweep(r->in, &r->sweep);
        break;
    case OCC_SUGGEST:
        print_suggestion(r);
        break;
    case OCC_TARGET:
        print_target(r);
        break;
    }
}
