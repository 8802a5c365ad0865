/* Recursive-descent evaluator for the expressions described in expr.h.
 *
 * Grammar (whitespace allowed between any two tokens):
 *   expr    := sum (('<<' | '>>') sum)*
 *   sum     := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary ('^' unary)?
 *   primary := number | name | name '(' args ')' | '(' expr ')'
 *
 * The exponent of '^' is a unary, so '^' is right-associative and binds
 * tighter than a sign on its left: -2^2 = -4, 2^-1 = 0.5, 2^3^2 = 512.
 * Shifts bind more loosely than '+' and '-', as in C: 1 << 2 + 1 = 8.
 *
 * A number is decimal ("4096", "1.5", "2e9") or hexadecimal ("0x1000").
 *
 * Every cycle of the recursion goes through a sign, a '^', a '(' or a
 * function call, and each of those counts one level against
 * GR_EXPR_MAX_DEPTH, so no input can exhaust the stack. */
#define _POSIX_C_SOURCE 200809L /* strnlen */

#include "expr.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define GR_PRINTF_LIKE(fmt_index, first_arg) \
    __attribute__((format(printf, fmt_index, first_arg)))
#else
#define GR_PRINTF_LIKE(fmt_index, first_arg)
#endif

/* Names quoted in error messages are cut to this many characters so that
 * a long name cannot crowd the rest of the message out. */
#define SHOWN_NAME_MAX 64

/* 2^63 as a double: int64 holds exactly the doubles in [-2^63, 2^63). */
#define TWO_POW_63 9223372036854775808.0

typedef struct {
    const char *text;
    size_t len;
    size_t pos;
    gr_expr_lookup lookup;
    void *ctx;
    unsigned flags;
    int depth;
    gr_expr_error *err;
} parser;

typedef enum { FN_CEIL, FN_FLOOR, FN_ROUND, FN_MIN, FN_MAX, FN_CDIV } fn_kind;

typedef struct {
    const char *name;
    fn_kind kind;
    size_t min_args;
    size_t max_args; /* SIZE_MAX: any number from min_args up */
} fn_def;

static const fn_def functions[] = {
    {"ceil", FN_CEIL, 1, 1},       {"floor", FN_FLOOR, 1, 1},
    {"round", FN_ROUND, 1, 1},     {"min", FN_MIN, 1, SIZE_MAX},
    {"max", FN_MAX, 1, SIZE_MAX},  {"cdiv", FN_CDIV, 2, 2},
};

/* Arguments of a call as they are parsed: the first two are kept for the
 * fixed-arity functions, min/max fold every argument into `folded` so that
 * a call may have any number of arguments without storage. */
typedef struct {
    gr_value first[2];
    size_t first_pos[2];
    gr_value folded;
    size_t count;
} call_args;

static bool parse_expr(parser *p, gr_value *out);
static bool parse_unary(parser *p, gr_value *out);

/* ---- values ------------------------------------------------------------ */

static gr_value make_int(int64_t i)
{
    gr_value v = {.is_int = true, .i = i, .d = (double)i};
    return v;
}

static gr_value make_double(double d)
{
    gr_value v = {.is_int = false, .i = 0, .d = d};
    return v;
}

double gr_value_as_double(gr_value v)
{
    return v.is_int ? (double)v.i : v.d;
}

static bool double_is_whole_int64(double d)
{
    return isfinite(d) && d == floor(d) && d >= -TWO_POW_63 && d < TWO_POW_63;
}

bool gr_value_to_int(gr_value v, int64_t min, int64_t max, int64_t *out)
{
    int64_t whole;
    if (v.is_int)
        whole = v.i;
    else if (double_is_whole_int64(v.d))
        whole = (int64_t)v.d;
    else
        return false;
    if (whole < min || whole > max)
        return false;
    if (out)
        *out = whole;
    return true;
}

/* ---- errors ------------------------------------------------------------ */

/* Records the error and returns false so that callers can `return fail(...)`.
 * Parsing stops at the first failure, so the first error is the one kept. */
GR_PRINTF_LIKE(3, 4)
static bool fail(parser *p, size_t position, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(p->err->message, sizeof p->err->message, fmt, args);
    va_end(args);
    p->err->position = position;
    p->err->too_large = false;
    return false;
}

static int shown_len(size_t len)
{
    return len > SHOWN_NAME_MAX ? SHOWN_NAME_MAX : (int)len;
}

static const char *shown_ellipsis(size_t len)
{
    return len > SHOWN_NAME_MAX ? "..." : "";
}

static bool fail_with_name(parser *p, size_t position, const char *before,
                           size_t name_len, const char *after)
{
    return fail(p, position, "%s'%.*s%s'%s", before, shown_len(name_len),
                p->text + position, shown_ellipsis(name_len), after);
}

static bool fail_overflow(parser *p, size_t position)
{
    fail(p, position, "integer overflow");
    p->err->too_large = true;
    return false;
}

static bool finite_result(parser *p, size_t position, double d, gr_value *out)
{
    if (!isfinite(d)) {
        fail(p, position, "result is not a finite number");
        p->err->too_large = true;
        return false;
    }
    *out = make_double(d);
    return true;
}

/* ---- characters -------------------------------------------------------- */

/* Explicit ASCII tests: <ctype.h> answers depend on the locale. */
static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool is_name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_name_char(char c)
{
    return is_name_start(c) || is_digit(c);
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static char char_at(const parser *p, size_t pos)
{
    return pos < p->len ? p->text[pos] : '\0';
}

/* Skips whitespace and returns the character that starts the next token,
 * '\0' at the end of the text. */
static char peek(parser *p)
{
    while (p->pos < p->len && is_space(p->text[p->pos]))
        p->pos++;
    return char_at(p, p->pos);
}

static size_t name_end(const parser *p, size_t start)
{
    size_t end = start;
    while (end < p->len && is_name_char(p->text[end]))
        end++;
    return end;
}

/* ---- nesting ----------------------------------------------------------- */

static bool enter(parser *p, size_t position)
{
    if (p->depth >= GR_EXPR_MAX_DEPTH)
        return fail(p, position, "nesting deeper than %d", GR_EXPR_MAX_DEPTH);
    p->depth++;
    return true;
}

static void leave(parser *p)
{
    p->depth--;
}

/* ---- arithmetic -------------------------------------------------------- */

static bool add_values(parser *p, size_t op_pos, gr_value a, gr_value b,
                       gr_value *out)
{
    int64_t sum;
    if (a.is_int && b.is_int) {
        if (__builtin_add_overflow(a.i, b.i, &sum))
            return fail_overflow(p, op_pos);
        *out = make_int(sum);
        return true;
    }
    return finite_result(p, op_pos,
                         gr_value_as_double(a) + gr_value_as_double(b), out);
}

static bool subtract_values(parser *p, size_t op_pos, gr_value a, gr_value b,
                            gr_value *out)
{
    int64_t difference;
    if (a.is_int && b.is_int) {
        if (__builtin_sub_overflow(a.i, b.i, &difference))
            return fail_overflow(p, op_pos);
        *out = make_int(difference);
        return true;
    }
    return finite_result(p, op_pos,
                         gr_value_as_double(a) - gr_value_as_double(b), out);
}

static bool multiply_values(parser *p, size_t op_pos, gr_value a, gr_value b,
                            gr_value *out)
{
    int64_t product;
    if (a.is_int && b.is_int) {
        if (__builtin_mul_overflow(a.i, b.i, &product))
            return fail_overflow(p, op_pos);
        *out = make_int(product);
        return true;
    }
    return finite_result(p, op_pos,
                         gr_value_as_double(a) * gr_value_as_double(b), out);
}

static bool is_zero(gr_value v)
{
    return v.is_int ? v.i == 0 : v.d == 0.0;
}

/* Integer quotients stay exact only when the division leaves no remainder;
 * 7/2 is 3.5, not 3. */
static bool divide_values(parser *p, size_t op_pos, gr_value a, gr_value b,
                          gr_value *out)
{
    if (is_zero(b))
        return fail(p, op_pos, "division by zero");
    if (a.is_int && b.is_int) {
        if (a.i == INT64_MIN && b.i == -1)
            return fail_overflow(p, op_pos);
        if (a.i % b.i == 0) {
            *out = make_int(a.i / b.i);
            return true;
        }
    }
    return finite_result(p, op_pos,
                         gr_value_as_double(a) / gr_value_as_double(b), out);
}

static bool modulo_values(parser *p, size_t op_pos, gr_value a, gr_value b,
                          gr_value *out)
{
    if (!a.is_int || !b.is_int)
        return fail(p, op_pos, "'%%' needs integers");
    if (b.i == 0)
        return fail(p, op_pos, "modulo by zero");
    /* INT64_MIN % -1 is undefined in C although the answer is plainly 0. */
    *out = make_int(b.i == -1 ? 0 : a.i % b.i);
    return true;
}

/* Exponentiation by squaring.  Squaring the base only happens while bits of
 * the exponent remain, and every remaining bit multiplies the result by at
 * least that square, so an overflow there means the result overflows too. */
static bool int_power(parser *p, size_t op_pos, int64_t base, int64_t exponent,
                      gr_value *out)
{
    int64_t result = 1;
    while (exponent > 0) {
        if ((exponent & 1) && __builtin_mul_overflow(result, base, &result))
            return fail_overflow(p, op_pos);
        exponent >>= 1;
        if (exponent > 0 && __builtin_mul_overflow(base, base, &base))
            return fail_overflow(p, op_pos);
    }
    *out = make_int(result);
    return true;
}

static bool power_values(parser *p, size_t op_pos, gr_value base,
                         gr_value exponent, gr_value *out)
{
    if (base.is_int && exponent.is_int && exponent.i >= 0)
        return int_power(p, op_pos, base.i, exponent.i, out);
    return finite_result(p, op_pos,
                         pow(gr_value_as_double(base),
                             gr_value_as_double(exponent)),
                         out);
}

static bool negate_value(parser *p, size_t op_pos, gr_value v, gr_value *out)
{
    if (!v.is_int) {
        *out = make_double(-v.d);
        return true;
    }
    if (v.i == INT64_MIN)
        return fail_overflow(p, op_pos);
    *out = make_int(-v.i);
    return true;
}

/* a << n is a * 2^n and a >> n is a / 2^n rounded down, as C's shifts
 * of a non-negative int64 are, for a negative one too; overflow is an
 * error, never wrap-around. */
static bool shift_values(parser *p, char op, size_t op_pos, gr_value a,
                         gr_value n, gr_value *out)
{
    const char *name = op == '<' ? "<<" : ">>";
    if (!a.is_int || !n.is_int)
        return fail(p, op_pos, "'%s' needs integers", name);
    if (n.i < 0)
        return fail(p, op_pos, "'%s' by a negative count (%lld)", name,
                    (long long)n.i);
    if (n.i > 63)
        return fail(p, op_pos, "'%s' by %lld, more than 63 bits", name,
                    (long long)n.i);
    int64_t result = a.i;
    if (op == '>') {
        /* -(a + 1) cannot overflow for a < 0, and shifts a non-negative */
        result = a.i >= 0 ? a.i >> n.i : -((-(a.i + 1)) >> n.i) - 1;
        *out = make_int(result);
        return true;
    }
    for (int64_t bit = 0; bit < n.i; bit++)
        if (__builtin_mul_overflow(result, 2, &result))
            return fail_overflow(p, op_pos);
    *out = make_int(result);
    return true;
}

static bool apply_binary(parser *p, char op, size_t op_pos, gr_value a,
                         gr_value b, gr_value *out)
{
    switch (op) {
    case '+': return add_values(p, op_pos, a, b, out);
    case '-': return subtract_values(p, op_pos, a, b, out);
    case '*': return multiply_values(p, op_pos, a, b, out);
    case '/': return divide_values(p, op_pos, a, b, out);
    default: return modulo_values(p, op_pos, a, b, out);
    }
}

/* ---- numbers ----------------------------------------------------------- */

/* Advances past a number literal starting at p->pos.  Returns true when it
 * has a fraction or an exponent, i.e. when it is a double.  An 'e' not
 * followed by digits is not part of the number ("2e" is 2 then a name). */
static bool scan_number(parser *p)
{
    bool is_double = false;
    while (is_digit(char_at(p, p->pos)))
        p->pos++;
    if (char_at(p, p->pos) == '.') {
        is_double = true;
        p->pos++;
        while (is_digit(char_at(p, p->pos)))
            p->pos++;
    }
    if (lower(char_at(p, p->pos)) == 'e') {
        size_t digits = p->pos + 1;
        if (char_at(p, digits) == '+' || char_at(p, digits) == '-')
            digits++;
        if (is_digit(char_at(p, digits))) {
            is_double = true;
            p->pos = digits;
            while (is_digit(char_at(p, p->pos)))
                p->pos++;
        }
    }
    return is_double;
}

static int hex_digit(char c)
{
    char l = lower(c);
    if (is_digit(c))
        return c - '0';
    return l >= 'a' && l <= 'f' ? l - 'a' + 10 : -1;
}

/* "0x" or "0X" and at least one hexadecimal digit; "0x" alone is 0 then
 * the name x. */
static bool at_hex_literal(const parser *p)
{
    return char_at(p, p->pos) == '0' && lower(char_at(p, p->pos + 1)) == 'x' &&
           hex_digit(char_at(p, p->pos + 2)) >= 0;
}

static bool read_hex_literal(parser *p, gr_value *out)
{
    size_t start = p->pos;
    int64_t value = 0;
    for (p->pos += 2; hex_digit(char_at(p, p->pos)) >= 0; p->pos++) {
        if (__builtin_mul_overflow(value, 16, &value) ||
            __builtin_add_overflow(value, hex_digit(char_at(p, p->pos)),
                                   &value))
            return fail_overflow(p, start);
    }
    *out = make_int(value);
    return true;
}

static bool read_int_literal(parser *p, size_t start, gr_value *out)
{
    int64_t value = 0;
    for (size_t i = start; i < p->pos; i++) {
        if (__builtin_mul_overflow(value, 10, &value) ||
            __builtin_add_overflow(value, p->text[i] - '0', &value))
            return fail_overflow(p, start);
    }
    *out = make_int(value);
    return true;
}

/* strtod needs a terminated copy; the literal is at most GR_EXPR_MAX_LEN
 * characters long.  strtod follows LC_NUMERIC: a program that switches it
 * away from "C" gets "malformed number" for literals with a '.'. */
static bool read_double_literal(parser *p, size_t start, gr_value *out)
{
    char literal[GR_EXPR_MAX_LEN + 1];
    size_t len = p->pos - start;
    char *end;
    double value;

    memcpy(literal, p->text + start, len);
    literal[len] = '\0';
    value = strtod(literal, &end);
    if (end != literal + len)
        return fail(p, start, "malformed number");
    if (!isfinite(value))
        return fail(p, start, "number too large");
    *out = make_double(value);
    return true;
}

/* Returns the multiplier of a byte-size suffix word (len >= 1), 0 if it is
 * none; counts: the suffixes without a B only. */
static int64_t suffix_multiplier(const char *word, size_t len, bool counts)
{
    static const struct {
        char letter;
        int64_t multiplier;
    } units[] = {{'k', INT64_C(1) << 10},
                 {'m', INT64_C(1) << 20},
                 {'g', INT64_C(1) << 30}};
    static const char *const tails[] = {"", "b", "ib"};
    size_t tail_count = counts ? 1 : sizeof tails / sizeof tails[0];

    if (!counts && len == 1 && lower(word[0]) == 'b')
        return 1;
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        if (lower(word[0]) != units[u].letter)
            continue;
        for (size_t t = 0; t < tail_count; t++) {
            size_t tail_len = strlen(tails[t]);
            if (len != 1 + tail_len)
                continue;
            bool same = true;
            for (size_t c = 0; c < tail_len; c++)
                same = same && lower(word[1 + c]) == tails[t][c];
            if (same)
                return units[u].multiplier;
        }
    }
    return 0;
}

/* A suffixed literal that comes out whole is an integer again: 1.5K = 1536. */
static bool scale_literal(parser *p, size_t start, int64_t multiplier,
                          gr_value *v)
{
    if (v->is_int) {
        int64_t scaled;
        if (__builtin_mul_overflow(v->i, multiplier, &scaled))
            return fail_overflow(p, start);
        *v = make_int(scaled);
        return true;
    }
    double scaled = v->d * (double)multiplier;
    if (!isfinite(scaled))
        return fail(p, start, "number too large");
    *v = double_is_whole_int64(scaled) ? make_int((int64_t)scaled)
                                       : make_double(scaled);
    return true;
}

static bool apply_suffix(parser *p, size_t start, gr_value *v)
{
    bool bytes = p->flags & GR_EXPR_BYTE_SUFFIXES;
    bool counts = !bytes && (p->flags & GR_EXPR_COUNT_SUFFIXES);
    if (!(bytes || counts) || !is_name_start(peek(p)))
        return true;
    size_t word_end = name_end(p, p->pos), len = word_end - p->pos;
    int64_t multiplier = suffix_multiplier(p->text + p->pos, len, counts);
    if (multiplier == 0 && counts &&
        suffix_multiplier(p->text + p->pos, len, false) != 0)
        return fail_with_name(p, p->pos, "", len,
                              " is a byte size's suffix; a count takes K, "
                              "M or G");
    if (multiplier == 0)
        return true;
    p->pos = word_end;
    return scale_literal(p, start, multiplier, v);
}

static bool parse_number(parser *p, gr_value *out)
{
    size_t start = p->pos;
    bool read;
    if (at_hex_literal(p)) {
        read = read_hex_literal(p, out);
    } else {
        bool is_double = scan_number(p);
        read = is_double ? read_double_literal(p, start, out)
                         : read_int_literal(p, start, out);
    }
    if (!read || !apply_suffix(p, start, out))
        return false;
    /* A name straight after a number is most likely a unit or a suffix
     * given without GR_EXPR_BYTE_SUFFIXES; say so rather than "trailing". */
    if (is_name_start(peek(p)))
        return fail_with_name(p, p->pos, "unexpected name ",
                              name_end(p, p->pos) - p->pos,
                              " after a number");
    return true;
}

/* ---- names and calls --------------------------------------------------- */

static bool parse_variable(parser *p, size_t start, size_t len, gr_value *out)
{
    gr_value v;
    if (!p->lookup || !p->lookup(p->ctx, p->text + start, len, &v))
        return fail_with_name(p, start, "unknown name ", len, "");
    if (!v.is_int && !isfinite(v.d))
        return fail_with_name(p, start, "value of ", len,
                              " is not a finite number");
    *out = v.is_int ? make_int(v.i) : make_double(v.d);
    return true;
}

static const fn_def *find_function(const char *name, size_t len)
{
    for (size_t f = 0; f < sizeof functions / sizeof functions[0]; f++) {
        if (strlen(functions[f].name) == len &&
            memcmp(functions[f].name, name, len) == 0)
            return &functions[f];
    }
    return NULL;
}

/* min/max stay integers while every argument is one; a double argument
 * turns the comparison, and the result, into doubles. */
static gr_value pick_extreme(fn_kind kind, gr_value a, gr_value b)
{
    if (a.is_int && b.is_int) {
        bool take_b = kind == FN_MIN ? b.i < a.i : b.i > a.i;
        return take_b ? b : a;
    }
    double da = gr_value_as_double(a);
    double db = gr_value_as_double(b);
    return make_double(kind == FN_MIN ? fmin(da, db) : fmax(da, db));
}

static void add_argument(const fn_def *fn, call_args *args, gr_value v,
                         size_t position)
{
    if (args->count < 2) {
        args->first[args->count] = v;
        args->first_pos[args->count] = position;
    }
    if (fn->kind == FN_MIN || fn->kind == FN_MAX)
        args->folded = args->count == 0 ? v : pick_extreme(fn->kind,
                                                           args->folded, v);
    args->count++;
}

/* Parses "(a, b, ...)" with p->pos on the '('. */
static bool parse_arguments(parser *p, const fn_def *fn, call_args *args)
{
    p->pos++;
    if (peek(p) == ')') {
        p->pos++;
        return true;
    }
    for (;;) {
        gr_value v;
        peek(p);
        size_t arg_pos = p->pos;
        if (!parse_expr(p, &v))
            return false;
        add_argument(fn, args, v, arg_pos);
        char next = peek(p);
        if (next != ',' && next != ')')
            return fail(p, p->pos, "expected ',' or ')'");
        p->pos++;
        if (next == ')')
            return true;
    }
}

static bool check_arity(parser *p, const fn_def *fn, size_t name_pos,
                        size_t count)
{
    if (count >= fn->min_args && count <= fn->max_args)
        return true;
    if (fn->max_args == SIZE_MAX)
        return fail(p, name_pos, "%s needs at least %zu argument%s", fn->name,
                    fn->min_args, fn->min_args == 1 ? "" : "s");
    return fail(p, name_pos, "%s takes %zu argument%s", fn->name, fn->max_args,
                fn->max_args == 1 ? "" : "s");
}

static bool round_to_int(parser *p, size_t name_pos, fn_kind kind, gr_value x,
                         gr_value *out)
{
    if (x.is_int) {
        *out = x;
        return true;
    }
    double whole = kind == FN_CEIL ? ceil(x.d)
                   : kind == FN_FLOOR ? floor(x.d)
                                      : round(x.d);
    if (!double_is_whole_int64(whole))
        return fail_overflow(p, name_pos);
    *out = make_int((int64_t)whole);
    return true;
}

/* Ceiling of a/b for integers of any sign: C truncates toward zero, which
 * is already the ceiling when the exact quotient is negative. */
static bool ceiling_divide(parser *p, size_t name_pos, const call_args *args,
                           gr_value *out)
{
    gr_value a = args->first[0];
    gr_value b = args->first[1];
    for (size_t i = 0; i < 2; i++) {
        if (!args->first[i].is_int)
            return fail(p, args->first_pos[i], "cdiv needs integers");
    }
    if (b.i == 0)
        return fail(p, args->first_pos[1], "division by zero");
    if (a.i == INT64_MIN && b.i == -1)
        return fail_overflow(p, name_pos);
    int64_t quotient = a.i / b.i;
    int64_t remainder = a.i % b.i;
    if (remainder != 0 && (remainder > 0) == (b.i > 0))
        quotient++;
    *out = make_int(quotient);
    return true;
}

static bool parse_call(parser *p, const fn_def *fn, size_t name_pos,
                       gr_value *out)
{
    call_args args = {.count = 0};
    if (!enter(p, p->pos))
        return false;
    bool parsed = parse_arguments(p, fn, &args);
    leave(p);
    if (!parsed || !check_arity(p, fn, name_pos, args.count))
        return false;
    switch (fn->kind) {
    case FN_MIN:
    case FN_MAX: *out = args.folded; return true;
    case FN_CDIV: return ceiling_divide(p, name_pos, &args, out);
    default: return round_to_int(p, name_pos, fn->kind, args.first[0], out);
    }
}

/* A name followed by '(' is a call and never reaches the lookup. */
static bool parse_name(parser *p, gr_value *out)
{
    size_t start = p->pos;
    size_t len = name_end(p, start) - start;
    p->pos = start + len;
    if (peek(p) != '(')
        return parse_variable(p, start, len, out);
    const fn_def *fn = find_function(p->text + start, len);
    if (!fn)
        return fail_with_name(p, start, "unknown function ", len, "");
    return parse_call(p, fn, start, out);
}

/* ---- grammar ----------------------------------------------------------- */

static bool parse_group(parser *p, gr_value *out)
{
    if (!enter(p, p->pos))
        return false;
    p->pos++;
    bool parsed = parse_expr(p, out);
    leave(p);
    if (!parsed)
        return false;
    if (peek(p) != ')')
        return fail(p, p->pos, "expected ')'");
    p->pos++;
    return true;
}

static bool parse_primary(parser *p, gr_value *out)
{
    char c = peek(p);
    if (is_digit(c) || (c == '.' && is_digit(char_at(p, p->pos + 1))))
        return parse_number(p, out);
    if (is_name_start(c))
        return parse_name(p, out);
    if (c == '(')
        return parse_group(p, out);
    if (c == ')')
        return fail(p, p->pos, "unexpected ')'");
    return fail(p, p->pos, "expected a number, a name or '('");
}

static bool parse_power(parser *p, gr_value *out)
{
    gr_value exponent;
    if (!parse_primary(p, out))
        return false;
    if (peek(p) != '^')
        return true;
    size_t op_pos = p->pos;
    if (!enter(p, op_pos))
        return false;
    p->pos++;
    bool parsed = parse_unary(p, &exponent);
    leave(p);
    return parsed && power_values(p, op_pos, *out, exponent, out);
}

static bool parse_unary(parser *p, gr_value *out)
{
    char sign = peek(p);
    if (sign != '-' && sign != '+')
        return parse_power(p, out);
    size_t op_pos = p->pos;
    gr_value operand;
    if (!enter(p, op_pos))
        return false;
    p->pos++;
    bool parsed = parse_unary(p, &operand);
    leave(p);
    if (!parsed)
        return false;
    if (sign == '-')
        return negate_value(p, op_pos, operand, out);
    *out = operand;
    return true;
}

static bool parse_term(parser *p, gr_value *out)
{
    if (!parse_unary(p, out))
        return false;
    for (;;) {
        char op = peek(p);
        if (op != '*' && op != '/' && op != '%')
            return true;
        size_t op_pos = p->pos++;
        gr_value rhs;
        if (!parse_unary(p, &rhs) ||
            !apply_binary(p, op, op_pos, *out, rhs, out))
            return false;
    }
}

static bool parse_sum(parser *p, gr_value *out)
{
    if (!parse_term(p, out))
        return false;
    for (;;) {
        char op = peek(p);
        if (op != '+' && op != '-')
            return true;
        size_t op_pos = p->pos++;
        gr_value rhs;
        if (!parse_term(p, &rhs) ||
            !apply_binary(p, op, op_pos, *out, rhs, out))
            return false;
    }
}

static bool parse_expr(parser *p, gr_value *out)
{
    if (!parse_sum(p, out))
        return false;
    for (;;) {
        char op = peek(p);
        if ((op != '<' && op != '>') || char_at(p, p->pos + 1) != op)
            return true;
        size_t op_pos = p->pos;
        p->pos += 2;
        gr_value rhs;
        if (!parse_sum(p, &rhs) ||
            !shift_values(p, op, op_pos, *out, rhs, out))
            return false;
    }
}

/* ---- entry point ------------------------------------------------------- */

static bool eval_text(parser *p, gr_value *out)
{
    if (!p->text)
        return fail(p, 0, "no expression given");
    /* strnlen: a huge string is refused without reading all of it. */
    p->len = strnlen(p->text, GR_EXPR_MAX_LEN + 1);
    if (p->len > GR_EXPR_MAX_LEN)
        return fail(p, GR_EXPR_MAX_LEN, "expression longer than %d characters",
                    GR_EXPR_MAX_LEN);
    if (peek(p) == '\0')
        return fail(p, 0, "empty expression");
    if (!parse_expr(p, out))
        return false;
    char rest = peek(p);
    if (rest == ')')
        return fail(p, p->pos, "unexpected ')'");
    if (p->pos < p->len)
        return fail(p, p->pos, "trailing characters after the expression");
    return true;
}

bool gr_expr_eval(const char *text, gr_expr_lookup lookup, void *ctx,
                  unsigned flags, gr_value *out, gr_expr_error *err)
{
    gr_expr_error ignored_err;
    gr_value result = make_int(0);
    parser p = {
        .text = text,
        .len = 0,
        .pos = 0,
        .lookup = lookup,
        .ctx = ctx,
        .flags = flags,
        .depth = 0,
        .err = err ? err : &ignored_err,
    };
    p.err->message[0] = '\0';
    p.err->too_large = false;
    p.err->position = 0;
    if (!eval_text(&p, &result))
        return false;
    if (out)
        *out = result;
    return true;
}
