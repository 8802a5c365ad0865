#include <math.h>
#include <stdio.h>
#include "output.h"
#include "profile_levels.h"

/* "-" where a figure was not measured */
static out_figure figure(double x)
{
    out_figure dash = {"-"};
    return isnan(x) ? dash : out_num(x);
}

/* Where x stands against the claim's range: "is within 20 to 30", "is
 * more than 10", "is below 20 to 30", "is not more than 10". */
static void verdict_text(const gr_claim_check *k, char *text, size_t size)
{
    const gr_seed_claim *c = k->claim;
    bool open = isinf(c->high), holds = k->verdict == GR_CLAIM_HOLDS;
    const char *bound = c->low_exclusive ? "more than" : "at least";
    if (open)
        snprintf(text, size, "is %s%s %s", holds ? "" : "not ", bound, OUT_NUM(c->low));
    else
        snprintf(text, size, "is %s %s to %s", holds ? "within" : k->verdict == GR_CLAIM_BELOW ? "below" : "above",
                 OUT_NUM(c->low), OUT_NUM(c->high));
}

static const char *quantity_name(gr_claim_quantity q)
{
    return q == GR_CLAIM_LATENCY ? "latency" : "bandwidth";
}

static void print_claim(const gr_claim_check *k, const gr_memory_levels *m)
{
    const gr_seed_claim *c = k->claim;
    const char *level = m->levels[c->level].name, *dram = m->levels[GR_MEMORY_DRAM].name;
    char verdict[160];
    verdict_text(k, verdict, sizeof verdict);
    printf("  %s\n    the seed (%s): \"%s\"\n", c->text, c->source, c->quote);
    if (k->verdict == GR_CLAIM_NOT_MEASURED) {
        printf("    not measured: the file lacks the %s of %s or of %s\n", quantity_name(c->quantity), level, dram);
        return;
    }
    /* latency: DRAM's over the level's; bandwidth: the level's over DRAM's */
    bool latency = c->quantity == GR_CLAIM_LATENCY;
    printf("    measured %s times %s: %s %s %s / %s %s %s\n", OUT_NUM(k->measured), latency ? "lower" : "higher",
           latency ? dram : level, OUT_NUM(latency ? k->dram_figure : k->level_figure), k->unit,
           latency ? level : dram, OUT_NUM(latency ? k->level_figure : k->dram_figure), k->unit);
    printf("    %s: %s %s\n", k->verdict == GR_CLAIM_HOLDS ? "holds" : "does not hold", OUT_NUM(k->measured), verdict);
    if (fabs(k->margin) < GR_CLAIM_CLOSE_MARGIN)
        printf("    a close call: %s from the claim's edge\n", OUT_PCT(fabs(k->margin)));
    if (k->datasheet_verdict != GR_CLAIM_NOT_MEASURED && k->datasheet_verdict != k->verdict)
        printf("    against DRAM's datasheet %s GB/s instead of the measured %s GB/s: %s, which %s\n",
               OUT_NUM(k->datasheet_dram_gbs), OUT_NUM(k->dram_figure), OUT_NUM(k->datasheet_measured),
               k->datasheet_verdict == GR_CLAIM_HOLDS ? "holds" : "does not hold");
}

void profile_levels_print(const char *results_path, const gr_memory_levels *m)
{
    printf("\nMemory levels, measured (%s)\n", results_path);
    printf("  %-14s %14s %8s %18s %15s %19s\n", "level", "latency cycles", "ns", "x lower than DRAM",
           "bandwidth GB/s", "x higher than DRAM");
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++) {
        const gr_measured_level *l = &m->levels[i];
        printf("  %-14s %14s", l->name, figure(l->latency_cycles).text);
        printf(" %8s", figure(l->latency_ns).text);
        printf(" %18s", figure(l->latency_vs_dram).text);
        printf(" %15s", figure(l->bandwidth_gbs).text);
        printf(" %19s\n", figure(l->bandwidth_vs_dram).text);
    }
    printf("  latency: pointer chase, one load at a time; bandwidth: measure's load kernels, all SMs\n");
    printf("\nThe seed notes' claims, held against these figures\n");
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++)
        print_claim(&m->claims[i], m);
}

static json_t *level_json(const gr_measured_level *l)
{
    json_t *o = json_object();
    json_object_set_new(o, "level", json_string(l->key));
    json_object_set_new(o, "name", json_string(l->name));
    json_object_set_new(o, "latency_cycles", out_json_number(l->latency_cycles));
    json_object_set_new(o, "latency_ns", out_json_number(l->latency_ns));
    json_object_set_new(o, "latency_times_lower_than_dram", out_json_number(l->latency_vs_dram));
    json_object_set_new(o, "bandwidth_gbs", out_json_number(l->bandwidth_gbs));
    json_object_set_new(o, "bandwidth_key", l->bandwidth_key ? json_string(l->bandwidth_key) : json_null());
    json_object_set_new(o, "bandwidth_times_higher_than_dram", out_json_number(l->bandwidth_vs_dram));
    return o;
}

static json_t *claim_json(const gr_claim_check *k, const gr_memory_levels *m)
{
    const gr_seed_claim *c = k->claim;
    json_t *o = json_object();
    json_object_set_new(o, "claim", json_string(c->text));
    json_object_set_new(o, "quote", json_string(c->quote));
    json_object_set_new(o, "source", json_string(c->source));
    json_object_set_new(o, "level", json_string(m->levels[c->level].key));
    json_object_set_new(o, "quantity", json_string(quantity_name(c->quantity)));
    json_object_set_new(o, "low", out_json_number(c->low));
    json_object_set_new(o, "low_exclusive", json_boolean(c->low_exclusive));
    json_object_set_new(o, "high", out_json_number(c->high)); /* null: open */
    json_object_set_new(o, "measured", out_json_number(k->measured));
    json_object_set_new(o, "level_figure", out_json_number(k->level_figure));
    json_object_set_new(o, "dram_figure", out_json_number(k->dram_figure));
    json_object_set_new(o, "unit", json_string(k->unit));
    json_object_set_new(o, "verdict", json_string(gr_claim_verdict_key(k->verdict)));
    json_object_set_new(o, "margin", out_json_number(k->margin));
    json_object_set_new(o, "datasheet_dram_gbs", out_json_number(k->datasheet_dram_gbs));
    json_object_set_new(o, "datasheet_measured", out_json_number(k->datasheet_measured));
    json_object_set_new(o, "datasheet_verdict", json_string(gr_claim_verdict_key(k->datasheet_verdict)));
    json_object_set_new(o, "holds",
                        k->verdict == GR_CLAIM_NOT_MEASURED ? json_null() : json_boolean(k->verdict == GR_CLAIM_HOLDS));
    return o;
}

void profile_levels_json(json_t *o, const char *results_path, const gr_memory_levels *m)
{
    json_t *levels = json_array(), *claims = json_array();
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++)
        json_array_append_new(levels, level_json(&m->levels[i]));
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++)
        json_array_append_new(claims, claim_json(&m->claims[i], m));
    json_object_set_new(o, "measured_from", json_string(results_path));
    json_object_set_new(o, "measured_levels", levels);
    json_object_set_new(o, "seed_claims", claims);
}
