/* The shared-memory load ceiling: every thread of every SM loads from
 * shared memory without bank conflicts, as fast as the SMs serve it.
 *
 * A block fills its buffer with a known pattern, then each thread loads U
 * elements (4, 8 or 16 bytes each) a step, THREADS elements apart, at its
 * own index plus a rotation (the step's number modulo 32): a warp reads
 * consecutive elements, which no two threads of a wavefront's quarter,
 * half or whole warp share a bank with, whatever the rotation; and the
 * rotation changes every address from one step to the next, so that the
 * compiler can keep no load out of the loop.  The loaded words are summed
 * (mod 2^32) into a per-thread checksum, which the host computes for every
 * thread index and compares with every thread's: a load dropped or moved
 * shows.  Only the loads count as bytes; the fill is one step's worth.
 *
 * The candidates (element width, U, threads a block) each run with as many
 * blocks as fit an SM, one wave; the warm-up keeps the fastest in bytes a
 * second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define ROTATION 32 /* elements; a power of two */

__device__ __forceinline__ unsigned int fold(unsigned int v) { return v; }
__device__ __forceinline__ unsigned int fold(uint2 v) { return v.x + v.y; }
__device__ __forceinline__ unsigned int fold(uint4 v) { return (v.x + v.y) + (v.z + v.w); }

template <typename V, int U, int THREADS>
__global__ void __launch_bounds__(THREADS) shared_load_kernel(unsigned int *out, int steps)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    V *buf = (V *)shared_bytes;
    unsigned int *words = (unsigned int *)shared_bytes;
    const int word_count = (U * THREADS + ROTATION) * (int)(sizeof(V) / 4);
    for (int w = threadIdx.x; w < word_count; w += THREADS)
        words[w] = grk_pattern_word((unsigned long long)w);
    __syncthreads();

    unsigned int sum = 0;
    for (int s = 0; s < steps; s++) {
        const V *p = buf + threadIdx.x + (s & (ROTATION - 1));
        V v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            v[u] = p[u * THREADS];
#pragma unroll
        for (int u = 0; u < U; u++)
            sum += fold(v[u]);
    }
    out[(size_t)blockIdx.x * THREADS + threadIdx.x] = sum;
}

typedef void (*shared_kernel_t)(unsigned int *, int);

typedef struct {
    shared_kernel_t kernel;
    int width, u, threads; /* bytes an element, elements a step, threads a block */
} shared_variant;

#define VARIANT(V, U, THREADS) {shared_load_kernel<V, U, THREADS>, (int)sizeof(V), U, THREADS}

/* 16-byte loads move a warp's 512 bytes in one instruction (four
 * wavefronts), 4-byte ones in four: the first rows need the fewest issue
 * slots; the others are there in case an SM serves narrower loads faster. */
static const shared_variant variants[] = {
    VARIANT(uint4, 8, 256),         VARIANT(uint4, 16, 256),        VARIANT(uint4, 4, 1024),
    VARIANT(uint4, 8, 512),         VARIANT(uint2, 16, 256),        VARIANT(unsigned int, 32, 256),
    VARIANT(unsigned int, 16, 1024),
};
#define VARIANT_COUNT (int)(sizeof variants / sizeof variants[0])

int grk_shared_variants(void)
{
    return VARIANT_COUNT;
}

typedef struct {
    const shared_variant *v[VARIANT_COUNT];
    int blocks[VARIANT_COUNT], steps[VARIANT_COUNT];
    size_t smem[VARIANT_COUNT];
    int count, sms;
    unsigned int *out;
} shared_run;

static size_t buffer_bytes(const shared_variant *v)
{
    return (size_t)(v->u * v->threads + ROTATION) * v->width;
}

static int launch_shared(void *ctx, int config, grk_error *err)
{
    shared_run *r = (shared_run *)ctx;
    r->v[config]->kernel<<<r->blocks[config], r->v[config]->threads, r->smem[config]>>>(r->out, r->steps[config]);
    GRK_LAUNCH_RETURN("shared_load_kernel");
    return 0;
}

static double shared_bytes_loaded(void *ctx, int config)
{
    const shared_run *r = (const shared_run *)ctx;
    const shared_variant *v = r->v[config];
    return (double)r->blocks[config] * v->threads * r->steps[config] * v->u * v->width;
}

static void shared_name(void *ctx, int config, char *out, size_t size)
{
    const shared_run *r = (const shared_run *)ctx;
    const shared_variant *v = r->v[config];
    snprintf(out, size, "%d-byte loads, %d a step, %d threads x %d blocks an SM, %d steps", v->width, v->u,
             v->threads, r->blocks[config] / r->sms, r->steps[config]);
}

/* The candidates: each with as many blocks as fit an SM (its dynamic shared
 * memory allowed past the default 48 KiB), steps for bytes_per_sm. */
static int plan_shared(shared_run *r, int only, double bytes_per_sm, grk_error *err)
{
    int device = 0, optin = 0;
    if (grk_sm_count(&r->sms, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaGetDevice(&device));
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    for (int i = 0; i < VARIANT_COUNT; i++) {
        const shared_variant *v = &variants[i];
        int per_sm = 0, k = r->count;
        if ((only >= 0 && i != only) || buffer_bytes(v) > (size_t)optin)
            continue;
        r->smem[k] = buffer_bytes(v);
        GRK_CHECK_RETURN(cudaFuncSetAttribute(v->kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                              (int)r->smem[k]));
        GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, v->kernel, v->threads, r->smem[k]));
        if (per_sm < 1)
            continue;
        double per_step = (double)per_sm * v->threads * v->u * v->width;
        r->v[k] = v;
        r->blocks[k] = per_sm * r->sms;
        r->steps[k] = (int)(bytes_per_sm / per_step) < ROTATION ? ROTATION : (int)(bytes_per_sm / per_step);
        r->count++;
    }
    if (r->count == 0)
        grk_fail(err, "grk_shared_load: no candidate fits an SM");
    return r->count ? 0 : -1;
}

/* Each thread index's checksum, the same in every block: step s reads the
 * elements index + (s mod ROTATION) + u x threads. */
static bool shared_sums_right(const shared_variant *v, int blocks, int steps, const unsigned int *got)
{
    int words = v->width / 4;
    for (int t = 0; t < v->threads; t++) {
        unsigned int expected = 0;
        for (int rot = 0; rot < ROTATION; rot++) {
            unsigned int once = 0;
            unsigned int times = (unsigned int)(steps / ROTATION + (rot < steps % ROTATION));
            for (int u = 0; u < v->u; u++)
                for (int c = 0; c < words; c++)
                    once += grk_pattern_word((unsigned long long)(t + rot + u * v->threads) * words + c);
            expected += once * times;
        }
        for (int b = 0; b < blocks; b++)
            if (got[(size_t)b * v->threads + t] != expected)
                return false;
    }
    return true;
}

int grk_shared_load(int variant, double bytes_per_sm, const grk_trace_plan *plan, grk_peak *out, grk_error *err)
{
    shared_run r;
    unsigned int *host = NULL;
    size_t threads = 0;
    int chosen = 0, rc = -1;

    memset(&r, 0, sizeof r);
    memset(out, 0, sizeof *out);
    if (variant >= VARIANT_COUNT) {
        grk_fail(err, "grk_shared_load: variant %d: there are %d", variant, VARIANT_COUNT);
        return -1;
    }
    if (plan_shared(&r, variant, bytes_per_sm, err) != 0)
        return -1;
    for (int k = 0; k < r.count; k++)
        if ((size_t)r.blocks[k] * r.v[k]->threads > threads)
            threads = (size_t)r.blocks[k] * r.v[k]->threads;
    GRK_MALLOC(&r.out, threads * sizeof *r.out);
    if (grk_peak_search(launch_shared, shared_bytes_loaded, shared_name, &r, r.count, "shared", plan, out, &chosen, err) != 0)
        goto fail;
    host = (unsigned int *)malloc(threads * sizeof *host);
    if (!host) {
        grk_fail(err, "grk_shared_load: out of host memory");
        goto fail;
    }
    GRK_CHECK(cudaMemcpy(host, r.out, (size_t)r.blocks[chosen] * r.v[chosen]->threads * sizeof *host,
                         cudaMemcpyDeviceToHost));
    out->verified = shared_sums_right(r.v[chosen], r.blocks[chosen], r.steps[chosen], host);
    rc = 0;
fail:
    if (r.out)
        (void)cudaFree(r.out);
    free(host);
    return rc;
}
