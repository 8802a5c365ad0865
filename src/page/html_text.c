/* Text made safe to stand in an HTML page. */
#include <string.h>
#include "page.h"

static const char *entity_of(unsigned char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return NULL;
    }
}

void page_escape_n(FILE *out, const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        const char *entity = entity_of(c);
        if (entity)
            fputs(entity, out);
        else if (c >= 0x20 && c != 0x7f)
            fputc(c, out);
        else if (c == '\n' || c == '\t')
            fputc(c, out);
        /* other control characters have no place in a page: dropped */
    }
}

void page_escape(FILE *out, const char *text)
{
    page_escape_n(out, text, strlen(text));
}

void page_paragraph(FILE *out, const char *text)
{
    fputs("<p>", out);
    page_escape(out, text);
    fputs("</p>\n", out);
}

void page_preformatted(FILE *out, const char *text, size_t text_len)
{
    fputs("<pre class=\"lines\">", out);
    page_escape_n(out, text, text_len);
    fputs("</pre>\n", out);
}

void page_section(FILE *out, const char *id, const char *heading)
{
    fputs("<h2 id=\"", out);
    page_escape(out, id);
    fputs("\">", out);
    page_escape(out, heading);
    fputs("</h2>\n", out);
}

void page_details(FILE *out, const char *id, const char *summary, const char *text, size_t text_len)
{
    fputs("<details id=\"", out);
    page_escape(out, id);
    fputs("\"><summary>", out);
    page_escape(out, summary);
    fputs("</summary>\n<pre>", out);
    page_escape_n(out, text, text_len);
    fputs("</pre></details>\n", out);
}
