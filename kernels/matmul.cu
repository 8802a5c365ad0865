/* The matrix multiplications of PMPP chapters 3 and 5, as the book writes
 * them, and cuBLAS's Sgemm beside them (libcublas loaded at run time: no
 * link to it).  P = M x N, width x width, row-major. */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "cublas_load.h"

/* ---- chapter 3: one thread per element of P ---------------------------- */

#define NAIVE_BLOCK 16

__global__ void matmul_naive(const float *M, const float *N, float *P, int Width)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < Width && col < Width) {
        float Pvalue = 0;
        for (int k = 0; k < Width; ++k)
            Pvalue += M[row * Width + k] * N[k * Width + col];
        P[row * Width + col] = Pvalue;
    }
}

/* ---- Fig. 5.9: tiles in static shared memory; Width % TILE_WIDTH == 0 --- */

template <int TILE_WIDTH>
__global__ void matmul_tiled(const float *M, const float *N, float *P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    /* the row and column of the P element to work on */
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    /* loop over the M and N tiles required to compute the P element */
    float Pvalue = 0;
    for (int ph = 0; ph < Width / TILE_WIDTH; ++ph) {
        /* collaborative loading of the M and N tiles into shared memory */
        Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    P[Row * Width + Col] = Pvalue;
}

/* ---- 5.5: the same with boundary checks: any Width ---------------------- */

template <int TILE_WIDTH>
__global__ void matmul_boundary(const float *M, const float *N, float *P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;
    for (int ph = 0; ph < (Width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
        if (Row < Width && ph * TILE_WIDTH + tx < Width)
            Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0.0f;
        if (ph * TILE_WIDTH + ty < Width && Col < Width)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
        else
            Nds[ty][tx] = 0.0f;
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

/* ---- 5.5: extern __shared__ split into Mds and Nds, the tile width chosen
 * at run time; linearized indexing; boundary checks ----------------------- */

__global__ void matmul_dynamic(const float *M, const float *N, float *P, int Width, int tile_width,
                               unsigned Mds_sz, unsigned Nds_sz)
{
    extern __shared__ float Mds_Nds[];
    float *Mds = Mds_Nds;
    float *Nds = Mds_Nds + Mds_sz / sizeof(float);

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int Row = by * tile_width + ty;
    int Col = bx * tile_width + tx;
    (void)Nds_sz;

    float Pvalue = 0;
    for (int ph = 0; ph < (Width + tile_width - 1) / tile_width; ++ph) {
        if (Row < Width && ph * tile_width + tx < Width)
            Mds[ty * tile_width + tx] = M[Row * Width + ph * tile_width + tx];
        else
            Mds[ty * tile_width + tx] = 0.0f;
        if (ph * tile_width + ty < Width && Col < Width)
            Nds[ty * tile_width + tx] = N[(ph * tile_width + ty) * Width + Col];
        else
            Nds[ty * tile_width + tx] = 0.0f;
        __syncthreads();

        for (int k = 0; k < tile_width; ++k)
            Pvalue += Mds[ty * tile_width + k] * Nds[k * tile_width + tx];
        __syncthreads();
    }
    if (Row < Width && Col < Width)
        P[Row * Width + Col] = Pvalue;
}

/* ---- 6.3 (Fig. 6.13): thread coarsening on the tiled kernel -------------
 * Each thread computes COARSE_FACTOR elements of P in the same row, at
 * columns colStart + c * TILE_WIDTH; a block of TILE_WIDTH x TILE_WIDTH
 * threads covers TILE_WIDTH rows and TILE_WIDTH * COARSE_FACTOR columns, so
 * the M tile is loaded once for COARSE_FACTOR N tiles (the redundant loads
 * of M that separate blocks would make are gone).  One step past the
 * figure, which reloads a single Nds per c: the COARSE_FACTOR N tiles are
 * all resident, so each thread reads its Mds[ty][k] into a register once
 * per k and uses it for the COARSE_FACTOR products (1 + COARSE_FACTOR
 * shared-memory reads per COARSE_FACTOR FMAs in the source, instead of 2
 * per FMA), with two __syncthreads() per phase instead of 2 x COARSE_FACTOR.
 * In SASS (sm_90) ptxas reads Mds[ty][k..k+3] as one 16-byte broadcast, here
 * as in tiled32: 136 LDS per 128 FFMA, against 40 per 32 in tiled32.
 * Width % (TILE_WIDTH * COARSE_FACTOR) == 0. */

#define COARSE_TILE_WIDTH 32
#define COARSE_FACTOR 4

/* 2 blocks of 1024 threads resident per SM: one block's phase loads and
 * barriers overlap the other's FMAs (caps the registers at 32) */
__global__ void __launch_bounds__(COARSE_TILE_WIDTH *COARSE_TILE_WIDTH, 2)
    matmul_coarsened(const float *M, const float *N, float *P, int Width)
{
    const int TILE_WIDTH = COARSE_TILE_WIDTH;
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[COARSE_FACTOR][TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    /* the row of the P elements to work on, and the first column */
    int row = by * TILE_WIDTH + ty;
    int colStart = bx * TILE_WIDTH * COARSE_FACTOR + tx;

    /* initialize Pvalue for all output elements */
    float Pvalue[COARSE_FACTOR];
#pragma unroll
    for (int c = 0; c < COARSE_FACTOR; ++c)
        Pvalue[c] = 0.0f;

    /* loop over the M and N tiles required to compute the P elements */
    for (int ph = 0; ph < Width / TILE_WIDTH; ++ph) {
        /* collaborative loading of the M tile and the COARSE_FACTOR N tiles */
        Mds[ty][tx] = M[row * Width + ph * TILE_WIDTH + tx];
#pragma unroll
        for (int c = 0; c < COARSE_FACTOR; ++c) {
            int col = colStart + c * TILE_WIDTH;
            Nds[c][ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + col];
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE_WIDTH; ++k) {
            float Mvalue = Mds[ty][k]; /* once per k, for every c */
#pragma unroll
            for (int c = 0; c < COARSE_FACTOR; ++c)
                Pvalue[c] += Mvalue * Nds[c][k][tx];
        }
        __syncthreads();
    }

#pragma unroll
    for (int c = 0; c < COARSE_FACTOR; ++c) {
        int col = colStart + c * TILE_WIDTH;
        P[row * Width + col] = Pvalue[c];
    }
}

/* ---- the launcher ------------------------------------------------------- */

typedef struct {
    grk_matmul_kind kind;
    const float *m, *n;
    float *p;
    int width, tile;
    size_t dynamic_bytes;
    const grk_cublas_api *cublas;
    cublasHandle_t handle;
} matmul_run;

/* Column-major cuBLAS sees the row-major M, N, P as their transposes:
 * P^T = N^T M^T is Sgemm(N, M) with no transposition. */
static int launch_cublas(matmul_run *r, grk_error *err)
{
    const float one = 1.0f, zero = 0.0f;
    int w = r->width;
    cublasStatus_t s =
        r->cublas->sgemm(r->handle, CUBLAS_OP_N, CUBLAS_OP_N, w, w, w, &one, r->n, w, r->m, w, &zero, r->p, w);
    if (s != CUBLAS_STATUS_SUCCESS) {
        grk_fail(err, "cublasSgemm_v2: cuBLAS status %d", (int)s);
        return -1;
    }
    GRK_LAUNCH_RETURN("cublasSgemm_v2");
    return 0;
}

static int launch_matmul(void *ctx, int config, grk_error *err)
{
    matmul_run *r = (matmul_run *)ctx;
    int w = r->width;
    (void)config;
    switch (r->kind) {
    case GRK_MATMUL_NAIVE: {
        dim3 block(NAIVE_BLOCK, NAIVE_BLOCK), grid((w + NAIVE_BLOCK - 1) / NAIVE_BLOCK, (w + NAIVE_BLOCK - 1) / NAIVE_BLOCK);
        matmul_naive<<<grid, block>>>(r->m, r->n, r->p, w);
        GRK_LAUNCH_RETURN("matmul_naive");
        break;
    }
    case GRK_MATMUL_TILED16: {
        dim3 block(16, 16), grid(w / 16, w / 16);
        matmul_tiled<16><<<grid, block>>>(r->m, r->n, r->p, w);
        GRK_LAUNCH_RETURN("matmul_tiled<16>");
        break;
    }
    case GRK_MATMUL_TILED32: {
        dim3 block(32, 32), grid(w / 32, w / 32);
        matmul_tiled<32><<<grid, block>>>(r->m, r->n, r->p, w);
        GRK_LAUNCH_RETURN("matmul_tiled<32>");
        break;
    }
    case GRK_MATMUL_BOUNDARY16: {
        dim3 block(16, 16), grid((w + 15) / 16, (w + 15) / 16);
        matmul_boundary<16><<<grid, block>>>(r->m, r->n, r->p, w);
        GRK_LAUNCH_RETURN("matmul_boundary<16>");
        break;
    }
    case GRK_MATMUL_DYNAMIC: {
        int t = r->tile;
        dim3 block(t, t), grid((w + t - 1) / t, (w + t - 1) / t);
        matmul_dynamic<<<grid, block, r->dynamic_bytes>>>(r->m, r->n, r->p, w, t, (unsigned)(r->dynamic_bytes / 2),
                                                          (unsigned)(r->dynamic_bytes / 2));
        GRK_LAUNCH_RETURN("matmul_dynamic");
        break;
    }
    case GRK_MATMUL_COARSENED: {
        dim3 block(COARSE_TILE_WIDTH, COARSE_TILE_WIDTH),
            grid(w / (COARSE_TILE_WIDTH * COARSE_FACTOR), w / COARSE_TILE_WIDTH);
        matmul_coarsened<<<grid, block>>>(r->m, r->n, r->p, w);
        GRK_LAUNCH_RETURN("matmul_coarsened");
        break;
    }
    case GRK_MATMUL_CUBLAS:
        return launch_cublas(r, err);
    default:
        grk_fail(err, "grk_matmul: unknown kind %d", (int)r->kind);
        return -1;
    }
    return 0;
}

/* The dynamic kernel's tile: the largest of 32, 16, 8 whose two tiles fit
 * the block's shared memory and whose T x T threads fit a block. */
static int choose_tile(int *tile, grk_error *err)
{
    static const int candidates[] = {32, 16, 8};
    cudaDeviceProp p;
    int device = 0;
    GRK_CHECK_RETURN(cudaGetDevice(&device));
    GRK_CHECK_RETURN(cudaGetDeviceProperties(&p, device));
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        int t = candidates[i];
        if (2 * (size_t)t * t * sizeof(float) <= p.sharedMemPerBlock && t * t <= p.maxThreadsPerBlock) {
            *tile = t;
            return 0;
        }
    }
    grk_fail(err, "grk_matmul: no tile of 32, 16 or 8 fits %zu bytes of shared memory and %d threads a block",
             p.sharedMemPerBlock, p.maxThreadsPerBlock);
    return -1;
}

const char *grk_matmul_name(grk_matmul_kind kind)
{
    switch (kind) {
    case GRK_MATMUL_NAIVE:
        return "naive";
    case GRK_MATMUL_TILED16:
        return "tiled16";
    case GRK_MATMUL_TILED32:
        return "tiled32";
    case GRK_MATMUL_BOUNDARY16:
        return "boundary16";
    case GRK_MATMUL_DYNAMIC:
        return "dynamic";
    case GRK_MATMUL_COARSENED:
        return "tiled32-coarsened";
    case GRK_MATMUL_CUBLAS:
        return "cublas";
    default:
        return "unknown";
    }
}

int grk_matmul(grk_matmul_kind kind, int width, const float *m, const float *n, float *p, int repeats,
               grk_timing *t, int *tile, grk_error *err)
{
    matmul_run r = {};
    float *dm = NULL, *dn = NULL, *dp = NULL;
    size_t bytes;
    int rc = -1;

    if ((int)kind < 0 || (int)kind >= GRK_MATMUL_COUNT) {
        grk_fail(err, "grk_matmul: unknown kind %d", (int)kind);
        return -1;
    }
    if (width < 1 || width > 46340) { /* Row * Width + Col stays in an int */
        grk_fail(err, "grk_matmul: width %d: must be 1 to 46340", width);
        return -1;
    }
    if ((kind == GRK_MATMUL_TILED16 && width % 16) || (kind == GRK_MATMUL_TILED32 && width % 32)) {
        grk_fail(err, "grk_matmul %s: width %d is not a multiple of the tile width %d (Fig. 5.9 needs whole tiles)",
                 grk_matmul_name(kind), width, kind == GRK_MATMUL_TILED16 ? 16 : 32);
        return -1;
    }
    if (kind == GRK_MATMUL_COARSENED && width % (COARSE_TILE_WIDTH * COARSE_FACTOR)) {
        grk_fail(err,
                 "grk_matmul %s: width %d is not a multiple of %d (TILE_WIDTH %d x COARSE_FACTOR %d: Fig. 6.13 "
                 "needs whole tiles)",
                 grk_matmul_name(kind), width, COARSE_TILE_WIDTH * COARSE_FACTOR, COARSE_TILE_WIDTH, COARSE_FACTOR);
        return -1;
    }
    *tile = kind == GRK_MATMUL_TILED16 || kind == GRK_MATMUL_BOUNDARY16 ? 16
            : kind == GRK_MATMUL_TILED32 || kind == GRK_MATMUL_COARSENED ? 32
            : 0;
    if (kind == GRK_MATMUL_DYNAMIC) {
        if (choose_tile(&r.tile, err) != 0)
            return -1;
        r.dynamic_bytes = 2 * (size_t)r.tile * r.tile * sizeof(float);
        *tile = r.tile;
    }
    if (kind == GRK_MATMUL_CUBLAS && grk_load_cublas(&r.cublas, err) != 0)
        return -1;

    bytes = (size_t)width * width * sizeof(float);
    GRK_MALLOC((void **)&dm, bytes);
    GRK_MALLOC((void **)&dn, bytes);
    GRK_MALLOC((void **)&dp, bytes);
    GRK_CHECK(cudaMemcpy(dm, m, bytes, cudaMemcpyHostToDevice));
    GRK_CHECK(cudaMemcpy(dn, n, bytes, cudaMemcpyHostToDevice));
    GRK_CHECK(cudaMemset(dp, 0xff, bytes)); /* NaN: unwritten elements show */
    if (kind == GRK_MATMUL_CUBLAS) {
        cublasStatus_t s = r.cublas->create(&r.handle);
        if (s != CUBLAS_STATUS_SUCCESS) {
            r.handle = NULL;
            grk_fail(err, "cublasCreate_v2: cuBLAS status %d", (int)s);
            goto fail;
        }
    }
    r.kind = kind, r.m = dm, r.n = dn, r.p = dp, r.width = width;
    if (grk_time_runs(launch_matmul, &r, 1, repeats, t, NULL, err) != 0)
        goto fail;
    GRK_CHECK(cudaMemcpy(p, dp, bytes, cudaMemcpyDeviceToHost));
    rc = 0;
fail:
    if (r.handle)
        (void)r.cublas->destroy(r.handle);
    if (dm)
        (void)cudaFree(dm);
    if (dn)
        (void)cudaFree(dn);
    if (dp)
        (void)cudaFree(dp);
    return rc;
}
