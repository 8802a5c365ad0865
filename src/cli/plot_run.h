/* Turning a gnuplot script into a chart file: gnuplot run on the script,
 * the chart written to a temporary file and renamed only when complete. */
#ifndef GPUROOF_PLOT_RUN_H
#define GPUROOF_PLOT_RUN_H

#include <stdbool.h>

/* Runs $GNUPLOT (default "gnuplot") on script_path with outfile set to a
 * temporary name beside chart_path, then renames it to chart_path.  On
 * failure prints the error (gnuplot missing, gnuplot's first complaint) and
 * returns false; chart_path is then untouched. */
bool plot_run_gnuplot(const char *script_path, const char *chart_path);

#endif
