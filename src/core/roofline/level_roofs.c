#include <stdio.h>
#include "gpuroof_text.h"
#include "level_roofs.h"

static const char *field_of(gr_level level)
{
    return level == GR_LEVEL_L2 ? "memory.l2_bandwidth_gbs" : "shared_memory_banks.shared_bandwidth_gbs";
}

void gr_level_unroofed_text(const gr_profile *p, gr_level level, double bytes, const char *option, char *out,
                            size_t size)
{
    int n = snprintf(out, size, "not bounded at %s: the model counts %s B there, but ", gr_level_name(level),
                     GR_NUM(bytes));
    if (n < 0 || (size_t)n >= size)
        return;
    if (!p || !p->name[0]) /* the roofs given by option alone */
        snprintf(out + n, size - (size_t)n, "no %s bandwidth is known%s%s%s", gr_level_name(level),
                 option ? " (give " : "", option ? option : "", option ? " GBS)" : "");
    else
        snprintf(out + n, size - (size_t)n, "%s has no %s bandwidth (%s in its profile%s%s%s)", p->name,
                 gr_level_name(level), field_of(level), option ? "; give " : "", option ? option : "",
                 option ? " GBS" : "");
}

bool gr_level_no_bandwidth(const gr_profile *p, gr_level level, const char *option, gr_error *err)
{
    const char *field = field_of(level);
    return gr_error_set(err, "%s has no %s bandwidth (%s in its profile), so the %s bytes have no roof%s%s%s", p->name,
                        gr_level_name(level), field, gr_level_name(level), option ? ": give " : "",
                        option ? option : "", option ? " GBS" : "");
}
