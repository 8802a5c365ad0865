/* The L2 read ceiling: loads that bypass L1 (ld.global.cg, __ldcg) over a
 * working set that stays in the L2, read over and over.
 *
 * T threads (a grid of resident blocks) read a working set of T x U x G
 * 16-byte chunks: in each pass, thread t reads the chunks b + (g U + u) T
 * for the G groups g of U loads u, where b = (t + 32 x pass) mod T.  A
 * warp's loads stay 512 contiguous bytes; each pass every chunk is read
 * exactly once; and b moves a warp's width a pass, so that no address is
 * the same from one pass to the next and the compiler can keep no load out
 * of the loop.  The words loaded are summed (mod 2^32) into a checksum a
 * thread, which the host recomputes for every thread.
 *
 * The first run fills the L2 from DRAM; the warm-up runs leave the working
 * set there for the timed ones.  The candidates: the working sets asked for
 * (each rounded to whole groups) by the launch shapes below; the search
 * (peak_search.cu) keeps the fastest in bytes a second. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define SHIFT 32 /* chunks b moves a pass: a warp */

template <int U, int THREADS>
__global__ void __launch_bounds__(THREADS) l2_read_kernel(const uint4 *__restrict__ data, unsigned int *out,
                                                          int groups, int passes)
{
    const unsigned int T = gridDim.x * THREADS;
    const unsigned int t = blockIdx.x * THREADS + threadIdx.x;
    unsigned int b = t, sum = 0;
    for (int p = 0; p < passes; p++) {
        for (int g = 0; g < groups; g++) {
            const uint4 *q = data + b + (size_t)g * U * T;
            uint4 v[U];
#pragma unroll
            for (int u = 0; u < U; u++)
                v[u] = __ldcg(q + (size_t)u * T);
#pragma unroll
            for (int u = 0; u < U; u++)
                sum += (v[u].x + v[u].y) + (v[u].z + v[u].w);
        }
        b += SHIFT;
        if (b >= T)
            b -= T;
    }
    out[t] = sum;
}

__global__ void l2_fill(unsigned int *words, size_t count)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
        words[i] = grk_pattern_word(i);
}

typedef void (*l2_kernel_t)(const uint4 *, unsigned int *, int, int);

/* A launch shape: loads in flight a thread, threads a block, and the
 * blocks an SM (0: as many as fit). */
typedef struct {
    l2_kernel_t kernel;
    int u, threads, blocks_per_sm;
} l2_variant;

#define VARIANT(U, THREADS, PER_SM) {l2_read_kernel<U, THREADS>, U, THREADS, PER_SM}

/* A working set is a whole number of groups of threads x U chunks: the
 * shapes with fewer loads in flight and fewer threads make the smaller
 * sets (on an H100, 132 SMs x 2048 threads x 16 B = 4.3 MB a load). */
static const l2_variant variants[] = {
    VARIANT(1, 256, 0), VARIANT(2, 256, 0), VARIANT(4, 256, 0), VARIANT(1, 1024, 0), VARIANT(1, 512, 2),
    VARIANT(2, 512, 2), VARIANT(4, 512, 2), VARIANT(4, 1024, 1), VARIANT(8, 256, 4),
};
#define VARIANT_COUNT (int)(sizeof variants / sizeof variants[0])
#define MAX_CONFIGS 64

int grk_l2_variants(void)
{
    return VARIANT_COUNT;
}

typedef struct {
    const l2_variant *v[MAX_CONFIGS];
    unsigned int blocks[MAX_CONFIGS];
    int groups[MAX_CONFIGS], passes[MAX_CONFIGS];
    size_t asked[MAX_CONFIGS];
    int count, sms;
    uint4 *data;
    unsigned int *out;
} l2_run;

static size_t threads_of(const l2_run *r, int k)
{
    return (size_t)r->blocks[k] * r->v[k]->threads;
}

static size_t chunks_of(const l2_run *r, int k)
{
    return threads_of(r, k) * r->v[k]->u * r->groups[k];
}

static int launch_l2(void *ctx, int config, grk_error *err)
{
    l2_run *r = (l2_run *)ctx;
    r->v[config]->kernel<<<r->blocks[config], r->v[config]->threads>>>(r->data, r->out, r->groups[config],
                                                                       r->passes[config]);
    GRK_LAUNCH_RETURN("l2_read_kernel");
    return 0;
}

static double l2_bytes_loaded(void *ctx, int config)
{
    const l2_run *r = (const l2_run *)ctx;
    return (double)chunks_of(r, config) * 16.0 * r->passes[config];
}

static void l2_name(void *ctx, int config, char *out, size_t size)
{
    const l2_run *r = (const l2_run *)ctx;
    const l2_variant *v = r->v[config];
    snprintf(out, size, "%.1f MiB (asked %.1f), U=%d x %d groups, %d threads x %u blocks an SM, %d passes",
             chunks_of(r, config) * 16.0 / 1048576, r->asked[config] / 1048576.0, v->u, r->groups[config],
             v->threads, r->blocks[config] / (unsigned int)r->sms, r->passes[config]);
}

/* One candidate: a shape at a working set; none where the set, rounded to
 * whole groups, lands outside [asked / 1.5, asked x 1.5]. */
static int add_config(l2_run *r, const l2_variant *v, size_t asked, double bytes_per_run, grk_error *err)
{
    int per_sm = 0, k = r->count;
    GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, v->kernel, v->threads, 0));
    if (v->blocks_per_sm > 0 && v->blocks_per_sm < per_sm)
        per_sm = v->blocks_per_sm;
    if (per_sm < 1 || k >= MAX_CONFIGS)
        return 0;
    double group_bytes = (double)per_sm * r->sms * v->threads * v->u * 16.0;
    double groups = fmax(1.0, round((double)asked / group_bytes));
    if (groups * group_bytes > 1.5 * (double)asked || groups * group_bytes < (double)asked / 1.5)
        return 0;
    r->v[k] = v;
    r->blocks[k] = (unsigned int)(per_sm * r->sms);
    r->groups[k] = (int)groups;
    r->asked[k] = asked;
    r->passes[k] = (int)fmax(1.0, round(bytes_per_run / (groups * group_bytes)));
    r->count++;
    return 0;
}

static int plan_l2(l2_run *r, const size_t *sets, int set_count, int only, double bytes_per_run, grk_error *err)
{
    if (grk_sm_count(&r->sms, err) != 0)
        return -1;
    for (int s = 0; s < set_count; s++)
        for (int i = 0; i < VARIANT_COUNT; i++)
            if ((only < 0 || i == only) && add_config(r, &variants[i], sets[s], bytes_per_run, err) != 0)
                return -1;
    if (r->count == 0)
        grk_fail(err, "grk_l2_read: no launch shape makes a working set within 1.5x of the sizes asked for");
    return r->count ? 0 : -1;
}

/* Every thread's checksum, recomputed in one sweep of the working set.
 * Pass p of thread t reads the chunks of column (t + 32 p) mod T, the
 * column c being the chunks c + m T: so with F(c) the words of column c
 * summed, t's checksum sums F over the columns of its residue r = t mod 32,
 * r + 32 q for q = s, s + 1, ... (t = r + 32 s) cyclically, once a pass:
 * whole cycles of Q = T / 32 columns, and a stretch of the cycle, taken from
 * prefix sums along it. */
static bool l2_sums_right(const l2_run *r, int k, const unsigned int *got)
{
    size_t T = threads_of(r, k), Q = T / SHIFT, m_count = (size_t)r->v[k]->u * r->groups[k];
    size_t passes = (size_t)r->passes[k], whole = passes / Q, rest = passes % Q;
    unsigned int *prefix = (unsigned int *)malloc((T + SHIFT) * sizeof *prefix); /* exclusive, a residue's run */
    bool right = prefix != NULL;
    for (size_t residue = 0; right && residue < SHIFT; residue++) {
        unsigned int running = 0;
        for (size_t q = 0; q < Q; q++) {
            size_t c = residue + SHIFT * q;
            prefix[c] = running;
            for (size_t m = 0; m < m_count; m++)
                for (int w = 0; w < 4; w++)
                    running += grk_pattern_word((c + m * T) * 4 + w);
        }
        prefix[T + residue] = running; /* the whole cycle: column Q of the residue's run */
    }
    for (size_t t = 0; right && t < T; t++) {
        size_t residue = t % SHIFT, s = t / SHIFT, end = s + rest;
        unsigned int cycle = prefix[T + residue], at_s = prefix[t];
        unsigned int stretch = end <= Q ? (end == Q ? cycle : prefix[residue + SHIFT * end]) - at_s
                                        : cycle - at_s + prefix[residue + SHIFT * (end - Q)];
        right = got[t] == cycle * (unsigned int)whole + stretch;
    }
    free(prefix);
    return right;
}

static int l2_buffers(l2_run *r, size_t *threads, grk_error *err)
{
    size_t chunks = 0;
    *threads = 0;
    for (int k = 0; k < r->count; k++) {
        if (chunks_of(r, k) > chunks)
            chunks = chunks_of(r, k);
        if (threads_of(r, k) > *threads)
            *threads = threads_of(r, k);
    }
    GRK_MALLOC(&r->data, chunks * 16);
    GRK_MALLOC(&r->out, *threads * sizeof *r->out);
    l2_fill<<<1024, 256>>>((unsigned int *)r->data, chunks * 4);
    GRK_LAUNCH_CHECK("l2_fill");
    return 0;
fail:
    return -1;
}

int grk_l2_read(const size_t *working_sets, int set_count, int variant, double bytes_per_run,
                const grk_trace_plan *plan, grk_peak *out, grk_error *err)
{
    l2_run r;
    unsigned int *host = NULL;
    size_t threads = 0;
    int chosen = 0, rc = -1;

    memset(&r, 0, sizeof r);
    memset(out, 0, sizeof *out);
    if (variant >= VARIANT_COUNT) {
        grk_fail(err, "grk_l2_read: variant %d: there are %d", variant, VARIANT_COUNT);
        return -1;
    }
    if (plan_l2(&r, working_sets, set_count, variant, bytes_per_run, err) != 0 || l2_buffers(&r, &threads, err) != 0)
        goto fail;
    if (grk_peak_search(launch_l2, l2_bytes_loaded, l2_name, &r, r.count, "l2", plan, out, &chosen, err) != 0)
        goto fail;
    host = (unsigned int *)malloc(threads * sizeof *host);
    if (!host) {
        grk_fail(err, "grk_l2_read: out of host memory");
        goto fail;
    }
    GRK_CHECK(cudaMemcpy(host, r.out, threads_of(&r, chosen) * sizeof *host, cudaMemcpyDeviceToHost));
    out->verified = l2_sums_right(&r, chosen, host);
    rc = 0;
fail:
    if (r.data)
        (void)cudaFree(r.data);
    if (r.out)
        (void)cudaFree(r.out);
    free(host);
    return rc;
}
