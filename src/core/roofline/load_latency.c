/* The L2's far latency (load_latency.h). */
#include <math.h>
#include <stdlib.h>
#include "load_latency.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double gr_latency_median(double *cycles, size_t n)
{
    if (n == 0)
        return NAN;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(cycles[i]) || cycles[i] <= 0)
            return NAN;
    qsort(cycles, n, sizeof *cycles, compare_double);
    return n % 2 ? cycles[n / 2] : (cycles[n / 2 - 1] + cycles[n / 2]) / 2;
}

#define L2_NEAR_FOOTPRINT_MAX_BYTES ((size_t)4 << 20)

size_t gr_l2_near_footprint(size_t l2_bytes)
{
    size_t most = l2_bytes > 0 ? l2_bytes / 8 : L2_NEAR_FOOTPRINT_MAX_BYTES;
    size_t bytes = 128;
    while (bytes * 2 <= most && bytes * 2 <= L2_NEAR_FOOTPRINT_MAX_BYTES)
        bytes *= 2;
    return bytes;
}

size_t gr_l2_far_footprint(size_t l2_bytes)
{
    size_t bytes = 128;
    while (bytes <= l2_bytes / 4 * 3 / 2) /* bytes * 2 <= 3/4 of the L2, without overflow */
        bytes *= 2;
    return bytes > l2_bytes / 2 && bytes <= l2_bytes / 4 * 3 ? bytes : 0;
}
