/* libFuzzer harness: the formula parser.  The first byte's two low bits
 * pick the flags (byte suffixes, count suffixes); the rest, NUL-terminated,
 * is the formula, with two variables known (a whole number and a fraction)
 * so lookups and mixed arithmetic run. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool lookup(void *ctx, const char *name, size_t len, gr_value *out)
{
    (void)ctx;
    if (len == 1 && name[0] == 'N') {
        *out = (gr_value){.is_int = true, .i = 4096};
        return true;
    }
    if (len == 4 && memcmp(name, "frac", 4) == 0) {
        *out = (gr_value){.is_int = false, .d = 0.375};
        return true;
    }
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned flags = ((data[0] & 1) ? GR_EXPR_BYTE_SUFFIXES : 0) |
                     ((data[0] & 2) ? GR_EXPR_COUNT_SUFFIXES : 0);
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    gr_value v;
    gr_expr_error err;
    if (gr_expr_eval(text, lookup, NULL, flags, &v, &err)) {
        int64_t n;
        (void)gr_value_to_int(v, INT64_MIN, INT64_MAX, &n);
        (void)gr_value_as_double(v);
    }
    free(text);
    return 0;
}
