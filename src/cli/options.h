/* A command's options, declared once in a table: each option's names, its
 * value's name, where the value goes in the command's options struct, its
 * help, its value's type (and so its field's, checked at compile time),
 * range or choices.  From the table come the arrays getopt_long takes, the
 * option list of --help, the conversion and range check of each value as
 * it is parsed, and the checks of options that exclude or need others
 * (the spec's groups). */
#ifndef GPUROOF_OPTIONS_H
#define GPUROOF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most values a repeatable option keeps, and the most options a table
 * holds (getopt's arrays are built on the stack). */
#define CLI_MAX_VALUES 64
#define CLI_MAX_OPTIONS 32

/* What a parse that stops the command returns after printing --help. */
#define CLI_HELP_SHOWN (-1)

/* Every value of a repeatable option, in the order given. */
typedef struct {
    size_t count;
    const char *items[CLI_MAX_VALUES];
} cli_values;

/* What an option's number is, which decides the suffixes it takes (K, M and
 * G are 1024-based for counts as for bytes: "64K registers"):
 *   CLI_PLAIN  a rate (GFLOP/s, GB/s: already 10^9), an intensity, a
 *              percentage, a choice: none, as a K there would be 1000 to
 *              one reader and 1024 to another
 *   CLI_BYTES  a size: K, KB, KiB, M, MB, MiB, G, GB, GiB and B
 *   CLI_COUNT  registers, threads, blocks, FLOPs, repeats: K, M, G */
typedef enum { CLI_PLAIN, CLI_BYTES, CLI_COUNT } cli_quantity;

/* The fields a typed option fills.  given tells an option left out from
 * one given as 0; every number and choice has it, so that "not given" is
 * spelled one way.  A string is NULL where not given, a list's count 0. */
typedef struct {
    bool given;
    int64_t value;
    const char *text; /* as given ("3-1"), for a later message that quotes it */
} cli_int_value;
typedef struct {
    bool given;
    double value; /* finite */
    const char *text;
} cli_double_value;
typedef struct {
    bool given;
    int index; /* in the option's choices */
} cli_choice_value;
/* A list of choices, in the order given: "ceilings,smem", or the option
 * repeated where its entry says .repeats; each kept once. */
#define CLI_MAX_CHOICES 16
typedef struct {
    bool given;
    size_t count;
    int index[CLI_MAX_CHOICES]; /* in the option's choices */
} cli_choices_value;

/* What an option's value is, and so the type of its field. */
typedef enum {
    CLI_TYPE_FLAG,   /* bool: no value */
    CLI_TYPE_STRING, /* const char *, pointing into argv */
    CLI_TYPE_PATH,   /* const char *, never empty */
    CLI_TYPE_LIST,   /* cli_values: may be repeated, each value kept */
    CLI_TYPE_INT,    /* cli_int_value: arithmetic, the quantity's suffixes, min..max */
    CLI_TYPE_DOUBLE, /* cli_double_value: the same, finite, min..max */
    CLI_TYPE_CHOICE, /* cli_choice_value: one of choices, in any case */
    CLI_TYPE_CHOICES, /* cli_choices_value: comma-separated choices, in any case */
    CLI_TYPE_PARSED, /* the entry's own type: its parse function converts the value */
} cli_type;

/* Called with each value of an option once it is stored, with the whole
 * options struct: a check of the value, or what the command keeps beside
 * it.  Returns EXIT_OK, or a usage error's status (cli_usage_error). */
typedef int (*cli_take_fn)(const char *command, void *parsed, const char *value);

struct cli_option;
/* A CLI_OPT_PARSED option's conversion of value into field, which has the
 * type its entry names (checked there): returns EXIT_OK, or prints one
 * error naming the option and the rule broken and returns its status
 * (EXIT_INPUT for a value that is no such thing, as for a number;
 * EXIT_USAGE for one that is not offered).  Called once a value; for an
 * entry with .repeats, field gathers every value itself. */
typedef int (*cli_parse_fn)(const char *command, const struct cli_option *opt, const char *value, void *field);

typedef struct cli_option {
    const char *name;   /* --name */
    char short_name;    /* -c, or 0 */
    const char *arg;    /* the value's name in --help ("FILE"); NULL for a flag */
    cli_type type;
    size_t offset;      /* of the field of the type's type in the options struct */
    /* a number's suffixes and range: a value below a min of 0 "must not be
     * negative"; for a double below a positive min, "must be positive" */
    cli_quantity quantity;
    double min, max;
    const char *const *choices; /* a choice's names, NULL-terminated */
    /* NULL, or the choice whose earlier spelling value is, NULL for any
     * other value (gr_precision_renamed): such a value is still a usage
     * error, whose "did you mean" names the choice */
    const char *(*renamed)(const char *value);
    const char *help;   /* one paragraph, wrapped to fit */
    cli_take_fn take;   /* NULL, or called after each value is stored */
    cli_parse_fn parse; /* a CLI_OPT_PARSED option's conversion */
    bool repeats;       /* a CHOICES or PARSED option may be given again (a LIST always may) */
} cli_option;

/* The declarations of typed options: each checks at compile time that
 * the field has the type's type, so that
 *     CLI_OPT_INT(bound_options, device, CLI_COUNT, 0, 10, .name = "device")
 * over a const char * field does not compile ("size of unnamed array is
 * negative"; tests/unit/Makefile.am's options_static check tries it).
 * The rest of the entry follows as designated initializers: .name, .arg,
 * .help, .short_name, .take, .repeats.
 *     CLI_OPT_PARSED(banks_options, block, banks_block, banks_parse_block, ...)
 * declares an option whose value its own function converts, into a field
 * of the type named (banks_block here), checked the same way. */
#define CLI_FIELD_CHECK(T, field, ftype) (sizeof(char[_Generic(((T *)0)->field, ftype: 1, default: -1)]) - 1)
#define CLI_FIELD(T, field, ftype) (offsetof(T, field) + CLI_FIELD_CHECK(T, field, ftype))
#define CLI_OPT_FLAG(T, field, ...) {.type = CLI_TYPE_FLAG, .offset = CLI_FIELD(T, field, bool), __VA_ARGS__}
#define CLI_OPT_STRING(T, field, ...) \
    {.type = CLI_TYPE_STRING, .offset = CLI_FIELD(T, field, const char *), __VA_ARGS__}
#define CLI_OPT_PATH(T, field, ...) {.type = CLI_TYPE_PATH, .offset = CLI_FIELD(T, field, const char *), __VA_ARGS__}
#define CLI_OPT_LIST(T, field, ...) {.type = CLI_TYPE_LIST, .offset = CLI_FIELD(T, field, cli_values), __VA_ARGS__}
#define CLI_OPT_INT(T, field, quantity_, min_, max_, ...)                                                   \
    {.type = CLI_TYPE_INT, .offset = CLI_FIELD(T, field, cli_int_value), .quantity = quantity_, .min = min_, \
     .max = max_, __VA_ARGS__}
#define CLI_OPT_DOUBLE(T, field, quantity_, min_, max_, ...)                                                      \
    {.type = CLI_TYPE_DOUBLE, .offset = CLI_FIELD(T, field, cli_double_value), .quantity = quantity_, .min = min_, \
     .max = max_, __VA_ARGS__}
#define CLI_OPT_CHOICE(T, field, names, ...) \
    {.type = CLI_TYPE_CHOICE, .offset = CLI_FIELD(T, field, cli_choice_value), .choices = names, __VA_ARGS__}
#define CLI_OPT_CHOICES(T, field, names, ...) \
    {.type = CLI_TYPE_CHOICES, .offset = CLI_FIELD(T, field, cli_choices_value), .choices = names, __VA_ARGS__}
#define CLI_OPT_PARSED(T, field, ftype, parse_fn, ...) \
    {.type = CLI_TYPE_PARSED, .offset = CLI_FIELD(T, field, ftype), .parse = parse_fn, __VA_ARGS__}

/* Options that go together or not, checked once every option is parsed,
 * in the table's order, each with one wording.  members: the options by
 * their long names, a space between members; options joined by '/' are one
 * member, given where any of them is ("flops/bytes").
 *   CLI_EXCLUSIVE  at most one member: "give A or B, not both",
 *                  "give at most one of A, B and C"
 *   CLI_NEEDS      the first member only with one of the others:
 *                  "A needs B", "A needs B or C"
 *   CLI_TOGETHER   every member or none: "A and B go together"
 * why, where not NULL, follows in parentheses. */
typedef enum { CLI_EXCLUSIVE, CLI_NEEDS, CLI_TOGETHER } cli_group_kind;
typedef struct {
    cli_group_kind kind;
    const char *members;
    const char *why;
} cli_group;

typedef struct {
    const char *command;         /* "bound": errors say "gpuroof bound: ..." */
    const char *usage;           /* --help above the option list */
    const char *notes;           /* --help below it, or NULL */
    const cli_option *options;
    size_t option_count;
    const cli_group *groups; /* NULL, or ended by one whose members are NULL */
} cli_spec;

/* Options several commands take, each spelled once; type is the command's
 * options struct. */
#define CLI_OPTION_JSON(type) CLI_OPT_FLAG(type, json, .name = "json", .help = "print one JSON object")
/* --glob beside a --kernel PATTERN (kernels, ncu, trace) */
#define CLI_OPTION_GLOB(type) \
    CLI_OPT_FLAG(type, glob, .name = "glob", .help = "--kernel's PATTERN is a glob, even a pasted signature with * in it")
#define CLI_OPTION_PROFILES(type) \
    CLI_OPT_PATH(type, profiles, .name = "profiles", .arg = "DIR", .help = "look for profiles in DIR first")
/* -D for a command with one --model (cli_take_define checks each value). */
#define CLI_OPTION_DEFINE(type, help_text)                                                                 \
    CLI_OPT_LIST(type, defines, .name = "define", .short_name = 'D', .arg = "NAME=VALUE",               \
                 .take = cli_take_define, .help = help_text)

/* Parses argv (argv[0] the command's name) into options, the struct the
 * table describes, its table's fields zeroed; -h and --help print the help.
 * Each value is converted and range-checked as it is parsed (a bad number
 * prints its error and returns EXIT_INPUT), and the spec's groups are
 * checked once all are.  Returns EXIT_OK with *operand the index of the
 * first argument that is not an option (all such arguments end up last, in
 * their order), CLI_HELP_SHOWN, EXIT_INPUT, or EXIT_USAGE after printing
 * the error. */
int cli_parse(const cli_spec *spec, int argc, char **argv, void *options, int *operand);

/* cli_parse for a command that takes no operand: one is a usage error. */
int cli_parse_options(const cli_spec *spec, int argc, char **argv, void *options);

/* The exit status of a command whose parse returned rc and stopped it. */
int cli_parse_stopped(int rc);

/* The entry point of a command that parses its options into a zeroed
 * struct and runs with them, its output printed (run's NULL: no caller
 * gathers its JSON); --help or a bad option stops it before it runs. */
#define CLI_COMMAND_MAIN(command, options_type, parse, run)                   \
    int command(int argc, char **argv)                                         \
    {                                                                          \
        options_type o = {0};                                                  \
        int rc = parse(argc, argv, &o);                                        \
        return rc == EXIT_OK ? run(&o, NULL) : cli_parse_stopped(rc);          \
    }

#endif
