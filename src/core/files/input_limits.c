/* The line for an input past its limit (input_limits.h). */
#include <inttypes.h>
#include "input_limits.h"

bool gr_input_limit_exceeded(const char *shown, gr_input_limit limit, gr_error *err)
{
    const char *unit = limit.bytes % GR_GIB == 0 ? "GiB" : "MiB";
    uint64_t count = limit.bytes / (limit.bytes % GR_GIB == 0 ? GR_GIB : GR_MIB);
    if (limit.bytes % GR_MIB != 0)
        return gr_error_set(err, "%s: larger than %" PRIu64 " bytes, the limit for %s", shown, limit.bytes,
                            limit.kind);
    return gr_error_set(err, "%s: larger than %" PRIu64 " %s (%" PRIu64 " bytes), the limit for %s", shown, count,
                        unit, limit.bytes, limit.kind);
}

uint64_t gr_inflate_budget(uint64_t input_bytes)
{
    uint64_t scaled = input_bytes > UINT64_MAX / GR_INFLATE_RATIO_MAX ? UINT64_MAX : input_bytes * GR_INFLATE_RATIO_MAX;
    return scaled > UINT64_MAX - GR_GIB ? UINT64_MAX : scaled + GR_GIB;
}
