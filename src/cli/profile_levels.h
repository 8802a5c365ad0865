/* profile show --results: the measured memory levels of a results file
 * held against DRAM, and the seed notes' claims held against them
 * (gr_memory_levels), as text and as JSON keys; the printers compute no
 * figure. */
#ifndef GPUROOF_PROFILE_LEVELS_H
#define GPUROOF_PROFILE_LEVELS_H

#include <jansson.h>
#include "gpuroof_results.h"
#include "gpuroof_roofline.h"

void profile_levels_print(const char *results_path, const gr_memory_levels *m);
/* Adds measured_from, measured_levels and seed_claims to o. */
void profile_levels_json(json_t *o, const char *results_path, const gr_memory_levels *m);

#endif
