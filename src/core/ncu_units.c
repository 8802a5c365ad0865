/* Units and numbers of Nsight Compute's CSV (ncu_units.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_units.h"

typedef struct {
    const char *name;
    gr_ncu_dimension dimension;
    double scale;
} unit_word;

/* A unit's part before any '/': the names Nsight Compute gives its metrics'
 * units.  Prefixes are SI, a factor 1000 each (the CLI manual's "Metrics
 * and Units"); times are in ns. */
static const unit_word words[] = {
    {"", GR_NCU_PLAIN, 1},
    {"%", GR_NCU_PERCENT, 1},
    {"byte", GR_NCU_BYTES, 1},
    {"Kbyte", GR_NCU_BYTES, 1e3},
    {"Mbyte", GR_NCU_BYTES, 1e6},
    {"Gbyte", GR_NCU_BYTES, 1e9},
    {"Tbyte", GR_NCU_BYTES, 1e12},
    {"Pbyte", GR_NCU_BYTES, 1e15},
    {"ns", GR_NCU_TIME, 1},
    {"nsecond", GR_NCU_TIME, 1},
    {"us", GR_NCU_TIME, 1e3},
    {"usecond", GR_NCU_TIME, 1e3},
    {"ms", GR_NCU_TIME, 1e6},
    {"msecond", GR_NCU_TIME, 1e6},
    {"s", GR_NCU_TIME, 1e9},
    {"second", GR_NCU_TIME, 1e9},
    {"inst", GR_NCU_COUNT, 1},
    {"cycle", GR_NCU_COUNT, 1},
    {"warp", GR_NCU_COUNT, 1},
    {"block", GR_NCU_COUNT, 1},
    {"thread", GR_NCU_COUNT, 1},
    {"register", GR_NCU_COUNT, 1},
    {"sector", GR_NCU_COUNT, 1},
    {"request", GR_NCU_COUNT, 1},
    {"wavefront", GR_NCU_COUNT, 1},
    {"SM", GR_NCU_COUNT, 1},
    {"pass", GR_NCU_COUNT, 1},
    {"cluster", GR_NCU_COUNT, 1},
};

/* Frequencies: cycles per second, whole units of their own. */
static const unit_word frequencies[] = {
    {"hz", GR_NCU_COUNT, 1},   {"Hz", GR_NCU_COUNT, 1},   {"Khz", GR_NCU_COUNT, 1e3}, {"KHz", GR_NCU_COUNT, 1e3},
    {"Mhz", GR_NCU_COUNT, 1e6}, {"MHz", GR_NCU_COUNT, 1e6}, {"Ghz", GR_NCU_COUNT, 1e9}, {"GHz", GR_NCU_COUNT, 1e9},
};

/* What may follow a '/': a time makes a rate per second, a cycle a rate
 * per cycle, and what a figure is counted for (register/thread,
 * byte/block) leaves it as it was. */
static const char *const per_thing[] = {"thread", "block", "warp", "SM", "request", "sector", "instance"};

const char *const gr_ncu_unit_names[] = {
    "", "%", "byte", "Kbyte", "Mbyte", "Gbyte", "Tbyte", "Pbyte", "ns", "nsecond", "us", "usecond", "ms",
    "msecond", "s", "second", "inst", "cycle", "warp", "block", "thread", "register", "sector", "request",
    "wavefront", "SM", "pass", "cluster", "hz", "Hz", "Khz", "KHz", "Mhz", "MHz", "Ghz", "GHz", NULL,
};

static const unit_word *find_word(const unit_word *table, size_t n, gr_span text)
{
    for (size_t i = 0; i < n; i++)
        if (gr_span_equal(text, table[i].name))
            return &table[i];
    return NULL;
}

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The part after '/'. */
static bool apply_denominator(gr_span den, gr_ncu_unit *u)
{
    const unit_word *w = find_word(words, COUNT_OF(words), den);
    if (w && w->dimension == GR_NCU_TIME) {
        u->rate = GR_NCU_PER_SECOND;
        u->scale /= w->scale * 1e-9; /* per ns-scaled unit, to per second */
        return true;
    }
    if (gr_span_equal(den, "cycle")) {
        u->rate = GR_NCU_PER_CYCLE;
        return true;
    }
    for (size_t i = 0; i < COUNT_OF(per_thing); i++)
        if (gr_span_equal(den, per_thing[i]))
            return true;
    return false;
}

bool gr_ncu_unit_parse(gr_span text, gr_ncu_unit *out)
{
    const unit_word *f = find_word(frequencies, COUNT_OF(frequencies), text);
    if (f) {
        *out = (gr_ncu_unit){GR_NCU_COUNT, GR_NCU_PER_SECOND, f->scale};
        return true;
    }
    long slash = gr_span_find(text, "/", false);
    gr_span num = slash < 0 ? text : (gr_span){text.p, (size_t)slash};
    const unit_word *w = find_word(words, COUNT_OF(words), num);
    if (!w || (slash >= 0 && (w->dimension == GR_NCU_PLAIN || w->dimension == GR_NCU_PERCENT ||
                              w->dimension == GR_NCU_TIME)))
        return false;
    *out = (gr_ncu_unit){w->dimension, GR_NCU_WHOLE, w->scale};
    if (slash < 0)
        return true;
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
