#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpuroof_text.h"
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
        print_option(names[i], spec->options[i].help,
                     spec->options[i].type == CLI_TYPE_LIST || spec->options[i].repeats, widest + 4);
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
        bool takes_value = opt->type != CLI_TYPE_FLAG;
        longopts[i] = (struct option){opt->name, takes_value ? required_argument : no_argument, NULL, LONG_VALUE(i)};
        if (opt->short_name) {
            *s++ = opt->short_name;
            if (takes_value)
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
static void option_name(const cli_option *opt, bool by_long, gr_buf *out)
{
    if (by_long)
        gr_buf_addf(out, "--%s", opt->name);
    else
        gr_buf_addf(out, "-%c", opt->short_name);
}

/* The error of an option given once more than it may be, named as it was
 * given. */
static int given_again(const char *command, const cli_option *opt, bool by_long)
{
    gr_buf name = GR_BUF_INIT;
    option_name(opt, by_long, &name);
    int rc = gr_buf_failed(&name) ? cli_fail("out of memory")
             : opt->type == CLI_TYPE_LIST
                 ? cli_usage_error(command, "option '%s' given more than %d times", gr_buf_text(&name), CLI_MAX_VALUES)
                 : cli_usage_error(command, "option '%s' given twice", gr_buf_text(&name));
    gr_buf_free(&name);
    return rc;
}

/* "threads, regs or smem"; last: the word before the last ("or", "and") */
static void choice_list(const char *const *choices, const char *last, gr_buf *out)
{
    for (size_t i = 0; choices[i]; i++) {
        if (i > 0 && !choices[i + 1])
            gr_buf_addf(out, " %s %s", last, choices[i]);
        else
            gr_buf_addf(out, "%s%s", i == 0 ? "" : ", ", choices[i]);
    }
}

/* find_choice's usage error once the list of choices is built. */
static int no_choice(const char *command, const cli_option *opt, const char *value, const gr_buf *names,
                     const gr_name_suggestion *s)
{
    if (gr_buf_failed(names))
        return cli_fail("out of memory");
    return cli_usage_error(command, "--%s takes %s, not '%s'%s", opt->name, gr_buf_text(names), value,
                           *value ? cli_suggested(s, ": did you mean ", "?").text : "");
}

/* find_choice of a value that is a string of its own. */
static int find_named_choice(const char *command, const cli_option *opt, const char *value, const char *last,
                             int *index)
{
    gr_name_suggestion s;
    gr_suggest_start(&s, value);
    if (opt->renamed && opt->renamed(value))
        gr_suggest_renamed(&s, opt->renamed(value));
    for (int i = 0; opt->choices[i]; i++) {
        if (gr_name_equal(opt->choices[i], value)) {
            *index = i;
            return EXIT_OK;
        }
        gr_suggest_consider(&s, opt->choices[i]);
    }
    gr_buf names = GR_BUF_INIT;
    choice_list(opt->choices, last, &names);
    int rc = no_choice(command, opt, value, &names, &s);
    gr_buf_free(&names);
    return rc;
}

/* The index of the choice named by the len bytes at item, in any case, or
 * a usage error that lists them (last: the word before the last) and
 * offers the closest.  The item is copied: it ends at the list's comma. */
static int find_choice(const char *command, const cli_option *opt, const char *item, size_t len, const char *last,
                       int *index)
{
    gr_buf value = GR_BUF_INIT;
    gr_buf_addf(&value, "%.*s", (int)len, item);
    int rc = gr_buf_failed(&value) ? cli_fail("out of memory")
                                   : find_named_choice(command, opt, gr_buf_text(&value), last, index);
    gr_buf_free(&value);
    return rc;
}

/* A choice's value: one of its names in any case. */
static int take_choice(const char *command, const cli_option *opt, const char *value, cli_choice_value *out)
{
    int rc = find_choice(command, opt, value, strlen(value), "or", &out->index);
    out->given = rc == EXIT_OK;
    return rc;
}

/* A list of choices' value: each item, comma-separated, one of its names
 * (an empty item is none of them), added to those of the option's values
 * before; one named again is kept once, where it was first named. */
static int take_choices(const char *command, const cli_option *opt, const char *value, cli_choices_value *out)
{
    for (const char *item = value;; item++) {
        size_t len = strcspn(item, ",");
        int index, rc = find_choice(command, opt, item, len, "and", &index);
        if (rc != EXIT_OK)
            return rc;
        size_t seen = 0;
        while (seen < out->count && out->index[seen] != index)
            seen++;
        if (seen == CLI_MAX_CHOICES)
            return cli_usage_error(command, "--%s: more than %d choices (a gpuroof bug)", opt->name, CLI_MAX_CHOICES);
        if (seen == out->count)
            out->index[out->count++] = index;
        out->given = true;
        item += len;
        if (*item == '\0')
            return EXIT_OK;
    }
}

/* A value of a typed option into its field, converted and range-checked:
 * a number that is not one, or out of range, is bad input (exit 1, as
 * cli_int and cli_double say), a choice not offered a usage error; a
 * parsed option's function says which its errors are.  name: the
 * option's, as its messages give it. */
static int convert_as(const cli_spec *spec, const cli_option *opt, const char *name, char *field, const char *value)
{
    switch (opt->type) {
    case CLI_TYPE_INT: {
        cli_int_value *v = (cli_int_value *)field;
        if (!cli_int(name, value, opt->quantity, (int64_t)opt->min, (int64_t)opt->max, &v->value))
            return EXIT_INPUT;
        v->given = true;
        v->text = value;
        return EXIT_OK;
    }
    case CLI_TYPE_DOUBLE: {
        cli_double_value *v = (cli_double_value *)field;
        if (!cli_double(name, value, opt->quantity, opt->min, opt->max, &v->value))
            return EXIT_INPUT;
        v->given = true;
        v->text = value;
        return EXIT_OK;
    }
    case CLI_TYPE_CHOICE:
        return take_choice(spec->command, opt, value, (cli_choice_value *)field);
    case CLI_TYPE_CHOICES:
        return take_choices(spec->command, opt, value, (cli_choices_value *)field);
    case CLI_TYPE_PARSED:
        return opt->parse(spec->command, opt, value, field);
    case CLI_TYPE_PATH:
        if (!*value)
            return cli_usage_error(spec->command, "%s takes a path, not ''", name);
        *(const char **)field = value;
        return EXIT_OK;
    default:
        *(const char **)field = value;
        return EXIT_OK;
    }
}

/* convert_as with the option's name, "--flops", for its messages. */
static int convert(const cli_spec *spec, const cli_option *opt, char *field, const char *value)
{
    gr_buf name = GR_BUF_INIT;
    gr_buf_addf(&name, "--%s", opt->name);
    int rc = gr_buf_failed(&name) ? cli_fail("out of memory") : convert_as(spec, opt, gr_buf_text(&name), field, value);
    gr_buf_free(&name);
    return rc;
}

/* Stores one value where the table says; by_long: how it was named, for
 * the message when it may not be given again. */
static int store(const cli_spec *spec, const cli_option *opt, void *options, const char *value, bool again,
                 bool by_long)
{
    char *field = (char *)options + opt->offset;
    int rc = EXIT_OK;
    if (again && opt->type != CLI_TYPE_LIST && !opt->repeats)
        return given_again(spec->command, opt, by_long);
    if (opt->type == CLI_TYPE_FLAG) {
        *(bool *)field = true;
    } else if (opt->type == CLI_TYPE_LIST) {
        cli_values *values = (cli_values *)field;
        if (values->count == CLI_MAX_VALUES)
            return given_again(spec->command, opt, by_long);
        values->items[values->count++] = value;
    } else if ((rc = convert(spec, opt, field, value)) != EXIT_OK) {
        return rc;
    }
    return opt->take ? opt->take(spec->command, options, value) : EXIT_OK;
}

/* ---- groups ------------------------------------------------------------- */

#define MAX_MEMBERS 12

/* One member of a group: its options' indexes in the table. */
typedef struct {
    size_t index[MAX_MEMBERS];
    size_t count;
} member;

/* The group's members, each option looked up by its long name; false
 * where one is not in the table (a gpuroof bug, said so). */
static bool read_members(const cli_spec *spec, const char *text, member *members, size_t *count)
{
    *count = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, " /"), i = 0;
        while (i < spec->option_count &&
               !(strlen(spec->options[i].name) == len && strncmp(spec->options[i].name, p, len) == 0))
            i++;
        if (*count == MAX_MEMBERS || i == spec->option_count || members[*count].count == MAX_MEMBERS)
            return cli_error("%s: group '%s' is past its limits or names no option '%.*s' (a gpuroof bug)",
                             spec->command, text, (int)len, p);
        members[*count].index[members[*count].count++] = i;
        p += len;
        if (*p != '/')
            ++*count; /* a member ends at a space or the end */
        if (*p)
            p++;
    }
    return true;
}

static bool member_given(const member *m, const bool *given)
{
    for (size_t i = 0; i < m->count; i++)
        if (given[m->index[i]])
            return true;
    return false;
}

/* "--flops/--bytes", "-D": by the short name where there is one; of a
 * member given, only the options given. */
static void member_text(const cli_spec *spec, const member *m, const bool *given, gr_buf *out)
{
    bool any = member_given(m, given), first = true;
    for (size_t i = 0; i < m->count; i++) {
        const cli_option *opt = &spec->options[m->index[i]];
        if (any && !given[m->index[i]])
            continue;
        if (opt->short_name)
            gr_buf_addf(out, "%s-%c", first ? "" : "/", opt->short_name);
        else
            gr_buf_addf(out, "%s--%s", first ? "" : "/", opt->name);
        first = false;
    }
}

/* The members from first on, those given where only_given, as "A, B and
 * C" (`last` the word before the last: "and", "or"); returns how many. */
static size_t members_text(const cli_spec *spec, const member *members, size_t first, size_t count,
                           const bool *given, bool only_given, const char *last, gr_buf *out)
{
    const member *shown[MAX_MEMBERS];
    size_t n = 0;
    for (size_t i = first; i < count; i++)
        if (!only_given || member_given(&members[i], given))
            shown[n++] = &members[i];
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && i + 1 < n)
            gr_buf_addf(out, ", ");
        else if (i > 0)
            gr_buf_addf(out, " %s ", last);
        member_text(spec, shown[i], given, out);
    }
    return n;
}

/* The group's error where the options given (n_given of its count
 * members) break it, else EXIT_OK; text and first: the caller's, for the
 * words of the message. */
static int group_error(const cli_spec *spec, const cli_group *g, const member *members, size_t count,
                       size_t n_given, const bool *given, gr_buf *text, gr_buf *first)
{
    const char *why_open = g->why ? " (" : "", *why = g->why ? g->why : "", *why_close = g->why ? ")" : "";
    if (g->kind == CLI_EXCLUSIVE && n_given > 1) {
        size_t n = members_text(spec, members, 0, count, given, true, n_given == 2 ? "or" : "and", text);
        if (gr_buf_failed(text))
            return cli_fail("out of memory");
        return cli_usage_error(spec->command, n == 2 ? "give %s, not both%s%s%s" : "give at most one of %s%s%s%s",
                               gr_buf_text(text), why_open, why, why_close);
    }
    if (g->kind == CLI_TOGETHER && n_given > 0 && n_given < count) {
        members_text(spec, members, 0, count, given, false, "and", text);
        if (gr_buf_failed(text))
            return cli_fail("out of memory");
        return cli_usage_error(spec->command, "%s go together%s%s%s", gr_buf_text(text), why_open, why, why_close);
    }
    if (g->kind == CLI_NEEDS && member_given(&members[0], given) && n_given == 1) {
        member_text(spec, &members[0], given, first);
        members_text(spec, members, 1, count, given, false, "or", text);
        if (gr_buf_failed(text) || gr_buf_failed(first))
            return cli_fail("out of memory");
        return cli_usage_error(spec->command, "%s needs %s%s%s%s", gr_buf_text(first), gr_buf_text(text), why_open,
                               why, why_close);
    }
    return EXIT_OK;
}

/* The group's error where the options given break it, else EXIT_OK. */
static int check_group(const cli_spec *spec, const cli_group *g, const bool *given)
{
    member members[MAX_MEMBERS] = {0};
    size_t count, n_given = 0;
    if (!read_members(spec, g->members, members, &count))
        return EXIT_USAGE;
    for (size_t i = 0; i < count; i++)
        n_given += member_given(&members[i], given);
    gr_buf text = GR_BUF_INIT, first = GR_BUF_INIT;
    int rc = group_error(spec, g, members, count, n_given, given, &text, &first);
    gr_buf_free(&text);
    gr_buf_free(&first);
    return rc;
}

static int check_groups(const cli_spec *spec, const bool *given)
{
    for (const cli_group *g = spec->groups; g && g->members; g++) {
        int rc = check_group(spec, g, given);
        if (rc != EXIT_OK)
            return rc;
    }
    return EXIT_OK;
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
    optind = 0; /* glibc: start afresh, for a caller that parses more than once (exercises) */
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
    return check_groups(spec, given);
}

int cli_parse_stopped(int rc)
{
    return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
}

int cli_parse_options(const cli_spec *spec, int argc, char **argv, void *options)
{
    int operand, rc = cli_parse(spec, argc, argv, options, &operand);
    if (rc == EXIT_OK && operand < argc)
        return cli_usage_error(spec->command, "unexpected argument '%s'", argv[operand]);
    return rc;
}
