/* GPUs each measured into a results file of their own, a host's or a
 * fleet's: the files' names (a pattern's %N and %g, or -gpuN), short names
 * that tell the GPUs apart, and their measured ceilings, each GPU held
 * against the median of the other GPUs of its model, as a node acceptance
 * check or a fleet's sweep does.  Works on results just measured and on
 * files read back alike; keeps of each GPU only what the comparison needs,
 * so that a fleet's thousands of files need not be held whole. */
#ifndef GPUROOF_RESULTS_NODE_H
#define GPUROOF_RESULTS_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "results.h"
#include "results_format.h"

/* The GPUs one comparison takes: a fleet of 12,500 nodes of 8 GPUs, ten
 * times the largest asked for, at about 1 KB of memory a GPU. */
#define GR_NODE_MAX_GPUS 100000
#define GR_NODE_MAX_CEILINGS 64
#define GR_NODE_LABEL_SIZE 64

/* How far below the median of the other GPUs of its model a GPU may fall
 * on a ceiling, in percent, unless told otherwise.  A judgement, not a
 * published figure (the memory-bandwidth plugin of NVIDIA's DCGM
 * diagnostics holds each GPU to an absolute minimum of its model instead):
 * wide enough for the run-to-run noise of a ceiling, narrow enough for a
 * GPU held at a low clock or a memory that lost bandwidth. */
#define GR_NODE_SPREAD_LIMIT_PCT 10.0

/* The file of GPU `index` of a run asked to write path: "-gpuN" before its
 * .yaml (or .yml) extension, or at its end where it has neither
 * (results.yaml: results-gpu0.yaml).  False (err set) where the name would
 * not fit in size. */
bool gr_node_gpu_path(const char *path, int index, char *out, size_t size, gr_error *err);

/* Checks a results file's name pattern: %N (the host's short name), %g
 * (the GPU's CUDA index) and %% (a %) are its only escapes.  False (err
 * set, naming the first other one, or a % at the end) otherwise;
 * *names_gpu says whether %g is in it. */
bool gr_node_pattern_check(const char *pattern, bool *names_gpu, gr_error *err);

/* The pattern expanded for GPU `index` of the host called host (as
 * gethostname gives it: its short name is up to its first dot).  False
 * (err set) for a pattern gr_node_pattern_check refuses, or a name that
 * would not fit in size. */
bool gr_node_pattern_expand(const char *pattern, const char *host, int index, char *out, size_t size,
                            gr_error *err);

/* Short names telling the results apart, labels[i] for r[i]: "GPU N" where
 * each records a CUDA index of its own; else each file's name without its
 * directory and extension, where those differ; else "#1", "#2", ... */
void gr_node_labels(const gr_results *const *r, size_t count, char (*labels)[GR_NODE_LABEL_SIZE]);

/* Whether a key of the ceilings table is a measured ceiling, the one rule
 * for it: a rate (GB/s or GFLOP/s) that is neither a theoretical figure
 * (SMs x lanes x clock) nor a datasheet's.  A measured key added to the
 * table joins the comparison with no change here. */
bool gr_node_measured_ceiling(const gr_results_key *key);

/* The median of sorted[0..n) (ascending) without sorted[skip]: the
 * reference of the GPU at that place among its model's; skip >= n: of all
 * n.  NaN where nothing is left. */
double gr_node_median_without(const double *sorted, size_t n, size_t skip);

/* One GPU, as the comparison keeps it. */
typedef struct {
    const char *name; /* the device name: its model */
    long long cuda_index;
    const char *pci_bus_id, *uuid; /* each in the comparison's pool */
    const char *path; /* its file, the caller's string (outliving the comparison); "" where none */
    size_t model;     /* its model's index in models */
    bool flagged;     /* on any ceiling */
} gr_node_gpu;

/* One GPU's figure for one ceiling. */
typedef struct {
    double value;     /* NaN: absent (not measured, or its check failed) */
    double reference; /* the median of the other GPUs of its model that measured it; NaN: none did */
    double below_pct; /* how far below the reference, in percent of it (negative: above); NaN: no reference */
    bool flagged;     /* more than the limit below, or absent where another of its model measured it */
} gr_node_cell;

/* A model's figures for one ceiling. */
typedef struct {
    double median, low, high; /* of its GPUs that measured it; NaN: none did */
    size_t measured, flagged; /* how many GPUs measured it, how many are flagged on it */
} gr_node_stat;

typedef struct {
    const char *name; /* its first GPU's name */
    size_t gpu_count, flagged_count;
} gr_node_model;

typedef struct {
    const char *key;   /* the ceilings key, "dram_triad_gbs" */
    const char *unit;  /* "GB/s", "GFLOP/s" */
    size_t column;     /* its place among the measured keys: the cells' column */
    double spread_pct; /* max less min over max within a model, in percent (the largest of any); NaN: no two */
} gr_node_row;

typedef struct {
    size_t gpu_count, key_count, row_count, model_count, flagged_count;
    double limit_pct;
    bool twins; /* whether any two GPUs are of one model: the only ones compared */
    gr_node_gpu *gpus;
    char (*labels)[GR_NODE_LABEL_SIZE];        /* a GPU's short name (gr_node_labels' rule) */
    const gr_results_key *keys[GR_NODE_MAX_CEILINGS]; /* the measured keys, in the ceilings table's order */
    gr_node_cell *cells;                       /* gpu_count x key_count */
    gr_node_row rows[GR_NODE_MAX_CEILINGS];    /* the measured keys any GPU has */
    gr_node_model *models;                     /* in the order of their first GPU */
    gr_node_stat *stats;                       /* model_count x row_count */
    gr_text_pool texts;                        /* the GPUs' names and ids, copied: a file's results go before it */
} gr_node_comparison;

/* Room for gpu_count GPUs, each to be given by gr_node_take.  False (err
 * set) for none, more than GR_NODE_MAX_GPUS, or no memory; *c then needs
 * no gr_node_free. */
bool gr_node_begin(gr_node_comparison *c, size_t gpu_count, gr_error *err);

/* GPU i: what the comparison needs of r (its identity and measured
 * ceilings); path is its file (kept as given). */
void gr_node_take(gr_node_comparison *c, size_t i, const gr_results *r, const char *path);

/* Each GPU held against the median of the other GPUs of its model (those of
 * the same device name) on each measured ceiling: flagged where more than
 * limit_pct below it, or absent where another of its model measured it;
 * each model's median, low and high; once, after every GPU is taken.
 * O(n log n) in the GPUs.  False (err set) for a limit outside 0 to 100, or
 * no memory. */
bool gr_node_compare(gr_node_comparison *c, double limit_pct, gr_error *err);

/* begin, take each of r (its path r[i]->path) and compare at once. */
bool gr_node_compare_results(const gr_results *const *r, size_t count, double limit_pct, gr_node_comparison *c,
                             gr_error *err);

void gr_node_free(gr_node_comparison *c);

/* GPU gpu's cell of row (an index of rows); model's stat of row. */
const gr_node_cell *gr_node_cell_at(const gr_node_comparison *c, size_t gpu, size_t row);
const gr_node_stat *gr_node_stat_at(const gr_node_comparison *c, size_t model, size_t row);

#endif
