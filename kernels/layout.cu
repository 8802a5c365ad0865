/* The shared-memory layout kernels of Professional CUDA C Programming, chapter 5
 * ("Checking the Data Layout of Shared Memory"): setRowReadRow ... setRowReadColDynPad, square
 * (bdimx == bdimy: the square code, tile[threadIdx.x][threadIdx.y]) and
 * rectangular (the irow / icol transpose).  Static tiles need their sizes at
 * compile time: the templates are built for 32x32, 32x16, 16x32 and 16x16,
 * the static Pad kernel for pad 0 to 3; the dynamic kernels take any shape
 * of up to 1024 threads.  One block; out gets bdimx * bdimy ints.
 * grk_layout_timed runs each kernel's pass (the same code) many times over,
 * on many blocks, in layoutRepeated<>. */
#include <stdio.h>
#include "check.h"

/* Each kernel's shared-memory pass, written once: its tile, its store (of
 * `value` where the notes store idx), the barrier and its load, with the
 * notes' own index formulas.  The notes' kernels below store idx and write
 * the load to out; layoutRepeated<> runs the same pass `reps` times (see
 * there).  The tile is declared in the pass itself, so both kernels use the
 * very same declaration; ipad: the dynamic Pad kernels' padding (ignored by
 * the others). */

/* ---- both shapes: the same code ---------------------------------------- */

template <int BDIMX, int BDIMY>
struct SetRowReadRow {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMY][BDIMX];
        tile[threadIdx.y][threadIdx.x] = value;
        __syncthreads();
        return tile[threadIdx.y][threadIdx.x];
    }
};

template <int BDIMX, int BDIMY>
struct SetColReadCol {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMX][BDIMY];
        tile[threadIdx.x][threadIdx.y] = value;
        __syncthreads();
        return tile[threadIdx.x][threadIdx.y];
    }
};

/* ---- square ------------------------------------------------------------- */

template <int BDIMX, int BDIMY>
struct SetRowReadColSquare {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMY][BDIMX];
        tile[threadIdx.y][threadIdx.x] = value;
        __syncthreads();
        return tile[threadIdx.x][threadIdx.y];
    }
};

struct SetRowReadColDynSquare {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        extern __shared__ int tile[];
        unsigned int row_idx = threadIdx.y * blockDim.x + threadIdx.x;
        unsigned int col_idx = threadIdx.x * blockDim.y + threadIdx.y;
        tile[row_idx] = value;
        __syncthreads();
        return tile[col_idx];
    }
};

template <int BDIMX, int BDIMY, int IPAD>
struct SetRowReadColPadSquare {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMY][BDIMX + IPAD];
        tile[threadIdx.y][threadIdx.x] = value;
        __syncthreads();
        return tile[threadIdx.x][threadIdx.y];
    }
};

struct SetRowReadColDynPadSquare {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int ipad)
    {
        extern __shared__ int tile[];
        unsigned int row_idx = threadIdx.y * (blockDim.x + ipad) + threadIdx.x;
        unsigned int col_idx = threadIdx.x * (blockDim.x + ipad) + threadIdx.y;
        tile[row_idx] = value;
        __syncthreads();
        return tile[col_idx];
    }
};

/* ---- rectangular -------------------------------------------------------- */

template <int BDIMX, int BDIMY>
struct SetRowReadColRect {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMY][BDIMX];
        unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
        unsigned int irow = idx / blockDim.y;
        unsigned int icol = idx % blockDim.y;
        tile[threadIdx.y][threadIdx.x] = value;
        __syncthreads();
        return tile[icol][irow];
    }
};

struct SetRowReadColDynRect {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        extern __shared__ int tile[];
        unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
        unsigned int irow = idx / blockDim.y;
        unsigned int icol = idx % blockDim.y;
        unsigned int col_idx = icol * blockDim.x + irow;
        tile[idx] = value;
        __syncthreads();
        return tile[col_idx];
    }
};

template <int BDIMX, int BDIMY, int NPAD>
struct SetRowReadColPadRect {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int /* ipad */)
    {
        __shared__ int tile[BDIMY][BDIMX + NPAD];
        unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
        unsigned int irow = idx / blockDim.y;
        unsigned int icol = idx % blockDim.y;
        tile[threadIdx.y][threadIdx.x] = value;
        __syncthreads();
        return tile[icol][irow];
    }
};

struct SetRowReadColDynPadRect {
    __device__ __forceinline__ static int pass(unsigned int value, unsigned int ipad)
    {
        extern __shared__ int tile[];
        unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
        unsigned int irow = g_idx / blockDim.y;
        unsigned int icol = g_idx % blockDim.y;
        unsigned int row_idx = threadIdx.y * (blockDim.x + ipad) + threadIdx.x;
        unsigned int col_idx = icol * (blockDim.x + ipad) + irow;
        tile[row_idx] = value;
        __syncthreads();
        return tile[col_idx];
    }
};

/* ---- the notes' kernels: one pass, idx stored, the load written out ----
 * (names and signatures as in the notes: Nsight Compute picks them by name) */

template <int BDIMX, int BDIMY>
__global__ void setRowReadRow(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadRow<BDIMX, BDIMY>::pass(idx, 0);
}

template <int BDIMX, int BDIMY>
__global__ void setColReadCol(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetColReadCol<BDIMX, BDIMY>::pass(idx, 0);
}

template <int BDIMX, int BDIMY>
__global__ void setRowReadColSquare(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadColSquare<BDIMX, BDIMY>::pass(idx, 0);
}

__global__ void setRowReadColDynSquare(int *out)
{
    unsigned int row_idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[row_idx] = SetRowReadColDynSquare::pass(row_idx, 0);
}

template <int BDIMX, int BDIMY, int IPAD>
__global__ void setRowReadColPadSquare(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadColPadSquare<BDIMX, BDIMY, IPAD>::pass(idx, 0);
}

__global__ void setRowReadColDynPadSquare(int *out, unsigned int ipad)
{
    unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[g_idx] = SetRowReadColDynPadSquare::pass(g_idx, ipad);
}

template <int BDIMX, int BDIMY>
__global__ void setRowReadColRect(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadColRect<BDIMX, BDIMY>::pass(idx, 0);
}

__global__ void setRowReadColDynRect(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadColDynRect::pass(idx, 0);
}

template <int BDIMX, int BDIMY, int NPAD>
__global__ void setRowReadColPadRect(int *out)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[idx] = SetRowReadColPadRect<BDIMX, BDIMY, NPAD>::pass(idx, 0);
}

__global__ void setRowReadColDynPadRect(int *out, unsigned int ipad)
{
    unsigned int g_idx = threadIdx.y * blockDim.x + threadIdx.x;
    out[g_idx] = SetRowReadColDynPadRect::pass(g_idx, ipad);
}

/* ---- the repeated pass, for timing -------------------------------------
 * Pass `reps` times: store idx + sum, barrier, load, sum += the load, a
 * second barrier (no thread's next store may overwrite an element another
 * thread has yet to load).  Each store depends on the previous load, so no
 * pass can be dropped or hoisted; no global load; the one global access is
 * the sum's store at the end, each block to its own bdimx * bdimy ints.
 * Named apart from the notes' kernels (not ^set), so that Nsight Compute's
 * filter on the notes' kernels leaves these out. */

template <class Pass>
__global__ void layoutRepeated(int *out, unsigned int ipad, int reps)
{
    unsigned int idx = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned int sum = 0;
#pragma unroll 1
    for (int r = 0; r < reps; r++) {
        sum += (unsigned int)Pass::pass(idx + sum, ipad);
        __syncthreads();
    }
    out[(size_t)blockIdx.x * (blockDim.x * blockDim.y) + idx] = (int)sum;
}

/* ---- launchers ---------------------------------------------------------- */

#define MAX_STATIC_PAD 3

typedef void (*layout_kernel_t)(int *);
typedef void (*layout_reps_t)(int *, unsigned int, int);

/* A static kernel of the notes and its repeated twin, on the same pass. */
typedef struct {
    layout_kernel_t once;
    layout_reps_t reps;
} layout_kernels;

/* The static kernels for this shape, kind and pad; NULLs where none is built. */
template <int X, int Y>
static layout_kernels static_square(grk_layout_kind kind, int pad)
{
    static const layout_kernels padded[MAX_STATIC_PAD + 1] = {
        {setRowReadColPadSquare<X, Y, 0>, layoutRepeated<SetRowReadColPadSquare<X, Y, 0>>},
        {setRowReadColPadSquare<X, Y, 1>, layoutRepeated<SetRowReadColPadSquare<X, Y, 1>>},
        {setRowReadColPadSquare<X, Y, 2>, layoutRepeated<SetRowReadColPadSquare<X, Y, 2>>},
        {setRowReadColPadSquare<X, Y, 3>, layoutRepeated<SetRowReadColPadSquare<X, Y, 3>>}};
    static const layout_kernels none = {NULL, NULL};
    switch (kind) {
    case GRK_SET_ROW_READ_ROW:
        return {setRowReadRow<X, Y>, layoutRepeated<SetRowReadRow<X, Y>>};
    case GRK_SET_COL_READ_COL:
        return {setColReadCol<X, Y>, layoutRepeated<SetColReadCol<X, Y>>};
    case GRK_SET_ROW_READ_COL:
        return {setRowReadColSquare<X, Y>, layoutRepeated<SetRowReadColSquare<X, Y>>};
    case GRK_SET_ROW_READ_COL_PAD:
        return pad >= 0 && pad <= MAX_STATIC_PAD ? padded[pad] : none;
    default:
        return none;
    }
}

template <int X, int Y>
static layout_kernels static_rect(grk_layout_kind kind, int pad)
{
    static const layout_kernels padded[MAX_STATIC_PAD + 1] = {
        {setRowReadColPadRect<X, Y, 0>, layoutRepeated<SetRowReadColPadRect<X, Y, 0>>},
        {setRowReadColPadRect<X, Y, 1>, layoutRepeated<SetRowReadColPadRect<X, Y, 1>>},
        {setRowReadColPadRect<X, Y, 2>, layoutRepeated<SetRowReadColPadRect<X, Y, 2>>},
        {setRowReadColPadRect<X, Y, 3>, layoutRepeated<SetRowReadColPadRect<X, Y, 3>>}};
    static const layout_kernels none = {NULL, NULL};
    switch (kind) {
    case GRK_SET_ROW_READ_ROW:
        return {setRowReadRow<X, Y>, layoutRepeated<SetRowReadRow<X, Y>>};
    case GRK_SET_COL_READ_COL:
        return {setColReadCol<X, Y>, layoutRepeated<SetColReadCol<X, Y>>};
    case GRK_SET_ROW_READ_COL:
        return {setRowReadColRect<X, Y>, layoutRepeated<SetRowReadColRect<X, Y>>};
    case GRK_SET_ROW_READ_COL_PAD:
        return pad >= 0 && pad <= MAX_STATIC_PAD ? padded[pad] : none;
    default:
        return none;
    }
}

static layout_kernels static_kernel(grk_layout_kind kind, int bdimx, int bdimy, int pad)
{
    static const layout_kernels none = {NULL, NULL};
    if (bdimx == 32 && bdimy == 32)
        return static_square<32, 32>(kind, pad);
    if (bdimx == 16 && bdimy == 16)
        return static_square<16, 16>(kind, pad);
    if (bdimx == 32 && bdimy == 16)
        return static_rect<32, 16>(kind, pad);
    if (bdimx == 16 && bdimy == 32)
        return static_rect<16, 32>(kind, pad);
    return none;
}

/* The repeated twin of a dynamic kernel (any shape: square when bdimx == bdimy). */
static layout_reps_t dynamic_reps(grk_layout_kind kind, bool square)
{
    if (kind == GRK_SET_ROW_READ_COL_DYN)
        return square ? layoutRepeated<SetRowReadColDynSquare> : layoutRepeated<SetRowReadColDynRect>;
    return square ? layoutRepeated<SetRowReadColDynPadSquare> : layoutRepeated<SetRowReadColDynPadRect>;
}

static bool is_dynamic(grk_layout_kind kind)
{
    return kind == GRK_SET_ROW_READ_COL_DYN || kind == GRK_SET_ROW_READ_COL_DYN_PAD;
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

/* What grk_layout and grk_layout_timed check alike: the kind, the block,
 * the pad (set to 0 for the kernels without one), the dynamic shared
 * memory of the Dyn kernels (*dynamic) or the static kernels built for the
 * shape (*k).  fn: the caller's name, for the messages. */
static int layout_prepare(const char *fn, grk_layout_kind kind, int bdimx, int bdimy, int *pad, size_t *dynamic,
                          layout_kernels *k, grk_error *err)
{
    *dynamic = 0;
    k->once = NULL;
    k->reps = NULL;
    if ((int)kind < 0 || (int)kind >= GRK_LAYOUT_COUNT) {
        grk_fail(err, "%s: unknown kind %d", fn, (int)kind);
        return -1;
    }
    if (bdimx < 1 || bdimy < 1 || bdimx > 1024 || bdimy > 1024 || bdimx * bdimy > 1024) {
        grk_fail(err, "%s %s: block %dx%d: need 1 to 1024 threads", fn, grk_layout_name(kind), bdimx, bdimy);
        return -1;
    }
    /* pad applies to the Pad kernels; the others have none and ignore it */
    if (kind != GRK_SET_ROW_READ_COL_PAD && kind != GRK_SET_ROW_READ_COL_DYN_PAD)
        *pad = 0;
    if (*pad < 0 || *pad > 1024) {
        grk_fail(err, "%s %s: pad %d: must be 0 to 1024", fn, grk_layout_name(kind), *pad);
        return -1;
    }
    if (is_dynamic(kind)) {
        *dynamic = (size_t)(bdimx + *pad) * bdimy * sizeof(int);
        if (*dynamic > 48 * 1024) {
            grk_fail(err, "%s %s: %dx%d with pad %d needs %zu bytes of shared memory, over 48 KiB", fn,
                     grk_layout_name(kind), bdimx, bdimy, *pad, *dynamic);
            return -1;
        }
        k->reps = dynamic_reps(kind, bdimx == bdimy);
    } else {
        *k = static_kernel(kind, bdimx, bdimy, *pad);
        if (!k->once || !k->reps) {
            grk_fail(err,
                     "%s %s: no static tile built for %dx%d%s (built: 32x32, 16x16, 32x16, 16x32; "
                     "pad 0 to %d)",
                     fn, grk_layout_name(kind), bdimx, bdimy, kind == GRK_SET_ROW_READ_COL_PAD ? " with that pad" : "",
                     MAX_STATIC_PAD);
            return -1;
        }
    }
    return 0;
}

int grk_layout(grk_layout_kind kind, int bdimx, int bdimy, int pad, int *out, grk_error *err)
{
    int *d_out = NULL, rc = -1;
    size_t count, dynamic = 0;
    bool square = bdimx == bdimy;
    layout_kernels k;
    dim3 block;

    if (layout_prepare("grk_layout", kind, bdimx, bdimy, &pad, &dynamic, &k, err) != 0)
        return -1;

    count = (size_t)bdimx * bdimy;
    block = dim3(bdimx, bdimy);
    GRK_MALLOC((void **)&d_out, count * sizeof(int));
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
        k.once<<<1, block>>>(d_out);
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

/* ---- the repeated kernels, timed ----------------------------------------- */

typedef struct {
    layout_reps_t kernel;
    const char *name;
    int blocks, reps;
    dim3 block;
    size_t dynamic;
    unsigned int ipad;
    int *out;
} layout_run;

static int launch_repeated(void *ctx, int config, grk_error *err)
{
    layout_run *r = (layout_run *)ctx;
    (void)config;
    r->kernel<<<r->blocks, r->block, r->dynamic>>>(r->out, r->ipad, r->reps);
    GRK_LAUNCH_RETURN(r->name);
    return 0;
}

int grk_layout_timed(grk_layout_kind kind, int bdimx, int bdimy, int pad, int reps, int blocks, int repeats,
                     grk_timing *t, double *ns_per_rep, grk_error *err)
{
    int *d_out = NULL, rc = -1;
    size_t count, dynamic = 0;
    layout_kernels k;
    layout_run r;
    char name[96];

    if (layout_prepare("grk_layout_timed", kind, bdimx, bdimy, &pad, &dynamic, &k, err) != 0)
        return -1;
    if (reps < 1) {
        grk_fail(err, "grk_layout_timed %s: reps must be at least 1 (got %d)", grk_layout_name(kind), reps);
        return -1;
    }
    if (blocks < 1) {
        grk_fail(err, "grk_layout_timed %s: blocks must be at least 1 (got %d)", grk_layout_name(kind), blocks);
        return -1;
    }
    if (repeats < 1) {
        grk_fail(err, "grk_layout_timed %s: repeats must be at least 1 (got %d)", grk_layout_name(kind), repeats);
        return -1;
    }

    count = (size_t)bdimx * bdimy;
    snprintf(name, sizeof name, "layoutRepeated<%s> %dx%d pad %d", grk_layout_name(kind), bdimx, bdimy, pad);
    GRK_MALLOC((void **)&d_out, (size_t)blocks * count * sizeof(int));
    GRK_CHECK(cudaMemset(d_out, 0xff, (size_t)blocks * count * sizeof(int)));
    GRK_CHECK(cudaDeviceSynchronize());
    r.kernel = k.reps;
    r.name = name;
    r.blocks = blocks;
    r.reps = reps;
    r.block = dim3(bdimx, bdimy);
    r.dynamic = dynamic;
    r.ipad = (unsigned int)pad;
    r.out = d_out;
    if (grk_time_runs(launch_repeated, &r, 1, repeats, t, NULL, err) != 0)
        goto fail;
    *ns_per_rep = t->median_ms * 1e6 / reps;
    rc = 0;
fail:
    if (d_out)
        (void)cudaFree(d_out);
    return rc;
}
