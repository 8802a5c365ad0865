/* The shared-memory layout kernels of the seeds ("Checking the Data Layout
 * of Shared Memory"): setRowReadRow ... setRowReadColDynPad, square
 * (bdimx == bdimy: the square code, tile[threadIdx.x][threadIdx.y]) and
 * rectangular (the irow / icol transpose).  Static tiles need their sizes at
 * compile time: the templates are built for 32x32, 32x16, 16x32 and 16x16,
 * the static Pad kernel for pad 0 to 3; the dynamic kernels take any shape
 * of up to 1024 threads.  One block; out gets bdimx * bdimy ints. */
#include <stdio.h>
#include "check.h"

/* ---- both shapes: the same code ---------------------------------------- */

template <int BDIMX, int BDIMY>
__global__ void setRowReadRow(int *out)
{
    __shared__ int tile[BDIMY][BDIMX];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();
    out[idx] = tile[threadIdx.y][threadIdx.x];
}

template <int BDIMX, int BDIMY>
__global__ void setColReadCol(int *out)
{
    __shared__ int tile[BDIMX][BDIMY];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[threadIdx.x][threadIdx.y] = idx;
    __syncthreads();
    out[idx] = tile[threadIdx.x][threadIdx.y];
}

/* ---- square ------------------------------------------------------------- */

template <int BDIMX, int BDIMY>
__global__ void setRowReadColSquare(int *out)
{
    __shared__ int tile[BDIMY][BDIMX];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();
    out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void setRowReadColDynSquare(int *out)
{
    extern __shared__ int tile[];
    unsigned int row_idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int col_idx = threadIdx.x * blockDim.y + threadIdx.y;
    tile[row_idx] = row_idx;
    __syncthreads();
    out[row_idx] = tile[col_idx];
}

template <int BDIMX, int BDIMY, int IPAD>
__global__ void setRowReadColPadSquare(int *out)
{
    __shared__ int tile[BDIMY][BDIMX + IPAD];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();
    out[idx] = tile[threadIdx.x][threadIdx.y];
}

__global__ void setRowReadColDynPadSquare(int *out, unsigned int ipad)
{
    extern __shared__ int tile[];
    unsigned int row_idx = threadIdx.y * (blockDim.x + ipad) + threadIdx.x;
    unsigned int col_idx = threadIdx.x * (blockDim.x + ipad) + threadIdx.y;
    unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
    tile[row_idx] = g_idx;
    __syncthreads();
    out[g_idx] = tile[col_idx];
}

/* ---- rectangular -------------------------------------------------------- */

template <int BDIMX, int BDIMY>
__global__ void setRowReadColRect(int *out)
{
    __shared__ int tile[BDIMY][BDIMX];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int irow = idx / blockDim.y;
    unsigned int icol = idx % blockDim.y;
    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();
    out[idx] = tile[icol][irow];
}

__global__ void setRowReadColDynRect(int *out)
{
    extern __shared__ int tile[];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int irow = idx / blockDim.y;
    unsigned int icol = idx % blockDim.y;
    unsigned int col_idx = icol * blockDim.x + irow;
    tile[idx] = idx;
    __syncthreads();
    out[idx] = tile[col_idx];
}

template <int BDIMX, int BDIMY, int NPAD>
__global__ void setRowReadColPadRect(int *out)
{
    __shared__ int tile[BDIMY][BDIMX + NPAD];
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int irow = idx / blockDim.y;
    unsigned int icol = idx % blockDim.y;
    tile[threadIdx.y][threadIdx.x] = idx;
    __syncthreads();
    out[idx] = tile[icol][irow];
}

__global__ void setRowReadColDynPadRect(int *out, unsigned int ipad)
{
    extern __shared__ int tile[];
    unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int irow = g_idx / blockDim.y;
    unsigned int icol = g_idx % blockDim.y;
    unsigned int row_idx = threadIdx.y * (blockDim.x + ipad) + threadIdx.x;
    unsigned int col_idx = icol * (blockDim.x + ipad) + irow;
    tile[row_idx] = g_idx;
    __syncthreads();
    out[g_idx] = tile[col_idx];
}

/* ---- launchers ---------------------------------------------------------- */

#define MAX_STATIC_PAD 3

typedef void (*layout_kernel_t)(int *);

/* The static kernel for this shape, kind and pad; NULL where none is built. */
template <int X, int Y>
static layout_kernel_t static_square(grk_layout_kind kind, int pad)
{
    static const layout_kernel_t padded[MAX_STATIC_PAD + 1] = {
        setRowReadColPadSquare<X, Y, 0>, setRowReadColPadSquare<X, Y, 1>, setRowReadColPadSquare<X, Y, 2>,
        setRowReadColPadSquare<X, Y, 3>};
    switch (kind) {
    case GRK_SET_ROW_READ_ROW:
        return setRowReadRow<X, Y>;
    case GRK_SET_COL_READ_COL:
        return setColReadCol<X, Y>;
    case GRK_SET_ROW_READ_COL:
        return setRowReadColSquare<X, Y>;
    case GRK_SET_ROW_READ_COL_PAD:
        return pad >= 0 && pad <= MAX_STATIC_PAD ? padded[pad] : NULL;
    default:
        return NULL;
    }
}

template <int X, int Y>
static layout_kernel_t static_rect(grk_layout_kind kind, int pad)
{
    static const layout_kernel_t padded[MAX_STATIC_PAD + 1] = {
        setRowReadColPadRect<X, Y, 0>, setRowReadColPadRect<X, Y, 1>, setRowReadColPadRect<X, Y, 2>,
        setRowReadColPadRect<X, Y, 3>};
    switch (kind) {
    case GRK_SET_ROW_READ_ROW:
        return setRowReadRow<X, Y>;
    case GRK_SET_COL_READ_COL:
        return setColReadCol<X, Y>;
    case GRK_SET_ROW_READ_COL:
        return setRowReadColRect<X, Y>;
    case GRK_SET_ROW_READ_COL_PAD:
        return pad >= 0 && pad <= MAX_STATIC_PAD ? padded[pad] : NULL;
    default:
        return NULL;
    }
}

static layout_kernel_t static_kernel(grk_layout_kind kind, int bdimx, int bdimy, int pad)
{
    if (bdimx == 32 && bdimy == 32)
        return static_square<32, 32>(kind, pad);
    if (bdimx == 16 && bdimy == 16)
        return static_square<16, 16>(kind, pad);
    if (bdimx == 32 && bdimy == 16)
        return static_rect<32, 16>(kind, pad);
    if (bdimx == 16 && bdimy == 32)
        return static_rect<16, 32>(kind, pad);
    return NULL;
}

const char *grk_layout_name(grk_layout_kind kind)
{
    switch (kind) {
    case GRK_SET_ROW_READ_ROW:
        return "setRowReadRow";
    case GRK_SET_COL_READ_COL:
        return "setColReadCol";
    case GRK_SET_ROW_READ_COL:
        return "setRowReadCol";
    case GRK_SET_ROW_READ_COL_DYN:
        return "setRowReadColDyn";
    case GRK_SET_ROW_READ_COL_PAD:
        return "setRowReadColPad";
    case GRK_SET_ROW_READ_COL_DYN_PAD:
        return "setRowReadColDynPad";
    default:
        return "unknown";
    }
}

int grk_layout(grk_layout_kind kind, int bdimx, int bdimy, int pad, int *out, grk_error *err)
{
    int *d_out = NULL, rc = -1;
    size_t count, dynamic = 0;
    bool square = bdimx == bdimy, dyn = kind == GRK_SET_ROW_READ_COL_DYN || kind == GRK_SET_ROW_READ_COL_DYN_PAD;
    layout_kernel_t kernel = NULL;
    dim3 block;

    if ((int)kind < 0 || (int)kind >= GRK_LAYOUT_COUNT) {
        grk_fail(err, "grk_layout: unknown kind %d", (int)kind);
        return -1;
    }
    if (bdimx < 1 || bdimy < 1 || bdimx * bdimy > 1024) {
        grk_fail(err, "grk_layout %s: block %dx%d: need 1 to 1024 threads", grk_layout_name(kind), bdimx, bdimy);
        return -1;
    }
    /* pad applies to the Pad kernels; the others have none and ignore it */
    if (kind != GRK_SET_ROW_READ_COL_PAD && kind != GRK_SET_ROW_READ_COL_DYN_PAD)
        pad = 0;
    if (pad < 0 || pad > 1024) {
        grk_fail(err, "grk_layout %s: pad %d: must be 0 to 1024", grk_layout_name(kind), pad);
        return -1;
    }
    if (dyn) {
        dynamic = (size_t)(bdimx + pad) * bdimy * sizeof(int);
        if (dynamic > 48 * 1024) {
            grk_fail(err, "grk_layout %s: %dx%d with pad %d needs %zu bytes of shared memory, over 48 KiB",
                     grk_layout_name(kind), bdimx, bdimy, pad, dynamic);
            return -1;
        }
    } else {
        kernel = static_kernel(kind, bdimx, bdimy, pad);
        if (!kernel) {
            grk_fail(err,
                     "grk_layout %s: no static tile built for %dx%d%s (built: 32x32, 16x16, 32x16, 16x32; "
                     "pad 0 to %d)",
                     grk_layout_name(kind), bdimx, bdimy, kind == GRK_SET_ROW_READ_COL_PAD ? " with that pad" : "",
                     MAX_STATIC_PAD);
            return -1;
        }
    }

    count = (size_t)bdimx * bdimy;
    block = dim3(bdimx, bdimy);
    GRK_CHECK(cudaMalloc((void **)&d_out, count * sizeof(int)));
    GRK_CHECK(cudaMemset(d_out, 0xff, count * sizeof(int))); /* -1: unwritten elements show */
    if (kind == GRK_SET_ROW_READ_COL_DYN) {
        if (square)
            setRowReadColDynSquare<<<1, block, dynamic>>>(d_out);
        else
            setRowReadColDynRect<<<1, block, dynamic>>>(d_out);
    } else if (kind == GRK_SET_ROW_READ_COL_DYN_PAD) {
        if (square)
            setRowReadColDynPadSquare<<<1, block, dynamic>>>(d_out, (unsigned int)pad);
        else
            setRowReadColDynPadRect<<<1, block, dynamic>>>(d_out, (unsigned int)pad);
    } else {
        kernel<<<1, block>>>(d_out);
    }
    GRK_LAUNCH_CHECK(grk_layout_name(kind));
    GRK_CHECK(cudaDeviceSynchronize());
    GRK_CHECK(cudaMemcpy(out, d_out, count * sizeof(int), cudaMemcpyDeviceToHost));
    rc = 0;
fail:
    if (d_out)
        (void)cudaFree(d_out);
    return rc;
}
