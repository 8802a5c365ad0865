/* What one SM does a clock beyond the FP32 and FP64 FMA lanes of arch.h:
 * FP16 and BF16 FMAs (not matrix instructions), dense tensor-core math by
 * input type, and shared-memory bytes; and which tensor-core types a
 * compute capability has at all.  The theoretical twins of the measured
 * ceilings are SMs x these x the SM clock. */
#ifndef GPUROOF_SM_RATES_H
#define GPUROOF_SM_RATES_H

#include <stdbool.h>

typedef enum {
    GR_TENSOR_FP16, /* FP16 inputs, FP32 accumulate */
    GR_TENSOR_BF16, /* BF16 inputs, FP32 accumulate */
    GR_TENSOR_TF32, /* FP32 data in TF32 tensor math */
    GR_TENSOR_FP8,  /* E4M3 inputs, FP32 accumulate */
    GR_TENSOR_FP64,
    GR_TENSOR_COUNT
} gr_tensor_type;

/* FLOP an SM a clock; 0 where the SM has no such unit. */
typedef struct {
    double fp16_flops, bf16_flops; /* FMA, two lanes of a half2 each, 2 FLOP a lane */
    double tensor_flops[GR_TENSOR_COUNT]; /* dense (no structured sparsity) */
} gr_sm_rates;

/* False for a compute capability with no published per-clock figures in
 * the table (its theoretical figures are then unknown). */
bool gr_sm_rates_of(int major, int minor, gr_sm_rates *out);

/* Shared-memory bytes an SM serves a clock, conflict-free: 32 banks of 4
 * bytes from compute capability 5.0, of 8 bytes on Kepler; 0 for anything
 * older. */
int gr_shared_bytes_per_clock(int major, int minor);

/* Whether a GPU of this compute capability has tensor cores of this type;
 * where not, *why says so in words (for the text of a run). */
bool gr_tensor_type_present(gr_tensor_type type, int major, int minor, const char **why);

/* "fp16", "bf16", "tf32", "fp8", "fp64". */
const char *gr_tensor_type_name(gr_tensor_type type);

#endif
