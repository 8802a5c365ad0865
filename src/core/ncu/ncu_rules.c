/* Nsight Compute's rules against gpuroof's limiter (ncu_rules.h).  The
 * rules' names and texts are Nsight Compute 2025.3.1's, as its details
 * page printed them for the H200's lift suite (tests/data/ncu/h200/lifts):
 * LaunchConfiguration ("The grid for this launch is configured to execute
 * only 1 block, which is less than the GPU's 132 multiprocessors"),
 * AchievedOccupancy, TheoreticalOccupancy, and SOLBottleneck, whose text
 * says which bottleneck ("Memory is more heavily utilized than Compute",
 * "Compute is more heavily utilized than Memory", "low compute throughput
 * and memory bandwidth utilization", "grid is too small"). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ncu_rules.h"

gr_rule_kind gr_rule_kind_of(const char *name)
{
    if (strcmp(name, "LaunchConfiguration") == 0)
        return GR_RULE_LAUNCH_CONFIGURATION;
    if (strcmp(name, "AchievedOccupancy") == 0 || strcmp(name, "TheoreticalOccupancy") == 0)
        return GR_RULE_OCCUPANCY;
    if (strcmp(name, "SOLBottleneck") == 0)
        return GR_RULE_SOL;
    return GR_RULE_OTHER;
}

static bool one_of(gr_time_limit l, const gr_time_limit *set, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (set[i] == l)
            return true;
    return false;
}

#define IN(l, ...) one_of(l, (const gr_time_limit[]){__VA_ARGS__}, sizeof((gr_time_limit[]){__VA_ARGS__}) / sizeof(gr_time_limit))

/* SOLBottleneck's kind of limit, by its words. */
static bool sol_names(const char *text, gr_time_limit l)
{
    if (strstr(text, "too small"))
        return IN(l, GR_TIME_LIMIT_SMALL_GRID, GR_TIME_LIMIT_LAUNCH);
    if (strstr(text, "Memory is more heavily utilized"))
        return IN(l, GR_TIME_LIMIT_DRAM, GR_TIME_LIMIT_L2, GR_TIME_LIMIT_L1, GR_TIME_LIMIT_SHARED,
                  GR_TIME_LIMIT_BANK_CONFLICTS);
    if (strstr(text, "Compute is more heavily utilized"))
        return IN(l, GR_TIME_LIMIT_COMPUTE, GR_TIME_LIMIT_ISSUE, GR_TIME_LIMIT_PIPE);
    if (strstr(text, "low compute throughput and memory bandwidth"))
        return IN(l, GR_TIME_LIMIT_LATENCY, GR_TIME_LIMIT_SMALL_GRID, GR_TIME_LIMIT_WAVES, GR_TIME_LIMIT_LAUNCH);
    return false;
}

bool gr_rule_names_limit(const gr_ncu_rule *rule, gr_time_limit l)
{
    switch (rule->kind) {
    case GR_RULE_LAUNCH_CONFIGURATION: /* too few blocks, a tail, and what an almost empty grid costs */
        return IN(l, GR_TIME_LIMIT_SMALL_GRID, GR_TIME_LIMIT_WAVES, GR_TIME_LIMIT_LAUNCH);
    case GR_RULE_OCCUPANCY: /* too few warps to hide latency, or SMs left without them */
        return IN(l, GR_TIME_LIMIT_LATENCY, GR_TIME_LIMIT_SMALL_GRID, GR_TIME_LIMIT_WAVES, GR_TIME_LIMIT_LAUNCH);
    case GR_RULE_SOL:
        return rule->text && sol_names(rule->text, l);
    default:
        return false;
    }
}

void gr_rules_compare(const gr_ncu_rule *rules, size_t count, const gr_ncu_limits *lim, gr_rules_comparison *out)
{
    *out = (gr_rules_comparison){.verdict = GR_RULES_NONE};
    for (size_t i = 0; i < count; i++) {
        const gr_ncu_rule *r = &rules[i];
        if (r->kind == GR_RULE_OTHER || !(r->speedup_pct >= GR_RULE_STRONG_PCT))
            continue;
        if (!out->rule || r->speedup_pct > out->rule->speedup_pct)
            out->rule = r;
    }
    if (!out->rule)
        return;
    bool same = lim->known && gr_rule_names_limit(out->rule, lim->limiter);
    out->verdict = same ? GR_RULES_SAME : GR_RULES_DIFFERENT;
}

/* The largest share of the launch gpuroof gives any limit of the rule's kind. */
static gr_time_limit rules_own(const gr_ncu_rule *rule, const gr_ncu_limits *lim, double *share)
{
    gr_time_limit best = GR_TIME_LIMIT_COUNT;
    *share = 0;
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (gr_rule_names_limit(rule, l) && lim->time_ns[l] / lim->duration_ns > *share)
            best = l, *share = lim->time_ns[l] / lim->duration_ns;
    return best;
}

const char *gr_rules_why_not(const gr_rules_comparison *c, const gr_ncu_limits *lim, char *buf, size_t size)
{
    double share;
    if (c->verdict != GR_RULES_DIFFERENT || !lim->known) {
        snprintf(buf, size, "%s", lim->known ? "" : "gpuroof knows no limit of it");
        return buf;
    }
    gr_time_limit own = rules_own(c->rule, lim, &share);
    /* no verb: "the L1's pipes" and "latency" take different ones */
    if (own == GR_TIME_LIMIT_COUNT)
        snprintf(buf, size, "%s %.1f%% of its time, no limit of the rule's kind", gr_time_limit_name(lim->limiter),
                 100 * lim->explained_ns / lim->duration_ns);
    else
        snprintf(buf, size, "%s %.1f%% of its time, %s %.1f%%", gr_time_limit_name(lim->limiter),
                 100 * lim->explained_ns / lim->duration_ns, gr_time_limit_name(own), 100 * share);
    return buf;
}
