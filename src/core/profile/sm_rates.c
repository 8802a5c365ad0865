/* Per-SM, per-clock rates by compute capability, only where NVIDIA
 * published them, so that every theoretical figure has a source:
 *
 * 8.0 (A100): NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020),
 *   its table of peak rates for the A100 (108 SMs, 1410 MHz): FP16
 *   non-tensor 78 TFLOPS, BF16 non-tensor 39, FP16 and BF16 tensor 312,
 *   TF32 tensor 156, FP64 tensor 19.5; each over 108 x 1.41 GHz is the
 *   figure below (78e12 / 152.28e9 = 512).  No FP8.
 * 9.0 (H100): NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022),
 *   H100 SXM5 (132 SMs): FP16 and BF16 non-tensor 133.8 TFLOPS at 1980 MHz
 *   (512 a clock an SM), dense FP16 and BF16 tensor 989.4 TFLOPS, TF32
 *   494.7 and FP8 1978.9 at 1830 MHz (4096, 2048 and 8192 a clock an SM),
 *   FP64 tensor 66.9 at 1980 MHz (256).  Nsight Compute's roofline sections
 *   use the same per-clock figures for GH100.
 *
 * Other compute capabilities have no row: the GeForce and workstation
 * parts of one compute capability differ (the GeForce ones run FP16 tensor
 * math with FP32 accumulate at half rate), so the compute capability alone
 * does not give their figures. */
#include <stddef.h>
#include "sm_rates.h"

static const struct {
    int major, minor;
    gr_sm_rates rates;
} table[] = {
    {8, 0, {512, 256, {2048, 2048, 1024, 0, 128}}},
    {9, 0, {512, 512, {4096, 4096, 2048, 8192, 256}}},
};

bool gr_sm_rates_of(int major, int minor, gr_sm_rates *out)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].major == major && table[i].minor == minor) {
            *out = table[i].rates;
            return true;
        }
    return false;
}

/* The CUDA C++ Programming Guide, "Shared Memory" of each compute
 * capability: 32 banks, each 32 bits a clock from 5.x on; 64 bits a clock
 * on 3.x (Kepler). */
int gr_shared_bytes_per_clock(int major, int minor)
{
    (void)minor;
    if (major >= 5)
        return 32 * 4;
    return major == 3 ? 32 * 8 : 0;
}

/* Tensor cores came with Volta (7.0; FP16), BF16 and TF32 with Ampere
 * (8.0), FP8 with Ada and Hopper (8.9, 9.0); FP64 tensor cores are on the
 * data-centre parts only: A100 (8.0), H100 (9.0), B200 (10.0). */
bool gr_tensor_type_present(gr_tensor_type type, int major, int minor, const char **why)
{
    int cc = major * 10 + minor;
    const char *none = NULL;
    switch (type) {
    case GR_TENSOR_FP16: none = cc < 70 ? "no tensor cores below compute capability 7.0" : NULL; break;
    case GR_TENSOR_BF16: none = cc < 80 ? "no BF16 tensor cores below compute capability 8.0" : NULL; break;
    case GR_TENSOR_TF32: none = cc < 80 ? "no TF32 tensor cores below compute capability 8.0" : NULL; break;
    case GR_TENSOR_FP8: none = cc < 89 ? "no FP8 tensor cores below compute capability 8.9" : NULL; break;
    case GR_TENSOR_FP64:
        none = cc == 80 || major == 9 || cc == 100
                   ? NULL
                   : "no FP64 tensor cores (only compute capabilities 8.0, 9.x and 10.0 have them)";
        break;
    case GR_TENSOR_COUNT: none = "no such tensor type"; break;
    }
    if (why)
        *why = none;
    return none == NULL;
}

const char *gr_tensor_type_name(gr_tensor_type type)
{
    static const char *const names[GR_TENSOR_COUNT] = {"fp16", "bf16", "tf32", "fp8", "fp64"};
    return (int)type >= 0 && type < GR_TENSOR_COUNT ? names[type] : "unknown";
}
