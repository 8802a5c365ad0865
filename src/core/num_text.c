#include <math.h>
#include <stdio.h>
#include <string.h>
#include "num_text.h"

const char *gr_num_text(char buf[32], double x)
{
    if (!isfinite(x)) {
        snprintf(buf, 32, "%g", x);
        return buf;
    }
    double mag = fabs(x);
    int decimals = 0;
    if (mag > 0 && mag < 1000) {
        int digits_before = mag >= 1 ? (int)floor(log10(mag)) + 1 : 1;
        decimals = 4 - digits_before;
        if (mag < 1)
            decimals = 3 - (int)floor(log10(mag));
        decimals = decimals > 9 ? 9 : decimals;
    }
    snprintf(buf, 32, "%.*f", decimals, x);
    if (strchr(buf, '.')) { /* trailing zeros say nothing */
        char *end = buf + strlen(buf) - 1;
        while (*end == '0')
            *end-- = '\0';
        if (*end == '.')
            *end = '\0';
    }
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
    return buf;
}
