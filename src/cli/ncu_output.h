/* The ncu command: a report read, the device and roofs it is held
 * against, and its two ways of printing; and the running of Nsight
 * Compute itself (ncu_run.c). */
#ifndef GPUROOF_NCU_OUTPUT_H
#define GPUROOF_NCU_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include "cli_process.h"
#include "commands.h"
#include "gpuroof_ncu.h"
#include "gpuroof_results.h"

/* How many launches whose occupancy differs from Nsight Compute's are
 * named on standard error, one a line, before the rest are counted. */
#define NCU_DISAGREEMENTS_SHOWN 20

/* The core's analysis and what only the command holds: what messages
 * call the CSV, and the --results file read. */
typedef struct {
    const char *shown;
    gr_ncu_analysis a;
    bool has_results;
    gr_results results;
} ncu_view;

/* Reads the CSV (len bytes) and has the core work out everything the
 * outputs show; the other GPU and the differences of occupancy go to
 * standard error.  False: printed.  ncu_view_free in either case. */
bool ncu_view_build(const ncu_options *o, const char *shown, const char *text, size_t len, ncu_view *v);
void ncu_view_free(ncu_view *v);

void ncu_print_text(const ncu_view *v);
/* A launch's (or kernel's) limits, limiter and what to change (ncu_limits_text.c). */
void ncu_print_time_limits(const ncu_view *v, const gr_ncu_limits *lim);
json_t *ncu_json(const ncu_view *v);

/* Finds ncu: $GPUROOF_NCU, the PATH, /usr/local/cuda/bin/ncu, then
 * /opt/nvidia/nsight-compute/VERSION/ncu; false, printed where it looked,
 * where none is there.  why: what ncu is wanted for. */
bool ncu_find(char *path, size_t size, const char *why);
/* The raw page of an .ncu-rep: ncu --import REPORT --csv --page raw. */
bool ncu_import(const char *ncu, const char *report, cli_buffer *csv);
/* Runs the application (o->app) under ncu with gpuroof's metrics and
 * --clock-control none, and gives the raw page of the report it made. */
bool ncu_profile_app(const ncu_options *o, cli_buffer *csv);

#endif
