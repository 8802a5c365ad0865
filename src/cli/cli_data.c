#define _POSIX_C_SOURCE 200809L
#include <config.h>
#include <stdlib.h>
#include <unistd.h>
#include "cli_data.h"
#include "paths.h"

/* The running program's file, from the kernel: argv[0] may be a bare name
 * found on the PATH, or any name at all.  NULL where the system has no
 * /proc. */
static const char *this_program(char *path, size_t size)
{
    ssize_t len = readlink("/proc/self/exe", path, size - 1);
    if (len <= 0 || (size_t)len >= size - 1)
        return NULL;
    path[len] = '\0';
    return path;
}

void cli_data_path(gr_data_kind kind, const char *option, gr_search_path *sp)
{
    char program[4096];
    const char *variable = gr_data_variable(kind);
    const gr_data_places places = {
        .program = this_program(program, sizeof program),
        .build_program = GPUROOF_BUILD_PROGRAM,
        .build_data = GPUROOF_BUILD_DATADIR,
        .bindir = GPUROOF_BINDIR,
        .pkgdatadir = GPUROOF_PKGDATADIR,
    };
    gr_data_search_path(kind, option, variable ? getenv(variable) : NULL, &places, sp);
}
