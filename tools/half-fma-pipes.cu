/* Where the FP16 FMA peak goes: an experiment, not part of gpuroof measure.
 *
 * ptxas (CUDA 13, sm_90) issues half of a chain of __hfma2 as HFMA2 (the
 * FMA pipe) and half as HFMA2.MMA (the same FMA on the MMA pipe); gpuroof's
 * kernel (kernels/half_fma.cu) reaches 75.6% of Nsight Compute's 128 HFMA2
 * a clock an SM that way.  A chain whose multiplier is a broadcast lane
 * (__low2half2(a)) can only be a plain HFMA2, so forcing F of the 16 chains
 * of a thread that way moves work from the MMA pipe to the FMA pipe.  Each
 * variant F = 0 (gpuroof's), 2, 3, 4, 6, 8, 16 runs here; Nsight Compute's
 * pipe counters over them (tools/half-fma-pipes.sh) say which pipe binds
 * and what the highest reachable rate is.
 *
 * Each variant's chains are checked bit for bit against the host's (the
 * same contraction as kernels/half_fma.cu: x = x a + b, A = 1 - 2^-8, each
 * product and sum exact in double, rounded once to half).
 *
 * Build and run on the GPU:
 *   nvcc -O3 -arch=sm_90 -o half-fma-pipes tools/half-fma-pipes.cu
 *   ./half-fma-pipes            # one line a variant: ms, GFLOP/s, checked */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <cuda_fp16.h>

#define THREADS 256
#define UNROLL 32
#define NCHAIN 16
#define ITERS 65536
#define A_VALUE 0.99609375
#define B_VALUE 0.00390625
#define REPEATS 5

#define CHECK(call)                                                                                   \
    do {                                                                                              \
        cudaError_t e_ = (call);                                                                      \
        if (e_ != cudaSuccess) {                                                                      \
            fprintf(stderr, "half-fma-pipes: %s: %s (%s:%d)\n", #call, cudaGetErrorString(e_), __FILE__, \
                    __LINE__);                                                                        \
            exit(1);                                                                                  \
        }                                                                                             \
    } while (0)

__host__ __device__ static inline float chain_start(unsigned long long tid, int j)
{
    return 2.0f + (float)(unsigned int)((tid * 7u + (unsigned long long)j * 131u) & 1023u) / 512.0f;
}

__host__ __device__ static inline float chain_b(unsigned long long tid, int j)
{
    return (float)B_VALUE * (1.0f + (float)(unsigned int)((tid + (unsigned long long)j) & 7u) / 8.0f);
}

/* Chains j < FORCED take the multiplier as a broadcast lane: plain HFMA2
 * only.  Both lanes of a are A, so every variant computes the same values. */
template <int FORCED>
__global__ void __launch_bounds__(THREADS) pipes_kernel(__half2 *out, int iters, __half2 a)
{
    unsigned long long tid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    __half2 acc[NCHAIN], b[NCHAIN];
#pragma unroll
    for (int j = 0; j < NCHAIN; j++) {
        float x = chain_start(tid, j);
        acc[j] = __floats2half2_rn(x, x + 0.25f);
        b[j] = __floats2half2_rn(chain_b(tid, j), chain_b(tid, j));
    }
    for (int i = 0; i < iters; i += UNROLL) {
#pragma unroll
        for (int u = 0; u < UNROLL; u++) {
#pragma unroll
            for (int j = 0; j < NCHAIN; j++)
                acc[j] = __hfma2(acc[j], j < FORCED ? __low2half2(a) : a, b[j]);
        }
    }
#pragma unroll
    for (int j = 0; j < NCHAIN; j++)
        out[tid * NCHAIN + j] = acc[j];
}

static unsigned short host_lane(float start, double b)
{
    __half h = __float2half_rn(start), next;
    for (int i = 0; i < ITERS; i++, h = next) {
        next = __double2half((double)__half2float(h) * A_VALUE + b);
        if (__half_as_ushort(next) == __half_as_ushort(h))
            break;
    }
    return __half_as_ushort(h);
}

static bool chains_right(const __half2 *out, size_t threads)
{
    const unsigned long long check[4] = {0, threads / 3 + 5, 2 * threads / 3 + 17, threads - 1};
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < NCHAIN; j++) {
            __half2 v = out[check[k] * NCHAIN + j];
            float x = chain_start(check[k], j);
            if (__half_as_ushort(__low2half(v)) != host_lane(x, chain_b(check[k], j)) ||
                __half_as_ushort(__high2half(v)) != host_lane(x + 0.25f, chain_b(check[k], j)))
                return false;
        }
    return true;
}

template <int FORCED>
static void run_variant(int grid)
{
    size_t threads = (size_t)grid * THREADS, bytes = threads * NCHAIN * sizeof(__half2);
    __half2 *d = NULL, *host = (__half2 *)malloc(bytes);
    __half2 a = __floats2half2_rn((float)A_VALUE, (float)A_VALUE);
    float ms[REPEATS];
    cudaEvent_t start, stop;
    if (!host) {
        fprintf(stderr, "half-fma-pipes: out of host memory\n");
        exit(1);
    }
    CHECK(cudaMalloc(&d, bytes));
    CHECK(cudaMemset(d, 0xff, bytes));
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    pipes_kernel<FORCED><<<grid, THREADS>>>(d, ITERS, a); /* warm-up */
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    for (int r = 0; r < REPEATS; r++) {
        CHECK(cudaEventRecord(start));
        pipes_kernel<FORCED><<<grid, THREADS>>>(d, ITERS, a);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaEventElapsedTime(&ms[r], start, stop));
    }
    CHECK(cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost));
    std::sort(ms, ms + REPEATS);
    double flops = 4.0 * NCHAIN * ITERS * (double)threads;
    printf("forced %2d of %d chains: median %.4f ms, %.1f GFLOP/s, %s\n", FORCED, NCHAIN, ms[REPEATS / 2],
           flops / (ms[REPEATS / 2] * 1e6), chains_right(host, threads) ? "checked" : "WRONG");
    fflush(stdout);
    CHECK(cudaFree(d));
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    free(host);
}

int main(void)
{
    int sms = 0, per_sm = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pipes_kernel<0>, THREADS, 0));
    int grid = sms * (per_sm > 0 ? per_sm : 1);
    printf("# %d SMs, %d blocks of %d an SM, %d chains a thread, %d HFMA2 a chain\n", sms, per_sm, THREADS, NCHAIN,
           ITERS);
    run_variant<0>(grid);
    run_variant<2>(grid);
    run_variant<3>(grid);
    run_variant<4>(grid);
    run_variant<6>(grid);
    run_variant<8>(grid);
    run_variant<16>(grid);
    return 0;
}
