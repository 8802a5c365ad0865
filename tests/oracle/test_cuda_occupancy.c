/* Differential test: gpuroof's occupancy against the CUDA toolkit's own
 * calculator, cuda_occupancy.h, included from the installed toolkit (its
 * licence forbids copying it; it is an oracle here, never a source).
 *
 * For every shipped profile, 100,000 random configurations: block size,
 * registers, static and dynamic shared memory, carveout preference (before
 * sm_70, the cache configuration that splits L1 and shared memory).  Valid
 * ones must give the same blocks per SM; invalid ones must be rejected by
 * both.  Also compares the suggested block size (also under a
 * __launch_bounds__ maximum) and the dynamic shared memory answer.  Skipped (TAP "1..0 # SKIP") without the header. */
#include <stdio.h>
#include <stdlib.h>
#ifndef HAVE_CUDA_OCCUPANCY_H
int main(void)
{
    puts("1..0 # SKIP cuda_occupancy.h not found (configure --with-cuda=DIR)");
    return 0;
}
#else
#include <limits.h>
#include <string.h>
#include <cuda_occupancy.h>
#include "occupancy.h"
#include "occupancy_tools.h"
#include "profile.h"

/* GPUROOF_ORACLE_SCALE divides both counts: make check-valgrind runs the
 * test at 1/50 of its size, the full one taking too long under memcheck. */
#define FULL_CONFIGS_PER_PROFILE 100000
#define FULL_SUGGESTIONS_PER_PROFILE 3000
static long configs_per_profile = FULL_CONFIGS_PER_PROFILE;
static int suggestions_per_profile = FULL_SUGGESTIONS_PER_PROFILE;

static void apply_scale(void)
{
    const char *text = getenv("GPUROOF_ORACLE_SCALE");
    long scale = text ? strtol(text, NULL, 10) : 1;
    if (scale > 1 && scale <= 1000) {
        configs_per_profile = FULL_CONFIGS_PER_PROFILE / scale;
        suggestions_per_profile = (int)(FULL_SUGGESTIONS_PER_PROFILE / scale);
    }
}
#define STATIC_SMEM_MAX (48 * 1024) /* CUDA's limit on static __shared__ */

static const char *const profile_names[] = {
    "a100", "a100-80gb", "k40", "v100", "h100", "h100-pcie", "h200", "rtx4090",
};

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int64_t random_in(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(next_random() % (uint64_t)(hi - lo + 1));
}

typedef struct {
    int threads, regs;
    int64_t static_smem, dynamic_smem;
    int carveout_percent; /* -1: the default */
    int cache_config;     /* before sm_70: a cudaOccCacheConfig; CACHE_PREFER_NONE by default */
} config;

static cudaOccDeviceProp oracle_device(const gr_profile *p)
{
    cudaOccDeviceProp d;
    memset(&d, 0, sizeof d);
    d.computeMajor = p->cc_major;
    d.computeMinor = p->cc_minor;
    d.maxThreadsPerBlock = p->max_threads_block;
    d.maxThreadsPerMultiprocessor = p->max_threads_sm;
    d.regsPerBlock = p->regs_block;
    d.regsPerMultiprocessor = p->regs_sm;
    d.warpSize = p->warp_size;
    d.sharedMemPerBlock = (size_t)p->smem_block_bytes;
    d.sharedMemPerMultiprocessor = (size_t)p->smem_sm_bytes;
    d.numSms = p->sm_count;
    d.sharedMemPerBlockOptin = (size_t)p->smem_block_optin_bytes;
    d.reservedSharedMemPerBlock = (size_t)p->smem_block_reserved_bytes;
    return d;
}

/* Zeroed, then the fields whose zero would mean something else. */
static cudaOccFuncAttributes oracle_function(const gr_profile *p, const config *c)
{
    cudaOccFuncAttributes f;
    memset(&f, 0, sizeof f);
    f.maxThreadsPerBlock = p->max_threads_block;
    f.numRegs = c->regs;
    f.sharedSizeBytes = (size_t)c->static_smem;
    f.partitionedGCConfig = PARTITIONED_GC_OFF;
    f.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    f.maxDynamicSharedSizeBytes = (size_t)c->dynamic_smem;
    f.numBlockBarriers = 1;
    return f;
}

static cudaOccDeviceState oracle_state(const config *c)
{
    cudaOccDeviceState s;
    memset(&s, 0, sizeof s);
    s.cacheConfig = (cudaOccCacheConfig)c->cache_config;
    s.carveoutConfig = c->carveout_percent < 0 ? SHAREDMEM_CARVEOUT_DEFAULT : c->carveout_percent;
    return s;
}

/* Blocks per SM by the oracle; 0 where it rejects the launch. */
static int oracle_blocks(const gr_profile *p, const config *c)
{
    cudaOccDeviceProp d = oracle_device(p);
    cudaOccFuncAttributes f = oracle_function(p, c);
    cudaOccDeviceState s = oracle_state(c);
    cudaOccResult r;
    memset(&r, 0, sizeof r);
    if (cudaOccMaxActiveBlocksPerMultiprocessor(&r, &d, &f, &s, c->threads, (size_t)c->dynamic_smem) !=
        CUDA_OCC_SUCCESS)
        return 0;
    return r.activeBlocksPerMultiprocessor;
}

/* Kepler's three splits of its L1/shared array, as gpuroof's --carveout
 * names them: the smallest shared memory (PreferL1), the middle one
 * (PreferEqual), the largest (PreferShared; PreferNone takes it too). */
static int64_t cache_config_bytes(const gr_profile *p, int cache_config)
{
    switch (cache_config) {
    case CACHE_PREFER_L1:
        return p->carveouts_bytes[0];
    case CACHE_PREFER_EQUAL:
        return p->carveouts_bytes[p->carveout_count / 2];
    case CACHE_PREFER_SHARED:
        return p->smem_sm_bytes;
    default:
        return -1;
    }
}

static bool gpuroof_limits(const gr_profile *p, const config *c, gr_sm_limits *lim)
{
    int64_t carveout = c->carveout_percent < 0 ? cache_config_bytes(p, c->cache_config)
                                               : gr_carveout_from_percent(p, c->carveout_percent);
    return gr_limits_from_profile(p, carveout, lim, NULL);
}

static int gpuroof_blocks(const gr_profile *p, const config *c)
{
    gr_sm_limits lim;
    gr_launch l = {c->threads, c->regs, c->static_smem + c->dynamic_smem};
    gr_occupancy o;
    if (!gpuroof_limits(p, c, &lim) || !gr_occupancy_compute(&lim, &l, &o, NULL))
        return 0;
    return o.blocks_per_sm;
}

/* Mostly valid configurations, with a share just past each limit. */
static config random_config(const gr_profile *p)
{
    config c;
    bool edge = random_in(0, 19) == 0;
    c.threads = (int)random_in(1, p->max_threads_block + (edge ? 64 : 0));
    c.regs = (int)random_in(1, p->max_regs_thread);
    /* Past the limit, but not 256: the hardware's limit is 255 registers
     * per thread (Programming Guide), cuda_occupancy.h allows 256 on sm_70
     * and later (a count no compiler emits). */
    if (edge && random_in(0, 3) == 0)
        c.regs = (int)random_in(257, 300);
    int64_t static_max = STATIC_SMEM_MAX < p->smem_block_optin_bytes ? STATIC_SMEM_MAX : p->smem_block_optin_bytes;
    c.static_smem = random_in(0, 3) == 0 ? 0 : random_in(0, static_max);
    int64_t room = p->smem_block_optin_bytes - c.static_smem + (edge ? 4096 : 0);
    c.dynamic_smem = random_in(0, 2) == 0 ? 0 : random_in(0, room);
    /* Before Volta the split was cudaFuncSetCacheConfig's, which
     * cuda_occupancy.h does not take as a percentage. */
    bool has_carveout = p->cc_major >= 7;
    c.carveout_percent = has_carveout && random_in(0, 3) == 0 ? (int)random_in(0, 100) : -1;
    c.cache_config = !has_carveout && p->carveout_count == 3 ? (int)random_in(CACHE_PREFER_NONE, CACHE_PREFER_EQUAL)
                                                              : CACHE_PREFER_NONE;
    return c;
}

static void report(const char *what, const gr_profile *p, const config *c, long long ours, long long theirs)
{
    fprintf(stderr, "DISAGREE %s %s: threads=%d regs=%d static=%lld dynamic=%lld carveout=%d%% cache config %d: "
            "gpuroof %lld, cuda_occupancy.h %lld\n",
            what, p->name, c->threads, c->regs, (long long)c->static_smem, (long long)c->dynamic_smem,
            c->carveout_percent, c->cache_config, ours, theirs);
}

/* Until configs_per_profile valid configurations have been compared; the
 * invalid ones met on the way are compared too. */
static long check_blocks(const gr_profile *p, long *invalid)
{
    long disagreements = 0, valid = 0;
    while (valid < configs_per_profile) {
        config c = random_config(p);
        int ours = gpuroof_blocks(p, &c), theirs = oracle_blocks(p, &c);
        valid += theirs > 0;
        *invalid += theirs == 0;
        if (ours != theirs && disagreements++ < 10)
            report("blocks", p, &c, ours, theirs);
    }
    return disagreements;
}

/* The runtime's answer to "how much dynamic shared memory for N blocks":
 * gpuroof models it (runtime_dynamic_smem_bytes) beside its own answer,
 * which also counts the reserved bytes and so must keep N blocks. */
static long check_available_smem(const gr_profile *p)
{
    long disagreements = 0;
    for (int i = 0; i < suggestions_per_profile; i++) {
        config c = random_config(p);
        c.carveout_percent = -1;
        c.cache_config = CACHE_PREFER_NONE;
        c.dynamic_smem = 0;
        int most = gpuroof_blocks(p, &c);
        if (most == 0)
            continue;
        int target = (int)random_in(1, most);
        cudaOccDeviceProp d = oracle_device(p);
        c.dynamic_smem = p->smem_block_optin_bytes - c.static_smem;
        cudaOccFuncAttributes f = oracle_function(p, &c);
        cudaOccDeviceState s = oracle_state(&c);
        size_t theirs = 0;
        if (cudaOccAvailableDynamicSMemPerBlock(&theirs, &d, &f, &s, target, c.threads) != CUDA_OCC_SUCCESS)
            theirs = 0;
        gr_sm_limits lim;
        gr_launch l = {c.threads, c.regs, c.static_smem};
        gr_smem_target t;
        if (!gpuroof_limits(p, &c, &lim) || !gr_occupancy_max_smem(&lim, &l, target, &t, NULL)) {
            if (disagreements++ < 10)
                report("target blocks (gpuroof failed)", p, &c, target, (long long)theirs);
            continue;
        }
        c.dynamic_smem = t.max_dynamic_smem_bytes;
        int at_answer = gpuroof_blocks(p, &c), at_answer_oracle = oracle_blocks(p, &c);
        c.dynamic_smem++; /* one byte more must lose a block (or not launch) */
        int past_answer_oracle = oracle_blocks(p, &c);
        if ((t.runtime_dynamic_smem_bytes != (int64_t)theirs || at_answer < target ||
             at_answer_oracle < target || past_answer_oracle >= target) && disagreements++ < 10)
            report("available dynamic smem (runtime model vs oracle)", p, &c, t.runtime_dynamic_smem_bytes,
                   (long long)theirs);
    }
    return disagreements;
}

static long check_suggestions(const gr_profile *p)
{
    long disagreements = 0;
    for (int i = 0; i < suggestions_per_profile; i++) {
        config c = random_config(p);
        c.carveout_percent = -1;
        c.cache_config = CACHE_PREFER_NONE;
        cudaOccDeviceProp d = oracle_device(p);
        cudaOccFuncAttributes f = oracle_function(p, &c);
        cudaOccDeviceState s = oracle_state(&c);
        int min_grid = 0, block = 0;
        if (cudaOccMaxPotentialOccupancyBlockSize(&min_grid, &block, &d, &f, &s, NULL, (size_t)c.dynamic_smem) !=
            CUDA_OCC_SUCCESS)
            block = 0;
        gr_sm_limits lim;
        gr_launch l = {0, c.regs, c.static_smem + c.dynamic_smem};
        gr_suggestion sug;
        int ours = gpuroof_limits(p, &c, &lim) && gr_occupancy_suggest(&lim, &l, &sug, NULL)
                       ? sug.threads_per_block : 0;
        if (ours > 0 && min_grid != sug.blocks_per_sm * p->sm_count)
            ours = -ours; /* same block, different grid: report it too */
        if (ours != block && disagreements++ < 10)
            report("suggested block size", p, &c, ours, block);
    }
    return disagreements;
}

/* A kernel's __launch_bounds__ as the runtime takes them, its function
 * attribute maxThreadsPerBlock: the suggestion never exceeds it, and a
 * bound of no whole number of warps is tried as it is.  gpuroof's two ways
 * of holding a suggestion to a bound (a block limit, and limits lowered to
 * the bound, as occupancy --from does) must both agree. */
static long check_bounded_suggestions(const gr_profile *p)
{
    long disagreements = 0;
    for (int i = 0; i < suggestions_per_profile; i++) {
        config c = random_config(p);
        c.carveout_percent = -1;
        c.cache_config = CACHE_PREFER_NONE;
        int bound = random_in(0, 1) ? (int)random_in(1, p->max_threads_block / 32) * 32
                                    : (int)random_in(1, p->max_threads_block);
        cudaOccDeviceProp d = oracle_device(p);
        cudaOccFuncAttributes f = oracle_function(p, &c);
        f.maxThreadsPerBlock = bound;
        cudaOccDeviceState s = oracle_state(&c);
        int min_grid = 0, block = 0;
        if (cudaOccMaxPotentialOccupancyBlockSize(&min_grid, &block, &d, &f, &s, NULL, (size_t)c.dynamic_smem) !=
            CUDA_OCC_SUCCESS)
            block = 0;
        gr_sm_limits lim, bounded;
        gr_launch l = {0, c.regs, c.static_smem + c.dynamic_smem};
        gr_suggestion within, lowered;
        bool have = gpuroof_limits(p, &c, &lim);
        bounded = lim;
        gr_limits_bounded(&bounded, bound);
        int ours = have && gr_occupancy_suggest_within(&lim, &l, bound, &within, NULL) ? within.threads_per_block : 0;
        int ours_lowered = have && gr_occupancy_suggest(&bounded, &l, &lowered, NULL) ? lowered.threads_per_block : 0;
        if ((ours != block || ours_lowered != block) && disagreements++ < 10)
            report("suggested block size under __launch_bounds__", p, &c, ours != block ? ours : ours_lowered, block);
    }
    return disagreements;
}

int main(void)
{
    long total_disagreements = 0, total_valid = 0;
    apply_scale();
    for (size_t i = 0; i < sizeof profile_names / sizeof profile_names[0]; i++) {
        char path[1024];
        gr_profile p;
        gr_error err;
        snprintf(path, sizeof path, "%s/profiles/%s.yaml", GPUROOF_SRCDIR, profile_names[i]);
        if (!gr_profile_load_file(path, &p, &err)) {
            printf("Bail out! %s\n", err.text);
            return 1;
        }
        long invalid = 0;
        long blocks = check_blocks(&p, &invalid);
        long suggestions = check_suggestions(&p) + check_bounded_suggestions(&p);
        long available = check_available_smem(&p);
        /* One TAP check a profile (automake's tap-driver.sh counts them). */
        printf("%s %zu - %-10s %d valid + %ld invalid configurations: %ld disagreements; "
               "suggestions: %ld; dynamic smem answers: %ld\n",
               blocks + suggestions + available == 0 ? "ok" : "not ok", i + 1, p.name, (int)configs_per_profile,
               invalid, blocks, suggestions, available);
        total_disagreements += blocks + suggestions + available;
        total_valid += configs_per_profile;
    }
    printf("# %ld disagreements in all\n1..%zu\n", total_disagreements,
           sizeof profile_names / sizeof profile_names[0]);
    return total_disagreements == 0 && total_valid > 0 ? 0 : 1;
}
#endif
