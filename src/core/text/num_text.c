#include <math.h>
#include <stdio.h>
#include <string.h>
#include "num_text.h"

/* 1e15 and up: 16 digits and more, past what a double holds exactly for
 * every value, and past what reads as a number at a glance. */
#define WHOLE_BELOW 1e15
/* Below 1e-6, 9 decimals show fewer than 4 significant digits. */
#define DECIMAL_FROM 1e-6

static void drop_trailing_zeros(char *buf)
{
    if (!strchr(buf, '.'))
        return;
    char *end = buf + strlen(buf) - 1;
    while (*end == '0')
        *end-- = '\0';
    if (*end == '.')
        *end = '\0';
}

const char *gr_num_text(char buf[GR_NUM_TEXT_SIZE], double x)
{
    double mag = fabs(x);
    if (!isfinite(x) || mag >= WHOLE_BELOW || (mag > 0 && mag < DECIMAL_FROM)) {
        snprintf(buf, GR_NUM_TEXT_SIZE, "%.4g", x);
        return buf;
    }
    int decimals = 0;
    if (mag > 0 && mag < 1000) {
        int digits_before = mag >= 1 ? (int)floor(log10(mag)) + 1 : 1;
        decimals = 4 - digits_before;
        if (mag < 1)
            decimals = 3 - (int)floor(log10(mag));
        decimals = decimals > 9 ? 9 : decimals;
    }
    snprintf(buf, GR_NUM_TEXT_SIZE, "%.*f", decimals, x);
    drop_trailing_zeros(buf);
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, GR_NUM_TEXT_SIZE, "0");
    return buf;
}

gr_num gr_num_of(double x)
{
    gr_num n;
    gr_num_text(n.text, x);
    return n;
}
