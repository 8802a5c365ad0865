/* Charts as SVG text for a page that inlines them (gpuroof ncu --html,
 * plot --html): gnuplot's svg terminal writes a file, so the chart is
 * drawn into a temporary file beside the page, read back and the file
 * removed.  Each kernel's point carries a tooltip (gnuplot's hypertext:
 * its name, the level, its intensity, rate and the roof it is held
 * against); the SVG is standalone, gnuplot's mouse script inside it, and
 * names no file or address to fetch. */
#ifndef GPUROOF_PLOT_SVG_H
#define GPUROOF_PLOT_SVG_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include "cli_process.h"
#include "commands.h"

/* The chart o asks for (its -o and --html aside) as SVG in svg, the
 * caller's to free; with what, what it drew (plot --json's object).
 * page: the page it goes into, beside which the temporary file is made.
 * Returns the exit status, the one error line printed as plot prints it;
 * svg is empty unless it is EXIT_OK.  Where gnuplot fails, its script is
 * kept and named as plot keeps it. */
int plot_svg_text(const plot_options *o, const char *page, cli_buffer *svg, json_t **what);

typedef struct {
    const char *ncu;      /* the report's name in messages (required) */
    const gr_ncu_analysis *analysis; /* the report already analysed, with its device (required) */
    const char *device;   /* the profile the analysis was given by name, drawn as its; NULL: the analysis's */
    const char *profiles; /* --profiles DIR; NULL: the search path */
    /* the levels drawn, as --levels takes them ("dram,l2,shared"); NULL: all three */
    const char *levels;
    int top;              /* the kernels drawn, longest first: 1..16; 0: 8 */
    const char *results;  /* the measured roofs the report's launches were held to; NULL: none */
} plot_svg_request;

/* The roofline of a Nsight Compute report already analysed, what `gpuroof
 * plot --ncu FILE [--device NAME] [--levels LIST] [--top N] [--results R] -o OUT.svg`
 * draws, as plot_svg_text gives it, from the analysis itself: its
 * launches summed by kernel where it has not summed them.  What the chart
 * leaves out is said in its note, not warned of: the page it goes into is
 * the report. */
int plot_ncu_svg(const plot_svg_request *rq, const char *page, cli_buffer *svg, json_t **what);

#endif
