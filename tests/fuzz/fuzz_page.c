/* libFuzzer harness: the page layer's handling of outside text
 * (src/page): a kernel's name or explanation escaped for a page
 * (page_escape_n), and a chart gnuplot wrote put inline (page_svg).
 * Escaped text never holds a character that could open or close markup,
 * nor a control character but tab and newline; an inlined chart is the
 * input from its <svg root on, untouched, inside one figure. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_escaped(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '<' || c == '>' || c == '"' || c == '\'' || c == 0x7f || (c < 0x20 && c != '\n' && c != '\t'))
            abort();
        if (c == '&' && strncmp(text + i, "&amp;", 5) && strncmp(text + i, "&lt;", 4) &&
            strncmp(text + i, "&gt;", 4) && strncmp(text + i, "&quot;", 6) && strncmp(text + i, "&#39;", 5))
            abort();
    }
}

static void check_svg(const char *input, size_t size, const char *text, size_t len, bool taken)
{
    static const char head[] = "<figure class=\"chart\">\n", tail[] = "\n</figure>\n";
    if (!taken) {
        if (len != 0)
            abort();
        return;
    }
    if (len < sizeof head - 1 + sizeof tail - 1 || memcmp(text, head, sizeof head - 1) != 0 ||
        memcmp(text + len - (sizeof tail - 1), tail, sizeof tail - 1) != 0)
        abort();
    size_t body = len - (sizeof head - 1) - (sizeof tail - 1);
    if (body > size || memcmp(text + sizeof head - 1, input + size - body, body) != 0 ||
        memcmp(text + sizeof head - 1, "<svg", 4) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = malloc(size ? size : 1); /* its own size: ASan sees a read past the end */
    if (!input)
        return 0;
    memcpy(input, data, size);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        free(input);
        return 0;
    }
    page_escape_n(out, input, size);
    if (fflush(out) == 0)
        check_escaped(text, len);
    rewind(out);
    bool taken = page_svg(out, input, size);
    long end = ftell(out);
    if (fclose(out) == 0 && end >= 0)
        check_svg(input, size, text, (size_t)end, taken);
    free(text);
    free(input);
    return 0;
}
