/* The DRAM ceilings: STREAM-like read (a checked reduction), write, copy and
 * triad kernels over arrays far beyond the L2, and a driver copy.
 *
 * Every kernel moves 16-byte float4s, coalesced across the warp, with U of
 * them loaded before the first is used (bytes in flight), in a grid-stride
 * loop.  The warm-up tries a few launch shapes and cache hints for each
 * kind (a grid of exactly one wave of resident blocks, or one pass with a
 * block per U x blockDim float4s; plain loads, or ld.global.nc with the
 * 256-byte L2 prefetch hint; plain stores, or evict-first .cs stores) and
 * keeps the fastest for the timed runs. */
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

enum { K_READ, K_WRITE, K_COPY, K_TRIAD };
enum { LD_PLAIN, LD_PF256, LD_CS };
enum { ST_PLAIN, ST_CS };

template <int LD>
__device__ __forceinline__ float4 load4(const float4 *p)
{
    float4 v;
    if (LD == LD_PF256) {
        asm("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%0, %1, %2, %3}, [%4];"
            : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
            : "l"(p));
    } else if (LD == LD_CS) {
        v = __ldcs(p);
    } else {
        v = *p;
    }
    return v;
}

template <int ST>
__device__ __forceinline__ void store4(float4 *p, float4 v)
{
    if (ST == ST_CS)
        __stcs(p, v);
    else
        *p = v;
}

/* read: sums b into partials[blockIdx.x]; write: a = s; copy: a = b;
 * triad: a = b + s * c.  n floats; the last n % 4 by scalar accesses. */
template <int KIND, int U, int LD, int ST>
__global__ void stream_kernel(float *__restrict__ a, const float *__restrict__ b, const float *__restrict__ c,
                              float s, size_t n, double *__restrict__ partials)
{
    __shared__ double warp_sums[32];
    float4 *a4 = (float4 *)a;
    const float4 *b4 = (const float4 *)b, *c4 = (const float4 *)c;
    size_t n4 = n / 4, gid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x, i = gid;
    double total = 0.0;
    const float4 fill = make_float4(s, s, s, s);

    for (; i + (U - 1) * stride < n4; i += U * stride) {
        float4 vb[U], vc[U];
        if (KIND != K_WRITE) {
#pragma unroll
            for (int u = 0; u < U; u++)
                vb[u] = load4<LD>(b4 + i + u * stride);
        }
        if (KIND == K_TRIAD) {
#pragma unroll
            for (int u = 0; u < U; u++)
                vc[u] = load4<LD>(c4 + i + u * stride);
        }
        if (KIND == K_READ) {
            float part = 0.0f; /* at most 16 x U small integers: exact */
#pragma unroll
            for (int u = 0; u < U; u++)
                part += (vb[u].x + vb[u].y) + (vb[u].z + vb[u].w);
            total += part;
        } else {
#pragma unroll
            for (int u = 0; u < U; u++) {
                float4 v = fill;
                if (KIND == K_COPY)
                    v = vb[u];
                if (KIND == K_TRIAD)
                    v = make_float4(fmaf(s, vc[u].x, vb[u].x), fmaf(s, vc[u].y, vb[u].y),
                                    fmaf(s, vc[u].z, vb[u].z), fmaf(s, vc[u].w, vb[u].w));
                store4<ST>(a4 + i + u * stride, v);
            }
        }
    }
    for (; i < n4; i += stride) {
        if (KIND == K_READ) {
            float4 v = load4<LD>(b4 + i);
            total += (double)((v.x + v.y) + (v.z + v.w));
        } else if (KIND == K_WRITE) {
            store4<ST>(a4 + i, fill);
        } else if (KIND == K_COPY) {
            store4<ST>(a4 + i, load4<LD>(b4 + i));
        } else {
            float4 vb = load4<LD>(b4 + i), vc = load4<LD>(c4 + i);
            store4<ST>(a4 + i, make_float4(fmaf(s, vc.x, vb.x), fmaf(s, vc.y, vb.y), fmaf(s, vc.z, vb.z),
                                           fmaf(s, vc.w, vb.w)));
        }
    }
    if (gid < n - 4 * n4) { /* the scalar tail */
        size_t e = 4 * n4 + gid;
        if (KIND == K_READ)
            total += (double)b[e];
        else if (KIND == K_WRITE)
            a[e] = s;
        else if (KIND == K_COPY)
            a[e] = b[e];
        else
            a[e] = fmaf(s, c[e], b[e]);
    }
    if (KIND == K_READ) {
        int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = (blockDim.x + 31) >> 5;
        for (int o = 16; o > 0; o >>= 1)
            total += __shfl_down_sync(0xffffffffu, total, o);
        if (lane == 0)
            warp_sums[warp] = total;
        __syncthreads();
        if (warp == 0) {
            total = lane < warps ? warp_sums[lane] : 0.0;
            for (int o = 16; o > 0; o >>= 1)
                total += __shfl_down_sync(0xffffffffu, total, o);
            if (lane == 0)
                partials[blockIdx.x] = total;
        }
    }
}

__global__ void init_pattern(float *p, size_t n, unsigned int mod)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        p[i] = (float)(unsigned int)(i % mod);
}

typedef void (*stream_kernel_t)(float *, const float *, const float *, float, size_t, double *);

typedef struct {
    stream_kernel_t kernel;
    int u, threads;
    bool one_wave; /* grid = resident blocks per SM x SMs; else one pass */
} stream_config;

#define MAX_CONFIGS 4

static stream_config cfg(stream_kernel_t kernel, int u, int threads, bool one_wave)
{
    stream_config c;
    c.kernel = kernel, c.u = u, c.threads = threads, c.one_wave = one_wave;
    return c;
}

/* The shapes and hints the warm-up chooses among, by kind. */
static int configs_for(grk_stream_kind kind, stream_config *c)
{
    switch (kind) {
    case GRK_STREAM_READ:
        c[0] = cfg(stream_kernel<K_READ, 4, LD_PLAIN, ST_PLAIN>, 4, 256, true);
        c[1] = cfg(stream_kernel<K_READ, 4, LD_PF256, ST_PLAIN>, 4, 256, true);
        c[2] = cfg(stream_kernel<K_READ, 8, LD_PF256, ST_PLAIN>, 8, 512, true);
        c[3] = cfg(stream_kernel<K_READ, 4, LD_PLAIN, ST_PLAIN>, 4, 256, false);
        return 4;
    case GRK_STREAM_WRITE:
        c[0] = cfg(stream_kernel<K_WRITE, 4, LD_PLAIN, ST_PLAIN>, 4, 256, true);
        c[1] = cfg(stream_kernel<K_WRITE, 4, LD_PLAIN, ST_CS>, 4, 256, true);
        c[2] = cfg(stream_kernel<K_WRITE, 1, LD_PLAIN, ST_PLAIN>, 1, 256, false);
        c[3] = cfg(stream_kernel<K_WRITE, 2, LD_PLAIN, ST_CS>, 2, 512, false);
        return 4;
    case GRK_STREAM_COPY:
        c[0] = cfg(stream_kernel<K_COPY, 4, LD_PLAIN, ST_PLAIN>, 4, 256, true);
        c[1] = cfg(stream_kernel<K_COPY, 4, LD_PF256, ST_CS>, 4, 256, true);
        c[2] = cfg(stream_kernel<K_COPY, 2, LD_CS, ST_CS>, 2, 256, false);
        c[3] = cfg(stream_kernel<K_COPY, 2, LD_PLAIN, ST_PLAIN>, 2, 256, false);
        return 4;
    case GRK_STREAM_TRIAD:
        c[0] = cfg(stream_kernel<K_TRIAD, 2, LD_PLAIN, ST_PLAIN>, 2, 256, true);
        c[1] = cfg(stream_kernel<K_TRIAD, 2, LD_PF256, ST_CS>, 2, 256, true);
        c[2] = cfg(stream_kernel<K_TRIAD, 2, LD_CS, ST_CS>, 2, 256, false);
        c[3] = cfg(stream_kernel<K_TRIAD, 1, LD_PLAIN, ST_PLAIN>, 1, 256, false);
        return 4;
    }
    return 0;
}

typedef struct {
    stream_config config[MAX_CONFIGS];
    unsigned int grid[MAX_CONFIGS];
    float *a, *b, *c, s;
    size_t n;
    double *partials;
} stream_run;

static int launch_stream(void *ctx, int k, grk_error *err)
{
    stream_run *r = (stream_run *)ctx;
    r->config[k].kernel<<<r->grid[k], r->config[k].threads>>>(r->a, r->b, r->c, r->s, r->n, r->partials);
    GRK_LAUNCH_RETURN("stream_kernel");
    return 0;
}

/* The exact sum of (i % 7) over i < n. */
static double pattern_sum(size_t n)
{
    size_t cycles = n / 7, rest = n % 7;
    return 21.0 * (double)cycles + (rest ? (double)(rest * (rest - 1) / 2) : 0.0);
}

#define SAMPLES 4096

int grk_stream(grk_stream_kind kind, size_t elements, int repeats, grk_timing *t, double *bytes, bool *verified,
               grk_error *err)
{
    stream_run r = {};
    int count, sms = 0, k, best = 0, per_sm;
    unsigned int max_grid = 0;
    size_t n4 = elements / 4, array_bytes = elements * sizeof(float), blocks;
    float *samples = NULL;
    double *partials = NULL;
    int rc = -1;

    *verified = false;
    if (elements < 4) {
        grk_fail(err, "grk_stream: %zu elements: too few", elements);
        return -1;
    }
    count = configs_for(kind, r.config);
    if (count == 0) {
        grk_fail(err, "grk_stream: unknown kind %d", (int)kind);
        return -1;
    }
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    for (k = 0; k < count; k++) {
        if (r.config[k].one_wave) {
            GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, r.config[k].kernel,
                                                                           r.config[k].threads, 0));
            blocks = (size_t)(per_sm > 0 ? per_sm : 1) * sms;
        } else {
            size_t per_block = (size_t)r.config[k].threads * r.config[k].u;
            blocks = (n4 + per_block - 1) / per_block;
        }
        if (blocks < 1)
            blocks = 1;
        if (blocks > 0x7fffffffu) {
            grk_fail(err, "grk_stream: %zu elements need too many blocks", elements);
            return -1;
        }
        r.grid[k] = (unsigned int)blocks;
        if (r.grid[k] > max_grid)
            max_grid = r.grid[k];
    }
    r.n = elements;
    r.s = kind == GRK_STREAM_WRITE ? 1.5f : 3.0f;

    samples = (float *)malloc(SAMPLES * sizeof *samples);
    if (!samples) {
        grk_fail(err, "grk_stream: out of host memory");
        return -1;
    }
    if (kind != GRK_STREAM_READ) {
        GRK_CHECK(cudaMalloc((void **)&r.a, array_bytes));
        GRK_CHECK(cudaMemset(r.a, 0xff, array_bytes)); /* NaN: unwritten elements show */
    }
    if (kind != GRK_STREAM_WRITE) {
        GRK_CHECK(cudaMalloc((void **)&r.b, array_bytes));
        init_pattern<<<sms * 8, 256>>>(r.b, elements, 7);
        GRK_LAUNCH_CHECK("init_pattern");
    }
    if (kind == GRK_STREAM_TRIAD) {
        GRK_CHECK(cudaMalloc((void **)&r.c, array_bytes));
        init_pattern<<<sms * 8, 256>>>(r.c, elements, 5);
        GRK_LAUNCH_CHECK("init_pattern");
    }
    if (kind == GRK_STREAM_READ)
        GRK_CHECK(cudaMalloc((void **)&r.partials, max_grid * sizeof(double)));
    GRK_CHECK(cudaDeviceSynchronize());

    if (grk_time_runs(launch_stream, &r, count, repeats, t, &best, err) != 0)
        goto fail;
    /* the check: one more run of the chosen configuration over fresh poison,
     * so that what the other configurations wrote cannot hide a gap */
    if (kind == GRK_STREAM_READ)
        GRK_CHECK(cudaMemset(r.partials, 0xff, max_grid * sizeof(double)));
    else
        GRK_CHECK(cudaMemset(r.a, 0xff, array_bytes));
    if (launch_stream(&r, best, err) != 0)
        goto fail;
    GRK_CHECK(cudaDeviceSynchronize());

    if (kind == GRK_STREAM_READ) {
        double sum = 0.0;
        partials = (double *)malloc(r.grid[best] * sizeof *partials);
        if (!partials) {
            grk_fail(err, "grk_stream: out of host memory");
            goto fail;
        }
        GRK_CHECK(cudaMemcpy(partials, r.partials, r.grid[best] * sizeof(double), cudaMemcpyDeviceToHost));
        for (unsigned int i = 0; i < r.grid[best]; i++)
            sum += partials[i];
        *verified = sum == pattern_sum(elements);
        if (!*verified)
            grk_fail(err, "grk_stream read: checksum %.17g, expected %.17g", sum, pattern_sum(elements));
        *bytes = (double)array_bytes;
    } else {
        bool right = true;
        if (grk_read_samples(r.a, elements, samples, SAMPLES, err) != 0)
            goto fail;
        for (int j = 0; j < SAMPLES; j++) {
            size_t i = grk_sample_index((size_t)j, elements);
            float want = kind == GRK_STREAM_WRITE ? r.s
                         : kind == GRK_STREAM_COPY ? (float)(unsigned int)(i % 7)
                                                   : fmaf(r.s, (float)(unsigned int)(i % 5), (float)(unsigned int)(i % 7));
            right = right && samples[j] == want;
        }
        *verified = right;
        *bytes = (double)array_bytes * (kind == GRK_STREAM_WRITE ? 1 : kind == GRK_STREAM_COPY ? 2 : 3);
    }
    rc = 0;
fail:
    if (r.a)
        (void)cudaFree(r.a);
    if (r.b)
        (void)cudaFree(r.b);
    if (r.c)
        (void)cudaFree(r.c);
    if (r.partials)
        (void)cudaFree(r.partials);
    free(samples);
    free(partials);
    return rc;
}

/* ---- cudaMemcpy device to device ---------------------------------------- */

typedef struct {
    void *dst;
    const void *src;
    size_t bytes;
} copy_run;

static int launch_copy(void *ctx, int config, grk_error *err)
{
    copy_run *r = (copy_run *)ctx;
    (void)config;
    GRK_CHECK_RETURN(cudaMemcpyAsync(r->dst, r->src, r->bytes, cudaMemcpyDeviceToDevice, 0));
    return 0;
}

int grk_memcpy_d2d(size_t bytes, int repeats, grk_timing *t, double *moved, grk_error *err)
{
    void *src = NULL, *dst = NULL;
    copy_run r;
    int rc = -1;

    if (bytes == 0) {
        grk_fail(err, "grk_memcpy_d2d: 0 bytes");
        return -1;
    }
    GRK_CHECK(cudaMalloc(&src, bytes));
    GRK_CHECK(cudaMalloc(&dst, bytes));
    GRK_CHECK(cudaMemset(src, 0x3c, bytes));
    GRK_CHECK(cudaMemset(dst, 0, bytes));
    GRK_CHECK(cudaDeviceSynchronize());
    r.dst = dst, r.src = src, r.bytes = bytes;
    if (grk_time_runs(launch_copy, &r, 1, repeats, t, NULL, err) != 0)
        goto fail;
    *moved = 2.0 * (double)bytes;
    rc = 0;
fail:
    if (src)
        (void)cudaFree(src);
    if (dst)
        (void)cudaFree(dst);
    return rc;
}
