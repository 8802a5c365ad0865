/* The roofline of a Nsight Compute report as an SVG file, for a page that
 * inlines it (gpuroof ncu --html, plot --html): what `gpuroof plot --ncu
 * FILE [--device NAME] [--levels LIST] [--top N] -o OUT.svg` draws, each
 * kernel's point a tooltip (gnuplot's hypertext: its name, the level, its
 * intensity, rate and the roof it is held against). */
#ifndef GPUROOF_PLOT_SVG_H
#define GPUROOF_PLOT_SVG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *ncu;      /* the report: a CSV, "-" or an .ncu-rep (required); with text, its name */
    /* the report already read (gpuroof ncu --html has it): its text;
     * NULL: the chart reads ncu */
    const char *text;
    size_t text_size;
    const char *device;   /* a profile's name or file; NULL: the report's GPU's shipped profile */
    const char *profiles; /* --profiles DIR; NULL: the search path */
    /* the levels drawn, as --levels takes them ("dram,l2,shared"); NULL: all three */
    const char *levels;
    int top;              /* the kernels drawn, longest first: 1..16; 0: 8 */
} plot_svg_request;

/* Writes the chart to svg_path (which must end in .svg), whole or not at
 * all, through gnuplot under its time limit; returns the exit status
 * (0, 1 bad input or gnuplot failed, 2 a bad request), the one error line
 * printed on standard error as plot prints it.  What the chart leaves out
 * is said in its note, not warned of: the page it goes into is the
 * report.  The SVG is standalone: gnuplot's mouse script is inside it,
 * and it names no file or address to fetch. */
int plot_ncu_svg(const plot_svg_request *rq, const char *svg_path);

#endif
