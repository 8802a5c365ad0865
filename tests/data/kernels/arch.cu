// One kernel built for plain, architecture-specific ('a') and family ('f')
// targets (build-arch-rdc in this folder): how each names its variant.
__global__ void arch_scale(float *x, float f)
{
    __shared__ float tile[256];
    tile[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    x[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x] * f;
}
