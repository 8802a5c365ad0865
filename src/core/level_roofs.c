#include "level_roofs.h"

void gr_profile_level_bandwidths(const gr_profile *p, double bandwidth_gbs[GR_MEMORY_LEVELS])
{
    bandwidth_gbs[GR_LEVEL_DRAM] = p->bandwidth_gbs;
    bandwidth_gbs[GR_LEVEL_L2] = p->l2_bandwidth_gbs;
    bandwidth_gbs[GR_LEVEL_SHARED] = p->shared_bandwidth_gbs;
}

bool gr_level_no_bandwidth(const gr_profile *p, gr_level level, const char *option, gr_error *err)
{
    const char *field = level == GR_LEVEL_L2 ? "memory.l2_bandwidth_gbs" : "shared_memory_banks.shared_bandwidth_gbs";
    return gr_error_set(err, "%s has no %s bandwidth (%s in its profile), so the %s bytes have no roof%s%s%s", p->name,
                        gr_level_name(level), field, gr_level_name(level), option ? ": give " : "",
                        option ? option : "", option ? " GBS" : "");
}
