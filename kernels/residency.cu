/* The residency probe: how many blocks of a kernel an SM holds at once,
 * counted on the GPU itself.
 *
 * Each block's thread 0 reads its SM's id (%smid), counts the block in in
 * that SM's counter and raises the SM's peak to the new count; then every
 * thread spins until SPIN_NS after the block started (%globaltimer) with K
 * float registers live, the block meets at a barrier, and thread 0 counts
 * it out.  A grid of twice the resident blocks of the whole GPU makes every
 * SM hold all it can at once: the largest peak is the residency.
 *
 * The probes differ in K, so in registers per thread; their results are
 * stored only under a condition that is false at run time and that the
 * compiler cannot know, so it must keep all K. */
#include <stdio.h>
#include "check.h"

#define SPIN_NS 300000ull /* 300 microseconds */
#define SM_SLOTS 1024     /* %smid is below this on every GPU so far; larger ids are not counted */

__device__ __forceinline__ unsigned int sm_id(void)
{
    unsigned int id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}

__device__ __forceinline__ unsigned long long global_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

template <int K>
__global__ void residency_probe(unsigned int *count, unsigned int *peak, unsigned long long spin_ns, float seed,
                                int never, float *sink)
{
    unsigned long long start = global_ns();
    unsigned int sm = SM_SLOTS;
    float r[K];

    if (threadIdx.x == 0) {
        sm = sm_id();
        if (sm < SM_SLOTS) {
            unsigned int now = atomicAdd(&count[sm], 1u) + 1u;
            atomicMax(&peak[sm], now);
        }
    }
#pragma unroll
    for (int k = 0; k < K; k++)
        r[k] = seed * (float)(threadIdx.x + k + 1);
    do {
#pragma unroll
        for (int k = 0; k < K; k++)
            r[k] = fmaf(r[k], seed, r[(k + 1) % K]);
    } while (global_ns() - start < spin_ns);
    __syncthreads();
    if (threadIdx.x == 0 && sm < SM_SLOTS)
        atomicSub(&count[sm], 1u);
    if (never) {
        float sum = 0.0f;
#pragma unroll
        for (int k = 0; k < K; k++)
            sum += r[k];
        sink[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = sum;
    }
}

typedef void (*probe_t)(unsigned int *, unsigned int *, unsigned long long, float, int, float *);

/* K live floats: from few registers to the 255 of the most a thread gets. */
static const probe_t probes[] = {residency_probe<4>,  residency_probe<16>,  residency_probe<24>,
                                 residency_probe<56>, residency_probe<120>, residency_probe<244>};
#define PROBE_COUNT ((int)(sizeof probes / sizeof probes[0]))

int grk_probe_count(void)
{
    return PROBE_COUNT;
}

static int check_probe(int probe, grk_error *err)
{
    if (probe < 0 || probe >= PROBE_COUNT) {
        grk_fail(err, "residency probe %d: there are %d (0 to %d)", probe, PROBE_COUNT, PROBE_COUNT - 1);
        return -1;
    }
    return 0;
}

int grk_probe_attributes(int probe, int *regs, int *static_smem, int *max_threads, grk_error *err)
{
    cudaFuncAttributes a;
    if (check_probe(probe, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaFuncGetAttributes(&a, probes[probe]));
    *regs = a.numRegs;
    *static_smem = (int)a.sharedSizeBytes;
    *max_threads = a.maxThreadsPerBlock;
    return 0;
}

int grk_available_dynamic_smem(int probe, int threads, int blocks, size_t *bytes, grk_error *err)
{
    int device, optin;
    cudaFuncAttributes attributes;
    if (check_probe(probe, err) != 0)
        return -1;
    /* The runtime's answer is capped by the function's dynamic limit:
     * raise it to the opt-in maximum first, or the cap is all it says. */
    GRK_CHECK_RETURN(cudaGetDevice(&device));
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    GRK_CHECK_RETURN(cudaFuncGetAttributes(&attributes, probes[probe]));
    GRK_CHECK_RETURN(cudaFuncSetAttribute(probes[probe], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          optin - (int)attributes.sharedSizeBytes));
    GRK_CHECK_RETURN(cudaOccupancyAvailableDynamicSMemPerBlock(bytes, probes[probe], blocks, threads));
    return 0;
}

/* The errors of a launch that asks for more than an SM has: not a fault of
 * the probe, a result (nothing resident). */
static bool cannot_fit(cudaError_t code)
{
    return code == cudaErrorInvalidConfiguration || code == cudaErrorLaunchOutOfResources ||
           code == cudaErrorInvalidValue;
}

int grk_residency(int probe, int threads, size_t dynamic_smem, int *runtime_api, int *measured, grk_error *err)
{
    unsigned int *count = NULL, *peak = NULL, host_peak[SM_SLOTS];
    float *sink = NULL;
    int sms = 0, rc = -1, per_sm = 0;
    unsigned int grid;
    cudaError_t code;

    *runtime_api = 0;
    *measured = 0;
    if (check_probe(probe, err) != 0)
        return -1;
    if (threads < 1) {
        grk_fail(err, "residency probe %d: %d threads", probe, threads);
        return -1;
    }
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    if (dynamic_smem > 48 * 1024) {
        /* past the opt-in maximum this fails: then nothing fits, as below */
        code = cudaFuncSetAttribute(probes[probe], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dynamic_smem);
        if (code != cudaSuccess && !cannot_fit(code)) {
            grk_fail_cuda(err, "cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize)", code,
                          __FILE__, __LINE__);
            return -1;
        }
        (void)cudaGetLastError();
    }
    code = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, probes[probe], threads, dynamic_smem);
    if (code != cudaSuccess) {
        if (!cannot_fit(code)) {
            grk_fail_cuda(err, "cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, probe, threads, smem)", code,
                          __FILE__, __LINE__);
            return -1;
        }
        (void)cudaGetLastError();
        per_sm = 0;
    }
    *runtime_api = per_sm;
    grid = (unsigned int)((per_sm > 1 ? per_sm : 1) * sms * 2);

    GRK_MALLOC((void **)&count, SM_SLOTS * sizeof(unsigned int));
    GRK_MALLOC((void **)&peak, SM_SLOTS * sizeof(unsigned int));
    GRK_MALLOC((void **)&sink, sizeof(float));
    GRK_CHECK(cudaMemset(count, 0, SM_SLOTS * sizeof(unsigned int)));
    GRK_CHECK(cudaMemset(peak, 0, SM_SLOTS * sizeof(unsigned int)));
    GRK_CHECK(cudaDeviceSynchronize());

    probes[probe]<<<grid, threads, dynamic_smem>>>(count, peak, SPIN_NS, 0.999f, 0, sink);
    code = cudaGetLastError();
    if (code != cudaSuccess) {
        if (!cannot_fit(code)) {
            grk_fail_launch(err, "residency_probe", code, __FILE__, __LINE__);
            goto fail;
        }
        (void)cudaGetLastError();
        *measured = 0; /* it does not fit: none resident */
        rc = 0;
        goto fail;
    }
    GRK_CHECK(cudaDeviceSynchronize());
    GRK_CHECK(cudaMemcpy(host_peak, peak, sizeof host_peak, cudaMemcpyDeviceToHost));
    for (int i = 0; i < SM_SLOTS; i++)
        if ((int)host_peak[i] > *measured)
            *measured = (int)host_peak[i];
    rc = 0;
fail:
    if (count)
        (void)cudaFree(count);
    if (peak)
        (void)cudaFree(peak);
    if (sink)
        (void)cudaFree(sink);
    return rc;
}
