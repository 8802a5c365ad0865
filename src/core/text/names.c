#include <stdio.h>
#include <string.h>
#include "names.h"

/* Explicit ASCII folding: <ctype.h> answers depend on the locale. */
static char fold(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

bool gr_name_equal(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (fold(*a) != fold(*b))
            return false;
    return *a == *b;
}

bool gr_name_has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), m = strlen(suffix);
    return n >= m && gr_name_equal(name + n - m, suffix);
}

static size_t smallest(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* The optimal string alignment distance, row by row: rows[2] is the row
 * being filled, rows[1] the one before, rows[0] the one before that (for
 * the swap of two neighbours). */
size_t gr_name_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    size_t rows[3][GR_NAME_MAX + 1];
    if (n > GR_NAME_MAX || m > GR_NAME_MAX)
        return GR_NAME_MAX + 1;
    for (size_t j = 0; j <= m; j++)
        rows[1][j] = j;
    for (size_t i = 1; i <= n; i++) {
        rows[2][0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t cost = fold(a[i - 1]) != fold(b[j - 1]);
            rows[2][j] = smallest(rows[1][j] + 1, rows[2][j - 1] + 1, rows[1][j - 1] + cost);
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1]) &&
                rows[0][j - 2] + 1 < rows[2][j])
                rows[2][j] = rows[0][j - 2] + 1;
        }
        memcpy(rows[0], rows[1], sizeof rows[0]);
        memcpy(rows[1], rows[2], sizeof rows[1]);
    }
    return rows[1][m];
}

void gr_suggest_start(gr_name_suggestion *s, const char *given)
{
    *s = (gr_name_suggestion){.given = given, .distance = GR_NAME_MAX + 1, .count = 0, .begun_count = 0};
}

/* A typo or two per word: 1 up to 3 characters, 2 up to 7, 3 up to 11, ... */
static size_t close_enough(const char *given)
{
    return 1 + strlen(given) / 4;
}

/* given begins known and is shorter: a name cut short ("matmul"). */
static bool begins(const char *known, const char *given)
{
    size_t n = strlen(given);
    if (n == 0 || strlen(known) <= n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (fold(known[i]) != fold(given[i]))
            return false;
    return true;
}

/* Adds name to names[*count] unless it is there (the same name in two
 * directories is one suggestion) or there is no room. */
static void keep(const char **names, size_t *count, const char *name)
{
    for (size_t i = 0; i < *count; i++)
        if (strcmp(names[i], name) == 0)
            return;
    if (*count < GR_SUGGEST_MAX)
        names[(*count)++] = name;
}

void gr_suggest_consider(gr_name_suggestion *s, const char *known)
{
    if (begins(known, s->given))
        keep(s->begun, &s->begun_count, known);
    size_t d = gr_name_distance(s->given, known);
    if (d > close_enough(s->given) || d > s->distance)
        return;
    if (d < s->distance) {
        s->distance = d;
        s->count = 0;
    }
    keep(s->names, &s->count, known);
}

void gr_suggest_renamed(gr_name_suggestion *s, const char *known)
{
    s->distance = 0; /* as close as a name can be: no other is kept after it */
    s->count = 0;
    keep(s->names, &s->count, known);
}

bool gr_suggest_text(const gr_name_suggestion *s, char *text, size_t size)
{
    size_t used = 0, count = s->count ? s->count : s->begun_count;
    const char *const *names = s->count ? s->names : s->begun;
    if (size == 0)
        return false;
    text[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        const char *joint = i == 0 ? "" : i + 1 == count ? " or " : ", ";
        int len = snprintf(text + used, size - used, "%s%s", joint, names[i]);
        if (len < 0 || (size_t)len >= size - used) {
            text[used] = '\0'; /* the names that fit whole are still a suggestion */
            break;
        }
        used += (size_t)len;
    }
    return count > 0;
}
