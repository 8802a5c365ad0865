#include <math.h>
#include <stdlib.h>
#include "latency_clusters.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of sorted[first..last]. */
static double median_of(const double *sorted, size_t first, size_t last)
{
    size_t n = last - first + 1;
    return n % 2 ? sorted[first + n / 2] : (sorted[first + n / 2 - 1] + sorted[first + n / 2]) / 2;
}

bool gr_latency_split(double *cycles, size_t n, gr_latency_clusters *out)
{
    *out = (gr_latency_clusters){0};
    if (n < 2)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!(cycles[i] > 0) || !isfinite(cycles[i]))
            return false;
    qsort(cycles, n, sizeof *cycles, compare_double);
    size_t first = n / 100, last = n - 1 - n / 100, split = first; /* the near cluster ends at split */
    for (size_t i = first; i < last; i++)
        if (cycles[i + 1] - cycles[i] > cycles[split + 1] - cycles[split])
            split = i;
    size_t kept = last - first + 1, near_count = split - first + 1, far_count = last - split;
    double near = median_of(cycles, first, split), gap = cycles[split + 1] - cycles[split];
    out->two = near_count >= GR_LATENCY_CLUSTER_SHARE * kept && far_count >= GR_LATENCY_CLUSTER_SHARE * kept &&
               gap >= GR_LATENCY_GAP_SHARE * near;
    if (!out->two) {
        out->near = out->far = median_of(cycles, first, last);
        out->near_count = kept;
        return true;
    }
    out->near = near;
    out->far = median_of(cycles, split + 1, last);
    out->near_count = near_count;
    out->far_count = far_count;
    out->gap = gap;
    return true;
}
