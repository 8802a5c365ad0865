/* An experiment, not part of gpuroof: per-load L2 latency on the H100 at
 * footprints from 2 to 64 MiB, to find where the far L2 partition shows
 * (plots/data/h100-l2-near-far.txt; src/core/roofline/load_latency.h uses it).
 * One thread chases a random cycle of 128-byte lines with ld.global.cg
 * (past the L1), after warming it twice over (at most 2,000,000 loads),
 * and times 8192 loads one by one with clock64; it prints percentiles and
 * a histogram in 50-cycle buckets ("bucket:loads").
 *   nvcc -O3 -arch=sm_90 -o l2-near-far tools/l2-near-far.cu && ./l2-near-far */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)
__global__ void chase(const unsigned long long *next, unsigned long long start, int warm, int n, unsigned *cyc, unsigned long long *end)
{
    unsigned long long p = start;
    for (int i = 0; i < warm; i++) p = __ldcg(next + p);
    for (int i = 0; i < n; i++) {
        long long t0 = clock64();
        p = __ldcg(next + p);
        cyc[i] = (unsigned)(clock64() - t0 + (p & 0)); // use p so the load completes before the clock
    }
    *end = p;
}
int main()
{
    const int n = 8192;
    unsigned *cyc; unsigned long long *end;
    CK(cudaMalloc(&cyc, n * 4)); CK(cudaMalloc(&end, 8));
    size_t mibs[] = {2, 8, 16, 20, 24, 28, 32, 40, 48, 64};
    for (size_t mib : mibs) {
        size_t lines = mib * 1024 * 1024 / 128, words = lines * 16;
        std::vector<unsigned long long> h(words, 0);
        std::vector<size_t> perm(lines);
        for (size_t i = 0; i < lines; i++) perm[i] = i;
        srand(42);
        for (size_t i = lines - 1; i > 0; i--) std::swap(perm[i], perm[(size_t)rand() % (i + 1)]);
        for (size_t i = 0; i < lines; i++) h[perm[i] * 16] = perm[(i + 1) % lines] * 16;
        unsigned long long *d; CK(cudaMalloc(&d, words * 8));
        CK(cudaMemcpy(d, h.data(), words * 8, cudaMemcpyHostToDevice));
        int warm = (int)std::min(lines * 2, (size_t)2000000);
        chase<<<1, 1>>>(d, perm[0] * 16, warm, n, cyc, end); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        chase<<<1, 1>>>(d, perm[0] * 16, warm, n, cyc, end); CK(cudaDeviceSynchronize());
        std::vector<unsigned> c(n); CK(cudaMemcpy(c.data(), cyc, n * 4, cudaMemcpyDeviceToHost));
        std::sort(c.begin(), c.end());
        // histogram in 50-cycle buckets
        printf("%3zu MiB: p5 %u p25 %u p50 %u p75 %u p95 %u |", mib, c[n/20], c[n/4], c[n/2], c[3*n/4], c[19*n/20]);
        int b[20] = {0}; for (unsigned v : c) b[std::min(19u, v / 50)]++;
        for (int i = 0; i < 20; i++) if (b[i]) printf(" %d:%d", i * 50, b[i]);
        printf("\n");
        CK(cudaFree(d));
    }
    return 0;
}
