/* Unit tests for the expression evaluator (src/core/text/expr.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

#define SUFFIXES GR_EXPR_BYTE_SUFFIXES
#define COUNTS GR_EXPR_COUNT_SUFFIXES

/* ---- a lookup with a few variables -------------------------------------- */

typedef struct {
    int calls;
} lookup_counter;

typedef struct {
    const char *name;
    gr_value value;
} variable;

static bool test_lookup(void *ctx, const char *name, size_t len, gr_value *out)
{
    static const variable variables[] = {
        {"Width", {.is_int = true, .i = 1024}},
        {"half", {.is_int = false, .d = 0.5}},
        {"big", {.is_int = true, .i = INT64_MAX}},
        {"bad", {.is_int = false, .d = INFINITY}},
        {"max", {.is_int = true, .i = 100}}, /* also a function name */
        {"_w2", {.is_int = true, .i = 7}},
    };
    if (ctx)
        ((lookup_counter *)ctx)->calls++;
    for (size_t v = 0; v < sizeof variables / sizeof variables[0]; v++) {
        if (strlen(variables[v].name) == len &&
            memcmp(variables[v].name, name, len) == 0) {
            *out = variables[v].value;
            return true;
        }
    }
    return false;
}

/* ---- checks that report the caller's line ------------------------------- */

static gr_value eval_or_fail(const char *text, unsigned flags,
                             const char *file, int line)
{
    gr_value v = {.is_int = false, .i = 0, .d = 0.0};
    gr_expr_error err;
    if (!gr_expr_eval(text, test_lookup, NULL, flags, &v, &err)) {
        print_error("\"%.60s\": unexpected error at %zu: %s\n", text,
                    err.position, err.message);
        _fail(file, line);
    }
    return v;
}

static void check_int(const char *text, unsigned flags, int64_t expected,
                      const char *file, int line)
{
    gr_value v = eval_or_fail(text, flags, file, line);
    if (!v.is_int) {
        print_error("\"%s\": expected the int %" PRId64
                    ", got the double %.17g\n",
                    text, expected, v.d);
        _fail(file, line);
    }
    if (v.i != expected) {
        print_error("\"%s\": expected %" PRId64 ", got %" PRId64 "\n", text,
                    expected, v.i);
        _fail(file, line);
    }
}

/* The expected doubles are all exactly representable, so == is right. */
static void check_double(const char *text, unsigned flags, double expected,
                         const char *file, int line)
{
    gr_value v = eval_or_fail(text, flags, file, line);
    if (v.is_int) {
        print_error("\"%s\": expected the double %.17g"
                    ", got the int %" PRId64 "\n",
                    text, expected, v.i);
        _fail(file, line);
    }
    if (v.d != expected) {
        print_error("\"%s\": expected %.17g, got %.17g\n", text, expected, v.d);
        _fail(file, line);
    }
}

static void check_error(const char *text, unsigned flags, const char *message,
                        size_t position, const char *file, int line)
{
    gr_value v = {.is_int = true, .i = 42, .d = 42.0};
    gr_expr_error err;
    if (gr_expr_eval(text, test_lookup, NULL, flags, &v, &err)) {
        print_error("\"%.60s\": expected error \"%s\", got a value\n", text,
                    message);
        _fail(file, line);
    }
    _assert_string_equal(err.message, message, file, line);
    _assert_int_equal(err.position, position, file, line);
    /* A failed evaluation leaves *out alone. */
    _assert_int_equal((LargestIntegralType)v.i, 42, file, line);
}

#define INT_IS(text, expected) check_int(text, 0, expected, __FILE__, __LINE__)
#define DOUBLE_IS(text, expected) \
    check_double(text, 0, expected, __FILE__, __LINE__)
#define ERROR_IS(text, message, position) \
    check_error(text, 0, message, position, __FILE__, __LINE__)
#define BYTES_IS(text, expected) \
    check_int(text, SUFFIXES, expected, __FILE__, __LINE__)
#define BYTES_DOUBLE_IS(text, expected) \
    check_double(text, SUFFIXES, expected, __FILE__, __LINE__)
#define BYTES_ERROR_IS(text, message, position) \
    check_error(text, SUFFIXES, message, position, __FILE__, __LINE__)
#define COUNT_IS(text, expected) \
    check_int(text, COUNTS, expected, __FILE__, __LINE__)
#define COUNT_ERROR_IS(text, message, position) \
    check_error(text, COUNTS, message, position, __FILE__, __LINE__)

/* A string of `count` copies of `unit` between `head` and `tail`; freed by
 * the caller. */
static char *repeat(const char *head, const char *unit, size_t count,
                    const char *middle, const char *tail_unit)
{
    size_t unit_len = strlen(unit);
    size_t tail_len = strlen(tail_unit);
    size_t size = strlen(head) + count * (unit_len + tail_len) +
                  strlen(middle) + 1;
    char *text = malloc(size);
    assert_non_null(text);
    char *at = text;
    memcpy(at, head, strlen(head));
    at += strlen(head);
    for (size_t i = 0; i < count; i++, at += unit_len)
        memcpy(at, unit, unit_len);
    memcpy(at, middle, strlen(middle));
    at += strlen(middle);
    for (size_t i = 0; i < count; i++, at += tail_len)
        memcpy(at, tail_unit, tail_len);
    *at = '\0';
    return text;
}

/* ---- precedence, associativity, types ----------------------------------- */

/* too_large marks the errors a range check's message belongs beside, and
 * only those. */
static void test_too_large_flag(void **state)
{
    (void)state;
    const struct {
        const char *text;
        bool too_large;
    } cases[] = {
        {"9223372036854775807 + 1", true}, {"2^64", true},   {"1e308 * 10", true},
        {"1/0", false},                   {"(1", false},     {"nan", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_value v;
        gr_expr_error e;
        assert_false(gr_expr_eval(cases[i].text, NULL, NULL, 0, &v, &e));
        if (e.too_large != cases[i].too_large)
            fail_msg("\"%s\" (%s): too_large is %d", cases[i].text, e.message, (int)e.too_large);
    }
}

static void test_precedence(void **state)
{
    (void)state;
    INT_IS("2+3*4", 14);
    INT_IS("(2+3)*4", 20);
    INT_IS("2*3+4*5", 26);
    INT_IS("2^3*2", 16);
    INT_IS("2*3^2", 18);
    INT_IS("-3^2 + 1", -8);
    INT_IS("(-2)^2", 4);
    INT_IS("2 - -3", 5);
    INT_IS("  2 *\t(3 +\n4 ) ", 14);
    INT_IS("\r2\f*\v7 ", 14);
    DOUBLE_IS("1.5+1", 2.5);
    DOUBLE_IS("1-0.5", 0.5);
    DOUBLE_IS("0.5*3", 1.5);
    DOUBLE_IS("1+0.5", 1.5);
    DOUBLE_IS("3*0.5", 1.5);
}

static void test_associativity(void **state)
{
    (void)state;
    INT_IS("2^3^2", 512);
    INT_IS("-2^2", -4);
    INT_IS("10-4-3", 3);
    INT_IS("100/10/5", 2);
    INT_IS("2*7%4", 2);
    DOUBLE_IS("2^-2^2", 0.0625); /* 2^(-(2^2)) */
}

static void test_signs(void **state)
{
    (void)state;
    INT_IS("-(-3)", 3);
    INT_IS("+5", 5);
    INT_IS("--5", 5);
    INT_IS("-+-5", 5);
    DOUBLE_IS("-2.5", -2.5);
    INT_IS("1-2", -1);
}

static void test_division_and_modulo(void **state)
{
    (void)state;
    DOUBLE_IS("7/2", 3.5);
    DOUBLE_IS("-7/2", -3.5);
    INT_IS("8/2", 4);
    INT_IS("-8/2", -4);
    DOUBLE_IS("6.0/2", 3.0); /* a double stays a double even when whole */
    DOUBLE_IS("8/2.0", 4.0);
    INT_IS("7%3", 1);
    INT_IS("-7%3", -1); /* sign as in C */
    INT_IS("7%-3", 1);
    INT_IS("(-9223372036854775807-1)%-1", 0);
    INT_IS("(-9223372036854775807-1)/2", INT64_C(-4611686018427387904));
}

static void test_powers(void **state)
{
    (void)state;
    INT_IS("0^0", 1);
    INT_IS("2^62", INT64_C(4611686018427387904));
    INT_IS("(-2)^63", INT64_MIN);
    INT_IS("10^18", INT64_C(1000000000000000000));
    INT_IS("1^9223372036854775807", 1);
    INT_IS("(-1)^9223372036854775807", -1);
    INT_IS("0^5", 0);
    DOUBLE_IS("2^-1", 0.5);
    DOUBLE_IS("4^0.5", 2.0);
    DOUBLE_IS("2.0^3", 8.0);
}

static void test_number_literals(void **state)
{
    (void)state;
    INT_IS("007", 7);
    INT_IS("9223372036854775807", INT64_MAX);
    INT_IS("-9223372036854775807-1", INT64_MIN);
    DOUBLE_IS("2e3", 2000.0);
    DOUBLE_IS("2E+3", 2000.0);
    DOUBLE_IS("25e-1", 2.5);
    DOUBLE_IS("1.5", 1.5);
    DOUBLE_IS(".5", 0.5);
    DOUBLE_IS("5.", 5.0);
    DOUBLE_IS("1.5*2", 3.0);
    DOUBLE_IS("1e-400", 0.0); /* underflow is not an error */
}

static void test_hexadecimal_literals(void **state)
{
    (void)state;
    INT_IS("0x1000", 4096);
    INT_IS("0XfF", 255);
    INT_IS("0x7fffffffffffffff", INT64_MAX);
    INT_IS("-0x7fffffffffffffff - 1", INT64_MIN);
    INT_IS("0x10 * 2", 32);
    INT_IS("0x0", 0);
    BYTES_IS("0x10K", 16384);
    BYTES_IS("0x1B", 27);   /* B is a hexadecimal digit */
    BYTES_IS("0x1 B", 1);   /* and a suffix after a space */
    ERROR_IS("0x8000000000000000", "integer overflow", 0);
    ERROR_IS("0x", "unexpected name 'x' after a number", 1);
    ERROR_IS("0xg", "unexpected name 'xg' after a number", 1);
    ERROR_IS("0x1.5", "trailing characters after the expression", 3);
    ERROR_IS("0x10 x", "unexpected name 'x' after a number", 5);
}

static void test_shifts(void **state)
{
    (void)state;
    INT_IS("1 << 10", 1024);
    INT_IS("3<<4", 48);
    INT_IS("1024 >> 3", 128);
    INT_IS("7 >> 1", 3);
    INT_IS("-7 >> 1", -4); /* rounded down, as an arithmetic shift does */
    INT_IS("-8 >> 3", -1);
    INT_IS("-1 >> 63", -1);
    INT_IS("-1 << 63", INT64_MIN);
    INT_IS("1 << 62", INT64_C(4611686018427387904));
    INT_IS("5 << 0", 5);
    INT_IS("0 << 63", 0);
    INT_IS("1 << 2 + 1", 8);     /* looser than '+', as in C */
    INT_IS("(1 << 2) + 1", 5);
    INT_IS("1 << 3 << 2", 32);   /* left to right */
    INT_IS("64 >> 2 >> 1", 8);
    INT_IS("max(1 << 4, 3)", 16);
    INT_IS("Width >> 5", 32);
    ERROR_IS("1 << 63", "integer overflow", 2);
    ERROR_IS("3 << 62", "integer overflow", 2);
    ERROR_IS("1 << -1", "'<<' by a negative count (-1)", 2);
    ERROR_IS("1 >> -2", "'>>' by a negative count (-2)", 2);
    ERROR_IS("1 << 64", "'<<' by 64, more than 63 bits", 2);
    ERROR_IS("1 >> 100", "'>>' by 100, more than 63 bits", 2);
    ERROR_IS("1.5 << 1", "'<<' needs integers", 4);
    ERROR_IS("2 >> half", "'>>' needs integers", 2);
    ERROR_IS("1 < 2", "trailing characters after the expression", 2);
    ERROR_IS("1 <<", "expected a number, a name or '('", 4);
    ERROR_IS("1 <> 2", "trailing characters after the expression", 2);
}

/* ---- functions ---------------------------------------------------------- */

static void test_rounding_functions(void **state)
{
    (void)state;
    INT_IS("ceil(7/2)", 4);
    INT_IS("ceil(4)", 4);
    INT_IS("ceil(-3.5)", -3);
    INT_IS("floor(7/2)", 3);
    INT_IS("floor(-3.5)", -4);
    INT_IS("floor(9)", 9);
    INT_IS("round(2.5)", 3);
    INT_IS("round(-2.5)", -3);
    INT_IS("round(2.4)", 2);
    INT_IS("round(6)", 6);
}

static void test_min_max(void **state)
{
    (void)state;
    INT_IS("min(5)", 5);
    INT_IS("max(5)", 5);
    INT_IS("min(4,2)", 2);
    INT_IS("max(4,2)", 4);
    INT_IS("min(3,1,2)", 1);
    INT_IS("max(1,2,3,4)", 4);
    INT_IS("max(1,2,3,4,5)", 5);
    INT_IS("min(1,2,3,4,-5)", -5);
    DOUBLE_IS("max(1, 2.5)", 2.5);
    DOUBLE_IS("min(1, 2.5)", 1.0); /* any double argument: a double result */
    DOUBLE_IS("min(2.5, 1, 3)", 1.0);
    INT_IS("min ( 1 , 2 )", 1);
    INT_IS("max(ceil(2.1), min(7, 8))", 7);
}

static void test_cdiv(void **state)
{
    (void)state;
    INT_IS("cdiv(1000,128)", 8);
    INT_IS("cdiv(1024,128)", 8);
    INT_IS("cdiv(1025,128)", 9);
    INT_IS("cdiv(0,5)", 0);
    INT_IS("cdiv(-7,2)", -3);
    INT_IS("cdiv(7,-2)", -3);
    INT_IS("cdiv(-7,-2)", 4);
    INT_IS("cdiv(9223372036854775807, 2)", INT64_C(4611686018427387904));
    INT_IS("cdiv(-9223372036854775807-1, 2)", INT64_C(-4611686018427387904));
}

static void test_function_errors(void **state)
{
    (void)state;
    ERROR_IS("2 + sqrtt(4)", "unknown function 'sqrtt'", 4);
    ERROR_IS("Width(2)", "unknown function 'Width'", 0);
    ERROR_IS("ceil()", "ceil takes 1 argument", 0);
    ERROR_IS("1+floor(1,2)", "floor takes 1 argument", 2);
    ERROR_IS("cdiv(1)", "cdiv takes 2 arguments", 0);
    ERROR_IS("cdiv(1,2,3)", "cdiv takes 2 arguments", 0);
    ERROR_IS("min()", "min needs at least 1 argument", 0);
    ERROR_IS("max( )", "max needs at least 1 argument", 0);
    ERROR_IS("cdiv(1.5, 2)", "cdiv needs integers", 5);
    ERROR_IS("cdiv(3, 0.5)", "cdiv needs integers", 8);
    ERROR_IS("cdiv(3, 0)", "division by zero", 8);
    ERROR_IS("cdiv(-9223372036854775807-1, -1)", "integer overflow", 0);
    ERROR_IS("ceil(1e300)", "integer overflow", 0);
    ERROR_IS("2*floor(-1e19)", "integer overflow", 2);
    ERROR_IS("min(1 2)", "expected ',' or ')'", 6);
    ERROR_IS("min(1", "expected ',' or ')'", 5);
    ERROR_IS("min(1,", "expected a number, a name or '('", 6);
    ERROR_IS("min(1,)", "unexpected ')'", 6);
    ERROR_IS("ceil(1/0)", "division by zero", 6);
}

/* Calls never consult the lookup; a bare function name is a variable. */
static void test_function_names_are_not_variables(void **state)
{
    (void)state;
    lookup_counter counter = {0};
    gr_value v;
    gr_expr_error err;
    assert_true(gr_expr_eval("ceil(2.5) + max(1, 2)", test_lookup, &counter, 0,
                             &v, &err));
    assert_int_equal(counter.calls, 0);
    assert_int_equal(v.i, 5);
    INT_IS("max(1,2) + max", 102);
    ERROR_IS("ceil", "unknown name 'ceil'", 0);
}

/* ---- byte suffixes ------------------------------------------------------ */

static void test_byte_suffixes(void **state)
{
    (void)state;
    BYTES_IS("4K", 4096);
    BYTES_IS("164 KiB", 167936);
    BYTES_IS("1.5M", 1572864);
    BYTES_IS("1.5 MiB", 1572864);
    BYTES_IS("2*16K", 32768);
    BYTES_IS("(2*16K)", 32768);
    BYTES_IS("1KB", 1024);
    BYTES_IS("96 KB", 98304);
    BYTES_IS("1G", 1073741824);
    BYTES_IS("1GiB", 1073741824);
    BYTES_IS("3gb", INT64_C(3221225472));
    BYTES_IS("2m", 2097152);
    BYTES_IS("8G*4", INT64_C(34359738368));
    BYTES_IS("4K^2", 16777216);
    BYTES_IS("1e3K", 1024000);      /* a whole double becomes an int */
    BYTES_DOUBLE_IS("0.1K", 102.4); /* a fraction stays a double */
    BYTES_IS("7", 7);               /* no suffix, no change */
    BYTES_IS("Width/2", 512);
}

static void test_byte_suffix_spellings(void **state)
{
    (void)state;
    BYTES_IS("1k", 1024);
    BYTES_IS("1kb", 1024);
    BYTES_IS("1kB", 1024);
    BYTES_IS("1Kb", 1024);
    BYTES_IS("1KiB", 1024);
    BYTES_IS("1kib", 1024);
    BYTES_IS("1 \t K", 1024);
}

static void test_byte_suffix_b(void **state)
{
    (void)state;
    BYTES_IS("4096B", 4096);
    BYTES_IS("4096 B", 4096);
    BYTES_IS("4 b", 4);
    BYTES_IS("4KB", 4096);
    BYTES_IS("0x1000B", 0x1000B); /* hexadecimal digits come first */
    BYTES_IS("2*8B", 16);
    BYTES_DOUBLE_IS("0.5B", 0.5);
    ERROR_IS("4096B", "unexpected name 'B' after a number", 4);
    BYTES_ERROR_IS("4BB", "unexpected name 'BB' after a number", 1);
    BYTES_ERROR_IS("4 B B", "unexpected name 'B' after a number", 4);
}

static void test_count_suffixes(void **state)
{
    (void)state;
    COUNT_IS("64K", 65536);
    COUNT_IS("64 k", 65536);
    COUNT_IS("2M", 2097152);
    COUNT_IS("1G", 1073741824);
    COUNT_IS("1.5K", 1536);
    COUNT_IS("64*1024", 65536);
    COUNT_IS("0x10K", 16384);
    COUNT_IS("7", 7);
    COUNT_ERROR_IS("64KB", "'KB' is a byte size's suffix; a count takes K, M or G", 2);
    COUNT_ERROR_IS("64 KiB", "'KiB' is a byte size's suffix; a count takes K, M or G", 3);
    COUNT_ERROR_IS("4096B", "'B' is a byte size's suffix; a count takes K, M or G", 4);
    COUNT_ERROR_IS("4T", "unexpected name 'T' after a number", 1);
    COUNT_ERROR_IS("9223372036854775807K", "integer overflow", 0);
    /* Both flags: a byte size's suffixes, the count's among them. */
    check_int("64KB", SUFFIXES | COUNTS, 65536, __FILE__, __LINE__);
}

static void test_byte_suffix_errors(void **state)
{
    (void)state;
    BYTES_ERROR_IS("4Kx", "unexpected name 'Kx' after a number", 1);
    BYTES_ERROR_IS("4K1", "unexpected name 'K1' after a number", 1);
    BYTES_ERROR_IS("4TB", "unexpected name 'TB' after a number", 1);
    BYTES_ERROR_IS("4Ki", "unexpected name 'Ki' after a number", 1);
    BYTES_ERROR_IS("4kxb", "unexpected name 'kxb' after a number", 1);
    BYTES_ERROR_IS("4 KB KB", "unexpected name 'KB' after a number", 5);
    BYTES_ERROR_IS("9223372036854775807K", "integer overflow", 0);
    BYTES_ERROR_IS("1 + 9007199254740993G", "integer overflow", 4);
    BYTES_ERROR_IS("1e308G", "number too large", 0);
    BYTES_ERROR_IS("Width K", "trailing characters after the expression", 6);
    BYTES_ERROR_IS("(4)K", "trailing characters after the expression", 3);
}

static void test_byte_suffixes_need_the_flag(void **state)
{
    (void)state;
    ERROR_IS("4K", "unexpected name 'K' after a number", 1);
    ERROR_IS("164 KiB", "unexpected name 'KiB' after a number", 4);
    ERROR_IS("1.5M", "unexpected name 'M' after a number", 3);
    ERROR_IS("2*16K", "unexpected name 'K' after a number", 4);
    ERROR_IS("1G", "unexpected name 'G' after a number", 1);
}

/* ---- variables ---------------------------------------------------------- */

static void test_variables(void **state)
{
    (void)state;
    INT_IS("2*Width^3", INT64_C(2147483648));
    INT_IS("_w2 * 2", 14);
    DOUBLE_IS("half*4", 2.0);
    ERROR_IS("Width + missing", "unknown name 'missing'", 8);
    ERROR_IS("Zq_9", "unknown name 'Zq_9'", 0);
    ERROR_IS("big+1", "integer overflow", 3);
    ERROR_IS("1 + bad", "value of 'bad' is not a finite number", 4);
    ERROR_IS("Width 2", "trailing characters after the expression", 6);
}

static void test_lookup_context_is_passed(void **state)
{
    (void)state;
    lookup_counter counter = {0};
    gr_value v;
    gr_expr_error err;
    assert_true(gr_expr_eval("Width + Width", test_lookup, &counter, 0, &v,
                             &err));
    assert_int_equal(counter.calls, 2);
    assert_int_equal(v.i, 2048);
    assert_false(gr_expr_eval("nope", test_lookup, &counter, 0, &v, &err));
    assert_int_equal(counter.calls, 3);
}

static void test_no_lookup(void **state)
{
    (void)state;
    gr_value v;
    gr_expr_error err;
    assert_false(gr_expr_eval("1 + x", NULL, NULL, 0, &v, &err));
    assert_string_equal(err.message, "unknown name 'x'");
    assert_int_equal(err.position, 4);
    assert_true(gr_expr_eval("min(1, 2)", NULL, NULL, 0, &v, &err));
    assert_int_equal(v.i, 1);
}

static void test_long_names_are_cut_in_messages(void **state)
{
    (void)state;
    char *text = repeat("", "a", 100, "", "");
    char expected[128] = "unknown name '";
    memset(expected + strlen(expected), 'a', 64);
    strcpy(expected + strlen("unknown name '") + 64, "...'");
    ERROR_IS(text, expected, 0);
    free(text);
}

/* ---- syntax errors ------------------------------------------------------ */

static void test_syntax_errors(void **state)
{
    (void)state;
    ERROR_IS("", "empty expression", 0);
    ERROR_IS("   \t\n", "empty expression", 0);
    ERROR_IS("2 +", "expected a number, a name or '('", 3);
    ERROR_IS("*2", "expected a number, a name or '('", 0);
    ERROR_IS(".", "expected a number, a name or '('", 0);
    ERROR_IS("2 * -", "expected a number, a name or '('", 5);
    ERROR_IS("2 $ 3", "trailing characters after the expression", 2);
    ERROR_IS("2 3", "trailing characters after the expression", 2);
    ERROR_IS("2 ~ 3", "trailing characters after the expression", 2);
    ERROR_IS("1,2", "trailing characters after the expression", 1);
    ERROR_IS("1.2.3", "trailing characters after the expression", 3);
    ERROR_IS("(1+2", "expected ')'", 4);
    ERROR_IS("(1 2)", "expected ')'", 3);
    ERROR_IS("1+2)", "unexpected ')'", 3);
    ERROR_IS("()", "unexpected ')'", 1);
    ERROR_IS("2e", "unexpected name 'e' after a number", 1);
    ERROR_IS("2 x", "unexpected name 'x' after a number", 2);
    ERROR_IS("1e400", "number too large", 0);
}

static void test_null_text(void **state)
{
    (void)state;
    gr_value v = {.is_int = true, .i = 42, .d = 42.0};
    gr_expr_error err;
    assert_false(gr_expr_eval(NULL, test_lookup, NULL, 0, &v, &err));
    assert_string_equal(err.message, "no expression given");
    assert_int_equal(err.position, 0);
    assert_int_equal(v.i, 42);
}

/* The header promises a non-NULL err; a NULL one must still not crash, and
 * a NULL out just drops the result. */
static void test_null_out_and_err(void **state)
{
    (void)state;
    gr_value v;
    assert_false(gr_expr_eval("1/0", NULL, NULL, 0, &v, NULL));
    assert_true(gr_expr_eval("1+1", NULL, NULL, 0, NULL, NULL));
}

static void test_error_is_cleared_on_success(void **state)
{
    (void)state;
    gr_value v;
    gr_expr_error err;
    assert_false(gr_expr_eval("1/0", NULL, NULL, 0, &v, &err));
    assert_true(gr_expr_eval("1", NULL, NULL, 0, &v, &err));
    assert_string_equal(err.message, "");
    assert_int_equal(err.position, 0);
}

/* ---- arithmetic errors -------------------------------------------------- */

static void test_overflow(void **state)
{
    (void)state;
    ERROR_IS("9223372036854775807+1", "integer overflow", 19);
    ERROR_IS("(-9223372036854775807-1)-1", "integer overflow", 24);
    ERROR_IS("(-9223372036854775807-1)/-1", "integer overflow", 24);
    ERROR_IS("-(-9223372036854775807-1)", "integer overflow", 0);
    ERROR_IS("2^63", "integer overflow", 1);
    ERROR_IS("(-2)^64", "integer overflow", 4);
    ERROR_IS("3^40", "integer overflow", 1);
    ERROR_IS("2^9223372036854775807", "integer overflow", 1);
    ERROR_IS("3037000500*3037000500", "integer overflow", 10);
    INT_IS("3037000499*3037000499", INT64_C(9223372030926249001));
    ERROR_IS("99999999999999999999", "integer overflow", 0);
    ERROR_IS("1 + 99999999999999999999", "integer overflow", 4);
    /* The literal overflows before the sign applies, as in C. */
    ERROR_IS("-9223372036854775808", "integer overflow", 1);
}

static void test_division_by_zero(void **state)
{
    (void)state;
    ERROR_IS("1/0", "division by zero", 1);
    ERROR_IS("10 / (5 - 5)", "division by zero", 3);
    ERROR_IS("1.5 / 0.0", "division by zero", 4);
    ERROR_IS("1 / -0.0", "division by zero", 2);
    ERROR_IS("7 % 0", "modulo by zero", 2);
    ERROR_IS("7.5 % 2", "'%' needs integers", 4);
    ERROR_IS("7 % 2.0", "'%' needs integers", 2);
}

static void test_non_finite_results(void **state)
{
    (void)state;
    ERROR_IS("1e308*10", "result is not a finite number", 5);
    ERROR_IS("1e308+1e308", "result is not a finite number", 5);
    ERROR_IS("-1e308-1e308", "result is not a finite number", 6);
    ERROR_IS("1e308/1e-308", "result is not a finite number", 5);
    ERROR_IS("0^-1", "result is not a finite number", 1);
    ERROR_IS("(-8)^0.5", "result is not a finite number", 4);
    ERROR_IS("2.0^2000", "result is not a finite number", 3);
}

/* ---- limits ------------------------------------------------------------- */

static void test_nesting_limit(void **state)
{
    (void)state;
    char *text = repeat("", "(", 64, "1", ")");
    INT_IS(text, 1);
    free(text);

    text = repeat("", "(", 65, "1", ")");
    ERROR_IS(text, "nesting deeper than 64", 64);
    free(text);

    text = repeat("", "(", 2000, "1", ")");
    ERROR_IS(text, "nesting deeper than 64", 64);
    free(text);

    text = repeat("", "(", 2000, "", ""); /* never closed */
    ERROR_IS(text, "nesting deeper than 64", 64);
    free(text);
}

/* Signs, '^' and calls count as nesting too: they are where the evaluator
 * recurses. */
static void test_nesting_limit_other_forms(void **state)
{
    (void)state;
    char *text = repeat("", "-", 64, "1", "");
    INT_IS(text, 1);
    free(text);

    text = repeat("", "-", 65, "1", "");
    ERROR_IS(text, "nesting deeper than 64", 64);
    free(text);

    text = repeat("", "1^", 65, "1", "");
    ERROR_IS(text, "nesting deeper than 64", 129);
    free(text);

    text = repeat("", "min(", 65, "1", ")");
    ERROR_IS(text, "nesting deeper than 64", 4 * 64 + 3);
    free(text);

    text = repeat("", "min(", 64, "1", ")");
    INT_IS(text, 1);
    free(text);
}

static void test_length_limit(void **state)
{
    (void)state;
    /* "1" then 2047 "+1": 4095 characters, then one space: exactly 4096. */
    char *text = repeat("1", "+1", 2047, " ", "");
    assert_int_equal(strlen(text), GR_EXPR_MAX_LEN);
    INT_IS(text, 2048);
    free(text);

    text = repeat("1", "+1", 2047, "  ", "");
    ERROR_IS(text, "expression longer than 4096 characters", 4096);
    free(text);

    text = repeat("", "(", 100000, "1", ")");
    ERROR_IS(text, "expression longer than 4096 characters", 4096);
    free(text);

    size_t huge = 10u * 1024u * 1024u;
    text = malloc(huge + 1);
    assert_non_null(text);
    memset(text, '1', huge);
    text[huge] = '\0';
    ERROR_IS(text, "expression longer than 4096 characters", 4096);
    free(text);
}

/* ---- value helpers ------------------------------------------------------ */

static gr_value int_value(int64_t i)
{
    gr_value v = {.is_int = true, .i = i, .d = 0.0};
    return v;
}

static gr_value double_value(double d)
{
    gr_value v = {.is_int = false, .i = 0, .d = d};
    return v;
}

static void test_value_as_double(void **state)
{
    (void)state;
    assert_true(gr_value_as_double(int_value(3)) == 3.0);
    assert_true(gr_value_as_double(int_value(-7)) == -7.0);
    assert_true(gr_value_as_double(double_value(2.5)) == 2.5);
}

static void test_value_to_int(void **state)
{
    (void)state;
    int64_t i = 0;
    assert_true(gr_value_to_int(int_value(5), 0, 10, &i));
    assert_int_equal(i, 5);
    assert_false(gr_value_to_int(int_value(11), 0, 10, &i));
    assert_false(gr_value_to_int(int_value(-1), 0, 10, &i));
    assert_true(gr_value_to_int(double_value(4.0), 0, 10, &i));
    assert_int_equal(i, 4);
    assert_false(gr_value_to_int(double_value(4.5), 0, 10, &i));
    assert_false(gr_value_to_int(double_value(1e19), INT64_MIN, INT64_MAX, &i));
    assert_false(gr_value_to_int(double_value(9223372036854775808.0),
                                 INT64_MIN, INT64_MAX, &i));
    assert_true(gr_value_to_int(double_value(-9223372036854775808.0),
                                INT64_MIN, INT64_MAX, &i));
    assert_true(i == INT64_MIN);
    assert_false(gr_value_to_int(double_value(NAN), INT64_MIN, INT64_MAX, &i));
    assert_false(
        gr_value_to_int(double_value(INFINITY), INT64_MIN, INT64_MAX, &i));
    assert_true(gr_value_to_int(double_value(-3.0), -5, -1, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_too_large_flag),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_associativity),
        cmocka_unit_test(test_signs),
        cmocka_unit_test(test_division_and_modulo),
        cmocka_unit_test(test_powers),
        cmocka_unit_test(test_number_literals),
        cmocka_unit_test(test_hexadecimal_literals),
        cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_rounding_functions),
        cmocka_unit_test(test_min_max),
        cmocka_unit_test(test_cdiv),
        cmocka_unit_test(test_function_errors),
        cmocka_unit_test(test_function_names_are_not_variables),
        cmocka_unit_test(test_byte_suffixes),
        cmocka_unit_test(test_byte_suffix_spellings),
        cmocka_unit_test(test_byte_suffix_b),
        cmocka_unit_test(test_count_suffixes),
        cmocka_unit_test(test_byte_suffix_errors),
        cmocka_unit_test(test_byte_suffixes_need_the_flag),
        cmocka_unit_test(test_variables),
        cmocka_unit_test(test_lookup_context_is_passed),
        cmocka_unit_test(test_no_lookup),
        cmocka_unit_test(test_long_names_are_cut_in_messages),
        cmocka_unit_test(test_syntax_errors),
        cmocka_unit_test(test_null_text),
        cmocka_unit_test(test_null_out_and_err),
        cmocka_unit_test(test_error_is_cleared_on_success),
        cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_division_by_zero),
        cmocka_unit_test(test_non_finite_results),
        cmocka_unit_test(test_nesting_limit),
        cmocka_unit_test(test_nesting_limit_other_forms),
        cmocka_unit_test(test_length_limit),
        cmocka_unit_test(test_value_as_double),
        cmocka_unit_test(test_value_to_int),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
