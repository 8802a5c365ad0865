/* libFuzzer harness: the check that a chart file gnuplot wrote is whole
 * (gr_chart_bytes_whole, chart_file.c), what plot runs before putting a
 * chart in place.  The first byte picks the format, byte % 3: PDF, PNG or
 * SVG; the rest is the file.  A file it calls whole must stay whole read
 * again, and one byte less of it must not be whole (every format says
 * where it ends). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chart_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    gr_chart_format format = (gr_chart_format)(data[0] % 3);
    size_t n = size - 1;
    /* a copy of its own size, so that ASan sees any read past the end */
    unsigned char *bytes = malloc(n ? n : 1);
    if (!bytes)
        return 0;
    memcpy(bytes, data + 1, n);
    gr_error err;
    err.text[0] = '\0';
    if (gr_chart_bytes_whole("fuzz", bytes, n, format, &err)) {
        if (!gr_chart_bytes_whole("fuzz", bytes, n, format, &err))
            abort();
        /* a whole PNG ends exactly at IEND; PDF and SVG may end in white space */
        if (format == GR_CHART_PNG && gr_chart_bytes_whole("fuzz", bytes, n - 1, format, &err))
            abort();
    } else if (strncmp(err.text, "fuzz: byte ", 11) != 0) {
        abort(); /* every refusal names the byte */
    }
    free(bytes);
    return 0;
}
