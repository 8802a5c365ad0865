#include <math.h>
#include <stdio.h>
#include "roofline_levels.h"

const char *gr_level_key(gr_level level)
{
    switch (level) {
    case GR_LEVEL_DRAM: return "dram";
    case GR_LEVEL_L2: return "l2";
    case GR_LEVEL_SHARED: return "shared";
    default: return "compute";
    }
}

const char *gr_level_name(gr_level level)
{
    switch (level) {
    case GR_LEVEL_DRAM: return "DRAM";
    case GR_LEVEL_L2: return "L2";
    case GR_LEVEL_SHARED: return "shared memory";
    default: return "compute";
    }
}

bool gr_roofline_levels_beyond_dram(const gr_roofline_levels *r)
{
    return r->given[GR_LEVEL_L2] || r->given[GR_LEVEL_SHARED];
}

static bool check_work(const gr_level_work *w, gr_error *err)
{
    bool any_bytes = false;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        if (!w->given[i] && i != GR_LEVEL_DRAM)
            continue;
        if (i != GR_LEVEL_DRAM && !w->has_counts)
            return gr_error_set(err, "only DRAM's intensity may be given alone: %s needs counts", gr_level_name(i));
        if (w->bandwidth_gbs[i] == 0)
            return gr_error_set(err, "no %s bandwidth is known, so its traffic has no roof", gr_level_name(i));
        if (!(isfinite(w->bandwidth_gbs[i]) && w->bandwidth_gbs[i] > 0))
            return gr_error_set(err, "the %s bandwidth must be a positive number of GB/s, not %g", gr_level_name(i),
                                w->bandwidth_gbs[i]);
        if (w->has_counts && !(isfinite(w->bytes[i]) && w->bytes[i] >= 0))
            return gr_error_set(err, "the %s bytes must be a number of at least 0, not %g", gr_level_name(i),
                                w->bytes[i]);
        any_bytes = any_bytes || (w->has_counts && w->bytes[i] > 0);
    }
    if (w->has_counts && w->flops == 0 && !any_bytes)
        return gr_error_set(err, "no FLOPs and no bytes at any level: work that does nothing has no bound");
    return true;
}

/* A level that moves nothing for work that does nothing: no time, no rate. */
static void idle_level(double peak_gflops, double bandwidth_gbs, gr_roofline *out)
{
    *out = (gr_roofline){.peak_gflops = peak_gflops, .bandwidth_gbs = bandwidth_gbs,
                         .ridge = peak_gflops / bandwidth_gbs, .bound = GR_BOUND_MEMORY, .has_counts = true};
}

static bool level_roofline(const gr_level_work *w, int i, gr_roofline *out, gr_error *err)
{
    gr_error why;
    bool ok;
    if (!w->has_counts)
        ok = gr_roofline_compute(w->dram_intensity, w->peak_gflops, w->bandwidth_gbs[i], out, &why);
    else if (w->flops == 0 && w->bytes[i] == 0)
        return idle_level(w->peak_gflops, w->bandwidth_gbs[i], out), true;
    else
        ok = gr_roofline_from_counts(w->flops, w->bytes[i], w->peak_gflops, w->bandwidth_gbs[i], out, &why);
    return ok || gr_error_set(err, "%s: %s", gr_level_name(i), why.text);
}

bool gr_level_bind(const double time[GR_LEVEL_COUNT], gr_level_binding *out)
{
    double longest = NAN;
    for (int i = 0; i < GR_LEVEL_COUNT; i++)
        if (!isnan(time[i]) && !(time[i] <= longest))
            longest = time[i];
    *out = (gr_level_binding){.primary = GR_LEVEL_COMPUTE};
    if (!(longest > 0))
        return false;
    for (int i = 0; i < GR_LEVEL_COUNT; i++)
        if (!isnan(time[i]) && gr_balanced(time[i], longest))
            out->levels[out->count++] = (gr_level)i;
    out->primary = out->levels[0];
    return true;
}

bool gr_level_binding_has(const gr_level_binding *b, gr_level level)
{
    for (int i = 0; i < b->count; i++)
        if (b->levels[i] == level)
            return true;
    return false;
}

void gr_compute_roof_of(const gr_compute_term *terms, int count, gr_compute_roof *out)
{
    int with_flops = 0;
    *out = (gr_compute_roof){.lacking_peak = -1};
    for (int i = 0; i < count; i++) {
        /* not counted (NaN) is left out of the time as of the total: a
         * lower bound; a NaN here would make every compared time NaN */
        if (!(terms[i].flops > 0))
            continue;
        if (!(terms[i].peak_gflops > 0)) {
            *out = (gr_compute_roof){.time_ns = NAN, .roof_gflops = NAN, .flops = NAN, .lacking_peak = i};
            return;
        }
        out->time_ns += terms[i].flops / terms[i].peak_gflops;
        out->flops += terms[i].flops;
        /* one precision's roof is its peak, not flops / (flops / peak) */
        out->roof_gflops = with_flops++ ? out->flops / out->time_ns : terms[i].peak_gflops;
    }
    if (with_flops == 0)
        out->roof_gflops = NAN;
}

/* Each given level's least time and compute's, into the one rule: with
 * counts in ns; without (an intensity alone), a FLOP's, 1 / the roof. */
static void choose_binding(gr_roofline_levels *r)
{
    double time[GR_LEVEL_COUNT];
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        time[i] = !r->given[i] ? NAN : r->has_counts ? r->level[i].memory_time_ns : 1 / r->level[i].memory_roof_gflops;
    time[GR_LEVEL_COMPUTE] = r->has_counts ? r->compute_time_ns : 1 / r->peak_gflops;
    gr_level_bind(time, &r->binds); /* never false: checked work has a time */
    r->binding = r->binds.primary;
    bool compute = gr_level_binding_has(&r->binds, GR_LEVEL_COMPUTE);
    r->bound = !compute ? GR_BOUND_MEMORY : r->binds.count == 1 ? GR_BOUND_COMPUTE : GR_BOUND_BALANCED;
    r->attainable_gflops = r->binding == GR_LEVEL_COMPUTE ? r->peak_gflops : r->level[r->binding].attainable_gflops;
    r->fraction_of_peak = r->attainable_gflops / r->peak_gflops;
}

/* The next roof, the least-fed level and the factor to the peak (the
 * fields' comment in roofline_levels.h says what each is). */
static void next_roofs(gr_roofline_levels *r)
{
    r->next_level = GR_LEVEL_COMPUTE;
    r->next_roof_gflops = r->peak_gflops;
    r->least_fed = GR_LEVEL_DRAM;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        if (!r->given[i])
            continue;
        double roof = r->level[i].memory_roof_gflops;
        if (!gr_level_binding_has(&r->binds, (gr_level)i) && roof < r->next_roof_gflops)
            r->next_level = (gr_level)i, r->next_roof_gflops = roof;
        if (roof < r->level[r->least_fed].memory_roof_gflops)
            r->least_fed = (gr_level)i;
    }
    r->intensity_to_peak = r->binding == GR_LEVEL_COMPUTE
                               ? NAN
                               : r->level[r->binding].ridge / r->level[r->binding].intensity;
}

bool gr_roofline_levels_compute(const gr_level_work *w, gr_roofline_levels *out, gr_error *err)
{
    gr_roofline_levels r = {.has_counts = w->has_counts, .peak_gflops = w->peak_gflops};
    if (!(isfinite(w->peak_gflops) && w->peak_gflops > 0))
        return gr_error_set(err, "the peak must be a positive number of GFLOP/s, not %g", w->peak_gflops);
    if (w->has_counts && !(isfinite(w->flops) && w->flops >= 0))
        return gr_error_set(err, "the FLOPs must be a number of at least 0, not %g", w->flops);
    if (!check_work(w, err))
        return false;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++) {
        r.given[i] = w->given[i] || i == GR_LEVEL_DRAM;
        if (!r.given[i])
            continue;
        r.bytes[i] = w->has_counts ? w->bytes[i] : 0;
        if (!level_roofline(w, i, &r.level[i], err))
            return false;
    }
    gr_compute_roof compute;
    gr_compute_roof_of(&(gr_compute_term){w->has_counts ? w->flops : 0, w->peak_gflops}, 1, &compute);
    r.compute_time_ns = compute.time_ns;
    choose_binding(&r);
    next_roofs(&r);
    *out = r;
    return true;
}

/* The binding roof's efficiency, by the one-level rule. */
bool gr_roofline_levels_add_achieved(gr_roofline_levels *r, double achieved_gflops, gr_error *err)
{
    gr_roofline binding = {.attainable_gflops = r->attainable_gflops};
    if (!gr_roofline_add_achieved(&binding, achieved_gflops, err))
        return false;
    r->has_achieved = true;
    r->achieved_gflops = achieved_gflops;
    r->efficiency = binding.efficiency;
    return true;
}

void gr_level_work_leave_unroofed(gr_level_work *w, double unroofed_bytes[GR_MEMORY_LEVELS])
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        bool unroofed = l != GR_LEVEL_DRAM && w->given[l] && w->bandwidth_gbs[l] == 0;
        unroofed_bytes[l] = unroofed ? w->bytes[l] : 0;
        if (unroofed)
            w->given[l] = false;
    }
}
