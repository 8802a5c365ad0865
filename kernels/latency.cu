/* Load latency by pointer chase, DRAM read bandwidth against resident warps
 * an SM (the latency roofs), and the launch floor.
 *
 * The chase: one thread, each load's address the value the load before it
 * returned, around a cyclic permutation of slots (128-byte cache lines in
 * global memory, 4-byte words in shared memory).  The cycle visits its
 * positions 0, 1, ... N-1 in order, and position j is slot chase_slot(j):
 * pages of 2^bits slots one after another, the slots of a page in a
 * pseudo-random order (a bijection of bits-bit numbers).  At L1, shared
 * memory and L2 the footprint is one page: the whole cycle is random.  At
 * DRAM a page is 2 MiB of lines (16384 slots), the GPU's large page: the
 * chase stays 16384 loads in one page before it moves on, so the TLB can
 * miss once in 16384 loads, far under the noise of the mean, while within
 * the page no load finds its line in a cache more often than chance.  The
 * DRAM footprint (1 GiB) is written in order before the chase starts at
 * its first page, which the writes of the rest have long pushed out of the
 * L2; each run goes on from where the last ended, onto lines not read yet.
 *
 * A run of the chase is timed inside the kernel: clock64 (SM cycles) and
 * %globaltimer (ns) read before and after its loads; their ratio is the SM
 * clock.  The clock reads at either end may each pass one load in flight:
 * one load's time in tens of thousands.  Every run is verified: the slot
 * the chase ended on equals the slot the host reaches by walking the same
 * permutation (chase_slot on the host) as many steps.  At L2 a last run
 * times each load alone (the clock read as the next load issues, which is
 * as the last one returns), so that the L2's two partitions, near and far
 * from the SM, can be told apart.
 *
 * The latency roofs: a grid-stride read of an array far over the L2 by
 * exactly W resident warps an SM (a grid of SMs x B blocks, and dynamic
 * shared memory that leaves room for no more than B blocks: the runtime's
 * occupancy calculator must agree), each thread with K independent loads
 * of 4, 8 or 16 bytes in flight (the K loads of an iteration issued before
 * any is used; #pragma unroll 1 keeps the next iteration's loads out).
 * Every word read is summed (mod 2^32, so the order is free) and the sum
 * checked against the host's.
 *
 * The launch floor: an empty kernel timed by events around one launch, and
 * the interval of launches queued back to back. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define LINE_BYTES 128         /* L1's and the L2's line: a chase slot in global memory */
#define DRAM_PAGE_BITS 14      /* 2 MiB pages of 128-byte slots */
#define SHARED_THREADS 256     /* build the shared-memory cycle; one of them chases it */
#define FLOOR_SPANS 5          /* back-to-back spans of launches, the median kept */

/* Position j of the cycle: its slot.  Each step is a bijection of the
 * bits-bit numbers (xor with a right shift of itself; multiplication by an
 * odd number mod 2^bits), so a page's slots are each visited once. */
__host__ __device__ static inline unsigned long long chase_slot(unsigned long long j, int bits)
{
    const unsigned long long mask = (1ull << bits) - 1;
    const int shift = (bits + 1) / 2;
    unsigned long long x = j & mask;
    x ^= x >> shift;
    x = (x * 0x9E3779B97F4A7C15ull) & mask;
    x ^= x >> shift;
    x = (x * 0xBF58476D1CE4E5B9ull) & mask;
    x ^= x >> shift;
    return (j & ~mask) | x;
}

/* What a run of the chase leaves: its cycles and ns, and where it ended
 * (a global pointer, or a shared-memory word's offset). */
typedef struct {
    long long cycles;
    unsigned long long ns;
    unsigned long long end;
} chase_span;

__device__ __forceinline__ long long clock_now(void)
{
    long long c;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c)::"memory");
    return c;
}

__device__ __forceinline__ unsigned long long timer_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
    return t;
}

/* One load of the chase: cached in L1, or .cg, past L1 to the L2. */
template <bool CG>
__device__ __forceinline__ unsigned long long chase_load(unsigned long long p)
{
    unsigned long long q;
    if (CG)
        asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(q) : "l"(p) : "memory");
    else /* a weak load, cached in L1 (LDG.E.64): ld.ca here compiles to a strong one (.STRONG.SM) */
        asm volatile("ld.global.u64 %0, [%1];" : "=l"(q) : "l"(p));
    return q;
}

/* Each position's slot holds the address of the next position's slot. */
__global__ void chase_init(char *base, unsigned long long n, int bits)
{
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long j = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
        unsigned long long from = chase_slot(j, bits), to = chase_slot(j + 1 == n ? 0 : j + 1, bits);
        *(char **)(base + from * LINE_BYTES) = base + to * LINE_BYTES;
    }
}

template <bool CG>
__global__ void chase_global(unsigned long long start, long long warm, long long loads, chase_span *out)
{
    unsigned long long p = start;
    for (long long i = 0; i < warm; i++)
        p = chase_load<CG>(p);
    long long c0 = clock_now();
    unsigned long long t0 = timer_ns();
    for (long long i = 0; i < loads; i++)
        p = chase_load<CG>(p);
    out->end = p; /* waits for the last load */
    long long c1 = clock_now();
    unsigned long long t1 = timer_ns();
    out->cycles = c1 - c0;
    out->ns = t1 - t0;
}

/* Each load timed alone: stamp i is read as load i issues, which is as
 * load i-1's value arrives, so stamp i+1 - stamp i is load i's latency. */
template <bool CG>
__global__ void chase_record(unsigned long long start, unsigned *record, chase_span *out)
{
    __shared__ unsigned stamps[GRK_CHASE_RECORDED + 1];
    unsigned long long p = start;
    for (int i = 0; i <= GRK_CHASE_RECORDED; i++) {
        p = chase_load<CG>(p);
        stamps[i] = (unsigned)clock_now();
    }
    out->end = p;
    for (int i = 0; i < GRK_CHASE_RECORDED; i++)
        record[i] = stamps[i + 1] - stamps[i];
}

/* The cycle built in shared memory (2^bits words, each the shared address
 * of the next), then chased by thread 0 from position 0. */
__global__ void chase_shared(int bits, long long loads, chase_span *out)
{
    extern __shared__ unsigned words[];
    const unsigned n = 1u << bits;
    const unsigned base = (unsigned)__cvta_generic_to_shared(words);
    for (unsigned j = threadIdx.x; j < n; j += blockDim.x)
        words[chase_slot(j, bits)] = base + 4u * (unsigned)chase_slot(j + 1 == n ? 0 : j + 1, bits);
    __syncthreads();
    if (threadIdx.x != 0)
        return;
    unsigned a = base; /* position 0 is slot 0 */
    long long c0 = clock_now();
    unsigned long long t0 = timer_ns();
    for (long long i = 0; i < loads; i++)
        asm volatile("ld.shared.u32 %0, [%0];" : "+r"(a)::"memory");
    out->end = (a - base) / 4u; /* waits for the last load */
    long long c1 = clock_now();
    unsigned long long t1 = timer_ns();
    out->cycles = c1 - c0;
    out->ns = t1 - t0;
}

static int log2_exact(unsigned long long n)
{
    int bits = 0;
    while (bits < 63 && (1ull << bits) < n)
        bits++;
    return (1ull << bits) == n ? bits : -1;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The shape of a chase at a level: slots, page bits, what it loads with. */
typedef struct {
    grk_chase_level level;
    unsigned long long n; /* slots */
    int bits;
    char *base;           /* global levels */
    chase_span *span;     /* device */
} chase_setup;

static int chase_prepare(grk_chase_level level, size_t footprint, chase_setup *c, grk_error *err)
{
    int slot = level == GRK_CHASE_SHARED ? 4 : LINE_BYTES;
    c->level = level;
    c->n = footprint / slot;
    c->bits = level == GRK_CHASE_DRAM ? DRAM_PAGE_BITS : log2_exact(c->n);
    if (c->n < 2 || footprint % slot || c->bits < 1 || c->n % (1ull << c->bits)) {
        grk_fail(err, "a chase of %zu bytes: it must be a power of two of %d-byte slots (DRAM: whole 2 MiB pages)",
                 footprint, slot);
        return -1;
    }
    GRK_CHECK_RETURN(cudaMalloc((void **)&c->span, sizeof *c->span));
    if (level == GRK_CHASE_SHARED)
        return 0;
    if (grk_malloc((void **)&c->base, footprint, "the chase's footprint", err, __FILE__, __LINE__) != 0)
        return -1;
    chase_init<<<1024, 256>>>(c->base, c->n, c->bits);
    GRK_LAUNCH_RETURN("chase_init");
    GRK_CHECK_RETURN(cudaDeviceSynchronize());
    return 0;
}

/* The slot's address (global) or word (shared) that position pos names. */
static unsigned long long chase_address(const chase_setup *c, unsigned long long pos)
{
    unsigned long long slot = chase_slot(pos % c->n, c->bits);
    return c->level == GRK_CHASE_SHARED ? slot : (unsigned long long)(uintptr_t)c->base + slot * LINE_BYTES;
}

/* One run from position *pos; *pos moves on by the loads made. */
static int chase_once(const chase_setup *c, unsigned long long *pos, long long warm, long long loads,
                      chase_span *span, bool *ok, grk_error *err)
{
    if (c->level == GRK_CHASE_SHARED) {
        chase_shared<<<1, SHARED_THREADS, (size_t)c->n * 4>>>(c->bits, loads, c->span);
        GRK_LAUNCH_RETURN("chase_shared");
        *pos = 0; /* rebuilt each run: the chase starts at position 0 */
    } else if (c->level == GRK_CHASE_L1) {
        chase_global<false><<<1, 1>>>(chase_address(c, *pos), warm, loads, c->span);
        GRK_LAUNCH_RETURN("chase_global<ca>");
    } else {
        chase_global<true><<<1, 1>>>(chase_address(c, *pos), warm, loads, c->span);
        GRK_LAUNCH_RETURN("chase_global<cg>");
    }
    GRK_CHECK_RETURN(cudaMemcpy(span, c->span, sizeof *span, cudaMemcpyDeviceToHost));
    *pos += (unsigned long long)(warm + loads);
    *ok = *ok && span->end == chase_address(c, *pos);
    return 0;
}

/* The last run at a global level: each load's latency, one by one. */
static int chase_recorded(const chase_setup *c, unsigned long long *pos, unsigned *record, bool *ok, grk_error *err)
{
    unsigned *d_record = NULL;
    chase_span span;
    int rc = -1;
    GRK_MALLOC(&d_record, GRK_CHASE_RECORDED * sizeof *d_record);
    if (c->level == GRK_CHASE_L1)
        chase_record<false><<<1, 1>>>(chase_address(c, *pos), d_record, c->span);
    else
        chase_record<true><<<1, 1>>>(chase_address(c, *pos), d_record, c->span);
    GRK_LAUNCH_CHECK("chase_record");
    GRK_CHECK(cudaMemcpy(&span, c->span, sizeof span, cudaMemcpyDeviceToHost));
    GRK_CHECK(cudaMemcpy(record, d_record, GRK_CHASE_RECORDED * sizeof *record, cudaMemcpyDeviceToHost));
    *pos += GRK_CHASE_RECORDED + 1;
    *ok = *ok && span.end == chase_address(c, *pos);
    rc = 0;
fail:
    cudaFree(d_record);
    return rc;
}

/* The runs, the median kept (by cycles a load; its ns beside it). */
static int chase_runs(const chase_setup *c, long long loads, int runs, unsigned *record, grk_chase *out,
                      grk_error *err)
{
    double cycles[64], sorted[64];
    unsigned long long ns[64], pos = 0;
    out->verified = true;
    for (int r = 0; r < runs; r++) {
        chase_span span;
        /* L1 may be cleared between launches: warmed in each; the L2 keeps its lines */
        long long warm = c->level == GRK_CHASE_L1 || (c->level == GRK_CHASE_L2 && r == 0) ? (long long)c->n : 0;
        if (chase_once(c, &pos, warm, loads, &span, &out->verified, err) != 0)
            return -1;
        cycles[r] = sorted[r] = (double)span.cycles / (double)loads;
        ns[r] = span.ns;
    }
    qsort(sorted, (size_t)runs, sizeof *sorted, compare_double);
    for (int r = 0; r < runs; r++)
        if (cycles[r] == sorted[runs / 2]) {
            out->cycles = cycles[r];
            out->ns = (double)ns[r] / (double)loads;
            break;
        }
    if (record && c->level != GRK_CHASE_SHARED)
        return chase_recorded(c, &pos, record, &out->verified, err);
    return 0;
}

int grk_chase_run(grk_chase_level level, size_t footprint_bytes, long long loads, int runs, unsigned *record,
                  grk_chase *out, grk_error *err)
{
    chase_setup c = {level, 0, 0, NULL, NULL};
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (runs < 1 || runs > 64 || loads < 1) {
        grk_fail(err, "a chase takes 1 to 64 runs of at least one load (got %d runs of %lld)", runs, loads);
        return -1;
    }
    if (chase_prepare(level, footprint_bytes, &c, err) == 0) {
        out->footprint_bytes = footprint_bytes;
        out->slot_bytes = level == GRK_CHASE_SHARED ? 4 : LINE_BYTES;
        out->loads = loads;
        out->runs = runs;
        rc = chase_runs(&c, loads, runs, record, out, err);
    }
    cudaFree(c.base);
    cudaFree(c.span);
    return rc;
}

/* ---- the latency roofs ------------------------------------------------------ */

__device__ __forceinline__ unsigned fold(unsigned v) { return v; }
__device__ __forceinline__ unsigned fold(uint2 v) { return v.x + v.y; }
__device__ __forceinline__ unsigned fold(uint4 v) { return (v.x + v.y) + (v.z + v.w); }

/* n elements of T; each warp's sum of the words it read into
 * sums[its index in the grid].  Dynamic shared memory is asked for only to
 * hold the blocks an SM takes to the number wanted: it is never touched. */
template <typename T, int K>
__global__ void __launch_bounds__(1024, 2) warps_read(const T *__restrict__ data, size_t n, unsigned *sums)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned sum = 0;
#pragma unroll 1
    for (; i + (K - 1) * stride < n; i += K * stride) {
        T v[K];
#pragma unroll
        for (int k = 0; k < K; k++)
            v[k] = __ldcg(data + i + k * stride);
#pragma unroll
        for (int k = 0; k < K; k++)
            sum += fold(v[k]);
    }
#pragma unroll 1
    for (; i < n; i += stride)
        sum += fold(__ldcg(data + i));
    for (int o = 16; o > 0; o >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, o);
    if ((threadIdx.x & 31) == 0)
        sums[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = sum;
}

__global__ void pattern_fill(unsigned *words, size_t count)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
        words[i] = grk_pattern_word(i);
}

typedef void (*warps_kernel_t)(const void *, size_t, unsigned *);

#define WARPS_KERNEL(T, K) ((warps_kernel_t)(void (*)(const T *, size_t, unsigned *))warps_read<T, K>)
/* [load bytes 4, 8, 16][loads in flight 1, 2, 4] */
static const warps_kernel_t warps_kernels[3][3] = {
    {WARPS_KERNEL(unsigned, 1), WARPS_KERNEL(unsigned, 2), WARPS_KERNEL(unsigned, 4)},
    {WARPS_KERNEL(uint2, 1), WARPS_KERNEL(uint2, 2), WARPS_KERNEL(uint2, 4)},
    {WARPS_KERNEL(uint4, 1), WARPS_KERNEL(uint4, 2), WARPS_KERNEL(uint4, 4)},
};
static const int load_sizes[3] = {4, 8, 16}, in_flight[3] = {1, 2, 4};

typedef struct {
    warps_kernel_t kernel;
    const void *data;
    size_t n; /* elements of the load's size */
    unsigned *sums;
    int blocks, threads;
    size_t smem;
} warps_launch;

static int warps_launch_fn(void *ctx, int config, grk_error *err)
{
    const warps_launch *l = (const warps_launch *)ctx;
    void *args[] = {(void *)&l->data, (void *)&l->n, (void *)&l->sums};
    (void)config;
    GRK_CHECK_RETURN(cudaLaunchKernel((const void *)l->kernel, dim3(l->blocks), dim3(l->threads), args, l->smem, 0));
    return 0;
}

/* The least dynamic shared memory with which an SM holds exactly `blocks`
 * blocks of `threads`: the runtime's occupancy falls as the memory grows,
 * so a binary search finds where it reaches blocks. */
static int smem_for_blocks(warps_kernel_t k, int threads, int blocks, size_t *smem, grk_error *err)
{
    int device, optin, got;
    GRK_CHECK_RETURN(cudaGetDevice(&device));
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    GRK_CHECK_RETURN(cudaFuncSetAttribute((const void *)k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    GRK_CHECK_RETURN(cudaFuncSetAttribute((const void *)k, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          (int)cudaSharedmemCarveoutMaxShared));
    /* both ends multiples of 128, so that each midpoint lies strictly
     * between them; occupancy(hi) <= blocks is checked at the end */
    size_t lo = 0, hi = (size_t)optin / 128 * 128;
    while (hi - lo > 128) {
        size_t mid = (lo + hi) / 2 / 128 * 128;
        GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, (const void *)k, threads, mid));
        if (got <= blocks)
            hi = mid;
        else
            lo = mid;
    }
    GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, (const void *)k, threads, lo));
    *smem = got == blocks ? lo : hi;
    GRK_CHECK_RETURN(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, (const void *)k, threads, *smem));
    if (got != blocks) {
        grk_fail(err, "no dynamic shared memory leaves exactly %d blocks of %d threads on an SM (the runtime says "
                 "%d)", blocks, threads, got);
        return -1;
    }
    return 0;
}

/* One point: W warps as B blocks of W/B warps on every SM. */
static int curve_point(warps_launch *l, int sms, int warps, int repeats, unsigned expected, unsigned *host_sums,
                       grk_curve_point *p, grk_error *err)
{
    p->blocks_per_sm = (warps + 31) / 32;
    if (warps % p->blocks_per_sm) {
        grk_fail(err, "%d warps an SM cannot be split into %d equal blocks", warps, p->blocks_per_sm);
        return -1;
    }
    p->threads_per_block = l->threads = 32 * warps / p->blocks_per_sm;
    l->blocks = sms * p->blocks_per_sm;
    if (smem_for_blocks(l->kernel, l->threads, p->blocks_per_sm, &l->smem, err) != 0)
        return -1;
    if (grk_time_runs(warps_launch_fn, l, 1, repeats, &p->t, NULL, err) != 0)
        return -1;
    size_t count = (size_t)l->blocks * l->threads / 32;
    GRK_CHECK_RETURN(cudaMemcpy(host_sums, l->sums, count * sizeof *host_sums, cudaMemcpyDeviceToHost));
    unsigned sum = 0;
    for (size_t i = 0; i < count; i++)
        sum += host_sums[i];
    p->verified = sum == expected;
    p->gbs = (double)l->n * p->load_bytes / (p->t.median_ms * 1e6);
    return 0;
}

static int curves_over(const unsigned *data, size_t words, const int *warps, int warp_count, int repeats,
                       unsigned *sums, unsigned *host_sums, grk_curve_point *out, grk_error *err)
{
    int sms;
    unsigned expected = 0; /* every word, mod 2^32 */
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    for (size_t i = 0; i < words; i++)
        expected += grk_pattern_word(i);
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 3; k++)
            for (int w = 0; w < warp_count; w++) {
                grk_curve_point *p = &out[(b * 3 + k) * warp_count + w];
                warps_launch l = {warps_kernels[b][k], data, words * 4 / load_sizes[b], sums, 0, 0, 0};
                memset(p, 0, sizeof *p);
                p->load_bytes = load_sizes[b];
                p->loads_in_flight = in_flight[k];
                p->warps_per_sm = warps[w];
                if (curve_point(&l, sms, warps[w], repeats, expected, host_sums, p, err) != 0)
                    return -1;
            }
    return 0;
}

int grk_latency_curves(size_t array_bytes, const int *warps, int warp_count, int repeats, grk_curve_point *out,
                       grk_error *err)
{
    unsigned *data = NULL, *sums = NULL, *host_sums = NULL;
    int sms, most = 0, rc = -1;
    size_t words = array_bytes / 16 * 4; /* whole 16-byte loads */
    for (int w = 0; w < warp_count; w++)
        most = warps[w] > most ? warps[w] : most;
    if (grk_sm_count(&sms, err) != 0)
        return -1;
    host_sums = (unsigned *)malloc((size_t)sms * most * sizeof *host_sums);
    if (!host_sums) {
        grk_fail(err, "out of host memory for %d warps' sums", sms * most);
        return -1;
    }
    GRK_MALLOC(&data, words * 4);
    GRK_MALLOC(&sums, (size_t)sms * most * sizeof *sums);
    pattern_fill<<<1024, 256>>>(data, words);
    GRK_LAUNCH_CHECK("pattern_fill");
    GRK_CHECK(cudaDeviceSynchronize());
    rc = curves_over(data, words, warps, warp_count, repeats, sums, host_sums, out, err);
fail:
    cudaFree(data);
    cudaFree(sums);
    free(host_sums);
    return rc;
}

/* ---- the launch floor ---------------------------------------------------------- */

__global__ void empty_kernel(void) {}

static int launch_spans(int launches, int repeats, double *empty_ns, double *interval_ns, cudaEvent_t start,
                        cudaEvent_t stop, double *ms, grk_error *err)
{
    float elapsed;
    for (int r = 0; r < repeats; r++) {
        GRK_CHECK_RETURN(cudaEventRecord(start, 0));
        empty_kernel<<<1, 32>>>();
        GRK_LAUNCH_RETURN("empty_kernel");
        GRK_CHECK_RETURN(cudaEventRecord(stop, 0));
        GRK_CHECK_RETURN(cudaEventSynchronize(stop));
        GRK_CHECK_RETURN(cudaEventElapsedTime(&elapsed, start, stop));
        ms[r] = elapsed;
    }
    qsort(ms, (size_t)repeats, sizeof *ms, compare_double);
    *empty_ns = ms[repeats / 2] * 1e6;
    for (int r = 0; r < FLOOR_SPANS; r++) {
        GRK_CHECK_RETURN(cudaEventRecord(start, 0));
        for (int i = 0; i < launches; i++)
            empty_kernel<<<1, 32>>>();
        GRK_LAUNCH_RETURN("empty_kernel"); /* any launch of them that failed */
        GRK_CHECK_RETURN(cudaEventRecord(stop, 0));
        GRK_CHECK_RETURN(cudaEventSynchronize(stop));
        GRK_CHECK_RETURN(cudaEventElapsedTime(&elapsed, start, stop));
        ms[r] = elapsed;
    }
    qsort(ms, FLOOR_SPANS, sizeof *ms, compare_double);
    *interval_ns = ms[FLOOR_SPANS / 2] * 1e6 / launches;
    return 0;
}

int grk_launch_floor(int launches, int repeats, double *empty_ns, double *interval_ns, grk_error *err)
{
    cudaEvent_t start = NULL, stop = NULL;
    double *ms = NULL;
    int rc = -1;
    if (launches < 1 || repeats < 1) {
        grk_fail(err, "the launch floor takes at least one launch and one repeat");
        return -1;
    }
    ms = (double *)malloc((size_t)(repeats > FLOOR_SPANS ? repeats : FLOOR_SPANS) * sizeof *ms);
    if (!ms) {
        grk_fail(err, "out of host memory for %d timings", repeats);
        return -1;
    }
    GRK_CHECK(cudaEventCreate(&start));
    GRK_CHECK(cudaEventCreate(&stop));
    empty_kernel<<<1, 32>>>(); /* module load and first launch, untimed */
    GRK_LAUNCH_CHECK("empty_kernel");
    GRK_CHECK(cudaDeviceSynchronize());
    rc = launch_spans(launches, repeats, empty_ns, interval_ns, start, stop, ms, err);
fail:
    if (start)
        cudaEventDestroy(start);
    if (stop)
        cudaEventDestroy(stop);
    free(ms);
    return rc;
}
