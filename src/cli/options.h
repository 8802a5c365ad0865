/* A command's options, declared once in a table: each option's names, its
 * value's name, where the value goes in the command's options struct, its
 * help, and whether it may be repeated.  From the table come the arrays
 * getopt_long takes, the option list of --help, and the words that give a
 * filled options struct back as a command line. */
#ifndef GPUROOF_OPTIONS_H
#define GPUROOF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

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

/* Called with each value of an option once it is stored, with the whole
 * options struct: a check of the value, or what the command keeps beside
 * it.  Returns EXIT_OK, or a usage error's status (cli_usage_error). */
typedef int (*cli_take_fn)(const char *command, void *parsed, const char *value);

typedef struct {
    const char *name;   /* --name */
    char short_name;    /* -c, or 0 */
    const char *arg;    /* the value's name in --help ("FILE"); NULL for a flag */
    /* Where the value goes: offsetof its field in the options struct, a
     * bool for a flag, a const char * for a value, cli_values for a
     * repeatable one; values point into argv. */
    size_t offset;
    bool repeats;       /* false: given twice is a usage error */
    const char *help;   /* one paragraph, wrapped to fit */
    cli_take_fn take;   /* NULL, or called after each value is stored */
} cli_option;

typedef struct {
    const char *command;         /* "bound": errors say "gpuroof bound: ..." */
    const char *usage;           /* --help above the option list */
    const char *notes;           /* --help below it, or NULL */
    const cli_option *options;
    size_t option_count;
} cli_spec;

/* Options several commands take, each spelled once; type is the command's
 * options struct. */
#define CLI_OPTION_JSON(type) {.name = "json", .offset = offsetof(type, json), .help = "print one JSON object"}
#define CLI_OPTION_PROFILES(type) \
    {.name = "profiles", .arg = "DIR", .offset = offsetof(type, profiles), .help = "look for profiles in DIR first"}
/* -D for a command with one --model (cli_take_define checks each value). */
#define CLI_OPTION_DEFINE(type, help_text)                                                                 \
    {.name = "define", .short_name = 'D', .arg = "NAME=VALUE", .offset = offsetof(type, defines), .repeats = true, \
     .take = cli_take_define, .help = help_text}

/* Parses argv (argv[0] the command's name) into options, the struct the
 * table describes, its table's fields zeroed; -h and --help print the help.  Returns EXIT_OK with
 * *operand the index of the first argument that is not an option (all such
 * arguments end up last, in their order), CLI_HELP_SHOWN, or EXIT_USAGE
 * after printing the error. */
int cli_parse(const cli_spec *spec, int argc, char **argv, void *options, int *operand);

/* cli_parse for a command that takes no operand: one is a usage error. */
int cli_parse_options(const cli_spec *spec, int argc, char **argv, void *options);

/* The exit status of a command whose parse returned rc and stopped it. */
int cli_parse_stopped(int rc);

/* Calls word() with each word of the command line that gives options back:
 * the table's options in its order, each by its short name where it has
 * one, followed by its value; a repeatable option once per value. */
typedef void (*cli_word_fn)(const char *word, void *context);
void cli_option_words(const cli_spec *spec, const void *options, cli_word_fn word, void *context);

#endif
