/* The L2's far latency from a pointer chase's loads timed one by one.
 * On Hopper an SM's L2 partition keeps copies of the lines homed in the
 * other one, up to about half the L2: a chase over less than half the L2
 * sees near latencies only (275 cycles on an H100, all 8192 loads one
 * cluster), one over more reaches the far partition (440 to 570 cycles;
 * plots/data/h100-l2-near-far.txt).  The far figure is the median of the
 * loads of a chase over more than half the L2 (gr_l2_far_footprint). */
#ifndef GPUROOF_LOAD_LATENCY_H
#define GPUROOF_LOAD_LATENCY_H

#include <stddef.h>

/* The median of cycles[0..n-1], sorted in place; NaN where n is 0 or a
 * value is not a positive finite number. */
double gr_latency_median(double *cycles, size_t n);

/* The footprint of the near chase: the largest power of two of bytes at
 * most an eighth of the L2 and 4 MiB (over any L1, an eighth of the
 * H100's L2), well under the half the near partition keeps; 4 MiB where
 * the L2's size is unknown (0). */
size_t gr_l2_near_footprint(size_t l2_bytes);

/* The footprint of the far chase: the largest power of two of bytes at
 * most three quarters of the L2 (the rest keeps the chase out of DRAM),
 * where it is over half the L2; 0 where none is (then no far figure). */
size_t gr_l2_far_footprint(size_t l2_bytes);

#endif
