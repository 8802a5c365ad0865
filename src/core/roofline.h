/* The roofline bound of a kernel of a given arithmetic intensity. */
#ifndef GPUROOF_ROOFLINE_H
#define GPUROOF_ROOFLINE_H

#include <stdbool.h>
#include "error.h"

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
} gr_roofline;

/* Intensities within this relative distance of the ridge are "balanced":
 * closer than any figure in a profile is known. */
#define GR_BALANCED_TOLERANCE 1e-9

bool gr_roofline_compute(double intensity, double peak_gflops, double bandwidth_gbs,
                         gr_roofline *out, gr_error *err);

/* Adds a measured rate: efficiency = achieved / attainable. */
bool gr_roofline_add_achieved(gr_roofline *r, double achieved_gflops, gr_error *err);

const char *gr_bound_name(gr_bound_kind kind);

#endif
