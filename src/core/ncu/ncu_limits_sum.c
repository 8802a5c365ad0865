/* A kernel's limits from its launches' (ncu_limits_sum.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_limits_sum.h"

/* What is summed over a kernel's launches. */
typedef struct {
    double duration_ns, overhead_ns, explained_ns;
    double bound_ns[GR_TIME_LIMIT_COUNT], time_ns[GR_TIME_LIMIT_COUNT];
    double tally[GR_TIME_LIMIT_COUNT];   /* each limiter's explained time */
    double expected_ns, at_most_ns;      /* the times expected of each launch once lifted, and the least */
    double next_ns, roof_ns;             /* each launch's next limit's bound, and its limiter's roof */
    double call_ns;                      /* the times expected of each launch with the call changed */
    /* fused into one, the launches keep one launch: what a launch's lift
     * takes away of it, summed over the known launches, and the least
     * launch overhead, which no fused launch escapes */
    size_t known;
    double lifted_away_ns, least_kept_ns;
    double active_max_ns, active_mean_ns, idle_ns, waits_ns;
    const gr_ncu_limits *typical;        /* the launch that stands for the kernel */
    gr_time_limit limiter;
} summed;

static double add(double sum, double v)
{
    return isnan(v) ? sum : isnan(sum) ? v : sum + v;
}

static void start(summed *s)
{
    *s = (summed){.duration_ns = NAN, .overhead_ns = NAN, .expected_ns = NAN, .at_most_ns = NAN, .call_ns = NAN,
                  .next_ns = NAN, .roof_ns = NAN, .least_kept_ns = INFINITY,
                  .active_max_ns = NAN, .active_mean_ns = NAN, .idle_ns = NAN, .waits_ns = NAN,
                  .limiter = GR_TIME_LIMIT_COUNT};
    for (int l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        s->bound_ns[l] = s->time_ns[l] = NAN;
}

static void add_launch(summed *s, const gr_ncu_limits *one)
{
    s->duration_ns = add(s->duration_ns, one->duration_ns);
    for (int l = 0; l < GR_TIME_LIMIT_COUNT; l++) {
        s->bound_ns[l] = add(s->bound_ns[l], one->bound_ns[l]);
        s->time_ns[l] = add(s->time_ns[l], one->time_ns[l]);
    }
    s->overhead_ns = add(s->overhead_ns, one->overhead_ns);
    s->active_max_ns = add(s->active_max_ns, one->busy.active_max_ns);
    s->active_mean_ns = add(s->active_mean_ns, one->busy.active_mean_ns);
    s->idle_ns = add(s->idle_ns, one->waves.idle_ns);
    s->waits_ns = add(s->waits_ns, one->latency.waits_ns);
    if (!one->known)
        return;
    if (one->explained) {
        s->explained_ns += one->explained_ns;
        s->tally[one->limiter] += one->explained_ns;
    }
    s->expected_ns = add(s->expected_ns, isnan(one->expected_ns) ? one->duration_ns : one->expected_ns);
    s->at_most_ns = add(s->at_most_ns, isnan(one->at_most) ? one->duration_ns : one->duration_ns / one->at_most);
    s->call_ns = add(s->call_ns, isnan(one->call_expected) ? one->duration_ns : one->duration_ns / one->call_expected);
    if (!isnan(one->expected_ns) && !isnan(one->at_most)) {
        s->known++;
        s->lifted_away_ns += one->duration_ns - one->expected_ns;
        if (!isnan(one->overhead_ns))
            s->least_kept_ns = fmin(s->least_kept_ns, one->overhead_ns);
    }
    /* a launch with nothing left once lifted, or no roof, keeps its time */
    s->next_ns = add(s->next_ns, one->next == GR_TIME_LIMIT_COUNT ? one->duration_ns : one->next_bound_ns);
    s->roof_ns = add(s->roof_ns, isnan(one->headroom) ? one->duration_ns : one->duration_ns / one->headroom);
}

static gr_time_limit most_explained(const summed *s)
{
    gr_time_limit limiter = GR_TIME_LIMIT_COUNT;
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        if (s->tally[l] > 0 && (limiter == GR_TIME_LIMIT_COUNT || s->tally[l] > s->tally[limiter]))
            limiter = l;
    return limiter;
}

/* Whether one stands for its kernel better than the one so far: its
 * limiter is the kernel's (any known one where the kernel has none) and
 * it took longer. */
static bool stands_for(const gr_ncu_limits *one, const summed *s)
{
    bool same = s->limiter == GR_TIME_LIMIT_COUNT || one->limiter == s->limiter;
    return one->known && same && (!s->typical || one->duration_ns > s->typical->duration_ns);
}

/* The kernel's limits: its typical launch's, with every time summed. */
static void finish(gr_ncu_limits *sum, const summed *s)
{
    if (!s->typical) {
        *sum = (gr_ncu_limits){.duration_ns = s->duration_ns, .limiter = GR_TIME_LIMIT_COUNT,
                               .next = GR_TIME_LIMIT_COUNT};
        snprintf(sum->why_unknown, sizeof sum->why_unknown, "no launch of it has a known limit");
        return;
    }
    *sum = *s->typical;
    sum->duration_ns = s->duration_ns;
    memcpy(sum->bound_ns, s->bound_ns, sizeof sum->bound_ns);
    memcpy(sum->time_ns, s->time_ns, sizeof sum->time_ns);
    sum->overhead_ns = s->overhead_ns;
    sum->busy.active_max_ns = s->active_max_ns;
    sum->busy.active_mean_ns = s->active_mean_ns;
    sum->waves.idle_ns = s->idle_ns;
    sum->latency.waits_ns = s->waits_ns;
    sum->explained_ns = s->explained_ns;
    sum->overhead_added = false;
    if (s->limiter != GR_TIME_LIMIT_COUNT)
        sum->limiter = s->limiter;
    sum->explained = sum->explained_ns >= 0.5 * sum->duration_ns;
    sum->expected_ns = s->expected_ns;
    /* a kernel's launches fused into one keep one launch whole, its
     * overhead and what each launch pays on the SMs whatever its work:
     * the mean launch's, expected; the least overhead, at most */
    double at_most_ns = s->at_most_ns;
    if (sum->limiter == GR_TIME_LIMIT_LAUNCH && s->known > 1 && isfinite(s->least_kept_ns)) {
        sum->expected_ns = fmin(s->duration_ns, sum->expected_ns + s->lifted_away_ns / s->known);
        at_most_ns = fmin(s->duration_ns, at_most_ns + s->least_kept_ns);
    }
    sum->expected = s->duration_ns / sum->expected_ns;
    sum->at_most = s->duration_ns / at_most_ns;
    sum->next_bound_ns = s->next_ns;
    sum->headroom = s->duration_ns / s->roof_ns;
    if (!isnan(sum->call_expected))
        sum->call_expected = s->duration_ns / s->call_ns;
}

bool gr_ncu_limits_sum(const gr_ncu_limits *each, const size_t *group_of, size_t launches, gr_ncu_limits *sums,
                       size_t groups)
{
    summed *s = malloc((groups ? groups : 1) * sizeof *s);
    if (!s)
        return false;
    for (size_t g = 0; g < groups; g++)
        start(&s[g]);
    for (size_t i = 0; i < launches; i++)
        add_launch(&s[group_of[i]], &each[i]);
    for (size_t g = 0; g < groups; g++)
        s[g].limiter = most_explained(&s[g]);
    for (size_t i = 0; i < launches; i++)
        if (stands_for(&each[i], &s[group_of[i]]))
            s[group_of[i]].typical = &each[i];
    for (size_t g = 0; g < groups; g++)
        finish(&sums[g], &s[g]);
    free(s);
    return true;
}
