/* Library kernels get library advice (ncu_limits.h): a kernel of cuBLAS,
 * cuDNN, ATen, Triton or CUB is changed by changing the call that chose
 * it, so the advice is in the call's terms: its shapes, alignment,
 * dtypes, layout, a fused op, a copy to avoid.  A GEMM built for an older
 * architecture than the GPU's is named with its likely cause and the
 * share of the Tensor Core roof it reaches, and the speedup to expect of
 * the GPU's own kernels: its FLOPs at the roof at the efficiency lifted
 * kernels reach. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "ncu_efficiency.h"
#include "ncu_limits.h"

static void advise(gr_ncu_limits *lim, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lim->call_advice, sizeof lim->call_advice, fmt, ap);
    va_end(ap);
}

/* mma.sync runs at 2/3 of warpgroup MMA's rate on Hopper: the GPU's own
 * kernel does the same FLOPs in 2/3 of the time. */
static double gpu_own_flops_ns(const gr_ncu_figures *f, const gr_ncu_limits *lim)
{
    return lim->compute_flops_ns * (gr_ncu_mma_sync_on_hopper(f) ? 2.0 / 3.0 : 1);
}

static void older_gemm(const gr_ncu_figures *f, gr_ncu_limits *lim)
{
    const gr_library_info *l = &lim->library;
    double T = lim->duration_ns, overhead = isnan(lim->overhead_ns) ? 0 : lim->overhead_ns;
    double own = gpu_own_flops_ns(f, lim) / GR_LIFTED_TENSOR;
    if (own > 0 && own + overhead < T)
        lim->call_expected = T / (own + overhead);
    char align[96] = "", share[96];
    if (l->align_elements > 0 && l->align_elements < 8)
        snprintf(align, sizeof align, ", for operands aligned to %d element%s only", l->align_elements,
                 l->align_elements == 1 ? "" : "s");
    if (isnan(lim->tensor_roof_share)) /* a report without the Tensor Cores' counters */
        snprintf(share, sizeof share, "its share of the Tensor Core roof is unknown (the report lacks the "
                                      "Tensor Cores' FLOPs)");
    else
        snprintf(share, sizeof share, "it reaches %.1f%% of the Tensor Core roof", 100 * lim->tensor_roof_share);
    advise(lim, "cuBLAS chose a kernel built for sm_%d (%s mma.sync)%s: %s. A dimension is likely not a "
                "multiple of 8 (16-bit types) or 4 (32-bit): pad it (a vocabulary of 50257 to 50304, a multiple "
                "of 64) so cuBLAS can pick its own sm_90 kernels",
           l->built_for_sm, l->built_for_sm < 80 ? "Turing-era" : "Ampere-era", align, share);
}

static void gemm(const gr_ncu_figures *f, gr_ncu_limits *lim)
{
    if (lim->older_arch) {
        older_gemm(f, lim);
        return;
    }
    if (lim->limiter == GR_TIME_LIMIT_COMPUTE)
        advise(lim, "a GEMM at its Tensor Core rate: fewer FLOPs, a lower precision (FP8 through torch._scaled_mm), or "
                    "GEMMs that share an input fused into one (the q, k and v projections as one)");
    else
        advise(lim, "a GEMM whose Tensor Cores wait: M, N and K multiples of 64 (a full tile), a larger batch, or "
                    "small GEMMs batched into one call (torch.bmm, a grouped GEMM)");
}

static void elementwise(const char *kernel, gr_ncu_limits *lim)
{
    if (strstr(kernel, "unrolled_elementwise"))
        advise(lim, "ATen's unrolled element-wise kernel, its path for non-contiguous, unaligned or mixed-dtype "
                    "tensors (the vectorized one moves 16 bytes a thread): contiguous inputs of one dtype, or the op "
                    "fused with its neighbours (torch.compile)");
    else
        advise(lim, "an element-wise op: fused with its neighbours (torch.compile), or in place (add_, mul_) to "
                    "move a tensor less");
}

static void aten(const char *kernel, gr_library_kernel kind, gr_ncu_limits *lim)
{
    switch (kind) {
    case GR_LIBKERNEL_ELEMENTWISE:
        elementwise(kernel, lim);
        return;
    case GR_LIBKERNEL_COPY:
        advise(lim, "a copy or a dtype conversion: avoid it (tensors kept contiguous and in one dtype across ops: "
                    ".contiguous() and .to() each launch one), or fuse it (torch.compile)");
        return;
    case GR_LIBKERNEL_REDUCE:
        advise(lim, "a reduction, softmax or norm: fused into the op that makes its input (torch.compile), or a "
                    "fused kernel (cross entropy fused with the language-model head, a fused layer norm)");
        return;
    case GR_LIBKERNEL_OPTIMIZER:
        advise(lim, "the fused optimizer reads and writes every parameter, gradient and state each step: fewer "
                    "bytes (BF16 states, an 8-bit optimizer) or fewer steps (gradient accumulation)");
        return;
    default:
        advise(lim, "a PyTorch op: fused with its neighbours (torch.compile), or another dtype or layout");
    }
}

void gr_ncu_call_advice(const char *kernel, const gr_ncu_figures *f, const gr_limit_inputs *in, gr_ncu_limits *lim)
{
    const gr_profile *p = in->device;
    gr_library_of(kernel ? kernel : "", &lim->library);
    const gr_library_info *l = &lim->library;
    if (f->flops_tensor > 0 && lim->compute_flops_ns > 0)
        lim->tensor_roof_share = lim->compute_flops_ns / lim->duration_ns;
    /* a Tensor Core GEMM of an older architecture is a call that missed the
     * GPU's own kernels; an FP32 FFMA GEMM of one (cuBLAS's sm80_..._ffma
     * SGEMMs, which it runs on Hopper too) is no sign of it: counted zero
     * Tensor Core FLOPs leave it unflagged */
    lim->older_arch = p && l->kind == GR_LIBKERNEL_GEMM && gr_library_older_than(l, p->cc_major, p->cc_minor) &&
                      !(f->flops_tensor == 0);
    switch (l->library) {
    case GR_LIBRARY_CUBLAS:
        gemm(f, lim);
        return;
    case GR_LIBRARY_CUDNN:
        if (l->kind == GR_LIBKERNEL_ATTENTION)
            advise(lim, "cuDNN's fused attention: more batch x heads to fill every SM, head dimensions of 64 or 128");
        else if (l->kind == GR_LIBKERNEL_GEMM)
            gemm(f, lim);
        else
            advise(lim, "a cuDNN convolution: channels-last tensors (torch.channels_last), channels a multiple of 8, "
                        "torch.backends.cudnn.benchmark = True so cuDNN times its algorithms");
        return;
    case GR_LIBRARY_ATEN:
        aten(kernel, l->kind, lim);
        return;
    case GR_LIBRARY_TRITON:
        advise(lim, "TorchInductor wrote this kernel: torch.compile(mode=\"max-autotune\") tries more of its "
                    "configurations; a kernel that fuses fewer ops uses fewer registers");
        return;
    case GR_LIBRARY_CUB:
        advise(lim, "a CUB primitive (a sort, scan or select): fewer and larger calls");
        return;
    default:
        return;
    }
}
