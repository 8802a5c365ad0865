#include <math.h>
#include <stdio.h>
#include "out_fields.h"
#include "output.h"
#include "profile_levels.h"

/* Where x stands against the claim's range: "is within 20 to 30", "is
 * more than 10", "is below 20 to 30", "is not more than 10". */
static void print_verdict(const gr_claim_check *k)
{
    const gr_seed_claim *c = k->claim;
    bool open = isinf(c->high), holds = k->verdict == GR_CLAIM_HOLDS;
    const char *bound = c->low_exclusive ? "more than" : "at least";
    if (open)
        printf("is %s%s %s", holds ? "" : "not ", bound, OUT_NUM(c->low));
    else
        printf("is %s %s to %s", holds ? "within" : k->verdict == GR_CLAIM_BELOW ? "below" : "above",
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
    printf("    %s: %s ", k->verdict == GR_CLAIM_HOLDS ? "holds" : "does not hold", OUT_NUM(k->measured));
    print_verdict(k);
    printf("\n");
    if (fabs(k->margin) < GR_CLAIM_CLOSE_MARGIN)
        printf("    a close call: %s from the claim's edge\n", OUT_PCT(fabs(k->margin)));
    if (k->datasheet_verdict != GR_CLAIM_NOT_MEASURED && k->datasheet_verdict != k->verdict)
        printf("    against DRAM's datasheet %s GB/s instead of the measured %s GB/s: %s, which %s\n",
               OUT_NUM(k->datasheet_dram_gbs), OUT_NUM(k->dram_figure), OUT_NUM(k->datasheet_measured),
               k->datasheet_verdict == GR_CLAIM_HOLDS ? "holds" : "does not hold");
}

/* A measured level's figures: the text's table columns and the JSON's
 * keys, one row each. */
static const out_field level_fields[] = {
    OUT_STRING_ROW(gr_measured_level, key, "level"),
    OUT_STRING_ROW(gr_measured_level, name, "name"),
    OUT_NUMBER_ROW(gr_measured_level, latency_cycles, "latency_cycles", .label = "latency cycles", .width = 14),
    OUT_NUMBER_ROW(gr_measured_level, latency_ns, "latency_ns", .label = "ns", .width = 8),
    OUT_NUMBER_ROW(gr_measured_level, latency_vs_dram, "latency_times_lower_than_dram", .label = "x lower than DRAM",
                   .width = 18),
    OUT_NUMBER_ROW(gr_measured_level, bandwidth_gbs, "bandwidth_gbs", .label = "bandwidth GB/s", .width = 15),
    OUT_STRING_ROW(gr_measured_level, bandwidth_key, "bandwidth_key"),
    OUT_NUMBER_ROW(gr_measured_level, bandwidth_vs_dram, "bandwidth_times_higher_than_dram",
                   .label = "x higher than DRAM", .width = 19),
    OUT_END,
};

void profile_levels_print(const char *results_path, const gr_memory_levels *m)
{
    printf("\nMemory levels, measured (%s)\n", results_path);
    printf("  %-14s", "level");
    out_fields_text_headings(stdout, level_fields);
    printf("\n");
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++) {
        printf("  %-14s", m->levels[i].name);
        out_fields_text_cells(stdout, level_fields, &m->levels[i]);
        printf("\n");
    }
    printf("  latency: pointer chase, one load at a time; bandwidth: measure's load kernels, all SMs\n");
    printf("\nThe seed notes' claims, held against these figures\n");
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++)
        print_claim(&m->claims[i], m);
}

/* A claim held against the figures: the claim, then the check. */
typedef struct {
    const gr_claim_check *check;
    const gr_memory_levels *levels;
} claim_shown;

static const out_field seed_claim_fields[] = {
    OUT_STRING_ROW(gr_seed_claim, text, "claim"),
    OUT_STRING_ROW(gr_seed_claim, quote, "quote"),
    OUT_STRING_ROW(gr_seed_claim, source, "source"),
    OUT_END,
};

static json_t *claim_level(const void *record)
{
    const claim_shown *c = record;
    return json_string(c->levels->levels[c->check->claim->level].key);
}

static json_t *claim_quantity(const void *record)
{
    return json_string(quantity_name(((const claim_shown *)record)->check->claim->quantity));
}

static const out_field claim_range_fields[] = {
    OUT_NUMBER_ROW(gr_seed_claim, low, "low"),
    OUT_BOOL_ROW(gr_seed_claim, low_exclusive, "low_exclusive"),
    OUT_NUMBER_ROW(gr_seed_claim, high, "high"), /* null: open */
    OUT_END,
};

static json_t *verdict_key(const void *record)
{
    return json_string(gr_claim_verdict_key(((const gr_claim_check *)record)->verdict));
}

static json_t *datasheet_verdict_key(const void *record)
{
    return json_string(gr_claim_verdict_key(((const gr_claim_check *)record)->datasheet_verdict));
}

static json_t *holds(const void *record)
{
    const gr_claim_check *k = record;
    return k->verdict == GR_CLAIM_NOT_MEASURED ? json_null() : json_boolean(k->verdict == GR_CLAIM_HOLDS);
}

static const out_field check_fields[] = {
    OUT_NUMBER_ROW(gr_claim_check, measured, "measured"),
    OUT_NUMBER_ROW(gr_claim_check, level_figure, "level_figure"),
    OUT_NUMBER_ROW(gr_claim_check, dram_figure, "dram_figure"),
    OUT_STRING_ROW(gr_claim_check, unit, "unit"),
    OUT_GET_ROW("verdict", verdict_key),
    OUT_NUMBER_ROW(gr_claim_check, margin, "margin"),
    OUT_NUMBER_ROW(gr_claim_check, datasheet_dram_gbs, "datasheet_dram_gbs"),
    OUT_NUMBER_ROW(gr_claim_check, datasheet_measured, "datasheet_measured"),
    OUT_GET_ROW("datasheet_verdict", datasheet_verdict_key),
    OUT_GET_ROW("holds", holds),
    OUT_END,
};

static const out_field check_claim_fields[] = {
    OUT_SPLICE_PTR_ROW(gr_claim_check, claim, seed_claim_fields),
    OUT_END,
};

static const out_field check_range_fields[] = {
    OUT_SPLICE_PTR_ROW(gr_claim_check, claim, claim_range_fields),
    OUT_END,
};

static const out_field claim_fields[] = {
    OUT_SPLICE_PTR_ROW(claim_shown, check, check_claim_fields),
    OUT_GET_ROW("level", claim_level),
    OUT_GET_ROW("quantity", claim_quantity),
    OUT_SPLICE_PTR_ROW(claim_shown, check, check_range_fields),
    OUT_SPLICE_PTR_ROW(claim_shown, check, check_fields),
    OUT_END,
};

typedef struct {
    const char *results_path;
    const gr_memory_levels *levels;
} levels_shown;

static json_t *levels_json(const void *record)
{
    const gr_memory_levels *m = ((const levels_shown *)record)->levels;
    json_t *levels = json_array();
    for (int i = 0; i < GR_MEMORY_LEVEL_COUNT; i++)
        json_array_append_new(levels, out_fields_json(level_fields, &m->levels[i]));
    return levels;
}

static json_t *claims_json(const void *record)
{
    const gr_memory_levels *m = ((const levels_shown *)record)->levels;
    json_t *claims = json_array();
    for (int i = 0; i < GR_SEED_CLAIM_COUNT; i++) {
        claim_shown c = {&m->claims[i], m};
        json_array_append_new(claims, out_fields_json(claim_fields, &c));
    }
    return claims;
}

static const out_field levels_shown_fields[] = {
    OUT_STRING_ROW(levels_shown, results_path, "measured_from"),
    OUT_GET_ROW("measured_levels", levels_json),
    OUT_GET_ROW("seed_claims", claims_json),
    OUT_END,
};

void profile_levels_json(json_t *o, const char *results_path, const gr_memory_levels *m)
{
    levels_shown shown = {results_path, m};
    out_fields_add(o, levels_shown_fields, &shown);
}
