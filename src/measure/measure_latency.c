/* The latency part: load latency by pointer chase at L1, shared memory,
 * the L2 (near and far) and DRAM; DRAM read bandwidth against resident
 * warps an SM for each load size and loads in flight (the latency roofs);
 * and the launch floor.  Every chase and every point is verified before it
 * is recorded (kernels/latency.cu says how). */
#include <math.h>
#include <stdlib.h>
#include "gpuroof_roofline.h"
#include "measure_gpu.h"

#define L1_FOOTPRINT_BYTES (16u << 10)     /* well inside any L1 of sm_80 on */
#define SHARED_FOOTPRINT_BYTES (16u << 10) /* under the 48 KiB a block has without opting in */
#define DRAM_FOOTPRINT_BYTES ((size_t)1 << 30)
#define DRAM_QUICK_FOOTPRINT_BYTES ((size_t)256 << 20)
#define DRAM_PAGE_BYTES ((size_t)2 << 20)
#define CURVE_BYTES ((size_t)512 << 20)
#define CURVE_QUICK_BYTES ((size_t)256 << 20)
#define LAUNCHES 1000

/* Resident warps an SM of the latency roofs, those the device holds; each
 * a whole number of warps in each of ceil(W / 32) blocks. */
static const int curve_warps[] = {1, 2, 4, 8, 12, 16, 24, 32, 48, 64};
#define CURVE_WARP_COUNT (int)(sizeof curve_warps / sizeof curve_warps[0])

/* At least 16 times the L2, in whole 2 MiB pages. */
static size_t dram_footprint(const measure_run *r, bool quick)
{
    size_t bytes = quick ? DRAM_QUICK_FOOTPRINT_BYTES : DRAM_FOOTPRINT_BYTES;
    size_t l2_16 = r->device.l2_bytes > 0 ? 16 * (size_t)r->device.l2_bytes : 0;
    if (l2_16 > bytes)
        bytes = (l2_16 + DRAM_PAGE_BYTES - 1) / DRAM_PAGE_BYTES * DRAM_PAGE_BYTES;
    return bytes;
}

typedef struct {
    const char *what;
    grk_chase_level level;
    size_t footprint;
    long long loads;
    size_t cycles_key, ns_key; /* offsets in gr_result_latency; the L2's are set apart */
} chase_plan;

/* One level's chase; a wrong one is reported and leaves its keys absent.
 * *ok false where a CUDA call failed (printed). */
static bool chase_level(measure_run *r, const chase_plan *c, int runs, unsigned *record, grk_chase *out)
{
    grk_error err;
    measure_progress("latency: %s, pointer chase over %zu KiB, %lld loads x %d runs", c->what, c->footprint >> 10,
                     c->loads, runs);
    if (grk_chase_run(c->level, c->footprint, c->loads, runs, record, out, &err) != 0)
        return measure_cuda_failed(&err);
    if (!out->verified) {
        measure_fail("latency at %s: the chase did not end on the slot the host's walk reached: not recorded", c->what);
        r->failures++;
    }
    return true;
}

/* The L2's far figure: the median of the far chase's loads, timed one by
 * one (load_latency.h says why the near chase cannot show it). */
static void l2_far(gr_result_latency *l, const unsigned *record, double mhz)
{
    double cycles[GRK_CHASE_RECORDED];
    for (int i = 0; i < GRK_CHASE_RECORDED; i++)
        cycles[i] = record[i];
    double far = gr_latency_median(cycles, GRK_CHASE_RECORDED);
    if (isnan(far))
        return;
    measure_progress("latency: L2 far %.0f cycles, the median of %d loads over more than half the L2", far,
                     GRK_CHASE_RECORDED);
    l->l2_far_cycles = far;
    l->l2_far_ns = far / mhz * 1000;
}

/* Where there is no far chase (no power-of-two footprint over half the
 * L2 fits it), the far figures are the near ones, as the format says. */
static void l2_far_as_near(gr_result_latency *l)
{
    l->l2_far_cycles = l->l2_near_cycles;
    l->l2_far_ns = l->l2_near_ns;
    measure_progress("latency: no footprint over half this L2 is a power of two: L2 far recorded as near");
}

static bool chases(measure_run *r, const measure_plan *p)
{
    long long fast = p->quick ? 1 << 14 : 1 << 18, slow = p->quick ? 1 << 12 : 1 << 16;
    size_t l2_bytes = r->device.l2_bytes > 0 ? (size_t)r->device.l2_bytes : 0, far = gr_l2_far_footprint(l2_bytes);
    const chase_plan plans[] = {
        {"L1", GRK_CHASE_L1, L1_FOOTPRINT_BYTES, fast, offsetof(gr_result_latency, l1_cycles),
         offsetof(gr_result_latency, l1_ns)},
        {"shared memory", GRK_CHASE_SHARED, SHARED_FOOTPRINT_BYTES, fast, offsetof(gr_result_latency, shared_cycles),
         offsetof(gr_result_latency, shared_ns)},
        {"L2 near", GRK_CHASE_L2, gr_l2_near_footprint(l2_bytes), slow, offsetof(gr_result_latency, l2_near_cycles),
         offsetof(gr_result_latency, l2_near_ns)},
        {"DRAM", GRK_CHASE_DRAM, dram_footprint(r, p->quick), slow, offsetof(gr_result_latency, dram_cycles),
         offsetof(gr_result_latency, dram_ns)},
        {"L2 far", GRK_CHASE_L2, far, slow, 0, 0}, /* last, and only where far is not 0 */
    };
    gr_result_latency *l = &r->file.latency;
    unsigned record[GRK_CHASE_RECORDED];
    double cycles = 0, ns = 0;
    bool far_verified = false;
    l->verified = true;
    for (size_t i = 0; i < sizeof plans / sizeof plans[0] - (far ? 0 : 1); i++) {
        grk_chase c;
        bool is_far = plans[i].cycles_key == 0;
        if (!chase_level(r, &plans[i], p->quick ? 3 : 5, is_far ? record : NULL, &c))
            return false;
        l->verified = l->verified && c.verified;
        if (!c.verified)
            continue;
        cycles += c.cycles * (double)c.loads;
        ns += c.ns * (double)c.loads;
        far_verified = far_verified || is_far;
        if (!is_far) {
            *(double *)((char *)l + plans[i].cycles_key) = c.cycles;
            *(double *)((char *)l + plans[i].ns_key) = c.ns;
        }
    }
    if (ns > 0)
        l->sm_clock_mhz = cycles / ns * 1000;
    if (far_verified && ns > 0)
        l2_far(l, record, l->sm_clock_mhz);
    else if (!far)
        l2_far_as_near(l);
    return true;
}

static bool curves(measure_run *r, const measure_plan *p)
{
    int warps[CURVE_WARP_COUNT], count = 0, most = r->device.max_threads_sm / 32;
    for (int i = 0; i < CURVE_WARP_COUNT; i++)
        if (curve_warps[i] <= most)
            warps[count++] = curve_warps[i];
    grk_curve_point *points = calloc(9 * (size_t)count, sizeof *points);
    if (!points)
        return measure_fail("out of memory");
    size_t bytes = p->quick ? CURVE_QUICK_BYTES : CURVE_BYTES, l2_8 = 8 * (size_t)(r->device.l2_bytes > 0 ? r->device.l2_bytes : 0);
    if (l2_8 > bytes) /* far over the L2 whatever its size */
        bytes = (l2_8 + 15) / 16 * 16;
    grk_error err;
    measure_progress("latency roofs: DRAM read over %zu MiB at %d to %d warps an SM, 4-, 8- and 16-byte loads, 1, 2 "
                     "and 4 in flight", bytes >> 20, warps[0], warps[count - 1]);
    bool ok = grk_latency_curves(bytes, warps, count, p->repeats < 5 ? p->repeats : 5, points, &err) == 0 ||
              measure_cuda_failed(&err);
    for (int i = 0; ok && i < 9 * count; i++) {
        gr_error no_room;
        gr_result_latency_curve *row = gr_results_add_latency_curve(&r->file, &no_room);
        if (!row) {
            ok = measure_fail("%s", no_room.text);
            break;
        }
        *row = (gr_result_latency_curve){points[i].load_bytes, points[i].loads_in_flight, points[i].warps_per_sm,
                                         points[i].gbs, points[i].verified};
        if (!points[i].verified) {
            measure_fail("latency roofs: %d warps, %d-byte loads, %d in flight: the sum is wrong: not plotted",
                         points[i].warps_per_sm, points[i].load_bytes, points[i].loads_in_flight);
            r->failures++;
        }
    }
    free(points);
    return ok;
}

static bool launch_floor(measure_run *r, const measure_plan *p)
{
    grk_error err;
    double empty_ns, interval_ns;
    measure_progress("launch floor: an empty kernel, alone and %d back to back", LAUNCHES);
    if (grk_launch_floor(LAUNCHES, p->quick ? 21 : 101, &empty_ns, &interval_ns, &err) != 0)
        return measure_cuda_failed(&err);
    r->file.latency.empty_kernel_ns = empty_ns;
    r->file.latency.launch_interval_ns = interval_ns;
    return true;
}

bool measure_latency(measure_run *r, const measure_plan *p)
{
    return chases(r, p) && launch_floor(r, p) && curves(r, p);
}
