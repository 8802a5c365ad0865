/* Files and other programs, for the commands that read what a tool wrote
 * (kernels, ncu through Nsight Compute): a whole input read into memory or
 * mapped, a program found on the PATH, a program's standard output
 * captured. */
#ifndef GPUROOF_CLI_PROCESS_H
#define GPUROOF_CLI_PROCESS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "gpuroof_files.h"

typedef struct {
    unsigned char *bytes; /* the caller's to free (cli_buffer_free where it may be mapped) */
    size_t size;
    bool mapped;          /* bytes is a private mapping of the file */
    char error[1024];     /* the line printed where the input did not read, for a caller that shows it again */
} cli_buffer;

/* The limit of an input whose first bytes are head (NULL, 0 before any is
 * read: the smallest it may have). */
typedef gr_input_limit (*cli_limit_of)(const unsigned char *head, size_t size);

/* All of f, however it came (a file, a pipe), up to limit (input_limits.h):
 * never more than the limit and one byte is held.  shown names it in
 * errors.  On failure (printed, and kept in b->error: past the limit, a
 * read error) b->bytes is NULL. */
bool cli_read_stream(FILE *f, const char *shown, gr_input_limit limit, cli_buffer *b);
/* What messages call an input given as path: the path, or "standard
 * input" for "-". */
const char *cli_input_shown(const char *path);
/* All of the file path, or of standard input for "-"; a directory is an
 * error of its own. */
bool cli_read_input(const char *path, const char *shown, gr_input_limit limit, cli_buffer *b);
/* The same, but a regular file is mapped (privately: writes to b->bytes
 * stay in this process) rather than copied, so that a library of hundreds
 * of megabytes costs no copy, and its size checked against its limit
 * before it is read; a pipe or standard input is read up to its limit.
 * limit_of picks the limit from the first bytes. */
bool cli_map_input(const char *path, const char *shown, cli_limit_of limit_of, cli_buffer *b);
void cli_buffer_free(cli_buffer *b);

/* An output written whole or not at all: write puts it into a stream in
 * memory (false where it could not), which then goes to path through
 * gr_write_file_atomic.  False: printed, naming path. */
typedef bool (*cli_writer)(FILE *out, const void *what);
bool cli_write_whole(const char *path, cli_writer write, const void *what);

/* Where name is on the PATH, as a shell would find it; false if nowhere
 * (nothing printed). */
bool cli_find_program(const char *name, char *path, size_t size);

/* How another program is started: the one way gpuroof runs one (Nsight
 * Compute, gnuplot, and a program whose output it reads). */
typedef struct {
    char *const *argv;          /* argv[0]: a path, or a name looked up on the PATH */
    bool stdout_to_pipe;        /* its standard output into *pipe_fd, else the user's */
    bool stderr_to_pipe;        /* its standard error into the same pipe */
    int stderr_fd;              /* where not piped: this descriptor, or -1 for the user's */
    bool own_process_group;     /* so that it and what it starts can be ended together */
    const sigset_t *mask;       /* its signal mask, or NULL: the caller's */
    const sigset_t *defaults;   /* signals it gets at their default disposition, or NULL */
} cli_spawn_spec;

/* Starts the program; 0 with *pid (and *pipe_fd, the read end, where a
 * stream is piped), or the errno value of why it could not be started
 * (ENOENT: no such program), nothing printed. */
int cli_spawn(const cli_spawn_spec *spec, pid_t *pid, int *pipe_fd);

/* What program (argv[0] as given to it) writes on its standard output, up
 * to limit; its standard error stays the user's.  A program that cannot
 * run, exits other than 0, or writes past the limit (then killed and
 * reaped): printed, false, out->bytes NULL. */
bool cli_run_capture(const char *program, char *const argv[], const char *shown, gr_input_limit limit,
                     cli_buffer *out);
/* The same for output that may not be there: the program's standard
 * error discarded, and false with nothing printed where it fails (a
 * reader that fails still prints its own line). */
bool cli_run_capture_quiet(const char *program, char *const argv[], gr_input_limit limit, cli_buffer *out);

#endif
