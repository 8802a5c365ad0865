/* libFuzzer harness: every printer of numbers and names.  The first 8 bytes
 * are a double (any bit pattern: NaN, infinities, subnormals), also read as
 * a 64-bit byte count; the rest is a name (any bytes).  Each printer's text
 * must end within its buffer, read back as the number it was given (the
 * whole form exact for integers below 1e15, the rounded forms within their
 * shown digits) and never be cut; a name must come out of JSON whole. */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpuroof_chart.h"
#include "ncu_figure_text.h"
#include "num_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                                      \
    do {                                                                                                              \
        if (!(c)) {                                                                                                   \
            fprintf(stderr, "fuzz_printers: %s failed at line %d\n", #c, __LINE__);                                  \
            abort();                                                                                                  \
        }                                                                                                             \
    } while (0)

/* The text ends (NUL) within the size bytes it was given. */
static size_t ended_within(const char *buf, size_t size)
{
    const char *end = memchr(buf, '\0', size);
    CHECK(end != NULL);
    return (size_t)(end - buf);
}

/* shown read back is x within the digits shown: 4 significant ones, or the
 * nearest whole number from 1000 on.  In plain doubles: valgrind runs long
 * double as double, and the largest doubles round up past DBL_MAX when
 * shown, so an exponent form is compared as its mantissa and exponent. */
static void check_reads_back(double x, const char *shown)
{
    char *end;
    double back = strtod(shown, &end);
    CHECK(end != shown);
    if (isnan(x)) {
        CHECK(isnan(back));
        return;
    }
    if (isinf(x)) {
        CHECK(back == x);
        return;
    }
    double mag = fabs(x);
    bool exponent = mag >= 1e15 || (mag > 0 && mag < 1e-6);
    const char *e = strchr(shown, 'e');
    CHECK((e != NULL) == exponent);
    if (exponent) {
        char digits[GR_NUM_TEXT_SIZE];
        snprintf(digits, sizeof digits, "%.*s", (int)(e - shown), shown);
        double mantissa = strtod(digits, NULL);
        long power = strtol(e + 1, NULL, 10);
        double tolerance = mag < DBL_MIN ? 1.01e-3 : 5.01e-4;
        CHECK(mantissa != 0 && !signbit(mantissa) == !signbit(x));
        CHECK(fabs(log10(fabs(mantissa)) + (double)power - log10(mag)) <= log10(1 + tolerance));
    } else if (mag >= 1000 && x == floor(x))
        CHECK(back == x); /* whole and exact */
    else if (mag >= 1000)
        CHECK(fabs(back - x) <= 0.5);
    else
        CHECK(fabs(back - x) <= 5.01e-4 * mag);
}

static void check_numbers(double x)
{
    char a[GR_NUM_TEXT_SIZE];
    memset(a, 'x', sizeof a);
    gr_num_text(a, x);
    CHECK(ended_within(a, sizeof a) <= GR_NUM_TEXT_LONGEST);
    check_reads_back(x, a);
    CHECK(strcmp(OUT_NUM(x), a) == 0);

    out_figure fig = ncu_fig(x);
    const char *shown = fig.text;
    CHECK(strcmp(shown, isnan(x) ? "?" : isinf(x) ? "infinite" : a) == 0);
    out_figure worded = ncu_lfig(x, true);
    ended_within(worded.text, sizeof worded.text);
    CHECK(isnan(x) || strstr(worded.text, shown) != NULL);
    worded = ncu_ifig(x, true, false);
    ended_within(worded.text, sizeof worded.text);
    CHECK(strstr(worded.text, shown) != NULL);
    out_figure pct = ncu_pct(x);
    if (!isnan(x)) {
        size_t n = ended_within(pct.text, sizeof pct.text);
        CHECK(n > 0 && pct.text[n - 1] == '%');
        CHECK(strncmp(pct.text, gr_num_text(a, 100 * x), n - 1) == 0 && a[n - 1] == '\0');
    }
}

/* A number with a unit or prefix after it reads back as x once scaled. */
static void check_scaled(double x, const char *shown, double scale)
{
    if (!isfinite(x) || x < 1000)
        return;
    /* compared in the unit shown, in doubles (valgrind runs long double as
     * double); only the largest doubles round past DBL_MAX when shown */
    double back = strtod(shown, NULL), expected = x / scale;
    if (isinf(back))
        CHECK(expected > DBL_MAX / (1 + 5.01e-4));
    else
        CHECK(fabs(back - expected) <= 5.01e-4 * expected + 0.5);
}

static void check_units(double x, int64_t bytes)
{
    char buf[GR_NUM_TEXT_SIZE];
    gr_num rate = grc_rate_of(x);
    memcpy(buf, rate.text, sizeof buf);
    ended_within(buf, sizeof buf);
    static const char *const rates[] = {" GFLOP/s", " TFLOP/s", " PFLOP/s", " EFLOP/s"};
    for (int u = 0; u < 4; u++)
        if (strstr(buf, rates[u]))
            check_scaled(x, buf, pow(1000, u));
    gr_num tick = grc_tick_of(x);
    memcpy(buf, tick.text, sizeof buf);
    size_t n = ended_within(buf, sizeof buf);
    const char *prefix = n > 0 ? strchr("kMGTPE", buf[n - 1]) : NULL;
    check_scaled(x, buf, prefix ? pow(1000, (double)(prefix - "kMGTPE") + 1) : 1);
    out_figure shown = out_bytes(bytes);
    ended_within(shown.text, sizeof shown.text);
    CHECK(strtoll(shown.text, NULL, 10) == bytes);
}

/* A name: into JSON whole (valid UTF-8 unchanged) and a chart label that
 * ends within its buffer. */
static void check_name(const char *name)
{
    json_t *j = cli_json_text(name);
    CHECK(j != NULL);
    json_t *plain = json_string(name);
    if (plain)
        CHECK(strcmp(json_string_value(j), name) == 0);
    json_decref(plain);
    char *dumped = json_dumps(j, JSON_ENCODE_ANY);
    CHECK(dumped != NULL);
    json_t *back = json_loads(dumped, JSON_DECODE_ANY, NULL);
    CHECK(back != NULL && json_equal(back, j));
    json_decref(back);
    free(dumped);
    json_decref(j);
    char labels[2][96];
    memset(labels, 'x', sizeof labels);
    const char *names[2] = {name, name};
    grc_kernel_labels(names, 2, labels);
    ended_within(labels[0], sizeof labels[0]);
    ended_within(labels[1], sizeof labels[1]);
    CHECK(strcmp(labels[0], labels[1]) != 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    double x = 0;
    int64_t bytes = 0;
    size_t taken = size < sizeof x ? size : sizeof x;
    memcpy(&x, data, taken);
    memcpy(&bytes, data, taken);
    check_numbers(x);
    check_units(x, bytes);
    char *name = malloc(size - taken + 1);
    if (!name)
        return 0;
    memcpy(name, data + taken, size - taken);
    name[size - taken] = '\0';
    check_name(name);
    free(name);
    return 0;
}
