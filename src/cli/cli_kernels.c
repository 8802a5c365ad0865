/* Reading a file of compiled kernels for a command (cli_kernels.h). */
#include <config.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "cli_process.h"
#include "gpuroof_kernels.h"

const char *cli_ptx_names(const gr_sm_set *set, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < set->count && used < size; i++) {
        char variant[2] = {set->items[i].variant, '\0'}; /* compute_90a, compute_100f */
        int n = snprintf(buf + used, size - used, "%scompute_%d%s", i ? ", " : "", set->items[i].number, variant);
        used += n > 0 ? (size_t)n : 0;
    }
    return buf;
}

bool cli_read_kernels(const char *path, cli_kernel_file *out)
{
    *out = (cli_kernel_file){.path = path, .shown = cli_input_shown(path)};
    gr_kernel_list_init(&out->list, GR_KERNELS_BINARY);
    cli_buffer b = {0};
    if (!cli_map_input(path, out->shown, gr_kernels_input_limit, &b)) { /* printed: kept for the command to show again */
        snprintf(out->error, sizeof out->error, "%s", b.error);
        return false;
    }
    gr_error err;
    bool ok = gr_kernels_read(out->shown, b.bytes, b.size, &out->list, &err);
    cli_buffer_free(&b);
    if (!ok)
        return cli_error_kept(out->error, sizeof out->error, "%s", err.text);
    if (out->list.count == 0 && out->list.ptx.count > 0) {
        char names[256];
        cli_ptx_names(&out->list.ptx, names, sizeof names);
        int first = out->list.ptx.items[0].number;
        return cli_error_kept(out->error, sizeof out->error,
                              "%s: PTX only (%s), which the driver compiles when the program loads it: no "
                              "register counts before then; build machine code too, e.g. -gencode "
                              "arch=compute_%d,code=sm_%d",
                              out->shown, names, first, first);
    }
    return true;
}

const char *cli_kernels_file_error(const gr_kernels_file *f, char *buf, size_t size)
{
    if (f->status != GR_KERNELS_FILE_NO_CODE_RUNS)
        return f->error ? f->error : "";
    snprintf(buf, size, "%s (--arch picks one anyway)", f->error);
    return buf;
}

void cli_kernel_file_free(cli_kernel_file *f)
{
    gr_kernel_list_free(&f->list);
}
