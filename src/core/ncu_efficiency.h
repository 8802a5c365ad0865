/* How close to a limit's peak real kernels get, per limit: the busy
 * share of its units the best kernels reach (a unit busy that much is as
 * busy as it gets), and the share of its peak a kernel reaches once a
 * change has moved it onto that limit (what lifting another limit can be
 * expected to give).  Learned from the first limit suite
 * (tests/ncu/limits.cu: each variant's time on the limit it lands on)
 * and the recorded PyTorch steps' busiest units; held on the second
 * suite (tests/ncu/lifts.cu) and the GPT-2 vocabulary pair, which were
 * not used to learn them (doc/ncu.md, "Speedups to expect"). */
#ifndef GPUROOF_NCU_EFFICIENCY_H
#define GPUROOF_NCU_EFFICIENCY_H

#include "ncu_limits.h"

typedef struct {
    double busy_peak; /* 0..1: the busy share that counts as the unit's whole capacity */
    double lifted;    /* 0..1: a lifted kernel's time is the limit's bound over this */
} gr_limit_efficiency;

/* The share of the Tensor Cores' roof a kernel landing on them reaches
 * (the compute limit's lifted efficiency is the FP pipes'). */
#define GR_LIFTED_TENSOR 0.74

/* The efficiencies of limit l; a limit that is no throughput (latency,
 * the grid's shape, the launch) has 1 and 1. */
const gr_limit_efficiency *gr_limit_efficiency_of(gr_time_limit l);

/* A unit runs near its peak, so that the warps waiting on it wait for
 * its throughput rather than its latency, from this busy share on (as
 * Nsight Compute's speed-of-light rule draws the line). */
#define GR_BUSY_THAT_BINDS 0.6

#endif
