/* Nsight Compute's rules against gpuroof's limiter: where its
 * LaunchConfiguration, Occupancy (AchievedOccupancy, TheoreticalOccupancy)
 * or SOLBottleneck rules estimate a speedup of 50% or more, gpuroof should
 * name the same kind of limit, or say why not. */
#ifndef GPUROOF_NCU_RULES_H
#define GPUROOF_NCU_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include "ncu_limits.h"
#include "ncu_rule.h"

/* The estimated speedup from which a rule is compared: 50%. */
#define GR_RULE_STRONG_PCT 50.0

/* How a launch's strongest compared rule (the largest estimated speedup
 * of 50% or more) stands beside gpuroof's limiter. */
typedef enum {
    GR_RULES_NONE,       /* no compared rule estimates 50% or more */
    GR_RULES_SAME,       /* gpuroof names the same kind of limit */
    GR_RULES_DIFFERENT,  /* it names another, and says why (gr_rules_why_not) */
} gr_rules_verdict;

typedef struct {
    gr_rules_verdict verdict;
    const gr_ncu_rule *rule; /* the strongest compared rule; NULL with NONE */
} gr_rules_comparison;

void gr_rules_compare(const gr_ncu_rule *rules, size_t count, const gr_ncu_limits *lim, gr_rules_comparison *out);

/* Why gpuroof's limiter differs from the rule's kind, in its own figures:
 * the share of the launch its limiter explains against the share it
 * gives the rule's kind of limit.  Into buf (size bytes), returned. */
const char *gr_rules_why_not(const gr_rules_comparison *c, const gr_ncu_limits *lim, char *buf, size_t size);

/* The limits a rule's kind is (false where lim's limiter is none of them). */
bool gr_rule_names_limit(const gr_ncu_rule *rule, gr_time_limit limit);

#endif
