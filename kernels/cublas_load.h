/* cuBLAS and cuBLASLt, loaded at run time (dlopen, dlsym): gpuroof links
 * neither, so that it builds and runs where they are absent.  Only the
 * entry points gpuroof calls, typed from the toolkit's headers.  Internal
 * to kernels/. */
#ifndef GPUROOF_KERNELS_CUBLAS_LOAD_H
#define GPUROOF_KERNELS_CUBLAS_LOAD_H

#include <cublasLt.h>
#include <cublas_v2.h> /* types and enums only: the functions come from dlsym */
#include "gpu.h"

typedef struct {
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*destroy)(cublasHandle_t);
    cublasStatus_t (*sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float *,
                            const float *, int, const float *, int, const float *, float *, int);
    cublasStatus_t (*dgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const double *,
                            const double *, int, const double *, int, const double *, double *, int);
    cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *,
                              const void *, cudaDataType, int, const void *, cudaDataType, int, const void *, void *,
                              cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);
} grk_cublas_api;

typedef struct {
    cublasStatus_t (*create)(cublasLtHandle_t *);
    cublasStatus_t (*destroy)(cublasLtHandle_t);
    cublasStatus_t (*desc_create)(cublasLtMatmulDesc_t *, cublasComputeType_t, cudaDataType_t);
    cublasStatus_t (*desc_destroy)(cublasLtMatmulDesc_t);
    cublasStatus_t (*desc_set)(cublasLtMatmulDesc_t, cublasLtMatmulDescAttributes_t, const void *, size_t);
    cublasStatus_t (*layout_create)(cublasLtMatrixLayout_t *, cudaDataType, uint64_t, uint64_t, int64_t);
    cublasStatus_t (*layout_destroy)(cublasLtMatrixLayout_t);
    cublasStatus_t (*pref_create)(cublasLtMatmulPreference_t *);
    cublasStatus_t (*pref_destroy)(cublasLtMatmulPreference_t);
    cublasStatus_t (*pref_set)(cublasLtMatmulPreference_t, cublasLtMatmulPreferenceAttributes_t, const void *,
                               size_t);
    cublasStatus_t (*heuristic)(cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t,
                                cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                                cublasLtMatmulPreference_t, int, cublasLtMatmulHeuristicResult_t[], int *);
    cublasStatus_t (*matmul)(cublasLtHandle_t, cublasLtMatmulDesc_t, const void *, const void *,
                             cublasLtMatrixLayout_t, const void *, cublasLtMatrixLayout_t, const void *, const void *,
                             cublasLtMatrixLayout_t, void *, cublasLtMatrixLayout_t, const cublasLtMatmulAlgo_t *,
                             void *, size_t, cudaStream_t);
} grk_cublaslt_api;

/* The loaded library's entry points, loaded once and kept (unloading it
 * while the process runs is not worth the risk).  -1 with err->message
 * "cuBLAS is not available: ..." ("cuBLASLt is not available: ...") where
 * the library or one of its entry points is missing. */
int grk_load_cublas(const grk_cublas_api **api, grk_error *err);
int grk_load_cublaslt(const grk_cublaslt_api **api, grk_error *err);

#endif
