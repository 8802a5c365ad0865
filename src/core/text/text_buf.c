#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "text_buf.h"

/* Room for need bytes; doubling keeps a text built a piece at a time
 * linear in its length. */
static bool reserve(gr_buf *b, size_t need)
{
    if (need <= b->capacity)
        return true;
    if (b->limit && need > b->limit)
        return false;
    size_t capacity = b->capacity ? b->capacity : 128;
    while (capacity < need)
        capacity = capacity > SIZE_MAX / 2 ? need : capacity * 2;
    if (b->limit && capacity > b->limit)
        capacity = b->limit;
    char *grown = realloc(b->text, capacity);
    if (!grown)
        return false;
    b->text = grown, b->capacity = capacity;
    return true;
}

void gr_buf_vaddf(gr_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = b->failed ? -1 : vsnprintf(NULL, 0, fmt, ap);
    if (n < 0 || (size_t)n >= SIZE_MAX - b->length || !reserve(b, b->length + (size_t)n + 1)) {
        b->failed = true;
        va_end(again);
        return;
    }
    vsnprintf(b->text + b->length, b->capacity - b->length, fmt, again);
    b->length += (size_t)n;
    va_end(again);
}

void gr_buf_addf(gr_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_buf_vaddf(b, fmt, ap);
    va_end(ap);
}

const char *gr_buf_text(const gr_buf *b)
{
    return b->text ? b->text : "";
}

bool gr_buf_failed(const gr_buf *b)
{
    return b->failed;
}

char *gr_buf_take(gr_buf *b)
{
    if (!b->text && !b->failed)
        gr_buf_addf(b, "%s", "");
    char *text = b->failed ? NULL : b->text;
    if (text)
        b->text = NULL;
    gr_buf_free(b);
    return text;
}

void gr_buf_clear(gr_buf *b)
{
    b->length = 0;
    b->failed = false;
    if (b->text)
        b->text[0] = '\0';
}

void gr_buf_free(gr_buf *b)
{
    free(b->text);
    *b = (gr_buf){NULL, 0, 0, b->limit, false};
}
