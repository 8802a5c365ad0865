/* The occupancy command's explained text: each limit worked out as on a
 * whiteboard, then the answer and what to change. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "occupancy_output.h"
#include "output.h"

static const char *plural(long long n)
{
    return n == 1 ? "" : "s";
}

static void print_launch(const occ_inputs *in, const char *verb)
{
    char b[48];
    const gr_launch *l = &in->launch;
    printf("%s", verb);
    if (in->has_threads)
        printf(" %d threads%s%s%s,", l->threads_per_block, in->block_shape ? " (" : "",
               in->block_shape ? in->block_shape : "", in->block_shape ? ")" : "");
    if (in->has_regs)
        printf(" %d register%s per thread,", l->regs_per_thread, l->regs_per_thread == 1 ? "" : "s");
    printf(" %s of shared memory per block\n", cli_bytes(b, l->smem_per_block_bytes));
}

static void print_sm(const occ_inputs *in)
{
    char b[48];
    const gr_sm_limits *lim = &in->limits;
    if (in->has_device) {
        printf("on %s (%s, sm_%d%d)\n\n", in->device.full_name, in->device.name,
               in->device.cc_major, in->device.cc_minor);
        return;
    }
    printf("on an SM of %d threads, %d blocks, %lld registers and %s of shared memory\n",
           lim->max_threads_sm, lim->max_blocks_sm, (long long)lim->regs_sm,
           cli_bytes(b, lim->smem_sm_bytes));
    printf("(textbook rules: %s)\n\n",
           lim->reg_alloc_unit || lim->smem_alloc_unit > 1 || lim->smem_reserved_bytes
               ? "allocation units and reserved memory as given"
               : "no allocation granularity, no reserved memory");
}

static void print_threads_step(const occ_inputs *in, const gr_occupancy *o)
{
    int t = in->launch.threads_per_block, w = in->limits.warp_size;
    if (t % w == 0)
        printf("  threads        %d threads per SM / %d per block = %lld block%s\n",
               in->limits.max_threads_sm, t, (long long)o->limit[GR_LIMIT_THREADS],
               plural(o->limit[GR_LIMIT_THREADS]));
    else
        printf("  threads        %d threads take %d warp%s (%d thread slots); %d warps per SM / %d = %lld block%s\n",
               t, o->warps_per_block, plural(o->warps_per_block), o->warps_per_block * w, o->max_warps_sm,
               o->warps_per_block, (long long)o->limit[GR_LIMIT_THREADS], plural(o->limit[GR_LIMIT_THREADS]));
    printf("  blocks         at most %d blocks per SM\n", in->limits.max_blocks_sm);
}

static void print_registers_step(const occ_inputs *in, const gr_occupancy *o)
{
    const gr_sm_limits *lim = &in->limits;
    int r = in->launch.regs_per_thread, w = lim->warp_size;
    if (o->regs_per_warp == 0) {
        printf("  registers      none counted: no limit\n");
    } else if (lim->reg_alloc_unit == 0) {
        printf("  registers      %d x %d threads = %lld per block; %lld / %lld = %lld block%s\n",
               r, o->warps_per_block * w, (long long)o->regs_per_block, (long long)lim->regs_sm,
               (long long)o->regs_per_block, (long long)o->limit[GR_LIMIT_REGISTERS],
               plural(o->limit[GR_LIMIT_REGISTERS]));
    } else {
        int parts = lim->reg_subpartitions;
        printf("  registers      %d x %d threads = %d per warp, allocated in units of %d: %lld per warp\n",
               r, w, r * w, lim->reg_alloc_unit, (long long)o->regs_per_warp);
        printf("                 %lld / %d sub-partitions = %lld each, holding %lld warps; x %d = %lld warps / %d per block = %lld block%s\n",
               (long long)lim->regs_sm, parts, (long long)(lim->regs_sm / parts),
               (long long)(o->warps_by_registers / parts), parts, (long long)o->warps_by_registers,
               o->warps_per_block, (long long)o->limit[GR_LIMIT_REGISTERS], plural(o->limit[GR_LIMIT_REGISTERS]));
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
    char a[48];
    if (in->limits.smem_config == GR_SMEM_CACHE_CONFIG)
        printf("                 (%s's %s hold no block: the driver takes the most, as PreferShared)\n",
               occ_cache_config_name(&in->device, in->limits.smem_sm_bytes), cli_bytes(a, in->limits.smem_sm_bytes));
    else
        printf("                 (the %s asked for holds no block: the driver takes the smallest carveout that does)\n",
               cli_bytes(a, in->limits.smem_sm_bytes));
}

static void print_smem_step(const occ_inputs *in, const gr_occupancy *o)
{
    const gr_sm_limits *lim = &in->limits;
    char a[48], b[48];
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
           cli_bytes(a, o->smem_per_block));
    const char *source = capacity_source(in, o);
    char named[64];
    if (!source) {
        snprintf(named, sizeof named, " (%s)", occ_cache_config_name(&in->device, o->smem_sm_bytes));
        source = named;
    }
    printf("                 %s per SM%s / %lld = %lld block%s\n", cli_bytes(b, o->smem_sm_bytes), source,
           (long long)o->smem_per_block, (long long)o->limit[GR_LIMIT_SHARED_MEMORY],
           plural(o->limit[GR_LIMIT_SHARED_MEMORY]));
    if (o->carveout_raised)
        print_raised(in);
}

static void print_result(const occ_inputs *in, const gr_occupancy *o)
{
    char pct[32];
    printf("  resident       min(");
    for (int i = 0, first = 1; i < GR_LIMIT_COUNT; i++)
        if (o->limit[i] != GR_UNLIMITED) {
            printf("%s%lld", first ? "" : ", ", (long long)o->limit[i]);
            first = 0;
        }
    printf(") = %d block%s = %d warps = %d threads per SM\n", o->blocks_per_sm, plural(o->blocks_per_sm),
           o->warps_per_sm, o->threads_per_sm);
    printf("  occupancy      %d / %d warps = %s%%\n\n", o->warps_per_sm, o->max_warps_sm,
           cli_num(pct, 100 * o->occupancy));
    (void)in;
}

static void print_limiters(const gr_occupancy *o)
{
    out_buf words = OUT_BUF_INIT;
    out_limiters(&words, o->limiters);
    fputs(out_buf_text(&words), stdout);
    out_buf_free(&words);
}

static void print_verdict(const gr_occupancy *o)
{
    char pct[32];
    if (o->warps_per_sm == o->max_warps_sm)
        printf("Full occupancy: all %d warp slots are used (the limit: ", o->max_warps_sm);
    else
        printf("Not full occupancy: %s%% (limited by ", cli_num(pct, 100 * o->occupancy));
    print_limiters(o);
    printf(").\n");
}

/* Where the runtime's reserved bytes or whole-block residency change the
 * answer from what a per-thread estimate gives (as PMPP's chapter 5 does). */
static void print_smem_notes(const occ_inputs *in, const gr_occupancy *o)
{
    const gr_sm_limits *lim = &in->limits;
    const gr_launch *l = &in->launch;
    char a[32], b[32], c[32];
    if (o->needs_optin)
        printf("Above the %lld B a block gets by default: the kernel must opt in with\n"
               "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes).\n",
               (long long)lim->smem_block_bytes);
    if (!(o->limiters & (1u << GR_LIMIT_SHARED_MEMORY)) || l->smem_per_block_bytes == 0)
        return;
    double per_thread = (double)l->smem_per_block_bytes / l->threads_per_block;
    double threads = (double)o->smem_sm_bytes / per_thread;
    if (threads > lim->max_threads_sm)
        threads = lim->max_threads_sm;
    if ((int)threads != o->threads_per_sm)
        printf("The per-thread estimate of PMPP's chapter 5 (%lld B / %s B per thread = %s threads,\n"
               "%s%%) overstates it: blocks are resident whole",
               (long long)o->smem_sm_bytes, cli_num(a, per_thread), cli_num(b, threads),
               cli_num(c, 100 * threads / lim->max_threads_sm));
    gr_sm_limits unreserved = *lim;
    unreserved.smem_reserved_bytes = 0;
    gr_occupancy without;
    bool reserved_costs = lim->smem_reserved_bytes && gr_occupancy_compute(&unreserved, l, &without, NULL) &&
                          without.blocks_per_sm != o->blocks_per_sm;
    if ((int)threads != o->threads_per_sm)
        printf("%s.\n", reserved_costs ? ", and each also takes the runtime's reserved memory" : "");
    if (reserved_costs)
        printf("Without the %d B reserved per block, %d block%s (%s%%) would fit.\n", lim->smem_reserved_bytes,
               without.blocks_per_sm, plural(without.blocks_per_sm), cli_num(a, 100 * without.occupancy));
}

static const char *kib(char buf[32], int64_t bytes)
{
    if (bytes % 1024 == 0)
        snprintf(buf, 32, "%lld KiB", (long long)(bytes / 1024));
    else
        snprintf(buf, 32, "%lld B", (long long)bytes);
    return buf;
}

/* Before sm_70 there is no carveout to configure: the split of L1 and
 * shared memory is the cache configuration's, the most shared memory
 * without a preference. */
static void print_cache_configs(const gr_profile *p)
{
    char a[32];
    printf("On sm_%d%d there is no carveout: cudaFuncSetCacheConfig splits one array between L1 and shared\n"
           "memory, giving %s of shared memory by default and with cudaFuncCachePreferShared,\n",
           p->cc_major, p->cc_minor, kib(a, p->smem_sm_bytes));
    for (int i = p->carveout_count - 2; i >= 0; i--)
        printf("%s%s with %s", i == p->carveout_count - 2 ? "" : i == 0 ? " and " : ", ",
               kib(a, p->carveouts_bytes[i]), occ_cache_config_name(p, p->carveouts_bytes[i]));
    printf(".\n");
}

static void print_default_carveout(const occ_inputs *in)
{
    if (!in->has_device || !in->default_carveout || in->limits.smem_config == GR_SMEM_FIXED)
        return;
    if (in->limits.smem_config == GR_SMEM_CACHE_CONFIG) {
        print_cache_configs(&in->device);
        return;
    }
    char b[48];
    int64_t pick = gr_default_carveout(&in->device, &in->limits, &in->launch);
    printf("By default the driver configures the smallest carveout that keeps these blocks: %s.\n",
           cli_bytes(b, pick));
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

void occ_print_text(const occ_inputs *in, const gr_occupancy *o)
{
    print_launch(in, "Occupancy of");
    print_sm(in);
    print_from(in);
    print_threads_step(in, o);
    print_registers_step(in, o);
    print_smem_step(in, o);
    print_result(in, o);
    print_verdict(o);
    print_smem_notes(in, o);
    print_default_carveout(in);
}

static bool same_row(const gr_sweep_point *a, const gr_sweep_point *b)
{
    return a->valid == b->valid && (!a->valid || (a->occ.blocks_per_sm == b->occ.blocks_per_sm &&
                                                  a->occ.warps_per_sm == b->occ.warps_per_sm &&
                                                  a->occ.limiters == b->occ.limiters));
}

static void print_sweep_row(const gr_sweep_point *first, const gr_sweep_point *last)
{
    char range[48], pct[32];
    if (first == last)
        snprintf(range, sizeof range, "%lld", (long long)first->x);
    else
        snprintf(range, sizeof range, "%lld-%lld", (long long)first->x, (long long)last->x);
    if (!first->valid) {
        printf("  %-13s  does not launch\n", range);
        return;
    }
    printf("  %-13s  %9d  %8d  %8s%%  ", range, first->occ.blocks_per_sm, first->occ.warps_per_sm,
           cli_num(pct, 100 * first->occ.occupancy));
    print_limiters(&first->occ);
    printf("\n");
}

void occ_print_sweep_text(const occ_inputs *in, const gr_sweep *s)
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

void occ_print_suggestion_text(const occ_inputs *in, const gr_suggestion *s)
{
    char pct[32];
    printf("The block size with the highest occupancy for");
    print_launch(in, "");
    print_sm(in);
    printf("  %d threads per block: %d block%s per SM, %s%% occupancy\n\n", s->threads_per_block,
           s->blocks_per_sm, plural(s->blocks_per_sm), cli_num(pct, 100 * s->occupancy));
    printf("Chosen as cudaOccupancyMaxPotentialBlockSize chooses: the most resident threads,\n"
           "the larger block on a tie.");
    if (in->has_device)
        printf(" A grid of at least %d x %d SMs = %d blocks fills the GPU.",
               s->blocks_per_sm, in->device.sm_count, s->blocks_per_sm * in->device.sm_count);
    printf("\n");
    print_bound_note(in);
}

static void print_check(const occ_inputs *in, int64_t dynamic_bytes)
{
    gr_launch l = in->launch;
    l.smem_per_block_bytes += dynamic_bytes;
    gr_occupancy o;
    gr_error err;
    if (gr_occupancy_compute(&in->limits, &l, &o, &err))
        printf("  with %lld B: %d block%s resident\n", (long long)dynamic_bytes, o.blocks_per_sm,
               o.blocks_per_sm == 1 ? "" : "s");
    else
        printf("  with %lld B: does not launch (%s)\n", (long long)dynamic_bytes, err.text);
}

void occ_print_target_text(const occ_inputs *in, int target, const gr_smem_target *t)
{
    const gr_sm_limits *lim = &in->limits;
    char a[48];
    printf("The most dynamic shared memory per block that keeps %d blocks resident, for", target);
    print_launch(in, "");
    print_sm(in);
    printf("  %lld B per SM / %d blocks = %lld B per block", (long long)lim->smem_sm_bytes, target,
           (long long)(lim->smem_sm_bytes / target));
    if (lim->smem_alloc_unit > 1)
        printf(", in whole units of %d B: %lld B", lim->smem_alloc_unit, (long long)t->per_block_bytes);
    printf("\n  less %d B reserved and %lld B static = %s",
           lim->smem_reserved_bytes, (long long)in->launch.smem_per_block_bytes,
           cli_bytes(a, t->per_block_bytes - lim->smem_reserved_bytes - in->launch.smem_per_block_bytes));
    if (t->max_dynamic_smem_bytes < t->per_block_bytes - lim->smem_reserved_bytes - in->launch.smem_per_block_bytes)
        printf(", capped by the per-block maximum at %lld B", (long long)t->max_dynamic_smem_bytes);
    printf("\n\nAnswer: %s of dynamic shared memory per block.\n", cli_bytes(a, t->max_dynamic_smem_bytes));
    print_check(in, t->max_dynamic_smem_bytes);
    print_check(in, t->max_dynamic_smem_bytes + 1);
    if (lim->smem_reserved_bytes && t->runtime_dynamic_smem_bytes != t->max_dynamic_smem_bytes) {
        printf("The CUDA runtime's cudaOccupancyAvailableDynamicSMemPerBlock leaves out the reserved\n"
               "memory and answers %lld B, which is too large:\n", (long long)t->runtime_dynamic_smem_bytes);
        print_check(in, t->runtime_dynamic_smem_bytes);
    }
}
