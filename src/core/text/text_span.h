/* Pieces of a text that may hold any bytes, NUL included, and end without
 * one: what the readers of tools' text output (ptxas_report.c,
 * cuobjdump_listing.c) look at, never past its length. */
#ifndef GPUROOF_TEXT_SPAN_H
#define GPUROOF_TEXT_SPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *p;
    size_t n;
} gr_span;

/* The largest number the readers take: far above any kernel's resources,
 * far below what int64_t holds. */
#define GR_SPAN_NUMBER_MAX INT64_C(1000000000000000)

/* The line starting at *pos (without its "\n" or "\r\n"); *pos moves past
 * it.  False at the end of the text.  *terminated: the line ended with a
 * newline, rather than with the text. */
bool gr_span_next_line(const char *text, size_t len, size_t *pos, gr_span *line, bool *terminated);

/* Calls each with every line of the text, its number (from 1) and whether
 * it is cut (the text ends in it, with no newline); stops at the first that
 * returns false, and returns that. */
typedef bool (*gr_line_fn)(void *ctx, gr_span line, unsigned long number, bool cut);
bool gr_span_each_line(const char *text, size_t len, gr_line_fn each, void *ctx);

bool gr_span_starts(gr_span s, const char *prefix);
/* s without its first k bytes (or empty). */
gr_span gr_span_skip(gr_span s, size_t k);
/* s without spaces and tabs at either end. */
gr_span gr_span_trim(gr_span s);
bool gr_span_equal(gr_span s, const char *text);
/* Where text first occurs in s, from the end when last is set; -1 if nowhere. */
long gr_span_find(gr_span s, const char *text, bool last);
/* The decimal number s begins with (at most GR_SPAN_NUMBER_MAX); s moves past it. */
bool gr_span_take_number(gr_span *s, int64_t *out);
/* Splits s at the first sep: *head is what comes before it, and s what
 * comes after; where there is none, *head is all of s and s is used up
 * (its p NULL).  False once s is used up. */
bool gr_span_split(gr_span *s, char sep, gr_span *head);

#endif
