/* A second limiter suite for gpuroof: kernels each built to be held by one
 * limit, each paired with a "lift" variant that removes that limit while
 * doing the same useful work (or a stated multiple of it), so that the
 * measured speedup of each pair can be compared with the speedup a tool
 * predicts.  16 pairs (uncoalesced loads, two transposes, global atomics,
 * FP64 against FP32, integer division, accurate against intrinsic
 * transcendentals, a small grid, a wave tail, latency, launch overhead,
 * FP32 against tensor GEMM, L2 re-reads, FP32 against FP16 copies,
 * divergence, scattered stores) and a floor group.  Every output is
 * verified on the host, every element of it (exactly: small integers in
 * float arithmetic, integer counts, the same correctly rounded FMAs as the
 * GPU's; the transcendentals within a relative tolerance), before anything
 * else is printed.  tests/ncu/limits.cu is the first suite; none of its
 * kernels are here and no name is shared with it.  Sized for the H200
 * (sm_90, 132 SMs, 60 MB of L2, HBM3e): run under Nsight Compute there.
 *
 * Build:  nvcc -O3 -arch=sm_90 -o lifts tests/ncu/lifts.cu
 * Run:    ./lifts              every kernel twice (below); about 4.1 GB of
 *                              device memory, under 3 GB of host memory (1
 *                              GiB of it pinned); 8 to 10 s on an H200
 *         ./lifts --time REPS  the same, then every measured launch REPS
 *                              more times, back to back, each timed by a
 *                              pair of CUDA events (under ncu run it without
 *                              --time: those launches would be profiled too)
 *         ./lifts --once       every kernel once, no warm-up launch: for
 *                              Nsight Compute, which replays each launch
 *                              anyway (a warm-up only doubles its time);
 *                              with --time too, the timed repetitions are
 *                              the warm ones
 *
 * Every kernel is launched twice in a row with the same arguments: an
 * untimed warm-up launch (lazy module loading and first-touch effects land
 * there), then the launch the test reads.  Both are verified: before each,
 * the outputs are filled with 0xff bytes (NaN as float; the histogram's
 * counters, accumulators, are zeroed instead) and afterwards every element
 * is checked.  The data are made on the host and copied in with
 * cudaMemcpy: the app launches no kernel but those listed below (no
 * initialising kernels, no libraries), and cudaMemset and cudaMemcpy are no
 * kernel launches for Nsight Compute, so its launch IDs count exactly the
 * launches below.
 *
 * Output: progress lines ("lifts: ..."); then, once every launch is
 * verified, "lifts: all N launches verified" and one line per launch in
 * launch order, the n-th line for ncu's launch ID n (0-based):
 *
 *   warmup NAME launch=N
 *   floor NAME launch=N CONFIG
 *   limit NAME launch=N designed=KEY second=KEY CONFIG
 *   limit tiny_steps launch=N step=I steps=64 designed=launch second=launch CONFIG
 *   variant NAME launch=N of=K work_ratio=R lands=KEY CONFIG
 *   variant fused_steps launch=N of=K steps=64 work_ratio=1 lands=launch CONFIG
 *
 *   floor     floor_empty (no body: its duration is the launch floor;
 *             not "empty", which is limits.cu's) and one_block (one block
 *             of 32 threads writing 32 ints): the launch floor, and the
 *             kernels of the cache-control experiment.
 *   limit     a kernel built to be held by limit KEY; second= the limit
 *             its lift is designed to land on.  KEY is one of dram, l2, l1
 *             (the L1's pipes and tag stage: uncoalesced sectors,
 *             wavefronts of global traffic), shared, bank_conflicts,
 *             compute (the FP pipes: FP32, FP64, tensor), pipe (an SM pipe
 *             other than the FP ones: the integer pipes, the XU of the
 *             special functions), issue, latency, waves, small_grid,
 *             launch.
 *   variant   the lift of launch K: it removes K's designed limit and does
 *             K's work (work_ratio=1: the same useful work; R: R times
 *             it), so the measured speedup of K is
 *             duration(K) x R / duration(variant); lands= the limit it is
 *             designed to sit on (K's second).
 *   tiny_steps  the launch-overhead pair's limit is a unit of 64 launches
 *             (each adds 1 to 4096 floats): each of the 64 measured
 *             launches has a line of its own, step=I (0..63) of steps=64,
 *             and the 64 warm-up launches before them have warmup lines.
 *             Its variant fused_steps (one launch adding 64) names the
 *             unit by its first launch, of=K steps=64: it lifts launches
 *             K..K+63 together, and their measured speedup is
 *             (the sum of the 64 durations of launches K..K+63) x
 *             work_ratio / duration(fused_steps), work_ratio=1.
 *   CONFIG    grid=BLOCKS block=THREADS dynamic_smem_bytes=B registers=R
 *             blocks_per_sm=N (BLOCKS: all of the grid's blocks, a 2-D grid
 *             too; registers from cudaFuncGetAttributes, blocks_per_sm from
 *             cudaOccupancyMaxActiveBlocksPerMultiprocessor)
 *
 * With --time, after those lines: for each measured launch (the floors,
 * every limit and every variant, in launch order; tiny_steps's 64 launches
 * as one unit, timed together)
 *
 *   time NAME median_us=X min_us=Y max_us=Z reps=REPS
 *
 * Every kernel has its own name (none starts with matmul, set or loop).
 * The app exits 1, saying which, when a CUDA call or a check fails (with a
 * failed check: "lifts: N launches FAILED verification (above)", and no
 * launch lines); 2 on a usage error.  194 launches: 2 floors and 15 pairs
 * twice each (4 + 60), tiny_steps' unit twice (128), fused_steps twice (2);
 * with --once 97, no warmup lines.
 *
 * The design, per SM and clock on the H200 at 1980 MHz (132 SMs): DRAM
 * about 4.2 TB/s measured (4.8 datasheet), L2 about 8 to 10 TB/s, shared
 * memory and the L1's data stage one 128-byte wavefront a clock (33.5 TB/s),
 * FP32 128 FMA a clock (4 warp instructions: also the issue limit), FP64
 * 64, the XU 16, the integer ALU and IMAD 64 (each half the issue rate),
 * mma.sync FP16 2730 FLOP.  The comment above each kernel says what it is
 * built to be held by, its designed second limit, the arithmetic of both,
 * what ptxas -v and the SASS showed (`nvcc -O3 -arch=sm_90 -cubin`, CUDA
 * 13.0, cuobjdump -sass; no kernel spills), and what one H200 measured
 * (CUDA events, median of 10, and the busiest unit in Nsight Compute's
 * throughput breakdown, --clock-control none).  On that H200 all 194
 * launches verified in 8 to 10 s (2.7 GB resident on the host), ncu's 194
 * launch IDs matched the 194 lines, and compute-sanitizer's memcheck
 * found no error.  lifts-design.md beside this file has the table of
 * pairs. */
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t code_ = (call);                                                                \
        if (code_ != cudaSuccess) {                                                                \
            std::fprintf(stderr, "lifts: %s: %s [%s] (%s:%d)\n", #call, cudaGetErrorString(code_), \
                         cudaGetErrorName(code_), __FILE__, __LINE__);                             \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

/* After a launch: the launch's own error, then the kernel's (synchronized,
 * so that each launch is checked on its own). */
#define CHECK_LAUNCH(name)                                                                        \
    do {                                                                                          \
        CHECK(cudaGetLastError());                                                                \
        cudaError_t code_ = cudaDeviceSynchronize();                                              \
        if (code_ != cudaSuccess) {                                                               \
            std::fprintf(stderr, "lifts: kernel %s failed: %s [%s] (%s:%d)\n", name,              \
                         cudaGetErrorString(code_), cudaGetErrorName(code_), __FILE__, __LINE__); \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

/* ---- the sizes ---------------------------------------------------------- */

#define BIG_FLOATS ((size_t)1 << 28) /* the float buffer: 1 GiB of small integers 0..7 */
#define BIG_ITEMS (BIG_FLOATS / 4)   /* ... as 16-byte items */
#define CHAIN_WORDS ((size_t)1 << 28) /* the chain buffer: 1 GiB of 28-bit indices */
#define CHAIN_MASK ((unsigned)(CHAIN_WORDS - 1))
#define CHAIN_MUL 1103515245u /* next[i] = (CHAIN_MUL i + CHAIN_ADD) mod 2^28: one cycle */
#define CHAIN_ADD 12345u      /* through all 2^28 words (Hull-Dobell: odd add, mul = 1 mod 4) */
#define OUT_BYTES ((size_t)1 << 30) /* the output buffer every kernel writes into */

/* ---- the kernels -------------------------------------------------------- */

/* ==== floor =============================================================== */

/* The launch floor: nothing.  SASS: EXIT. */
__global__ void floor_empty(void) {}

/* The smallest launch that writes memory: one block of 32 threads, each
 * writing one int.  SASS: S2R, IMAD, STG.E, EXIT. */
__global__ void one_block(int *out)
{
    out[threadIdx.x] = 3 * (int)threadIdx.x + 1;
}

/* ==== 1. gather: uncoalesced loads ======================================== */

#define GATHER_BLOCK 1024
#define TILE_FLOATS 1024 /* a tile: 32 rows of 32 floats (128 bytes) */

/* l1: a warp's 32 loads 128 bytes apart (lane l reads row l, warp w column
 * w of a tile of 32 x 32 floats; the block's 32 warps read the tile's 32
 * columns): 32 sectors, 32 wavefronts a request, all on one bank.  2^28
 * floats (1 GiB), each read once: 2^23 requests x 32 = 268M wavefronts,
 * 2.03M a SM at one a clock: 1.03 ms.  Second limit DRAM: 1.07 GB at 4.2
 * TB/s, 0.26 ms (4 x below; the L1 and L2 keep the rest of each sector
 * for the other warps of the tile).  Lift: gather_coalesced.  SASS: 4
 * LDG.E.CONSTANT (32-bit) and 4 FADD a trip (unroll 4); 13 registers, 2
 * blocks of 1024 an SM.  Measured: 1.32 ms, L1 data-stage wavefronts 78%
 * busy (268M of them), DRAM 2.4 GB (misses fetch some sectors twice). */
__global__ void __launch_bounds__(GATHER_BLOCK, 2) gather_strided(const float *buf, size_t tiles,
                                                                  float *__restrict__ out)
{
    unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    size_t offset = lane * 32 + warp; /* row lane, column warp: 128 bytes between lanes */
    float s = 0.0f;
#pragma unroll 4
    for (size_t tile = blockIdx.x; tile < tiles; tile += gridDim.x)
        s += buf[tile * TILE_FLOATS + offset];
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = s;
}

/* The same floats, each read once, coalesced and 16 bytes a load.  DRAM:
 * 1.07 GB at 4.2 TB/s, 0.26 ms; the L1 4 wavefronts a warp request (8.4M
 * in all, 32 x fewer).  SASS: 4 LDG.E.128.CONSTANT, 16 FADD a trip; 20
 * registers.  Measured: 0.24 to 0.25 ms, DRAM 92% busy. */
__global__ void __launch_bounds__(GATHER_BLOCK, 2) gather_coalesced(const float4 *buf, size_t items,
                                                                    float *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float s = 0.0f;
#pragma unroll 4
    for (size_t i = t; i < items; i += threads) {
        float4 v = buf[i];
        s += (v.x + v.y) + (v.z + v.w);
    }
    out[t] = s;
}

/* ==== 2, 3. transposes ==================================================== */

#define TRANSPOSE_N 8192
#define TT 32 /* a block's tile: TT x TT floats */
#define TROWS 8 /* blocks of TT x TROWS threads: each thread moves TT / TROWS floats */

/* l2: the naive transpose of an 8192 x 8192 float matrix: coalesced
 * 128-byte reads, writes 32 KiB apart: each warp store is 32 partial-sector
 * writes, 2M x 32 = 67M write requests into the L2 (the L2 merges them
 * into whole sectors before DRAM sees them).  Built as an L1 one (32
 * wavefronts a store: 67M / 132 SMs, 0.26 ms), it is held further out: by
 * the L2's input (xbar to L2, 88% busy in ncu) at about 0.96 ms, so its
 * designed limit is l2.  Second limit DRAM: 2 x 256 MiB, 0.13 ms.  Lift:
 * transpose_tile.  All loads first, then the stores (in and out may alias
 * as far as the compiler knows).  SASS: 4 LDG.E, 4 STG.E; 18 registers.
 * Measured: 0.96 ms, DRAM 0.61 GB. */
__global__ void __launch_bounds__(TT *TROWS) transpose_naive(const float *in, float *out, int n)
{
    int x = blockIdx.x * TT + threadIdx.x;
    int y = blockIdx.y * TT + threadIdx.y;
    float v[TT / TROWS]; /* all loads first: in and out may alias as far as the compiler knows */
#pragma unroll
    for (int j = 0; j < TT / TROWS; j++)
        v[j] = in[(size_t)(y + TROWS * j) * n + x];
#pragma unroll
    for (int j = 0; j < TT / TROWS; j++)
        out[(size_t)x * n + y + TROWS * j] = v[j];
}

/* The transpose through a 32 x 33 shared tile (padded: the column reads
 * fall on 32 banks): coalesced reads and writes.  DRAM: 2 x 256 MiB, 0.13
 * ms; shared 1 wavefront a request (4.2M + 1M).  SASS: 4 LDG.E.CONSTANT, 4
 * STS, BAR, 4 LDS, 4 STG.E; 22 registers.  Measured: 0.145 to 0.149 ms,
 * DRAM 74% busy (the top unit). */
__global__ void __launch_bounds__(TT *TROWS) transpose_tile(const float *in, float *__restrict__ out,
                                                           int n)
{
    __shared__ float tile[TT][TT + 1];
    int bx = blockIdx.x * TT, by = blockIdx.y * TT;
    int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        tile[ty + j][tx] = in[(size_t)(by + ty + j) * n + bx + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        out[(size_t)(bx + ty + j) * n + by + tx] = tile[tx][ty + j];
}

/* bank_conflicts: the tile unpadded, 32 x 32: a warp reading a column
 * reads 32 words of one bank, 32 wavefronts; 2M such reads: 67M + 4M
 * wavefronts, 0.54M a SM: 0.27 ms.  Second limit DRAM, 0.13 ms (2 x
 * below).  Lift: transpose_tile_swizzled (transpose_tile is pair 2's).
 * SASS as transpose_tile; 24 registers.  Measured: 0.33 ms, 71M shared
 * wavefronts, the L1 data stage 88% busy. */
__global__ void __launch_bounds__(TT *TROWS) transpose_tile_conflicted(const float *in,
                                                                      float *__restrict__ out, int n)
{
    __shared__ float tile[TT][TT];
    int bx = blockIdx.x * TT, by = blockIdx.y * TT;
    int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        tile[ty + j][tx] = in[(size_t)(by + ty + j) * n + bx + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        out[(size_t)(bx + ty + j) * n + by + tx] = tile[tx][ty + j];
}

/* The same 32 x 32 tile, element (r, c) stored at column c ^ r: a row's
 * 32 elements and a column's 32 each fall on 32 banks, one wavefront.
 * Lands on DRAM, 0.13 ms.  SASS as transpose_tile (LOP3 for the XOR); 26
 * registers.  Measured: 0.145 to 0.149 ms, DRAM 74% busy. */
__global__ void __launch_bounds__(TT *TROWS) transpose_tile_swizzled(const float *in,
                                                                    float *__restrict__ out, int n)
{
    __shared__ float tile[TT][TT]; /* element (row r, column c) at tile[r][c ^ r] */
    int bx = blockIdx.x * TT, by = blockIdx.y * TT;
    int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        tile[ty + j][tx ^ (ty + j)] = in[(size_t)(by + ty + j) * n + bx + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TT; j += TROWS)
        out[(size_t)(bx + ty + j) * n + by + tx] = tile[tx][(ty + j) ^ tx];
}

/* ==== 4. histogram ======================================================== */

#define HIST_BINS 4
#define HIST_STRIDE 32   /* words between the counters: each its own 128-byte line */
#define HIST_REPLICAS 256 /* copies of the 4 counters (a power of two) */
#define HIST_KEYS ((size_t)1 << 26)
#define HIST_WORDS (HIST_REPLICAS * HIST_BINS * HIST_STRIDE)

/* A key's bin: bits 24 and 25 of the 28-bit word. */
__device__ __host__ __forceinline__ unsigned hist_bin(unsigned key)
{
    return (key >> 24) & 3u;
}

/* l2 (its atomic path): every key a RED.ADD to one of 4 global counters.
 * With one set of 4, all of 2^26 atomics queued at one L2 slice: 28.6 ms
 * (that slice's tag stage 88% busy), a hot spot rather than a limit of
 * the L2, and far past this suite's 2 ms; so each warp adds to its own
 * copy of the 4 counters (warp number mod HIST_REPLICAS, every counter in
 * its own 128-byte line), spreading the same 2^26 atomics over 1024
 * addresses and the L2's slices.  Measured on the H200 with the copies at
 * 1, 4, 16, 64, 128, 256, 512, 1024, 4096: 28.6, 12.8, 4.2, 2.0, 1.15,
 * 1.09, 0.88, 0.94, 0.77 ms.  Second limit DRAM: 256 MiB of keys, 64 us
 * (16 x below).  Lift: histogram_block_private.  SASS: 8
 * REDG.E.ADD.STRONG.GPU and 2 LDG.E.128.CONSTANT a trip (unroll 2); 28
 * registers.  Measured (256 copies): 1.05 to 1.09 ms; the L2's tag stage
 * 60% busy, its atomic input 38%, nothing else above 45%. */
__global__ void __launch_bounds__(256) histogram_global_atomic(const uint4 *__restrict__ keys, size_t items,
                                                               unsigned replica_mask, unsigned *counts)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    unsigned *mine = counts + (size_t)((t / 32) & replica_mask) * (HIST_BINS * HIST_STRIDE); /* the warp's copy */
#pragma unroll 2
    for (size_t i = t; i < items; i += threads) {
        uint4 k = keys[i];
        atomicAdd(&mine[hist_bin(k.x) * HIST_STRIDE], 1u);
        atomicAdd(&mine[hist_bin(k.y) * HIST_STRIDE], 1u);
        atomicAdd(&mine[hist_bin(k.z) * HIST_STRIDE], 1u);
        atomicAdd(&mine[hist_bin(k.w) * HIST_STRIDE], 1u);
    }
}

/* The same histogram counted where it is cheap: each thread's keys in 4
 * 16-bit counts in a register, the warp's summed (REDUX), the block's in 4
 * shared counters (ATOMS), then one global atomic a block a bin into the
 * block's copy (block number mod HIST_REPLICAS).  DRAM: 256 MiB, 64 us.
 * SASS: 4 LDG.E.128.CONSTANT a trip, 4 REDUX.SUM, 4 ATOMS.ADD, one
 * REDG.E.ADD; 28 registers.  Measured: 65 to 67 us, DRAM 86% busy. */
__global__ void __launch_bounds__(256) histogram_block_private(const uint4 *__restrict__ keys, size_t items,
                                                               unsigned replica_mask, unsigned *counts)
{
    __shared__ unsigned block_counts[HIST_BINS];
    if (threadIdx.x < HIST_BINS)
        block_counts[threadIdx.x] = 0;
    __syncthreads();
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    unsigned long long packed = 0; /* a thread's four counts, 16 bits each (the host checks < 65536) */
#pragma unroll 4
    for (size_t i = t; i < items; i += threads) {
        uint4 k = keys[i];
        packed += 1ull << (16 * hist_bin(k.x));
        packed += 1ull << (16 * hist_bin(k.y));
        packed += 1ull << (16 * hist_bin(k.z));
        packed += 1ull << (16 * hist_bin(k.w));
    }
#pragma unroll
    for (int b = 0; b < HIST_BINS; b++) {
        unsigned c = __reduce_add_sync(0xffffffffu, (unsigned)(packed >> (16 * b)) & 0xffffu);
        if (threadIdx.x % 32 == 0)
            atomicAdd(&block_counts[b], c);
    }
    __syncthreads();
    if (threadIdx.x < HIST_BINS) /* into the block's copy */
        atomicAdd(&counts[((blockIdx.x & replica_mask) * HIST_BINS + threadIdx.x) * HIST_STRIDE],
                  block_counts[threadIdx.x]);
}

/* ==== 5. polynomial ======================================================= */

#define POLY_DEGREE 96
#define POLY_ELEMENTS ((size_t)1 << 26)

/* The coefficients, -1/2 .. 1/2 in steps of 1/8 (exact in float and
 * double), known when compiling: immediates of the FMAs, not registers
 * (from __constant__ memory ptxas loaded all 97 into registers). */
__host__ __device__ constexpr double poly_coef(int k)
{
    return (double)((k * 5) % 9 - 4) / 8.0;
}

/* Element i of a grid-stride loop, by groups of U a thread (U chains at a
 * time), the next group's loads issued before the work on this one: no
 * warp waits on memory once the loop runs (without it the warps of an SM
 * fell into step, all computing, then all waiting: 69% of issue). */
template <int U, typename T>
__device__ __forceinline__ void load_group(const T *__restrict__ in, size_t base, size_t threads, size_t n, T v[U])
{
#pragma unroll
    for (int u = 0; u < U; u++) {
        size_t i = base + u * threads;
        v[u] = i < n ? in[i] : T();
    }
}

/* compute (FP64): a degree-96 polynomial by Horner's rule, p = p x + c_k
 * in double, at each of 2^26 floats read once (x = v / 4 - 7 / 8, v =
 * 0..7).  Degree 96, not 32: at 32 the 12 bytes an element moved (4 read,
 * 8 written) would take longer than the FMAs.  2^26 x 96 DFMA at 64 a
 * clock an SM: 0.39 ms; DRAM 0.81 GB, 0.19 ms.  Second limit compute
 * (FP32, the lift's): 0.20 ms, 2 x below.  Lift: poly_fp32.  Four
 * elements a thread at a time, the next four loaded first.  SASS: 384
 * DFMA, 4 F2F.F64.F32, 4 FFMA a trip, the coefficients immediates; 32
 * registers.  Measured: 0.47 ms, the FP64 pipe 82% busy. */
__global__ void __launch_bounds__(256) poly_fp64(const float *__restrict__ xs, size_t n, double *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float cur[4], nxt[4];
    load_group<4>(xs, t, threads, n, cur);
#pragma unroll 1
    for (size_t base = t; base < n; base += 4 * threads) {
        load_group<4>(xs, base + 4 * threads, threads, n, nxt);
        double x[4], p[4];
#pragma unroll
        for (int u = 0; u < 4; u++) {
            x[u] = (double)fmaf(cur[u], 0.25f, -0.875f);
            p[u] = poly_coef(POLY_DEGREE);
        }
#pragma unroll
        for (int k = POLY_DEGREE - 1; k >= 0; k--)
#pragma unroll
            for (int u = 0; u < 4; u++)
                p[u] = fma(p[u], x[u], poly_coef(k));
#pragma unroll
        for (int u = 0; u < 4; u++) {
            size_t i = base + u * threads;
            if (i < n)
                out[i] = p[u];
            cur[u] = nxt[u];
        }
    }
}

/* The same polynomial in float (the same coefficients, exact in both),
 * the same elements; every result checked bit for bit against the host's
 * fmaf chain.  2^26 x 97 FFMA at 128 a clock an SM: 0.195 ms; DRAM 0.54
 * GB, 0.13 ms (1.5 x below).  SASS: 388 FFMA, 4 LDG.E.CONSTANT, 4 STG.E a
 * trip; 32 registers.  Measured: 0.27 ms, issue 89% busy (the FFMAs; DRAM
 * 39%). */
__global__ void __launch_bounds__(256) poly_fp32(const float *__restrict__ xs, size_t n, float *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float cur[4], nxt[4];
    load_group<4>(xs, t, threads, n, cur);
#pragma unroll 1
    for (size_t base = t; base < n; base += 4 * threads) {
        load_group<4>(xs, base + 4 * threads, threads, n, nxt);
        float x[4], p[4];
#pragma unroll
        for (int u = 0; u < 4; u++) {
            x[u] = fmaf(cur[u], 0.25f, -0.875f);
            p[u] = (float)poly_coef(POLY_DEGREE);
        }
#pragma unroll
        for (int k = POLY_DEGREE - 1; k >= 0; k--)
#pragma unroll
            for (int u = 0; u < 4; u++)
                p[u] = fmaf(p[u], x[u], (float)poly_coef(k));
#pragma unroll
        for (int u = 0; u < 4; u++) {
            size_t i = base + u * threads;
            if (i < n)
                out[i] = p[u];
            cur[u] = nxt[u];
        }
    }
}

/* ==== 6. integer division ================================================= */

#define DIVMOD_STEPS 8
#define DIVMOD_WORDS ((size_t)1 << 26)

/* DIVMOD_STEPS base-d digits of x, least significant first, x rotated by
 * one digit each step (x = x / d + (x % d) m, m = 2^32 / d): the sum of
 * the digits seen (with d = 16: the 8 hex digits). */
__device__ __forceinline__ unsigned digits_div(unsigned x, unsigned d, unsigned m)
{
    unsigned acc = 0;
#pragma unroll
    for (int s = 0; s < DIVMOD_STEPS; s++) {
        unsigned q = x / d, r = x % d;
        acc += r;
        x = q + r * m;
    }
    return acc;
}

/* The same with d = 2^shift: x % d = x & mask, and x / d + (x % d) m is x
 * rotated right by shift (one funnel shift). */
__device__ __forceinline__ unsigned digits_shift(unsigned x, unsigned shift, unsigned mask)
{
    unsigned acc = 0;
#pragma unroll
    for (int s = 0; s < DIVMOD_STEPS; s++) {
        acc += x & mask;
        x = __funnelshift_r(x, x, shift);
    }
    return acc;
}

/* pipe (the integer multiply pipe, IMAD, half the issue rate) and issue:
 * x / d and x % d by a divisor known only at run time, 8 steps a word (each
 * word's hex digit sum), over 2^26 words read once.  ptxas takes the
 * reciprocal once (I2F, MUFU.RCP, F2I before the loop); a step is then
 * about 12 instructions: IMAD.HI, IMAD x 3, IADD3 x 3, ISETP x 2, SEL, VIADD
 * (221M warp instructions in all): issue 0.21 ms, the IMAD pipe about the
 * same.  Second limit DRAM: 0.54 GB, 0.13 ms (2 x below).  Lift:
 * divmod_shift.  SASS: 66 IMAD.HI.U32 in the two-item trip, no MUFU there;
 * 40 registers (6 blocks of 256 an SM).  Measured: 0.30 ms, the FMA-heavy
 * (IMAD) pipe 82% busy, issue 72%, the ALU 69%. */
__global__ void __launch_bounds__(256) divmod_runtime(const uint4 *__restrict__ words, size_t items, unsigned d,
                                                      unsigned m, uint4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    uint4 cur[2], nxt[2];
    load_group<2>(words, t, threads, items, cur);
#pragma unroll 1
    for (size_t base = t; base < items; base += 2 * threads) {
        load_group<2>(words, base + 2 * threads, threads, items, nxt);
#pragma unroll
        for (int u = 0; u < 2; u++) {
            uint4 w = cur[u], r = make_uint4(digits_div(w.x, d, m), digits_div(w.y, d, m), digits_div(w.z, d, m),
                                             digits_div(w.w, d, m));
            size_t i = base + u * threads;
            if (i < items)
                out[i] = r;
            cur[u] = nxt[u];
        }
    }
}

/* The same digits with d = 2^shift known to the kernel as a shift and a
 * mask: x & mask, and a funnel shift rotates x by one digit.  About 2.5
 * ALU instructions a step, the ALU pipe at half the issue rate: 0.08 ms;
 * DRAM 0.13 ms.  SASS: 56 SHF.R.W.U32, 64 LOP3 and 30 IADD3 in the trip;
 * 32 registers.  Measured: 0.135 to 0.153 ms, DRAM 80% busy (ALU 65%). */
__global__ void __launch_bounds__(256) divmod_shift(const uint4 *__restrict__ words, size_t items, unsigned shift,
                                                    unsigned mask, uint4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    uint4 cur[2], nxt[2];
    load_group<2>(words, t, threads, items, cur);
#pragma unroll 1
    for (size_t base = t; base < items; base += 2 * threads) {
        load_group<2>(words, base + 2 * threads, threads, items, nxt);
#pragma unroll
        for (int u = 0; u < 2; u++) {
            uint4 w = cur[u], r = make_uint4(digits_shift(w.x, shift, mask), digits_shift(w.y, shift, mask),
                                             digits_shift(w.z, shift, mask), digits_shift(w.w, shift, mask));
            size_t i = base + u * threads;
            if (i < items)
                out[i] = r;
            cur[u] = nxt[u];
        }
    }
}

/* ==== 7. transcendentals ================================================== */

#define EXP_TERMS 16
#define EXP_ELEMENTS ((size_t)1 << 25)

/* t_k = 0.5 + v / 8 + k / 64 for v = 0..7 (exact in float), k < EXP_TERMS:
 * t in [0.5, 1.61], where the intrinsics' documented errors are smallest. */
__device__ __forceinline__ float terms_accurate(float v)
{
    float t0 = fmaf(v, 0.125f, 0.5f), acc = 0.0f;
#pragma unroll
    for (int k = 0; k < EXP_TERMS; k++) {
        float t = fmaf((float)k, 0.015625f, t0);
        acc += (expf(-t) + logf(t)) + sinf(t);
    }
    return acc;
}

__device__ __forceinline__ float terms_intrinsic(float v)
{
    float t0 = fmaf(v, 0.125f, 0.5f), acc = 0.0f;
#pragma unroll
    for (int k = 0; k < EXP_TERMS; k++) {
        float t = fmaf((float)k, 0.015625f, t0);
        acc += (__expf(-t) + __logf(t)) + __sinf(t);
    }
    return acc;
}

/* issue: expf, logf and sinf, 16 terms of each at each of 2^25 floats:
 * the accurate versions are long FMA-pipe sequences (range reduction,
 * polynomials; sinf's Payne-Hanek path, never taken here, is the 32-byte
 * stack frame and the LDGs of its table).  1043M warp instructions at 4 a
 * clock an SM: 1.0 ms.  Second limit pipe (the lift's XU): 0.39 ms.
 * Lift: exp_intrinsic.  Verified within 1e-5 of the host's double sums.
 * SASS (the slow path's code included): 824 FFMA, 163 FMUL, 130 FADD,
 * 33 MUFU.EX2; 32 registers.  Measured: 1.33 to 1.36 ms, issue 75% busy
 * (the FMA pipe 49%). */
__global__ void __launch_bounds__(256) exp_accurate(const float4 *__restrict__ xs, size_t items,
                                                    float4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
#pragma unroll 1
    for (size_t i = t; i < items; i += threads) {
        float4 v = xs[i];
        out[i] = make_float4(terms_accurate(v.x), terms_accurate(v.y), terms_accurate(v.z), terms_accurate(v.w));
    }
}

/* The same terms by __expf, __logf and __sinf: 3 MUFU a term on the XU,
 * 16 lanes a clock an SM: 2^25 x 16 x 3 / 16 / 132 clocks: 0.39 ms; issue
 * (about 16 instructions a term) 0.26 ms.  Verified within 1e-3 (the
 * intrinsics' documented bounds on [0.5, 1.61] come to about 1e-6 here).
 * SASS: 64 each of MUFU.EX2, MUFU.LG2, MUFU.SIN a trip; 32 registers.
 * Measured: 0.44 ms, the XU 88% busy. */
__global__ void __launch_bounds__(256) exp_intrinsic(const float4 *__restrict__ xs, size_t items,
                                                     float4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
#pragma unroll 1
    for (size_t i = t; i < items; i += threads) {
        float4 v = xs[i];
        out[i] = make_float4(terms_intrinsic(v.x), terms_intrinsic(v.y), terms_intrinsic(v.z),
                             terms_intrinsic(v.w));
    }
}

/* ==== 8. a small grid ===================================================== */

#define SUM_BLOCK 1024
#define SUM_SMALL_GRID 16
#define SUM_CHAIN 16
#define SUM_ITEMS ((size_t)1 << 25) /* 16-byte items: 512 MiB */
#define SUM_GROUP 4 /* items a thread works on at a time (and has in flight) */

/* f(v) = v + SUM_CHAIN b: SUM_CHAIN dependent FFMAs v = v a + b (a = b = 1
 * at run time). */
__device__ __forceinline__ float sum_term(float v, float a, float b)
{
#pragma unroll
    for (int k = 0; k < SUM_CHAIN; k++)
        v = fmaf(v, a, b);
    return v;
}

/* Each thread sums f over its items (grid-stride, SUM_GROUP at a time, the
 * next group's loads in flight meanwhile), the block adds its threads'
 * sums as integers and writes its partial. */
__device__ __forceinline__ void sum_blocks(const float4 *__restrict__ buf, size_t items, float a, float b,
                                           unsigned *__restrict__ partials)
{
    __shared__ unsigned warp_sums[SUM_BLOCK / 32];
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float s = 0.0f;
    float4 cur[SUM_GROUP], nxt[SUM_GROUP];
    load_group<SUM_GROUP>(buf, t, threads, items, cur);
#pragma unroll 1
    for (size_t base = t; base < items; base += SUM_GROUP * threads) {
        load_group<SUM_GROUP>(buf, base + SUM_GROUP * threads, threads, items, nxt);
#pragma unroll
        for (int u = 0; u < SUM_GROUP; u++) {
            float4 v = cur[u];
            float f = (sum_term(v.x, a, b) + sum_term(v.y, a, b)) + (sum_term(v.z, a, b) + sum_term(v.w, a, b));
            s += base + u * threads < items ? f : 0.0f;
            cur[u] = nxt[u];
        }
    }
    unsigned u = __reduce_add_sync(0xffffffffu, (unsigned)s);
    if (threadIdx.x % 32 == 0)
        warp_sums[threadIdx.x / 32] = u;
    __syncthreads();
    if (threadIdx.x < 32) {
        unsigned w = threadIdx.x < blockDim.x / 32 ? warp_sums[threadIdx.x] : 0u;
        w = __reduce_add_sync(0xffffffffu, w);
        if (threadIdx.x == 0)
            partials[blockIdx.x] = w;
    }
}

/* small_grid: the sum of f over 512 MiB of float4 (2^27 floats), f(v) =
 * v + 16 by 16 dependent FFMAs, on 16 blocks of 1024 threads: 16 of the 132
 * SMs work.  The work, 87.6M warp instructions, at 4 a clock on 16 SMs:
 * 0.69 ms (132 / 16 = 8.25 x the 84 us the whole GPU would take).  Second
 * limit DRAM: 0.54 GB, 0.13 ms.  Lift: sum_full_grid.  SASS (sum_blocks):
 * 4 LDG.E.128.CONSTANT and 256 FFMA a trip, REDUX.SUM; 34 registers.
 * Measured: 0.92 ms (the 16 SMs issue about 74% of their slots). */
__global__ void __launch_bounds__(SUM_BLOCK) sum_small_grid(const float4 *__restrict__ buf, size_t items, float a,
                                                           float b, unsigned *__restrict__ partials)
{
    sum_blocks(buf, items, a, b, partials);
}

/* The same sum on one block of 1024 an SM (34 registers: one fits), the
 * grid 132 x 1.  DRAM: 0.54 GB, 0.13 ms; issue 84 us.  Measured: 0.13 ms,
 * DRAM 85% busy, issue 65%. */
__global__ void __launch_bounds__(SUM_BLOCK) sum_full_grid(const float4 *__restrict__ buf, size_t items, float a,
                                                          float b, unsigned *__restrict__ partials)
{
    sum_blocks(buf, items, a, b, partials);
}

/* ==== 9. waves ============================================================ */

#define WAVE_BLOCK 512
#define WAVE_SMEM (120 * 1024) /* dynamic shared memory, unused: one block an SM */
#define WAVE_TAIL 8            /* tail_blocks' grid: SMs + WAVE_TAIL blocks */
#define WAVE_STEPS 140         /* tail_blocks' steps: SMs x this; exact_waves': its grid x this */

/* 8 independent FFMA chains a thread, the even ones climbing by b, the odd
 * ones by 2 b (a = b = 1 at run time): x_k + steps or x_k + 2 steps,
 * exact.  Registers only. */
__device__ __forceinline__ void ladders(int steps, float a, float b, float *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float x[8];
#pragma unroll
    for (int k = 0; k < 8; k++)
        x[k] = (float)((threadIdx.x + k) & 15);
    float b2 = b + b;
#pragma unroll 4
    for (int s = 0; s < steps; s++)
#pragma unroll
        for (int k = 0; k < 8; k++)
            x[k] = fmaf(x[k], a, (k & 1) ? b2 : b);
    out[t] = ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
}

/* waves: blocks of fixed work, one an SM (WAVE_SMEM of dynamic shared
 * memory, unused), SMs + 8 of them: 140 blocks on 132 SMs, 1.06 waves.  A
 * block: 512 threads x 8 FFMA chains x SMs x 140 steps = 75.7M FFMA, 591K
 * clocks at 128 a clock: 0.30 ms; 16 warps keep the SM's 4 schedulers
 * issuing whether its neighbours work or not, so the 8 tail blocks take a
 * whole second wave: 0.60 ms = 2 / 1.06 = 1.89 x the work's time.  Second
 * limit compute.  Lift: exact_waves.  SASS: 32 FFMA a trip (unroll 4);
 * 17 registers.  Measured: 0.70 ms, issue 94% where busy. */
__global__ void __launch_bounds__(WAVE_BLOCK) tail_blocks(int steps, float a, float b, float *__restrict__ out)
{
    ladders(steps, a, b, out);
}

/* The same total work, exactly (SMs x (SMs + 8) x 140 block-steps), in
 * one wave: SMs blocks of (SMs + 8) x 140 steps.  Compute: 0.32 ms.
 * Measured: 0.37 ms, issue 93% busy. */
__global__ void __launch_bounds__(WAVE_BLOCK) exact_waves(int steps, float a, float b, float *__restrict__ out)
{
    ladders(steps, a, b, out);
}

/* ==== 10. latency ========================================================= */

#define CHASE_BLOCK 64
#define CHASE_SMEM (160 * 1024) /* dynamic shared memory, unused: one block an SM */
#define CHASE_CHAINS 8          /* chains a thread */
#define CHASE_HOPS 128          /* loads a chain */

/* Where chain c starts (a bijection of the chain numbers: distinct starts). */
__device__ __host__ __forceinline__ unsigned chase_start(unsigned chain)
{
    return (chain * 2654435761u) & CHAIN_MASK;
}

/* latency: pointer chasing over the 1 GiB chain buffer (next[i] = (i
 * 1103515245 + 12345) mod 2^28, one cycle through all 2^28 words), one
 * block of 64 threads an SM (2 warps; CHASE_SMEM of dynamic shared memory,
 * unused), each thread walking its 8 chains one after the other: 1024
 * dependent 4-byte loads, one in flight.  At about 0.63 us a loaded random
 * DRAM access: 0.65 ms; DRAM is 8448 threads x 1024 sectors = 0.28 GB of
 * sectors, 18% busy.  Second limit latency (the lift's, 8 loads in flight
 * a thread).  Lift: chase_many_chains.  SASS: one LDG.E.CONSTANT a trip,
 * its value the next address; 14 registers.  Measured: 0.64 to 0.66 ms. */
__global__ void __launch_bounds__(CHASE_BLOCK) chase_low_occupancy(const unsigned *next, int hops,
                                                                  uint2 *__restrict__ out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
    for (int c = 0; c < CHASE_CHAINS; c++) {
        unsigned chain = t * CHASE_CHAINS + c;
        unsigned i = chase_start(chain), sum = 0;
#pragma unroll 1
        for (int h = 0; h < hops; h++) {
            i = next[i];
            sum += i;
        }
        out[chain] = make_uint2(i, sum);
    }
}

/* The same 8 chains a thread walked together: 8 loads in flight a
 * thread, the same loads and results.  At the low-occupancy latency: 0.08
 * ms; measured 0.21 to 0.23 ms: with 8 x the loads in flight (67584
 * random sectors) each takes 1.7 us, DRAM 54% busy and the L2's tag stage
 * 52%, no unit saturated: still latency (queueing, and address
 * translation over 1 GiB of random pages).  SASS: 8 LDG.E.CONSTANT before
 * their uses, a trip; 38 registers. */
__global__ void __launch_bounds__(CHASE_BLOCK) chase_many_chains(const unsigned *next, int hops,
                                                                uint2 *__restrict__ out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned i[CHASE_CHAINS], sum[CHASE_CHAINS];
#pragma unroll
    for (int c = 0; c < CHASE_CHAINS; c++) {
        i[c] = chase_start(t * CHASE_CHAINS + c);
        sum[c] = 0;
    }
#pragma unroll 1
    for (int h = 0; h < hops; h++) {
#pragma unroll
        for (int c = 0; c < CHASE_CHAINS; c++)
            i[c] = next[i[c]];
#pragma unroll
        for (int c = 0; c < CHASE_CHAINS; c++)
            sum[c] += i[c];
    }
#pragma unroll
    for (int c = 0; c < CHASE_CHAINS; c++)
        out[t * CHASE_CHAINS + c] = make_uint2(i[c], sum[c]);
}

/* ==== 11. launch overhead ================================================= */

#define TINY_N 4096
#define TINY_BLOCK 256
#define TINY_LAUNCHES 64

/* launch: one launch adds 1 to 4096 floats (16 blocks of 256, from one
 * buffer into the other): microseconds of launch overhead around
 * nanoseconds of work.  The unit is 64 such launches in a row (a line
 * each, step=0..63).  Second limit launch (the fused launch is one launch
 * floor).  SASS: LDG.E.CONSTANT, FADD, STG.E; 10 registers.  Measured:
 * the unit 0.26 to 0.29 ms back to back under events (4.1 to 4.6 us a
 * launch); 151 us in ncu's gpu__time_duration (2.4 us a launch). */
__global__ void __launch_bounds__(TINY_BLOCK) tiny_steps(const float *__restrict__ src, float *__restrict__ dst,
                                                        int n, float one)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = src[i] + one;
}

/* The unit's work in one launch: 64 FADDs of one (1 at run time: no
 * folding) to each of the 4096 floats.  Lands on the launch floor.  SASS:
 * an FADD loop (29 FADD, unrolled); 10 registers.  Measured: 4.7 to 6.4 us
 * under events, 2.6 to 3.0 us in ncu (the unit's speedup: 58 there). */
__global__ void __launch_bounds__(TINY_BLOCK) fused_steps(const float *__restrict__ src, float *__restrict__ dst,
                                                         int n, int steps, float one)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = src[i];
        for (int s = 0; s < steps; s++)
            x += one;
        dst[i] = x;
    }
}

/* ==== 12. GEMM ============================================================ */

#define GEMM_N 2048
#define GF_TILE 128 /* gemm_ffma: a block's tile of C, GF_TILE x GF_TILE */
#define GF_BK 8     /* the k of a shared-memory stage */
#define GF_THREADS 256

/* compute (FP32): C = A B, 2048 x 2048 x 2048, small integers -2..2
 * (every partial sum exact in float).  Blocks of 256 threads, a 128 x 128
 * tile each, k in stages of 8 through double-buffered shared memory (the
 * next stage's global loads in registers during this one's FMAs); a thread
 * 8 x 8 outputs, rows ty*4.. and 64+ty*4.., columns tx*4.. and 64+tx*4.. (the
 * float4 shared loads 1 or 2 wavefronts).  17.2 GFLOP at 128 FFMA a clock
 * an SM: 0.26 ms; shared 57M wavefronts, 0.22 ms.  Second limit (the
 * lift's): l2, not the tensor pipe (see gemm_mma).  Lift: gemm_mma.  SASS:
 * 512 FFMA and 32 LDS.128 a stage; 128 registers (__launch_bounds__(256,
 * 2)).  Measured: 0.40 ms, issue 76% busy, the FMA pipe 68%, the L1 data
 * stage 67%. */
__global__ void __launch_bounds__(GF_THREADS, 2) gemm_ffma(const float *__restrict__ A, const float *__restrict__ B,
                                                          float *__restrict__ C, int n)
{
    __shared__ __align__(16) float As[2][GF_BK][GF_TILE]; /* A's stage, k-major (transposed) */
    __shared__ __align__(16) float Bs[2][GF_BK][GF_TILE];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int bm = blockIdx.y * GF_TILE, bn = blockIdx.x * GF_TILE;
    /* a stage: A's 128 rows x 8 k, B's 8 k x 128 columns, a float4 of each a thread */
    int a_row = tid / 2, a_k = (tid % 2) * 4, b_k = tid / 32, b_col = (tid % 32) * 4;
    const float *a_src = A + (size_t)(bm + a_row) * n + a_k;
    const float *b_src = B + (size_t)b_k * n + bn + b_col;
    float4 a_next = *(const float4 *)a_src, b_next = *(const float4 *)b_src;
    As[0][a_k + 0][a_row] = a_next.x;
    As[0][a_k + 1][a_row] = a_next.y;
    As[0][a_k + 2][a_row] = a_next.z;
    As[0][a_k + 3][a_row] = a_next.w;
    *(float4 *)&Bs[0][b_k][b_col] = b_next;
    __syncthreads();
    /* thread (tx, ty): rows ty*4 + i and 64 + ty*4 + i, columns tx*4 + j and
     * 64 + tx*4 + j of the block's tile (i, j < 4) */
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++)
            acc[i][j] = 0.0f;
    int stages = n / GF_BK;
#pragma unroll 1
    for (int s = 0; s < stages; s++) {
        int cur = s & 1;
        if (s + 1 < stages) {
            a_next = *(const float4 *)(a_src + (size_t)(s + 1) * GF_BK);
            b_next = *(const float4 *)(b_src + (size_t)(s + 1) * GF_BK * n);
        }
#pragma unroll
        for (int k = 0; k < GF_BK; k++) {
            float4 a0 = *(const float4 *)&As[cur][k][ty * 4], a1 = *(const float4 *)&As[cur][k][64 + ty * 4];
            float4 b0 = *(const float4 *)&Bs[cur][k][tx * 4], b1 = *(const float4 *)&Bs[cur][k][64 + tx * 4];
            float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 8; j++)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        if (s + 1 < stages) {
            int nxt = cur ^ 1;
            As[nxt][a_k + 0][a_row] = a_next.x;
            As[nxt][a_k + 1][a_row] = a_next.y;
            As[nxt][a_k + 2][a_row] = a_next.z;
            As[nxt][a_k + 3][a_row] = a_next.w;
            *(float4 *)&Bs[nxt][b_k][b_col] = b_next;
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int row = bm + (i < 4 ? ty * 4 + i : 64 + ty * 4 + i - 4);
        *(float4 *)&C[(size_t)row * n + bn + tx * 4] = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        *(float4 *)&C[(size_t)row * n + bn + 64 + tx * 4] =
            make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
    }
}

/* gemm_mma: a block's tile of C is GM_BM x GM_BN, k GM_BK a shared-memory
 * stage, GM_STAGES stages in flight; a warp computes 64 x 64 of the tile */
#define GM_BM 128
#define GM_BN 128
#define GM_BK 32
#define GM_STAGES 3
#define GM_THREADS ((GM_BM / 64) * (GM_BN / 64) * 32)

/* A stage: A's BM x BK halves, rows padded to BK + 8 (BK = 32: 80 bytes,
 * so that ldmatrix's 8 rows of 16 bytes fall on distinct banks), then B's
 * BK x BN, rows padded to BN + 8 (272 bytes, likewise). */
template <int BM, int BN, int BK>
__host__ __device__ constexpr int mma_stage_halves(void)
{
    return BM * (BK + 8) + BK * (BN + 8);
}

template <int BM, int BN, int BK, int STAGES>
__host__ __device__ constexpr size_t mma_smem_bytes(void)
{
    return (size_t)STAGES * mma_stage_halves<BM, BN, BK>() * 2;
}

/* A 16-byte copy global -> shared that bypasses the registers (and L1). */
__device__ __forceinline__ void copy16_async(void *smem, const void *gmem)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    size_t g = __cvta_generic_to_global(gmem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(g) : "memory");
}

__device__ __forceinline__ void copy_commit(void)
{
    asm volatile("cp.async.commit_group;" ::: "memory");
}

template <int PENDING>
__device__ __forceinline__ void copy_wait(void)
{
    asm volatile("cp.async.wait_group %0;" ::"n"(PENDING) : "memory");
}

template <int BM, int BN, int BK, int STAGES>
__device__ __forceinline__ void mma_tiles(const __half *__restrict__ A, const __half *__restrict__ B,
                                          float *__restrict__ C, int n)
{
    using namespace nvcuda;
    constexpr int LDA = BK + 8, LDB = BN + 8, THREADS = (BM / 64) * (BN / 64) * 32;
    constexpr int HALVES = mma_stage_halves<BM, BN, BK>();
    static_assert((BM * BK / 8) % THREADS == 0 && (BK * BN / 8) % THREADS == 0, "whole chunks a thread");
    extern __shared__ __align__(128) __half mma_smem[]; /* STAGES x (A's stage, then B's) */
    unsigned tid = threadIdx.x, warp = tid / 32;
    unsigned wm = (warp / (BN / 64)) * 64, wn = (warp % (BN / 64)) * 64;
    size_t bm = (size_t)blockIdx.y * BM, bn = (size_t)blockIdx.x * BN;
    int stages = n / BK;
    /* stage s into buffer buf: 16-byte chunks of 8 halves, BK / 8 a row of
     * A, BN / 8 a row of B; one commit group a stage (empty past the last) */
    auto issue = [&](int s, int buf) {
        if (s < stages) {
            __half *as = mma_smem + (size_t)buf * HALVES, *bs = as + BM * LDA;
#pragma unroll
            for (int q = 0; q < (BM * BK / 8) / THREADS; q++) {
                unsigned c = tid + THREADS * q, r = c / (BK / 8), col = (c % (BK / 8)) * 8;
                copy16_async(&as[r * LDA + col], A + (bm + r) * n + (size_t)s * BK + col);
            }
#pragma unroll
            for (int q = 0; q < (BK * BN / 8) / THREADS; q++) {
                unsigned c = tid + THREADS * q, r = c / (BN / 8), col = (c % (BN / 8)) * 8;
                copy16_async(&bs[r * LDB + col], B + ((size_t)s * BK + r) * n + bn + col);
            }
        }
        copy_commit();
    };
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++)
            wmma::fill_fragment(acc[i][j], 0.0f);
#pragma unroll
    for (int s = 0; s < STAGES - 1; s++)
        issue(s, s);
#pragma unroll 1
    for (int s = 0; s < stages; s++) {
        copy_wait<STAGES - 2>(); /* stage s's copies (this thread's) have landed */
        __syncthreads();         /* ... and everyone's; and everyone is done with stage s - 1's buffer */
        issue(s + STAGES - 1, (s + STAGES - 1) % STAGES);
        const __half *as = mma_smem + (size_t)(s % STAGES) * HALVES, *bs = as + BM * LDA;
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a[4];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b[4];
#pragma unroll
            for (int i = 0; i < 4; i++)
                wmma::load_matrix_sync(a[i], &as[(wm + i * 16) * LDA + kk], LDA);
#pragma unroll
            for (int j = 0; j < 4; j++)
                wmma::load_matrix_sync(b[j], &bs[kk * LDB + wn + j * 16], LDB);
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
    }
    copy_wait<0>(); /* nothing left in flight at the exit (the last groups are empty) */
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++)
            wmma::store_matrix_sync(C + (bm + wm + i * 16) * n + bn + wn + j * 16, acc[i][j], n,
                                    wmma::mem_row_major);
}

/* The same product with FP16 inputs (the same integers, exact in half)
 * and FP32 accumulation on the tensor cores: wmma 16 x 16 x 16, which is
 * HMMA.16816 (mma.sync) on sm_90.  Blocks of 4 warps, a 128 x 128 tile, a
 * warp 64 x 64 (16 accumulators); k in stages of 32, 3 in flight through
 * cp.async; fragments by ldmatrix from rows padded to distinct banks.
 * Tensor: 17.2 GFLOP at 2730 FLOP a clock an SM (mma.sync's: 2/3 of
 * wgmma's), 24 us at 1.98 GHz (the clock fell to 1.8 GHz here: 26 us).
 * What holds it is the L2: each block streams a 128-row panel of A and
 * one of B (0.39 GB of L2 traffic in all), and the L2's tag stage is 76%
 * busy while the tensor pipe is 47% busy: lands=l2.  Tiles of 256 x 128
 * (1 block an SM) and 128 x 256, stages of 64, 2 to 4 stages all ran 54
 * to 65 us, the L2 the busiest unit in each profiled.  SASS: 64
 * HMMA.16816.F32, 8 LDSM.16.M88.4, 8 LDSM.16.MT88.4, 8
 * LDGSTS.E.BYPASS.128 a stage; 242 registers, 2 blocks an SM.  Measured:
 * 53 us (about 320 TFLOP/s), 53 to 56 us in ncu. */
__global__ void __launch_bounds__(GM_THREADS) gemm_mma(const __half *__restrict__ A, const __half *__restrict__ B,
                                                      float *__restrict__ C, int n)
{
    mma_tiles<GM_BM, GM_BN, GM_BK, GM_STAGES>(A, B, C, n);
}

/* ==== 13. L2 re-reads ===================================================== */

#define L2_BLOCK 256
#define L2_BLOCKS_PER_SM 8
#define L2_SLICE 1024 /* 16-byte items a block: 16 KiB */
#define L2_PASSES 256 /* a multiple of L2_SLICE / 8 (the host's closed form) */

/* Pass p of thread t reads items (t + 256 r + 8 p) mod L2_SLICE of its
 * block's slice, r < 4: each warp 512 contiguous bytes (two runs where
 * it wraps), a different set each pass. */
#define L2_ITEM(t, r, p) (((t) + L2_BLOCK * (r) + 8 * (p)) & (L2_SLICE - 1))

/* l2: each of SMs x 8 blocks reads its 16 KiB slice of a 17.3 MB buffer
 * (in the L2, not the L1: ld.global.cg) 256 times, a different rotation
 * each pass, and adds it up: 4.43 GB through the L2, 0.43 to 0.53 ms at 8
 * to 10 TB/s.  Second limit shared (the lift's): 0.13 ms.  Lift:
 * l2_staged.  SASS: 12 LDG.E.128.STRONG.GPU and 48 FFMA in the loop
 * (unroll 2, and the rest); 32 registers, 8 blocks an SM.  Measured: 0.51
 * ms, the L2's output to the crossbar 84% busy (8.3 TB/s). */
__global__ void __launch_bounds__(L2_BLOCK, L2_BLOCKS_PER_SM) l2_reread(const float4 *__restrict__ buf, int passes,
                                                                       float a, float *__restrict__ out)
{
    const float4 *slice = buf + (size_t)blockIdx.x * L2_SLICE;
    unsigned t = threadIdx.x;
    float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
#pragma unroll 2
    for (int p = 0; p < passes; p++)
#pragma unroll
        for (int r = 0; r < 4; r++) {
            float4 v = __ldcg(&slice[L2_ITEM(t, r, p)]);
            s0 = fmaf(v.x, a, s0);
            s1 = fmaf(v.y, a, s1);
            s2 = fmaf(v.z, a, s2);
            s3 = fmaf(v.w, a, s3);
        }
    out[(size_t)blockIdx.x * blockDim.x + t] = (s0 + s1) + (s2 + s3);
}

/* The same sums: the slice read once into shared memory, then re-read
 * from there, the same rotations, the same FFMAs on the same values.
 * Shared: 4.43 GB in 128-byte wavefronts, 34.6M, 262K a SM: 0.13 ms;
 * issue about 0.07 ms.  SASS: 4 LDG.E.128.STRONG.GPU and STS.128 once, 12
 * LDS.128 and 48 FFMA in the loop; 32 registers.  Measured: 0.14 ms, the
 * L1 data stage 95% busy. */
__global__ void __launch_bounds__(L2_BLOCK, L2_BLOCKS_PER_SM) l2_staged(const float4 *__restrict__ buf, int passes,
                                                                       float a, float *__restrict__ out)
{
    __shared__ float4 stage[L2_SLICE];
    const float4 *slice = buf + (size_t)blockIdx.x * L2_SLICE;
    unsigned t = threadIdx.x;
#pragma unroll
    for (int r = 0; r < 4; r++)
        stage[t + L2_BLOCK * r] = __ldcg(&slice[t + L2_BLOCK * r]);
    __syncthreads();
    float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
#pragma unroll 2
    for (int p = 0; p < passes; p++)
#pragma unroll
        for (int r = 0; r < 4; r++) {
            float4 v = stage[L2_ITEM(t, r, p)];
            s0 = fmaf(v.x, a, s0);
            s1 = fmaf(v.y, a, s1);
            s2 = fmaf(v.z, a, s2);
            s3 = fmaf(v.w, a, s3);
        }
    out[(size_t)blockIdx.x * blockDim.x + t] = (s0 + s1) + (s2 + s3);
}

/* ==== 14. copies ========================================================== */

#define COPY_ELEMENTS BIG_FLOATS /* 2^28: 1 GiB as float, 512 MiB as half */

/* dram: out = 2 x in over 2^28 floats (1 GiB each way): 2.15 GB, 0.51
 * ms at 4.2 TB/s.  Second limit DRAM (the lift's half of the bytes).  Lift:
 * copy_fp16 (work_ratio 1: the same elements).  SASS: 4
 * LDG.E.128.CONSTANT, 16 FMUL, 4 STG.E.128 a trip; 22 registers.
 * Measured: 0.53 to 0.55 ms, DRAM 83% busy. */
__global__ void __launch_bounds__(256) copy_fp32(const float4 *__restrict__ in, size_t items, float scale,
                                                 float4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
#pragma unroll 4
    for (size_t i = t; i < items; i += threads) {
        float4 v = in[i];
        out[i] = make_float4(v.x * scale, v.y * scale, v.z * scale, v.w * scale);
    }
}

__device__ __forceinline__ unsigned scale_half2(unsigned w, __half2 scale)
{
    __half2 h;
    std::memcpy(&h, &w, sizeof h);
    h = __hmul2(h, scale);
    std::memcpy(&w, &h, sizeof w);
    return w;
}

/* The same 2^28 elements as halves (0..7 and their doubles, exact): 1.07
 * GB, 0.26 ms.  SASS: 4 LDG.E.128.CONSTANT, 4 STG.E.128 a trip, HMUL2 (and
 * HFMA2.MMA, ptxas's choice of pipe for half of the multiplies); 22
 * registers.  Measured: 0.27 to 0.28 ms, DRAM 82% busy. */
__global__ void __launch_bounds__(256) copy_fp16(const uint4 *__restrict__ in, size_t items, __half2 scale,
                                                 uint4 *__restrict__ out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
#pragma unroll 4
    for (size_t i = t; i < items; i += threads) {
        uint4 v = in[i];
        out[i] = make_uint4(scale_half2(v.x, scale), scale_half2(v.y, scale), scale_half2(v.z, scale),
                            scale_half2(v.w, scale));
    }
}

/* ==== 15. divergence ====================================================== */

#define BRANCH_BLOCK 256
#define BRANCH_BLOCKS_PER_SM 8
#define BRANCH_STEPS 4096

/* Item v's two paths, each BRANCH_STEPS steps of 8 FFMAs on 8 chains
 * from (v >> k) & 7: the even items' path climbs (x a + b), the odd
 * items' falls (x b - a; a = b = 1 at run time), with the chains
 * summed in a different order, so that the compiler keeps two loops. */
__device__ __forceinline__ float path_climb(unsigned v, int steps, float a, float b)
{
    float x[8];
#pragma unroll
    for (int k = 0; k < 8; k++)
        x[k] = (float)((v >> k) & 7);
#pragma unroll 2
    for (int s = 0; s < steps; s++)
#pragma unroll
        for (int k = 0; k < 8; k++)
            x[k] = fmaf(x[k], a, b);
    return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
}

__device__ __forceinline__ float path_fall(unsigned v, int steps, float a, float b)
{
    float x[8];
#pragma unroll
    for (int k = 0; k < 8; k++)
        x[k] = (float)((v >> k) & 7);
    float na = -a;
#pragma unroll 2
    for (int s = 0; s < steps; s++)
#pragma unroll
        for (int k = 0; k < 8; k++)
            x[k] = fmaf(x[k], b, na);
    return ((x[7] + x[6]) + (x[5] + x[4])) + ((x[3] + x[2]) + (x[1] + x[0]));
}

/* issue: the odd and even lanes of every warp take different paths, each
 * 4096 steps of 8 FFMAs: every warp issues both, half its lanes idle in
 * each.  SMs x 2048 threads: 658M warp instructions at 4 a clock an SM:
 * 0.63 ms, while the FP32 lanes' work would take half that.  Second limit
 * compute.  Lift: branch_uniform.  SASS: two loops of 16 FFMA a trip
 * (unroll 2); 15 registers.  Measured: 0.64 ms, issue 98% busy. */
__global__ void __launch_bounds__(BRANCH_BLOCK) branch_divergent(int steps, float a, float b,
                                                                float *__restrict__ out)
{
    unsigned item = blockIdx.x * blockDim.x + threadIdx.x; /* odd and even lanes: both paths in every warp */
    out[item] = (item & 1) ? path_fall(item, steps, a, b) : path_climb(item, steps, a, b);
}

/* The same items, the same paths, the same outputs, assigned so that each
 * warp takes one path: warps 2p and 2p + 1 take the even and the odd
 * items of 64p..64p+63.  Compute: 0.31 ms.  Measured: 0.33 ms, issue 96%
 * busy. */
__global__ void __launch_bounds__(BRANCH_BLOCK) branch_uniform(int steps, float a, float b, float *__restrict__ out)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned warp = t / 32, lane = t % 32;
    /* warps 2p and 2p + 1 take items 64p..64p+63, the even ones and the odd ones */
    unsigned item = 64 * (warp / 2) + 2 * lane + (warp & 1);
    out[item] = (item & 1) ? path_fall(item, steps, a, b) : path_climb(item, steps, a, b);
}

/* ==== 16. scattered stores ================================================ */

#define STORE_BLOCK 1024
#define STORE_WORDS ((size_t)1 << 26) /* 256 MiB */

/* l2 (its input, as transpose_naive): each warp writes 32 words 128 bytes
 * apart (lane l row l, warp w column w of a 32 x 32 tile; the tile's 32
 * warps fill it): 2^26 words, 2M warp stores x 32 partial-sector writes =
 * 67M write requests; L1 0.26 ms at a wavefront a clock, the L2's input
 * about 1.1 ms (as measured).  Second limit DRAM: 256 MiB, 64 us.  Lift:
 * stores_coalesced.  SASS: 4 STG.E a trip; 13 registers.  Measured: 1.10
 * to 1.13 ms, the xbar-to-L2 input 74% busy. */
__global__ void __launch_bounds__(STORE_BLOCK, 2) stores_scattered(unsigned *__restrict__ out, size_t tiles,
                                                                   unsigned key)
{
    unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    size_t offset = lane * 32 + warp; /* 128 bytes between lanes */
#pragma unroll 4
    for (size_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        size_t i = tile * TILE_FLOATS + offset;
        out[i] = (unsigned)i * key;
    }
}

/* The same words to the same addresses, lane l at word w * 32 + l: 128
 * bytes a warp store.  DRAM: 256 MiB, 64 us.  SASS as stores_scattered;
 * 13 registers.  Measured: 68 to 70 us, DRAM 74% busy (the L2's input 77%:
 * for writes the two are close). */
__global__ void __launch_bounds__(STORE_BLOCK, 2) stores_coalesced(unsigned *__restrict__ out, size_t tiles,
                                                                   unsigned key)
{
    size_t offset = threadIdx.x; /* 4 bytes between lanes */
#pragma unroll 4
    for (size_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
        size_t i = tile * TILE_FLOATS + offset;
        out[i] = (unsigned)i * key;
    }
}

/* ---- host side: launch twice, verify, record ---------------------------- */

static int sm_count;
static int failures;
static std::vector<std::string> lines; /* line n: launch ID n */

/* What --time repeats: each measured launch (or unit of launches). */
struct timed {
    std::string name;
    std::function<void()> launch;
};
static std::vector<timed> timers;

/* What a verification found. */
struct verdict {
    size_t checked = 0, bad = 0;
    std::string first; /* the first wrong value, in words */
    std::string note;  /* added to the ok line (an error bound) */
};

template <typename F>
static int blocks_per_sm(F func, int block, size_t smem)
{
    int blocks = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, func, block, smem));
    if (blocks < 1) {
        std::fprintf(stderr, "lifts: a block of %d threads with %zu bytes of dynamic shared memory fits no SM\n",
                     block, smem);
        std::exit(1);
    }
    return blocks;
}

/* What a launch is and what the binary says of it. */
template <typename F>
static std::string config_text(F func, long long grid, int block, size_t smem)
{
    cudaFuncAttributes attr;
    CHECK(cudaFuncGetAttributes(&attr, func));
    char text[160];
    std::snprintf(text, sizeof text, " grid=%lld block=%d dynamic_smem_bytes=%zu registers=%d blocks_per_sm=%d", grid,
                  block, smem, attr.numRegs, blocks_per_sm(func, block, smem));
    return text;
}

/* A region to fill with 0xff bytes before each launch. */
struct region {
    void *ptr;
    size_t bytes;
};

static void report(const char *name, const char *what, int id, const verdict &v, float ms)
{
    if (v.bad) {
        std::printf("lifts: %s (%s, launch %d): FAILED, %zu of %zu values wrong; the first: %s\n", name, what, id,
                    v.bad, v.checked, v.first.c_str());
        failures++;
    } else {
        std::printf("lifts: %s (%s, launch %d): ok, %zu values verified%s, %.3f ms\n", name, what, id, v.checked,
                    v.note.c_str(), ms);
    }
}

/* false with --once: each kernel launched once, without its warm-up */
static bool warm_ups = true;

/* Launches `launch` twice, the warm-up and the launch the test reads (only
 * the latter with --once), each
 * after filling the poison regions with 0xff bytes (and running `reset`,
 * for an accumulator that must start from zero), and verifies each with
 * `verify`.  The lines: "warmup NAME launch=N", then "KIND NAME launch=N"
 * + tail + the configuration.  Records the launch for --time.  Returns the
 * second launch's ID. */
template <typename F, typename L, typename V>
static int twice(const char *kind, const char *name, F func, long long grid, int block, size_t smem, L launch,
                 std::vector<region> poison, V verify, const std::string &tail,
                 std::function<void()> reset = nullptr)
{
    int id = -1;
    for (int pass = warm_ups ? 0 : 1; pass < 2; pass++) {
        for (const region &r : poison)
            CHECK(cudaMemset(r.ptr, 0xff, r.bytes));
        if (reset)
            reset();
        cudaEvent_t start, stop;
        CHECK(cudaEventCreate(&start));
        CHECK(cudaEventCreate(&stop));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(start));
        launch();
        CHECK(cudaEventRecord(stop));
        CHECK_LAUNCH(name);
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        CHECK(cudaEventDestroy(start));
        CHECK(cudaEventDestroy(stop));
        verdict v = verify();
        id = (int)lines.size();
        if (pass == 0)
            lines.push_back(std::string("warmup ") + name + " launch=" + std::to_string(id));
        else
            lines.push_back(std::string(kind) + " " + name + " launch=" + std::to_string(id) + tail +
                            config_text(func, grid, block, smem));
        report(name, pass == 0 ? "warm-up" : kind, id, v, ms);
    }
    timers.push_back({name, std::function<void()>(launch)});
    return id;
}

static std::string designed(const char *key, const char *second)
{
    return std::string(" designed=") + key + " second=" + second;
}

static std::string variant_of(int of, double work_ratio, const char *lands)
{
    char text[96];
    std::snprintf(text, sizeof text, " of=%d work_ratio=%.6g lands=%s", of, work_ratio, lands);
    return text;
}

/* ---- checking outputs ---------------------------------------------------- */

static uint32_t bits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

static float from_bits(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t *host_got;        /* pinned: where outputs come back */
static size_t host_got_bytes;     /* its size */

/* Copies n 32-bit words of the device's d back into host_got. */
static const uint32_t *fetch_words(const void *d, size_t n)
{
    if (n * sizeof(uint32_t) > host_got_bytes) {
        std::fprintf(stderr, "lifts: %zu words do not fit the %zu bytes of host_got\n", n, host_got_bytes);
        std::exit(1);
    }
    CHECK(cudaMemcpy(host_got, d, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    return host_got;
}

static std::string word_text(size_t i, uint32_t got, uint32_t want)
{
    char text[160];
    std::snprintf(text, sizeof text, "[%zu] is 0x%08x (%g as float), not 0x%08x (%g)", i, got, (double)from_bits(got),
                  want, (double)from_bits(want));
    return text;
}

/* Every one of n words of d against want(i). */
template <typename W>
static verdict check_words(const void *d, size_t n, W want)
{
    const uint32_t *got = fetch_words(d, n);
    verdict v;
    v.checked = n;
    for (size_t i = 0; i < n; i++) {
        uint32_t w = want(i);
        if (got[i] != w && v.bad++ == 0)
            v.first = word_text(i, got[i], w);
    }
    return v;
}

/* ---- the data ----------------------------------------------------------- */

/* Small integers 0..7 by a hash of the index: every sum of the app stays an
 * exact integer in float. */
static inline float small_at(size_t i)
{
    uint32_t h = (uint32_t)i * 0x9E3779B1u;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    return (float)(h >> 29);
}

/* The chain buffer's word i: the successor of index i. */
static inline uint32_t chain_at(size_t i)
{
    return ((uint32_t)i * CHAIN_MUL + CHAIN_ADD) & CHAIN_MASK;
}

struct buffers {
    std::vector<float> big;      /* the float buffer, host copy */
    float *d_big = nullptr;      /* BIG_FLOATS floats 0..7 */
    unsigned *d_chain = nullptr; /* CHAIN_WORDS words: next[i] = chain_at(i) */
    float *d_out = nullptr;      /* OUT_BYTES of output */
};

static std::vector<void *> allocations; /* freed at the end */

template <typename T>
static T *device_alloc(size_t count)
{
    T *d = nullptr;
    CHECK(cudaMalloc((void **)&d, count * sizeof(T)));
    allocations.push_back(d);
    return d;
}

template <typename T>
static T *device_copy(const T *host, size_t count)
{
    T *d = device_alloc<T>(count);
    CHECK(cudaMemcpy(d, host, count * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

static float item_sum(const buffers &b, size_t item)
{
    const float *p = &b.big[4 * item];
    return (p[0] + p[1]) + (p[2] + p[3]);
}

/* ---- each pair ---------------------------------------------------------- */

static void run_floor(buffers &b)
{
    twice("floor", "floor_empty", floor_empty, 1, 32, 0, [=] { floor_empty<<<1, 32>>>(); }, {},
          [] { return verdict(); }, "");
    int *out = (int *)b.d_out;
    twice("floor", "one_block", one_block, 1, 32, 0, [=] { one_block<<<1, 32>>>(out); }, {{out, 32 * sizeof(int)}},
          [=] { return check_words(out, 32, [](size_t i) { return (uint32_t)(3 * i + 1); }); }, "");
}

static void run_gather(buffers &b)
{
    int grid = sm_count * blocks_per_sm(gather_strided, GATHER_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(gather_coalesced, GATHER_BLOCK, 0);
    size_t threads = (size_t)grid * GATHER_BLOCK, v_threads = (size_t)v_grid * GATHER_BLOCK;
    size_t tiles = BIG_FLOATS / TILE_FLOATS;
    /* gather_strided: block tile % grid's thread (e % 32) * 32 + e / 32 reads
     * the tile's float e */
    std::vector<uint32_t> sums(threads, 0);
    for (size_t tile = 0; tile < tiles; tile++) {
        uint32_t *s = &sums[(tile % grid) * GATHER_BLOCK];
        const float *p = &b.big[tile * TILE_FLOATS];
        for (unsigned e = 0; e < TILE_FLOATS; e++)
            s[(e % 32) * 32 + e / 32] += (uint32_t)p[e];
    }
    std::vector<uint32_t> want(threads);
    for (size_t t = 0; t < threads; t++)
        want[t] = bits((float)sums[t]);
    const float *buf = b.d_big;
    float *out = b.d_out;
    int k = twice("limit", "gather_strided", gather_strided, grid, GATHER_BLOCK, 0,
                  [=] { gather_strided<<<grid, GATHER_BLOCK>>>(buf, tiles, out); }, {{out, threads * 4}},
                  [&] { return check_words(out, threads, [&](size_t i) { return want[i]; }); },
                  designed("l1", "dram"));

    sums.assign(v_threads, 0);
    for (size_t i = 0, t = 0; i < BIG_ITEMS; i++) {
        sums[t] += (uint32_t)item_sum(b, i);
        if (++t == v_threads)
            t = 0;
    }
    want.resize(v_threads);
    for (size_t t = 0; t < v_threads; t++)
        want[t] = bits((float)sums[t]);
    const float4 *items = (const float4 *)b.d_big;
    twice("variant", "gather_coalesced", gather_coalesced, v_grid, GATHER_BLOCK, 0,
          [=] { gather_coalesced<<<v_grid, GATHER_BLOCK>>>(items, BIG_ITEMS, out); }, {{out, v_threads * 4}},
          [&] { return check_words(out, v_threads, [&](size_t i) { return want[i]; }); },
          variant_of(k, 1, "dram"));
}

static void run_transposes(buffers &b)
{
    const int n = TRANSPOSE_N;
    size_t count = (size_t)n * n;
    /* exact floats up to 2^24 by a hash of the index (misplaced values
     * show) */
    std::vector<float> in(count), want(count);
    for (size_t i = 0; i < count; i++) {
        uint32_t h = (uint32_t)i * 0x2545F491u;
        h ^= h >> 13;
        in[i] = (float)(h & 0xFFFFFFu);
    }
    for (int by = 0; by < n; by += TT)
        for (int bx = 0; bx < n; bx += TT)
            for (int y = by; y < by + TT; y++)
                for (int x = bx; x < bx + TT; x++)
                    want[(size_t)x * n + y] = in[(size_t)y * n + x];
    float *d_in = device_copy(in.data(), count);
    in.clear();
    in.shrink_to_fit();
    float *out = b.d_out;
    auto verify = [&] { return check_words(out, count, [&](size_t i) { return bits(want[i]); }); };
    dim3 grid(n / TT, n / TT), block(TT, TROWS);
    long long blocks = (long long)grid.x * grid.y;
    int k = twice("limit", "transpose_naive", transpose_naive, blocks, TT * TROWS, 0,
                  [=] { transpose_naive<<<grid, block>>>(d_in, out, n); }, {{out, count * 4}}, verify,
                  designed("l2", "dram"));
    twice("variant", "transpose_tile", transpose_tile, blocks, TT * TROWS, 0,
          [=] { transpose_tile<<<grid, block>>>(d_in, out, n); }, {{out, count * 4}}, verify,
          variant_of(k, 1, "dram"));
    k = twice("limit", "transpose_tile_conflicted", transpose_tile_conflicted, blocks, TT * TROWS, 0,
              [=] { transpose_tile_conflicted<<<grid, block>>>(d_in, out, n); }, {{out, count * 4}}, verify,
              designed("bank_conflicts", "dram"));
    twice("variant", "transpose_tile_swizzled", transpose_tile_swizzled, blocks, TT * TROWS, 0,
          [=] { transpose_tile_swizzled<<<grid, block>>>(d_in, out, n); }, {{out, count * 4}}, verify,
          variant_of(k, 1, "dram"));
    /* d_in stays: --time launches these again */
}

static void run_histogram(buffers &b)
{
    static_assert((HIST_REPLICAS & (HIST_REPLICAS - 1)) == 0, "HIST_REPLICAS must be a power of two");
    int grid = sm_count * blocks_per_sm(histogram_global_atomic, 256, 0);
    int v_grid = sm_count * blocks_per_sm(histogram_block_private, 256, 0);
    size_t items = HIST_KEYS / 4;
    size_t threads = (size_t)grid * 256, v_threads = (size_t)v_grid * 256;
    if ((items + v_threads - 1) / v_threads * 4 >= 65536) {
        std::fprintf(stderr, "lifts: histogram_block_private's 16-bit counts would overflow\n");
        std::exit(1);
    }
    /* Each counter exactly: key i is in 16-byte item i / 4, which thread
     * (item mod threads) reads; histogram_global_atomic adds it to its
     * warp's copy, histogram_block_private to its block's. */
    std::vector<uint32_t> want(HIST_WORDS, 0), v_want(HIST_WORDS, 0);
    uint32_t total[HIST_BINS] = {0, 0, 0, 0};
    for (size_t i = 0; i < HIST_KEYS; i++) {
        unsigned bin = hist_bin(chain_at(i));
        size_t item = i / 4;
        size_t warp = (item % threads) / 32, block = (item % v_threads) / 256;
        want[((warp & (HIST_REPLICAS - 1)) * HIST_BINS + bin) * HIST_STRIDE]++;
        v_want[((block & (HIST_REPLICAS - 1)) * HIST_BINS + bin) * HIST_STRIDE]++;
        total[bin]++;
    }
    std::printf("lifts: histogram of %zu keys: %u %u %u %u\n", (size_t)HIST_KEYS, total[0], total[1], total[2],
                total[3]);
    unsigned *counts = (unsigned *)b.d_out;
    const unsigned replica_mask = HIST_REPLICAS - 1;
    /* The counters are accumulators: zeroed (not poisoned) before each
     * launch; the words between them must stay 0. */
    auto reset = [=] { CHECK(cudaMemset(counts, 0, HIST_WORDS * sizeof(unsigned))); };
    const uint4 *keys = (const uint4 *)b.d_chain;
    int k = twice("limit", "histogram_global_atomic", histogram_global_atomic, grid, 256, 0,
                  [=] { histogram_global_atomic<<<grid, 256>>>(keys, items, replica_mask, counts); }, {},
                  [&] { return check_words(counts, HIST_WORDS, [&](size_t i) { return want[i]; }); },
                  designed("l2", "dram"), reset);
    twice("variant", "histogram_block_private", histogram_block_private, v_grid, 256, 0,
          [=] { histogram_block_private<<<v_grid, 256>>>(keys, items, replica_mask, counts); }, {},
          [&] { return check_words(counts, HIST_WORDS, [&](size_t i) { return v_want[i]; }); },
          variant_of(k, 1, "dram"), reset);
}

static void run_poly(buffers &b)
{
    double c64[POLY_DEGREE + 1];
    float c32[POLY_DEGREE + 1];
    for (int k = 0; k <= POLY_DEGREE; k++) {
        c64[k] = poly_coef(k);
        c32[k] = (float)c64[k];
    }
    /* The value at each of the 8 inputs, by the same operations in the same
     * order (fma and fmaf are correctly rounded on the host as on the GPU):
     * every output must match it bit for bit. */
    uint32_t w64[8][2], w32[8];
    for (int v = 0; v < 8; v++) {
        float xf = std::fmaf((float)v, 0.25f, -0.875f);
        double x = xf, p = c64[POLY_DEGREE];
        float q = c32[POLY_DEGREE];
        for (int k = POLY_DEGREE - 1; k >= 0; k--) {
            p = std::fma(p, x, c64[k]);
            q = std::fmaf(q, xf, c32[k]);
        }
        std::memcpy(w64[v], &p, sizeof p);
        w32[v] = bits(q);
        std::printf("lifts: poly(%g) = %.17g (fp64), %.9g (fp32)\n", (double)xf, p, (double)q);
    }
    int grid = sm_count * blocks_per_sm(poly_fp64, 256, 0);
    int v_grid = sm_count * blocks_per_sm(poly_fp32, 256, 0);
    const float *xs = b.d_big, *big = b.big.data();
    double *out64 = (double *)b.d_out;
    float *out32 = b.d_out;
    int k = twice("limit", "poly_fp64", poly_fp64, grid, 256, 0,
                  [=] { poly_fp64<<<grid, 256>>>(xs, POLY_ELEMENTS, out64); }, {{out64, POLY_ELEMENTS * 8}},
                  [&] {
                      return check_words(out64, 2 * POLY_ELEMENTS,
                                         [&](size_t i) { return w64[(int)big[i / 2]][i % 2]; });
                  },
                  designed("compute", "compute"));
    twice("variant", "poly_fp32", poly_fp32, v_grid, 256, 0,
          [=] { poly_fp32<<<v_grid, 256>>>(xs, POLY_ELEMENTS, out32); }, {{out32, POLY_ELEMENTS * 4}},
          [&] { return check_words(out32, POLY_ELEMENTS, [&](size_t i) { return w32[(int)big[i]]; }); },
          variant_of(k, 1, "compute"));
}

static void run_divmod(buffers &b)
{
    static_assert(DIVMOD_STEPS == 8, "the closed form is for 8 steps");
    const unsigned d = 16, m = 1u << 28, shift = 4, mask = 15;
    /* Eight steps rotate a word once through its eight hex digits, back to
     * itself: the result is their sum.  The closed form against the steps
     * themselves, on a sample. */
    std::vector<uint8_t> digits(65536);
    for (uint32_t i = 0; i < 65536; i++)
        digits[i] = (uint8_t)((i & 15) + ((i >> 4) & 15) + ((i >> 8) & 15) + (i >> 12));
    auto closed = [&](uint32_t x) { return (uint32_t)digits[x & 0xffffu] + digits[x >> 16]; };
    for (size_t i = 0; i < ((size_t)1 << 20); i++) {
        uint32_t x = chain_at(i * 251), x0 = x, acc = 0;
        for (int s = 0; s < DIVMOD_STEPS; s++) {
            uint32_t q = x / d, r = x % d;
            acc += r;
            x = q + r * m;
        }
        if (acc != closed(x0) || x != x0) {
            std::fprintf(stderr, "lifts: the digit sums' closed form is wrong for 0x%08x\n", x0);
            std::exit(1);
        }
    }
    int grid = sm_count * blocks_per_sm(divmod_runtime, 256, 0);
    int v_grid = sm_count * blocks_per_sm(divmod_shift, 256, 0);
    const uint4 *words = (const uint4 *)b.d_chain;
    uint4 *out = (uint4 *)b.d_out;
    size_t items = DIVMOD_WORDS / 4;
    auto verify = [&] { return check_words(out, DIVMOD_WORDS, [&](size_t i) { return closed(chain_at(i)); }); };
    int k = twice("limit", "divmod_runtime", divmod_runtime, grid, 256, 0,
                  [=] { divmod_runtime<<<grid, 256>>>(words, items, d, m, out); }, {{out, DIVMOD_WORDS * 4}}, verify,
                  designed("pipe", "dram"));
    twice("variant", "divmod_shift", divmod_shift, v_grid, 256, 0,
          [=] { divmod_shift<<<v_grid, 256>>>(words, items, shift, mask, out); }, {{out, DIVMOD_WORDS * 4}},
          verify, variant_of(k, 1, "dram"));
}

static void run_exp(buffers &b)
{
    /* The value for each of the 8 inputs in double (each device result has
     * its own rounding: a relative tolerance, and the largest error seen). */
    double want[8];
    for (int v = 0; v < 8; v++) {
        float t0 = std::fmaf((float)v, 0.125f, 0.5f);
        double s = 0.0;
        for (int k = 0; k < EXP_TERMS; k++) {
            double t = (double)std::fmaf((float)k, 0.015625f, t0);
            s += (std::exp(-t) + std::log(t)) + std::sin(t);
        }
        want[v] = s;
    }
    const float *big = b.big.data();
    float *out = b.d_out;
    auto verify = [&](double tolerance) {
        const uint32_t *got = fetch_words(out, EXP_ELEMENTS);
        verdict v;
        v.checked = EXP_ELEMENTS;
        double worst = 0.0;
        for (size_t i = 0; i < EXP_ELEMENTS; i++) {
            double w = want[(int)big[i]], g = from_bits(got[i]);
            double error = std::fabs(g - w) / std::fabs(w);
            if (!(error <= tolerance)) {
                if (v.bad++ == 0) {
                    char text[160];
                    std::snprintf(text, sizeof text, "[%zu] is %.9g, not %.9g within %g", i, g, w, tolerance);
                    v.first = text;
                }
            } else if (error > worst) {
                worst = error;
            }
        }
        char text[128];
        std::snprintf(text, sizeof text, " (max relative error %.3g, tolerance %g)", worst, tolerance);
        v.note = text;
        return v;
    };
    int grid = sm_count * blocks_per_sm(exp_accurate, 256, 0);
    int v_grid = sm_count * blocks_per_sm(exp_intrinsic, 256, 0);
    const float4 *xs = (const float4 *)b.d_big;
    float4 *out4 = (float4 *)out;
    size_t items = EXP_ELEMENTS / 4;
    int k = twice("limit", "exp_accurate", exp_accurate, grid, 256, 0,
                  [=] { exp_accurate<<<grid, 256>>>(xs, items, out4); }, {{out, EXP_ELEMENTS * 4}},
                  [&] { return verify(1e-5); }, designed("issue", "pipe"));
    twice("variant", "exp_intrinsic", exp_intrinsic, v_grid, 256, 0,
          [=] { exp_intrinsic<<<v_grid, 256>>>(xs, items, out4); }, {{out, EXP_ELEMENTS * 4}},
          [&] { return verify(1e-3); }, variant_of(k, 1, "pipe"));
}

/* Each block's partial of sum_blocks: thread t's items t, t + threads, ... */
static std::vector<uint32_t> sum_partials(const buffers &b, int grid)
{
    size_t threads = (size_t)grid * SUM_BLOCK;
    std::vector<uint32_t> thread_sum(threads, 0), partial(grid, 0);
    for (size_t i = 0, t = 0; i < SUM_ITEMS; i++) {
        thread_sum[t] += (uint32_t)item_sum(b, i) + 4 * SUM_CHAIN;
        if (++t == threads)
            t = 0;
    }
    for (size_t t = 0; t < threads; t++) {
        if (thread_sum[t] >= (1u << 24)) {
            std::fprintf(stderr, "lifts: a thread's sum (%u) is not exact in float\n", thread_sum[t]);
            std::exit(1);
        }
        partial[t / SUM_BLOCK] += thread_sum[t];
    }
    return partial;
}

static void run_sum(buffers &b)
{
    int grid = SUM_SMALL_GRID;
    int v_grid = sm_count * blocks_per_sm(sum_full_grid, SUM_BLOCK, 0);
    std::vector<uint32_t> want = sum_partials(b, grid), v_want = sum_partials(b, v_grid);
    uint64_t total = 0, v_total = 0;
    for (uint32_t p : want)
        total += p;
    for (uint32_t p : v_want)
        v_total += p;
    if (total != v_total) {
        std::fprintf(stderr, "lifts: the two partitions of the sum disagree\n");
        std::exit(1);
    }
    std::printf("lifts: the sum: %llu\n", (unsigned long long)total);
    const float4 *buf = (const float4 *)b.d_big;
    unsigned *out = (unsigned *)b.d_out;
    int k = twice("limit", "sum_small_grid", sum_small_grid, grid, SUM_BLOCK, 0,
                  [=] { sum_small_grid<<<grid, SUM_BLOCK>>>(buf, SUM_ITEMS, 1.0f, 1.0f, out); },
                  {{out, grid * sizeof(unsigned)}},
                  [&] { return check_words(out, grid, [&](size_t i) { return want[i]; }); },
                  designed("small_grid", "dram"));
    twice("variant", "sum_full_grid", sum_full_grid, v_grid, SUM_BLOCK, 0,
          [=] { sum_full_grid<<<v_grid, SUM_BLOCK>>>(buf, SUM_ITEMS, 1.0f, 1.0f, out); },
          {{out, v_grid * sizeof(unsigned)}},
          [&] { return check_words(out, v_grid, [&](size_t i) { return v_want[i]; }); },
          variant_of(k, 1, "dram"));
}

/* What ladders() writes: thread t's chains from (threadIdx + k) & 15, the
 * even ones + steps, the odd ones + 2 steps. */
static verdict ladders_check(float *out, size_t threads, int steps)
{
    return check_words(out, threads, [=](size_t t) {
        float sum = 0.0f;
        for (int k = 0; k < 8; k++)
            sum += (float)(((t % WAVE_BLOCK) + k) & 15) + (float)((k & 1) ? 2 * steps : steps);
        return bits(sum);
    });
}

static void run_waves(buffers &b)
{
    size_t smem = WAVE_SMEM;
    CHECK(cudaFuncSetAttribute(tail_blocks, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute(exact_waves, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (blocks_per_sm(tail_blocks, WAVE_BLOCK, smem) != 1 || blocks_per_sm(exact_waves, WAVE_BLOCK, smem) != 1) {
        std::fprintf(stderr, "lifts: tail_blocks or exact_waves fits more than the one block an SM it is built for\n");
        std::exit(1);
    }
    /* tail_blocks: SMs + 8 blocks of SMs x WAVE_STEPS steps; exact_waves: SMs
     * blocks of (SMs + 8) x WAVE_STEPS: the same total, exactly. */
    int grid = sm_count + WAVE_TAIL, v_grid = sm_count;
    int steps = sm_count * WAVE_STEPS, v_steps = grid * WAVE_STEPS;
    float *out = b.d_out;
    size_t threads = (size_t)grid * WAVE_BLOCK, v_threads = (size_t)v_grid * WAVE_BLOCK;
    int k = twice("limit", "tail_blocks", tail_blocks, grid, WAVE_BLOCK, smem,
                  [=] { tail_blocks<<<grid, WAVE_BLOCK, smem>>>(steps, 1.0f, 1.0f, out); }, {{out, threads * 4}},
                  [&] { return ladders_check(out, threads, steps); }, designed("waves", "compute"));
    twice("variant", "exact_waves", exact_waves, v_grid, WAVE_BLOCK, smem,
          [=] { exact_waves<<<v_grid, WAVE_BLOCK, smem>>>(v_steps, 1.0f, 1.0f, out); }, {{out, v_threads * 4}},
          [&] { return ladders_check(out, v_threads, v_steps); },
          variant_of(k, (double)v_grid * v_steps / ((double)grid * steps), "compute"));
}

static void run_chase(buffers &b)
{
    size_t smem = CHASE_SMEM;
    CHECK(cudaFuncSetAttribute(chase_low_occupancy, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute(chase_many_chains, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (blocks_per_sm(chase_low_occupancy, CHASE_BLOCK, smem) != 1 ||
        blocks_per_sm(chase_many_chains, CHASE_BLOCK, smem) != 1) {
        std::fprintf(stderr, "lifts: the chase kernels fit more than the one block an SM they are built for\n");
        std::exit(1);
    }
    int grid = sm_count;
    size_t chains = (size_t)grid * CHASE_BLOCK * CHASE_CHAINS;
    /* Walk every chain on the host, by the formula the buffer was filled by. */
    std::vector<uint32_t> want(2 * chains);
    for (size_t c = 0; c < chains; c++) {
        uint32_t i = chase_start((unsigned)c), sum = 0;
        for (int h = 0; h < CHASE_HOPS; h++) {
            i = chain_at(i);
            sum += i;
        }
        want[2 * c] = i;
        want[2 * c + 1] = sum;
    }
    const unsigned *next = b.d_chain;
    uint2 *out = (uint2 *)b.d_out;
    auto verify = [&] { return check_words(out, 2 * chains, [&](size_t i) { return want[i]; }); };
    int k = twice("limit", "chase_low_occupancy", chase_low_occupancy, grid, CHASE_BLOCK, smem,
                  [=] { chase_low_occupancy<<<grid, CHASE_BLOCK, smem>>>(next, CHASE_HOPS, out); },
                  {{out, chains * 8}}, verify, designed("latency", "latency"));
    twice("variant", "chase_many_chains", chase_many_chains, grid, CHASE_BLOCK, smem,
          [=] { chase_many_chains<<<grid, CHASE_BLOCK, smem>>>(next, CHASE_HOPS, out); }, {{out, chains * 8}},
          verify, variant_of(k, 1, "latency"));
}

/* tiny_steps: TINY_LAUNCHES launches, each adding 1 to TINY_N floats (from
 * one buffer into the other), as one unit of work, launched twice (the
 * warm-up unit, then the measured one), every launch verified and given
 * its line; then fused_steps, the same unit's work in one launch. */
static void run_tiny(buffers &b)
{
    float *p0 = b.d_out, *p1 = b.d_out + TINY_N;
    std::vector<float> init(TINY_N);
    for (int i = 0; i < TINY_N; i++)
        init[i] = small_at((size_t)i + 777);
    const int grid = TINY_N / TINY_BLOCK;
    std::string config = config_text(tiny_steps, grid, TINY_BLOCK, 0);
    int first = -1;
    for (int pass = warm_ups ? 0 : 1; pass < 2; pass++) {
        CHECK(cudaMemcpy(p0, init.data(), TINY_N * sizeof(float), cudaMemcpyHostToDevice));
        for (int s = 0; s < TINY_LAUNCHES; s++) {
            float *src = s % 2 ? p1 : p0, *dst = s % 2 ? p0 : p1;
            CHECK(cudaMemset(dst, 0xff, TINY_N * sizeof(float)));
            cudaEvent_t start, stop;
            CHECK(cudaEventCreate(&start));
            CHECK(cudaEventCreate(&stop));
            CHECK(cudaDeviceSynchronize());
            CHECK(cudaEventRecord(start));
            tiny_steps<<<grid, TINY_BLOCK>>>(src, dst, TINY_N, 1.0f);
            CHECK(cudaEventRecord(stop));
            CHECK_LAUNCH("tiny_steps");
            float ms = 0.0f;
            CHECK(cudaEventElapsedTime(&ms, start, stop));
            CHECK(cudaEventDestroy(start));
            CHECK(cudaEventDestroy(stop));
            verdict v = check_words(dst, TINY_N, [&](size_t i) { return bits(init[i] + (float)(s + 1)); });
            int id = (int)lines.size();
            if (pass == 0) {
                lines.push_back("warmup tiny_steps launch=" + std::to_string(id));
            } else {
                if (s == 0)
                    first = id;
                lines.push_back("limit tiny_steps launch=" + std::to_string(id) + " step=" + std::to_string(s) +
                                " steps=" + std::to_string(TINY_LAUNCHES) + designed("launch", "launch") + config);
            }
            std::string what = std::string(pass == 0 ? "warm-up" : "limit") + " step " + std::to_string(s);
            report("tiny_steps", what.c_str(), id, v, ms);
        }
    }
    timers.push_back({"tiny_steps", [=] {
                          for (int s = 0; s < TINY_LAUNCHES; s++) {
                              tiny_steps<<<grid, TINY_BLOCK>>>(s % 2 ? p1 : p0, s % 2 ? p0 : p1, TINY_N, 1.0f);
                              CHECK(cudaGetLastError());
                          }
                      }});
    /* fused_steps reads the initial values again (the unit left p0 at +64) */
    auto reset = [=, &init] {
        CHECK(cudaMemcpy(p0, init.data(), TINY_N * sizeof(float), cudaMemcpyHostToDevice));
    };
    twice("variant", "fused_steps", fused_steps, grid, TINY_BLOCK, 0,
          [=] { fused_steps<<<grid, TINY_BLOCK>>>(p0, p1, TINY_N, TINY_LAUNCHES, 1.0f); }, {{p1, TINY_N * 4}},
          [&] {
              return check_words(p1, TINY_N, [&](size_t i) { return bits(init[i] + (float)TINY_LAUNCHES); });
          },
          " of=" + std::to_string(first) + " steps=" + std::to_string(TINY_LAUNCHES) + " work_ratio=1 lands=launch",
          reset);
}

/* Exact checks of a 2048 x 2048 product C = A B of integers -2..2 (every
 * entry an integer of at most 4 n in magnitude): every entry is such an
 * integer; every row sum is A's row times B's row sums, every column sum
 * A's column sums times B's column; two random projections (Freivalds)
 * agree, C r = A (B r) and s C = (s A) B; and 4096 entries are
 * recomputed. */
struct gemm_check {
    int n;
    std::vector<int8_t> a, b;
    std::vector<int64_t> row, col, cr, sc; /* what each sum must be */
    std::vector<int8_t> r, s;
    std::vector<uint32_t> spot_at; /* i n + j */
    std::vector<int32_t> spot;
};

static gemm_check gemm_expect(int n)
{
    gemm_check g;
    g.n = n;
    size_t count = (size_t)n * n;
    g.a.resize(count);
    g.b.resize(count);
    for (size_t i = 0; i < count; i++) {
        uint32_t h = (uint32_t)i * 0x9E3779B1u;
        h ^= h >> 16;
        g.a[i] = (int8_t)((int)(((h * 0x85EBCA77u) >> 24) % 5u) - 2);
        g.b[i] = (int8_t)((int)(((h * 0xC2B2AE3Du) >> 24) % 5u) - 2);
    }
    std::vector<int64_t> brow(n, 0), acol(n, 0), br(n, 0), sa(n, 0);
    g.r.resize(n);
    g.s.resize(n);
    for (int i = 0; i < n; i++) {
        g.r[i] = (int8_t)((i * 7 + 3) % 7 - 3);
        g.s[i] = (int8_t)((i * 5 + 1) % 7 - 3);
    }
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++) {
            brow[k] += g.b[(size_t)k * n + j];
            br[k] += g.b[(size_t)k * n + j] * g.r[j];
        }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            acol[k] += g.a[(size_t)i * n + k];
            sa[k] += g.s[i] * g.a[(size_t)i * n + k];
        }
    g.row.assign(n, 0);
    g.cr.assign(n, 0);
    g.col.assign(n, 0);
    g.sc.assign(n, 0);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            g.row[i] += g.a[(size_t)i * n + k] * brow[k];
            g.cr[i] += g.a[(size_t)i * n + k] * br[k];
        }
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++) {
            g.col[j] += acol[k] * g.b[(size_t)k * n + j];
            g.sc[j] += sa[k] * g.b[(size_t)k * n + j];
        }
    for (uint32_t q = 0; q < 4096; q++) {
        uint32_t h = q * 0x9E3779B1u + 0x7F4A7C15u;
        h ^= h >> 13;
        h *= 0x85EBCA77u;
        h ^= h >> 16;
        uint32_t i = h % n, j = (h / n) % n;
        int32_t sum = 0;
        for (int k = 0; k < n; k++)
            sum += g.a[(size_t)i * n + k] * g.b[(size_t)k * n + j];
        g.spot_at.push_back(i * n + j);
        g.spot.push_back(sum);
    }
    return g;
}

static verdict gemm_verify(const gemm_check &g, const float *d_c, const std::vector<uint32_t> *same)
{
    int n = g.n;
    size_t count = (size_t)n * n;
    const uint32_t *got = fetch_words(d_c, count);
    verdict v;
    v.checked = count;
    auto fail = [&](const std::string &what) {
        if (v.bad++ == 0)
            v.first = what;
    };
    char text[160];
    std::vector<int64_t> row(n, 0), col(n, 0), cr(n, 0), sc(n, 0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            size_t at = (size_t)i * n + j;
            float f = from_bits(got[at]);
            if (!(std::fabs(f) <= 4.0f * n) || f != std::floor(f)) {
                std::snprintf(text, sizeof text, "C[%d][%d] is 0x%08x (%g): not an integer of at most %d", i, j,
                              got[at], (double)f, 4 * n);
                fail(text);
                continue;
            }
            if (same && got[at] != (*same)[at]) {
                std::snprintf(text, sizeof text, "C[%d][%d] is %g, gemm_ffma's %g", i, j, (double)f,
                              (double)from_bits((*same)[at]));
                fail(text);
            }
            int64_t c = (int64_t)f;
            row[i] += c;
            col[j] += c;
            cr[i] += c * g.r[j];
            sc[j] += g.s[i] * c;
        }
    for (int i = 0; i < n; i++) {
        if (row[i] != g.row[i] || cr[i] != g.cr[i]) {
            std::snprintf(text, sizeof text, "row %d sums to %lld (projected: %lld), not %lld (%lld)", i,
                          (long long)row[i], (long long)cr[i], (long long)g.row[i], (long long)g.cr[i]);
            fail(text);
        }
        if (col[i] != g.col[i] || sc[i] != g.sc[i]) {
            std::snprintf(text, sizeof text, "column %d sums to %lld (projected: %lld), not %lld (%lld)", i,
                          (long long)col[i], (long long)sc[i], (long long)g.col[i], (long long)g.sc[i]);
            fail(text);
        }
    }
    for (size_t q = 0; q < g.spot.size(); q++)
        if (from_bits(got[g.spot_at[q]]) != (float)g.spot[q]) {
            std::snprintf(text, sizeof text, "C[%u][%u] is %g, not %d", g.spot_at[q] / n, g.spot_at[q] % n,
                          (double)from_bits(got[g.spot_at[q]]), g.spot[q]);
            fail(text);
        }
    v.note = " (rows, columns, 2 projections and 4096 entries exact)";
    return v;
}

static void run_gemm(buffers &b)
{
    const int n = GEMM_N;
    size_t count = (size_t)n * n;
    gemm_check g = gemm_expect(n);
    std::vector<float> af(count), bf(count);
    std::vector<__half> ah(count), bh(count);
    for (size_t i = 0; i < count; i++) {
        af[i] = g.a[i];
        bf[i] = g.b[i];
        ah[i] = __float2half(af[i]);
        bh[i] = __float2half(bf[i]);
    }
    const float *d_af = device_copy(af.data(), count), *d_bf = device_copy(bf.data(), count);
    const __half *d_ah = device_copy(ah.data(), count), *d_bh = device_copy(bh.data(), count);
    float *out = b.d_out;
    dim3 grid(n / GF_TILE, n / GF_TILE), v_grid(n / GM_BN, n / GM_BM);
    size_t v_smem = mma_smem_bytes<GM_BM, GM_BN, GM_BK, GM_STAGES>();
    CHECK(cudaFuncSetAttribute(gemm_mma, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)v_smem));
    std::vector<uint32_t> ffma_result;
    bool ffma_ok = true;
    int k = twice("limit", "gemm_ffma", gemm_ffma, (long long)grid.x * grid.y, GF_THREADS, 0,
                  [=] { gemm_ffma<<<grid, GF_THREADS>>>(d_af, d_bf, out, n); }, {{out, count * 4}},
                  [&] {
                      verdict v = gemm_verify(g, out, nullptr);
                      ffma_ok = ffma_ok && v.bad == 0;
                      return v;
                  },
                  designed("compute", "l2"));
    /* gemm_mma's every entry must also be gemm_ffma's (where that passed) */
    if (ffma_ok)
        ffma_result.assign(host_got, host_got + count);
    twice("variant", "gemm_mma", gemm_mma, (long long)v_grid.x * v_grid.y, GM_THREADS, v_smem,
          [=] { gemm_mma<<<v_grid, GM_THREADS, v_smem>>>(d_ah, d_bh, out, n); }, {{out, count * 4}},
          [&] { return gemm_verify(g, out, ffma_ok ? &ffma_result : nullptr); }, variant_of(k, 1, "l2"));
}

static void run_l2(buffers &b)
{
    static_assert(L2_PASSES % (L2_SLICE / 8) == 0, "the closed form needs whole rotations");
    int grid = sm_count * L2_BLOCKS_PER_SM;
    if ((size_t)grid * L2_SLICE > BIG_ITEMS) {
        std::fprintf(stderr, "lifts: too many SMs for l2_reread's slices\n");
        std::exit(1);
    }
    /* Over whole rotations, each r visits every item of the slice that is t
     * mod 8, L2_PASSES / 128 times: thread t's sum is 4 (L2_PASSES / 128)
     * S[t % 8], S[c] the sum of the slice's items c mod 8. */
    size_t threads = (size_t)grid * L2_BLOCK;
    std::vector<uint32_t> want(threads);
    for (int blk = 0; blk < grid; blk++) {
        uint32_t S[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (int i = 0; i < L2_SLICE; i++)
            S[i % 8] += (uint32_t)item_sum(b, (size_t)blk * L2_SLICE + i);
        for (int t = 0; t < L2_BLOCK; t++)
            want[(size_t)blk * L2_BLOCK + t] = bits((float)(4 * (L2_PASSES / (L2_SLICE / 8)) * S[t % 8]));
    }
    /* The closed form against the reads themselves, on a sample of threads. */
    for (size_t t = 0; t < threads; t += 61) {
        size_t blk = t / L2_BLOCK;
        unsigned tt = (unsigned)(t % L2_BLOCK);
        uint32_t sum = 0;
        for (int p = 0; p < L2_PASSES; p++)
            for (int r = 0; r < 4; r++)
                sum += (uint32_t)item_sum(b, blk * L2_SLICE + L2_ITEM(tt, r, p));
        if (bits((float)sum) != want[t]) {
            std::fprintf(stderr, "lifts: l2_reread's closed form is wrong for thread %zu\n", t);
            std::exit(1);
        }
    }
    const float4 *buf = (const float4 *)b.d_big;
    float *out = b.d_out;
    auto verify = [&] { return check_words(out, threads, [&](size_t i) { return want[i]; }); };
    int k = twice("limit", "l2_reread", l2_reread, grid, L2_BLOCK, 0,
                  [=] { l2_reread<<<grid, L2_BLOCK>>>(buf, L2_PASSES, 1.0f, out); }, {{out, threads * 4}}, verify,
                  designed("l2", "shared"));
    twice("variant", "l2_staged", l2_staged, grid, L2_BLOCK, 0,
          [=] { l2_staged<<<grid, L2_BLOCK>>>(buf, L2_PASSES, 1.0f, out); }, {{out, threads * 4}}, verify,
          variant_of(k, 1, "shared"));
}

static uint16_t half_bits(float f)
{
    __half h = __float2half(f);
    uint16_t u;
    std::memcpy(&u, &h, sizeof u);
    return u;
}

static void run_copy(buffers &b)
{
    int grid = sm_count * blocks_per_sm(copy_fp32, 256, 0);
    int v_grid = sm_count * blocks_per_sm(copy_fp16, 256, 0);
    const float *big = b.big.data();
    const float4 *in = (const float4 *)b.d_big;
    float4 *out = (float4 *)b.d_out;
    int k = twice("limit", "copy_fp32", copy_fp32, grid, 256, 0,
                  [=] { copy_fp32<<<grid, 256>>>(in, COPY_ELEMENTS / 4, 2.0f, out); }, {{out, COPY_ELEMENTS * 4}},
                  [&] { return check_words(out, COPY_ELEMENTS, [&](size_t i) { return bits(2.0f * big[i]); }); },
                  designed("dram", "dram"));
    /* The same elements as halves (0..7 and their doubles: exact), made and
     * uploaded a chunk at a time. */
    uint16_t in_half[8], out_half[8];
    for (int v = 0; v < 8; v++) {
        in_half[v] = half_bits((float)v);
        out_half[v] = half_bits(2.0f * v);
    }
    uint16_t *d_in16 = device_alloc<uint16_t>(COPY_ELEMENTS);
    const size_t chunk = (size_t)1 << 24;
    std::vector<uint16_t> h16(chunk);
    for (size_t at = 0; at < COPY_ELEMENTS; at += chunk) {
        for (size_t i = 0; i < chunk; i++)
            h16[i] = in_half[(int)big[at + i]];
        CHECK(cudaMemcpy(d_in16 + at, h16.data(), chunk * sizeof(uint16_t), cudaMemcpyHostToDevice));
    }
    __half2_raw raw;
    raw.x = raw.y = half_bits(2.0f);
    __half2 scale(raw);
    const uint4 *in16 = (const uint4 *)d_in16;
    uint4 *out16 = (uint4 *)b.d_out;
    twice("variant", "copy_fp16", copy_fp16, v_grid, 256, 0,
          [=] { copy_fp16<<<v_grid, 256>>>(in16, COPY_ELEMENTS / 8, scale, out16); }, {{out16, COPY_ELEMENTS * 2}},
          [&] {
              return check_words(out16, COPY_ELEMENTS / 2, [&](size_t i) {
                  return (uint32_t)out_half[(int)big[2 * i]] | (uint32_t)out_half[(int)big[2 * i + 1]] << 16;
              });
          },
          variant_of(k, 1, "dram"));
}

static void run_branch(buffers &b)
{
    int grid = sm_count * BRANCH_BLOCKS_PER_SM;
    size_t items = (size_t)grid * BRANCH_BLOCK;
    float *out = b.d_out;
    auto verify = [&] {
        return check_words(out, items, [&](size_t item) {
            float init = 0.0f;
            for (int k = 0; k < 8; k++)
                init += (float)((item >> k) & 7);
            return bits(init + (item & 1 ? -8.0f : 8.0f) * BRANCH_STEPS);
        });
    };
    int k = twice("limit", "branch_divergent", branch_divergent, grid, BRANCH_BLOCK, 0,
                  [=] { branch_divergent<<<grid, BRANCH_BLOCK>>>(BRANCH_STEPS, 1.0f, 1.0f, out); },
                  {{out, items * 4}}, verify, designed("issue", "compute"));
    twice("variant", "branch_uniform", branch_uniform, grid, BRANCH_BLOCK, 0,
          [=] { branch_uniform<<<grid, BRANCH_BLOCK>>>(BRANCH_STEPS, 1.0f, 1.0f, out); }, {{out, items * 4}}, verify,
          variant_of(k, 1, "compute"));
}

static void run_stores(buffers &b)
{
    int grid = sm_count * blocks_per_sm(stores_scattered, STORE_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(stores_coalesced, STORE_BLOCK, 0);
    const unsigned key = 2654435761u;
    size_t tiles = STORE_WORDS / TILE_FLOATS;
    unsigned *out = (unsigned *)b.d_out;
    auto verify = [&] { return check_words(out, STORE_WORDS, [&](size_t i) { return (uint32_t)i * key; }); };
    int k = twice("limit", "stores_scattered", stores_scattered, grid, STORE_BLOCK, 0,
                  [=] { stores_scattered<<<grid, STORE_BLOCK>>>(out, tiles, key); }, {{out, STORE_WORDS * 4}}, verify,
                  designed("l2", "dram"));
    twice("variant", "stores_coalesced", stores_coalesced, v_grid, STORE_BLOCK, 0,
          [=] { stores_coalesced<<<v_grid, STORE_BLOCK>>>(out, tiles, key); }, {{out, STORE_WORDS * 4}}, verify,
          variant_of(k, 1, "dram"));
}

/* --time: each measured launch (tiny_steps: its unit of launches) reps
 * more times back to back, each timed by a pair of events. */
static void time_all(int reps)
{
    std::vector<cudaEvent_t> start(reps), stop(reps);
    for (int r = 0; r < reps; r++) {
        CHECK(cudaEventCreate(&start[r]));
        CHECK(cudaEventCreate(&stop[r]));
    }
    for (const timed &t : timers) {
        CHECK(cudaDeviceSynchronize());
        for (int r = 0; r < reps; r++) {
            CHECK(cudaEventRecord(start[r]));
            t.launch();
            CHECK(cudaGetLastError());
            CHECK(cudaEventRecord(stop[r]));
        }
        CHECK_LAUNCH(t.name.c_str());
        std::vector<double> us(reps);
        for (int r = 0; r < reps; r++) {
            float ms = 0.0f;
            CHECK(cudaEventElapsedTime(&ms, start[r], stop[r]));
            us[r] = 1000.0 * ms;
        }
        std::sort(us.begin(), us.end());
        double median = reps % 2 ? us[reps / 2] : 0.5 * (us[reps / 2 - 1] + us[reps / 2]);
        std::printf("time %s median_us=%.3f min_us=%.3f max_us=%.3f reps=%d\n", t.name.c_str(), median, us.front(),
                    us.back(), reps);
    }
    for (int r = 0; r < reps; r++) {
        CHECK(cudaEventDestroy(start[r]));
        CHECK(cudaEventDestroy(stop[r]));
    }
}

static int usage(const char *argv0)
{
    std::fprintf(stderr, "usage: %s [--once] [--time REPS]\n", argv0);
    return 2;
}

int main(int argc, char **argv)
{
    int reps = 0;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--once") == 0) {
            warm_ups = false;
        } else if (std::strcmp(argv[i], "--time") == 0 && i + 1 < argc && reps == 0) {
            char *end = nullptr;
            long r = std::strtol(argv[++i], &end, 10);
            if (end == argv[i] || *end != '\0' || r < 1 || r > 100000)
                return usage(argv[0]);
            reps = (int)r;
        } else {
            return usage(argv[0]);
        }
    }
    int device = 0;
    cudaDeviceProp prop;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaGetDeviceProperties(&prop, device));
    sm_count = prop.multiProcessorCount;
    std::printf("lifts: %s, sm_%d%d, %d SMs\n", prop.name, prop.major, prop.minor, sm_count);
    if (prop.major != 9 || prop.minor != 0)
        std::printf("lifts: built and sized for sm_90 (H200): on sm_%d%d each kernel runs and is verified, but its "
                    "limits may not be the designed ones\n",
                    prop.major, prop.minor);

    host_got_bytes = OUT_BYTES;
    CHECK(cudaMallocHost((void **)&host_got, host_got_bytes));
    buffers b;
    b.big.resize(BIG_FLOATS);
    for (size_t i = 0; i < BIG_FLOATS; i++)
        b.big[i] = small_at(i);
    b.d_big = device_copy(b.big.data(), BIG_FLOATS);
    b.d_chain = device_alloc<unsigned>(CHAIN_WORDS);
    {
        const size_t chunk = (size_t)1 << 24;
        std::vector<uint32_t> words(chunk);
        for (size_t at = 0; at < CHAIN_WORDS; at += chunk) {
            for (size_t i = 0; i < chunk; i++)
                words[i] = chain_at(at + i);
            CHECK(cudaMemcpy(b.d_chain + at, words.data(), chunk * sizeof(uint32_t), cudaMemcpyHostToDevice));
        }
    }
    b.d_out = device_alloc<float>(OUT_BYTES / sizeof(float));

    run_floor(b);
    run_gather(b);
    run_transposes(b);
    run_histogram(b);
    run_poly(b);
    run_divmod(b);
    run_exp(b);
    run_sum(b);
    run_waves(b);
    run_chase(b);
    run_tiny(b);
    run_gemm(b);
    run_l2(b);
    run_copy(b);
    run_branch(b);
    run_stores(b);

    if (failures) {
        std::printf("lifts: %d launches FAILED verification (above): no expect lines\n", failures);
        return 1;
    }
    std::printf("lifts: all %zu launches verified\n", lines.size());
    for (const std::string &line : lines)
        std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    if (reps)
        time_all(reps);
    for (void *d : allocations)
        CHECK(cudaFree(d));
    CHECK(cudaFreeHost(host_got));
    return 0;
}
