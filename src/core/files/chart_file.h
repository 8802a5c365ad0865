/* Whether a chart file that gnuplot wrote is whole: a PDF that parses to
 * its cross-reference table, a PNG whose chunks run intact to IEND, an SVG
 * whose elements all close.  gnuplot may exit 0 having written half a file
 * (a full disk, a crash it does not report); a chart is put in place only
 * once this says it is whole. */
#ifndef GPUROOF_CHART_FILE_H
#define GPUROOF_CHART_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

typedef enum { GR_CHART_PDF, GR_CHART_PNG, GR_CHART_SVG } gr_chart_format;

/* The most a chart file may hold: gnuplot's charts are kilobytes; a file
 * past this is not one it wrote for gpuroof. */
#define GR_CHART_MAX_BYTES (256u << 20)

/* The format a chart path names by its extension (.pdf, .png, .svg, in
 * any case); false where it names none of them. */
bool gr_chart_format_of(const char *path, gr_chart_format *format);

/* Whether size bytes at bytes are a whole chart of that format; false with
 * err saying "NAME: byte N: " and the rule broken where not.  name only
 * names the bytes in the error. */
bool gr_chart_bytes_whole(const char *name, const unsigned char *bytes, size_t size, gr_chart_format format,
                          gr_error *err);

/* The same for the file at path (read whole, up to GR_CHART_MAX_BYTES). */
bool gr_chart_file_whole(const char *path, gr_chart_format format, gr_error *err);

#endif
