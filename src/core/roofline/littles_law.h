/* Little's law for GPU memory: the bandwidth a kernel can sustain is the
 * bytes it keeps in flight over the time each load takes to come back,
 *     bandwidth = bytes in flight / loaded latency,
 * and the bytes in flight are the resident warps (of every SM that has
 * some) x the loads each warp has outstanding x the bytes each load
 * moves.  `plot latency` draws this curve over the measured bandwidth;
 * `gpuroof ncu`'s latency limit is the time it gives a kernel's bytes.
 * (J. D. C. Little, 1961; for GPUs, V. Volkov, "Understanding Latency
 * Hiding on GPUs", 2016, chapter 4.) */
#ifndef GPUROOF_LITTLES_LAW_H
#define GPUROOF_LITTLES_LAW_H

typedef struct {
    double warps_per_sm;        /* resident warps on each SM that runs the kernel */
    double sms;                 /* SMs that run it */
    double bytes_per_warp_load; /* a warp's one load instruction: 32 threads x 4, 8 or 16 B where coalesced */
    double loads_in_flight;     /* independent loads each warp has outstanding */
    double latency_ns;          /* one load's latency under that load */
} gr_littles_law;

/* The bytes in flight across the GPU. */
double gr_littles_bytes_in_flight(const gr_littles_law *l);

/* The bandwidth the bytes in flight sustain, GB/s (bytes per ns);
 * NaN where the latency is not positive or any figure is unknown. */
double gr_littles_bandwidth_gbs(const gr_littles_law *l);

/* The loads in flight a warp needs to sustain bandwidth_gbs with the
 * other figures of l (its loads_in_flight is not read); NaN as above. */
double gr_littles_loads_needed(const gr_littles_law *l, double bandwidth_gbs);

/* The resident warps an SM needs to sustain bandwidth_gbs with the other
 * figures of l (its warps_per_sm is not read); NaN as above. */
double gr_littles_warps_needed(const gr_littles_law *l, double bandwidth_gbs);

#endif
