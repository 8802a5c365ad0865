#include <math.h>
#include <stddef.h>
#include "memory_levels.h"
#include "roofs.h"

/* The seed notes' words (seeds/001_a19c945dc3f371a4.txt): "Comparada con
 * la DRAM, la memoria compartida tiene: De 20 a 30 veces menor latencia
 * que la DRAM; Más de 10 veces mayor ancho de banda que la DRAM". */
static const gr_seed_claim seed_claims[GR_SEED_CLAIM_COUNT] = {
    {"shared memory has 20 to 30 times lower latency than DRAM", "De 20 a 30 veces menor latencia que la DRAM",
     "001_a19c945dc3f371a4.txt", GR_MEMORY_SHARED, GR_CLAIM_LATENCY, 20, 30, false},
    {"shared memory has more than 10 times the bandwidth of DRAM", "Más de 10 veces mayor ancho de banda que la DRAM",
     "001_a19c945dc3f371a4.txt", GR_MEMORY_SHARED, GR_CLAIM_BANDWIDTH, 10, INFINITY, true},
};

const gr_seed_claim *gr_seed_claims(void)
{
    return seed_claims;
}

const char *gr_claim_verdict_key(gr_claim_verdict verdict)
{
    switch (verdict) {
    case GR_CLAIM_HOLDS:
        return "holds";
    case GR_CLAIM_BELOW:
        return "below";
    case GR_CLAIM_ABOVE:
        return "above";
    case GR_CLAIM_NOT_MEASURED:
        break;
    }
    return "not_measured";
}

/* a over b where both are measured and b is above zero; else NaN */
static double ratio(double a, double b)
{
    return isfinite(a) && isfinite(b) && b > 0 ? a / b : NAN;
}

static void set_level(gr_measured_level *l, gr_memory_level level, const char *key, const char *name,
                      double cycles, double ns)
{
    l->level = level;
    l->key = key;
    l->name = name;
    l->latency_cycles = cycles;
    l->latency_ns = ns;
    l->bandwidth_gbs = NAN;
    l->bandwidth_key = NULL;
}

static void set_bandwidth(gr_measured_level *l, const char *key, double gbs)
{
    l->bandwidth_key = key;
    l->bandwidth_gbs = gbs;
}

/* Which latency unit a level is held against DRAM in: cycles where both
 * have them (the chases' own count, free of the clock's reading), else ns. */
static bool latency_in_cycles(const gr_measured_level *l, const gr_measured_level *dram)
{
    return isfinite(l->latency_cycles) && isfinite(dram->latency_cycles);
}

static gr_claim_verdict verdict_of(const gr_seed_claim *c, double x)
{
    if (isnan(x))
        return GR_CLAIM_NOT_MEASURED;
    if (x < c->low || (c->low_exclusive && x == c->low))
        return GR_CLAIM_BELOW;
    return x > c->high ? GR_CLAIM_ABOVE : GR_CLAIM_HOLDS;
}

/* Relative distance from x to the range's nearest end: positive inside,
 * negative outside. */
static double margin_of(const gr_seed_claim *c, double x)
{
    if (isnan(x))
        return NAN;
    double to_low = x / c->low - 1, to_high = isinf(c->high) ? INFINITY : 1 - x / c->high;
    return to_low < to_high ? to_low : to_high;
}

static void check_claim(const gr_seed_claim *c, const gr_memory_levels *m, double datasheet_gbs, gr_claim_check *out)
{
    const gr_measured_level *l = &m->levels[c->level], *dram = &m->levels[GR_MEMORY_DRAM];
    out->claim = c;
    if (c->quantity == GR_CLAIM_LATENCY) {
        bool cycles = latency_in_cycles(l, dram);
        out->unit = cycles ? "cycles" : "ns";
        out->level_figure = cycles ? l->latency_cycles : l->latency_ns;
        out->dram_figure = cycles ? dram->latency_cycles : dram->latency_ns;
        out->measured = l->latency_vs_dram;
    } else {
        out->unit = "GB/s";
        out->level_figure = l->bandwidth_gbs;
        out->dram_figure = dram->bandwidth_gbs;
        out->measured = l->bandwidth_vs_dram;
    }
    out->verdict = verdict_of(c, out->measured);
    out->margin = margin_of(c, out->measured);
    out->datasheet_dram_gbs = c->quantity == GR_CLAIM_BANDWIDTH ? datasheet_gbs : NAN;
    out->datasheet_measured = ratio(out->level_figure, out->datasheet_dram_gbs);
    out->datasheet_verdict = verdict_of(c, out->datasheet_measured);
}

void gr_memory_levels_of(const gr_results *r, gr_memory_levels *out)
{
    const gr_result_latency *lat = &r->latency;
    gr_measured_level *l = out->levels;
    set_level(&l[GR_MEMORY_L1], GR_MEMORY_L1, "l1", "L1", lat->l1_cycles, lat->l1_ns);
    set_level(&l[GR_MEMORY_SHARED], GR_MEMORY_SHARED, "shared", "shared memory", lat->shared_cycles, lat->shared_ns);
    set_level(&l[GR_MEMORY_L2_NEAR], GR_MEMORY_L2_NEAR, "l2_near", "L2 near", lat->l2_near_cycles, lat->l2_near_ns);
    set_level(&l[GR_MEMORY_L2_FAR], GR_MEMORY_L2_FAR, "l2_far", "L2 far", lat->l2_far_cycles, lat->l2_far_ns);
    set_level(&l[GR_MEMORY_DRAM], GR_MEMORY_DRAM, "dram", "DRAM", lat->dram_cycles, lat->dram_ns);
    gr_roofs measured;
    gr_roofs_fill(NULL, r, NULL, &measured);
    set_bandwidth(&l[GR_MEMORY_SHARED], "shared_gbs", measured.bandwidth_gbs[GR_LEVEL_SHARED].value);
    /* one figure for the whole L2: its load kernel reads both partitions */
    set_bandwidth(&l[GR_MEMORY_L2_NEAR], "l2_gbs", measured.bandwidth_gbs[GR_LEVEL_L2].value);
    set_bandwidth(&l[GR_MEMORY_L2_FAR], "l2_gbs", measured.bandwidth_gbs[GR_LEVEL_L2].value);
    set_bandwidth(&l[GR_MEMORY_DRAM], gr_results_dram_roof_key(r), gr_roofs_dram_gbs(&measured));
    const gr_measured_level *dram = &l[GR_MEMORY_DRAM];
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++) {
        bool cycles = latency_in_cycles(&l[i], dram);
        l[i].latency_vs_dram = cycles ? ratio(dram->latency_cycles, l[i].latency_cycles)
                                      : ratio(dram->latency_ns, l[i].latency_ns);
        l[i].bandwidth_vs_dram = ratio(l[i].bandwidth_gbs, dram->bandwidth_gbs);
    }
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++)
        check_claim(&seed_claims[i], out, r->ceilings.datasheet_bandwidth_gbs, &out->claims[i]);
}
