/* Text that grows as it is written: what a function builds from pieces of
 * unknown length (a chart's key, a warning, a list of names) and hands on,
 * where a fixed array would either cut it or have to guess its size.  An
 * allocation that fails is remembered, not reported at each call: the
 * writer checks gr_buf_failed once, when the text is done. */
#ifndef GPUROOF_TEXT_BUF_H
#define GPUROOF_TEXT_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "error.h"

typedef struct {
    char *text;      /* NULL before anything is written */
    size_t length, capacity;
    size_t limit;    /* the most bytes it may hold, its NUL included; 0: no limit but memory's */
    bool failed;     /* an allocation failed, or the limit was reached: nothing was added since */
} gr_buf;
#define GR_BUF_INIT {NULL, 0, 0, 0, false}

/* Appends the formatted text; past a failure, nothing. */
void gr_buf_addf(gr_buf *b, const char *fmt, ...) GR_PRINTF(2, 3);
void gr_buf_vaddf(gr_buf *b, const char *fmt, va_list ap) GR_PRINTF(2, 0);
/* The text so far: "" before anything is written, and after a failure
 * what was written before it. */
const char *gr_buf_text(const gr_buf *b);
bool gr_buf_failed(const gr_buf *b);
/* The text, now the caller's to free ("" where nothing was written), and
 * b empty again; NULL where an allocation failed, now or before. */
char *gr_buf_take(gr_buf *b);
/* Empties b, keeping its memory for the next text (a reader's name of one
 * record after another); a failure before is forgotten. */
void gr_buf_clear(gr_buf *b);
/* Frees the text; b is empty again, its limit kept. */
void gr_buf_free(gr_buf *b);

#endif
