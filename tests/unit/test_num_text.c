/* gr_num_text: 4 significant digits below 1000, whole numbers up to 1e15,
 * the exponent form past both ends; never cut, always within its buffer. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "num_text.h"

static void assert_num(double x, const char *expected)
{
    char buf[GR_NUM_TEXT_SIZE];
    memset(buf, 'x', sizeof buf);
    assert_string_equal(gr_num_text(buf, x), expected);
    assert_true(strlen(buf) <= GR_NUM_TEXT_LONGEST);
}

/* What it printed before the exponent form, unchanged. */
static void test_old_outputs(void **state)
{
    (void)state;
    assert_num(12.5432, "12.54");
    assert_num(0.0833333, "0.08333");
    assert_num(66908.16, "66908");
    assert_num(66.666666, "66.67");
    assert_num(100, "100");
    assert_num(999.96, "1000");
    assert_num(0, "0");
    assert_num(-2.5, "-2.5");
    assert_num(1.234e-6, "0.000001234");
    assert_num(999999999999999, "999999999999999");
    assert_num(-999999999999999, "-999999999999999");
}

/* Numbers once cut to 31 digits, or shown as 0. */
static void test_exponent_form(void **state)
{
    (void)state;
    assert_num(1e45, "1e+45");
    assert_num(-1e45, "-1e+45");
    assert_num(1e15, "1e+15");
    assert_num(1.23456e20, "1.235e+20");
    assert_num(1e-30, "1e-30");
    assert_num(-1e-30, "-1e-30");
    assert_num(9e-7, "9e-07");
    assert_num(1e308, "1e+308");
    assert_num(-1.2344e-308, "-1.234e-308");
    assert_num(1.7976931348623157e308, "1.798e+308");
    assert_num(4.9e-324, "4.941e-324");
    /* 2^63, once printed with 19 digits */
    assert_num(9223372036854775808.0, "9.223e+18");
}

/* 2^53: the last integer every smaller one is exact below; just under 1e15
 * it is still whole. */
static void test_whole_boundary(void **state)
{
    (void)state;
    assert_num(9007199254740992.0, "9.007e+15");
    assert_num(999999999999999.9, "1000000000000000");
    assert_num(-999999999999999.9, "-1000000000000000");
    assert_num(123456789012345.0, "123456789012345");
}

static void test_special(void **state)
{
    (void)state;
    assert_num(-0.0, "0");
    assert_num(NAN, "nan");
    assert_num(INFINITY, "inf");
    assert_num(-INFINITY, "-inf");
}

/* GR_NUM: the same text as a value, no buffer of the caller's. */
static void test_value(void **state)
{
    (void)state;
    assert_string_equal(GR_NUM(12.5432), "12.54");
    assert_string_equal(GR_NUM(-1.235e-308), "-1.235e-308");
    char buf[GR_NUM_TEXT_SIZE];
    assert_string_equal(gr_num_of(66908.16).text, gr_num_text(buf, 66908.16));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_old_outputs),
        cmocka_unit_test(test_exponent_form),
        cmocka_unit_test(test_whole_boundary),
        cmocka_unit_test(test_special),
        cmocka_unit_test(test_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
