/* What a roofline chart would show that cannot be: a point or a measured
 * kernel above the roof it is drawn against (a wrong count of FLOPs or
 * bytes, a wrong device, a clock above the profile's).  The chart still
 * draws it; the caller warns of it. */
#ifndef GPUROOF_ROOFLINE_CHECK_H
#define GPUROOF_ROOFLINE_CHECK_H

#include "chart_roofline.h"

typedef struct {
    size_t count;
    char **lines; /* one warning each, naming the point and the roof with their figures */
} grc_chart_warnings;

/* Each --point above every device's roof at its intensity, and each
 * verified kernel and sweep point of a results file above its own device's
 * roof; a roof is the memory slope and the highest ceiling drawn.  False
 * only when out of memory. */
bool grc_roofline_check(const grc_roofline_inputs *in, grc_chart_warnings *out, gr_error *err);
void grc_chart_warnings_free(grc_chart_warnings *w);

#endif
