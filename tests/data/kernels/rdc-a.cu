// Separate compilation (nvcc -rdc=true, build-arch-rdc in this folder):
// kernels calling a device function defined in rdc-b.cu.
#include <cstdio>
__device__ __noinline__ float twice(float x);

// A template's shared memory is a weak object until the device link: the
// relocatable cubin's .nv.shared section for it is empty.
template <int T>
__global__ void tiled(float *p)
{
    __shared__ float s[T][T + 1];
    s[threadIdx.y][threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = twice(s[threadIdx.x][threadIdx.y]);
}

// 1 KiB of the kernel's own.
__global__ void plain(float *p)
{
    __shared__ float s[256];
    s[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = twice(s[255 - threadIdx.x]);
}

int main()
{
    float *p;
    cudaMalloc(&p, 4096);
    tiled<32><<<1, 32>>>(p);
    plain<<<1, 256>>>(p);
    printf("%d\n", (int)cudaDeviceSynchronize());
    return 0;
}
