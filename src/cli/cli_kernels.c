/* Reading a file of compiled kernels for a command (cli_kernels.h). */
#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "cli_process.h"
#include "cuobjdump_listing.h"
#include "kernel_file.h"

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
    if (!cli_find_program("cuobjdump", program, sizeof program))
        return cli_error("%s: its cubins (%s) are compressed, and cuobjdump, which reads them, is not on the "
                         "PATH: list its kernels with nvcc --resource-usage, or rebuild it with --compress-mode=none",
                         f->shown, names);
    snprintf(shown, sizeof shown, "cuobjdump --dump-resource-usage %s", f->path);
    char *argv[] = {program, "--dump-resource-usage", (char *)f->path, NULL};
    cli_buffer listing = {0};
    if (!cli_run_capture(program, argv, shown, &listing))
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

/* Prints the line and keeps it, for a command that shows it again. */
static bool refuse(cli_kernel_file *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse(cli_kernel_file *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->error, sizeof f->error, fmt, ap);
    va_end(ap);
    return cli_error("%s", f->error);
}

bool cli_read_kernels(const char *path, cli_kernel_file *out)
{
    *out = (cli_kernel_file){.path = path, .shown = strcmp(path, "-") == 0 ? "standard input" : path};
    gr_kernel_list_init(&out->list, GR_KERNELS_BINARY);
    cli_buffer b = {0};
    if (!cli_read_input(path, out->shown, &b)) { /* printed: kept in its words */
        FILE *again = strcmp(path, "-") == 0 ? NULL : fopen(path, "rb");
        int why = errno;
        if (again)
            fclose(again);
        if (again || strcmp(path, "-") == 0)
            snprintf(out->error, sizeof out->error, "%s: cannot read it: %s", out->shown, strerror(why));
        else
            snprintf(out->error, sizeof out->error, "cannot open %s: %s", path, strerror(why));
        return false;
    }
    gr_error err;
    bool ok = gr_kernels_read(out->shown, b.bytes, b.size, &out->list, &err);
    free(b.bytes);
    if (!ok)
        return refuse(out, "%s", err.text);
    out->read_as = out->list.format;
    if (out->list.compressed.count > 0 && !read_through_cuobjdump(out))
        return false;
    if (out->list.count == 0 && out->list.ptx.count > 0) {
        char names[256];
        cli_ptx_names(&out->list.ptx, names, sizeof names);
        int first = out->list.ptx.items[0].number;
        return refuse(out, "%s: PTX only (%s), which the driver compiles when the program loads it: no register "
                         "counts before then; build machine code too, e.g. -gencode arch=compute_%d,code=sm_%d",
                         out->shown, names, first, first);
    }
    return true;
}

void cli_kernel_file_free(cli_kernel_file *f)
{
    gr_kernel_list_free(&f->list);
}
