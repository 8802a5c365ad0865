/* The typed option tables (src/cli/options.c): each type's conversion and
 * range errors, choices, the groups' checks and wording, repeat rules.
 * Errors go to stderr; the tests check the status and the field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "options.h"

/* The compile-time check: this declaration must not compile, an integer
 * option over a string field ("size of unnamed array is negative"):
 *     CLI_OPT_INT(test_options, name, CLI_COUNT, 0, 10, .name = "name", .arg = "N")
 * tests/unit/options_static.sh compiles it with $(CC) -fsyntax-only and
 * expects the failure, and the same file with the right type to pass. */

typedef struct {
    bool flag;
    const char *name, *path;
    cli_values list;
    cli_int_value count, size;
    cli_double_value rate;
    cli_choice_value axis;
    cli_choices_value axes_list, axes_each;
    struct pair {
        bool given;
        int a, b;
    } pair;
    struct pairs {
        size_t count;
        int a[4];
    } pairs_a;
} test_options;

static const char *const axes[] = {"threads", "regs", "smem", NULL};

/* A CLI_OPT_PARSED option's parse function: "AxB", each 1 to 9; a bad
 * value is bad input, "0x0" a usage error (what it returns is passed on). */
static int parse_pair(const char *command, const cli_option *opt, const char *value, void *field)
{
    struct pair *p = field;
    assert_string_equal(command, "test");
    assert_non_null(strstr(opt->name, "pair"));
    if (strcmp(value, "0x0") == 0)
        return cli_usage_error(command, "--%s: 0x0 is no pair", opt->name);
    if (strlen(value) != 3 || value[1] != 'x' || value[0] < '1' || value[0] > '9' || value[2] < '1' || value[2] > '9')
        return cli_fail("--%s '%s': expected AxB", opt->name, value);
    *p = (struct pair){true, value[0] - '0', value[2] - '0'};
    return EXIT_OK;
}

/* The same, gathering each value's A where the option repeats. */
static int parse_pairs(const char *command, const cli_option *opt, const char *value, void *field)
{
    struct pairs *pairs = field;
    struct pair one;
    int rc = parse_pair(command, opt, value, &one);
    if (rc == EXIT_OK && pairs->count == 4)
        return cli_usage_error(command, "at most 4 pairs");
    if (rc == EXIT_OK)
        pairs->a[pairs->count++] = one.a;
    return rc;
}

#define T test_options
static const cli_option options[] = {
    CLI_OPT_FLAG(T, flag, .name = "flag", .short_name = 'f', .help = "a flag"),
    CLI_OPT_STRING(T, name, .name = "name", .arg = "NAME", .help = "a string"),
    CLI_OPT_PATH(T, path, .name = "path", .arg = "FILE", .help = "a path"),
    CLI_OPT_LIST(T, list, .name = "item", .short_name = 'i', .arg = "X", .help = "a list"),
    CLI_OPT_INT(T, count, CLI_COUNT, 1, 1024, .name = "count", .arg = "N", .help = "a count"),
    CLI_OPT_INT(T, size, CLI_BYTES, 0, INT64_C(1) << 40, .name = "size", .arg = "BYTES", .help = "a size"),
    CLI_OPT_DOUBLE(T, rate, CLI_PLAIN, 1e-9, 1e12, .name = "rate", .arg = "GBS", .help = "a rate"),
    CLI_OPT_CHOICE(T, axis, axes, .name = "axis", .arg = "AXIS", .help = "a choice"),
    CLI_OPT_CHOICES(T, axes_list, axes, .name = "axes", .arg = "LIST", .help = "choices, comma-separated"),
    CLI_OPT_CHOICES(T, axes_each, axes, .name = "each", .arg = "AXIS", .repeats = true, .help = "choices, repeated"),
    CLI_OPT_PARSED(T, pair, struct pair, parse_pair, .name = "pair", .arg = "AxB", .help = "a parsed value"),
    CLI_OPT_PARSED(T, pairs_a, struct pairs, parse_pairs, .name = "pairs", .arg = "AxB",
                   .repeats = true, .help = "parsed values, repeated"),
};
#undef T

static const cli_group groups[] = {
    {CLI_EXCLUSIVE, "count rate/size", NULL},
    {CLI_NEEDS, "axis name path", "why"},
    {CLI_TOGETHER, "flag item", NULL},
    {0},
};

static const cli_spec spec = {"test", "Usage: test\n", NULL, options, sizeof options / sizeof options[0], groups};

/* Parses the words (the command's name first) into *o; returns the status. */
static int parse_words(test_options *o, const char *first, ...)
{
    char *argv[32];
    int argc = 0, operand;
    va_list ap;
    va_start(ap, first);
    for (const char *w = first; w && argc < 31; w = va_arg(ap, const char *))
        argv[argc++] = (char *)w;
    va_end(ap);
    argv[argc] = NULL;
    memset(o, 0, sizeof *o);
    return cli_parse(&spec, argc, argv, o, &operand);
}

static void ints_convert_with_suffixes_and_arithmetic(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--count", "7*4", "--item", "a", "-f", NULL), EXIT_OK);
    assert_true(o.count.given);
    assert_int_equal(o.count.value, 28);
    assert_string_equal(o.count.text, "7*4");
    assert_false(o.size.given);
    assert_int_equal(parse_words(&o, "test", "--count", "1K", NULL), EXIT_OK);
    assert_int_equal(o.count.value, 1024);
    assert_int_equal(parse_words(&o, "test", "--size", "4KiB", NULL), EXIT_OK);
    assert_int_equal(o.size.value, 4096);
    assert_int_equal(parse_words(&o, "test", "--size", "0x10", NULL), EXIT_OK);
    assert_int_equal(o.size.value, 16);
}

static void ints_out_of_range_are_bad_input(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--count", "0", NULL), EXIT_INPUT);
    assert_false(o.count.given);
    assert_int_equal(parse_words(&o, "test", "--count", "1025", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--count", "1.5", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--count", "x", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--size", "-1", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--size", "1 << 63", NULL), EXIT_INPUT);
    /* bytes' suffixes are not a count's: B is only for sizes */
    assert_int_equal(parse_words(&o, "test", "--count", "4B", NULL), EXIT_INPUT);
}

static void doubles_positive_and_finite(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--rate", "1555.5", NULL), EXIT_OK);
    assert_true(o.rate.given);
    assert_true(fabs(o.rate.value - 1555.5) < 1e-9);
    assert_int_equal(parse_words(&o, "test", "--rate", "0", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--rate", "-5", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--rate", "1e308*10", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--rate", "2e12", NULL), EXIT_INPUT);
    /* a rate takes no K: 1024 or 1000 would be a guess */
    assert_int_equal(parse_words(&o, "test", "--rate", "19.5K", NULL), EXIT_INPUT);
    assert_false(o.rate.given);
}

static void choices_in_any_case(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--axis", "REGS", "--name", "n", NULL), EXIT_OK);
    assert_true(o.axis.given);
    assert_int_equal(o.axis.index, 1);
    assert_int_equal(parse_words(&o, "test", "--axis", "smem", "--name", "n", NULL), EXIT_OK);
    assert_int_equal(o.axis.index, 2);
    assert_int_equal(parse_words(&o, "test", "--axis", "thread", "--name", "n", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--axis", "", "--name", "n", NULL), EXIT_USAGE);
}

/* A comma-separated list of choices: each in any case, in the order given,
 * each kept once; an empty item or an unknown one is a usage error. */
static void choice_lists(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--axes", "SMEM,threads", NULL), EXIT_OK);
    assert_true(o.axes_list.given);
    assert_int_equal(o.axes_list.count, 2);
    assert_int_equal(o.axes_list.index[0], 2);
    assert_int_equal(o.axes_list.index[1], 0);
    assert_int_equal(parse_words(&o, "test", "--axes", "regs,smem,regs", NULL), EXIT_OK);
    assert_int_equal(o.axes_list.count, 2);
    assert_int_equal(o.axes_list.index[1], 2);
    assert_int_equal(parse_words(&o, "test", "--axes", "regs", NULL), EXIT_OK);
    assert_int_equal(o.axes_list.count, 1);
    assert_false(o.axes_each.given);
    assert_int_equal(parse_words(&o, "test", "--axes", "regs,,smem", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--axes", "regs,", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--axes", "", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--axes", "regs,warps", NULL), EXIT_USAGE);
    /* without .repeats, given once; with it, each value's choices added */
    assert_int_equal(parse_words(&o, "test", "--axes", "regs", "--axes", "smem", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--each", "regs", "--each", "threads,REGS", NULL), EXIT_OK);
    assert_int_equal(o.axes_each.count, 2);
    assert_int_equal(o.axes_each.index[0], 1);
    assert_int_equal(o.axes_each.index[1], 0);
}

/* A parsed option: its function fills the field, and its status is the
 * parse's; given once unless .repeats. */
static void parsed_values(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--pair", "3x4", NULL), EXIT_OK);
    assert_true(o.pair.given);
    assert_int_equal(o.pair.a, 3);
    assert_int_equal(o.pair.b, 4);
    assert_int_equal(parse_words(&o, "test", "--pair", "3y4", NULL), EXIT_INPUT);
    assert_false(o.pair.given);
    assert_int_equal(parse_words(&o, "test", "--pair", "0x0", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--pair", "1x1", "--pair", "2x2", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--pair", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--pairs", "1x1", "--pairs", "2x2", "--pairs", "3x3", NULL), EXIT_OK);
    assert_int_equal(o.pairs_a.count, 3);
    assert_int_equal(o.pairs_a.a[2], 3);
    assert_int_equal(parse_words(&o, "test", "--pairs", "1x1", "--pairs", "1x", NULL), EXIT_INPUT);
    assert_int_equal(parse_words(&o, "test", "--pairs", "1x1", "--pairs", "1x1", "--pairs", "1x1", "--pairs", "1x1",
                                 "--pairs", "1x1", NULL),
                     EXIT_USAGE);
}

static void strings_paths_and_flags(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--name", "", "--path", "a/b", NULL), EXIT_OK);
    assert_string_equal(o.name, "");
    assert_string_equal(o.path, "a/b");
    assert_int_equal(parse_words(&o, "test", "--path", "", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--flag=1", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--count", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--nope", NULL), EXIT_USAGE);
}

static void repeats_only_for_lists(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "-f", "-i", "a", "--item", "b", "-i", "c", NULL), EXIT_OK);
    assert_int_equal(o.list.count, 3);
    assert_string_equal(o.list.items[2], "c");
    assert_int_equal(parse_words(&o, "test", "--count", "2", "--count", "2", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--name", "a", "--name", "b", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "-f", "-f", "-i", "a", NULL), EXIT_USAGE);
}

static void list_past_its_limit(void **state)
{
    (void)state;
    char *argv[2 * CLI_MAX_VALUES + 5];
    int argc = 0, operand;
    test_options o = {0};
    argv[argc++] = "test";
    argv[argc++] = "-f";
    for (int i = 0; i <= CLI_MAX_VALUES; i++) {
        argv[argc++] = "-i";
        argv[argc++] = "x";
    }
    argv[argc] = NULL;
    assert_int_equal(cli_parse(&spec, argc, argv, &o, &operand), EXIT_USAGE);
    assert_int_equal(o.list.count, CLI_MAX_VALUES);
}

static void exclusive_groups(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--count", "2", "--rate", "3", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--count", "2", "--size", "3", NULL), EXIT_USAGE);
    /* the options of one member go together */
    assert_int_equal(parse_words(&o, "test", "--rate", "2", "--size", "3", NULL), EXIT_OK);
    assert_int_equal(parse_words(&o, "test", "--count", "2", NULL), EXIT_OK);
}

static void needs_groups(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "--axis", "regs", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "--axis", "regs", "--path", "p", NULL), EXIT_OK);
    /* a need is one way: the others alone are fine */
    assert_int_equal(parse_words(&o, "test", "--name", "n", NULL), EXIT_OK);
}

static void together_groups(void **state)
{
    (void)state;
    test_options o;
    assert_int_equal(parse_words(&o, "test", "-f", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "-i", "a", NULL), EXIT_USAGE);
    assert_int_equal(parse_words(&o, "test", "-f", "-i", "a", NULL), EXIT_OK);
    assert_int_equal(parse_words(&o, "test", NULL), EXIT_OK);
}

/* The groups' one wording, read back from stderr. */
static void group_wording(void **state)
{
    (void)state;
    test_options o;
    char path[] = "/tmp/test_options_XXXXXX", line[512] = "";
    int fd = mkstemp(path), saved = dup(2);
    assert_true(fd >= 0 && saved >= 0);
    fflush(stderr);
    dup2(fd, 2);
    parse_words(&o, "test", "--count", "2", "--size", "3", NULL);
    parse_words(&o, "test", "--axis", "regs", NULL);
    parse_words(&o, "test", "-f", NULL);
    parse_words(&o, "test", "--axis", "thread", "--name", "n", NULL);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fdopen(fd, "r");
    rewind(f);
    const char *expected[] = {
        "gpuroof test: give --count or --size, not both (gpuroof test --help)\n",
        "gpuroof test: --axis needs --name or --path (why) (gpuroof test --help)\n",
        "gpuroof test: -f and -i go together (gpuroof test --help)\n",
        "gpuroof test: --axis takes threads, regs or smem, not 'thread': did you mean threads? (gpuroof test --help)\n",
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        assert_non_null(fgets(line, sizeof line, f));
        assert_string_equal(line, expected[i]);
    }
    fclose(f);
    unlink(path);
}

/* A group naming an option the table lacks is a bug, said so, not a pass. */
static void group_with_unknown_option(void **state)
{
    (void)state;
    static const cli_group bad[] = {{CLI_NEEDS, "flag nope", NULL}, {0}};
    cli_spec broken = spec;
    broken.groups = bad;
    char *argv[] = {"test", NULL};
    int operand;
    test_options o = {0};
    assert_int_equal(cli_parse(&broken, 1, argv, &o, &operand), EXIT_USAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ints_convert_with_suffixes_and_arithmetic),
        cmocka_unit_test(ints_out_of_range_are_bad_input),
        cmocka_unit_test(doubles_positive_and_finite),
        cmocka_unit_test(choices_in_any_case),
        cmocka_unit_test(choice_lists),
        cmocka_unit_test(parsed_values),
        cmocka_unit_test(strings_paths_and_flags),
        cmocka_unit_test(repeats_only_for_lists),
        cmocka_unit_test(list_past_its_limit),
        cmocka_unit_test(exclusive_groups),
        cmocka_unit_test(needs_groups),
        cmocka_unit_test(together_groups),
        cmocka_unit_test(group_wording),
        cmocka_unit_test(group_with_unknown_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
