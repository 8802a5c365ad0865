/* Units and numbers of Nsight Compute's CSV (ncu_units.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_units.h"

#define WORD(name, dimension, scale) {name, {GR_NCU_##dimension, GR_NCU_WHOLE, scale}}
#define FREQUENCY(name, scale) {name, {GR_NCU_COUNT, GR_NCU_PER_SECOND, scale}}

/* The names Nsight Compute gives its metrics' units.  Prefixes are SI, a
 * factor 1000 each (the CLI manual's "Metrics and Units"); times are kept
 * in ns; a frequency is cycles a second. */
const gr_ncu_unit_word gr_ncu_unit_words[] = {
    WORD("", PLAIN, 1),
    WORD("%", PERCENT, 1),
    WORD("byte", BYTES, 1),
    WORD("Kbyte", BYTES, 1e3),
    WORD("Mbyte", BYTES, 1e6),
    WORD("Gbyte", BYTES, 1e9),
    WORD("Tbyte", BYTES, 1e12),
    WORD("Pbyte", BYTES, 1e15),
    WORD("ns", TIME, 1),
    WORD("nsecond", TIME, 1),
    WORD("us", TIME, 1e3),
    WORD("usecond", TIME, 1e3),
    WORD("ms", TIME, 1e6),
    WORD("msecond", TIME, 1e6),
    WORD("s", TIME, 1e9),
    WORD("second", TIME, 1e9),
    WORD("inst", COUNT, 1),
    WORD("cycle", COUNT, 1),
    WORD("warp", COUNT, 1),
    WORD("block", COUNT, 1),
    WORD("thread", COUNT, 1),
    WORD("register", COUNT, 1),
    WORD("sector", COUNT, 1),
    WORD("request", COUNT, 1),
    WORD("wavefront", COUNT, 1),
    WORD("SM", COUNT, 1),
    WORD("pass", COUNT, 1),
    WORD("cluster", COUNT, 1),
    FREQUENCY("hz", 1),
    FREQUENCY("Hz", 1),
    FREQUENCY("Khz", 1e3),
    FREQUENCY("KHz", 1e3),
    FREQUENCY("Mhz", 1e6),
    FREQUENCY("MHz", 1e6),
    FREQUENCY("Ghz", 1e9),
    FREQUENCY("GHz", 1e9),
    {NULL, {GR_NCU_PLAIN, GR_NCU_WHOLE, 0}},
};

const char *const gr_ncu_unit_per_things[] = {"thread", "block", "warp", "SM", "request", "sector", "instance", NULL};

static const gr_ncu_unit_word *find_word(gr_span text)
{
    for (const gr_ncu_unit_word *w = gr_ncu_unit_words; w->name; w++)
        if (gr_span_equal(text, w->name))
            return w;
    return NULL;
}

/* The part after '/'. */
static bool apply_denominator(gr_span den, gr_ncu_unit *u)
{
    const gr_ncu_unit_word *w = find_word(den);
    if (w && w->unit.dimension == GR_NCU_TIME) {
        u->rate = GR_NCU_PER_SECOND;
        u->scale /= w->unit.scale * 1e-9; /* per ns-scaled unit, to per second */
        return true;
    }
    if (gr_span_equal(den, "cycle")) {
        u->rate = GR_NCU_PER_CYCLE;
        return true;
    }
    for (const char *const *thing = gr_ncu_unit_per_things; *thing; thing++)
        if (gr_span_equal(den, *thing))
            return true;
    return false;
}

bool gr_ncu_unit_parse(gr_span text, gr_ncu_unit *out)
{
    long slash = gr_span_find(text, "/", false);
    gr_span num = slash < 0 ? text : (gr_span){text.p, (size_t)slash};
    const gr_ncu_unit_word *w = find_word(num);
    if (!w)
        return false;
    *out = w->unit;
    if (slash < 0)
        return true;
    gr_ncu_dimension d = w->unit.dimension;
    if (d == GR_NCU_PLAIN || d == GR_NCU_PERCENT || d == GR_NCU_TIME || w->unit.rate != GR_NCU_WHOLE)
        return false;
    gr_span den = gr_span_skip(text, (size_t)slash + 1);
    return gr_span_find(den, "/", false) < 0 && apply_denominator(den, out);
}

static bool absent(gr_span text)
{
    return text.n == 0 || gr_span_equal(text, "n/a") || gr_span_equal(text, "N/A") || gr_span_equal(text, "nan") ||
           gr_span_equal(text, "NaN") || gr_span_equal(text, "-nan");
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Whether text is a number as ncu prints one: a sign, digits grouped by
 * commas that stand between digits before the point, a point and digits,
 * an exponent. */
static bool number_text(gr_span text)
{
    size_t i = 0;
    bool point = false, exponent = false, digits = false;
    if (i < text.n && (text.p[i] == '-' || text.p[i] == '+'))
        i++;
    for (; i < text.n; i++) {
        char c = text.p[i];
        if (is_digit(c))
            digits = true;
        else if (c == ',' && !point && !exponent && i > 0 && is_digit(text.p[i - 1]) && i + 1 < text.n &&
                 is_digit(text.p[i + 1]))
            continue;
        else if (c == '.' && !point && !exponent)
            point = true;
        else if ((c == 'e' || c == 'E') && digits && !exponent && i + 1 < text.n) {
            exponent = true;
            if (text.p[i + 1] == '-' || text.p[i + 1] == '+')
                i++;
            if (i + 1 >= text.n || !is_digit(text.p[i + 1]))
                return false;
        } else
            return false;
    }
    return digits;
}

gr_ncu_value_status gr_ncu_value_parse(gr_span text, double *out)
{
    char buf[128];
    size_t n = 0;
    text = gr_span_trim(text);
    if (absent(text))
        return GR_NCU_VALUE_ABSENT;
    if (!number_text(text))
        return GR_NCU_VALUE_NOT_NUMBER;
    for (size_t i = 0; i < text.n; i++)
        if (text.p[i] != ',') {
            if (n + 1 == sizeof buf)
                return GR_NCU_VALUE_TOO_LONG;
            buf[n++] = text.p[i];
        }
    buf[n] = '\0';
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end != '\0')
        return GR_NCU_VALUE_NOT_NUMBER;
    if (errno == ERANGE && fabs(v) > 1)
        return GR_NCU_VALUE_TOO_LARGE;
    if (errno == ERANGE)
        v = 0; /* below the smallest double: nothing a counter can say */
    if (!isfinite(v) || fabs(v) > GR_NCU_VALUE_MAX)
        return GR_NCU_VALUE_TOO_LARGE;
    if (v < 0)
        return GR_NCU_VALUE_NEGATIVE;
    *out = v + 0.0; /* -0 is 0 */
    return GR_NCU_VALUE_OK;
}
