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

/* The share of DRAM's roof loads that each touch a sector of their own
 * reach (DRAM fetches 64 bytes for each 32-byte sector, and the bursts
 * are scattered over its rows): tests/ncu/scatter.cu's gather_words on
 * the H200, 64 warps an SM, 16 independent loads in flight a thread,
 * 52.2% and 52.1% of 4800 GB/s in two recordings, where its stream of the
 * same buffer reached 91.5% (tests/data/ncu/h200/scatter).  DRAM's busy
 * peak and lifted efficiency for such loads. */
#define GR_DRAM_SCATTERED 0.52
/* DRAM's loads are scattered where it read at least this many times the
 * bytes of the sectors the global loads asked for: a 64-byte burst for
 * each 32-byte sector (1.97 in gather_words and lifts.cu's chases). */
#define GR_DRAM_OVERFETCH_SCATTERED 1.5

/* The efficiencies of limit l; a limit that is no throughput (latency,
 * the grid's shape, the launch) has 1 and 1. */
const gr_limit_efficiency *gr_limit_efficiency_of(gr_time_limit l);

/* A unit runs near its peak, so that the warps waiting on it wait for
 * its throughput rather than its latency, from this busy share on (as
 * Nsight Compute's speed-of-light rule draws the line). */
#define GR_BUSY_THAT_BINDS 0.6

#endif
