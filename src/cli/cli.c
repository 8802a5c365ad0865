#include <config.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_data.h"
#include "gpuroof_model.h"
#include "gpuroof_text.h"

static void print_error(const char *fmt, va_list ap)
{
    fputs("gpuroof: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

bool cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_error(fmt, ap);
    va_end(ap);
    return false;
}

bool cli_error_kept(char *kept, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(kept, size, fmt, ap);
    va_end(ap);
    return cli_error("%s", kept);
}

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_error(fmt, ap);
    va_end(ap);
    return EXIT_INPUT;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gpuroof %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (gpuroof %s --help)\n", cmd);
    va_end(ap);
    return EXIT_USAGE;
}

static unsigned expr_flags(cli_quantity quantity)
{
    return quantity == CLI_BYTES ? GR_EXPR_BYTE_SUFFIXES : quantity == CLI_COUNT ? GR_EXPR_COUNT_SUFFIXES : 0;
}

/* A plain number with a count's suffix ("19.5K" GFLOP/s) was most likely
 * meant as 19500: say that the suffix is not taken rather than "unexpected
 * name". */
static bool plain_with_suffix(const char *text)
{
    gr_value v;
    gr_expr_error e;
    return !gr_expr_eval(text, NULL, NULL, 0, &v, &e) &&
           gr_expr_eval(text, NULL, NULL, GR_EXPR_COUNT_SUFFIXES, &v, &e);
}

/* range: appended where the value is too large to compute at all, so the
 * message still says which values the option takes. */
static bool eval_option(const char *option, const char *shown, const char *text, cli_quantity quantity,
                        const char *range, gr_value *v)
{
    gr_expr_error e;
    if (gr_expr_eval(text, NULL, NULL, expr_flags(quantity), v, &e))
        return true;
    if (quantity == CLI_PLAIN && plain_with_suffix(text))
        return cli_error("%s '%s': takes no K, M or G (those are 1024-based, for counts and sizes): "
                         "write the number out", option, shown);
    return cli_error("%s '%s': %s (at character %zu)%s", option, shown, e.message, e.position + 1,
                     e.too_large ? range : "");
}

bool cli_int_as(const char *option, const char *shown, const char *text, cli_quantity quantity, int64_t min,
                int64_t max, int64_t *out)
{
    gr_value v;
    char range[96];
    snprintf(range, sizeof range, ", out of range (%lld to %lld)", (long long)min, (long long)max);
    if (!eval_option(option, shown, text, quantity, range, &v))
        return false;
    int64_t n;
    if (!gr_value_to_int(v, INT64_MIN, INT64_MAX, &n))
        return cli_error("%s '%s': must be a whole number, not %g", option, shown, gr_value_as_double(v));
    if (n < 0 && min == 0)
        return cli_error("%s '%s': must not be negative", option, shown);
    if (n < min || n > max)
        return cli_error("%s '%s': %lld is out of range (%lld to %lld)", option, shown,
                         (long long)n, (long long)min, (long long)max);
    *out = n;
    return true;
}

bool cli_int(const char *option, const char *text, cli_quantity quantity, int64_t min, int64_t max, int64_t *out)
{
    return cli_int_as(option, text, text, quantity, min, max, out);
}

/* A double's min is 0 where zero is allowed, or a tiny number standing for
 * "positive": the message says which rather than quote 1e-300. */
bool cli_double(const char *option, const char *text, cli_quantity quantity, double min, double max, double *out)
{
    gr_value v;
    char range[96];
    snprintf(range, sizeof range, ", out of range (%g to %g)", min, max);
    if (!eval_option(option, text, text, quantity, range, &v))
        return false;
    double d = gr_value_as_double(v);
    if (d < 0 && min == 0)
        return cli_error("%s '%s': must not be negative", option, text);
    if (d <= 0 && min > 0)
        return cli_error("%s '%s': must be positive", option, text);
    if (!(d >= min && d <= max))
        return cli_error("%s '%s': %g is out of range (%g to %g)", option, text, d, min, max);
    *out = d;
    return true;
}

void cli_search_path(gr_search_path *sp, const char *profiles_option)
{
    cli_data_path(GR_DATA_PROFILES, profiles_option, sp);
}

bool cli_load_device(const char *profiles_option, const char *device, gr_profile *p)
{
    gr_search_path sp;
    gr_error err;
    cli_search_path(&sp, profiles_option);
    if (gr_profile_find(&sp, device, p, &err))
        return true;
    return cli_error("%s", err.text);
}

bool cli_load_profiles(const char *profiles_option, gr_profile_list *list)
{
    gr_search_path sp;
    gr_error err;
    cli_search_path(&sp, profiles_option);
    if (!gr_profile_list_all(&sp, list, &err))
        return cli_error("%s", err.text);
    (void)cli_report_unloaded(list);
    return true;
}

const gr_profile *cli_find_gpu_profile(const char *profiles_option, const gr_gpu_info *gpu, gr_profile_list *list)
{
    if (!cli_load_profiles(profiles_option, list))
        return NULL;
    return gr_profile_match_gpu(list, gpu);
}

int cli_report_unloaded(const gr_profile_list *list)
{
    for (size_t i = 0; i < list->failure_count; i++)
        fprintf(stderr, "gpuroof: %s\n", list->failures[i].error.text);
    return list->failure_count ? EXIT_INPUT : EXIT_OK;
}

/* How every command's JSON is printed */
enum { JSON_FLAGS = JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12) };

int cli_put_json(json_t *value, json_t **dest)
{
    if (!value)
        return cli_fail("out of memory");
    if (dest) {
        *dest = value;
        return EXIT_OK;
    }
    int rc = json_dumpf(value, stdout, JSON_FLAGS);
    json_decref(value);
    fputc('\n', stdout);
    return rc == 0 ? EXIT_OK : cli_fail("cannot write the JSON output");
}

static const char json_indent[] = "    "; /* 2 x the deepest depth streamed, 2 */

/* Prints value as jansson would at a nesting depth of `depth` (its lines
 * after the first indented 2 x depth more): JSON strings hold no raw
 * newline, so each newline of the dump starts a line of its own. */
static bool print_json_at(json_t *value, int depth)
{
    char *text = value ? json_dumps(value, JSON_FLAGS | JSON_ENCODE_ANY) : NULL;
    if (!text)
        return false;
    const char *line = text;
    for (const char *end; (end = strchr(line, '\n')); line = end + 1) {
        fwrite(line, 1, (size_t)(end + 1 - line), stdout);
        fwrite(json_indent, 1, 2 * (size_t)depth, stdout);
    }
    fputs(line, stdout);
    free(text);
    return true;
}

static bool print_streamed_array(cli_json_next *next, void *state)
{
    json_t *item = NULL;
    bool ok = true, first = true;
    while (ok && next(state, &item)) {
        fputs(first ? "[\n    " : ",\n    ", stdout);
        ok = print_json_at(item, 2);
        json_decref(item);
        first = false;
    }
    fputs(first ? "[]" : "\n  ]", stdout);
    return ok;
}

static bool print_streamed(json_t *value, const char *key, cli_json_next *next, void *state)
{
    const char *k;
    json_t *member;
    bool ok = true, first = true;
    fputc('{', stdout);
    json_object_foreach(value, k, member) {
        fputs(first ? "\n  " : ",\n  ", stdout);
        first = false;
        json_t *name = json_string(k);
        ok = ok && print_json_at(name, 1);
        json_decref(name);
        fputs(": ", stdout);
        ok = ok && (strcmp(k, key) == 0 ? print_streamed_array(next, state) : print_json_at(member, 1));
    }
    fputs(first ? "}\n" : "\n}\n", stdout);
    return ok;
}

int cli_put_json_streamed(json_t *value, const char *key, cli_json_next *next, void *state, json_t **dest)
{
    if (!value)
        return cli_fail("out of memory");
    if (dest) {
        json_t *array = json_array(), *item = NULL;
        bool whole = array != NULL;
        while (whole && next(state, &item))
            whole = json_array_append_new(array, item) == 0;
        if (!whole)
            json_decref(array);
        if (!whole || json_object_set_new(value, key, array) != 0) {
            json_decref(value);
            return cli_fail("out of memory");
        }
        return cli_put_json(value, dest);
    }
    bool ok = print_streamed(value, key, next, state);
    json_decref(value);
    return ok ? EXIT_OK : cli_fail("cannot write the JSON output");
}

static bool known_precision(const char *precision)
{
    for (const char *const *known = gr_precisions; *known; known++)
        if (gr_name_equal(*known, precision))
            return true;
    return false;
}

/* The message of cli_error_no_peak, once its list of peaks is built. */
static bool no_peak(const gr_profile *p, const char *precision, const char *suggestion, const gr_buf *peaks)
{
    if (gr_buf_failed(peaks))
        return cli_error("out of memory");
    return cli_error("%s has no %s peak (%sit has %s)", p->name, precision, suggestion, gr_buf_text(peaks));
}

/* A precision no profile may have is a typo: the closest of this
 * profile's are offered.  A known one (bf16 on a K40) is only missing. */
bool cli_error_no_peak(const gr_profile *p, const char *precision)
{
    gr_buf list = GR_BUF_INIT;
    gr_name_suggestion s;
    gr_suggest_start(&s, precision);
    for (int i = 0; i < p->peak_count; i++) {
        gr_buf_addf(&list, "%s%s", i ? ", " : "", p->peaks[i].precision);
        gr_suggest_consider(&s, p->peaks[i].precision);
    }
    no_peak(p, precision, known_precision(precision) ? "" : cli_suggested(&s, "did you mean ", "? ").text, &list);
    gr_buf_free(&list);
    return false;
}

cli_suggestion cli_suggested(const gr_name_suggestion *s, const char *before, const char *after)
{
    cli_suggestion out = {""};
    size_t start = strlen(before), end = strlen(after);
    if (start + end + 1 >= sizeof out.text ||
        !gr_suggest_text(s, out.text + start, sizeof out.text - start - end))
        return (cli_suggestion){""};
    memcpy(out.text, before, start);
    strcat(out.text, after);
    return out;
}

/* The length of the UTF-8 character at s (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or 0 where s holds none. */
static size_t utf8_char_length(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    /* the second byte's range narrows where the first alone would allow an
     * overlong form, a surrogate or a code point past U+10FFFF */
    unsigned char low = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char high = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (n == 0 || s[1] < low || s[1] > high)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

json_t *cli_json_text(const char *text)
{
    json_t *j = json_string(text);
    if (j)
        return j;
    size_t length = strlen(text);
    char *shown = malloc(3 * length + 1); /* each byte at most one U+FFFD */
    if (!shown)
        return NULL;
    size_t used = 0;
    for (size_t i = 0; i < length;) {
        size_t n = utf8_char_length((const unsigned char *)text + i);
        if (n == 0) {
            memcpy(shown + used, "\xEF\xBF\xBD", 3);
            used += 3, i++;
        } else {
            memcpy(shown + used, text + i, n);
            used += n, i += n;
        }
    }
    shown[used] = '\0';
    j = json_string(shown);
    free(shown);
    return j;
}
