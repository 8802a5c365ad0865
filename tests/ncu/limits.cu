/* A test application for gpuroof's limits (issue 22, item 4): kernels each
 * built to be held by one limit (DRAM, L2, shared memory, FP32 compute,
 * tensor, instruction issue, latency at low occupancy, bank conflicts, a
 * 1.05-wave tail, a grid of a few blocks, launch overhead), each with a
 * variant that lifts that limit and so runs on the kernel's designed next
 * limit.  Every result is verified on the host, exactly (small integers in
 * float arithmetic, integer counts), before anything is printed.
 * tools/record-limits runs it under Nsight Compute on the H100.
 *
 * Build:  nvcc -O3 -arch=sm_90 -o limits tests/ncu/limits.cu
 * Run:    ./limits      (about 1.1 GiB of device memory and 1.5 GiB of host
 *                        memory; a few seconds without ncu)
 *
 * Every kernel is launched twice in a row with the same arguments: an
 * untimed warm-up launch (so that lazy module loading and first-touch
 * effects land there), then the launch the test reads.  Both are verified.
 * ncu profiles both (no --launch-skip or kernel filter is needed: `gpuroof
 * ncu -- ./limits` cannot pass one), so the warm-ups are in the report and
 * have lines of their own.  The first two launches are the empty kernel,
 * whose duration is the launch floor.
 *
 * Output: progress lines ("limits: ..."), then one line per launch in
 * launch order, the n-th line for ncu's launch ID n (0-based):
 *
 *   warmup NAME launch=N
 *   floor NAME launch=N
 *   limit NAME launch=N designed=KEY second=KEY [of=K work_ratio=R] CONFIG
 *   variant NAME launch=N of=K work_ratio=R lands=KEY CONFIG
 *
 *   floor     the empty kernel: its duration is the launch floor.
 *   limit     a kernel built to be held by limit KEY (dram, l2, shared,
 *             compute, issue, latency, bank_conflicts, waves, small_grid,
 *             launch); second= the limit designed 1.5 to 3 times below it
 *             (where the physics allows: see each kernel), which its
 *             variant lands on.  A designed kernel that is also the variant
 *             of an earlier launch carries of= and work_ratio= too.
 *   variant   the variant of launch K: it lifts K's designed limit and
 *             keeps K's work (work_ratio=1: the same FLOPs and bytes; R: R
 *             times them), so the measured speedup of K is
 *             duration(K) x R / duration(variant); lands= the limit it
 *             should sit on (K's second).
 *   CONFIG    grid=BLOCKS block=THREADS dynamic_smem_bytes=B registers=R
 *             blocks_per_sm=N (registers from cudaFuncGetAttributes,
 *             blocks_per_sm from cudaOccupancyMaxActiveBlocksPerMultiprocessor)
 * Every kernel has its own name, so `gpuroof ncu --group` keeps them apart.
 * The app exits 1, saying which, when a CUDA call or a check fails; 2 on a
 * usage error.
 *
 * The design (per SM and clock on the H100 SXM at 1980 MHz, 132 SMs, with
 * the measured ceilings of plots/data/h100-sxm.yaml): DRAM 12.3 B, L2
 * 39.6 B, shared/L1 128 B (one wavefront), FP32 128 FFMA (4 warp
 * instructions: the same slots as issue), issue 4 warp instructions,
 * mma.sync FP16 2730.67 FLOP (2/3 of wgmma's 4096) and TF32 half that,
 * loaded DRAM latency about 600 ns.  Kernels that stream memory run
 * exactly one wave of blocks at full occupancy (grid = SMs x blocks an SM)
 * and a fixed number of items a thread; the comment above each kernel says
 * what it is built to be held by, its second limit, and what its SASS and
 * ptxas -v showed (`nvcc -O3 -arch=sm_90 -cubin`, CUDA 13.0, cuobjdump
 * -sass; the summary is at the end of the file). */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <string>
#include <vector>

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t code_ = (call);                                                                 \
        if (code_ != cudaSuccess) {                                                                 \
            std::fprintf(stderr, "limits: %s: %s [%s] (%s:%d)\n", #call, cudaGetErrorString(code_), \
                         cudaGetErrorName(code_), __FILE__, __LINE__);                              \
            std::exit(1);                                                                           \
        }                                                                                           \
    } while (0)

/* After a launch: the launch's own error, then the kernel's (synchronized,
 * so that each launch is checked on its own). */
#define CHECK_LAUNCH(name)                                                                        \
    do {                                                                                          \
        CHECK(cudaGetLastError());                                                                \
        cudaError_t code_ = cudaDeviceSynchronize();                                              \
        if (code_ != cudaSuccess) {                                                               \
            std::fprintf(stderr, "limits: kernel %s failed: %s [%s] (%s:%d)\n", name,             \
                         cudaGetErrorString(code_), cudaGetErrorName(code_), __FILE__, __LINE__); \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

/* ---- the kernels -------------------------------------------------------- */

/* The work every streaming kernel does with a 16-byte item: two FFMAs a
 * float (a = 1 and b = 2 at run time, so no FFMA folds away), 8 FFMAs an
 * item.  Sums of small integers: exact in any order. */
__device__ __forceinline__ void eat(float4 v, float a, float b, float &s1, float &s2)
{
    s1 = fmaf(v.x, a, s1);
    s2 = fmaf(v.x, b, s2);
    s1 = fmaf(v.y, a, s1);
    s2 = fmaf(v.y, b, s2);
    s1 = fmaf(v.z, a, s1);
    s2 = fmaf(v.z, b, s2);
    s1 = fmaf(v.w, a, s1);
    s2 = fmaf(v.w, b, s2);
}

/* Thread t reads items (t + j x threads) & mask, j < items, through L2
 * only (ld.global.cg: no L1 reuse), 4 loads in flight (unroll 4). */
__device__ __forceinline__ void stream_items(const float4 *buf, size_t mask, int items, float a, float b,
                                             float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float s1 = 0.0f, s2 = 0.0f;
#pragma unroll 4
    for (int j = 0; j < items; j++)
        eat(__ldcg(&buf[(t + (size_t)j * threads) & mask]), a, b, s1, s2);
    out[t] = s1 + s2;
}

/* DRAM: 256 items a thread over a buffer of 1.1 GB (22 x the L2), each
 * byte read once: DRAM 0.345 ms; second limit L2 (the same bytes at
 * 10.35 TB/s: 0.107 ms, 3.2 x below; the physics gives no closer one).
 * Variant: l2_read.  As the variant of latency_chase: 16 x its bytes and
 * FFMAs.  SASS: 4 LDG.E.128.STRONG.GPU before their 32 FFMAs; 32 regs. */
__global__ void __launch_bounds__(256, 8) dram_read(const float4 *buf, size_t mask, int items, float a, float b,
                                                   float *out)
{
    stream_items(buf, mask, items, a, b, out);
}

/* L2: the same loads over a 4 MiB slice (mask), resident in the L2 after
 * its first pass (ncu flushes the caches before each launch: 4 MiB of
 * 4.4 GB come from DRAM), 1024 items a thread (work_ratio 4 of dram_read):
 * L2 0.43 ms; second limit L1/shared (the same bytes pass L1TEX: 0.13 ms,
 * 3.2 x below).  Variant: smem_read.  SASS as dram_read. */
__global__ void __launch_bounds__(256, 8) l2_read(const float4 *buf, size_t mask, int items, float a, float b,
                                                 float *out)
{
    stream_items(buf, mask, items, a, b, out);
}

/* A 16-byte shared load that the compiler can neither hoist nor merge: the
 * same address every iteration must be read every iteration. */
__device__ __forceinline__ float4 lds128(const float4 *p)
{
    float4 v;
    unsigned addr = (unsigned)__cvta_generic_to_shared(p);
    asm volatile("ld.volatile.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "r"(addr));
    return v;
}

/* Shared memory: each thread reads its own 16 bytes of a 4 KiB tile, items
 * times (a warp: 512 contiguous bytes, 4 wavefronts, the ideal), and eats
 * each: 4096 items a thread (work_ratio 4 of l2_read): shared 4 clocks a
 * warp-item on the SM's one shared pipe; second limit FP32 compute/issue
 * (8 FFMAs + 1 LDS + loop: about 2.1 to 2.4 clocks, 1.7 to 1.9 x below).
 * Variant: smem_regs.  SASS: 4 LDS.128 and 32 FFMA a trip (unroll 4);
 * 24 regs. */
__global__ void __launch_bounds__(256, 8) smem_read(const float4 *src, int items, float a, float b, float *out)
{
    __shared__ float4 tile[256];
    tile[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    float s1 = 0.0f, s2 = 0.0f;
#pragma unroll 4
    for (int j = 0; j < items; j++)
        eat(lds128(&tile[threadIdx.x]), a, b, s1, s2);
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = s1 + s2;
}

/* The same work from registers: the item read once, then eaten items
 * times; the same output as smem_read, bit for bit.  Limit: FP32 compute
 * (issue: 8 FFMAs + loop overhead).  SASS: one LDS.128, then 32 FFMA a
 * trip, no LDS in the loop. */
__global__ void __launch_bounds__(256, 8) smem_regs(const float4 *src, int items, float a, float b, float *out)
{
    __shared__ float4 tile[256];
    tile[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    float4 v = tile[threadIdx.x];
    float s1 = 0.0f, s2 = 0.0f;
#pragma unroll 4
    for (int j = 0; j < items; j++)
        eat(v, a, b, s1, s2);
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = s1 + s2;
}

/* FP32 compute: each float of an item goes through a chain of FFMA_CHAIN
 * dependent FFMAs x = x a + b (a = b = 1 at run time: x + FFMA_CHAIN,
 * exact), 4 independent chains a thread, then into the thread's sum (FADD).
 * 256 items a thread over the same 1.1 GB as dram_read: compute 96 FFMA x 4
 * floats = 384 FFMAs an item: 0.81 ms; second limit DRAM 0.345 ms
 * (2.35 x below).  Variant: ffma_closed.  SASS: 384 FFMA, 4 FADD, one
 * LDG.E.128.STRONG.GPU an item. */
#define FFMA_CHAIN 96
__global__ void __launch_bounds__(256, 8) ffma_dram(const float4 *buf, int items, float a, float b, float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float s = 0.0f;
#pragma unroll 1
    for (int j = 0; j < items; j++) {
        float4 v = __ldcg(&buf[t + (size_t)j * threads]);
#pragma unroll
        for (int k = 0; k < FFMA_CHAIN; k++) {
            v.x = fmaf(v.x, a, b);
            v.y = fmaf(v.y, a, b);
            v.z = fmaf(v.z, a, b);
            v.w = fmaf(v.w, a, b);
        }
        s += v.x;
        s += v.y;
        s += v.z;
        s += v.w;
    }
    out[t] = s;
}

/* The same result in closed form, x + FFMA_CHAIN b, one FFMA a float
 * (chain = FFMA_CHAIN at run time): the compute limit lifted, the bytes
 * the same.  Limit: DRAM.  SASS: 4 LDG.E.128.STRONG.GPU in flight, 4 FFMA
 * and 4 FADD an item. */
__global__ void __launch_bounds__(256, 8) ffma_closed(const float4 *buf, int items, float chain, float b, float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    float s = 0.0f;
#pragma unroll 4
    for (int j = 0; j < items; j++) {
        float4 v = __ldcg(&buf[t + (size_t)j * threads]);
        s += fmaf(chain, b, v.x);
        s += fmaf(chain, b, v.y);
        s += fmaf(chain, b, v.z);
        s += fmaf(chain, b, v.w);
    }
    out[t] = s;
}

/* Integer work for the issue limit: two coupled affine steps a word,
 * x = x k + y (IMAD, on the FMA pipe's heavy half) and y = y + d (IADD3, on
 * the ALU pipe), MIX_STEPS of them from x = y = w, with an FFMA (f = f a + b,
 * a = b = 1) every other step on a float chain of the word's lane.  Each
 * integer pipe takes a warp instruction every other clock, so an
 * integer-only stream of one kind would run at half the issue rate, slower
 * than the issue limit says; this mix (40% IMAD, 40% IADD3, 20% FFMA) keeps
 * each pipe 80% busy while the schedulers issue every clock.  The result
 * has a closed form (int_closed). */
#define MIX_STEPS 38
__device__ __forceinline__ unsigned mix_steps(unsigned w, unsigned k, unsigned d, float &f, float a, float b)
{
    unsigned x = w, y = w;
#pragma unroll
    for (int s = 0; s < MIX_STEPS; s++) {
        x = x * k + y;
        y += d;
        if (s % 2)
            f = fmaf(f, a, b);
    }
    return x;
}

/* Issue: mix_steps on every word of the 1.1 GB buffer, 256 items (1024
 * words) a thread: about 97 warp instructions a warp-word, 20% of them FP:
 * issue 0.81 ms; second limit DRAM 0.345 ms (2.3 x below; compute, the
 * FFMAs' share, 0.16 ms).  Variant: int_closed.  SASS: 152 IMAD, 153
 * IADD3, 76 FFMA an item, one LDG.E.128.STRONG.GPU. */
__global__ void __launch_bounds__(256, 8) int_mix(const uint4 *buf, int items, unsigned k, unsigned d, float a,
                                                 float b, unsigned *out, float *out_f)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    unsigned c = 0;
    float f0 = 0.0f, f1 = 0.0f, f2 = 0.0f, f3 = 0.0f;
#pragma unroll 1
    for (int j = 0; j < items; j++) {
        uint4 v = __ldcg(&buf[t + (size_t)j * threads]);
        c += mix_steps(v.x, k, d, f0, a, b) + mix_steps(v.y, k, d, f1, a, b) + mix_steps(v.z, k, d, f2, a, b) +
             mix_steps(v.w, k, d, f3, a, b);
    }
    out[t] = c;
    out_f[t] = (f0 + f1) + (f2 + f3);
}

/* The same results in closed form: after n steps x = A w + B (mod 2^32)
 * with A = k^n + sum_{j<n} k^j, B = d sum_{i<n} i k^(n-1-i) (the host
 * works them out), one IMAD a word; the float chain f + (n/2) b, one FFMA a
 * word (half_steps = n/2 at run time).  Limit: DRAM.  SASS: 2
 * LDG.E.128.STRONG.GPU in flight (unroll 2: unroll 4 spilt a register
 * under the 32 that 8 blocks of 256 threads allow). */
__global__ void __launch_bounds__(256, 8) int_closed(const uint4 *buf, int items, unsigned mul, unsigned add,
                                                    float half_steps, float b, unsigned *out, float *out_f)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    unsigned c = 0;
    float f0 = 0.0f, f1 = 0.0f, f2 = 0.0f, f3 = 0.0f;
#pragma unroll 2
    for (int j = 0; j < items; j++) {
        uint4 v = __ldcg(&buf[t + (size_t)j * threads]);
        c += (v.x * mul + add) + (v.y * mul + add) + (v.z * mul + add) + (v.w * mul + add);
        f0 = fmaf(half_steps, b, f0);
        f1 = fmaf(half_steps, b, f1);
        f2 = fmaf(half_steps, b, f2);
        f3 = fmaf(half_steps, b, f3);
    }
    out[t] = c;
    out_f[t] = (f0 + f1) + (f2 + f3);
}

/* Latency: one 4-byte load a thread in flight.  Blocks of 128 threads
 * with LATENCY_SMEM bytes of dynamic shared memory (unused: it keeps one
 * block, 4 warps, on an SM), one block an SM; each thread reads n floats,
 * the next address waiting on the loaded value (+ its bits & zero, zero = 0
 * at run time), #pragma unroll 1: exactly one load in flight.  n = 1024:
 * 69 MB at 4 x 132 warps x 128 B / 600 ns = 113 GB/s: about 0.6 ms
 * (1024 round trips); second limit DRAM (21 us, 28 x below: the point of
 * the kernel).  Variant: dram_read, 16 x the bytes and FFMAs at full
 * occupancy with 4 16-byte loads in flight.  SASS: one LDG.E a trip, used
 * (LOP3, IADD) before the next. */
#define LATENCY_SMEM (160 * 1024)
__global__ void latency_chase(const float *buf, unsigned zero, int n, float a, float b, float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t threads = (size_t)gridDim.x * blockDim.x;
    size_t i = t;
    float s1 = 0.0f, s2 = 0.0f;
#pragma unroll 1
    for (int j = 0; j < n; j++) {
        float v = buf[i];
        s1 = fmaf(v, a, s1);
        s2 = fmaf(v, b, s2);
        i += threads + (__float_as_uint(v) & zero);
    }
    out[t] = s1 + s2;
}

/* Tensor: warp-level C += A B on the tensor cores, UNITS independent
 * products a warp, A (16x16) held in registers, B (16x8, 512 bytes) read
 * from shared memory each iteration with one LDS.128 a thread (tile
 * i mod MMA_TILES of MMA_TILES, 4 wavefronts a warp).  The fragments are
 * used as loaded: slot s of a thread's four B values (and of its A
 * values in rows g and g+8) is k = q + 4s for TF32 m16n8k8 (two of them
 * make k = 16) and k = 2q + (s & 1) + 8(s >> 1) for FP16 m16n8k16 (q = lane
 * % 4, g = lane / 4): both pair A's slot s with B's slot s of the same q,
 * so C is the same sum of the same products.  Values -2..2: exact in
 * TF32, FP16 and the FP32 accumulator.
 * mma_tf32 a warp-iteration: 4 HMMA.1688.F32.TF32 = 8192 FLOP: 6 clocks of
 * the SM's tensor pipe at 1365 FLOP/clock; the LDS.128 4 clocks of its
 * shared pipe: tensor, second limit shared (1.5 x below).  Variant mma_f16:
 * 2 HMMA.16816.F32 (3 clocks) + 2 F2FP: lands on shared (4 clocks). */
#define UNITS 2
#define MMA_TILES 8
__device__ __forceinline__ void mma_tf32_k8(float c[4], float a0, float a1, float a2, float a3, float b0, float b1)
{
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                 "{%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(__float_as_uint(a0)), "r"(__float_as_uint(a1)), "r"(__float_as_uint(a2)),
                   "r"(__float_as_uint(a3)), "r"(__float_as_uint(b0)), "r"(__float_as_uint(b1)));
}

__device__ __forceinline__ unsigned pack_half2(float lo, float hi)
{
    __half2 h = __floats2half2_rn(lo, hi);
    unsigned u;
    std::memcpy(&u, &h, sizeof u);
    return u;
}

__device__ __forceinline__ void mma_f16_k16(float c[4], const unsigned a[4], unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                 "{%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

/* a_src: UNITS x 32 lanes x 8 floats (slots h*4 + s, h = 0 for row g, 1
 * for row g+8); b_src: MMA_TILES x 32 lanes of float4 (slots s).  out: per
 * thread UNITS x 4 accumulators. */
__global__ void mma_tf32(const float *a_src, const float4 *b_src, int iters, float *out)
{
    __shared__ float4 tile[MMA_TILES * 32];
    for (int i = threadIdx.x; i < MMA_TILES * 32; i += blockDim.x)
        tile[i] = b_src[i];
    __syncthreads();
    int lane = threadIdx.x % 32;
    float a[UNITS][8], c[UNITS][4];
    for (int r = 0; r < UNITS; r++)
        for (int k = 0; k < 8; k++)
            a[r][k] = a_src[(r * 32 + lane) * 8 + k];
    for (int r = 0; r < UNITS; r++)
        for (int k = 0; k < 4; k++)
            c[r][k] = 0.0f;
#pragma unroll 2
    for (int i = 0; i < iters; i++) {
        float4 b = lds128(&tile[(i % MMA_TILES) * 32 + lane]);
#pragma unroll
        for (int r = 0; r < UNITS; r++) {
            mma_tf32_k8(c[r], a[r][0], a[r][4], a[r][1], a[r][5], b.x, b.y);
            mma_tf32_k8(c[r], a[r][2], a[r][6], a[r][3], a[r][7], b.z, b.w);
        }
    }
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < UNITS; r++)
        for (int k = 0; k < 4; k++)
            out[t * UNITS * 4 + r * 4 + k] = c[r][k];
}

__global__ void mma_f16(const float *a_src, const float4 *b_src, int iters, float *out)
{
    __shared__ float4 tile[MMA_TILES * 32];
    for (int i = threadIdx.x; i < MMA_TILES * 32; i += blockDim.x)
        tile[i] = b_src[i];
    __syncthreads();
    int lane = threadIdx.x % 32;
    unsigned a[UNITS][4];
    float c[UNITS][4];
    for (int r = 0; r < UNITS; r++) {
        const float *p = &a_src[(r * 32 + lane) * 8];
        a[r][0] = pack_half2(p[0], p[1]); /* row g,   k = 2q, 2q+1 */
        a[r][1] = pack_half2(p[4], p[5]); /* row g+8, k = 2q, 2q+1 */
        a[r][2] = pack_half2(p[2], p[3]); /* row g,   k = 2q+8, 2q+9 */
        a[r][3] = pack_half2(p[6], p[7]); /* row g+8, k = 2q+8, 2q+9 */
        for (int k = 0; k < 4; k++)
            c[r][k] = 0.0f;
    }
#pragma unroll 2
    for (int i = 0; i < iters; i++) {
        float4 b = lds128(&tile[(i % MMA_TILES) * 32 + lane]);
        unsigned b0 = pack_half2(b.x, b.y), b1 = pack_half2(b.z, b.w);
#pragma unroll
        for (int r = 0; r < UNITS; r++)
            mma_f16_k16(c[r], a[r], b0, b1);
    }
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < UNITS; r++)
        for (int k = 0; k < 4; k++)
            out[t * UNITS * 4 + r * 4 + k] = c[r][k];
}

/* A 4-byte shared load kept in the loop, as lds128. */
__device__ __forceinline__ float lds32(const float *p)
{
    float v;
    unsigned addr = (unsigned)__cvta_generic_to_shared(p);
    asm volatile("ld.volatile.shared.f32 %0, [%1];" : "=f"(v) : "r"(addr));
    return v;
}

/* Bank conflicts: each warp reads a column of a 32x32 float tile (lane l,
 * column i % 32), then 64 FFMAs with it (8 chains of 8).  Unpadded, the
 * column's 32 words share one bank: 32 wavefronts a request, 32 clocks of
 * the shared pipe a warp-iteration, against 64 FFMAs = 16 clocks of issue:
 * bank conflicts, second limit compute (2 x below).  Padded to 33 columns,
 * one wavefront: lands on compute.  1024 iterations a thread.  SASS: one
 * LDS and 64 FFMA a trip. */
template <int PAD>
__device__ __forceinline__ void column_reads(const float *src, int iters, float a, float *out)
{
    __shared__ float tile[32][32 + PAD];
    for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x)
        tile[i / 32][i % 32] = src[i];
    __syncthreads();
    int lane = threadIdx.x % 32;
    float s[8];
    for (int k = 0; k < 8; k++)
        s[k] = 0.0f;
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
        float v = lds32(&tile[lane][i % 32]);
#pragma unroll
        for (int rep = 0; rep < 8; rep++)
#pragma unroll
            for (int k = 0; k < 8; k++)
                s[k] = fmaf(v, a, s[k]);
    }
    float sum = 0.0f;
    for (int k = 0; k < 8; k++)
        sum += s[k];
    out[(size_t)blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void __launch_bounds__(256, 8) bank_conflicted(const float *src, int iters, float a, float *out)
{
    column_reads<0>(src, iters, a, out);
}

__global__ void __launch_bounds__(256, 8) bank_padded(const float *src, int iters, float a, float *out)
{
    column_reads<1>(src, iters, a, out);
}

/* Compute-bound blocks of fixed work: 8 independent chains x = x a + b a
 * thread (a = b = 1: x0 + n, exact), n steps.  Blocks of 1024 threads, one
 * an SM where launched with CHAIN_SMEM bytes of dynamic shared memory
 * (unused): a block alone keeps its SM's 4 schedulers busy (8 warps each,
 * 8 chains a warp), so a wave takes as long whether it is full or not.
 * SASS: 8 FFMA a step (unroll 4: 32 a trip), 2 more per thread at the end
 * (the sum: FADD). */
#define CHAIN_SMEM (120 * 1024)
__device__ __forceinline__ void chains(int n, float a, float b, float *out)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float x[8];
    for (int k = 0; k < 8; k++)
        x[k] = (float)((t + k) % 8);
#pragma unroll 4
    for (int j = 0; j < n; j++)
#pragma unroll
        for (int k = 0; k < 8; k++)
            x[k] = fmaf(x[k], a, b);
    float sum = 0.0f;
    for (int k = 0; k < 8; k++)
        sum += x[k];
    out[t] = sum;
}

/* Waves: 1.05 x the resident blocks (139 on 132 SMs), each of the same
 * work: the second wave, 7 blocks, takes as long as the first:
 * ceil(W)/W = 1.90 x the compute time (0.34 ms a wave); second limit
 * compute.  Variant one_wave: the same total work in exactly one wave. */
__global__ void __launch_bounds__(1024) tail_wave(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

__global__ void __launch_bounds__(1024) one_wave(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

/* Small grid: 12 blocks on 132 SMs, each with 11 x one_wave's steps:
 * compute stretched by 132 / 12 = 11 (3.9 ms); second limit compute
 * (0.36 ms).  Variant many_blocks: the same work over one block an SM. */
__global__ void __launch_bounds__(1024) few_blocks(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

__global__ void __launch_bounds__(1024) many_blocks(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

/* Launch overhead: one block of 128 threads (one warp a scheduler), 24
 * steps: 192 FFMAs a thread, about 0.1 us of work against a launch floor of
 * a few microseconds.  Second limit: small grid (the compute of 1 block of
 * 132 stretched by 132: 0.1 us).  Variant fused: the work of TINY_R
 * launches in one (24 TINY_R steps): lands on the small-grid limit
 * (0.2 ms). */
#define TINY_STEPS 24
#define TINY_R 2048
__global__ void __launch_bounds__(128) tiny(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

__global__ void __launch_bounds__(128) fused(int n, float a, float b, float *out)
{
    chains(n, a, b, out);
}

/* The launch floor: nothing. */
__global__ void empty(void) {}

/* ---- host side: launch twice, verify, record ---------------------------- */

static int sm_count;
static int failures;
static std::vector<std::string> lines; /* line n: launch ID n */

template <typename T>
static T *device_copy(const std::vector<T> &host)
{
    T *d = nullptr;
    CHECK(cudaMalloc((void **)&d, host.size() * sizeof(T)));
    CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <typename F>
static int blocks_per_sm(F func, int block, size_t smem)
{
    int blocks = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, func, block, smem));
    if (blocks < 1) {
        std::fprintf(stderr, "limits: a block of %d threads with %zu bytes of dynamic shared memory fits no SM\n",
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

/* The bits of a float, for comparing outputs as 32-bit words. */
static uint32_t bits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

/* Launches `launch` twice, the warm-up and the launch the test reads, each
 * after filling d_out (want.size() 32-bit words) with 0xff bytes, and
 * verifies each against want.  The lines: "warmup NAME launch=N", then
 * "KIND NAME launch=N" + tail + the configuration.  Returns the second
 * launch's ID. */
template <typename F, typename L>
static int twice(const char *kind, const char *name, F func, long long grid, int block, size_t smem, L launch,
                 void *d_out, const std::vector<uint32_t> &want, const std::string &tail)
{
    int id = -1;
    for (int pass = 0; pass < 2; pass++) {
        if (!want.empty())
            CHECK(cudaMemset(d_out, 0xff, want.size() * sizeof(uint32_t)));
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
        std::vector<uint32_t> got(want.size());
        if (!want.empty())
            CHECK(cudaMemcpy(got.data(), d_out, want.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
        size_t bad = 0, first = 0;
        for (size_t i = 0; i < want.size(); i++)
            if (got[i] != want[i] && bad++ == 0)
                first = i;
        id = (int)lines.size();
        if (pass == 0)
            lines.push_back(std::string("warmup ") + name + " launch=" + std::to_string(id));
        else
            lines.push_back(std::string(kind) + " " + name + " launch=" + std::to_string(id) + tail +
                            config_text(func, grid, block, smem));
        const char *what = pass == 0 ? "warm-up" : kind;
        if (bad) {
            float g, w;
            std::memcpy(&g, &got[first], sizeof g);
            std::memcpy(&w, &want[first], sizeof w);
            std::printf("limits: %s (%s, launch %d): FAILED, %zu of %zu values wrong; the first, [%zu], is 0x%08x "
                        "(%g as float), not 0x%08x (%g)\n",
                        name, what, id, bad, want.size(), first, got[first], g, want[first], w);
            failures++;
        } else {
            std::printf("limits: %s (%s, launch %d): ok, %zu values verified, %.3f ms\n", name, what, id,
                        want.size(), ms);
        }
    }
    return id;
}

static std::string designed(const char *key, const char *second)
{
    return std::string(" designed=") + key + " second=" + second;
}

static std::string variant_of(int of, double work_ratio)
{
    char text[64];
    std::snprintf(text, sizeof text, " of=%d work_ratio=%.6g", of, work_ratio);
    return text;
}

/* ---- the data ----------------------------------------------------------- */

/* Small integers 0..7 as floats, by a multiplicative hash of the index:
 * every sum and FFMA chain of the app stays an exact integer in float. */
static float value_at(size_t i)
{
    return (float)(((uint32_t)i * 2654435761u) >> 29);
}

#define STREAM_BLOCK 256
#define STREAM_ITEMS 256 /* dram_read, ffma_*, int_*: 16-byte items a thread */
#define L2_ITEMS 1024    /* l2_read: 4 x dram_read's */
#define L2_SLICE_ITEMS ((size_t)1 << 18) /* 4 MiB */
#define SMEM_ITEMS 4096  /* smem_read, smem_regs: 4 x l2_read's */
#define LATENCY_BLOCK 128
#define LATENCY_LOADS 1024
#define MMA_ITERS 6144
#define BANK_ITERS 1024
#define CHAIN_BLOCK 1024
#define WAVE_STEPS 80 /* one_wave's steps = tail_wave's grid x this; tail_wave's = SMs x this */
#define FEW_BLOCKS 12

struct data {
    std::vector<float> host;        /* the buffer, as floats */
    std::vector<uint8_t> item_sum;  /* each 16-byte item's four floats summed */
    float4 *dev = nullptr;
    size_t items = 0;
};

static void make_data(data &d, size_t items)
{
    d.items = items;
    d.host.resize(items * 4);
    d.item_sum.resize(items);
    for (size_t i = 0; i < items * 4; i++)
        d.host[i] = value_at(i);
    for (size_t e = 0; e < items; e++)
        d.item_sum[e] = (uint8_t)(d.host[4 * e] + d.host[4 * e + 1] + d.host[4 * e + 2] + d.host[4 * e + 3]);
    d.dev = (float4 *)device_copy(d.host);
}

/* ---- each pair ---------------------------------------------------------- */

static const float A = 1.0f, B = 2.0f; /* eat's a and b: s1 + s2 = 3 x the sum */

static int run_empty(void)
{
    std::vector<uint32_t> none;
    return twice("floor", "empty", empty, 1, LATENCY_BLOCK, 0, [] { empty<<<1, LATENCY_BLOCK>>>(); }, nullptr, none,
                 "");
}

/* latency_chase, then dram_read (its variant, and the DRAM kernel), l2_read,
 * smem_read, smem_regs: each the variant of the one before. */
static void run_memory_chain(const data &d, float *d_out)
{
    size_t lat_smem = LATENCY_SMEM;
    CHECK(cudaFuncSetAttribute(latency_chase, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)lat_smem));
    int lat_blocks = sm_count * blocks_per_sm(latency_chase, LATENCY_BLOCK, lat_smem);
    size_t lat_threads = (size_t)lat_blocks * LATENCY_BLOCK;
    std::vector<uint32_t> want(lat_threads);
    for (size_t t = 0; t < lat_threads; t++) {
        float sum = 0.0f;
        for (size_t j = 0; j < LATENCY_LOADS; j++)
            sum += d.host[t + j * lat_threads];
        want[t] = bits(3.0f * sum);
    }
    const float *flat = (const float *)d.dev;
    int lat = twice("limit", "latency_chase", latency_chase, lat_blocks, LATENCY_BLOCK, lat_smem,
                    [&] {
                        latency_chase<<<lat_blocks, LATENCY_BLOCK, lat_smem>>>(flat, 0u, LATENCY_LOADS, A, B, d_out);
                    },
                    d_out, want, designed("latency", "dram"));
    double lat_bytes = (double)lat_threads * LATENCY_LOADS * 4;

    int grid = sm_count * blocks_per_sm(dram_read, STREAM_BLOCK, 0);
    size_t threads = (size_t)grid * STREAM_BLOCK;
    want.assign(threads, 0);
    for (size_t t = 0; t < threads; t++) {
        uint32_t sum = 0;
        for (size_t j = 0; j < STREAM_ITEMS; j++)
            sum += d.item_sum[t + j * threads];
        want[t] = bits(3.0f * (float)sum);
    }
    size_t all = ~(size_t)0;
    double dram_bytes = (double)threads * STREAM_ITEMS * 16;
    int dram = twice("limit", "dram_read", dram_read, grid, STREAM_BLOCK, 0,
                     [&] { dram_read<<<grid, STREAM_BLOCK>>>(d.dev, all, STREAM_ITEMS, A, B, d_out); }, d_out, want,
                     designed("dram", "l2") + variant_of(lat, dram_bytes / lat_bytes));

    int l2_grid = sm_count * blocks_per_sm(l2_read, STREAM_BLOCK, 0);
    size_t l2_threads = (size_t)l2_grid * STREAM_BLOCK;
    want.assign(l2_threads, 0);
    for (size_t t = 0; t < l2_threads; t++) {
        uint32_t sum = 0;
        for (size_t j = 0; j < L2_ITEMS; j++)
            sum += d.item_sum[(t + j * l2_threads) & (L2_SLICE_ITEMS - 1)];
        want[t] = bits(3.0f * (float)sum);
    }
    double l2_bytes = (double)l2_threads * L2_ITEMS * 16;
    int l2 = twice("limit", "l2_read", l2_read, l2_grid, STREAM_BLOCK, 0,
                   [&] { l2_read<<<l2_grid, STREAM_BLOCK>>>(d.dev, L2_SLICE_ITEMS - 1, L2_ITEMS, A, B, d_out); },
                   d_out, want, designed("l2", "shared") + variant_of(dram, l2_bytes / dram_bytes));

    int s_grid = sm_count * blocks_per_sm(smem_read, STREAM_BLOCK, 0);
    size_t s_threads = (size_t)s_grid * STREAM_BLOCK;
    want.assign(s_threads, 0);
    for (size_t t = 0; t < s_threads; t++)
        want[t] = bits(3.0f * SMEM_ITEMS * (float)d.item_sum[t % STREAM_BLOCK]);
    double s_bytes = (double)s_threads * SMEM_ITEMS * 16;
    int smem = twice("limit", "smem_read", smem_read, s_grid, STREAM_BLOCK, 0,
                     [&] { smem_read<<<s_grid, STREAM_BLOCK>>>(d.dev, SMEM_ITEMS, A, B, d_out); }, d_out, want,
                     designed("shared", "compute") + variant_of(l2, s_bytes / l2_bytes));

    int r_grid = sm_count * blocks_per_sm(smem_regs, STREAM_BLOCK, 0);
    if (r_grid != s_grid) {
        std::fprintf(stderr, "limits: smem_regs fits %d blocks, smem_read %d: not the same work\n", r_grid, s_grid);
        std::exit(1);
    }
    twice("variant", "smem_regs", smem_regs, r_grid, STREAM_BLOCK, 0,
          [&] { smem_regs<<<r_grid, STREAM_BLOCK>>>(d.dev, SMEM_ITEMS, A, B, d_out); }, d_out, want,
          variant_of(smem, 1) + " lands=compute");
}

static void run_compute(const data &d, float *d_out)
{
    int grid = sm_count * blocks_per_sm(ffma_dram, STREAM_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(ffma_closed, STREAM_BLOCK, 0);
    size_t threads = (size_t)grid * STREAM_BLOCK;
    std::vector<uint32_t> want(threads);
    for (size_t t = 0; t < threads; t++) {
        uint32_t sum = 0;
        for (size_t j = 0; j < STREAM_ITEMS; j++)
            sum += d.item_sum[t + j * threads];
        want[t] = bits((float)sum + 4.0f * FFMA_CHAIN * STREAM_ITEMS);
    }
    int k = twice("limit", "ffma_dram", ffma_dram, grid, STREAM_BLOCK, 0,
                  [&] { ffma_dram<<<grid, STREAM_BLOCK>>>(d.dev, STREAM_ITEMS, 1.0f, 1.0f, d_out); }, d_out, want,
                  designed("compute", "dram"));
    if (v_grid != grid) {
        std::fprintf(stderr, "limits: ffma_closed fits %d blocks, ffma_dram %d: not the same work\n", v_grid, grid);
        std::exit(1);
    }
    twice("variant", "ffma_closed", ffma_closed, v_grid, STREAM_BLOCK, 0,
          [&] { ffma_closed<<<v_grid, STREAM_BLOCK>>>(d.dev, STREAM_ITEMS, (float)FFMA_CHAIN, 1.0f, d_out); }, d_out,
          want, variant_of(k, 1) + " lands=dram");
}

/* mix_steps's closed form: x_n = mul w + add (mod 2^32). */
static void mix_closed_form(uint32_t k, uint32_t dd, uint32_t &mul, uint32_t &add)
{
    uint32_t kn = 1, geometric = 0, weighted = 0;
    for (uint32_t i = 0; i < MIX_STEPS; i++) {
        geometric = geometric * k + 1;    /* sum_{j<=i} k^j */
        weighted = weighted * k + i;      /* sum_{m<=i} m k^(i-m) */
        kn *= k;
    }
    mul = kn + geometric;
    add = dd * weighted;
}

static void run_issue(const data &d, float *d_out)
{
    const uint32_t k = 0x9E3779B1u, dd = 0x7F4A7C15u;
    uint32_t mul, add;
    mix_closed_form(k, dd, mul, add);
    /* The closed form against the steps themselves, on a few words. */
    for (uint32_t w = 0; w < 1000; w++) {
        uint32_t x = w * 2654435761u, y = x, x0 = x;
        for (int s = 0; s < MIX_STEPS; s++) {
            x = x * k + y;
            y += dd;
        }
        if (x != mul * x0 + add) {
            std::fprintf(stderr, "limits: mix_steps' closed form is wrong for 0x%08x\n", x0);
            std::exit(1);
        }
    }
    int grid = sm_count * blocks_per_sm(int_mix, STREAM_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(int_closed, STREAM_BLOCK, 0);
    if (v_grid != grid) {
        std::fprintf(stderr, "limits: int_closed fits %d blocks, int_mix %d: not the same work\n", v_grid, grid);
        std::exit(1);
    }
    size_t threads = (size_t)grid * STREAM_BLOCK;
    const uint32_t *words = (const uint32_t *)d.host.data();
    std::vector<uint32_t> want(2 * threads);
    const float f_total = (float)(STREAM_ITEMS * (MIX_STEPS / 2)); /* each of 4 chains */
    for (size_t t = 0; t < threads; t++) {
        uint32_t c = 0;
        for (size_t j = 0; j < STREAM_ITEMS; j++)
            for (int l = 0; l < 4; l++)
                c += mul * words[4 * (t + j * threads) + l] + add;
        want[t] = c;
        want[threads + t] = bits((f_total + f_total) + (f_total + f_total));
    }
    unsigned *out = (unsigned *)d_out;
    float *out_f = d_out + threads;
    const uint4 *buf = (const uint4 *)d.dev;
    int kid = twice("limit", "int_mix", int_mix, grid, STREAM_BLOCK, 0,
                    [&] { int_mix<<<grid, STREAM_BLOCK>>>(buf, STREAM_ITEMS, k, dd, 1.0f, 1.0f, out, out_f); }, d_out,
                    want, designed("issue", "dram"));
    twice("variant", "int_closed", int_closed, v_grid, STREAM_BLOCK, 0,
          [&] {
              int_closed<<<v_grid, STREAM_BLOCK>>>(buf, STREAM_ITEMS, mul, add, (float)(MIX_STEPS / 2), 1.0f, out,
                                                   out_f);
          },
          d_out, want, variant_of(kid, 1) + " lands=dram");
}

static void run_tensor(float *d_out, size_t out_words)
{
    /* A: UNITS x 32 lanes x 8 slots; B: MMA_TILES x 32 lanes x 4 slots;
     * values -2..2. */
    std::vector<float> a(UNITS * 32 * 8), b(MMA_TILES * 32 * 4);
    for (size_t i = 0; i < a.size(); i++)
        a[i] = (float)((int)((i * 7 + 3) % 5) - 2);
    for (size_t i = 0; i < b.size(); i++)
        b[i] = (float)((int)((i * 11 + 1) % 5) - 2);
    /* Every tile is used MMA_ITERS / MMA_TILES times. */
    std::vector<float> b_sum(32 * 4, 0.0f);
    for (int p = 0; p < MMA_TILES; p++)
        for (int i = 0; i < 32 * 4; i++)
            b_sum[i] += b[p * 32 * 4 + i] * (MMA_ITERS / MMA_TILES);
    /* C[row][n] = sum over q, s of A(lane 4 (row % 8) + q, half row / 8,
     * slot s) B(lane 4 n + q, slot s); lane 4g + q holds C[g][2q],
     * C[g][2q+1], C[g+8][2q], C[g+8][2q+1]. */
    std::vector<float> lane_c(32 * UNITS * 4);
    for (int lane = 0; lane < 32; lane++)
        for (int r = 0; r < UNITS; r++)
            for (int cell = 0; cell < 4; cell++) {
                int g = lane / 4, q = lane % 4;
                int half = cell / 2, n = 2 * q + cell % 2;
                double sum = 0.0;
                for (int qq = 0; qq < 4; qq++)
                    for (int s = 0; s < 4; s++)
                        sum += (double)a[(r * 32 + 4 * g + qq) * 8 + half * 4 + s] * b_sum[(4 * n + qq) * 4 + s];
                lane_c[(lane * UNITS + r) * 4 + cell] = (float)sum;
            }
    float *d_a = device_copy(a);
    float4 *d_b = (float4 *)device_copy(b);
    int grid = sm_count * blocks_per_sm(mma_tf32, STREAM_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(mma_f16, STREAM_BLOCK, 0);
    size_t threads = (size_t)grid * STREAM_BLOCK, v_threads = (size_t)v_grid * STREAM_BLOCK;
    if (std::max(threads, v_threads) * UNITS * 4 > out_words) {
        std::fprintf(stderr, "limits: the output buffer is too small for the tensor kernels\n");
        std::exit(1);
    }
    std::vector<uint32_t> want(threads * UNITS * 4);
    for (size_t t = 0; t < threads; t++)
        for (int i = 0; i < UNITS * 4; i++)
            want[t * UNITS * 4 + i] = bits(lane_c[(t % 32) * UNITS * 4 + i]);
    int k = twice("limit", "mma_tf32", mma_tf32, grid, STREAM_BLOCK, 0,
                  [&] { mma_tf32<<<grid, STREAM_BLOCK>>>(d_a, d_b, MMA_ITERS, d_out); }, d_out, want,
                  designed("tensor", "shared"));
    /* mma_f16 may fit more blocks an SM (fewer registers): the same work a
     * thread, so work_ratio is the ratio of threads. */
    want.resize(v_threads * UNITS * 4);
    for (size_t t = 0; t < v_threads; t++)
        for (int i = 0; i < UNITS * 4; i++)
            want[t * UNITS * 4 + i] = bits(lane_c[(t % 32) * UNITS * 4 + i]);
    twice("variant", "mma_f16", mma_f16, v_grid, STREAM_BLOCK, 0,
          [&] { mma_f16<<<v_grid, STREAM_BLOCK>>>(d_a, d_b, MMA_ITERS, d_out); }, d_out, want,
          variant_of(k, (double)v_threads / threads) + " lands=shared");
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
}

static void run_banks(const data &d, float *d_out)
{
    int grid = sm_count * blocks_per_sm(bank_conflicted, STREAM_BLOCK, 0);
    int v_grid = sm_count * blocks_per_sm(bank_padded, STREAM_BLOCK, 0);
    if (v_grid != grid) {
        std::fprintf(stderr, "limits: bank_padded fits %d blocks, bank_conflicted %d: not the same work\n", v_grid,
                     grid);
        std::exit(1);
    }
    size_t threads = (size_t)grid * STREAM_BLOCK;
    /* tile[row][col] = the buffer's first 1024 floats; lane l reads row l,
     * column i % 32: each column BANK_ITERS / 32 times, 64 FFMAs each. */
    std::vector<uint32_t> want(threads);
    for (size_t t = 0; t < threads; t++) {
        float row = 0.0f;
        for (int col = 0; col < 32; col++)
            row += d.host[(t % 32) * 32 + col];
        want[t] = bits(64.0f * (BANK_ITERS / 32) * row);
    }
    const float *src = (const float *)d.dev;
    int k = twice("limit", "bank_conflicted", bank_conflicted, grid, STREAM_BLOCK, 0,
                  [&] { bank_conflicted<<<grid, STREAM_BLOCK>>>(src, BANK_ITERS, 1.0f, d_out); }, d_out, want,
                  designed("bank_conflicts", "compute"));
    twice("variant", "bank_padded", bank_padded, v_grid, STREAM_BLOCK, 0,
          [&] { bank_padded<<<v_grid, STREAM_BLOCK>>>(src, BANK_ITERS, 1.0f, d_out); }, d_out, want,
          variant_of(k, 1) + " lands=compute");
}

/* What chains() writes: thread t's eight chains from (t + k) % 8, n steps. */
static std::vector<uint32_t> chains_want(size_t threads, int n)
{
    std::vector<uint32_t> want(threads);
    for (size_t t = 0; t < threads; t++) {
        float sum = 0.0f;
        for (int k = 0; k < 8; k++)
            sum += (float)((t + k) % 8) + (float)n;
        want[t] = bits(sum);
    }
    return want;
}

/* Launches of chains(): the 1.05-wave tail, the small grid and the launch
 * overhead, each with its variant. */
static void run_grids(float *d_out, size_t out_words)
{
    size_t smem = CHAIN_SMEM;
    CHECK(cudaFuncSetAttribute(tail_wave, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute(one_wave, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute(few_blocks, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute(many_blocks, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    int resident = blocks_per_sm(tail_wave, CHAIN_BLOCK, smem);
    if (resident != 1 || blocks_per_sm(one_wave, CHAIN_BLOCK, smem) != 1 ||
        blocks_per_sm(few_blocks, CHAIN_BLOCK, smem) != 1 || blocks_per_sm(many_blocks, CHAIN_BLOCK, smem) != 1) {
        std::fprintf(stderr, "limits: the chain kernels fit %d blocks an SM, not the 1 they are built for\n",
                     resident);
        std::exit(1);
    }
    /* 1.05 waves: ceil(1.05 x SMs) blocks of SMs x WAVE_STEPS steps; one
     * wave: SMs blocks of tail_grid x WAVE_STEPS steps: the same total. */
    int tail_grid = (sm_count * 105 + 99) / 100;
    int tail_steps = sm_count * WAVE_STEPS, wave_steps = tail_grid * WAVE_STEPS;
    if ((size_t)tail_grid * CHAIN_BLOCK > out_words) {
        std::fprintf(stderr, "limits: the output buffer is too small for tail_wave\n");
        std::exit(1);
    }
    int k = twice("limit", "tail_wave", tail_wave, tail_grid, CHAIN_BLOCK, smem,
                  [&] { tail_wave<<<tail_grid, CHAIN_BLOCK, smem>>>(tail_steps, 1.0f, 1.0f, d_out); }, d_out,
                  chains_want((size_t)tail_grid * CHAIN_BLOCK, tail_steps), designed("waves", "compute"));
    twice("variant", "one_wave", one_wave, sm_count, CHAIN_BLOCK, smem,
          [&] { one_wave<<<sm_count, CHAIN_BLOCK, smem>>>(wave_steps, 1.0f, 1.0f, d_out); }, d_out,
          chains_want((size_t)sm_count * CHAIN_BLOCK, wave_steps), variant_of(k, 1) + " lands=compute");

    /* FEW_BLOCKS blocks with the steps of SMs blocks of wave_steps
     * (rounded where SMs is not a multiple: work_ratio says so). */
    int few_steps = (int)(((long long)wave_steps * sm_count + FEW_BLOCKS / 2) / FEW_BLOCKS);
    k = twice("limit", "few_blocks", few_blocks, FEW_BLOCKS, CHAIN_BLOCK, smem,
              [&] { few_blocks<<<FEW_BLOCKS, CHAIN_BLOCK, smem>>>(few_steps, 1.0f, 1.0f, d_out); }, d_out,
              chains_want((size_t)FEW_BLOCKS * CHAIN_BLOCK, few_steps), designed("small_grid", "compute"));
    twice("variant", "many_blocks", many_blocks, sm_count, CHAIN_BLOCK, smem,
          [&] { many_blocks<<<sm_count, CHAIN_BLOCK, smem>>>(wave_steps, 1.0f, 1.0f, d_out); }, d_out,
          chains_want((size_t)sm_count * CHAIN_BLOCK, wave_steps),
          variant_of(k, (double)sm_count * wave_steps / ((double)FEW_BLOCKS * few_steps)) + " lands=compute");

    /* Launch overhead: one block of 128 threads, TINY_STEPS steps; fused:
     * TINY_R launches' steps in one. */
    k = twice("limit", "tiny", tiny, 1, 128, 0, [&] { tiny<<<1, 128>>>(TINY_STEPS, 1.0f, 1.0f, d_out); }, d_out,
              chains_want(128, TINY_STEPS), designed("launch", "small_grid"));
    twice("variant", "fused", fused, 1, 128, 0, [&] { fused<<<1, 128>>>(TINY_STEPS * TINY_R, 1.0f, 1.0f, d_out); },
          d_out, chains_want(128, TINY_STEPS * TINY_R), variant_of(k, TINY_R) + " lands=small_grid");
}

int main(int argc, char **argv)
{
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s\n", argv[0]);
        return 2;
    }
    int device = 0;
    cudaDeviceProp prop;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaGetDeviceProperties(&prop, device));
    sm_count = prop.multiProcessorCount;
    std::printf("limits: %s, sm_%d%d, %d SMs\n", prop.name, prop.major, prop.minor, sm_count);
    if (prop.major != 9 || prop.minor != 0)
        std::printf("limits: built and sized for sm_90 (H100): on sm_%d%d each kernel runs and is verified, but its "
                    "limits may not be the designed ones\n",
                    prop.major, prop.minor);

    /* One buffer for every kernel that reads memory: 256 items for each
     * thread of a full GPU (2048 threads an SM): 1.1 GB on 132 SMs. */
    size_t max_threads = (size_t)sm_count * prop.maxThreadsPerMultiProcessor;
    data d;
    make_data(d, max_threads * STREAM_ITEMS);
    size_t out_words = 2 * max_threads * UNITS * 4;
    float *d_out = nullptr;
    CHECK(cudaMalloc((void **)&d_out, out_words * sizeof(float)));

    run_empty();
    run_memory_chain(d, d_out);
    run_compute(d, d_out);
    run_issue(d, d_out);
    run_tensor(d_out, out_words);
    run_banks(d, d_out);
    run_grids(d_out, out_words);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d.dev));

    if (failures) {
        std::printf("limits: %d launches FAILED verification (above): no expect lines\n", failures);
        return 1;
    }
    std::printf("limits: all %zu launches verified\n", lines.size());
    for (const std::string &line : lines)
        std::printf("%s\n", line.c_str());
    return 0;
}

/* What the compiler made of the kernels, CUDA 13.0 nvcc for sm_90
 * (`nvcc -O3 -arch=sm_90 -cubin`, opcodes counted in cuobjdump -sass;
 * registers from -Xptxas -v; no spills anywhere):
 *   dram_read, l2_read  4 LDG.E.128.STRONG.GPU (ld.global.cg) issued before
 *                       their 32 FFMA each unrolled trip; 32 registers
 *                       (__launch_bounds__(256, 8): 64 warps an SM)
 *   smem_read           4 LDS.128 (ld.volatile.shared: a plain ld.shared of
 *                       the same address was merged to one a trip) and 32
 *                       FFMA a trip; 24 registers
 *   smem_regs           one LDS.128 before the loop, 32 FFMA a trip; 20
 *   ffma_dram           one LDG.E.128.STRONG.GPU, 384 FFMA, 4 FADD an item; 22
 *   ffma_closed         4 LDG.E.128.STRONG.GPU a trip, 4 FFMA + 4 FADD an item; 32
 *   int_mix             an item: 152 IMAD, 153 IADD3, 76 FFMA, 1 LDG.128
 *                       (a popcount loop compiled to SHF/LOP3/IADD3 only,
 *                       all on the ALU pipe: rejected for this); 25
 *   int_closed          2 LDG.E.128.STRONG.GPU a trip; 26
 *   latency_chase       one LDG.E a trip, its value used (IADD3 of the next
 *                       address) before the next; 16
 *   mma_tf32            4 HMMA.1688.F32.TF32 and one LDS.128 an iteration
 *                       (unroll 2); 42 registers: 6 blocks, 48 warps an SM
 *   mma_f16             2 HMMA.16816.F32, 2 F2FP.F16.F32.PACK_AB and one
 *                       LDS.128 an iteration; 31 registers: 8 blocks, 64
 *                       warps (work_ratio 4/3: the same work a thread).
 *                       FP8 mma.sync (m16n8k32 e4m3) on sm_90 compiles to
 *                       F2FP unpacking + 2 HMMA.16816 + FADDs (no native
 *                       FP8 mma.sync on Hopper): rejected as the variant
 *   bank_conflicted, bank_padded  one LDS and 64 FFMA a trip; 24 and 26
 *   tail_wave ... fused (chains)  32 FFMA a trip (unroll 4); 24 registers
 *   empty               EXIT only; 4 registers */
