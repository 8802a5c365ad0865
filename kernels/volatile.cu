/* The volatile qualifier, measured: a loop that reads one value every
 * iteration, from a global or a shared variable, declared volatile or not.
 * A volatile variable may change behind the compiler's back, so each
 * reference in the source stays a load in the loop; a plain one is read
 * once into a register before the loop (the compiler may: nothing in the
 * loop stores).  The four kernels are plain __global__ functions, not
 * templates, so that Nsight Compute names them exactly as here.
 *
 * What nvcc 13.0 -O3 made of them for sm_90 (cuobjdump -sass
 * kernels/volatile.o), the loads of the step; every loop is unrolled 16
 * times with remainders of 8, 4 and 1:
 *   loopGlobalVolatile  LDG.E.STRONG.SYS Rn, desc[UR4][R6.64] in the loop,
 *                       one an iteration (16 in the unrolled body, 29 in
 *                       all with the remainders), the address from
 *                       LDC.64 R6, c[0x4][RZ]: a strong load at system
 *                       scope, which is the volatile access
 *   loopGlobalPlain     LDG.E R0, desc[UR4][R6.64] once, before the loop;
 *                       the loop is FFMA R9, R9, 0.5, R0 alone
 *   loopSharedVolatile  LDS Rn, [UR4] in the loop, one an iteration (16 in
 *                       the unrolled body)
 *   loopSharedPlain     LDS R0, [UR4] once, before the loop
 * Both shared kernels also have thread 0's @!P0 LDG.E of *step before the
 * barrier; Nsight Compute counted it once a block on the H100 (1056
 * instructions for 1056 blocks, plots/data/h100-volatile.yaml): the warps
 * whose threads are all predicated off do not count it.
 *
 * Each thread starts from v = i mod 7 and iterates v = v * 0.5 + step;
 * the host repeats the sequence with fmaf (see volatile_right) and every
 * element must match exactly. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* The step the loops add: 0.375 = 3/8, exact in binary, so v = v * 0.5 +
 * step stays exact or rounds the same on both sides (see volatile_right). */
#define STEP_VALUE 0.375f

__device__ volatile float g_step_volatile;
__device__ float g_step_plain;

__global__ void loopGlobalVolatile(float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (float)(i % 7);
    for (int k = 0; k < iters; k++)
        v = v * 0.5f + g_step_volatile;
    out[i] = v;
}

__global__ void loopGlobalPlain(float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (float)(i % 7);
    for (int k = 0; k < iters; k++)
        v = v * 0.5f + g_step_plain;
    out[i] = v;
}

__global__ void loopSharedVolatile(float *out, const float *step, int iters)
{
    __shared__ volatile float s_step;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        s_step = *step;
    __syncthreads();
    float v = (float)(i % 7);
    for (int k = 0; k < iters; k++)
        v = v * 0.5f + s_step;
    out[i] = v;
}

__global__ void loopSharedPlain(float *out, const float *step, int iters)
{
    __shared__ float s_step;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        s_step = *step;
    __syncthreads();
    float v = (float)(i % 7);
    for (int k = 0; k < iters; k++)
        v = v * 0.5f + s_step;
    out[i] = v;
}

const char *grk_volatile_name(grk_volatile_kind kind)
{
    switch (kind) {
    case GRK_VOLATILE_GLOBAL_VOLATILE: return "loopGlobalVolatile";
    case GRK_VOLATILE_GLOBAL_PLAIN: return "loopGlobalPlain";
    case GRK_VOLATILE_SHARED_VOLATILE: return "loopSharedVolatile";
    case GRK_VOLATILE_SHARED_PLAIN: return "loopSharedPlain";
    default: return "unknown";
    }
}

typedef struct {
    grk_volatile_kind kind;
    int blocks, block, iters;
    float *out;
    const float *step; /* the shared kernels' source of the step, in global memory */
} volatile_run;

static int launch_volatile(void *ctx, int config, grk_error *err)
{
    const volatile_run *r = (const volatile_run *)ctx;
    (void)config;
    switch (r->kind) {
    case GRK_VOLATILE_GLOBAL_VOLATILE: loopGlobalVolatile<<<r->blocks, r->block>>>(r->out, r->iters); break;
    case GRK_VOLATILE_GLOBAL_PLAIN: loopGlobalPlain<<<r->blocks, r->block>>>(r->out, r->iters); break;
    case GRK_VOLATILE_SHARED_VOLATILE: loopSharedVolatile<<<r->blocks, r->block>>>(r->out, r->step, r->iters); break;
    default: loopSharedPlain<<<r->blocks, r->block>>>(r->out, r->step, r->iters); break;
    }
    GRK_LAUNCH_RETURN(grk_volatile_name(r->kind));
    return 0;
}

/* Every element against the host's sequence, bit for bit.  The product
 * v * 0.5 is exact (a halving; v stays between 0 and 6, far from the
 * subnormals), so the GPU's fused multiply-add (which nvcc contracts the
 * loop's body into) and a separate multiply and add round the same single
 * sum, and fmaf on the host gives that very float: any difference is a
 * wrong result, not rounding, and no tolerance is needed. */
static bool volatile_right(const float *got, int threads, int iters)
{
    float expected[7];
    for (int r = 0; r < 7; r++) {
        float v = (float)r;
        for (int k = 0; k < iters; k++)
            v = fmaf(v, 0.5f, STEP_VALUE);
        expected[r] = v;
    }
    for (int i = 0; i < threads; i++)
        if (memcmp(&got[i], &expected[i % 7], sizeof(float)) != 0)
            return false;
    return true;
}

static int volatile_check_args(grk_volatile_kind kind, int threads, int block, int iters, int repeats,
                               grk_error *err)
{
    if ((int)kind < 0 || kind >= GRK_VOLATILE_COUNT) {
        grk_fail(err, "grk_volatile_loop: kind %d: there are %d", (int)kind, (int)GRK_VOLATILE_COUNT);
        return -1;
    }
    if (block < 1 || block > 1024 || threads < block || threads % block != 0) {
        grk_fail(err, "grk_volatile_loop %s: %d threads are not a whole number of blocks of %d (1 to 1024)",
                 grk_volatile_name(kind), threads, block);
        return -1;
    }
    if (iters < 0 || repeats < 1) {
        grk_fail(err, "grk_volatile_loop %s: iterations %d and repeats %d (at least 0 and 1)",
                 grk_volatile_name(kind), iters, repeats);
        return -1;
    }
    return 0;
}

int grk_volatile_loop(grk_volatile_kind kind, int threads, int block, int iters, int repeats, grk_timing *t,
                      bool *verified, grk_error *err)
{
    const float step = STEP_VALUE;
    float *d_out = NULL, *d_step = NULL, *host = NULL;
    volatile_run r;
    int rc = -1;

    *verified = false;
    if (volatile_check_args(kind, threads, block, iters, repeats, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaMemcpyToSymbol(g_step_volatile, &step, sizeof step));
    GRK_CHECK_RETURN(cudaMemcpyToSymbol(g_step_plain, &step, sizeof step));
    GRK_MALLOC(&d_out, (size_t)threads * sizeof *d_out);
    GRK_MALLOC(&d_step, sizeof *d_step);
    GRK_CHECK(cudaMemcpy(d_step, &step, sizeof step, cudaMemcpyHostToDevice));
    /* NaN bytes: an element no thread wrote cannot pass */
    GRK_CHECK(cudaMemset(d_out, 0xff, (size_t)threads * sizeof *d_out));
    r.kind = kind;
    r.blocks = threads / block;
    r.block = block;
    r.iters = iters;
    r.out = d_out;
    r.step = d_step;
    if (grk_time_runs(launch_volatile, &r, 1, repeats, t, NULL, err) != 0)
        goto fail;
    host = (float *)malloc((size_t)threads * sizeof *host);
    if (!host) {
        grk_fail(err, "grk_volatile_loop: out of host memory");
        goto fail;
    }
    GRK_CHECK(cudaMemcpy(host, d_out, (size_t)threads * sizeof *host, cudaMemcpyDeviceToHost));
    *verified = volatile_right(host, threads, iters);
    rc = 0;
fail:
    if (d_out)
        (void)cudaFree(d_out);
    if (d_step)
        (void)cudaFree(d_step);
    free(host);
    return rc;
}
