/* What every gpuroof command shares: option values parsed as arithmetic,
 * the device search path, errors and exit codes, JSON output. */
#ifndef GPUROOF_CLI_H
#define GPUROOF_CLI_H

#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include "profile.h"
#include "profile_search.h"

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* What an option parser returns after printing --help: stop, successfully. */
#define CLI_HELP_SHOWN (-1)

typedef int (*command_fn)(int argc, char **argv);

typedef struct {
    const char *name;
    command_fn run;
    const char *summary;
} command;

/* Prints "gpuroof: message" on stderr; returns EXIT_INPUT. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "gpuroof CMD: message" and a hint to --help; returns EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* getopt_long, errors left to cli_bad_option; shortopts as getopt's
 * ("D:" for -D VALUE), usually "". */
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);
/* Reports the option getopt just refused; returns EXIT_USAGE. */
int cli_bad_option(const char *cmd, char **argv, int getopt_result);
/* Prints help on stdout; returns CLI_HELP_SHOWN. */
int cli_show_help(const char *help);
/* Turns a parser's result into the command's exit status, or EXIT_OK with
 * *go_on set when the command should run. */
int cli_parsed(int rc, bool *go_on);

/* Option values: arithmetic, with byte suffixes where the flag says so.
 * On failure they print the error and return false. */
bool cli_int(const char *option, const char *text, bool bytes, int64_t min, int64_t max, int64_t *out);
bool cli_double(const char *option, const char *text, bool bytes, double min, double max, double *out);
/* cli_int, quoting shown in messages rather than text. */
bool cli_int_as(const char *option, const char *shown, const char *text, bool bytes, int64_t min,
                int64_t max, int64_t *out);

/* The device search path: --profiles, $GPUROOF_PROFILES, then the build
 * tree's profiles for the build tree's program, the installed ones for an
 * installed program (cli_data_path). */
void cli_search_path(gr_search_path *sp, const char *profiles_option);
bool cli_load_device(const char *profiles_option, const char *device, gr_profile *p);
/* The shipped profile of a GPU found at run time (gr_profile_match_gpu over
 * the search path), kept in list; NULL where none matches or the path has a
 * broken profile (printed). */
const gr_profile *cli_find_gpu_profile(const char *profiles_option, const gr_gpu_info *gpu, gr_profile_list *list);

/* The error for a precision the profile has no peak for; EXIT_INPUT. */
int cli_fail_no_peak(const gr_profile *p, const char *precision);

/* Prints a JSON value on stdout and frees it. */
int cli_print_json(json_t *value);
/* From now on cli_print_json appends to array instead (NULL: prints again):
 * how one command collects what others print. */
void cli_capture_json(json_t *array);

/* Numbers for people: at most 4 significant digits, never an exponent. */
const char *cli_num(char buf[32], double x);
/* A byte count with its KiB/MiB form where that is exact: "33792 B (33 KiB)". */
const char *cli_bytes(char buf[48], int64_t bytes);


/* The command of that name, or NULL. */
const command *find_command(const char *name);

#endif
