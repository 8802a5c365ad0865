// The host program of the executable fixture: one more kernel, and the
// CUDA runtime, which brings fatbins of its own that hold no kernels.
#include <cstdio>

__global__ void hello(int *p)
{
    p[threadIdx.x] = threadIdx.x;
}

int main()
{
    int *p = nullptr;
    if (cudaMalloc(&p, 32 * sizeof *p) != cudaSuccess)
        return 1;
    hello<<<1, 32>>>(p);
    std::printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return cudaFree(p) != cudaSuccess;
}
