#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grow.h"
#include "text_buf.h"
#include "text_pool.h"

/* Keeps text (the pool's now), or frees it where the list cannot grow. */
static const char *keep(gr_text_pool *p, char *text)
{
    char **grown = text ? gr_grow(p->texts, &p->capacity, p->count, sizeof *grown, 16) : NULL;
    if (!grown) {
        free(text);
        p->failed = true;
        return "";
    }
    p->texts = grown;
    p->texts[p->count++] = text;
    return text;
}

const char *gr_pool_vtextf(gr_text_pool *p, size_t size, const char *fmt, va_list ap)
{
    gr_buf b = GR_BUF_INIT;
    gr_buf_vaddf(&b, fmt, ap);
    char *text = gr_buf_take(&b);
    if (text && size && strlen(text) >= size)
        text[size - 1] = '\0';
    return keep(p, text);
}

const char *gr_pool_textf(gr_text_pool *p, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *text = gr_pool_vtextf(p, size, fmt, ap);
    va_end(ap);
    return text;
}

bool gr_pool_failed(const gr_text_pool *p)
{
    return p->failed;
}

void gr_pool_free(gr_text_pool *p)
{
    for (size_t i = 0; i < p->count; i++)
        free(p->texts[i]);
    free(p->texts);
    *p = (gr_text_pool)GR_TEXT_POOL_INIT;
}
