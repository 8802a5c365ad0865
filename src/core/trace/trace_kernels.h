/* A trace's kernels: each kernel's launches summed (by its name as Kineto
 * spells it), each of its launch configurations kept apart up to
 * GR_TRACE_MAX_CONFIGS (the rest summed into the last), and on a device
 * gpuroof knows, each configuration's theoretical occupancy with its
 * limiter, and Kineto's estimate of each launch's achieved occupancy
 * worked out again and compared ("est. achieved occupancy %": the smaller
 * of the theoretical warps an SM and the grid's warps an SM, over the
 * SM's warps, a whole percent).  Memory holds the distinct kernels and
 * configurations, never the launches. */
#ifndef GPUROOF_TRACE_KERNELS_H
#define GPUROOF_TRACE_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"
#include "trace_read.h"

#define GR_TRACE_MAX_CONFIGS 8

typedef struct {
    int64_t grid[3], block[3];
    int64_t registers_per_thread, shared_bytes;
    size_t launches;
    int64_t time_ns;
    double kineto_pct;    /* its first launch's "est. achieved occupancy %"; NaN where absent */
    size_t kineto_varied; /* launches whose figure was another */
    bool has_occupancy;   /* held to a device whose limits allow the launch */
    gr_occupancy occupancy;
} gr_trace_config;

typedef struct {
    char *name;
    size_t launches;
    int64_t time_ns;
    size_t config_count;
    gr_trace_config configs[GR_TRACE_MAX_CONFIGS];
} gr_trace_kernel;

/* A launch whose estimate differs from Kineto's. */
typedef struct {
    const char *kernel; /* its name, the table's */
    double kineto_pct, gpuroof_pct;
} gr_trace_estimate_miss;

/* Why gpuroof's estimate of a launch differs from Kineto's (its rule:
 * gr_trace_kineto_occupancy_pct). */
typedef enum { GR_KINETO_OPTIN, GR_KINETO_PARTIAL_WARPS, GR_KINETO_REASONS } gr_kineto_reason;

typedef struct {
    gr_trace_kernel *kernels;
    size_t count, capacity;
    size_t *slots; /* hash table: a kernel's index + 1; 0 empty */
    size_t slot_count;
    bool has_limits;
    gr_sm_limits limits;
    int sms;
    int64_t smem_block_bytes; /* without opt-in */
    int64_t time_ns; /* every kernel's */
    size_t estimates_compared, estimates_equal;
    bool has_miss;
    gr_trace_estimate_miss first_miss;
    size_t kineto_differs[GR_KINETO_REASONS]; /* launches whose whole percent differs from gpuroof's, by why */
    /* the table's copy of the name of the kernel of the event last added
     * (NULL: it was no kernel's launch), for a caller that keeps launches:
     * it lasts as long as the table */
    const char *last_name;
} gr_trace_kernels;

void gr_trace_kernels_init(gr_trace_kernels *k);
/* A kernel event; others are passed over.  False where memory runs out. */
bool gr_trace_kernels_add(gr_trace_kernels *k, const gr_trace_event *e);
/* The table held to device (the first one only): each configuration's
 * occupancy, and Kineto's estimate compared, for the launches read so far
 * (a configuration's at once: a summed one's launches may have had other
 * figures, counted unequal) and for every launch after, each as it comes.
 * Kineto writes its device properties before its events, so a reader
 * holds the table to the device as they come.  False, with err, where
 * the profile's limits are refused. */
bool gr_trace_kernels_hold(gr_trace_kernels *k, const gr_profile *device, gr_error *err);
/* The kernels longest first (a tie: by name), each's configurations
 * too; the table is then read, never added to. */
void gr_trace_kernels_sort(gr_trace_kernels *k);
void gr_trace_kernels_free(gr_trace_kernels *k);

/* A configuration's launch, as the occupancy rules take it; false where
 * its block, registers or shared memory are no launch's. */
bool gr_trace_config_launch(const gr_trace_config *c, gr_launch *out);

/* c's theoretical occupancy on the device k is held to (has_occupancy
 * false where the device refuses its launch, or k is held to none). */
void gr_trace_config_occupancy(const gr_trace_kernels *k, gr_trace_config *c);

/* A launch's achieved occupancy as gpuroof estimates it, percent: the
 * smaller of the theoretical warps an SM (o) and the grid's whole warps
 * spread over the SMs, over the SM's warps. */
double gr_trace_estimated_occupancy_pct(const gr_occupancy *o, const int64_t grid[3], int sms);

/* Kineto's "est. achieved occupancy %" of c's launches by Kineto's own
 * rule, which differs from gpuroof's twice (learned from the traces of
 * tests/data/trace, where it gives every launch's figure): it counts a
 * block's warps as its threads / 32, so that a block of one thread is a
 * thirty-second of a warp, not a warp; and a block asking for more shared
 * memory than a block gets without opting in (48 KiB) is 0, as if it
 * could not launch, where the kernel opted in and runs.  A whole percent. */
double gr_trace_kineto_occupancy_pct(const gr_trace_kernels *k, const gr_trace_config *c);

#endif
