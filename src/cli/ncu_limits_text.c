/* The ncu command's text of a launch's limits (src/core/ncu_limits.h):
 * each limit with the work it is worked out from, the limiter named with
 * its numbers, the speedup if it were lifted and what to change. */
#include <math.h>
#include <stdio.h>
#include "ncu_figure_text.h"
#include "ncu_output.h"

static void print_time_or_why(FILE *out, const gr_ncu_limits *lim, gr_time_limit l)
{
    if (isnan(lim->time_ns[l]))
        fprintf(out, "unknown: %s\n", lim->why[l]);
    else
        fprintf(out, "%s ns\n", NCU_FIG(lim->time_ns[l]));
}

static void print_issue(FILE *out, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    const gr_issue_figures *is = &lim->issue;
    fprintf(out, "             issue: ");
    if (isnan(lim->time_ns[GR_TIME_LIMIT_ISSUE])) {
        print_time_or_why(out, lim, GR_TIME_LIMIT_ISSUE);
        return;
    }
    fprintf(out, "%s warp instructions / (%d SMs x 4 schedulers x %s MHz) = %s ns; FP %s, shared %s, global %s\n",
           NCU_FIG(is->warp_inst), in->sm_count, NCU_FIG(lim->clock_mhz), NCU_FIG(lim->time_ns[GR_TIME_LIMIT_ISSUE]),
           NCU_PCT(is->fp_inst / is->warp_inst), NCU_PCT(is->shared_inst / is->warp_inst),
           NCU_PCT(is->global_inst / is->warp_inst));
}

static void print_latency(FILE *out, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    const gr_latency_figures *lt = &lim->latency;
    double t = lim->time_ns[GR_TIME_LIMIT_LATENCY];
    fprintf(out, "             latency: ");
    if (isnan(t) || lt->bytes == 0) {
        if (isnan(t))
            print_time_or_why(out, lim, GR_TIME_LIMIT_LATENCY);
        else
            fprintf(out, "no bytes read past the L1 = 0 ns\n");
        return;
    }
    fprintf(out, "%s of %d warps an SM x %s SMs x %s load%s of %s B in flight a warp = %s B; / %s ns (%s) = %s GB/s;\n",
           NCU_FIG(lt->warps_per_sm), in->max_warps_sm, NCU_FIG(lt->sms), NCU_FIG(lt->loads_in_flight),
           lt->loads_in_flight == 1 ? "" : "s", NCU_FIG(lt->bytes_per_load),
           NCU_FIG(lt->warps_per_sm * lt->sms * lt->loads_in_flight * lt->bytes_per_load), NCU_FIG(lt->latency_ns),
           in->latency_from, NCU_FIG(lt->bandwidth_gbs));
    fprintf(out, "             %s B read past the L1 (%s from DRAM) / %s GB/s = %s ns (achieved %s GB/s)\n", NCU_FIG(lt->bytes),
           NCU_PCT(lt->dram_share), NCU_FIG(lt->bandwidth_gbs), NCU_FIG(t), NCU_FIG(lt->achieved_gbs));
}

static void print_shape_limits(FILE *out, const gr_ncu_limits *lim, const gr_limit_inputs *in)
{
    const gr_wave_figures *w = &lim->waves;
    fprintf(out, "             waves: ");
    if (isnan(lim->time_ns[GR_TIME_LIMIT_WAVES]))
        print_time_or_why(out, lim, GR_TIME_LIMIT_WAVES);
    else
        fprintf(out, "%s blocks = %s wave%s; the SM side's %s ns x %s = %s ns%s\n", NCU_FIG(w->blocks), NCU_FIG(w->waves), w->waves == 1 ? "" : "s",
               NCU_FIG(w->sm_side_ns), NCU_FIG(w->stretch), NCU_FIG(w->stretch * w->sm_side_ns),
               w->stretch > 1 && w->stretch < 1.1 ? " (under 10% more: not a limit)" : "");
    fprintf(out, "             small grid: ");
    if (isnan(lim->time_ns[GR_TIME_LIMIT_SMALL_GRID]))
        print_time_or_why(out, lim, GR_TIME_LIMIT_SMALL_GRID);
    else if (w->grid_stretch > 1)
        fprintf(out, "%s blocks for %d SMs: the SM side's %s ns x %s = %s ns\n", NCU_FIG(w->blocks), in->sm_count,
               NCU_FIG(w->sm_side_ns), NCU_FIG(w->grid_stretch), NCU_FIG(lim->time_ns[GR_TIME_LIMIT_SMALL_GRID]));
    else
        fprintf(out, "none: %s blocks for %d SMs\n", NCU_FIG(w->blocks), in->sm_count);
    fprintf(out, "             launch: ");
    print_time_or_why(out, lim, GR_TIME_LIMIT_LAUNCH);
}

static void print_limiter(FILE *out, const gr_ncu_limits *lim)
{
    if (!lim->known) {
        fprintf(out, "  limiter    unknown: %s\n", lim->why_unknown);
        return;
    }
    double t = lim->time_ns[lim->limiter];
    fprintf(out, "  limiter    %s: %s ns, %s of the %s ns it took", gr_time_limit_name(lim->limiter), NCU_FIG(t),
           NCU_PCT(t / lim->duration_ns), NCU_FIG(lim->duration_ns));
    if (lim->compute_in_issue_slots && lim->limiter == GR_TIME_LIMIT_COMPUTE)
        fprintf(out, " (its FP instructions' issue slots)");
    if (lim->next != GR_TIME_LIMIT_COUNT)
        fprintf(out, ";\n             lifted, the next is %s at %s ns: at most %sx faster", gr_time_limit_name(lim->next),
               NCU_FIG(lim->next_ns), NCU_FIG(lim->speedup));
    fprintf(out, "\n  change     %s\n", lim->suggestion);
}

void ncu_print_time_limits(FILE *out, const ncu_view *v, const gr_ncu_limits *lim)
{
    const gr_limit_inputs *in = &v->a.limit_inputs;
    fprintf(out, "  limits     times the launch cannot beat, the SM side at its %s MHz (the roofs': %s MHz):\n",
           NCU_FIG(lim->clock_mhz), NCU_FIG(in->roofs_clock_mhz));
    fprintf(out, "             compute %s GFLOP/s, shared memory %s GB/s at that clock\n",
           NCU_FIG(lim->compute_gflops_at_clock), NCU_FIG(lim->shared_gbs_at_clock));
    print_issue(out, lim, in);
    print_latency(out, lim, in);
    print_shape_limits(out, lim, in);
    print_limiter(out, lim);
    if (lim->top_stall >= 0)
        fprintf(out, "  stalls     most stalled warp-cycles: %s (%s of them)\n", gr_ncu_stall_name(lim->top_stall),
               NCU_PCT(lim->top_stall_share));
}
