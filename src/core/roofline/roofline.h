/* The roofline bound of a kernel of a given arithmetic intensity. */
#ifndef GPUROOF_ROOFLINE_H
#define GPUROOF_ROOFLINE_H

#include <stdbool.h>
#include "gpuroof_text.h"

typedef enum { GR_BOUND_MEMORY, GR_BOUND_COMPUTE, GR_BOUND_BALANCED } gr_bound_kind;

typedef struct {
    double intensity;         /* FLOP/B */
    double ridge;             /* FLOP/B where the two roofs meet */
    double peak_gflops;
    double bandwidth_gbs;
    double memory_roof_gflops;/* intensity x bandwidth */
    double attainable_gflops; /* min(memory roof, peak) */
    double fraction_of_peak;  /* attainable / peak */
    gr_bound_kind bound;
    bool has_achieved;
    double achieved_gflops;
    double efficiency;        /* achieved / attainable */
    bool has_counts;          /* from gr_roofline_from_counts: the times below are set */
    double memory_time_ns;    /* bytes / bandwidth (GB/s is B/ns): the least time to move them */
    double compute_time_ns;   /* FLOPs / peak (GFLOP/s is FLOP/ns): the least time to do them */
} gr_roofline;

/* The one tie rule of gpuroof's rooflines: two times (or intensities,
 * or roofs) within this distance of each other, relative to the larger,
 * are a tie, "balanced": closer than any figure in a profile is known. */
#define GR_BALANCED_TOLERANCE 1e-9

/* |a - b| <= GR_BALANCED_TOLERANCE x max(a, b), a and b at least 0. */
bool gr_balanced(double a, double b);

bool gr_roofline_compute(double intensity, double peak_gflops, double bandwidth_gbs,
                         gr_roofline *out, gr_error *err);

/* The roofline of work given by its counts, FLOPs and bytes, both at
 * least 0 and not both 0: gr_roofline_compute's at flops / bytes, with the
 * least times of the memory traffic and of the arithmetic.  No FLOPs (a
 * copy, a gather) is intensity 0: memory-bound, 0 GFLOP/s attainable, only
 * the memory time matters.  No bytes (work on registers alone) is an
 * infinite intensity, and so an infinite memory roof: compute-bound at the
 * peak, only the compute time matters. */
bool gr_roofline_from_counts(double flops, double bytes, double peak_gflops, double bandwidth_gbs,
                             gr_roofline *out, gr_error *err);

/* Adds a measured rate: efficiency = achieved / attainable; an error where
 * nothing is attainable (no FLOPs). */
bool gr_roofline_add_achieved(gr_roofline *r, double achieved_gflops, gr_error *err);

const char *gr_bound_name(gr_bound_kind kind);

#endif
