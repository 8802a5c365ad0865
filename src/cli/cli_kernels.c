/* Reading a file of compiled kernels for a command (cli_kernels.h). */
#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "cli_kernels.h"
#include "cuobjdump_listing.h"
#include "kernel_file.h"

extern char **environ;

typedef struct {
    unsigned char *bytes;
    size_t size;
} buffer;

/* All of f, however it came (a file, a pipe). */
static bool read_stream(FILE *f, const char *shown, buffer *b)
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
        return cli_error("%s: out of memory reading it", shown);
    if (ferror(f))
        return cli_error("%s: cannot read it: %s", shown, strerror(errno));
    return true;
}

static bool read_input(const char *path, const char *shown, buffer *b)
{
    if (strcmp(path, "-") == 0)
        return read_stream(stdin, shown, b);
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_error("cannot open %s: %s", path, strerror(errno));
    bool ok = read_stream(f, shown, b);
    fclose(f);
    return ok;
}

/* Where name is on the PATH, as a shell would find it; false if nowhere. */
static bool find_program(const char *name, char *path, size_t size)
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

/* What program writes on its standard output; its standard error stays the user's. */
static bool run_capture(const char *program, char *const argv[], const char *shown, buffer *out)
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
    bool ok = f ? read_stream(f, shown, out) : cli_error("cannot read from %s: %s", program, strerror(errno));
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

const char *cli_ptx_names(const gr_sm_set *set, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < set->count && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%scompute_%d", i ? ", " : "", set->items[i].number);
        used += n > 0 ? (size_t)n : 0;
    }
    return buf;
}

/* The binary's cubins are compressed: cuobjdump's listing of it instead. */
static bool read_through_cuobjdump(cli_kernel_file *f)
{
    char program[4096], shown[1200], names[256];
    gr_sm_set_names(&f->list.compressed, names, sizeof names);
    if (strcmp(f->path, "-") == 0)
        return cli_error("%s: its cubins (%s) are compressed: give the file itself, for cuobjdump to read",
                         f->shown, names);
    if (!find_program("cuobjdump", program, sizeof program))
        return cli_error("%s: its cubins (%s) are compressed, and cuobjdump, which reads them, is not on the "
                         "PATH: list its kernels with nvcc --resource-usage, or rebuild it with --compress-mode=none",
                         f->shown, names);
    snprintf(shown, sizeof shown, "cuobjdump --dump-resource-usage %s", f->path);
    char *argv[] = {program, "--dump-resource-usage", (char *)f->path, NULL};
    buffer listing = {0};
    if (!run_capture(program, argv, shown, &listing))
        return false;
    gr_error err;
    f->read_as = f->list.format;
    gr_kernel_list_free(&f->list);
    gr_kernel_list_init(&f->list, GR_KERNELS_CUOBJDUMP);
    f->through_cuobjdump = true;
    bool ok = gr_cuobjdump_listing_read(shown, (const char *)listing.bytes, listing.size, &f->list, &err);
    free(listing.bytes);
    if (!ok)
        return cli_error("%s", err.text);
    return true;
}

bool cli_read_kernels(const char *path, cli_kernel_file *out)
{
    *out = (cli_kernel_file){.path = path, .shown = strcmp(path, "-") == 0 ? "standard input" : path};
    gr_kernel_list_init(&out->list, GR_KERNELS_BINARY);
    buffer b = {0};
    if (!read_input(path, out->shown, &b))
        return false;
    gr_error err;
    bool ok = gr_kernels_read(out->shown, b.bytes, b.size, &out->list, &err);
    free(b.bytes);
    if (!ok)
        return cli_error("%s", err.text);
    out->read_as = out->list.format;
    if (out->list.compressed.count > 0 && !read_through_cuobjdump(out))
        return false;
    if (out->list.count == 0 && out->list.ptx.count > 0) {
        char names[256];
        cli_ptx_names(&out->list.ptx, names, sizeof names);
        int first = out->list.ptx.items[0].number;
        return cli_error("%s: PTX only (%s), which the driver compiles when the program loads it: no register "
                         "counts before then; build machine code too, e.g. -gencode arch=compute_%d,code=sm_%d",
                         out->shown, names, first, first);
    }
    return true;
}

void cli_kernel_file_free(cli_kernel_file *f)
{
    gr_kernel_list_free(&f->list);
}
