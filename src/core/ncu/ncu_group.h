/* The launches of a report summed by kernel: counts, bytes and time added
 * up, the launch's shape and resources kept where every launch of the
 * kernel has the same, achieved occupancy weighted by time; sorted by
 * total time, the longest first. */
#ifndef GPUROOF_NCU_GROUP_H
#define GPUROOF_NCU_GROUP_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "ncu_figures.h"
#include "ncu_report.h"

typedef struct {
    const char *kernel;   /* the report's string */
    size_t launches;
    size_t first;         /* the index of its first launch */
    gr_ncu_figures figures;
    double time_share;    /* of the report's total time, 0..1; NaN where a time is unknown */
    size_t made;          /* its place before the sort by time */
} gr_ncu_group;

/* Groups r's launches, whose figures are each[i]; *groups is the caller's
 * to free.  group_of (r->count of them; NULL: not wanted) gets each
 * launch's group, an index of *groups. */
bool gr_ncu_group_launches(const gr_ncu_report *r, const gr_ncu_figures *each, gr_ncu_group **groups,
                           size_t *count, size_t *group_of, gr_error *err);

#endif
