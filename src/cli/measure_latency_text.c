#include <math.h>
#include <stdio.h>
#include <string.h>
#include "measure_latency_text.h"

/* Pointer-chase latencies published for the H100, each with its source:
 * the figure gpuroof's is set beside (no other GPU has peers here yet). */
typedef struct {
    const char *level;       /* as the lines below name it */
    double low, high;        /* cycles; a range where sources differ */
    const char *source;
} latency_peer;

static const latency_peer h100_peers[] = {
    {"L1", 34, 34, "gpu-benches gpu-latency, H100 SXM at 1980 MHz"},
    {"L2 near", 270, 270, "gpu-benches gpu-latency, H100 SXM: about 270"},
    {"L2 far", 500, 500, "public pointer chases, H100-class: about 500"},
    {"DRAM", 650, 685, "public pointer chases, H100-class"},
};

static const latency_peer *peer_of(const gr_results *r, const char *level)
{
    if (!strstr(r->device.name, "H100"))
        return NULL;
    for (size_t i = 0; i < sizeof h100_peers / sizeof h100_peers[0]; i++)
        if (strcmp(h100_peers[i].level, level) == 0)
            return &h100_peers[i];
    return NULL;
}

static void print_level(const gr_results *r, const char *level, double cycles, double ns)
{
    if (isnan(cycles))
        return;
    printf("    %-14s %7.1f cycles %7.1f ns", level, cycles, ns);
    const latency_peer *peer = peer_of(r, level);
    if (peer && peer->low == peer->high)
        printf("   peer %.0f cycles (%s)", peer->low, peer->source);
    else if (peer)
        printf("   peer %.0f-%.0f cycles (%s)", peer->low, peer->high, peer->source);
    printf("\n");
}

static size_t verified_curve_points(const gr_results *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->latency_curve_count; i++)
        n += r->latency_curves[i].verified;
    return n;
}

void measure_print_latency(const gr_results *r)
{
    const gr_result_latency *l = &r->latency;
    if (!isnan(l->sm_clock_mhz)) {
        printf("  latency, by pointer chase at an SM clock of %.0f MHz (cycles over %%globaltimer ns):\n",
               l->sm_clock_mhz);
        print_level(r, "L1", l->l1_cycles, l->l1_ns);
        print_level(r, "shared memory", l->shared_cycles, l->shared_ns);
        bool one = l->l2_near_cycles == l->l2_far_cycles;
        print_level(r, one ? "L2 (no far chase)" : "L2 near", l->l2_near_cycles, l->l2_near_ns);
        if (!one)
            print_level(r, "L2 far", l->l2_far_cycles, l->l2_far_ns);
        print_level(r, "DRAM", l->dram_cycles, l->dram_ns);
    }
    if (!isnan(l->empty_kernel_ns))
        printf("  launch floor: an empty kernel %.0f ns (events around one launch); back to back, one every %.0f ns\n",
               l->empty_kernel_ns, l->launch_interval_ns);
    if (r->latency_curve_count)
        printf("  latency roofs: %zu of %zu points verified (DRAM read against resident warps; gpuroof plot "
               "latency draws them)\n",
               verified_curve_points(r), r->latency_curve_count);
}
