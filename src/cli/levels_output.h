/* What bound and model share of the hierarchical roofline's output: the
 * error for a level a profile lacks, the levels as JSON and the binding
 * levels in words (roofline_levels.h computes them). */
#ifndef GPUROOF_LEVELS_OUTPUT_H
#define GPUROOF_LEVELS_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include "output.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

/* The error for a level given bytes on a device whose profile has no
 * bandwidth for it (the core's wording, gr_level_no_bandwidth), printed;
 * false. */
bool levels_error_no_bandwidth(const gr_profile *p, gr_level level, const char *option);

/* Each level whose bytes a model counts and the device cannot roof, left
 * out (gr_level_work_leave_unroofed), in the core's one wording
 * (gr_level_unroofed_text) on a line of its own after prefix (""
 * makes each a sentence: capitalised, a full stop); options[l]
 * the option that would give level l's bandwidth, or NULL (options NULL:
 * none). */
void levels_print_unroofed(const gr_profile *p, const double unroofed_bytes[GR_MEMORY_LEVELS], const char *prefix,
                           const char *const *options);

/* "unroofed_bytes": each level left out and its bytes, {} where none. */
json_t *levels_unroofed_json(const double unroofed_bytes[GR_MEMORY_LEVELS]);

/* "levels": a list of objects, each given level with its level, bytes
 * (null where not given: an intensity alone), intensity (null where
 * unbounded), bandwidth_gbs and roof_gflops. */
json_t *levels_json(const gr_roofline_levels *r);

/* Sets "levels", "binding_level" and "binding_levels" in j. */
void levels_json_set(json_t *j, const gr_roofline_levels *r);

/* "binding_levels": every binding level's key, in order (one but at a
 * tie). */
json_t *levels_binding_json(const gr_level_binding *b);

/* The binding levels for people, the same words in every command:
 * "shared memory", or at a tie "balanced: DRAM and compute",
 * "balanced: DRAM, L2 and compute"; added to out. */
void levels_binding_add(gr_buf *out, const gr_level_binding *b);

#endif
