/* Little's law for GPU memory (littles_law.h). */
#include <math.h>
#include <stdbool.h>
#include "littles_law.h"

static bool known_positive(double x)
{
    return isfinite(x) && x > 0;
}

double gr_littles_bytes_in_flight(const gr_littles_law *l)
{
    return l->warps_per_sm * l->sms * l->loads_in_flight * l->bytes_per_warp_load;
}

double gr_littles_bandwidth_gbs(const gr_littles_law *l)
{
    if (!known_positive(l->latency_ns) || !isfinite(gr_littles_bytes_in_flight(l)) ||
        gr_littles_bytes_in_flight(l) < 0)
        return NAN;
    return gr_littles_bytes_in_flight(l) / l->latency_ns; /* bytes per ns is GB/s */
}

double gr_littles_loads_needed(const gr_littles_law *l, double bandwidth_gbs)
{
    double per_load = l->warps_per_sm * l->sms * l->bytes_per_warp_load;
    if (!known_positive(l->latency_ns) || !known_positive(per_load) || !isfinite(bandwidth_gbs) ||
        bandwidth_gbs < 0)
        return NAN;
    return bandwidth_gbs * l->latency_ns / per_load;
}

double gr_littles_warps_needed(const gr_littles_law *l, double bandwidth_gbs)
{
    double per_warp = l->sms * l->loads_in_flight * l->bytes_per_warp_load;
    if (!known_positive(l->latency_ns) || !known_positive(per_warp) || !isfinite(bandwidth_gbs) ||
        bandwidth_gbs < 0)
        return NAN;
    return bandwidth_gbs * l->latency_ns / per_warp;
}
