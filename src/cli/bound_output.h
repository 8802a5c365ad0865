/* gpuroof bound's inputs as read, and its text for a hierarchical bound
 * (bound_levels_text.c); cmd_bound.c reads them and prints the rest. */
#ifndef GPUROOF_BOUND_OUTPUT_H
#define GPUROOF_BOUND_OUTPUT_H

#include <stdbool.h>
#include "profile.h"
#include "roofline_levels.h"

typedef struct {
    gr_level_work work;              /* FLOPs, each level's bytes and bandwidth, the peak */
    bool given_roof[GR_MEMORY_LEVELS]; /* a bandwidth from the command line, not the profile */
    bool given_peak;
    const char *precision;
    const char *rate_unit, *operation; /* "GFLOP/s" and "FLOP", or an integer precision's "GOP/s" and "OP" */
    int word_bytes;                    /* one value of the precision: 4 for fp32, 8 for fp64 */
    const char *model;                 /* the --model given, or NULL */
    char model_title[256];
    gr_profile device;
    bool has_device;
    double unroofed_bytes[GR_MEMORY_LEVELS]; /* a model's bytes at a level with no bandwidth known: left out */
} bound_inputs;

/* The work of a bound with more levels than DRAM, shown as on a
 * whiteboard: each level's bytes, intensity and roof, the attainable rate,
 * then which level binds and why, and an achieved rate against it. */
void bound_print_levels(const bound_inputs *in, const gr_roofline_levels *r);

#endif
