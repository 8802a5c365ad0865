#include <math.h>
#include "roofline.h"

static bool positive_finite(double x)
{
    return isfinite(x) && x > 0;
}

bool gr_roofline_compute(double intensity, double peak_gflops, double bandwidth_gbs,
                         gr_roofline *out, gr_error *err)
{
    if (!positive_finite(intensity))
        return gr_error_set(err, "the intensity must be a positive number of FLOP/B, not %g", intensity);
    if (!positive_finite(peak_gflops))
        return gr_error_set(err, "the peak must be a positive number of GFLOP/s, not %g", peak_gflops);
    if (!positive_finite(bandwidth_gbs))
        return gr_error_set(err, "the bandwidth must be a positive number of GB/s, not %g", bandwidth_gbs);
    *out = (gr_roofline){
        .intensity = intensity,
        .peak_gflops = peak_gflops,
        .bandwidth_gbs = bandwidth_gbs,
        .ridge = peak_gflops / bandwidth_gbs,
        .memory_roof_gflops = intensity * bandwidth_gbs,
    };
    out->attainable_gflops = fmin(out->memory_roof_gflops, peak_gflops);
    out->fraction_of_peak = out->attainable_gflops / peak_gflops;
    double distance = (intensity - out->ridge) / out->ridge;
    if (fabs(distance) <= GR_BALANCED_TOLERANCE)
        out->bound = GR_BOUND_BALANCED;
    else
        out->bound = distance < 0 ? GR_BOUND_MEMORY : GR_BOUND_COMPUTE;
    return true;
}

bool gr_roofline_add_achieved(gr_roofline *r, double achieved_gflops, gr_error *err)
{
    if (!isfinite(achieved_gflops) || achieved_gflops < 0)
        return gr_error_set(err, "the achieved rate must be a non-negative number of GFLOP/s, not %g",
                            achieved_gflops);
    r->has_achieved = true;
    r->achieved_gflops = achieved_gflops;
    r->efficiency = achieved_gflops / r->attainable_gflops;
    return true;
}

const char *gr_bound_name(gr_bound_kind kind)
{
    switch (kind) {
    case GR_BOUND_MEMORY: return "memory";
    case GR_BOUND_COMPUTE: return "compute";
    default: return "balanced";
    }
}
