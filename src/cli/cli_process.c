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
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_process.h"

extern char **environ;

bool cli_read_stream(FILE *f, const char *shown, cli_buffer *b)
{
    size_t capacity = 1 << 16;
    b->size = 0;
    b->bytes = malloc(capacity);
    while (b->bytes) {
        b->size += fread(b->bytes + b->size, 1, capacity - b->size, f);
        if (b->size < capacity)
            break;
        unsigned char *bigger = capacity <= SIZE_MAX / 2 ? realloc(b->bytes, capacity * 2) : NULL;
        if (!bigger) {
            free(b->bytes);
            b->bytes = NULL;
            break;
        }
        b->bytes = bigger, capacity *= 2;
    }
    if (!b->bytes)
        return cli_error_kept(b->error, sizeof b->error, "%s: out of memory reading it", shown);
    if (ferror(f)) { /* a directory, an I/O error: nothing read is kept */
        int why = errno;
        free(b->bytes);
        b->bytes = NULL;
        b->size = 0;
        return cli_error_kept(b->error, sizeof b->error, "%s: cannot read it: %s", shown, strerror(why));
    }
    return true;
}

bool cli_read_input(const char *path, const char *shown, cli_buffer *b)
{
    if (strcmp(path, "-") == 0)
        return cli_read_stream(stdin, shown, b);
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_error_kept(b->error, sizeof b->error, "cannot open %s: %s", path, strerror(errno));
    bool ok = cli_read_stream(f, shown, b);
    fclose(f);
    return ok;
}

bool cli_map_input(const char *path, const char *shown, cli_buffer *b)
{
    *b = (cli_buffer){0};
    if (strcmp(path, "-") == 0)
        return cli_read_stream(stdin, shown, b);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return cli_error_kept(b->error, sizeof b->error, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || (uintmax_t)st.st_size > SIZE_MAX) {
        close(fd); /* not a file that maps (a pipe, a device, an empty file): read it */
        return cli_read_input(path, shown, b);
    }
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    int saved = errno;
    close(fd);
    if (map == MAP_FAILED)
        return cli_error_kept(b->error, sizeof b->error, "%s: cannot map it: %s", shown, strerror(saved));
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

bool cli_run_capture(const char *program, char *const argv[], const char *shown, cli_buffer *out)
{
    int fds[2], status = 0;
    pid_t pid;
    posix_spawn_file_actions_t actions;
    if (pipe(fds) != 0)
        return cli_error("cannot run %s: %s", program, strerror(errno));
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    int rc = posix_spawn(&pid, program, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        return cli_error("cannot run %s: %s", program, strerror(rc));
    }
    FILE *f = fdopen(fds[0], "rb");
    bool ok = f ? cli_read_stream(f, shown, out) : cli_error("cannot read from %s: %s", program, strerror(errno));
    if (f)
        fclose(f);
    else
        close(fds[0]);
    bool exited = waitpid(pid, &status, 0) >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (ok && !exited) {
        free(out->bytes);
        out->bytes = NULL;
        return cli_error("%s failed (exit status %d)", shown, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return ok;
}
