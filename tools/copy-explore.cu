/* What moves a GPU's DRAM copy: a standalone exploration, not part of gpuroof.
 * It made plots/data/h100-copy-explore.txt, the evidence for the one-pass,
 * one-float4-a-thread copies in kernels/stream.cu's search.
 *
 * For arrays of 1, 4 and 8 GiB and the destination shifted by 0 to 3 MiB
 * against the source (STREAM's OFFSET: DRAM channel and bank alignment), it
 * times cudaMemcpyAsync device to device and three plain copies (a block's
 * U x blockDim float4s contiguous; a thread's U float4s a grid apart; the
 * first with the blocks in reverse order) at 256, 512 and 1024 threads, each
 * at full occupancy and held to 2 and 1 blocks an SM by dynamic shared memory.
 * Each copy is checked on 4096 sampled elements over a zeroed destination,
 * then timed: one untimed run, the median of 21 timed with events.  Bytes are
 * read plus written.
 *
 * Build and run (sm_90; one line a measurement on stdout):
 *   nvcc -O3 -arch=sm_90 -cudart static -o copy-explore tools/copy-explore.cu
 *   ./copy-explore > copy-explore.txt */
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                   \
    do {                                                                                              \
        cudaError_t e_ = (call);                                                                      \
        if (e_ != cudaSuccess) {                                                                      \
            fprintf(stderr, "copy-explore: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,               \
                    cudaGetErrorString(e_));                                                          \
            exit(1);                                                                                  \
        }                                                                                             \
    } while (0)

enum { CONTIGUOUS, STRIDED, REVERSED };

template <int U, int ORDER>
__global__ void copy_kernel(float4 *__restrict__ dst, const float4 *__restrict__ src, size_t n4)
{
    size_t block = ORDER == REVERSED ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
    size_t step = ORDER == STRIDED ? (size_t)gridDim.x * blockDim.x : blockDim.x;
    size_t i = ORDER == STRIDED ? block * blockDim.x + threadIdx.x : block * U * blockDim.x + threadIdx.x;
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; u++)
        if (i + u * step < n4)
            v[u] = __ldg(src + i + u * step);
#pragma unroll
    for (int u = 0; u < U; u++)
        if (i + u * step < n4)
            dst[i + u * step] = v[u];
}

typedef void (*copy_fn)(float4 *, const float4 *, size_t);

typedef struct {
    const char *name;
    copy_fn kernel;
    int u;
} copy_kernel_info;

static const copy_kernel_info kernels[] = {
    {"pass U=1", copy_kernel<1, CONTIGUOUS>, 1},       {"pass U=2", copy_kernel<2, CONTIGUOUS>, 2},
    {"pass U=4", copy_kernel<4, CONTIGUOUS>, 4},       {"strided U=2", copy_kernel<2, STRIDED>, 2},
    {"strided U=4", copy_kernel<4, STRIDED>, 4},       {"rev U=2", copy_kernel<2, REVERSED>, 2},
};

#define REPEATS 21
#define SAMPLES 4096

/* A copy to time: the driver's (kernel NULL) or one of ours. */
typedef struct {
    const copy_kernel_info *k;
    unsigned int grid;
    int threads;
    size_t smem_bytes;
    float4 *dst;
    const float4 *src;
    size_t bytes;
} copy_job;

static void launch(const copy_job *j)
{
    if (!j->k) {
        CHECK(cudaMemcpyAsync(j->dst, j->src, j->bytes, cudaMemcpyDeviceToDevice, 0));
        return;
    }
    j->k->kernel<<<j->grid, j->threads, j->smem_bytes>>>(j->dst, j->src, j->bytes / 16);
    CHECK(cudaGetLastError());
}

static int compare_ms(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Over a zeroed destination, one copy; sampled elements must equal the
 * source's 0x01 bytes. */
static void verify(const copy_job *j)
{
    static unsigned int got[SAMPLES];
    size_t words = j->bytes / 4;
    CHECK(cudaMemset(j->dst, 0, j->bytes));
    launch(j);
    CHECK(cudaDeviceSynchronize());
    for (size_t s = 0; s < SAMPLES; s++)
        CHECK(cudaMemcpy(&got[s], (const unsigned int *)j->dst + s * (words / SAMPLES) + s % 4, 4,
                         cudaMemcpyDeviceToHost));
    for (size_t s = 0; s < SAMPLES; s++)
        if (got[s] != 0x01010101u) {
            fprintf(stderr, "copy-explore: %s: sample %zu is %#x\n", j->k ? j->k->name : "memcpy", s, got[s]);
            exit(1);
        }
}

static float median_ms(const copy_job *j, cudaEvent_t start, cudaEvent_t stop)
{
    float ms[REPEATS];
    verify(j);
    for (int r = 0; r < REPEATS; r++) {
        CHECK(cudaEventRecord(start, 0));
        launch(j);
        CHECK(cudaEventRecord(stop, 0));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaEventElapsedTime(&ms[r], start, stop));
    }
    qsort(ms, REPEATS, sizeof ms[0], compare_ms);
    return ms[REPEATS / 2];
}

/* Every kernel x block size x blocks an SM at one size and offset. */
static void explore_kernels(copy_job j, const cudaDeviceProp *p, float memcpy_ms, bool all_limits,
                            cudaEvent_t start, cudaEvent_t stop)
{
    static const int threads[] = {256, 512, 1024};
    static const int per_sm_limits[] = {0, 2, 1}; /* 0: as many as fit */
    for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++)
        for (int t = 0; t < 3; t++)
            for (int l = 0; l < (all_limits ? 3 : 1); l++) {
                int full = 0, resident = 0;
                j.k = &kernels[k];
                j.threads = threads[t];
                CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&full, j.k->kernel, j.threads, 0));
                j.smem_bytes = 0;
                if (per_sm_limits[l]) {
                    if (per_sm_limits[l] >= full)
                        continue; /* the same as full occupancy */
                    j.smem_bytes = p->sharedMemPerMultiprocessor / per_sm_limits[l] - 2048;
                    if (j.smem_bytes > p->sharedMemPerBlockOptin)
                        j.smem_bytes = p->sharedMemPerBlockOptin;
                    CHECK(cudaFuncSetAttribute(j.k->kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                               (int)j.smem_bytes));
                }
                CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, j.k->kernel, j.threads,
                                                                    j.smem_bytes));
                size_t per_block = (size_t)j.threads * j.k->u;
                j.grid = (unsigned int)((j.bytes / 16 + per_block - 1) / per_block);
                float ms = median_ms(&j, start, stop);
                printf("%-12s %4d threads %d blocks/SM %7.1f GB/s (%.2f%% of cudaMemcpy)\n", j.k->name, j.threads,
                       resident, 2.0 * j.bytes / (ms * 1e6), 100.0 * memcpy_ms / ms);
            }
}

int main(void)
{
    const size_t gib = (size_t)1 << 30, most_offset = (size_t)4 << 20;
    static const size_t sizes_gib[] = {1, 4, 8};
    static const size_t offsets[] = {0, 256, 4096, 65536, 1 << 20, (1 << 20) + 4096, 3 << 20};
    cudaDeviceProp p;
    cudaEvent_t start, stop;
    int driver = 0, runtime = 0;

    CHECK(cudaGetDeviceProperties(&p, 0));
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    printf("device %s, %d SMs, driver %d, runtime %d\n", p.name, p.multiProcessorCount, driver, runtime);
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    for (size_t s = 0; s < sizeof sizes_gib / sizeof sizes_gib[0]; s++) {
        size_t bytes = sizes_gib[s] * gib;
        char *src = NULL, *dst = NULL;
        CHECK(cudaMalloc(&src, bytes + most_offset));
        CHECK(cudaMalloc(&dst, bytes + most_offset));
        CHECK(cudaMemset(src, 1, bytes + most_offset));
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            copy_job j = {NULL, 0, 0, 0, (float4 *)(dst + offsets[o]), (const float4 *)src, bytes};
            float memcpy_ms = median_ms(&j, start, stop);
            printf("== %zu GiB, destination offset %zu B: cudaMemcpy %.1f GB/s\n", sizes_gib[s], offsets[o],
                   2.0 * bytes / (memcpy_ms * 1e6));
            explore_kernels(j, &p, memcpy_ms, offsets[o] == 0 || offsets[o] == 4096 || offsets[o] == 1 << 20,
                            start, stop);
            fflush(stdout);
        }
        CHECK(cudaFree(src));
        CHECK(cudaFree(dst));
    }
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    return 0;
}
