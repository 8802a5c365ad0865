/* The low, median and high of repeated figures. */
#include <math.h>
#include <stdlib.h>
#include "spread.h"

#define MAX_SORTED 64 /* repeats of one figure: a handful; more are counted in their first 64 */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

gr_spread gr_spread_of(const double *values, size_t count)
{
    double sorted[MAX_SORTED];
    gr_spread s = {NAN, NAN, NAN, 0};
    for (size_t i = 0; i < count && s.count < MAX_SORTED; i++)
        if (!isnan(values[i]))
            sorted[s.count++] = values[i];
    if (s.count == 0)
        return s;
    qsort(sorted, s.count, sizeof sorted[0], by_value);
    s.low = sorted[0];
    s.high = sorted[s.count - 1];
    s.median = s.count % 2 ? sorted[s.count / 2] : (sorted[s.count / 2 - 1] + sorted[s.count / 2]) / 2;
    return s;
}

double gr_spread_width_pct(const gr_spread *s)
{
    if (s->count == 0 || !(s->median > 0))
        return NAN;
    return 100 * (s->high - s->low) / s->median;
}
