/* Turning a gnuplot script into a chart file: gnuplot run on the script,
 * the chart written to a temporary file and renamed only when complete. */
#ifndef GPUROOF_PLOT_RUN_H
#define GPUROOF_PLOT_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* How long gnuplot may run, in seconds, unless GPUROOF_GNUPLOT_TIMEOUT
 * says otherwise: a chart takes it a second or two. */
#define PLOT_GNUPLOT_TIMEOUT_S 60

/* Runs $GNUPLOT (default "gnuplot") on script_path with outfile set to a
 * temporary name beside chart_path, under the time limit, then checks the
 * chart whole (chart_file.h) and renames it to chart_path.  On failure
 * returns false with why set to the reason (gnuplot missing, gnuplot's
 * first complaint, its time run out, a chart written in part, the chart
 * that cannot be written), printing nothing: the caller's one line also
 * says where the script is kept.  chart_path is then untouched and the
 * temporary chart gone.  A SIGINT, SIGTERM or SIGHUP to plot while gnuplot
 * runs ends gnuplot, removes the temporary chart (and script_path where
 * script_is_temp), and ends plot of that signal. */
bool plot_run_gnuplot(const char *script_path, bool script_is_temp, const char *chart_path, char *why,
                      size_t why_size);

#endif
