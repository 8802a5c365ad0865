/* gpuroof bound's one result, which its text (bound_text.c) and JSON
 * (cmd_bound.c) both read: the inputs as read, the levels' roofline from
 * the core, and the few figures of the verdict that are unit changes. */
#ifndef GPUROOF_BOUND_OUTPUT_H
#define GPUROOF_BOUND_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include "gpuroof_model.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

typedef struct {
    gr_level_work work;              /* FLOPs, each level's bytes and bandwidth, the peak */
    gr_roofs roofs;                  /* the device's, the options' over them: the work's peak and bandwidths */
    bool given_roof[GR_MEMORY_LEVELS]; /* a bandwidth from the command line, not the profile */
    bool given_peak;
    const char *precision;
    const char *rate_unit, *operation; /* "GFLOP/s" and "FLOP", or an integer precision's "GOP/s" and "OP" */
    int word_bytes;                    /* one value of the precision: 4 for fp32, 8 for fp64 */
    const char *model;                 /* the --model given, or NULL */
    char *model_title;                 /* the model's own, a copy: the result's to free */
    gr_profile device;
    bool has_device;
    double unroofed_bytes[GR_MEMORY_LEVELS]; /* a model's bytes at a level with no bandwidth known: left out */
} bound_inputs;

typedef struct {
    bound_inputs in;
    gr_bound bound;       /* the core's result: every level's roofline, what the verdict says */
    bool intensity_given; /* --intensity: no counts */
} bound_result;

/* The work shown as on a whiteboard: DRAM's roofline, or with more levels
 * a table of each level's bytes, intensity and roof; the attainable rate,
 * then what binds and why, and an achieved rate against it. */
void bound_print_text(const bound_result *r);

/* DRAM's roofline, as ever, then what the levels change. */
json_t *bound_json(const bound_result *r);

#endif
