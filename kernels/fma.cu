/* The FMA peaks, FP32 and FP64.
 *
 * Each thread runs NCHAIN independent chains x = fma(x, A, B), unrolled
 * UNROLL steps deep, so that the loop's own instructions (a compare, a
 * branch, a counter) take about 1% of the issue slots: on sm_90 a warp
 * issues one instruction a clock per scheduler, and FP32 FMAs fill all of
 * them.  NCHAIN chains keep NCHAIN FMAs independent between dependent ones
 * (the FMA latency is 4 clocks, an FP64 FMA's a few more), and a grid of
 * exactly one wave of resident blocks (the occupancy API's count x SMs)
 * leaves no partial last wave.
 *
 * A = 0.99999, B = 0.00001: the chains contract towards 1 by 1e-5 of their
 * distance a step, starting between 2 and 4; after the ITERS steps of a run
 * they are still moving by many ulps a step: never constant, never out of
 * range.  The host recomputes a few threads' chains with fmaf / fma (both
 * sides IEEE fused multiply-add, round to nearest) and compares the sum of
 * the accumulators, added in the same order, bitwise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

#define THREADS 256
#define UNROLL 32
#define ITERS 65536 /* a multiple of UNROLL; with one wave, ~8 ms a run on an H100 */

__host__ __device__ static inline float fma_any(float x, float a, float b) { return fmaf(x, a, b); }
__host__ __device__ static inline double fma_any(double x, double a, double b) { return fma(x, a, b); }

/* The chains' start: 2 + (a 10-bit pattern) / 512, exact in either type. */
template <typename T>
__host__ __device__ static inline T chain_start(unsigned long long tid, int j)
{
    return (T)2 + (T)(unsigned int)((tid * 7u + (unsigned long long)j * 131u) & 1023u) / (T)512;
}

template <typename T, int NCHAIN>
__global__ void __launch_bounds__(THREADS) fma_kernel(T *out, int iters, T a, T b)
{
    unsigned long long tid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    T acc[NCHAIN], sum = 0;
#pragma unroll
    for (int j = 0; j < NCHAIN; j++)
        acc[j] = chain_start<T>(tid, j);
    for (int i = 0; i < iters; i += UNROLL) {
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
#pragma unroll
            for (int j = 0; j < NCHAIN; j++)
                acc[j] = fma_any(acc[j], a, b);
        }
    }
#pragma unroll
    for (int j = 0; j < NCHAIN; j++)
        sum += acc[j];
    out[tid] = sum;
}

#define NCHAIN_FP32 16
#define NCHAIN_FP64 8

template <typename T, int NCHAIN>
static T host_chains(unsigned long long tid, int iters, T a, T b)
{
    T acc[NCHAIN], sum = 0;
    for (int j = 0; j < NCHAIN; j++)
        acc[j] = chain_start<T>(tid, j);
    for (int i = 0; i < iters; i++)
        for (int j = 0; j < NCHAIN; j++)
            acc[j] = fma_any(acc[j], a, b);
    for (int j = 0; j < NCHAIN; j++)
        sum += acc[j];
    return sum;
}

typedef struct {
    bool fp64;
    unsigned int grid;
    void *out;
} fma_run;

static int launch_fma(void *ctx, int config, grk_error *err)
{
    fma_run *r = (fma_run *)ctx;
    (void)config;
    if (r->fp64) {
        fma_kernel<double, NCHAIN_FP64><<<r->grid, THREADS>>>((double *)r->out, ITERS, 0.99999, 0.00001);
        GRK_LAUNCH_RETURN("fma_kernel<double>");
    } else {
        fma_kernel<float, NCHAIN_FP32><<<r->grid, THREADS>>>((float *)r->out, ITERS, 0.99999f, 0.00001f);
        GRK_LAUNCH_RETURN("fma_kernel<float>");
    }
    return 0;
}

int grk_fma_peak(bool fp64, int repeats, grk_timing *t, double *flops, bool *verified, grk_error *err)
{
    fma_run r = {};
    int sms = 0, per_sm = 0, rc = -1, nchain = fp64 ? NCHAIN_FP64 : NCHAIN_FP32;
    size_t threads, size = fp64 ? sizeof(double) : sizeof(float);
    void *host = NULL;
    bool right = true;

    *verified = false;
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    if (fp64)
        GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fma_kernel<double, NCHAIN_FP64>,
                                                                       THREADS, 0));
    else
        GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fma_kernel<float, NCHAIN_FP32>,
                                                                       THREADS, 0));
    r.fp64 = fp64;
    r.grid = (unsigned int)((per_sm > 0 ? per_sm : 1) * sms);
    threads = (size_t)r.grid * THREADS;
    host = malloc(threads * size);
    if (!host) {
        grk_fail(err, "grk_fma_peak: out of host memory");
        return -1;
    }
    GRK_MALLOC(&r.out, threads * size);
    GRK_CHECK(cudaMemset(r.out, 0xff, threads * size));
    if (grk_time_runs(launch_fma, &r, 1, repeats, t, NULL, err) != 0)
        goto fail;
    GRK_CHECK(cudaMemcpy(host, r.out, threads * size, cudaMemcpyDeviceToHost));

    /* a few threads' chains on the host: the first, the last, two between */
    {
        const unsigned long long check[4] = {0, threads / 3 + 5, 2 * threads / 3 + 17, threads - 1};
        for (int k = 0; k < 4; k++) {
            unsigned long long tid = check[k];
            if (fp64)
                right = right && ((double *)host)[tid] ==
                                     host_chains<double, NCHAIN_FP64>(tid, ITERS, 0.99999, 0.00001);
            else
                right = right && ((float *)host)[tid] ==
                                     host_chains<float, NCHAIN_FP32>(tid, ITERS, 0.99999f, 0.00001f);
        }
    }
    *verified = right;
    *flops = 2.0 * (double)nchain * ITERS * (double)threads;
    rc = 0;
fail:
    if (r.out)
        (void)cudaFree(r.out);
    free(host);
    return rc;
}
