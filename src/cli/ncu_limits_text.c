/* The ncu command's text of a launch's limits (src/core/ncu/ncu_limits.h):
 * each limit with what it accounts for and where that came from, the
 * limiter with how much of the launch it explains, the headroom, the
 * speedups to expect and at most, and what to change. */
#include <math.h>
#include <stdio.h>
#include "ncu_figure_text.h"
#include "ncu_output.h"

/* Where a limit's time came from, in words. */
static void print_source(FILE *out, const gr_ncu_limits *lim, gr_time_limit l)
{
    int unit = lim->unit[l];
    double T = lim->duration_ns;
    switch (lim->source[l]) {
    case GR_LIMIT_FROM_UNIT:
        fprintf(out, "%s busy %s of the time", gr_ncu_unit_name((gr_ncu_unit_id)unit),
                NCU_PCT(lim->bound_ns[l] / T));
        break;
    case GR_LIMIT_FROM_ROOF:
        fprintf(out, "its work at the roof's rate, %s ns", NCU_FIG(lim->bound_ns[l]));
        break;
    case GR_LIMIT_FROM_WARPS:
        fprintf(out, "its warps' waits%s%s", unit >= 0 ? "; busiest: " : "",
                unit >= 0 ? gr_ncu_unit_name((gr_ncu_unit_id)unit) : "");
        break;
    case GR_LIMIT_FROM_IDLE:
        fprintf(out, "SMs idle: the busiest SM's active time less the mean SM's");
        break;
    case GR_LIMIT_FROM_GRID:
        fprintf(out, "the SM side stretched by the grid's shape");
        break;
    case GR_LIMIT_FROM_OVERHEAD:
        fprintf(out, "no SM active");
        break;
    case GR_LIMIT_FROM_PROFILE:
        fprintf(out, "the profile's launch floor");
        break;
    default:
        fprintf(out, "%s", lim->time_ns[l] == 0 ? "does not apply" : "");
    }
}

static void print_limit(FILE *out, const gr_ncu_limits *lim, gr_time_limit l)
{
    fprintf(out, "             %-15s ", gr_time_limit_key(l));
    if (isnan(lim->time_ns[l])) {
        fprintf(out, "unknown: %s\n", lim->why[l]);
        return;
    }
    if (lim->time_ns[l] == 0 && lim->source[l] != GR_LIMIT_FROM_WARPS) {
        fprintf(out, "0 ns: does not apply\n");
        return;
    }
    fprintf(out, "%s ns, %s: ", NCU_FIG(lim->time_ns[l]), NCU_PCT(lim->time_ns[l] / lim->duration_ns));
    print_source(out, lim, l);
    fprintf(out, "\n");
}

static void print_warps(FILE *out, const gr_ncu_limits *lim)
{
    const gr_ncu_busy *b = &lim->busy;
    if (!b->warps_known)
        return;
    fprintf(out, "             warps' cycles:");
    for (int s = 0; s < GR_WARP_STATE_COUNT; s++)
        fprintf(out, " %s %s%s", gr_warp_state_key((gr_warp_state)s), NCU_PCT(b->warp_share[s]),
                s + 1 < GR_WARP_STATE_COUNT ? "," : "\n");
}

static void print_latency(FILE *out, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    const gr_latency_figures *lt = &lim->latency;
    if (isnan(lt->one_load_gbs) || !(lt->bytes > 0))
        return;
    fprintf(out, "             Little's law: %s of %d warps an SM x %s SMs x %s B a load / %s ns (%s) = %s GB/s "
                 "with one load a warp in flight; it reached %s GB/s: %s loads in flight a warp\n",
            NCU_FIG(lt->warps_per_sm), in->max_warps_sm, NCU_FIG(lt->sms), NCU_FIG(lt->bytes_per_load),
            NCU_FIG(lt->latency_ns), in->latency_from, NCU_FIG(lt->one_load_gbs), NCU_FIG(lt->achieved_gbs),
            NCU_FIG(lt->loads_in_flight));
}

static void print_limiter(FILE *out, const gr_ncu_limits *lim)
{
    if (!lim->known) {
        fprintf(out, "  limiter    unknown: %s\n", lim->why_unknown);
        return;
    }
    double T = lim->duration_ns;
    if (lim->explained)
        fprintf(out, "  limiter    %s accounts for %s ns, %s of the %s ns it took", gr_time_limit_name(lim->limiter),
                NCU_FIG(lim->explained_ns), NCU_PCT(lim->explained_ns / T), NCU_FIG(T));
    else
        fprintf(out, "  limiter    unexplained: the longest limit, %s, accounts for %s of the %s ns it took (under "
                     "half); the others above, and what would tell the unknown ones",
                gr_time_limit_name(lim->limiter), NCU_PCT(lim->time_ns[lim->limiter] / T), NCU_FIG(T));
    if (lim->sequence != GR_TIME_LIMIT_COUNT && lim->limiter == GR_TIME_LIMIT_LAUNCH)
        fprintf(out, ": no SM active %s ns, in sequence with %s's %s ns while they were", NCU_FIG(lim->overhead_ns),
                gr_time_limit_name(lim->sequence), NCU_FIG(lim->sequence_ns));
    else if (lim->sequence != GR_TIME_LIMIT_COUNT && gr_time_limit_is_throughput(lim->limiter))
        fprintf(out, ": its own %s ns, in sequence with %s's %s ns (its warps waited on memory that long: a phase of its own)",
                NCU_FIG(fmin(lim->time_ns[lim->limiter], lim->duration_ns)), gr_time_limit_name(lim->sequence),
                NCU_FIG(lim->sequence_ns));
    else if (lim->sequence != GR_TIME_LIMIT_COUNT)
        fprintf(out, ": SMs idle %s ns, in sequence with %s's %s ns while the mean SM works",
                NCU_FIG(lim->time_ns[lim->limiter]), gr_time_limit_name(lim->sequence), NCU_FIG(lim->sequence_ns));
    if (lim->overhead_added)
        fprintf(out, ", the launch's overhead of %s ns in sequence", NCU_FIG(lim->overhead_ns));
    if (lim->compute_in_issue_slots && lim->limiter == GR_TIME_LIMIT_COMPUTE)
        fprintf(out, " (its FP instructions' issue slots)");
    fprintf(out, "\n");
    if (!isnan(lim->headroom))
        fprintf(out, "             headroom %sx to its roof", NCU_FIG(lim->headroom));
    if (lim->next != GR_TIME_LIMIT_COUNT && !isnan(lim->expected))
        fprintf(out, "; lifted, the next is %s at %s ns: expect %sx faster, at most %sx", gr_time_limit_name(lim->next),
                NCU_FIG(lim->next_bound_ns), NCU_FIG(lim->expected), NCU_FIG(lim->at_most));
    else if (lim->next != GR_TIME_LIMIT_COUNT)
        fprintf(out, "; lifted, the next is %s at %s ns: at most %sx faster (no speedup to expect of a limit that "
                     "does not account for the time)",
                gr_time_limit_name(lim->next), NCU_FIG(lim->next_bound_ns), NCU_FIG(lim->at_most));
    fprintf(out, "\n  change     %s\n", lim->suggestion);
    if (lim->call_advice[0])
        fprintf(out, "  call       %s: %s\n", gr_library_name(lim->library.library), lim->call_advice);
    if (!isnan(lim->call_expected))
        fprintf(out, "             with the GPU's own kernel: expect %sx faster (its FLOPs at the Tensor Core roof at "
                     "the efficiency lifted kernels reach)\n",
                NCU_FIG(lim->call_expected));
}

void ncu_print_time_limits(FILE *out, const ncu_view *v, const gr_ncu_limits *lim)
{
    const gr_limit_inputs *in = &v->a.limit_inputs;
    fprintf(out, "  limits     what the time went to, the SM side at its %s MHz (the roofs': %s MHz):\n",
            NCU_FIG(lim->clock_mhz), NCU_FIG(in->roofs_clock_mhz));
    for (gr_time_limit l = 0; l < GR_TIME_LIMIT_COUNT; l++)
        print_limit(out, lim, l);
    print_warps(out, lim);
    print_latency(out, lim, in);
    print_limiter(out, lim);
    if (lim->top_stall >= 0)
        fprintf(out, "  stalls     most stalled warp-cycles: %s (%s of them)\n", gr_ncu_stall_name(lim->top_stall),
                NCU_PCT(lim->top_stall_share));
}
