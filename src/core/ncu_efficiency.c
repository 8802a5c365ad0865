/* How close to a limit's peak real kernels get (ncu_efficiency.h).  The
 * figures and what each was learned from: doc/ncu.md, "Speedups to
 * expect". */
#include "ncu_efficiency.h"

/* busy_peak: the highest busy share a saturating kernel sustained on the
 * unit's family, on the H200: the lift suite's streaming, atomic and
 * arithmetic kernels (DRAM 91.8%, the L2's input 88.8%, the L1's data pipe
 * 88.8%, issue 89.2%, the XU pipe 88.8%) and the recorded PyTorch steps'
 * busiest (the Tensor pipe 96%, the L1's data pipe 97%, DRAM 94%): a
 * unit that busy is as busy as it gets.  lifted: the first limit suite's variants on the H100, each
 * its landing limit's bound over its time (tests/data/ncu/h100/limits.csv):
 * DRAM 0.914 to 0.916 (three variants), the L2 0.58 (l2_read), shared
 * memory 0.77 and 0.95 (mma_f16, smem_read), the FP pipes 0.974 to 0.977
 * (four variants), the Tensor Cores 0.74 (mma_tf32, GR_LIFTED_TENSOR),
 * issue 0.94 (int_mix); the other pipes as issue. */
static const gr_limit_efficiency table[GR_TIME_LIMIT_COUNT] = {
    [GR_TIME_LIMIT_DRAM] = {0.92, 0.91},
    [GR_TIME_LIMIT_L2] = {0.90, 0.58},
    [GR_TIME_LIMIT_L1] = {0.95, 0.85},
    [GR_TIME_LIMIT_SHARED] = {0.95, 0.85},
    [GR_TIME_LIMIT_BANK_CONFLICTS] = {0.95, 0.85},
    [GR_TIME_LIMIT_COMPUTE] = {0.95, 0.97},
    [GR_TIME_LIMIT_ISSUE] = {0.90, 0.94},
    [GR_TIME_LIMIT_PIPE] = {0.90, 0.94},
    [GR_TIME_LIMIT_LATENCY] = {1, 1},
    [GR_TIME_LIMIT_WAVES] = {1, 1},
    [GR_TIME_LIMIT_SMALL_GRID] = {1, 1},
    [GR_TIME_LIMIT_LAUNCH] = {1, 1},
};

const gr_limit_efficiency *gr_limit_efficiency_of(gr_time_limit l)
{
    return &table[l < GR_TIME_LIMIT_COUNT ? l : GR_TIME_LIMIT_LAUNCH];
}
