/* The one wording of a memory level a device profile has no bandwidth
 * for (bound, model and plot alike). */
#ifndef GPUROOF_LEVEL_ROOFS_H
#define GPUROOF_LEVEL_ROOFS_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "gpuroof_profile.h"
#include "roofline_levels.h"

/* The error for bytes given at a level whose bandwidth p lacks: it names
 * the profile's field and, where there is one, the option that gives the
 * bandwidth instead (NULL: none).  Always false. */
bool gr_level_no_bandwidth(const gr_profile *p, gr_level level, const char *option, gr_error *err);

/* The one wording of a model's bytes left out at a level p has no
 * bandwidth for (gr_level_work_leave_unroofed): "not bounded at L2: the
 * model counts 1073741824 B there, but k40 has no L2 bandwidth
 * (memory.l2_bandwidth_gbs in its profile)", or without a profile (p
 * NULL or unnamed: the roofs given by option) "but no L2 bandwidth is
 * known"; option, where not NULL, the one that gives the bandwidth
 * instead.  Into out, cut to size. */
void gr_level_unroofed_text(const gr_profile *p, gr_level level, double bytes, const char *option, char *out,
                            size_t size);

#endif
