/* A figure as a self-contained gnuplot script: data inline as datablocks,
 * the style template inline, the output file a variable. */
#ifndef GPUROOF_GNUPLOT_SCRIPT_H
#define GPUROOF_GNUPLOT_SCRIPT_H

#include <stdio.h>
#include "gpuroof_text.h"
#include "chart.h"

/* SVG: gnuplot's svg terminal with its mouse script embedded
 * (standalone: no file fetched), each point with a tooltip drawn as a
 * hypertext label, shown when the mouse is on it. */
typedef enum { GRC_TERMINAL_PDF, GRC_TERMINAL_PNG, GRC_TERMINAL_SVG } grc_terminal;

typedef struct {
    grc_terminal terminal;
    double width_in, height_in;
    const char *output;     /* the default of the outfile variable */
    const char *made_by;    /* a comment line: the command that made it */
    const char *style;      /* the template's text (plots/style.gp) */
} grc_script_options;

/* A tick's label: the number as the text writes it below 1000, with k, M,
 * G... above ("1k", "20k", "1M"); never gnuplot's "1m" for 0.001.  It fits
 * a gr_num whole: gr_num_text's longest text and one letter.  GRC_TICK(x)
 * is its text, for the expression it is in (as GR_NUM's). */
gr_num grc_tick_of(double value);
#define GRC_TICK(x) (grc_tick_of(x).text)

/* Writes the script; false if out reports a write error. */
bool grc_gnuplot_write(FILE *out, const grc_figure *fig, const grc_script_options *opt);

#endif
