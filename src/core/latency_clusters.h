/* The L2's two partitions in a pointer chase: an SM reaches lines homed in
 * the partition beside it sooner than those in the other, so the
 * latencies of loads timed one by one fall into two clusters, near and
 * far.  They are split at the widest gap between neighbours of the sorted
 * latencies (the lowest and highest 1% left out: a TLB miss or an
 * interrupt is no cluster), and called two clusters only where each holds
 * at least GR_LATENCY_CLUSTER_SHARE of the loads and the gap is at least
 * GR_LATENCY_GAP_SHARE of the near median: otherwise one cluster, its
 * median both figures. */
#ifndef GPUROOF_LATENCY_CLUSTERS_H
#define GPUROOF_LATENCY_CLUSTERS_H

#include <stdbool.h>
#include <stddef.h>

#define GR_LATENCY_CLUSTER_SHARE 0.1
#define GR_LATENCY_GAP_SHARE 0.1

typedef struct {
    bool two;          /* two clusters clearly apart */
    double near, far;  /* their medians; both the median of all where not two */
    size_t near_count, far_count; /* loads in each (of those kept); far_count 0 where not two */
    double gap;        /* between the highest near and the lowest far latency */
} gr_latency_clusters;

/* Sorts cycles[0..n-1] in place and splits them; false where n < 2 or a
 * value is not a positive finite number. */
bool gr_latency_split(double *cycles, size_t n, gr_latency_clusters *out);

#endif
