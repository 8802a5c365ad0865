/* A device profile's roof for each memory level of the hierarchical
 * roofline, and the one wording of a level it has no bandwidth for (bound
 * and model alike). */
#ifndef GPUROOF_LEVEL_ROOFS_H
#define GPUROOF_LEVEL_ROOFS_H

#include <stdbool.h>
#include "error.h"
#include "profile.h"
#include "roofline_levels.h"

/* The profile's bandwidth of each memory level, 0 where it has none. */
void gr_profile_level_bandwidths(const gr_profile *p, double bandwidth_gbs[GR_MEMORY_LEVELS]);

/* The error for bytes given at a level whose bandwidth p lacks: it names
 * the profile's field and, where there is one, the option that gives the
 * bandwidth instead (NULL: none).  Always false. */
bool gr_level_no_bandwidth(const gr_profile *p, gr_level level, const char *option, gr_error *err);

#endif
