/* How close to a limit's peak real kernels get (ncu_efficiency.h).  The
 * figures and what each was learned from: doc/ncu.md, "Speedups to
 * expect". */
#include "ncu_efficiency.h"

/* busy_peak: the busiest share the recorded PyTorch workloads' launches of
 * 20 us or more sustained on the unit's family, on the H200
 * (tests/data/ncu/h200: the transformer step, ResNet-18 and the step under
 * torch.compile; not GPT-2, which holds them): DRAM 88.3%, the L2's input
 * stage 89.7%, the L1's data pipe 90.4%, the Tensor pipe 92.2%, the issue
 * slots 84.3%, the other pipes as issue (none ran near its peak there),
 * rounded down to two figures (shared memory and its conflicts: the L1 data
 * pipe's, the same pipe): a unit that busy
 * is as busy as it gets.  Not learned from either limit suite.  lifted:
 * the first limit suite's variants on the H100, each its landing limit's
 * bound over its time (tests/data/ncu/h100/limits.csv): DRAM 0.914 to
 * 0.916 (three variants), the L2 0.58 (l2_read), shared memory 0.77 and
 * 0.95 (mma_f16, smem_read), the FP pipes 0.974 to 0.977 (four variants),
 * the Tensor Cores 0.74 (mma_tf32, GR_LIFTED_TENSOR), issue 0.94
 * (int_mix); the other pipes as issue.  The second suite
 * (tests/ncu/lifts.cu) and the GPT-2 pair hold them. */
static const gr_limit_efficiency table[GR_TIME_LIMIT_COUNT] = {
    [GR_TIME_LIMIT_DRAM] = {0.88, 0.91},
    [GR_TIME_LIMIT_L2] = {0.89, 0.58},
    [GR_TIME_LIMIT_L1] = {0.90, 0.85},
    [GR_TIME_LIMIT_SHARED] = {0.90, 0.85},
    [GR_TIME_LIMIT_BANK_CONFLICTS] = {0.90, 0.85},
    [GR_TIME_LIMIT_COMPUTE] = {0.92, 0.97},
    [GR_TIME_LIMIT_ISSUE] = {0.84, 0.94},
    [GR_TIME_LIMIT_PIPE] = {0.84, 0.94},
    [GR_TIME_LIMIT_LATENCY] = {1, 1},
    [GR_TIME_LIMIT_WAVES] = {1, 1},
    [GR_TIME_LIMIT_SMALL_GRID] = {1, 1},
    [GR_TIME_LIMIT_LAUNCH] = {1, 1},
};

const gr_limit_efficiency *gr_limit_efficiency_of(gr_time_limit l)
{
    return &table[l < GR_TIME_LIMIT_COUNT ? l : GR_TIME_LIMIT_LAUNCH];
}
