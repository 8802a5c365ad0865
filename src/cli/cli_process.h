/* Files and other programs, for the commands that read what a tool wrote
 * (kernels, ncu through Nsight Compute): a whole input read into memory or
 * mapped, a program found on the PATH, a program's standard output
 * captured. */
#ifndef GPUROOF_CLI_PROCESS_H
#define GPUROOF_CLI_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    unsigned char *bytes; /* the caller's to free (cli_buffer_free where it may be mapped) */
    size_t size;
    bool mapped;          /* bytes is a private mapping of the file */
    char error[1024];     /* the line printed where the input did not read, for a caller that shows it again */
} cli_buffer;

/* All of f, however it came (a file, a pipe); shown names it in errors.
 * On failure (printed) b->bytes is NULL. */
bool cli_read_stream(FILE *f, const char *shown, cli_buffer *b);
/* All of the file path, or of standard input for "-". */
bool cli_read_input(const char *path, const char *shown, cli_buffer *b);
/* The same, but a regular file is mapped (privately: writes to b->bytes
 * stay in this process) rather than copied, so that a library of hundreds
 * of megabytes costs no copy; a pipe or standard input is read. */
bool cli_map_input(const char *path, const char *shown, cli_buffer *b);
void cli_buffer_free(cli_buffer *b);

/* Where name is on the PATH, as a shell would find it; false if nowhere
 * (nothing printed). */
bool cli_find_program(const char *name, char *path, size_t size);

/* What program (argv[0] as given to it) writes on its standard output; its
 * standard error stays the user's.  A program that cannot run, or exits
 * other than 0: printed, false, out->bytes NULL. */
bool cli_run_capture(const char *program, char *const argv[], const char *shown, cli_buffer *out);

#endif
