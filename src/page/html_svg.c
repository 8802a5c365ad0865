/* gnuplot's SVG made part of a page: an SVG file opens with an XML
 * declaration that an HTML document may not hold, so the chart goes in
 * from its <svg element on. */
#include <string.h>
#include "page.h"

/* The first "<svg" followed by a space, a newline or '>': the root
 * element, not a word such as "<svgfoo". */
static const char *svg_root(const char *svg, size_t svg_len)
{
    for (size_t i = 0; i + 5 <= svg_len; i++) {
        if (memcmp(svg + i, "<svg", 4) != 0)
            continue;
        char next = svg[i + 4];
        if (next == ' ' || next == '\n' || next == '\r' || next == '\t' || next == '>')
            return svg + i;
    }
    return NULL;
}

bool page_svg(FILE *out, const char *svg, size_t svg_len)
{
    const char *root = svg_root(svg, svg_len);
    if (!root)
        return false;
    fputs("<figure class=\"chart\">\n", out);
    fwrite(root, 1, svg_len - (size_t)(root - svg), out);
    fputs("\n</figure>\n", out);
    return true;
}
