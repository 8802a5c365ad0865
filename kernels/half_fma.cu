/* The FP16 and BF16 FMA peaks: __hfma2 on half2 and __nv_bfloat162, not
 * the tensor cores' matrix instructions.
 *
 * As fma.cu does for FP32: NCHAIN independent chains a thread of
 * x = fma(x, A, B) on two lanes, unrolled UNROLL deep, a grid of one wave
 * of resident blocks.  ptxas (CUDA 13, sm_80 and sm_90) compiles half of
 * the FP16 chains' FMAs to HFMA2 and half to HFMA2.MMA, the same FMA issued
 * to the MMA pipe (whatever the PTX: fma.rn.f16x2, .sat and .relu alike);
 * on sm_90 the BF16 ones split the same way (HFMA2.BF16_V2 and
 * HFMA2.MMA.BF16_V2), on sm_80 they are all HFMA2.BF16_V2, which fits the
 * A100 whitepaper's BF16 rate of half its FP16 one: the two pipes together
 * make the published non-tensor rates.  On an H100 that even split reaches
 * 96 HFMA2 a clock an SM (75.6% of Nsight Compute's 128, which is 64 on
 * each pipe).  Nsight Compute's counters over seven splits
 * (tools/half-fma-pipes.cu, plots/data/h100-fp16-pipes-ncu.csv) say where
 * the rest goes: with the even split neither pipe is full (each 75.7%
 * busy) and the warps' instruction issue is the bound (76% of issue
 * slots, the warps stalled on dispatch and not selected); every FMA on the
 * FMA pipe fills it (99.98%) at 64 a clock; the best split keeps three of
 * the sixteen chains on the FMA pipe (the multiplier as a broadcast lane,
 * __low2half2(a), which only plain HFMA2 takes): 288 HFMA2 and 224
 * HFMA2.MMA a loop, 100.6 a clock (78.6%), the FMA pipe 88% and the MMA
 * pipe 69% busy.  That split is the one run here on sm_90.
 *
 * A = 1 - 2^-8, and B = 2^-8 times 1 to 1.875 by chain and thread: exact
 * in both types; each chain contracts towards B / (1 - A) from between 2
 * and 4 until a step changes it by less than half an ulp (at FP16's and
 * BF16's precision that is within some hundred steps, after which it stays
 * put: the check shows that every chain ran with its own inputs and the
 * type's rounding, not how many steps it ran; the FLOPs counted are the
 * HFMA2s the loop holds, which the SASS shows).  The host recomputes a few threads'
 * chains step by step: each product and sum exactly in double (11- or
 * 8-bit significands leave it exact), rounded once to the type, as the
 * hardware's fused multiply-add rounds, and compares them bitwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "check.h"

#define THREADS 256
#define UNROLL 32
#define NCHAIN 16
/* Of the NCHAIN chains, those whose FMAs are kept off the MMA pipe: on
 * sm_90 three, the best split an H100 showed (tools/half-fma-pipes.cu);
 * none elsewhere, where no measurement says otherwise. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define FMA_PIPE_CHAINS 3
#else
#define FMA_PIPE_CHAINS 0
#endif
#define ITERS 65536 /* a multiple of UNROLL */
#define A_VALUE 0.99609375
#define B_VALUE 0.00390625

/* The chains' start: 2 + (a 10-bit pattern) / 512 and a quarter more,
 * rounded to the type (the same on the host and the device). */
__host__ __device__ static inline float2 chain_start(unsigned long long tid, int j)
{
    float x = 2.0f + (float)(unsigned int)((tid * 7u + (unsigned long long)j * 131u) & 1023u) / 512.0f;
    return make_float2(x, x + 0.25f);
}

__device__ __forceinline__ __half2 to_pair(float2 v, __half2 *) { return __floats2half2_rn(v.x, v.y); }
__device__ __forceinline__ __nv_bfloat162 to_pair(float2 v, __nv_bfloat162 *) { return __floats2bfloat162_rn(v.x, v.y); }

/* Chain j's B: B x (1 + ((tid + j) mod 8) / 8), exact in both types, so
 * that the chains settle at different values, 1 to 1.875. */
__host__ __device__ static inline float chain_b(unsigned long long tid, int j)
{
    return (float)B_VALUE * (1.0f + (float)(unsigned int)((tid + (unsigned long long)j) & 7u) / 8.0f);
}

/* The multiplier's low lane in both lanes: an operand only plain HFMA2
 * takes (the FMA pipe's), never HFMA2.MMA. */
__device__ __forceinline__ __half2 broadcast_low(__half2 a) { return __low2half2(a); }
__device__ __forceinline__ __nv_bfloat162 broadcast_low(__nv_bfloat162 a) { return __low2bfloat162(a); }

template <typename T>
__global__ void __launch_bounds__(THREADS) half_fma_kernel(T *out, int iters, T a)
{
    unsigned long long tid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    T acc[NCHAIN], b[NCHAIN];
#pragma unroll
    for (int j = 0; j < NCHAIN; j++) {
        acc[j] = to_pair(chain_start(tid, j), (T *)0);
        b[j] = to_pair(make_float2(chain_b(tid, j), chain_b(tid, j)), (T *)0);
    }
    for (int i = 0; i < iters; i += UNROLL) {
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
#pragma unroll
            for (int j = 0; j < NCHAIN; j++)
                acc[j] = __hfma2(acc[j], j < FMA_PIPE_CHAINS ? broadcast_low(a) : a, b[j]);
        }
    }
#pragma unroll
    for (int j = 0; j < NCHAIN; j++)
        out[tid * NCHAIN + j] = acc[j];
}

/* One lane's chain on the host, as 16-bit patterns of the type. */
static unsigned short host_lane(bool bf16, float start, double b, int iters)
{
    /* a step that leaves the value as it was leaves it so for good */
    if (bf16) {
        __nv_bfloat16 v = __float2bfloat16_rn(start), next;
        for (int i = 0; i < iters; i++, v = next) {
            next = __double2bfloat16((double)__bfloat162float(v) * A_VALUE + b);
            if (__bfloat16_as_ushort(next) == __bfloat16_as_ushort(v))
                break;
        }
        return __bfloat16_as_ushort(v);
    }
    __half h = __float2half_rn(start), next;
    for (int i = 0; i < iters; i++, h = next) {
        next = __double2half((double)__half2float(h) * A_VALUE + b);
        if (__half_as_ushort(next) == __half_as_ushort(h))
            break;
    }
    return __half_as_ushort(h);
}

typedef struct {
    bool bf16;
    unsigned int grid;
    void *out;
} half_run;

static int launch_half(void *ctx, int config, grk_error *err)
{
    half_run *r = (half_run *)ctx;
    (void)config;
    if (r->bf16) {
        __nv_bfloat162 a = __floats2bfloat162_rn((float)A_VALUE, (float)A_VALUE);
        half_fma_kernel<__nv_bfloat162><<<r->grid, THREADS>>>((__nv_bfloat162 *)r->out, ITERS, a);
        GRK_LAUNCH_RETURN("half_fma_kernel<__nv_bfloat162>");
    } else {
        __half2 a = __floats2half2_rn((float)A_VALUE, (float)A_VALUE);
        half_fma_kernel<__half2><<<r->grid, THREADS>>>((__half2 *)r->out, ITERS, a);
        GRK_LAUNCH_RETURN("half_fma_kernel<__half2>");
    }
    return 0;
}

static double half_flops(void *ctx, int config)
{
    const half_run *r = (const half_run *)ctx;
    (void)config;
    return 4.0 * NCHAIN * ITERS * (double)r->grid * THREADS; /* two lanes of an FMA each */
}

static void half_name(void *ctx, int config, char *out, size_t size)
{
    const half_run *r = (const half_run *)ctx;
    (void)config;
    snprintf(out, size, "%s: %d chains a thread, %u blocks of %d", r->bf16 ? "__nv_bfloat162" : "half2", NCHAIN,
             r->grid, THREADS);
}

/* A few threads' chains, lane by lane: the first, the last, two between.
 * Each word of out holds a pair, the .x lane in its low half. */
static bool half_chains_right(bool bf16, const unsigned int *out, size_t threads)
{
    const unsigned long long check[4] = {0, threads / 3 + 5, 2 * threads / 3 + 17, threads - 1};
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < NCHAIN; j++) {
            float2 start = chain_start(check[k], j);
            double b = chain_b(check[k], j);
            unsigned int word = out[check[k] * NCHAIN + j];
            if ((word & 0xffffu) != host_lane(bf16, start.x, b, ITERS) ||
                (word >> 16) != host_lane(bf16, start.y, b, ITERS))
                return false;
        }
    return true;
}

int grk_half_fma(bool bf16, const grk_trace_plan *plan, grk_peak *out, grk_error *err)
{
    half_run r = {};
    int sms = 0, per_sm = 0, chosen = 0, rc = -1;
    size_t threads, bytes;
    unsigned int *host = NULL;

    memset(out, 0, sizeof *out);
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    if (bf16)
        GRK_CHECK_RETURN(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, half_fma_kernel<__nv_bfloat162>, THREADS, 0));
    else
        GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, half_fma_kernel<__half2>, THREADS, 0));
    r.bf16 = bf16;
    r.grid = (unsigned int)((per_sm > 0 ? per_sm : 1) * sms);
    threads = (size_t)r.grid * THREADS;
    bytes = threads * NCHAIN * sizeof(unsigned int);
    host = (unsigned int *)malloc(bytes);
    if (!host) {
        grk_fail(err, "grk_half_fma: out of host memory");
        return -1;
    }
    GRK_MALLOC(&r.out, bytes);
    GRK_CHECK(cudaMemset(r.out, 0xff, bytes));
    if (grk_peak_search(launch_half, half_flops, half_name, &r, 1, bf16 ? "bf16" : "fp16", plan, out, &chosen, err) != 0)
        goto fail;
    GRK_CHECK(cudaMemcpy(host, r.out, bytes, cudaMemcpyDeviceToHost));
    out->verified = half_chains_right(bf16, host, threads);
    rc = 0;
fail:
    if (r.out)
        (void)cudaFree(r.out);
    free(host);
    return rc;
}
