#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "options.h"

/* getopt_long's value for the table's option i: above every short name. */
#define LONG_VALUE(i) (256 + (int)(i))
#define NOT_FOUND ((size_t)-1)
/* --help's lines are wrapped to the width of its usage lines. */
#define HELP_WIDTH 99

/* ---- --help ------------------------------------------------------------- */

/* "-o, --output FILE", "--flops F", "--json" */
static void synopsis(const cli_option *opt, char *out, size_t size)
{
    int n = 0;
    if (opt->short_name)
        n = snprintf(out, size, "-%c, ", opt->short_name);
    snprintf(out + n, size - (size_t)n, "--%s%s%s", opt->name, opt->arg ? " " : "", opt->arg ? opt->arg : "");
}

/* Writes text word by word from column `column` (the cursor already
 * there), starting a new line, indented to it, where a word would pass
 * HELP_WIDTH. */
static void print_wrapped(const char *text, int column)
{
    int at = column;
    while (*text) {
        size_t spaces = strspn(text, " "), len = strcspn(text + spaces, " ");
        if (len == 0)
            break;
        if (at > column && at + 1 + (int)len > HELP_WIDTH) {
            printf("\n%*s", column, "");
            at = column;
        }
        printf("%s%.*s", at > column ? " " : "", (int)len, text + spaces);
        at += (at > column) + (int)len;
        text += spaces + len;
    }
    printf("\n");
}

static void print_option(const char *names, const char *help, bool repeats, int column)
{
    char text[1024];
    snprintf(text, sizeof text, "%s%s", help, repeats ? "; may be repeated" : "");
    printf("  %-*s", column - 2, names);
    print_wrapped(text, column);
}

/* Listed after every table's options; cli_parse handles it itself. */
static const cli_option help = {.name = "help", .short_name = 'h', .help = "print this help"};

static void print_help(const cli_spec *spec)
{
    char names[CLI_MAX_OPTIONS + 1][128];
    int widest = 0;
    for (size_t i = 0; i <= spec->option_count; i++) {
        synopsis(i < spec->option_count ? &spec->options[i] : &help, names[i], sizeof names[i]);
        if ((int)strlen(names[i]) > widest)
            widest = (int)strlen(names[i]);
    }
    fputs(spec->usage, stdout);
    printf("\n");
    for (size_t i = 0; i < spec->option_count; i++)
        print_option(names[i], spec->options[i].help, spec->options[i].repeats, widest + 4);
    print_option(names[spec->option_count], help.help, false, widest + 4);
    if (spec->notes)
        printf("\n%s", spec->notes);
}

/* ---- parsing ------------------------------------------------------------ */

/* getopt_long's arrays for the table, --help and -h added; shortopts starts
 * with ':' so that a missing value is told apart from an unknown option. */
static void build_getopt(const cli_spec *spec, struct option *longopts, char *shortopts)
{
    char *s = shortopts;
    *s++ = ':';
    *s++ = 'h';
    for (size_t i = 0; i < spec->option_count; i++) {
        const cli_option *opt = &spec->options[i];
        longopts[i] = (struct option){opt->name, opt->arg ? required_argument : no_argument, NULL, LONG_VALUE(i)};
        if (opt->short_name) {
            *s++ = opt->short_name;
            if (opt->arg)
                *s++ = ':';
        }
    }
    *s = '\0';
    longopts[spec->option_count] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[spec->option_count + 1] = (struct option){NULL, 0, NULL, 0};
}

/* The table's index of what getopt_long returned, or NOT_FOUND. */
static size_t option_index(const cli_spec *spec, int c)
{
    if (c >= LONG_VALUE(0) && c < LONG_VALUE(spec->option_count))
        return (size_t)(c - LONG_VALUE(0));
    for (size_t i = 0; i < spec->option_count && c > 0; i++)
        if (spec->options[i].short_name == c)
            return i;
    return NOT_FOUND;
}

/* The usage error for what getopt_long refused: an unknown option, a
 * missing value, or a value given to a flag. */
static int refused(const char *command, char **argv, int c)
{
    const char *given = argv[optind - 1];
    if (c == ':')
        return cli_usage_error(command, "option '%s' needs a value", given);
    if (optopt != 0 && strncmp(given, "--", 2) == 0 && strchr(given, '='))
        return cli_usage_error(command, "option '%.*s' takes no value", (int)(strchr(given, '=') - given), given);
    if (optopt > 0 && optopt < 128)
        return cli_usage_error(command, "unknown option '-%c'", optopt);
    return cli_usage_error(command, "unknown option '%s'", given);
}

/* "--output" or "-o" */
static void option_name(const cli_option *opt, bool by_long, char *out, size_t size)
{
    if (by_long)
        snprintf(out, size, "--%s", opt->name);
    else
        snprintf(out, size, "-%c", opt->short_name);
}

/* Stores one value where the table says; by_long: how it was named, for
 * the message when it may not be given again. */
static int store(const cli_spec *spec, const cli_option *opt, void *options, const char *value, bool again,
                 bool by_long)
{
    char *field = (char *)options + opt->offset;
    char name[64];
    option_name(opt, by_long, name, sizeof name);
    if (again && !opt->repeats)
        return cli_usage_error(spec->command, "option '%s' given twice", name);
    if (!opt->arg) {
        *(bool *)field = true;
    } else if (!opt->repeats) {
        *(const char **)field = value;
    } else {
        cli_values *values = (cli_values *)field;
        if (values->count == CLI_MAX_VALUES)
            return cli_usage_error(spec->command, "option '%s' given more than %d times", name, CLI_MAX_VALUES);
        values->items[values->count++] = value;
    }
    return opt->take ? opt->take(spec->command, options, value) : EXIT_OK;
}

int cli_parse(const cli_spec *spec, int argc, char **argv, void *options, int *operand)
{
    struct option longopts[CLI_MAX_OPTIONS + 2];
    char shortopts[2 * CLI_MAX_OPTIONS + 3];
    bool given[CLI_MAX_OPTIONS] = {false};
    if (spec->option_count > CLI_MAX_OPTIONS)
        return cli_fail("%s: more options than CLI_MAX_OPTIONS (a gpuroof bug)", spec->command);
    build_getopt(spec, longopts, shortopts);
    opterr = 0;
    for (;;) {
        int long_index = -1, c = getopt_long(argc, argv, shortopts, longopts, &long_index);
        if (c == -1)
            break;
        if (c == 'h') {
            print_help(spec);
            return CLI_HELP_SHOWN;
        }
        size_t i = option_index(spec, c);
        if (i == NOT_FOUND)
            return refused(spec->command, argv, c);
        int rc = store(spec, &spec->options[i], options, optarg, given[i], long_index >= 0);
        if (rc != EXIT_OK)
            return rc;
        given[i] = true;
    }
    *operand = optind;
    return EXIT_OK;
}

int cli_parse_stopped(int rc)
{
    return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
}

/* ---- the command line back ---------------------------------------------- */

void cli_option_words(const cli_spec *spec, const void *options, cli_word_fn word, void *context)
{
    for (size_t i = 0; i < spec->option_count; i++) {
        const cli_option *opt = &spec->options[i];
        const char *field = (const char *)options + opt->offset;
        char name[64];
        option_name(opt, !opt->short_name, name, sizeof name);
        if (!opt->arg && *(const bool *)field) {
            word(name, context);
        } else if (opt->arg && !opt->repeats && *(const char *const *)field) {
            word(name, context);
            word(*(const char *const *)field, context);
        } else if (opt->arg && opt->repeats) {
            const cli_values *values = (const cli_values *)field;
            for (size_t v = 0; v < values->count; v++) {
                word(name, context);
                word(values->items[v], context);
            }
        }
    }
}

int cli_parse_options(const cli_spec *spec, int argc, char **argv, void *options)
{
    int operand, rc = cli_parse(spec, argc, argv, options, &operand);
    if (rc == EXIT_OK && operand < argc)
        return cli_usage_error(spec->command, "unexpected argument '%s'", argv[operand]);
    return rc;
}
