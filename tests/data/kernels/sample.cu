// Kernels whose resources gpuroof kernels reads back from nvcc's report,
// cuobjdump's listing, the cubins and the binaries built from this file
// (tests/cli/kernels.sh builds them where nvcc is present; the fixtures
// beside this file were built from it, see README in this folder).

// Static shared memory: a tiled transpose, 32 x 33 floats = 4224 bytes.
__global__ void transpose_tile(float *out, const float *in, int n)
{
    __shared__ float tile[32][33];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    if (x < n && y < n)
        tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    if (x < n && y < n)
        out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Templates in a namespace: mangled names that need demangling.
namespace sample {
template <typename T, int N>
__global__ void scale(T *data, T factor)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < N; k++)
        data[i * N + k] *= factor;
}
template __global__ void scale<float, 4>(float *, float);
template __global__ void scale<double, 2>(double *, double);
} // namespace sample

// __launch_bounds__: at most 256 threads, at least 2 blocks per SM.
__global__ void __launch_bounds__(256, 2) bounded(float *x)
{
    x[blockIdx.x * 256 + threadIdx.x] += 1.0f;
}

// A local array indexed at run time: a stack frame, no spills.
__global__ void local_array(float *out, const int *idx, int n)
{
    float acc[64];
    for (int i = 0; i < 64; i++)
        acc[i] = out[i * n + threadIdx.x];
    for (int i = 0; i < 64; i++)
        acc[idx[i] & 63] += acc[i] * acc[(i * 7) & 63];
    float sum = 0;
    for (int i = 0; i < 64; i++)
        sum += acc[i] * (float)i;
    out[threadIdx.x] = sum;
}

// 48 live accumulators under __launch_bounds__(1024, 2), which caps the
// registers at 65536 / 2048 = 32: ptxas spills.
__global__ void __launch_bounds__(1024, 2) spills(float *out, const float *in, int n)
{
    float acc[48];
#pragma unroll
    for (int i = 0; i < 48; i++)
        acc[i] = in[i * n + threadIdx.x];
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int i = 0; i < 48; i++)
            acc[i] = acc[i] * acc[(i + r + 1) % 48] + in[r];
    float sum = 0;
#pragma unroll
    for (int i = 0; i < 48; i++)
        sum += acc[i] * (float)i;
    out[threadIdx.x] = sum;
}

// C linkage: the name is not mangled.
extern "C" __global__ void c_linkage(int *p)
{
    p[threadIdx.x] = threadIdx.x;
}

// Only dynamic shared memory: no static shared memory at all.
__global__ void dynamic_only(float *out)
{
    extern __shared__ float buf[];
    buf[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

// __constant__ data lives in a bank of the module, not in the kernel's own
// constant bank 0 (its parameters).
__constant__ float coeffs[256];

// A device function that is not inlined: ptxas reports its properties too,
// but it is no kernel.
__device__ __noinline__ float weigh(float x, int k)
{
    return coeffs[k & 255] * x;
}

__global__ void uses_constant(float *out, const float *in)
{
    float s = 0;
#pragma unroll 1
    for (int k = 0; k < 256; k++)
        s += weigh(in[threadIdx.x + k], k);
    out[threadIdx.x] = s;
}
