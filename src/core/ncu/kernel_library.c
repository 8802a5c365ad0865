/* Which library a kernel comes from (kernel_library.h).  The names are
 * those of the kernels recorded on the H100 and H200 (tests/data/ncu):
 * cuBLAS's nvjet_sm90_tst_* and cutlass_75_tensorop_bf16_s1688gemm_*,
 * cuDNN's sm90_xmma_{fprop,dgrad,wgrad}_implicit_gemm_* and
 * cudnn_generated_fort_native_sdpa_*, ATen's native::*_kernel,
 * Inductor's triton_{poi,red,per}_fused_*, CUB's Device*Kernel. */
#include <stdlib.h>
#include <string.h>
#include "kernel_library.h"

static bool has(const char *name, const char *part)
{
    return strstr(name, part) != NULL;
}

static gr_library library_of(const char *k)
{
    if (has(k, "nvjet_") || has(k, "gemm") || has(k, "Gemm")) {
        if (has(k, "cudnn") || has(k, "implicit_gemm") || has(k, "conv"))
            return GR_LIBRARY_CUDNN;
        if (has(k, "nvjet_") || has(k, "cutlass") || has(k, "xmma") || has(k, "cublas"))
            return GR_LIBRARY_CUBLAS;
    }
    if (has(k, "cudnn") || has(k, "xmma_fprop") || has(k, "xmma_dgrad") || has(k, "xmma_wgrad"))
        return GR_LIBRARY_CUDNN;
    if (strncmp(k, "triton_", 7) == 0 || has(k, " triton_"))
        return GR_LIBRARY_TRITON;
    if (has(k, "at::") || strncmp(k, "native::", 8) == 0 || has(k, " native::") || has(k, "void native::"))
        return GR_LIBRARY_ATEN;
    if (has(k, "cub::") || has(k, "DeviceRadixSort") || has(k, "DeviceScan") || has(k, "DeviceReduce") ||
        has(k, "DeviceSelect") || has(k, "DeviceCompact") || has(k, "DeviceUnique"))
        return GR_LIBRARY_CUB;
    return GR_LIBRARY_NONE;
}

static gr_library_kernel kind_of(const char *k, gr_library lib)
{
    if (lib == GR_LIBRARY_NONE)
        return GR_LIBKERNEL_OTHER;
    if (lib == GR_LIBRARY_TRITON) /* Inductor's names list the ops fused ("_to_copy_add_native_layer_norm") */
        return has(k, "triton_red") || has(k, "triton_per") ? GR_LIBKERNEL_REDUCE
               : has(k, "triton_poi")                       ? GR_LIBKERNEL_ELEMENTWISE
                                                            : GR_LIBKERNEL_OTHER;
    if (has(k, "sdpa") || has(k, "flash") || has(k, "attention") || has(k, "fmha"))
        return GR_LIBKERNEL_ATTENTION;
    if (has(k, "conv") || has(k, "fprop") || has(k, "dgrad") || has(k, "wgrad"))
        return GR_LIBKERNEL_CONV;
    if (lib == GR_LIBRARY_CUBLAS || has(k, "gemm"))
        return GR_LIBKERNEL_GEMM;
    if (has(k, "multi_tensor_apply") || has(k, "Adam") || has(k, "adam"))
        return GR_LIBKERNEL_OPTIMIZER;
    if (has(k, "direct_copy") || has(k, "copy_") || has(k, "bfloat16_copy") || has(k, "CatArray"))
        return GR_LIBKERNEL_COPY;
    if (has(k, "reduce") || has(k, "SoftMax") || has(k, "softmax") || has(k, "norm") || has(k, "triton_red") ||
        has(k, "triton_per"))
        return GR_LIBKERNEL_REDUCE;
    if (has(k, "elementwise") || has(k, "triton_poi"))
        return GR_LIBKERNEL_ELEMENTWISE;
    return GR_LIBKERNEL_OTHER;
}

/* The number after prefix where k has it (cutlass_75_ -> 75), else 0. */
static int number_after(const char *k, const char *prefix)
{
    const char *at = strstr(k, prefix);
    if (!at)
        return 0;
    at += strlen(prefix);
    int n = 0;
    for (int digits = 0; *at >= '0' && *at <= '9' && digits < 4; at++, digits++)
        n = 10 * n + (*at - '0');
    return n;
}

void gr_library_of(const char *kernel, gr_library_info *out)
{
    *out = (gr_library_info){.library = library_of(kernel)};
    out->kind = kind_of(kernel, out->library);
    if (out->library == GR_LIBRARY_CUBLAS || out->library == GR_LIBRARY_CUDNN) {
        out->built_for_sm = number_after(kernel, "cutlass_");
        if (!out->built_for_sm)
            out->built_for_sm = number_after(kernel, "sm");
        out->align_elements = number_after(kernel, "_align");
    }
}

const char *gr_library_key(gr_library l)
{
    static const char *const keys[GR_LIBRARY_COUNT] = {NULL, "cublas", "cudnn", "aten", "triton", "cub"};
    return l < GR_LIBRARY_COUNT ? keys[l] : NULL;
}

const char *gr_library_name(gr_library l)
{
    static const char *const names[GR_LIBRARY_COUNT] = {"", "cuBLAS", "cuDNN", "PyTorch (ATen)", "Triton", "CUB"};
    return l < GR_LIBRARY_COUNT ? names[l] : "";
}

bool gr_library_older_than(const gr_library_info *info, int cc_major, int cc_minor)
{
    int gpu = 10 * cc_major + cc_minor;
    /* tens of an architecture: 75 is Turing's sm_75, 80 Ampere's, 90 Hopper's */
    return info->built_for_sm >= 50 && info->built_for_sm < 200 && gpu >= 50 && info->built_for_sm / 10 < gpu / 10;
}
