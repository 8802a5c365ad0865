/* DRAM's ceiling for scattered sectors, measured: how much of its
 * bandwidth DRAM gives loads that each touch a sector of their own, with
 * every load independent and the GPU full of warps, so that nothing but
 * DRAM can hold them back.  gpuroof's efficiency table
 * (src/core/ncu/ncu_efficiency.c) takes it as the share of DRAM's roof a
 * lifted latency-bound kernel with such loads (a pointer chase given more
 * chains) can reach; recorded on the H200 into
 * tests/data/ncu/h200/scatter.
 *
 *   gather_words  every thread sums LOADS 4-byte words at hashed places in
 *                 a 1 GiB buffer (16 times the L2): each warp load asks
 *                 for 32 sectors, 16 loads in flight a thread, 64 warps an
 *                 SM
 *   stream_words  the same buffer read whole, 16-byte loads, coalesced:
 *                 DRAM's streaming share on the same run
 *
 * Every thread's sum is checked on the host (the words are a hash of their
 * index, the places a hash of the thread and the load).  The buffer is
 * filled on the host and copied in: the app launches no kernel but these
 * two, once each, so Nsight Compute's launch IDs are the lines it prints
 * at the end ("launch N NAME").
 *
 * Build:  nvcc -O3 -arch=sm_90 -o scatter tests/ncu/scatter.cu
 * Run:    ./scatter   (1 GiB of device memory and 1 GiB of host memory)
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "scatter: %s: %s\n", #call, cudaGetErrorString(e_));        \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

static const size_t WORDS = (size_t)1 << 28; /* 1 GiB of 4-byte words */
static const unsigned MASK = (unsigned)(WORDS - 1);
static const int SMS = 132, THREADS = 256, BLOCKS = SMS * 8; /* 64 warps an SM, one wave */
static const size_t GATHERERS = (size_t)BLOCKS * THREADS;
static const int LOADS = 128, IN_FLIGHT = 16;

__host__ __device__ unsigned word_at(unsigned i)
{
    return (i * 2654435761u) >> 20;
}

/* A place for thread t's load k: a hash, so that each warp's 32 loads fall
 * in 32 sectors far apart. */
__host__ __device__ unsigned place(unsigned t, unsigned k)
{
    unsigned h = t * 0x9e3779b1u ^ (k + 1) * 0x85ebca77u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return h & MASK;
}

__global__ void __launch_bounds__(256) gather_words(const unsigned *words, unsigned *out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x, sum = 0;
    for (int k = 0; k < LOADS; k += IN_FLIGHT) {
        unsigned v[IN_FLIGHT];
#pragma unroll
        for (int j = 0; j < IN_FLIGHT; j++)
            v[j] = __ldg(&words[place(t, k + j)]);
#pragma unroll
        for (int j = 0; j < IN_FLIGHT; j++)
            sum += v[j];
    }
    out[t] = sum;
}

__global__ void __launch_bounds__(256) stream_words(const uint4 *words, size_t count, unsigned *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x, stride = (size_t)gridDim.x * blockDim.x;
    unsigned sum = 0;
    for (size_t i = t; i < count; i += stride) {
        uint4 v = __ldg(&words[i]);
        sum += v.x + v.y + v.z + v.w;
    }
    out[t] = sum;
}

int main()
{
    std::vector<unsigned> host(WORDS);
    for (size_t i = 0; i < WORDS; i++)
        host[i] = word_at((unsigned)i);
    unsigned *words, *out;
    CHECK(cudaMalloc(&words, WORDS * sizeof(unsigned)));
    CHECK(cudaMalloc(&out, GATHERERS * sizeof(unsigned)));
    CHECK(cudaMemcpy(words, host.data(), WORDS * sizeof(unsigned), cudaMemcpyHostToDevice));
    std::vector<unsigned> got(GATHERERS);
    bool ok = true;

    CHECK(cudaMemset(out, 0xff, GATHERERS * sizeof(unsigned)));
    gather_words<<<BLOCKS, THREADS>>>(words, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), out, GATHERERS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < GATHERERS && ok; t++) {
        unsigned want = 0;
        for (int k = 0; k < LOADS; k++)
            want += host[place((unsigned)t, (unsigned)k)];
        if (got[t] != want) {
            std::fprintf(stderr, "scatter: gather_words: thread %zu has %u, not %u\n", t, got[t], want);
            ok = false;
        }
    }

    CHECK(cudaMemset(out, 0xff, GATHERERS * sizeof(unsigned)));
    stream_words<<<BLOCKS, THREADS>>>(reinterpret_cast<const uint4 *>(words), WORDS / 4, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), out, GATHERERS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (size_t t = 0; t < GATHERERS && ok; t++) {
        unsigned want = 0;
        for (size_t i = t; i < WORDS / 4; i += GATHERERS)
            want += host[4 * i] + host[4 * i + 1] + host[4 * i + 2] + host[4 * i + 3];
        if (got[t] != want) {
            std::fprintf(stderr, "scatter: stream_words: thread %zu has %u, not %u\n", t, got[t], want);
            ok = false;
        }
    }
    if (!ok)
        return 1;
    std::printf("scatter: both launches verified\nlaunch 0 gather_words\nlaunch 1 stream_words\n");
    return 0;
}
