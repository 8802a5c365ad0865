/* What every command's text and JSON share (output.h). */
#include <config.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output.h"

out_figure out_num(double x)
{
    out_figure f;
    gr_num_text(f.text, x);
    return f;
}

out_figure out_pct(double fraction)
{
    out_figure f;
    snprintf(f.text, sizeof f.text, "%s%%", GR_NUM(100 * fraction));
    return f;
}

out_figure out_bytes(int64_t bytes)
{
    out_figure f;
    if (bytes >= 1048576 && bytes % 1048576 == 0)
        snprintf(f.text, sizeof f.text, "%lld B (%lld MiB)", (long long)bytes, (long long)(bytes / 1048576));
    else if (bytes >= 1024 && bytes % 1024 == 0)
        snprintf(f.text, sizeof f.text, "%lld B (%lld KiB)", (long long)bytes, (long long)(bytes / 1024));
    else
        snprintf(f.text, sizeof f.text, "%lld B", (long long)bytes);
    return f;
}

out_figure out_sm(gr_sm sm)
{
    out_figure f;
    snprintf(f.text, sizeof f.text, "%s", GR_SM_NAME(sm));
    return f;
}

out_figure out_kib(int64_t bytes)
{
    out_figure f;
    if (bytes % 1024 == 0)
        snprintf(f.text, sizeof f.text, "%lld KiB", (long long)(bytes / 1024));
    else
        snprintf(f.text, sizeof f.text, "%lld B", (long long)bytes);
    return f;
}

const char *out_plural(long long n)
{
    return n == 1 ? "" : "s";
}

static const char *const limit_words[GR_LIMIT_COUNT] = {"threads per SM", "blocks per SM", "registers",
                                                        "shared memory"};

const char *out_limit_words(gr_limit limit)
{
    return (unsigned)limit < GR_LIMIT_COUNT ? limit_words[limit] : "?";
}

void out_limiters(gr_buf *b, unsigned limiter_bits)
{
    int count = 0, shown = 0;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        count += (limiter_bits >> i) & 1u;
    for (int i = 0; i < GR_LIMIT_COUNT; i++)
        if (limiter_bits & (1u << i)) {
            shown++;
            gr_buf_addf(b, "%s%s", shown == 1 ? "" : shown == count ? " and " : ", ", out_limit_words((gr_limit)i));
        }
}

void out_sm_names(gr_buf *b, const gr_sm_set *set, const char *prefix)
{
    for (int i = 0; i < set->count; i++)
        gr_buf_addf(b, "%s%s%s", i ? ", " : "", prefix, OUT_SM(set->items[i]) + strlen("sm_"));
}

json_t *out_json_number(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

json_t *out_json_quantity(double x)
{
    if (!isfinite(x))
        return json_null();
    if (x == floor(x) && fabs(x) < 9007199254740992.0) /* 2^53: every integer a double holds exactly */
        return json_integer((json_int_t)x);
    return json_real(x);
}

json_t *out_json_count(int64_t n)
{
    return n >= 0 ? json_integer((json_int_t)n) : json_null();
}

json_t *out_json_xyz(long long x, long long y, long long z)
{
    if (x < 0)
        return json_null();
    json_t *list = json_array();
    json_array_append_new(list, json_integer((json_int_t)x));
    json_array_append_new(list, json_integer((json_int_t)y));
    json_array_append_new(list, json_integer((json_int_t)z));
    return list;
}
