/* Files and other programs, for the commands that read what a tool wrote (cli_process.h). */
#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <errno.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_process.h"

extern char **environ;

#define FIRST_READ_BYTES ((size_t)1 << 16)

/* Where a read stops: the limit's bytes and one more, which tell that the
 * input is larger (in size_t, whatever the limit). */
static size_t stop_at(gr_input_limit limit)
{
    return limit.bytes < SIZE_MAX ? (size_t)limit.bytes + 1 : SIZE_MAX;
}

static bool fail_limit(const char *shown, gr_input_limit limit, cli_buffer *b)
{
    gr_error err;
    gr_input_limit_exceeded(shown, limit, &err);
    return cli_error_kept(b->error, sizeof b->error, "%s", err.text);
}

/* Reads f until its end or past its limit (*over), never holding more
 * than the limit and one byte; limit_of, where given, picks the limit from
 * the first bytes.  On failure (printed) nothing read is kept. */
static bool read_limited(FILE *f, const char *shown, cli_limit_of limit_of, gr_input_limit limit, cli_buffer *b,
                         bool *over)
{
    size_t capacity = FIRST_READ_BYTES < stop_at(limit) ? FIRST_READ_BYTES : stop_at(limit);
    *over = false;
    b->size = 0;
    b->mapped = false;
    b->bytes = malloc(capacity);
    while (b->bytes) {
        b->size += fread(b->bytes + b->size, 1, capacity - b->size, f);
        if (b->size < capacity)
            break;
        if (limit_of && b->size == capacity && capacity <= FIRST_READ_BYTES)
            limit = limit_of(b->bytes, b->size);
        if (b->size >= stop_at(limit)) {
            *over = true;
            break;
        }
        size_t grown = capacity <= stop_at(limit) / 2 ? capacity * 2 : stop_at(limit);
        unsigned char *bigger = realloc(b->bytes, grown);
        if (!bigger) {
            free(b->bytes);
            b->bytes = NULL;
            break;
        }
        b->bytes = bigger, capacity = grown;
    }
    int why = errno;
    bool failed = b->bytes && !*over && ferror(f); /* an I/O error: nothing read is kept */
    if (!b->bytes || *over || failed) {
        free(b->bytes);
        *b = (cli_buffer){.mapped = false};
    }
    if (*over)
        return fail_limit(shown, limit, b);
    if (failed)
        return cli_error_kept(b->error, sizeof b->error, "%s: cannot read it: %s", shown, strerror(why));
    if (!b->bytes)
        return cli_error_kept(b->error, sizeof b->error, "%s: out of memory reading it", shown);
    return true;
}

bool cli_read_stream(FILE *f, const char *shown, gr_input_limit limit, cli_buffer *b)
{
    bool over;
    return read_limited(f, shown, NULL, limit, b, &over);
}

/* A directory opens, but is no input; a regular file's size is known
 * before it is read (limit, where it is known before the first bytes):
 * either is said (printed, kept) before any read, true. */
static bool refused(int fd, const char *shown, const gr_input_limit *limit, cli_buffer *b)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return false;
    if (S_ISDIR(st.st_mode)) {
        cli_error_kept(b->error, sizeof b->error, "%s: is a directory, not a file", shown);
        return true;
    }
    if (limit && S_ISREG(st.st_mode) && (uint64_t)st.st_size > limit->bytes) {
        fail_limit(shown, *limit, b);
        return true;
    }
    return false;
}

static bool read_path(const char *path, const char *shown, cli_limit_of limit_of, gr_input_limit limit,
                      cli_buffer *b)
{
    bool over;
    *b = (cli_buffer){0};
    if (strcmp(path, "-") == 0)
        return read_limited(stdin, shown, limit_of, limit, b, &over);
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_error_kept(b->error, sizeof b->error, "cannot open %s: %s", path, strerror(errno));
    bool ok = !refused(fileno(f), shown, limit_of ? NULL : &limit, b) &&
              read_limited(f, shown, limit_of, limit, b, &over);
    fclose(f);
    return ok;
}

const char *cli_input_shown(const char *path)
{
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

bool cli_read_input(const char *path, const char *shown, gr_input_limit limit, cli_buffer *b)
{
    return read_path(path, shown, NULL, limit, b);
}

bool cli_map_input(const char *path, const char *shown, cli_limit_of limit_of, cli_buffer *b)
{
    *b = (cli_buffer){0};
    if (strcmp(path, "-") == 0)
        return read_path(path, shown, limit_of, limit_of(NULL, 0), b);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return cli_error_kept(b->error, sizeof b->error, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    bool directory = refused(fd, shown, NULL, b);
    if (directory || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
        (uintmax_t)st.st_size > SIZE_MAX) {
        close(fd); /* not a file that maps (a pipe, a device, an empty file): read it */
        return !directory && read_path(path, shown, limit_of, limit_of(NULL, 0), b);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    int saved = errno;
    close(fd);
    if (map == MAP_FAILED)
        return cli_error_kept(b->error, sizeof b->error, "%s: cannot map it: %s", shown, strerror(saved));
    gr_input_limit limit = limit_of(map, (size_t)st.st_size);
    if ((uint64_t)st.st_size > limit.bytes) {
        munmap(map, (size_t)st.st_size);
        return fail_limit(shown, limit, b);
    }
    *b = (cli_buffer){.bytes = map, .size = (size_t)st.st_size, .mapped = true};
    return true;
}

void cli_buffer_free(cli_buffer *b)
{
    if (b->mapped)
        munmap(b->bytes, b->size);
    else
        free(b->bytes);
    *b = (cli_buffer){0};
}

bool cli_find_program(const char *name, char *path, size_t size)
{
    const char *dirs = getenv("PATH");
    for (const char *dir = dirs ? dirs : ""; dirs;) {
        size_t len = strcspn(dir, ":");
        int n = snprintf(path, size, "%.*s/%s", (int)len, len ? dir : ".", name);
        if (n > 0 && (size_t)n < size && access(path, X_OK) == 0)
            return true;
        if (dir[len] == '\0')
            break;
        dir += len + 1;
    }
    return false;
}

/* The file actions of a spawn: the pipe's write end as its standard
 * output and error where asked, the read end closed in the child. */
static void spawn_actions(const cli_spawn_spec *spec, const int fds[2], posix_spawn_file_actions_t *actions)
{
    posix_spawn_file_actions_init(actions);
    if (spec->stdout_to_pipe)
        posix_spawn_file_actions_adddup2(actions, fds[1], STDOUT_FILENO);
    if (spec->stderr_to_pipe)
        posix_spawn_file_actions_adddup2(actions, fds[1], STDERR_FILENO);
    else if (spec->stderr_fd >= 0)
        posix_spawn_file_actions_adddup2(actions, spec->stderr_fd, STDERR_FILENO);
    if (fds[0] >= 0) {
        posix_spawn_file_actions_addclose(actions, fds[0]);
        posix_spawn_file_actions_addclose(actions, fds[1]);
    }
}

static void spawn_attributes(const cli_spawn_spec *spec, posix_spawnattr_t *attr)
{
    short flags = 0;
    posix_spawnattr_init(attr);
    if (spec->own_process_group) {
        posix_spawnattr_setpgroup(attr, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    if (spec->mask) {
        posix_spawnattr_setsigmask(attr, spec->mask);
        flags |= POSIX_SPAWN_SETSIGMASK;
    }
    if (spec->defaults) {
        posix_spawnattr_setsigdefault(attr, spec->defaults);
        flags |= POSIX_SPAWN_SETSIGDEF;
    }
    posix_spawnattr_setflags(attr, flags);
}

int cli_spawn(const cli_spawn_spec *spec, pid_t *pid, int *pipe_fd)
{
    int fds[2] = {-1, -1};
    bool piped = spec->stdout_to_pipe || spec->stderr_to_pipe;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    if (piped && pipe(fds) != 0)
        return errno;
    spawn_actions(spec, fds, &actions);
    spawn_attributes(spec, &attr);
    /* posix_spawnp reports a program that cannot be executed as its
     * result (glibc waits for the exec), so no child is left to reap */
    int rc = posix_spawnp(pid, spec->argv[0], &actions, &attr, spec->argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (piped) {
        close(fds[1]);
        if (rc != 0)
            close(fds[0]);
        else
            *pipe_fd = fds[0];
    }
    return rc;
}

/* cli_run_capture's work; quiet: the program's standard error to
 * /dev/null, and no line where it fails; output: what the messages call
 * its output. */
static bool run_capture(const char *program, char *const argv[], const char *shown, const char *output,
                        gr_input_limit limit, cli_buffer *out, bool quiet)
{
    int fd = -1, status = 0, null_fd = quiet ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1;
    pid_t pid;
    cli_spawn_spec spec = {.argv = argv, .stdout_to_pipe = true, .stderr_fd = null_fd};
    int rc = cli_spawn(&spec, &pid, &fd);
    if (null_fd >= 0)
        close(null_fd);
    if (rc != 0)
        return quiet ? false : cli_error("cannot run %s: %s", program, strerror(rc));
    FILE *f = fdopen(fd, "rb");
    bool over = false;
    bool ok = f ? read_limited(f, output, NULL, limit, out, &over)
                : cli_error("cannot read from %s: %s", program, strerror(errno));
    if (!ok) /* past its limit, or unread: a program that would write on is stopped */
        kill(pid, SIGKILL);
    if (f)
        fclose(f);
    else
        close(fd);
    bool exited = waitpid(pid, &status, 0) >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (ok && !exited) {
        free(out->bytes);
        out->bytes = NULL;
        return quiet ? false
                     : cli_error("%s failed (exit status %d)", shown, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return ok;
}

/* run_capture, its output called "SHOWN's output". */
static bool run_capture_named(const char *program, char *const argv[], const char *shown, gr_input_limit limit,
                              cli_buffer *out, bool quiet)
{
    gr_buf output = GR_BUF_INIT;
    gr_buf_addf(&output, "%s's output", shown);
    bool ok = gr_buf_failed(&output) ? cli_error("out of memory")
                                     : run_capture(program, argv, shown, gr_buf_text(&output), limit, out, quiet);
    gr_buf_free(&output);
    return ok;
}

bool cli_run_capture(const char *program, char *const argv[], const char *shown, gr_input_limit limit,
                     cli_buffer *out)
{
    return run_capture_named(program, argv, shown, limit, out, false);
}

bool cli_run_capture_quiet(const char *program, char *const argv[], gr_input_limit limit, cli_buffer *out)
{
    return run_capture_named(program, argv, program, limit, out, true);
}

bool cli_write_whole(const char *path, cli_writer write, const void *what)
{
    char *text = NULL;
    size_t len = 0;
    gr_error err;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return cli_error("%s: out of memory", path);
    bool whole = write(out, what) && !ferror(out);
    whole = fclose(out) == 0 && whole;
    bool written = whole && gr_write_file_atomic(path, text, len, &err);
    free(text);
    if (!whole)
        return cli_error("%s: out of memory writing it", path);
    return written || cli_error("%s", err.text);
}
