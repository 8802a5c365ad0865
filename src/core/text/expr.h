/* Arithmetic expressions: numeric options ("7*4", "4K"), profile figures
 * ("164 KiB") and, later, kernel-model formulas.
 *
 * Integers stay exact (int64) for as long as every operand is an integer and
 * every result is a whole number; anything else becomes a double.  Overflow,
 * division by zero, and non-finite results are errors, never wrap-around. */
#ifndef GPUROOF_EXPR_H
#define GPUROOF_EXPR_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct {
    bool is_int;   /* true: the exact value is in i; false: in d */
    int64_t i;
    double d;
} gr_value;

/* Longest expression accepted, in characters; deepest nesting of
 * parentheses, function calls, signs and powers (each recursion of the
 * parser counts, so no input can exhaust the stack). */
#define GR_EXPR_MAX_LEN 4096
#define GR_EXPR_MAX_DEPTH 64

/* Flags for gr_expr_eval. */
enum {
    /* A number literal may carry a byte-size suffix, with or without a space
     * before it: K, KB, KiB (1024), M, MB, MiB (1048576), G, GB, GiB
     * (1073741824), and B alone (1); case is ignored.  "4K", "1.5 MiB",
     * "(2*16K)", "4096B", "0x1000 B". */
    GR_EXPR_BYTE_SUFFIXES = 1u << 0,
    /* A number literal may carry a count's suffix, the same multiples as a
     * byte size's without the B: K (1024), M (1048576), G (1073741824), as
     * in "64K registers".  A byte size's own suffix ("64KB") is an error
     * that says so. */
    GR_EXPR_COUNT_SUFFIXES = 1u << 1,
};

/* Resolves a variable named by text[0..len).  Returns true and sets *out if
 * the name is known, false otherwise.  NULL lookup: no variables. */
typedef bool (*gr_expr_lookup)(void *ctx, const char *name, size_t len,
                               gr_value *out);

typedef struct {
    char message[256]; /* what is wrong, e.g. "division by zero" */
    size_t position;   /* 0-based character offset in the text where it is */
    bool too_large;    /* an integer overflow or a non-finite result: a range
                          check's message belongs beside it */
} gr_expr_error;

/* Evaluates text.  Returns true and sets *out on success; false and fills
 * *err (never NULL) on any error: syntax, unknown name or function, wrong
 * number of arguments, overflow, division or modulo by zero, non-finite
 * result, too long, too deep. */
bool gr_expr_eval(const char *text, gr_expr_lookup lookup, void *ctx,
                  unsigned flags, gr_value *out, gr_expr_error *err);

/* The value as a double. */
double gr_value_as_double(gr_value v);

/* Converts v to an int64 if it is a whole number within [min, max].
 * Returns false otherwise. */
bool gr_value_to_int(gr_value v, int64_t min, int64_t max, int64_t *out);

#endif
