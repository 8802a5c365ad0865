/* Turning a gnuplot script into a chart file: gnuplot run on the script,
 * the chart written to a temporary file and renamed only when complete. */
#ifndef GPUROOF_PLOT_RUN_H
#define GPUROOF_PLOT_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* Runs $GNUPLOT (default "gnuplot") on script_path with outfile set to a
 * temporary name beside chart_path, then renames it to chart_path.  On
 * failure returns false with why set to the reason (gnuplot missing,
 * gnuplot's first complaint, the chart that cannot be written), printing
 * nothing: the caller's one line also says where the script is kept.
 * chart_path is then untouched. */
bool plot_run_gnuplot(const char *script_path, const char *chart_path, char *why, size_t why_size);

#endif
