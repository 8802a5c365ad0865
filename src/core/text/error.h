/* One error, as the one line the user will read. */
#ifndef GPUROOF_ERROR_H
#define GPUROOF_ERROR_H

#include <stdarg.h>
#include <stdbool.h>

typedef struct {
    char text[1024];
} gr_error;

#if defined(__GNUC__)
#define GR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GR_PRINTF(f, a)
#endif

/* Sets err's text; a NULL err is allowed and ignored.  Always returns false,
 * so that a failing function can end with `return gr_error_set(...)`. */
bool gr_error_set(gr_error *err, const char *fmt, ...) GR_PRINTF(2, 3);

/* Sets err's text to "FILE:LINE:COLUMN: message" (line and column 1-based). */
bool gr_error_at(gr_error *err, const char *file, unsigned long line,
                 unsigned long column, const char *fmt, ...) GR_PRINTF(5, 6);

bool gr_error_vset(gr_error *err, const char *prefix, const char *fmt,
                   va_list ap) GR_PRINTF(3, 0);

/* gr_error_at of a va_list: the readers' own "error at this place"
 * helpers pass theirs on. */
bool gr_error_vat(gr_error *err, const char *file, unsigned long line, unsigned long column, const char *fmt,
                  va_list ap) GR_PRINTF(5, 0);

/* Adds to err's text, as far as it has room: a message after a prefix
 * that gr_error_set wrote. */
bool gr_error_vadd(gr_error *err, const char *fmt, va_list ap) GR_PRINTF(2, 0);
bool gr_error_add(gr_error *err, const char *fmt, ...) GR_PRINTF(2, 3);

#endif
