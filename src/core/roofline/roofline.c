#include <math.h>
#include "roofline.h"

bool gr_balanced(double a, double b)
{
    double larger = fmax(a, b);
    /* an infinite intensity (no bytes) ties with nothing finite: inf - x
     * is no more than inf x the tolerance */
    return a == b || (isfinite(larger) && fabs(a - b) <= GR_BALANCED_TOLERANCE * larger);
}

static bool positive_finite(double x)
{
    return isfinite(x) && x > 0;
}

static bool check_roofs(double peak_gflops, double bandwidth_gbs, gr_error *err)
{
    if (!positive_finite(peak_gflops))
        return gr_error_set(err, "the peak must be a positive number of GFLOP/s, not %g", peak_gflops);
    if (!positive_finite(bandwidth_gbs))
        return gr_error_set(err, "the bandwidth must be a positive number of GB/s, not %g", bandwidth_gbs);
    return true;
}

/* intensity may be 0 or infinite here: IEEE arithmetic gives a memory
 * roof of 0 or infinity, and min() the right attainable rate. */
static void fill(double intensity, double peak_gflops, double bandwidth_gbs, gr_roofline *out)
{
    *out = (gr_roofline){
        .intensity = intensity,
        .peak_gflops = peak_gflops,
        .bandwidth_gbs = bandwidth_gbs,
        .ridge = peak_gflops / bandwidth_gbs,
        .memory_roof_gflops = intensity * bandwidth_gbs,
    };
    out->attainable_gflops = fmin(out->memory_roof_gflops, peak_gflops);
    out->fraction_of_peak = out->attainable_gflops / peak_gflops;
    if (gr_balanced(intensity, out->ridge))
        out->bound = GR_BOUND_BALANCED;
    else
        out->bound = intensity < out->ridge ? GR_BOUND_MEMORY : GR_BOUND_COMPUTE;
}

bool gr_roofline_compute(double intensity, double peak_gflops, double bandwidth_gbs,
                         gr_roofline *out, gr_error *err)
{
    if (!positive_finite(intensity))
        return gr_error_set(err, "the intensity must be a positive number of FLOP/B, not %g", intensity);
    if (!check_roofs(peak_gflops, bandwidth_gbs, err))
        return false;
    fill(intensity, peak_gflops, bandwidth_gbs, out);
    return true;
}

bool gr_roofline_from_counts(double flops, double bytes, double peak_gflops, double bandwidth_gbs,
                             gr_roofline *out, gr_error *err)
{
    if (!(isfinite(flops) && flops >= 0))
        return gr_error_set(err, "the FLOPs must be a number of at least 0, not %g", flops);
    if (!(isfinite(bytes) && bytes >= 0))
        return gr_error_set(err, "the bytes must be a number of at least 0, not %g", bytes);
    if (flops == 0 && bytes == 0)
        return gr_error_set(err, "no FLOPs and no bytes: work that does nothing has no bound");
    double intensity = bytes > 0 ? flops / bytes : INFINITY;
    if (bytes > 0 && !isfinite(intensity))
        return gr_error_set(err, "the intensity %g FLOP / %g B is too large to compute", flops, bytes);
    if (!check_roofs(peak_gflops, bandwidth_gbs, err))
        return false;
    fill(intensity, peak_gflops, bandwidth_gbs, out);
    out->has_counts = true;
    out->memory_time_ns = bytes / bandwidth_gbs;
    out->compute_time_ns = flops / peak_gflops;
    return true;
}

bool gr_roofline_add_achieved(gr_roofline *r, double achieved_gflops, gr_error *err)
{
    if (!isfinite(achieved_gflops) || achieved_gflops < 0)
        return gr_error_set(err, "the achieved rate must be a non-negative number of GFLOP/s, not %g",
                            achieved_gflops);
    if (r->attainable_gflops == 0)
        return gr_error_set(err, "no FLOPs, so no rate is attainable to compare an achieved %g GFLOP/s with",
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
