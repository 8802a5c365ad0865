/* A rule of Nsight Compute's, as its details page gives it (ncu --csv
 * --page details --print-details all: the columns "Rule Name", "Rule
 * Type", "Rule Description", "Estimated Speedup Type", "Estimated
 * Speedup" of a section's rows); the reader keeps each launch's
 * (ncu_report.h), ncu_rules.h holds them against gpuroof's limiter. */
#ifndef GPUROOF_NCU_RULE_H
#define GPUROOF_NCU_RULE_H

#include <stdbool.h>
#include <stddef.h>

/* The rules compared with gpuroof's limiter. */
typedef enum {
    GR_RULE_OTHER,
    GR_RULE_LAUNCH_CONFIGURATION, /* the grid's shape: too few blocks, a tail */
    GR_RULE_OCCUPANCY,            /* AchievedOccupancy, TheoreticalOccupancy */
    GR_RULE_SOL,                  /* SOLBottleneck: memory, compute, latency or a small grid, by its text */
    GR_RULE_KIND_COUNT
} gr_rule_kind;

typedef struct {
    char name[48];      /* "LaunchConfiguration" */
    char type[8];       /* "OPT", "INF", "WRN" */
    gr_rule_kind kind;
    bool global;        /* the estimated speedup is of the whole workload ("global"), not of a part ("local") */
    double speedup_pct; /* Nsight Compute's estimated speedup, percent; NaN where it gives none */
    char *text;         /* its description */
} gr_ncu_rule;

/* A rule's kind from its name. */
gr_rule_kind gr_rule_kind_of(const char *name);

#endif
