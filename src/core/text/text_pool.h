/* Texts a record keeps (a results file's names, a model's formulas),
 * owned by the record's pool rather than by fixed arrays in its structs:
 * each field is a const char * into the pool or to a literal, so a record
 * copied into a list, or a field set twice, never frees one text twice,
 * and the record's free frees them all at once.  An allocation that fails
 * is remembered, as gr_buf remembers one, for one check when the record is
 * done; the field it was for reads "". */
#ifndef GPUROOF_TEXT_POOL_H
#define GPUROOF_TEXT_POOL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "error.h"

typedef struct {
    char **texts;
    size_t count, capacity;
    bool failed; /* an allocation failed: some text reads "" */
} gr_text_pool;
#define GR_TEXT_POOL_INIT {NULL, 0, 0, false}

/* The formatted text, kept in the pool, cut to size - 1 bytes as snprintf
 * cuts it where size is not 0 (a format's limit on a field); "" where
 * memory ran out (the pool then failed). */
const char *gr_pool_textf(gr_text_pool *p, size_t size, const char *fmt, ...) GR_PRINTF(3, 4);
const char *gr_pool_vtextf(gr_text_pool *p, size_t size, const char *fmt, va_list ap) GR_PRINTF(3, 0);
bool gr_pool_failed(const gr_text_pool *p);
/* Frees every text; the pool is empty again and its failure forgotten. */
void gr_pool_free(gr_text_pool *p);

#endif
