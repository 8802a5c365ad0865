/* The GPUs of one host, each measured into a results file of its own:
 * the files' names, short names that tell the GPUs apart, and their
 * measured ceilings side by side, each GPU held against its twins (the
 * GPUs of the same model) as a node acceptance check does.  Works on
 * results just measured and on files read back alike. */
#ifndef GPUROOF_RESULTS_NODE_H
#define GPUROOF_RESULTS_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include "error.h"
#include "results.h"

#define GR_NODE_MAX_GPUS 64
#define GR_NODE_MAX_CEILINGS 64
#define GR_NODE_LABEL_SIZE 64

/* How far below the best of its twins a GPU may fall on a ceiling, in
 * percent, unless told otherwise.  A judgement, not a published figure (the
 * memory-bandwidth plugin of NVIDIA's DCGM diagnostics holds each GPU to an
 * absolute minimum of its model instead): wide enough for the run-to-run
 * noise of a ceiling, narrow enough for a GPU held at a low clock or a
 * memory that lost bandwidth. */
#define GR_NODE_SPREAD_LIMIT_PCT 10.0

/* The file of GPU `index` of a run asked to write path: "-gpuN" before its
 * .yaml (or .yml) extension, or at its end where it has neither
 * (results.yaml: results-gpu0.yaml).  False (err set) where the name would
 * not fit in size. */
bool gr_node_gpu_path(const char *path, int index, char *out, size_t size, gr_error *err);

/* Short names telling the results apart, labels[i] for r[i]: "GPU N" where
 * each records a CUDA index of its own; else each file's name without its
 * directory and extension, where those differ; else "#1", "#2", ... */
void gr_node_labels(const gr_results *const *r, size_t count, char (*labels)[GR_NODE_LABEL_SIZE]);

/* One GPU's figure for one ceiling. */
typedef struct {
    double value;     /* NaN: absent (not measured, or its check failed) */
    double below_pct; /* how far below the best of its twins, in percent of that best; NaN: no twin measured it */
    bool flagged;     /* more than the limit below, or absent where a twin measured it */
} gr_node_cell;

typedef struct {
    const char *key;   /* the ceilings key, "dram_triad_gbs" */
    const char *unit;  /* "GB/s", "GFLOP/s" */
    double spread_pct; /* max less min over max among twins, in percent (the largest of any model); NaN: no two */
    gr_node_cell gpus[GR_NODE_MAX_GPUS];
} gr_node_row;

typedef struct {
    size_t gpu_count, row_count;
    double limit_pct;
    bool twins;        /* whether any two GPUs are of one model: the only ones compared */
    gr_node_row rows[GR_NODE_MAX_CEILINGS]; /* the measured ceilings any GPU has, in the results table's order */
    bool flagged[GR_NODE_MAX_GPUS];         /* a GPU flagged on any ceiling */
    size_t flagged_count;
} gr_node_comparison;

/* The measured ceilings of the results side by side (the theoretical and
 * datasheet figures are not measurements and are left out).  Twins are
 * results of the same device name; a GPU is flagged where it is more than
 * limit_pct below the best of its twins on a ceiling, or lacks one a twin
 * measured.  False (err set) for no results, more than GR_NODE_MAX_GPUS, or
 * a limit outside 0 to 100. */
bool gr_node_compare(const gr_results *const *r, size_t count, double limit_pct, gr_node_comparison *out,
                     gr_error *err);

#endif
