/* The intensity sweep between the two roofs (mixbench-like).
 *
 * y = f(x) over `elements` floats, where every element is one independent
 * chain v = fmaf(v, A, B): an element at position p of its group of `group`
 * floats gets fmas / group steps, plus one where p < fmas % group, so that
 * each group gets `fmas` FMAs in all.  Every element is read once and
 * written once (8 bytes), so the intensity is 2 x fmas / (8 x group).
 *
 * Each thread moves U float4s at a time (16-byte accesses, U loads in
 * flight), which also gives it 4 x U independent chains; the FMA loop is
 * unrolled 16 steps deep so that at high intensity the loop's own
 * instructions cost about 1% of the issue slots.  The warm-up tries, and
 * keeps the fastest: U = 2 (capped at 32 registers, full occupancy) and
 * U = 4 (more registers, fewer warps) in 256-thread blocks, a grid of one
 * wave of resident blocks; and U = 1 in 1024-thread blocks, one pass (a
 * thread per float4), the DRAM copy's fastest shape on the H100 (kernels/
 * stream.cu), which the memory-bound points need to reach the copy's roof.
 * The host recomputes sampled elements with fmaf, bitwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

#define SWEEP_A 0.99999f
#define SWEEP_B 0.00001f
#define SAMPLES 2048

__host__ __device__ static inline float sweep_input(size_t e)
{
    return 2.0f + (float)(unsigned int)(e & 1023u) / 512.0f;
}

/* e % group, in 32 bits where e allows */
__device__ __forceinline__ int position(size_t e, int group)
{
    return e <= 0xffffffffu ? (int)((unsigned int)e % (unsigned int)group) : (int)(e % (size_t)group);
}

__device__ __forceinline__ float4 one_more(float4 v, size_t e, int group, int r, float a, float b)
{
    int p = position(e, group);
    if (p < r)
        v.x = fmaf(v.x, a, b);
    if (++p == group)
        p = 0;
    if (p < r)
        v.y = fmaf(v.y, a, b);
    if (++p == group)
        p = 0;
    if (p < r)
        v.z = fmaf(v.z, a, b);
    if (++p == group)
        p = 0;
    if (p < r)
        v.w = fmaf(v.w, a, b);
    return v;
}

template <int U, int THREADS, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) sweep_kernel(const float *__restrict__ x, float *__restrict__ y, size_t n,
                                                        int k, int r, int group, float a, float b)
{
    const float4 *x4 = (const float4 *)x;
    float4 *y4 = (float4 *)y;
    size_t n4 = n / 4, gid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x, i = gid;

    for (; i + (U - 1) * stride < n4; i += U * stride) {
        float4 v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            v[u] = x4[i + u * stride];
#pragma unroll 16
        for (int it = 0; it < k; it++) {
#pragma unroll
            for (int u = 0; u < U; u++) {
                v[u].x = fmaf(v[u].x, a, b);
                v[u].y = fmaf(v[u].y, a, b);
                v[u].z = fmaf(v[u].z, a, b);
                v[u].w = fmaf(v[u].w, a, b);
            }
        }
        if (r > 0) {
#pragma unroll
            for (int u = 0; u < U; u++)
                v[u] = one_more(v[u], 4 * (i + u * stride), group, r, a, b);
        }
#pragma unroll
        for (int u = 0; u < U; u++)
            y4[i + u * stride] = v[u];
    }
    for (; i < n4; i += stride) {
        float4 v = x4[i];
        for (int it = 0; it < k; it++) {
            v.x = fmaf(v.x, a, b);
            v.y = fmaf(v.y, a, b);
            v.z = fmaf(v.z, a, b);
            v.w = fmaf(v.w, a, b);
        }
        if (r > 0)
            v = one_more(v, 4 * i, group, r, a, b);
        y4[i] = v;
    }
    if (gid < n - 4 * n4) { /* the scalar tail */
        size_t e = 4 * n4 + gid;
        float v = x[e];
        int steps = k + (position(e, group) < r);
        for (int it = 0; it < steps; it++)
            v = fmaf(v, a, b);
        y[e] = v;
    }
}

__global__ void sweep_init(float *x, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        x[i] = sweep_input(i);
}

typedef void (*sweep_kernel_t)(const float *, float *, size_t, int, int, int, float, float);

/* The candidates: a kernel, its block, and its grid: one wave of resident
 * blocks looping, or one pass. */
typedef struct {
    sweep_kernel_t kernel;
    int threads;
    bool one_pass;
} sweep_shape;

static const sweep_shape shapes[] = {
    {sweep_kernel<2, 256, 8>, 256, false}, /* 32 registers: 2048 threads an SM */
    {sweep_kernel<4, 256, 1>, 256, false},
    {sweep_kernel<1, 1024, 2>, 1024, true},
};
#define CONFIGS ((int)(sizeof shapes / sizeof shapes[0]))

typedef struct {
    unsigned int grid[CONFIGS];
    const float *x;
    float *y;
    size_t n;
    int k, r, group;
} sweep_run;

static int launch_sweep(void *ctx, int c, grk_error *err)
{
    sweep_run *s = (sweep_run *)ctx;
    shapes[c].kernel<<<s->grid[c], shapes[c].threads>>>(s->x, s->y, s->n, s->k, s->r, s->group, SWEEP_A, SWEEP_B);
    GRK_LAUNCH_RETURN("sweep_kernel");
    return 0;
}

int grk_sweep(int fmas, int group, size_t elements, int repeats, grk_timing *t, double *flops, double *bytes,
              bool *verified, grk_error *err)
{
    sweep_run s = {};
    float *x = NULL, *y = NULL, *samples = NULL;
    int sms = 0, per_sm = 0, rc = -1, c;
    size_t full, rest;
    bool right = true;

    *verified = false;
    if (fmas < 0 || group < 1 || elements < 4) {
        grk_fail(err, "grk_sweep: fmas %d, group %d, elements %zu: need fmas >= 0, group >= 1, elements >= 4",
                 fmas, group, elements);
        return -1;
    }
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    for (c = 0; c < CONFIGS; c++) {
        size_t blocks;
        if (shapes[c].one_pass) {
            blocks = (elements / 4 + shapes[c].threads - 1) / shapes[c].threads;
        } else {
            GRK_CHECK_RETURN(
                cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, shapes[c].kernel, shapes[c].threads, 0));
            blocks = (size_t)(per_sm > 0 ? per_sm : 1) * sms;
        }
        /* the kernel loops over what a grid this size leaves */
        s.grid[c] = (unsigned int)(blocks > 0x7fffffffu ? 0x7fffffffu : blocks);
    }
    s.n = elements;
    s.k = fmas / group;
    s.r = fmas % group;
    s.group = group;

    samples = (float *)malloc(SAMPLES * sizeof *samples);
    if (!samples) {
        grk_fail(err, "grk_sweep: out of host memory");
        return -1;
    }
    GRK_MALLOC((void **)&x, elements * sizeof(float));
    GRK_MALLOC((void **)&y, elements * sizeof(float));
    sweep_init<<<sms * 8, 256>>>(x, elements);
    GRK_LAUNCH_CHECK("sweep_init");
    GRK_CHECK(cudaMemset(y, 0xff, elements * sizeof(float))); /* NaN: unwritten elements show */
    GRK_CHECK(cudaDeviceSynchronize());
    s.x = x, s.y = y;

    if (grk_time_runs(launch_sweep, &s, CONFIGS, repeats, t, &c, err) != 0)
        goto fail;
    if (getenv("GPUROOF_STREAM_TRACE")) /* which shape won, beside the stream searches' traces */
        fprintf(stderr, "gpuroof sweep: %d FMAs a group of %d: chosen %u x %d (%s), median %.4f ms\n", fmas, group,
                s.grid[c], shapes[c].threads, shapes[c].one_pass ? "one pass" : "resident blocks",
                (double)t->median_ms);
    /* the check: one more run of the chosen configuration over fresh poison */
    GRK_CHECK(cudaMemset(y, 0xff, elements * sizeof(float)));
    if (launch_sweep(&s, c, err) != 0)
        goto fail;
    GRK_CHECK(cudaDeviceSynchronize());

    if (grk_read_samples(y, elements, samples, SAMPLES, err) != 0)
        goto fail;
    for (int j = 0; j < SAMPLES; j++) {
        size_t e = grk_sample_index((size_t)j, elements);
        int steps = s.k + ((int)(e % (size_t)group) < s.r ? 1 : 0);
        float v = sweep_input(e);
        for (int it = 0; it < steps; it++)
            v = fmaf(v, SWEEP_A, SWEEP_B);
        right = right && samples[j] == v;
    }
    *verified = right;

    full = elements / group;
    rest = elements % group;
    *flops = 2.0 * ((double)full * fmas + (double)rest * s.k + (double)(rest < (size_t)s.r ? rest : (size_t)s.r));
    *bytes = 8.0 * (double)elements;
    rc = 0;
fail:
    if (x)
        (void)cudaFree(x);
    if (y)
        (void)cudaFree(y);
    free(samples);
    return rc;
}
