/* Two limits in sequence, measured: the kernels behind gpuroof's rule
 * (src/core/ncu/ncu_sequence.c) that a launch's time can be two limits one
 * after the other, recorded on the H200 into tests/data/ncu/h200/sequence.
 *
 *   copy_tail      a DRAM-bound copy held to one block an SM by its shared
 *                  memory, 140 blocks on 132 SMs: a full wave, then a tail
 *                  of 8 blocks while 124 SMs idle
 *   copy_exact     the same bytes in 132 blocks: one wave, no tail
 *   read_sum       a DRAM stream alone: every thread sums its share of a
 *                  buffer (the prologue below, without the loop)
 *   fma_loop       FMA chains alone, from a value each thread is given (the
 *                  loop below, without the reads)
 *   read_then_fma  the two in sequence in one launch: every block reads,
 *                  then computes; the grid is one wave, every block
 *                  resident at once, so the whole GPU streams, then the
 *                  whole GPU computes
 *
 * Every output element is checked on the host, exactly: the copies bit for
 * bit, the sums and chains small integers in float arithmetic (a = 1 and
 * b = 1 given at run time, so FFMA runs and each chain ends at its start
 * plus the step count).  The data are made on the host and copied in: the
 * app launches no kernel but these, each once, so Nsight Compute's launch
 * IDs are the lines it prints at the end ("launch N NAME").
 *
 * Build:  nvcc -O3 -arch=sm_90 -o sequence tests/ncu/sequence.cu
 * Run:    ./sequence   (about 1.3 GB of device memory; a second on an H200)
 */
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "sequence: %s: %s\n", #call, cudaGetErrorString(e_));       \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

static const int SMS = 132;
static const int TAIL_GRID = 140;
/* float4s each copy moves: divisible by 132 and by 140 blocks */
static const size_t COPY_FLOAT4S = (size_t)SMS * TAIL_GRID * 1024 * 2;
/* the one-block-an-SM copies' shared memory: more than half an SM's 228 KB */
static const int COPY_SMEM = 200 * 1024;

/* 8 blocks of 256 threads an SM: one wave, 2048 threads an SM */
static const int WAVE_BLOCKS = SMS * 8, THREADS = 256;
static const size_t READERS = (size_t)WAVE_BLOCKS * THREADS;
static const int READS = 128;  /* float4s each thread reads: 553 MB in all */
static const int CHAINS = 8;
static const int STEPS = 4096; /* FMAs a chain: 17.7 GFLOP in all */

__global__ void __launch_bounds__(1024) copy_blocks(const float4 *in, float4 *out, size_t per_block)
{
    extern __shared__ float held[]; /* only to hold the SM */
    if (threadIdx.x == 0)
        held[0] = 0;
    size_t first = (size_t)blockIdx.x * per_block;
    for (size_t i = threadIdx.x; i < per_block; i += blockDim.x)
        out[first + i] = in[first + i];
}

/* Thread t reads float4s t, t + READERS, ...: each warp's loads coalesced. */
__device__ float stream_sum(const float4 *in)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
#pragma unroll 8
    for (int r = 0; r < READS; r++) {
        float4 v = in[t + (size_t)r * READERS];
        s += v.x + v.y + v.z + v.w;
    }
    return s;
}

__device__ float fma_chains(float start, float a, float b)
{
    float c[CHAINS];
#pragma unroll
    for (int j = 0; j < CHAINS; j++)
        c[j] = start + j;
    for (int i = 0; i < STEPS; i++) {
#pragma unroll
        for (int j = 0; j < CHAINS; j++)
            c[j] = fmaf(c[j], a, b);
    }
    float s = 0;
#pragma unroll
    for (int j = 0; j < CHAINS; j++)
        s += c[j];
    return s;
}

__global__ void __launch_bounds__(256, 8) read_sum(const float4 *in, float *out)
{
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = stream_sum(in);
}

__global__ void __launch_bounds__(256, 8) fma_loop(const float *start, float a, float b, float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = fma_chains(start[t], a, b);
}

__global__ void __launch_bounds__(256, 8) read_then_fma(const float4 *in, float a, float b, float *out)
{
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = fma_chains(stream_sum(in), a, b);
}

/* Small integers, so that every sum is exact in float. */
static float4 value_at(size_t i)
{
    float v = (float)(i % 4);
    return make_float4(v, v, v, v);
}

static bool check_copy(const float4 *dev_out, const char *name)
{
    std::vector<float4> got(COPY_FLOAT4S);
    CHECK(cudaMemcpy(got.data(), dev_out, COPY_FLOAT4S * sizeof(float4), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < COPY_FLOAT4S; i++) {
        float4 want = value_at(i), g = got[i];
        if (g.x != want.x || g.y != want.y || g.z != want.z || g.w != want.w) {
            std::fprintf(stderr, "sequence: %s: element %zu wrong\n", name, i);
            return false;
        }
    }
    return true;
}

/* Thread t's sum: 4 x (t + r READERS) mod 4 over its READS float4s. */
static float sum_of(size_t t)
{
    float s = 0;
    for (int r = 0; r < READS; r++)
        s += 4 * (float)((t + (size_t)r * READERS) % 4);
    return s;
}

/* A chain from start ends at start + j + STEPS (a = 1, b = 1). */
static float chains_of(float start)
{
    float s = 0;
    for (int j = 0; j < CHAINS; j++)
        s += start + j + STEPS;
    return s;
}

static bool check_threads(const float *dev_out, bool summed, bool chained, const char *name)
{
    std::vector<float> got(READERS);
    CHECK(cudaMemcpy(got.data(), dev_out, READERS * sizeof(float), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < READERS; t++) {
        float start = summed ? sum_of(t) : (float)(t % 1000);
        float want = chained ? chains_of(start) : start;
        if (got[t] != want) {
            std::fprintf(stderr, "sequence: %s: thread %zu has %g, not %g\n", name, t, got[t], want);
            return false;
        }
    }
    return true;
}

static void poison(void *p, size_t bytes)
{
    CHECK(cudaMemset(p, 0xff, bytes));
}

int main()
{
    std::vector<float4> host(COPY_FLOAT4S);
    for (size_t i = 0; i < COPY_FLOAT4S; i++)
        host[i] = value_at(i);
    std::vector<float> starts(READERS);
    for (size_t t = 0; t < READERS; t++)
        starts[t] = (float)(t % 1000);
    float4 *in, *out;
    float *start, *result;
    CHECK(cudaMalloc(&in, COPY_FLOAT4S * sizeof(float4)));
    CHECK(cudaMalloc(&out, COPY_FLOAT4S * sizeof(float4)));
    CHECK(cudaMalloc(&start, READERS * sizeof(float)));
    CHECK(cudaMalloc(&result, READERS * sizeof(float)));
    CHECK(cudaMemcpy(in, host.data(), COPY_FLOAT4S * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(start, starts.data(), READERS * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaFuncSetAttribute(copy_blocks, cudaFuncAttributeMaxDynamicSharedMemorySize, COPY_SMEM));
    bool ok = true;
    const char *names[] = {"copy_tail", "copy_exact", "read_sum", "fma_loop", "read_then_fma"};
    int grids[] = {TAIL_GRID, SMS, WAVE_BLOCKS, WAVE_BLOCKS, WAVE_BLOCKS};
    for (int k = 0; k < 2; k++) {
        poison(out, COPY_FLOAT4S * sizeof(float4));
        copy_blocks<<<grids[k], 1024, COPY_SMEM>>>(in, out, COPY_FLOAT4S / grids[k]);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        ok = ok && check_copy(out, names[k]);
    }
    poison(result, READERS * sizeof(float));
    read_sum<<<WAVE_BLOCKS, THREADS>>>(in, result);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    ok = ok && check_threads(result, true, false, names[2]);
    poison(result, READERS * sizeof(float));
    fma_loop<<<WAVE_BLOCKS, THREADS>>>(start, 1.0f, 1.0f, result);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    ok = ok && check_threads(result, false, true, names[3]);
    poison(result, READERS * sizeof(float));
    read_then_fma<<<WAVE_BLOCKS, THREADS>>>(in, 1.0f, 1.0f, result);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    ok = ok && check_threads(result, true, true, names[4]);
    if (!ok)
        return 1;
    std::printf("sequence: all 5 launches verified\n");
    for (int k = 0; k < 5; k++)
        std::printf("launch %d %s grid=%d\n", k, names[k], grids[k]);
    return 0;
}
