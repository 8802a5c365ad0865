/* The ncu command: a report read, the device and roofs it is held
 * against, and its two ways of printing; and the running of Nsight
 * Compute itself (ncu_run.c). */
#ifndef GPUROOF_NCU_OUTPUT_H
#define GPUROOF_NCU_OUTPUT_H

#include <jansson.h>
#include <stdbool.h>
#include "cli_process.h"
#include "commands.h"
#include "ncu_figures.h"
#include "ncu_group.h"
#include "ncu_occupancy.h"
#include "ncu_report.h"
#include "ncu_roofs.h"
#include "profile.h"
#include "results.h"

/* How many launches whose occupancy differs from Nsight Compute's are
 * named on standard error, one a line, before the rest are counted. */
#define NCU_DISAGREEMENTS_SHOWN 20

typedef struct {
    const char *shown; /* what messages call the CSV */
    gr_ncu_report report;
    gr_ncu_figures *figures; /* one a launch */
    bool grouped;
    gr_ncu_group *groups;
    size_t group_count;
    bool has_profile;
    gr_profile profile;
    char device_note[512]; /* where the profile came from, or why there is none */
    bool has_results;
    gr_results results;
    gr_ncu_roofs roofs;
    bool absent_everywhere[GR_NCU_Q_COUNT]; /* missing in every launch */
    size_t disagreements;  /* launches whose predicted occupancy differs from Nsight Compute's */
    bool other_gpu;        /* the report is of another GPU than --device's */
} ncu_view;

/* Reads the CSV (len bytes) and works out everything the outputs show;
 * the differences of occupancy go to standard error.  False: printed. */
bool ncu_view_build(const ncu_options *o, const char *shown, const char *text, size_t len, ncu_view *v);
void ncu_view_free(ncu_view *v);

/* The binding level and occupancy prediction of a launch's or a kernel's figures. */
void ncu_view_bind(const ncu_view *v, const gr_ncu_figures *f, gr_ncu_binding *out);
void ncu_view_predict(const ncu_view *v, const gr_ncu_figures *f, gr_ncu_prediction *out);

void ncu_print_text(const ncu_view *v);
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
