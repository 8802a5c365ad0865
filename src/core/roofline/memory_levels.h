/* The memory levels a results file measured (L1, shared memory, L2 near
 * and far, DRAM), each held against DRAM, and the seed notes' claims about
 * shared memory held against those ratios.  Built once from a gr_results;
 * the text and the JSON only print it. */
#ifndef GPUROOF_MEMORY_LEVELS_H
#define GPUROOF_MEMORY_LEVELS_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_results.h"

typedef enum {
    GR_MEMORY_L1,
    GR_MEMORY_SHARED,
    GR_MEMORY_L2_NEAR,
    GR_MEMORY_L2_FAR,
    GR_MEMORY_DRAM,
    GR_MEMORY_LEVEL_COUNT
} gr_memory_level;

/* One level as measured; NaN where the file has no such figure. */
typedef struct {
    gr_memory_level level;
    const char *key;  /* "shared", for JSON */
    const char *name; /* "shared memory", for people */
    double latency_cycles, latency_ns; /* the pointer chase's load latency */
    double bandwidth_gbs;              /* measure's load kernels, all SMs together */
    const char *bandwidth_key;         /* its ceilings key ("shared_gbs"); NULL where none is measured */
    /* DRAM's latency over this level's: how many times lower it is (in
     * cycles where both have cycles, else in ns) */
    double latency_vs_dram;
    double bandwidth_vs_dram; /* this level's bandwidth over DRAM's: how many times higher */
} gr_measured_level;

typedef enum { GR_CLAIM_LATENCY, GR_CLAIM_BANDWIDTH } gr_claim_quantity;

/* A claim of the seed notes: the level is `low` to `high` times better
 * than DRAM (lower latency, higher bandwidth); high is INFINITY where the
 * claim is open ("more than 10 times"), and low_exclusive says "more than". */
typedef struct {
    const char *text;   /* in English */
    const char *quote;  /* the seed's own words */
    const char *source; /* the seed file's name */
    gr_memory_level level;
    gr_claim_quantity quantity;
    double low, high;
    bool low_exclusive;
} gr_seed_claim;

typedef enum { GR_CLAIM_NOT_MEASURED, GR_CLAIM_HOLDS, GR_CLAIM_BELOW, GR_CLAIM_ABOVE } gr_claim_verdict;

/* A claim held against a results file: the measured ratio and the two
 * figures it is the quotient of. */
typedef struct {
    const gr_seed_claim *claim;
    double measured;                  /* NaN where not measured */
    double level_figure, dram_figure; /* the level's and DRAM's, in unit */
    const char *unit;                 /* "cycles", "ns" or "GB/s" */
    gr_claim_verdict verdict;
    /* how far the measured ratio is inside (or outside) the claim's range,
     * relative to its nearest end: 0.04 is 4%; NaN where not measured */
    double margin;
    /* a bandwidth claim held against DRAM's datasheet bandwidth instead of
     * the measured one (the file's datasheet_bandwidth_gbs): what a reader
     * quoting the datasheet would find; NaN and not measured otherwise */
    double datasheet_measured, datasheet_dram_gbs;
    gr_claim_verdict datasheet_verdict;
} gr_claim_check;

/* A margin under this is a close call: the verdict could turn with another
 * run, GPU or figure (e.g. the datasheet's DRAM bandwidth). */
#define GR_CLAIM_CLOSE_MARGIN 0.05

#define GR_SEED_CLAIM_COUNT 2

typedef struct {
    gr_measured_level levels[GR_MEMORY_LEVEL_COUNT];
    gr_claim_check claims[GR_SEED_CLAIM_COUNT];
} gr_memory_levels;

/* Every level of r, its ratios to DRAM and each seed claim's verdict; a
 * file without latency or bandwidth figures gives NaN and "not measured". */
void gr_memory_levels_of(const gr_results *r, gr_memory_levels *out);

/* The seed claims, GR_SEED_CLAIM_COUNT of them. */
const gr_seed_claim *gr_seed_claims(void);

/* "holds", "below", "above", "not_measured" */
const char *gr_claim_verdict_key(gr_claim_verdict verdict);

#endif
