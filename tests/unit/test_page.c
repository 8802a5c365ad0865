/* Unit tests for the page layer (src/page): escaping, sortable tables,
 * gnuplot's SVG inline, explanations, and a page that needs no network. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page.h"

typedef struct {
    char *text;
    size_t len;
    FILE *out;
} capture;

/* open_memstream keeps the addresses of text and len: c must stay put. */
static void capture_open(capture *c)
{
    c->text = NULL;
    c->len = 0;
    c->out = open_memstream(&c->text, &c->len);
    assert_non_null(c->out);
}

static char *capture_close(capture *c)
{
    assert_int_equal(fclose(c->out), 0);
    return c->text;
}

static void test_escape_entities(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_escape(c.out, "a<b>&\"c\"'d' \xc3\xa9");
    char *text = capture_close(&c);
    assert_string_equal(text, "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39; \xc3\xa9");
    free(text);
}

static void test_escape_drops_controls(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_escape_n(c.out, "a\x01\tb\nc\x7f\x1b[0m", 11);
    char *text = capture_close(&c);
    assert_string_equal(text, "a\tb\nc[0m");
    free(text);
}

static void test_escape_n_stops_at_len(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_escape_n(c.out, "abc<def", 4);
    char *text = capture_close(&c);
    assert_string_equal(text, "abc&lt;");
    free(text);
}

static void test_table(void **state)
{
    (void)state;
    const page_column cols[] = {{"kernel", NULL, false}, {"time (ns)", "the \"time\"", true}};
    capture c;
    capture_open(&c);
    page_table_begin(c.out, "kernels", cols, 2);
    page_row_begin(c.out, "k1");
    page_cell_text(c.out, "f<int>", "f<int>(int*)", "d1");
    page_cell_number(c.out, "1.5", 1.5);
    page_row_end(c.out);
    page_row_begin(c.out, NULL);
    page_cell_name(c.out, "g", NULL, NULL);
    page_cell_number(c.out, "?", NAN);
    page_cell_prose(c.out, "a small grid & 2 waves");
    page_row_end(c.out);
    page_table_end(c.out);
    char *text = capture_close(&c);
    assert_non_null(strstr(text, "<table class=\"sortable\" id=\"kernels\">"));
    assert_non_null(strstr(text, "<th scope=\"col\" data-type=\"text\"><button type=\"button\">kernel</button></th>"));
    assert_non_null(strstr(text, "data-type=\"number\" title=\"the &quot;time&quot;\""));
    assert_non_null(strstr(text, "<tr id=\"k1\"><td class=\"text\" title=\"f&lt;int&gt;(int*)\"><a href=\"#d1\">f&lt;int&gt;</a></td>"));
    assert_non_null(strstr(text, "<td data-sort=\"1.5\">1.5</td>"));
    assert_non_null(strstr(text, "<tr><td class=\"text name\">g</td><td data-sort=\"\">?</td>"
                                 "<td class=\"text prose\">a small grid &amp; 2 waves</td></tr>"));
    assert_non_null(strstr(text, "</tbody></table></div>"));
    free(text);
}

/* Two values whose short forms are equal still sort apart. */
static void test_number_keeps_precision(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_cell_number(c.out, "0.1", 0.1000000000000001);
    char *text = capture_close(&c);
    double back = strtod(strstr(text, "data-sort=\"") + 11, NULL);
    assert_true(back == 0.1000000000000001);
    free(text);
}

static void test_svg_inline(void **state)
{
    (void)state;
    const char svg[] = "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n<svg \n width=\"1\">"
                       "<title>Gnuplot</title></svg>\n";
    capture c;
    capture_open(&c);
    assert_true(page_svg(c.out, svg, sizeof svg - 1));
    char *text = capture_close(&c);
    assert_null(strstr(text, "<?xml"));
    assert_non_null(strstr(text, "<figure class=\"chart\">\n<svg \n width=\"1\">"));
    assert_non_null(strstr(text, "</svg>\n\n</figure>"));
    free(text);
}

static void test_svg_refused(void **state)
{
    (void)state;
    const char *not_svg[] = {"", "<svgx>", "<?xml?><html></html>", "<sv", "<svg"};
    for (size_t i = 0; i < sizeof not_svg / sizeof *not_svg; i++) {
        capture c;
        capture_open(&c);
        assert_false(page_svg(c.out, not_svg[i], strlen(not_svg[i])));
        char *text = capture_close(&c);
        assert_int_equal(strlen(text), 0);
        free(text);
    }
}

static void test_details(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_details(c.out, "d1", "Kernel <1>", "a < b\nc & d\n", 12);
    char *text = capture_close(&c);
    assert_string_equal(text, "<details id=\"d1\"><summary>Kernel &lt;1&gt;</summary>\n"
                              "<pre>a &lt; b\nc &amp; d\n</pre></details>\n");
    free(text);
}

/* The whole page: one document, its title escaped, and nothing it loads
 * from elsewhere (no src=, no link to a style sheet, no http(s) href). */
static void test_page_self_contained(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    page_begin(c.out, "report <a>");
    page_section(c.out, "table", "Kernels");
    page_paragraph(c.out, "x & y");
    page_preformatted(c.out, "a <b>\n", 6);
    page_end(c.out);
    char *text = capture_close(&c);
    assert_true(strncmp(text, "<!DOCTYPE html>\n", 16) == 0);
    assert_non_null(strstr(text, "<title>report &lt;a&gt;</title>"));
    assert_non_null(strstr(text, "<h1>report &lt;a&gt;</h1>"));
    assert_non_null(strstr(text, "<h2 id=\"table\">Kernels</h2>"));
    assert_non_null(strstr(text, "<p>x &amp; y</p>"));
    assert_non_null(strstr(text, "<pre class=\"lines\">a &lt;b&gt;\n</pre>"));
    assert_null(strstr(text, "src="));
    assert_null(strstr(text, "<link"));
    assert_null(strstr(text, "href=\"http"));
    assert_null(strstr(text, "@import"));
    assert_non_null(strstr(text, "</script>\n</body>\n</html>\n"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_entities),   cmocka_unit_test(test_escape_drops_controls),
        cmocka_unit_test(test_escape_n_stops_at_len), cmocka_unit_test(test_table),
        cmocka_unit_test(test_number_keeps_precision), cmocka_unit_test(test_svg_inline),
        cmocka_unit_test(test_svg_refused),       cmocka_unit_test(test_details),
        cmocka_unit_test(test_page_self_contained),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
