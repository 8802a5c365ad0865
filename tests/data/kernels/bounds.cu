// Kernels under __launch_bounds__, whose cubins (bounds-sm80.cubin,
// bounds-sm90.cubin) test that a block size gpuroof chooses or checks
// never exceeds a kernel's bound, and names in the spellings the tools
// write (an anonymous namespace, const pointers and references).

// At most 512 threads a block: a launch of 1024 fails, and
// cudaOccupancyMaxPotentialBlockSize never suggests more than 512.
__global__ void __launch_bounds__(512) bounded512(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * 2.0f + 1.0f;
}

// At most 256 threads, at least 4 blocks per SM (ptxas caps the registers
// at 65536 / (4 x 256) = 64).
__global__ void __launch_bounds__(256, 4) bounded256x4(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < 8; k++)
        acc += in[(i + k * 97) % n] * (float)k;
    if (i < n)
        out[i] = acc;
}

// No bounds: the suggested block size is the device's to choose.
__global__ void unbounded(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] + 1.0f;
}

// An anonymous namespace and a reference: libiberty writes
// (anonymous namespace)::nameless(float const&, float*), Nsight Compute
// <unnamed>::nameless(const float &, float *).
namespace {
__global__ void __launch_bounds__(128) nameless(const float &scale, float *out)
{
    out[threadIdx.x] *= scale;
}
} // namespace

// Keeps the anonymous namespace's kernel in the cubin.
void *keep_nameless()
{
    return (void *)nameless;
}
