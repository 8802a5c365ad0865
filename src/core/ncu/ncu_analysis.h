/* The Nsight Compute analysis: a report read once and everything that is
 * shown of it worked out once: each launch's figures, the launches summed
 * by kernel, the device the launches are held against and why that one,
 * whether the report is of another GPU, the roofs, each launch's and each
 * kernel's binding level and occupancy prediction, and the launches whose
 * predicted occupancy differs from Nsight Compute's.  `gpuroof ncu` and
 * `gpuroof plot --ncu` both read it; they differ only in the request.
 * What the program alone knows (its options, where profiles are) comes in
 * the request; nothing here prints. */
#ifndef GPUROOF_NCU_ANALYSIS_H
#define GPUROOF_NCU_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "ncu_figures.h"
#include "ncu_fix_first.h"
#include "ncu_group.h"
#include "ncu_limits.h"
#include "ncu_occupancy.h"
#include "ncu_report.h"
#include "ncu_roofs.h"
#include "gpuroof_profile.h"
#include "gpuroof_results.h"

/* Where the device came from, or why there is none. */
typedef enum {
    GR_NCU_DEVICE_GIVEN,       /* the caller's (--device) */
    GR_NCU_DEVICE_FOUND,       /* the profile of the list that matches the report's GPU */
    GR_NCU_DEVICE_UNNAMED,     /* none: the report does not say which GPU it ran on */
    GR_NCU_DEVICE_UNMATCHED,   /* none: no profile of the list is the report's GPU */
} gr_ncu_device_source;

typedef struct {
    bool group;                     /* sum the launches by kernel */
    const gr_profile *device;       /* the device to hold the launches against; NULL: find it */
    /* where device is NULL: the profiles to find the report's GPU among
     * (gr_ncu_analysis_needs_profiles says whether the list is looked at;
     * NULL: an empty list) */
    const gr_profile_list *profiles;
    bool device_required;           /* no device found is an error, not a note */
    const char *device_hint;        /* how the user names one, for that error: "--device NAME" */
    const gr_results *results;      /* ceilings measured on the GPU, which win; NULL: none */
} gr_ncu_request;

/* A launch whose predicted occupancy differs from Nsight Compute's
 * theoretical one. */
typedef struct {
    size_t launch;            /* its index in report.launches */
    double predicted;         /* gpuroof's occupancy, 0..1 */
    int blocks_per_sm;        /* gpuroof's */
    double theoretical;       /* Nsight Compute's, 0..1 */
} gr_ncu_disagreement;

typedef struct {
    gr_ncu_report report;
    gr_ncu_figures *figures;             /* one a launch */
    gr_ncu_binding *bindings;            /* one a launch */
    gr_ncu_prediction *predictions;      /* one a launch */
    gr_ncu_limits *limits;               /* one a launch */
    bool grouped;
    size_t group_count;
    gr_ncu_group *groups;                /* the launches summed by kernel, the longest first */
    gr_ncu_binding *group_bindings;      /* one a group */
    gr_ncu_prediction *group_predictions;
    gr_ncu_limits *group_limits;         /* summed from each group's launches' (ncu_limits_sum.h) */
    size_t *group_of;                    /* each launch's group */
    gr_limit_inputs limit_inputs;        /* what the limits were worked out with */
    bool has_device;
    gr_profile device;
    gr_ncu_device_source device_source;
    /* the report's GPU (report.gpu) is not the given device's: another
     * compute capability, or another SM count where both say */
    bool other_gpu;
    bool has_results;
    /* the results file measured another GPU than the report's: its roofs
     * are refused, its latencies taken */
    bool results_other_gpu;
    gr_roofs roofs;
    bool absent_everywhere[GR_NCU_Q_COUNT]; /* missing in every launch */
    /* the first launch each quantity is missing in (report.count: none),
     * whose metric name stands for it */
    size_t first_missing[GR_NCU_Q_COUNT];
    double time_ns_total;               /* every launch's time summed; NaN where one is unknown */
    /* the time-weighted share of each launch's time its limiter accounts
     * for, unexplained launches counting 0 (gr_ncu_explained_share) */
    double explained_share;
    size_t unexplained_count;           /* launches whose longest limit accounts for under half */
    double unexplained_ns;
    /* what to fix first: the kernels (launches, ungrouped) ranked by the
     * time their change would save (ncu_fix_first.h) */
    /* Nsight Compute's rules (a details page with them): the launches one
     * of whose compared rules estimates 50% or more, and those on which
     * gpuroof names the same kind of limit (ncu_rules.h) */
    size_t rules_compared, rules_same;
    size_t fix_count;
    gr_ncu_fix fix[GR_NCU_FIX_FIRST_MOST];
    size_t disagreement_count;
    gr_ncu_disagreement *disagreements; /* in launch order */
} gr_ncu_analysis;

/* Step one: the report (shown: what messages call it).  On false (err
 * says why) the analysis holds nothing to free. */
bool gr_ncu_analysis_read(const char *shown, const char *text, size_t len, gr_ncu_analysis *a, gr_error *err);

/* Whether step two, with no device given, looks at the profile list: only
 * where the report names its GPU; so a caller may load the list only then. */
bool gr_ncu_analysis_needs_profiles(const gr_ncu_analysis *a);

/* Step two: everything else, by the request (whose results are copied in
 * as roofs; its device is copied).  False, with err, where no device is
 * found and the request requires one, or memory runs out; the analysis is
 * then still to be freed. */
bool gr_ncu_analysis_work_out(gr_ncu_analysis *a, const char *shown, const gr_ncu_request *rq, gr_error *err);

/* Both steps.  On false the analysis holds nothing to free. */
bool gr_ncu_analysis_build(const char *text, size_t len, const char *shown, const gr_ncu_request *rq,
                           gr_ncu_analysis *a, gr_error *err);

void gr_ncu_analysis_free(gr_ncu_analysis *a);

/* Why an analysis found no device (device_source UNNAMED or UNMATCHED), in
 * the one wording that gpuroof ncu's "Device: none: ..." and the error of a
 * request that requires a device ("FILE: no device: ...") both use; hint:
 * how the user names one ("--device NAME").  Into buf (size bytes),
 * returned. */
const char *gr_ncu_no_device_words(const gr_ncu_analysis *a, const char *hint, char *buf, size_t size);

#endif
