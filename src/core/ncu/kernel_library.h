/* Which library a kernel comes from, by its name as Nsight Compute or the
 * demangler spell it, and what that says: a library kernel is changed by
 * changing the call (its shapes, alignment, dtypes, a fused op), not its
 * code.  And a library kernel built for an older architecture than the
 * GPU it ran on (cuBLAS's Turing-era cutlass_75 kernels on Hopper, its
 * align1 variants), which cuBLAS picks where a dimension is not a
 * multiple of 8: the names are cuBLAS's own (cutlass_75_tensorop_bf16_
 * s1688gemm_..._align1 on an H200, the GPT-2 step of tools/torch-gpt2.py
 * at a vocabulary of 50257). */
#ifndef GPUROOF_KERNEL_LIBRARY_H
#define GPUROOF_KERNEL_LIBRARY_H

#include <stdbool.h>

typedef enum {
    GR_LIBRARY_NONE,     /* the user's own, or not recognised */
    GR_LIBRARY_CUBLAS,   /* cuBLAS and cuBLASLt: nvjet_*, cutlass_*gemm*, sm90_xmma_gemm_* */
    GR_LIBRARY_CUDNN,    /* cuDNN: cudnn*, the implicit-GEMM convolutions (xmma_*_implicit_gemm, cutlass__5x_cudnn) */
    GR_LIBRARY_ATEN,     /* PyTorch's own CUDA kernels: at::native::, native:: */
    GR_LIBRARY_TRITON,   /* Triton, as TorchInductor writes it: triton_* */
    GR_LIBRARY_CUB,      /* CUB's device-wide primitives (sorts, scans, selects) */
    GR_LIBRARY_COUNT
} gr_library;

/* The kinds of library kernel whose advice differs. */
typedef enum {
    GR_LIBKERNEL_OTHER,
    GR_LIBKERNEL_GEMM,        /* a matrix product */
    GR_LIBKERNEL_CONV,        /* a convolution */
    GR_LIBKERNEL_ATTENTION,   /* fused attention */
    GR_LIBKERNEL_ELEMENTWISE, /* ATen's element-wise kernels */
    GR_LIBKERNEL_COPY,        /* a copy or a dtype conversion */
    GR_LIBKERNEL_REDUCE,      /* a reduction, softmax, a norm */
    GR_LIBKERNEL_OPTIMIZER,   /* a fused optimizer step (multi_tensor_apply) */
    GR_LIBKERNEL_COUNT
} gr_library_kernel;

typedef struct {
    gr_library library;
    gr_library_kernel kind;
    /* the architecture the kernel was built for where its name says
     * (cutlass_75_...: 75, sm80_xmma_...: 80), 0 where it does not */
    int built_for_sm;
    /* the operands' alignment in elements where the name says (_align1:
     * 1, _align8: 8), 0 where it does not */
    int align_elements;
} gr_library_info;

void gr_library_of(const char *kernel, gr_library_info *out);

/* "cublas", "cudnn", "aten", "triton", "cub"; NULL for none. */
const char *gr_library_key(gr_library l);
/* For people: "cuBLAS", "cuDNN", "PyTorch (ATen)", "Triton", "CUB". */
const char *gr_library_name(gr_library l);

/* Whether a kernel built for architecture built_for_sm runs on a GPU of
 * a later one (cc_major x 10 + cc_minor), with the older instructions:
 * mma.sync where the GPU has warpgroup MMA. */
bool gr_library_older_than(const gr_library_info *info, int cc_major, int cc_minor);

#endif
