/* How busy a launch kept the GPU (ncu_busy.h). */
#include <math.h>
#include "ncu_busy.h"

static const char *const state_keys[GR_WARP_STATE_COUNT] = {"issuing", "memory", "shared", "pipes",
                                                            "tensor",  "sync",   "fetch",  "other"};

const char *gr_warp_state_key(gr_warp_state s)
{
    return s < GR_WARP_STATE_COUNT ? state_keys[s] : "?";
}

/* The state each stall reason of GR_NCU_STALLS is, in its order: what the
 * warp waits for.  The immediate constant cache's misses are an
 * instruction operand's fetch; not_selected is a warp that could have
 * issued, held back by the slot another took. */
static const gr_warp_state stall_state[] = {
    GR_WARPS_SYNC,    /* barrier */
    GR_WARPS_FETCH,   /* branch_resolving */
    GR_WARPS_PIPES,   /* dispatch_stall */
    GR_WARPS_MEMORY,  /* drain */
    GR_WARPS_TENSOR,  /* gmma */
    GR_WARPS_FETCH,   /* imc_miss */
    GR_WARPS_MEMORY,  /* lg_throttle */
    GR_WARPS_MEMORY,  /* long_scoreboard */
    GR_WARPS_PIPES,   /* math_pipe_throttle */
    GR_WARPS_SYNC,    /* membar */
    GR_WARPS_SHARED,  /* mio_throttle */
    GR_WARPS_OTHER,   /* misc */
    GR_WARPS_FETCH,   /* no_instruction */
    GR_WARPS_ISSUING, /* not_selected */
    GR_WARPS_SHARED,  /* short_scoreboard */
    GR_WARPS_OTHER,   /* sleeping */
    GR_WARPS_MEMORY,  /* tex_throttle */
    GR_WARPS_PIPES,   /* wait */
};
#define STALL_COUNT (sizeof stall_state / sizeof stall_state[0])
#define COUNT_STALL(reason) +1
_Static_assert(STALL_COUNT == 0 GR_NCU_STALLS(COUNT_STALL), "a state for every stall reason");
#undef COUNT_STALL

static void warp_states(const gr_ncu_figures *f, gr_ncu_busy *out)
{
    double cycles[GR_WARP_STATE_COUNT] = {0}, total = 0;
    double selected = f->q[GR_NCU_Q_WARPS_SELECTED];
    for (size_t i = 0; i < STALL_COUNT; i++) {
        double v = f->q[GR_NCU_Q_STALL_barrier + i];
        if (isnan(v))
            continue;
        cycles[stall_state[i]] += v;
        total += v;
    }
    /* without the issuing warp-cycles, a warp instruction is one */
    if (isnan(selected))
        selected = f->q[GR_NCU_Q_WARP_INST];
    if (!isnan(selected))
        cycles[GR_WARPS_ISSUING] += selected, total += selected;
    out->warps_known = total > 0 && !isnan(f->q[GR_NCU_Q_STALL_long_scoreboard]);
    for (int s = 0; s < GR_WARP_STATE_COUNT; s++)
        out->warp_share[s] = out->warps_known ? cycles[s] / total : NAN;
}

void gr_ncu_busy_of(const gr_ncu_figures *f, gr_ncu_busy *out)
{
    for (int k = 0; k < GR_NCU_UNIT_FAMILIES; k++)
        out->busiest[k] = -1, out->family_ns[k] = NAN;
    for (int u = 0; u < GR_NCU_UNIT_COUNT; u++) {
        double ns = f->q[GR_NCU_Q_UNIT_dram + u];
        int k = (int)gr_ncu_unit_family_of((gr_ncu_unit_id)u);
        out->unit_ns[u] = ns;
        if (!isnan(ns) && (out->busiest[k] < 0 || ns > out->family_ns[k]))
            out->busiest[k] = u, out->family_ns[k] = ns;
    }
    out->active_max_ns = f->q[GR_NCU_Q_SM_ACTIVE_MAX];
    out->active_mean_ns = f->q[GR_NCU_Q_SM_ACTIVE_MEAN];
    warp_states(f, out);
}
