/* Unit tests for the check that a chart file is whole (src/core/files/chart_file.c),
 * on charts gnuplot 5.4 wrote (tests/data/charts: pdfcairo, pngcairo, svg):
 * each whole passes, each cut at every length fails naming the byte, and
 * each lie a broken gnuplot or disk could tell is caught. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_file.h"

#define CHARTS GPUROOF_SRCDIR "/tests/data/charts/"

typedef struct {
    unsigned char *bytes;
    size_t size;
} chart;

static chart load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, CHARTS "%s", name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    chart c = {malloc(1 << 20), 0};
    assert_non_null(c.bytes);
    c.size = fread(c.bytes, 1, 1 << 20, f);
    fclose(f);
    assert_true(c.size > 0 && c.size < (1 << 20));
    return c;
}

/* Every prefix of the chart, the empty one included, is refused, naming
 * a byte; the whole is taken. */
static void every_prefix_fails(const char *name, gr_chart_format format)
{
    chart c = load(name);
    gr_error err;
    assert_true(gr_chart_bytes_whole(name, c.bytes, c.size, format, &err));
    for (size_t n = 0; n < c.size; n++) {
        /* a copy of exactly n bytes: ASan catches a read past them */
        unsigned char *cut = malloc(n ? n : 1);
        assert_non_null(cut);
        memcpy(cut, c.bytes, n);
        bool whole = gr_chart_bytes_whole(name, cut, n, format, &err);
        free(cut);
        /* PDF and SVG may end in white space after %%EOF and </svg> */
        size_t rest = n;
        while (rest < c.size && strchr(" \r\n", c.bytes[rest]))
            rest++;
        if (rest == c.size && (format == GR_CHART_PDF || format == GR_CHART_SVG) && n > 0) {
            assert_true(whole);
            continue;
        }
        if (whole)
            fail_msg("%s cut to %zu of %zu bytes passed as whole", name, n, c.size);
        char prefix[64];
        snprintf(prefix, sizeof prefix, "%s: byte ", name);
        assert_memory_equal(err.text, prefix, strlen(prefix));
    }
    free(c.bytes);
}

static void pdf_cut_anywhere(void **state)
{
    (void)state;
    every_prefix_fails("small.pdf", GR_CHART_PDF);
}

static void png_cut_anywhere(void **state)
{
    (void)state;
    every_prefix_fails("small.png", GR_CHART_PNG);
}

static void svg_cut_anywhere(void **state)
{
    (void)state;
    every_prefix_fails("small.svg", GR_CHART_SVG);
}

/* The chart with one byte changed at `at` is refused with this error. */
static void changed_fails(const char *name, gr_chart_format format, size_t at, unsigned char to, const char *want)
{
    chart c = load(name);
    gr_error err;
    assert_true(at < c.size);
    c.bytes[at] = to;
    assert_false(gr_chart_bytes_whole(name, c.bytes, c.size, format, &err));
    assert_string_equal(err.text, want);
    free(c.bytes);
}

/* Where a byte's place is found in the file itself, not guessed. */
static size_t find(const char *name, const char *text, bool last)
{
    chart c = load(name);
    size_t found = SIZE_MAX;
    for (size_t i = 0; i + strlen(text) <= c.size; i++)
        if (memcmp(c.bytes + i, text, strlen(text)) == 0 && (last || found == SIZE_MAX))
            found = i;
    free(c.bytes);
    assert_true(found != SIZE_MAX);
    return found;
}

static void pdf_lies(void **state)
{
    (void)state;
    char want[256];
    changed_fails("small.pdf", GR_CHART_PDF, 0, 'X', "small.pdf: byte 0: not a PDF: it does not begin with %PDF-N.N");
    /* startxref's offset one further on: no "xref" there */
    size_t digits = find("small.pdf", "startxref", true) + 10;
    chart c = load("small.pdf");
    c.bytes[digits + strspn((char *)c.bytes + digits, "0123456789") - 1]++;
    gr_error err;
    assert_false(gr_chart_bytes_whole("small.pdf", c.bytes, c.size, GR_CHART_PDF, &err));
    assert_non_null(strstr(err.text, "startxref points at neither \"xref\" nor an object"));
    free(c.bytes);
    /* an object moved: the table's entry for object 1 no longer finds it */
    size_t one = find("small.pdf", "\n1 0 obj", false) + 1;
    snprintf(want, sizeof want, "small.pdf: byte %zu: object 1 is not at byte %zu, where the cross-reference "
             "table puts it", find("small.pdf", "0000000000 65535 f", false) + 20, one);
    changed_fails("small.pdf", GR_CHART_PDF, one, '7', want);
}

static void png_lies(void **state)
{
    (void)state;
    changed_fails("small.png", GR_CHART_PNG, 1, 'X', "small.png: byte 0: not a PNG: no PNG signature");
    /* a byte of IDAT's data changed: its CRC no longer matches */
    size_t idat = find("small.png", "IDAT", false);
    chart c = load("small.png");
    size_t length = (size_t)c.bytes[idat - 4] << 24 | (size_t)c.bytes[idat - 3] << 16 |
                    (size_t)c.bytes[idat - 2] << 8 | c.bytes[idat - 1];
    free(c.bytes);
    char want[256];
    snprintf(want, sizeof want, "small.png: byte %zu: the IDAT chunk's CRC is wrong", idat + 4 + length);
    changed_fails("small.png", GR_CHART_PNG, idat + 10, 0x55, want);
    /* bytes after IEND */
    c = load("small.png");
    c.bytes[c.size] = 0;
    gr_error err;
    assert_false(gr_chart_bytes_whole("small.png", c.bytes, c.size + 1, GR_CHART_PNG, &err));
    snprintf(want, sizeof want, "small.png: byte %zu: bytes after the IEND chunk", c.size);
    assert_string_equal(err.text, want);
    free(c.bytes);
}

static void svg_lies(void **state)
{
    (void)state;
    gr_error err;
    /* the last </g> misspelt: it closes nothing open */
    size_t g = find("small.svg", "</g>", true);
    chart c = load("small.svg");
    c.bytes[g + 2] = 'q';
    assert_false(gr_chart_bytes_whole("small.svg", c.bytes, c.size, GR_CHART_SVG, &err));
    assert_non_null(strstr(err.text, "</q> closes the <g> opened at byte"));
    free(c.bytes);
    const char *cases[][2] = {
        {"<svg><g></g>", "x: byte 12: the <svg> opened at byte 0 never closes: cut short"},
        {"<html></html>", "x: byte 0: the root element is not <svg>"},
        {"<svg/>junk", "x: byte 6: text outside the <svg> element"},
        {"<svg a='>'></svg><svg/>", "x: byte 17: an element after the root's end"},
        {"<?xml version='1.0'?>", "x: byte 21: no <svg> element"},
        {"<svg><!-- </svg>", "x: byte 5: <!-- never closes with -->: cut short"},
        {"<svg width=\"1", "x: byte 0: a tag that does not close: cut short"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_false(gr_chart_bytes_whole("x", (const unsigned char *)cases[i][0], strlen(cases[i][0]),
                                          GR_CHART_SVG, &err));
        assert_string_equal(err.text, cases[i][1]);
    }
    const char *whole = "<?xml version='1.0'?>\n<!-- by hand -->\n<svg a=\"</svg>\"><g/><![CDATA[<]]></svg>\n";
    assert_true(gr_chart_bytes_whole("x", (const unsigned char *)whole, strlen(whole), GR_CHART_SVG, &err));
}

static void files_and_formats(void **state)
{
    (void)state;
    gr_chart_format f;
    gr_error err;
    assert_true(gr_chart_format_of("a.PDF", &f) && f == GR_CHART_PDF);
    assert_true(gr_chart_format_of("dir/a.png", &f) && f == GR_CHART_PNG);
    assert_true(gr_chart_format_of("a.svg", &f) && f == GR_CHART_SVG);
    assert_false(gr_chart_format_of(".pdf", &f) || gr_chart_format_of("a.eps", &f));
    assert_true(gr_chart_file_whole(CHARTS "small.png", GR_CHART_PNG, &err));
    assert_false(gr_chart_file_whole(CHARTS "small.png", GR_CHART_PDF, &err));
    assert_non_null(strstr(err.text, "small.png: byte 0: not a PDF"));
    assert_false(gr_chart_file_whole(CHARTS "missing.pdf", GR_CHART_PDF, &err));
    assert_non_null(strstr(err.text, "missing.pdf: cannot read it: No such file or directory"));
    assert_false(gr_chart_file_whole("/dev/null", GR_CHART_PDF, &err));
    assert_string_equal(err.text, "/dev/null: byte 0: the chart is empty");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pdf_cut_anywhere), cmocka_unit_test(png_cut_anywhere), cmocka_unit_test(svg_cut_anywhere),
        cmocka_unit_test(pdf_lies),         cmocka_unit_test(png_lies),         cmocka_unit_test(svg_lies),
        cmocka_unit_test(files_and_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
