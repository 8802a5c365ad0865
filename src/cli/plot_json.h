/* gpuroof plot --json: one object saying what was drawn and where.  Each
 * chart kind has its own keys after the three every chart has: "chart"
 * (roofline, occupancy, banks), "chart_file" and "script_file" (null where
 * none was written), and "warnings" last, the lines also printed on stderr. */
#ifndef GPUROOF_PLOT_JSON_H
#define GPUROOF_PLOT_JSON_H

#include <jansson.h>
#include "gpuroof_chart.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_results.h"

/* warnings: the lines warned of (plot_warn), taken as they are. */
/* ncu: --ncu's object (plot_levels.h), taken as it is; NULL: null. */
/* f: in's figures (grc_roofline_figures_build), only read here. */
json_t *plot_json_roofline(const grc_roofline_inputs *in, const grc_roofline_figures *f, json_t *warnings, json_t *ncu);
/* device: the profile's name, or NULL where the limits were given. */
json_t *plot_json_occupancy(const char *device, const gr_launch *launch, const gr_occupancy *occ);

/* What a bank-conflict chart shows, built before its JSON is written: each
 * check the chart draws (timed, with wavefronts), in the file's order. */
typedef struct {
    const gr_result_bank *bank;
    double wavefronts; /* store + load per request, where the chart puts it (grc_banks_wavefronts) */
} plot_bank_point;

typedef struct {
    const gr_results *results;
    size_t point_count;
    plot_bank_point *points; /* point_count of them, the builder's to free */
} plot_banks_result;

json_t *plot_json_banks(const plot_banks_result *b);

/* A warning: one line on stderr, "gpuroof: warning: ...", and an entry of
 * warnings, the JSON's list. */
void plot_warn(json_t *warnings, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Each line warned of, on standard error ("gpuroof: warning: ..."). */
void plot_print_warnings(const json_t *warnings);


/* The keys every chart's object starts with: "chart" (kind), and
 * "chart_file" and "script_file", null until plot_json_files. */
json_t *plot_json_chart(const char *kind);

/* The files written: the chart and the script, either NULL where absent. */
void plot_json_files(json_t *what, const char *chart_file, const char *script_file);

#endif
