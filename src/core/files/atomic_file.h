/* Output files written whole or not at all: a temporary file beside the
 * target, renamed over it once complete. */
#ifndef GPUROOF_ATOMIC_FILE_H
#define GPUROOF_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

/* Writes len bytes of data to path. */
bool gr_write_file_atomic(const char *path, const char *data, size_t len, gr_error *err);

/* A temporary name beside path, ending in the same extension (gnuplot picks
 * nothing by it, but a reader of a leftover file can tell what it was). */
bool gr_temp_beside(const char *path, char *out, size_t size, gr_error *err);

#endif
