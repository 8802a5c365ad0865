/* What every command's text and JSON share: numbers (a figure, or null
 * where unknown), percentages, byte counts, the occupancy limiters in one
 * wording, SM names.
 *
 * A number for people is a value of a small struct, not a scratch buffer
 * of the caller's: C11 keeps a struct returned by a call (its array
 * member) alive to the end of the full expression, so
 *     printf("%s GB/s at %s\n", OUT_NUM(gbs), OUT_PCT(share));
 * needs no `char a[32], b[32]` and cannot be cut: its size is the
 * formatter's longest text (num_text.h) and the unit.  Text of any length
 * grows in the core's gr_buf (gpuroof_text.h). */
#ifndef GPUROOF_OUTPUT_H
#define GPUROOF_OUTPUT_H

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "gpuroof_kernels.h"
#include "gpuroof_text.h"
#include "gpuroof_occupancy.h"

typedef struct {
    char text[GR_NUM_TEXT_SIZE + 16]; /* a number, and "%" or a byte size's KiB/MiB form */
} out_figure;

out_figure out_num(double x);             /* gr_num_text: "12.54", "66908", "1e+45" */
out_figure out_pct(double fraction);      /* "45.31%" of a fraction 0..1 */
out_figure out_bytes(int64_t bytes);      /* "33792 B (33 KiB)" where the KiB/MiB form is exact */
out_figure out_sm(gr_sm sm);              /* "sm_90", "sm_90a" */
out_figure out_kib(int64_t bytes);        /* "48 KiB" where whole, else "49000 B" */
#define OUT_NUM(x) (out_num(x).text)
#define OUT_PCT(x) (out_pct(x).text)
#define OUT_BYTES(x) (out_bytes(x).text)
#define OUT_SM(x) (out_sm(x).text)
#define OUT_KIB(x) (out_kib(x).text)

/* "s" after a count that is not 1: "%d block%s", n, out_plural(n). */
const char *out_plural(long long n);

/* The occupancy limiters, one wording for every command: "threads per
 * SM", "blocks per SM", "registers", "shared memory"; a set joined as
 * "threads per SM, registers and shared memory". */
const char *out_limit_words(gr_limit limit);
void out_limiters(gr_buf *b, unsigned limiter_bits);

/* An architecture set, "sm_80, sm_90a"; with prefix "compute_" PTX's
 * names, "compute_90a". */
void out_sm_names(gr_buf *b, const gr_sm_set *set, const char *prefix);

/* JSON: a number, or null where it is unknown (NaN) or not finite; a
 * quantity (a count, bytes, a time in ns) the same but whole where it is
 * whole; a count, or null where negative (unknown). */
json_t *out_json_number(double x);
json_t *out_json_quantity(double x);
json_t *out_json_count(int64_t n);
/* A grid or a block, [x, y, z]; null where x is negative (unknown). */
json_t *out_json_xyz(long long x, long long y, long long z);

#endif
