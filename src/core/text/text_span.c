#include <string.h>
#include "text_span.h"

bool gr_span_next_line(const char *text, size_t len, size_t *pos, gr_span *line, bool *terminated)
{
    if (*pos >= len)
        return false;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', len - *pos);
    size_t n = nl ? (size_t)(nl - start) : len - *pos;
    *pos += n + (nl != NULL);
    *terminated = nl != NULL;
    if (n > 0 && start[n - 1] == '\r')
        n--;
    *line = (gr_span){start, n};
    return true;
}

bool gr_span_each_line(const char *text, size_t len, gr_line_fn each, void *ctx)
{
    size_t pos = 0;
    unsigned long number = 0;
    gr_span line;
    bool terminated;
    while (gr_span_next_line(text, len, &pos, &line, &terminated))
        if (!each(ctx, line, ++number, !terminated))
            return false;
    return true;
}

bool gr_span_starts(gr_span s, const char *prefix)
{
    size_t k = strlen(prefix);
    return s.n >= k && memcmp(s.p, prefix, k) == 0;
}

gr_span gr_span_skip(gr_span s, size_t k)
{
    return k >= s.n ? (gr_span){s.p + s.n, 0} : (gr_span){s.p + k, s.n - k};
}

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

gr_span gr_span_trim(gr_span s)
{
    while (s.n && blank(s.p[0]))
        s.p++, s.n--;
    while (s.n && blank(s.p[s.n - 1]))
        s.n--;
    return s;
}

bool gr_span_equal(gr_span s, const char *text)
{
    return s.n == strlen(text) && memcmp(s.p, text, s.n) == 0;
}

long gr_span_find(gr_span s, const char *text, bool last)
{
    size_t k = strlen(text);
    if (k == 0 || k > s.n)
        return -1;
    long found = -1;
    for (size_t i = 0; i + k <= s.n; i++)
        if (memcmp(s.p + i, text, k) == 0) {
            found = (long)i;
            if (!last)
                break;
        }
    return found;
}

bool gr_span_take_number(gr_span *s, int64_t *out)
{
    size_t i = 0;
    int64_t value = 0;
    for (; i < s->n && s->p[i] >= '0' && s->p[i] <= '9'; i++) {
        value = value * 10 + (s->p[i] - '0');
        if (value > GR_SPAN_NUMBER_MAX)
            return false;
    }
    if (i == 0)
        return false;
    *out = value;
    *s = gr_span_skip(*s, i);
    return true;
}

bool gr_span_split(gr_span *s, char sep, gr_span *head)
{
    if (s->p == NULL)
        return false;
    const char *at = s->n ? memchr(s->p, sep, s->n) : NULL;
    if (!at) {
        *head = *s;
        *s = (gr_span){NULL, 0};
        return true;
    }
    *head = (gr_span){s->p, (size_t)(at - s->p)};
    *s = (gr_span){at + 1, s->n - (size_t)(at - s->p) - 1};
    return true;
}
