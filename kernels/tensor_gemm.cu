/* The dense tensor-core peaks: cuBLASLt GEMMs (loaded at run time,
 * cublas_load.cu) of FP16, BF16, TF32, FP8 (E4M3) and FP64 inputs, each
 * shape with the first three algorithms of cuBLASLt's heuristic (its first
 * is what a default call, torch.matmul's, runs; a later one may be
 * faster: a ceiling takes the best).
 *
 * n x n x n, column-major, in two layouts: C = A^T B ("TN": A stored k x m,
 * lda = n, the layout cuBLASLt requires for FP8), so C(i, j) is the dot
 * product of A's column i and B's column j; and C = A B ("NN", the call
 * torch.matmul makes of two row-major matrices), for which cuBLAS picks
 * other kernels, some of them faster; FP16 and BF16 also with C in their
 * own type (torch.matmul's output) beside FP32: a ceiling below what
 * PyTorch's own GEMM reaches is no ceiling.  The inputs are
 * pseudo-random in [-1, 1) (24 random bits, 53 for FP64), made on the GPU
 * and rounded to the type there: the host recomputes any element the same
 * way, the same rounding included (cuda_fp16.h, cuda_bf16.h and
 * cuda_fp8.h convert alike on both; TF32 values are FP32 ones with the low
 * 13 bits cleared, which the tensor cores then take as they are).
 *
 * Each size and layout runs once untimed and three times timed; the two
 * of highest FLOP/s then each run a load trace (peak_search.cu), the best
 * of them four more, and the traces are the figures.  Its output is checked at SAMPLES
 * elements (and the four corners) against an FP64 dot product on the host:
 * the error over the root-sum-square of the dot product's terms must stay
 * under the type's tolerance.  A wrong element (a wrong index, a tile
 * missed) is off by about the root-sum-square itself, an unwritten one is
 * NaN (C starts so); the tolerances sit far below that and far above the
 * rounding each type allows: FP32 accumulation of K terms strays at most
 * about K x 2^-24 of it (1e-3 at K = 16384), FP8's fast accumulation keeps
 * fewer bits (a few percent) and its BF16 output rounds to 2^-9. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include "check.h"
#include "cublas_load.h"

#define MAX_SIZES 8
#define ALGORITHMS 3 /* of cuBLASLt's heuristic, each shape: its first is what a default call runs */
#define MAX_PLANS (MAX_SIZES * 2 * 2 * ALGORITHMS)
#define SAMPLES 256
#define CHECKS (SAMPLES + 4)
#define WORKSPACE_BYTES ((size_t)32 << 20) /* cuBLASLt's advice for Hopper */
#define B_OFFSET (1ull << 40)              /* B's elements follow A's in the pattern */
/* C rounded to FP16 or BF16: a value some 5 root-sum-squares large at most
 * among the samples, rounded to 2^-9 of itself (BF16), strays about 1e-2 */
#define NARROW_TOLERANCE 3e-2

typedef struct {
    const char *name;
    size_t in_bytes, out_bytes; /* out: the widest C a candidate writes */
    double tolerance;
} kind_info;

static const kind_info kinds[GRK_TENSOR_COUNT] = {
    {"fp16", 2, 4, 1e-2}, {"bf16", 2, 4, 1e-2}, {"tf32", 4, 4, 1e-2}, {"fp8", 1, 2, 0.25}, {"fp64", 8, 8, 1e-10},
};

/* ---- the inputs ---------------------------------------------------------- */

/* Element i of the pattern as a float in [-1, 1): 24 bits, exact. */
__host__ __device__ static inline float uniform_float(unsigned long long i)
{
    return (float)(grk_pattern_word(i) >> 8) * (1.0f / 8388608.0f) - 1.0f;
}

/* The same with 52 random bits, exact in a double. */
__host__ __device__ static inline double uniform_double(unsigned long long i)
{
    unsigned long long bits = ((unsigned long long)grk_pattern_word(i) << 20) ^ (grk_pattern_word(i + B_OFFSET / 2) >> 12);
    return (double)(bits & ((1ull << 52) - 1)) * (1.0 / 2251799813685248.0) - 1.0;
}

__host__ __device__ static inline float tf32_of(float x)
{
    unsigned int u;
    memcpy(&u, &x, sizeof u);
    u &= 0xffffe000u;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* Element i, rounded to the kind's input type, as a double. */
__host__ __device__ static inline double input_value(int kind, unsigned long long i)
{
    switch (kind) {
    case GRK_TENSOR_FP16: return (double)__half2float(__float2half_rn(uniform_float(i)));
    case GRK_TENSOR_BF16: return (double)__bfloat162float(__float2bfloat16_rn(uniform_float(i)));
    case GRK_TENSOR_TF32: return (double)tf32_of(uniform_float(i));
    case GRK_TENSOR_FP8: return (double)(float)__nv_fp8_e4m3(uniform_float(i));
    default: return uniform_double(i);
    }
}

__global__ void fill_inputs(int kind, void *p, size_t count, unsigned long long first)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
        unsigned long long e = first + i;
        switch (kind) {
        case GRK_TENSOR_FP16: ((__half *)p)[i] = __float2half_rn(uniform_float(e)); break;
        case GRK_TENSOR_BF16: ((__nv_bfloat16 *)p)[i] = __float2bfloat16_rn(uniform_float(e)); break;
        case GRK_TENSOR_TF32: ((float *)p)[i] = tf32_of(uniform_float(e)); break;
        case GRK_TENSOR_FP8: ((__nv_fp8_e4m3 *)p)[i] = __nv_fp8_e4m3(uniform_float(e)); break;
        default: ((double *)p)[i] = uniform_double(e); break;
        }
    }
}

/* C's elements at index[0..count), as doubles. */
__global__ void gather_output(int kind, bool narrow, const void *c, const long long *index, double *out, int count)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= count)
        return;
    if (narrow && kind == GRK_TENSOR_FP16)
        out[k] = (double)__half2float(((const __half *)c)[index[k]]);
    else if (narrow && kind == GRK_TENSOR_BF16)
        out[k] = (double)__bfloat162float(((const __nv_bfloat16 *)c)[index[k]]);
    else if (kind == GRK_TENSOR_FP64)
        out[k] = ((const double *)c)[index[k]];
    else if (kind == GRK_TENSOR_FP8)
        out[k] = (double)__bfloat162float(((const __nv_bfloat16 *)c)[index[k]]);
    else
        out[k] = (double)((const float *)c)[index[k]];
}

/* ---- the GEMMs ------------------------------------------------------------ */

/* A candidate: a size, a layout, an output type and one of cuBLASLt's
 * algorithms for them. */
typedef struct {
    int n;
    bool tn;     /* C = A^T B; else C = A B */
    bool narrow; /* C in the inputs' type (FP16, BF16), not FP32 */
    int rank;    /* the algorithm's place in cuBLASLt's heuristic, 0 its first */
    cublasLtMatrixLayout_t a, b, c; /* the shape's, shared by its candidates */
    cublasLtMatmulAlgo_t algo;
} gemm_plan;

typedef struct {
    grk_tensor_kind kind;
    int sizes[MAX_SIZES], count; /* the sizes asked for */
    void *a, *b, *c, *workspace;
    const grk_cublaslt_api *lt;
    cublasLtHandle_t handle;
    cublasLtMatmulDesc_t desc[2]; /* A transposed (TN), and not (NN) */
    cublasLtMatmulPreference_t pref;
    gemm_plan plans[MAX_PLANS];
    int plan_count;
} gemm_run;

/* A cuBLAS status other than success: where the library refuses the type
 * on this GPU, a message the caller can tell from a failure. */
static int blas_failed(grk_error *err, const gemm_run *r, const char *call, int n, cublasStatus_t status)
{
    if (status == CUBLAS_STATUS_NOT_SUPPORTED || status == CUBLAS_STATUS_ARCH_MISMATCH)
        grk_fail(err, "cuBLAS cannot run %s GEMMs on this GPU: %s (n=%d) returned status %d", kinds[r->kind].name,
                 call, n, (int)status);
    else
        grk_fail(err, "%s (%s, n=%d): cuBLAS status %d", call, kinds[r->kind].name, n, (int)status);
    return -1;
}

static int lt_check(grk_error *err, const gemm_run *r, const char *call, cublasStatus_t status)
{
    return status == CUBLAS_STATUS_SUCCESS ? 0 : blas_failed(err, r, call, 0, status);
}

static int launch_gemm(void *ctx, int config, grk_error *err)
{
    gemm_run *r = (gemm_run *)ctx;
    const gemm_plan *p = &r->plans[config];
    const float one = 1.0f, zero = 0.0f;
    const double one_d = 1.0, zero_d = 0.0;
    bool fp64 = r->kind == GRK_TENSOR_FP64;
    cublasStatus_t s = r->lt->matmul(r->handle, r->desc[p->tn ? 0 : 1], fp64 ? (const void *)&one_d : &one, r->a, p->a,
                                     r->b, p->b, fp64 ? (const void *)&zero_d : &zero, r->c, p->c, r->c, p->c, &p->algo,
                                     r->workspace, WORKSPACE_BYTES, 0);
    if (s != CUBLAS_STATUS_SUCCESS)
        return blas_failed(err, r, "cublasLtMatmul", p->n, s);
    GRK_LAUNCH_RETURN("cublasLtMatmul");
    return 0;
}

static double gemm_flops(void *ctx, int config)
{
    const gemm_run *r = (const gemm_run *)ctx;
    double n = r->plans[config].n;
    return 2.0 * n * n * n;
}

static void gemm_name(void *ctx, int config, char *out, size_t size)
{
    const gemm_run *r = (const gemm_run *)ctx;
    const gemm_plan *p = &r->plans[config];
    snprintf(out, size, "cublasLtMatmul %s n=%d%s, heuristic's algorithm %d", p->tn ? "TN" : "NN", p->n,
             p->narrow ? (r->kind == GRK_TENSOR_FP16 ? " FP16 out" : " BF16 out") : "", p->rank + 1);
}

/* ---- cuBLASLt's plan: a descriptor a layout, candidates by heuristic ----- */

/* The types cuBLASLt is asked for: A and B's, C's (narrow: the inputs'),
 * the compute type and the scale type. */
static void lt_types(grk_tensor_kind kind, bool narrow, cudaDataType *in, cudaDataType *out,
                     cublasComputeType_t *compute, cudaDataType *scale)
{
    static const cudaDataType inputs[GRK_TENSOR_COUNT] = {CUDA_R_16F, CUDA_R_16BF, CUDA_R_32F, CUDA_R_8F_E4M3,
                                                         CUDA_R_64F};
    *in = inputs[kind];
    *out = kind == GRK_TENSOR_FP8 ? CUDA_R_16BF : kind == GRK_TENSOR_FP64 ? CUDA_R_64F : narrow ? *in : CUDA_R_32F;
    *compute = kind == GRK_TENSOR_FP64 ? CUBLAS_COMPUTE_64F
               : kind == GRK_TENSOR_TF32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    *scale = kind == GRK_TENSOR_FP64 ? CUDA_R_64F : CUDA_R_32F;
}

static int make_desc(gemm_run *r, bool tn, cublasLtMatmulDesc_t *desc, grk_error *err)
{
    const grk_cublaslt_api *lt = r->lt;
    const cublasOperation_t op_a = tn ? CUBLAS_OP_T : CUBLAS_OP_N, none = CUBLAS_OP_N;
    const int8_t fast = 1; /* FP8: the tensor cores' own accumulation, not promoted to FP32 every few steps */
    cudaDataType in, out, scale;
    cublasComputeType_t compute;
    lt_types(r->kind, false, &in, &out, &compute, &scale);
    if (lt_check(err, r, "cublasLtMatmulDescCreate", lt->desc_create(desc, compute, scale)) ||
        lt_check(err, r, "cublasLtMatmulDescSetAttribute",
                 lt->desc_set(*desc, CUBLASLT_MATMUL_DESC_TRANSA, &op_a, sizeof op_a)) ||
        lt_check(err, r, "cublasLtMatmulDescSetAttribute",
                 lt->desc_set(*desc, CUBLASLT_MATMUL_DESC_TRANSB, &none, sizeof none)))
        return -1;
    if (r->kind == GRK_TENSOR_FP8)
        return lt_check(err, r, "cublasLtMatmulDescSetAttribute",
                        lt->desc_set(*desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
    return 0;
}

/* The first ALGORITHMS of cuBLASLt's heuristic for one size, layout and
 * output, each a candidate; none at all is a refusal. */
static int plan_shape(gemm_run *r, int n, bool tn, bool narrow, grk_error *err)
{
    const grk_cublaslt_api *lt = r->lt;
    cublasLtMatmulHeuristicResult_t found[ALGORITHMS];
    cudaDataType in, out, scale;
    cublasComputeType_t compute;
    gemm_plan shape;
    int returned = 0;
    memset(&shape, 0, sizeof shape);
    shape.n = n, shape.tn = tn, shape.narrow = narrow;
    lt_types(r->kind, narrow, &in, &out, &compute, &scale);
    if (lt_check(err, r, "cublasLtMatrixLayoutCreate", lt->layout_create(&shape.a, in, n, n, n)) ||
        lt_check(err, r, "cublasLtMatrixLayoutCreate", lt->layout_create(&shape.b, in, n, n, n)) ||
        lt_check(err, r, "cublasLtMatrixLayoutCreate", lt->layout_create(&shape.c, out, n, n, n))) {
        r->plans[r->plan_count++] = shape; /* freed with the rest; never run: its algorithm is unset */
        return -1;
    }
    memset(found, 0, sizeof found);
    cublasStatus_t s = lt->heuristic(r->handle, r->desc[tn ? 0 : 1], shape.a, shape.b, shape.c, shape.c, r->pref,
                                     ALGORITHMS, found, &returned);
    if (s == CUBLAS_STATUS_SUCCESS && returned == 0)
        s = CUBLAS_STATUS_NOT_SUPPORTED; /* no kernel for it: as good as refused */
    for (int k = 0; k < returned && s == CUBLAS_STATUS_SUCCESS; k++) {
        gemm_plan *p = &r->plans[r->plan_count++];
        *p = shape;
        p->rank = k;
        p->algo = found[k].algo;
    }
    if (s != CUBLAS_STATUS_SUCCESS) {
        r->plans[r->plan_count++] = shape;
        return blas_failed(err, r, "cublasLtMatmulAlgoGetHeuristic", n, s);
    }
    return 0;
}

/* Every size, both layouts (FP8: TN alone, as cuBLASLt requires) and, for
 * FP16 and BF16, both outputs. */
static int plan_gemms(gemm_run *r, grk_error *err)
{
    const grk_cublaslt_api *lt = r->lt;
    const uint64_t workspace = WORKSPACE_BYTES;
    int layouts = r->kind == GRK_TENSOR_FP8 ? 1 : 2;
    int outputs = r->kind == GRK_TENSOR_FP16 || r->kind == GRK_TENSOR_BF16 ? 2 : 1;
    if (lt_check(err, r, "cublasLtCreate", lt->create(&r->handle)) || make_desc(r, true, &r->desc[0], err) ||
        make_desc(r, false, &r->desc[1], err) ||
        lt_check(err, r, "cublasLtMatmulPreferenceCreate", lt->pref_create(&r->pref)) ||
        lt_check(err, r, "cublasLtMatmulPreferenceSetAttribute",
                 lt->pref_set(r->pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace, sizeof workspace)))
        return -1;
    for (int k = 0; k < r->count; k++)
        for (int layout = 0; layout < layouts; layout++)
            for (int narrow = 0; narrow < outputs; narrow++)
                if (plan_shape(r, r->sizes[k], layout == 0, narrow == 1, err) != 0)
                    return -1;
    return 0;
}

static void free_gemm(gemm_run *r)
{
    for (int k = 0; k < r->plan_count; k++) {
        if (r->plans[k].rank > 0)
            continue; /* a shape's candidates share its layouts: its first frees them */
        cublasLtMatrixLayout_t layouts[] = {r->plans[k].a, r->plans[k].b, r->plans[k].c};
        for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
            if (layouts[i])
                (void)r->lt->layout_destroy(layouts[i]);
    }
    if (r->pref)
        (void)r->lt->pref_destroy(r->pref);
    for (int k = 0; k < 2; k++)
        if (r->desc[k])
            (void)r->lt->desc_destroy(r->desc[k]);
    if (r->handle)
        (void)r->lt->destroy(r->handle);
    void *buffers[] = {r->a, r->b, r->c, r->workspace};
    for (size_t i = 0; i < sizeof buffers / sizeof buffers[0]; i++)
        if (buffers[i])
            (void)cudaFree(buffers[i]);
}

/* ---- setting up, checking ------------------------------------------------ */

static int take_sizes(gemm_run *r, grk_tensor_kind kind, const int *sizes, int count, int *largest, grk_error *err)
{
    if ((int)kind < 0 || kind >= GRK_TENSOR_COUNT || count < 1 || count > MAX_SIZES) {
        grk_fail(err, "grk_tensor_gemm: kind %d with %d sizes: a kind of grk_tensor_kind and 1 to %d sizes",
                 (int)kind, count, MAX_SIZES);
        return -1;
    }
    r->kind = kind;
    r->count = count;
    *largest = 0;
    for (int k = 0; k < count; k++) {
        if (sizes[k] < 16 || sizes[k] % 16 || sizes[k] > 65536) {
            grk_fail(err, "grk_tensor_gemm: size %d: must be a multiple of 16 from 16 to 65536", sizes[k]);
            return -1;
        }
        r->sizes[k] = sizes[k];
        *largest = sizes[k] > *largest ? sizes[k] : *largest;
    }
    return 0;
}

/* The libraries, the handles and the buffers, the inputs filled and the
 * output poisoned (NaN in every type). */
static int set_up(gemm_run *r, int largest, grk_error *err)
{
    size_t elements = (size_t)largest * largest;
    const kind_info *info = &kinds[r->kind];
    if (grk_load_cublaslt(&r->lt, err) != 0)
        return -1;
    GRK_MALLOC(&r->a, elements * info->in_bytes);
    GRK_MALLOC(&r->b, elements * info->in_bytes);
    GRK_MALLOC(&r->c, elements * info->out_bytes);
    fill_inputs<<<1024, 256>>>((int)r->kind, r->a, elements, 0);
    GRK_LAUNCH_CHECK("fill_inputs");
    fill_inputs<<<1024, 256>>>((int)r->kind, r->b, elements, B_OFFSET);
    GRK_LAUNCH_CHECK("fill_inputs");
    GRK_CHECK(cudaMemset(r->c, 0xff, elements * info->out_bytes));
    GRK_MALLOC(&r->workspace, WORKSPACE_BYTES);
    if (plan_gemms(r, err) != 0)
        return -1;
    return 0;
fail:
    return -1;
}

/* The worst error of C(i, j) for the sampled (i, j), against the FP64 dot
 * product of A's column i (TN; NN: its row i) and B's column j. */
static double worst_error(const gemm_run *r, int config, const int (*ij)[2], const double *got, int count)
{
    const int n = r->plans[config].n;
    const bool tn = r->plans[config].tn;
    double worst = 0;
    for (int s = 0; s < count; s++) {
        double sum = 0, squares = 0;
        for (int k = 0; k < n; k++) {
            unsigned long long a = tn ? (unsigned long long)ij[s][0] * n + k : (unsigned long long)k * n + ij[s][0];
            double term = input_value((int)r->kind, a) *
                          input_value((int)r->kind, B_OFFSET + (unsigned long long)ij[s][1] * n + k);
            sum += term;
            squares += term * term;
        }
        if (!isfinite(got[s]))
            return INFINITY;
        double scale = squares > 0 ? sqrt(squares) : 1;
        worst = fmax(worst, fabs(got[s] - sum) / scale);
    }
    return worst;
}

static int check_output(const gemm_run *r, int config, double *error, grk_error *err)
{
    const int corners = 4;
    int n = r->plans[config].n, ij[CHECKS][2];
    long long index[CHECKS];
    double got[CHECKS];
    long long *d_index = NULL;
    double *d_got = NULL;
    unsigned long long state = 0x9e3779b97f4a7c15ull ^ (unsigned long long)n;
    int rc = -1;
    for (int s = 0; s < CHECKS; s++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        ij[s][0] = s < corners ? (s & 1) * (n - 1) : (int)(state % (unsigned long long)n);
        ij[s][1] = s < corners ? (s >> 1) * (n - 1) : (int)((state >> 32) % (unsigned long long)n);
        index[s] = (long long)ij[s][0] + (long long)ij[s][1] * n; /* column-major, ldc = n */
    }
    GRK_MALLOC(&d_index, sizeof index);
    GRK_MALLOC(&d_got, sizeof got);
    GRK_CHECK(cudaMemcpy(d_index, index, sizeof index, cudaMemcpyHostToDevice));
    gather_output<<<(CHECKS + 255) / 256, 256>>>((int)r->kind, r->plans[config].narrow, r->c, d_index, d_got, CHECKS);
    GRK_LAUNCH_CHECK("gather_output");
    GRK_CHECK(cudaMemcpy(got, d_got, sizeof got, cudaMemcpyDeviceToHost));
    *error = worst_error(r, config, ij, got, CHECKS);
    rc = 0;
fail:
    if (d_index)
        (void)cudaFree(d_index);
    if (d_got)
        (void)cudaFree(d_got);
    return rc;
}

int grk_tensor_gemm(grk_tensor_kind kind, const int *sizes, int size_count, const grk_trace_plan *plan, grk_peak *out,
                    grk_error *err)
{
    gemm_run r;
    char label[32];
    int largest = 0, chosen = 0, rc = -1;
    memset(&r, 0, sizeof r);
    memset(out, 0, sizeof *out);
    if (take_sizes(&r, kind, sizes, size_count, &largest, err) != 0)
        return -1;
    if (set_up(&r, largest, err) != 0)
        goto fail;
    snprintf(label, sizeof label, "tensor %s", kinds[kind].name);
    if (grk_peak_search(launch_gemm, gemm_flops, gemm_name, &r, r.plan_count, label, plan, out, &chosen, err) != 0)
        goto fail;
    if (check_output(&r, chosen, &out->error, err) != 0)
        goto fail;
    out->verified = out->error <= (r.plans[chosen].narrow ? NARROW_TOLERANCE : kinds[kind].tolerance);
    rc = 0;
fail:
    free_gemm(&r);
    return rc;
}
