// The device function rdc-a.cu calls, and a kernel no host code launches.
__device__ __noinline__ float twice(float x)
{
    return 2 * x;
}

__global__ void other(float *p)
{
    p[threadIdx.x] = twice(p[threadIdx.x]);
}
