/* What every gpuroof command shares: option values parsed as arithmetic,
 * the device search path, errors and exit codes, JSON output. */
#ifndef GPUROOF_CLI_H
#define GPUROOF_CLI_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "options.h"
#include "gpuroof_profile.h"
#include "gpuroof_text.h"

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* Errors, one idiom everywhere: a function that fails prints one line and
 * returns at once through the helper of its own return type, and each
 * caller passes the failure on as it came:
 *     a bool step                    return cli_error(...);           false
 *     an exit status                 return cli_fail(...);            EXIT_INPUT
 *     a check of the options parsed  return cli_usage_error(cmd, ...); EXIT_USAGE
 * (a function returning a pointer calls cli_error, then returns NULL).  A
 * command's run function turns a failed step into EXIT_INPUT, once. */
bool cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* cli_error, the line also kept in kept (size bytes, cut there) for a
 * caller that shows it again (kernels --json's files[].error). */
bool cli_error_kept(char *kept, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "gpuroof CMD: message (gpuroof CMD --help)" */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* cli_quantity: options.h. */

/* What --help says of numbers, for the commands that take them. */
#define CLI_NUMBERS_NOTE                                                                                   \
    "Numbers accept arithmetic ('7*4', '1 << 10') and hexadecimal (0x1000). Counts (threads, registers,\n" \
    "blocks, FLOPs) take K = 1024, M = 1048576 and G = 1073741824 (--regs-sm 64K); byte sizes take\n"      \
    "those, KB/KiB, MB/MiB, GB/GiB and a final B (4KiB, 4096B). Rates (GFLOP/s, GB/s), intensities\n"      \
    "and percentages take none.\n"

/* Option values: arithmetic and hexadecimal, with the suffixes of their
 * quantity.  A value below a min of 0 "must not be negative", and for a
 * double, below a positive min, "must be positive".  On failure they print
 * the error and return false. */
bool cli_int(const char *option, const char *text, cli_quantity quantity, int64_t min, int64_t max, int64_t *out);
bool cli_double(const char *option, const char *text, cli_quantity quantity, double min, double max, double *out);
/* cli_int, quoting shown in messages rather than text. */
bool cli_int_as(const char *option, const char *shown, const char *text, cli_quantity quantity, int64_t min,
                int64_t max, int64_t *out);

/* The device search path: --profiles, $GPUROOF_PROFILES, then the build
 * tree's profiles for the build tree's program, the installed ones for an
 * installed program (cli_data_path). */
void cli_search_path(gr_search_path *sp, const char *profiles_option);
bool cli_load_device(const char *profiles_option, const char *device, gr_profile *p);
/* Every profile on the search path (--profiles, $GPUROOF_PROFILES, ...),
 * those that do not load each named on standard error; false (printed)
 * where no list can be made. */
bool cli_load_profiles(const char *profiles_option, gr_profile_list *list);
/* The shipped profile of a GPU found at run time (gr_profile_match_gpu over
 * the search path), kept in list; NULL where none matches.  A broken profile
 * on the path is printed and the rest are matched. */
const gr_profile *cli_find_gpu_profile(const char *profiles_option, const gr_gpu_info *gpu, gr_profile_list *list);
/* Prints each file of the list that did not load, a line each with its error;
 * EXIT_INPUT where there was one, else EXIT_OK. */
int cli_report_unloaded(const gr_profile_list *list);

/* The error for a precision the profile has no peak for; false. */
bool cli_error_no_peak(const gr_profile *p, const char *precision);

/* A message's "did you mean" part, as a value so that the message needs no
 * array of its own for it: before, the closest names (gr_suggest_text's
 * words: "fp16 or fp64") and after, or "" where none is close. */
typedef struct {
    char text[640]; /* GR_SUGGEST_MAX names and the words around them */
} cli_suggestion;
cli_suggestion cli_suggested(const gr_name_suggestion *s, const char *before, const char *after);

/* A command's JSON output: printed on stdout and freed where dest is NULL;
 * otherwise handed over in *dest, for a caller that gathers what several
 * commands print (gpuroof exercises). */
int cli_put_json(json_t *value, json_t **dest);

/* The next element of a streamed array in *item (NULL where memory ran
 * out); false once there is none. */
typedef bool cli_json_next(void *state, json_t **item);

/* cli_put_json for an object with one long array (an ncu report's
 * launches): the member `key` of value, whatever it holds, stands for the
 * array of what next gives.  Printed, each element is made, printed and
 * freed in turn, so memory holds one at a time; the text is what
 * cli_put_json would print of the whole.  Handed over in *dest, the array
 * is built whole in its place. */
int cli_put_json_streamed(json_t *value, const char *key, cli_json_next *next, void *state, json_t **dest);

/* Text from outside (a kernel's name, a file's path, a GPU's name) as a
 * JSON string.  jansson takes UTF-8 alone (json_string gives NULL, and the
 * key would be left out), so each byte that is no part of a UTF-8
 * character is shown as U+FFFD; NULL only where memory ran out. */
json_t *cli_json_text(const char *text);


#endif
