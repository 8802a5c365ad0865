/* A figure measured several times in one run: its lowest, median and
 * highest, as rocprof-compute gives each of its roofline ceilings (its
 * benchmark's low and high beside each peak). */
#ifndef GPUROOF_SPREAD_H
#define GPUROOF_SPREAD_H

#include <stddef.h>

typedef struct {
    double low, median, high; /* NaN where no value was known */
    size_t count;             /* the values known (NaNs are left out) */
} gr_spread;

/* The spread of values[0..count); the median of an even count is the mean
 * of the middle two.  values is left as it was. */
gr_spread gr_spread_of(const double *values, size_t count);

/* How wide: (high - low) / median, in percent; NaN where unknown. */
double gr_spread_width_pct(const gr_spread *s);

#endif
