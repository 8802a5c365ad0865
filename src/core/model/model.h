/* A kernel model: a small YAML file of formulas (doc/model-format.md) that
 * says how a kernel is launched, how many FLOPs it does, how many bytes of
 * global memory it moves, and which variables it declares. */
#ifndef GPUROOF_MODEL_H
#define GPUROOF_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "gpuroof_kernels.h"
#include "gpuroof_text.h"

#define GR_MODEL_MAX_PARAMS 32
#define GR_MODEL_MAX_VARS 32
#define GR_MODEL_MAX_DERIVED 16

/* The most threads a model's block may have: 1024 on every CUDA GPU since
 * compute capability 2.0, but occupancy takes --max-threads-block for a
 * made-up SM, so the reader refuses only what could not be narrowed to an
 * int and still mean a block. */
#define GR_MODEL_MAX_BLOCK_THREADS (1 << 20)

/* The most bytes each text of a model holds, its NUL included: a longer
 * name, declaration or note is refused where it is read, a longer formula
 * cut where it is shown.  The texts live in the model's pool
 * (gr_model_free). */
#define GR_MODEL_NAME_SIZE 64      /* the model's, a parameter's, a derived value's */
#define GR_MODEL_FORMULA_SIZE 256  /* a formula, a declaration, the title, launch.grid and launch.block */
#define GR_MODEL_NOTE_SIZE 512     /* a count's note */
#define GR_MODEL_PATH_SIZE 512
#define GR_MODEL_NOTES_SIZE 4096

typedef struct {
    const char *name;
    gr_value value;
    const char *formula; /* as written in the model (or given with -D) */
    bool overridden;    /* set by -D */
} gr_model_value;

/* How often a kernel's code reads and writes a variable (a model's
 * reads:/writes:), in all over the launch, and what those references come
 * to where the variable is not volatile (plain_reads:/plain_writes:, else
 * the rule of model_access.c).  A volatile variable is accessed in memory
 * at every reference; a plain one may be kept in a register. */
typedef struct {
    bool given;
    bool per_thread;                   /* given per thread (shown so) */
    int64_t reads, writes;             /* references the source makes */
    int64_t plain_reads, plain_writes; /* accesses without volatile */
} gr_model_access;

typedef struct {
    gr_decl decl;
    const char *declaration; /* as written */
    gr_decl_place place;
    int64_t elements;      /* 1 for a scalar */
    int64_t bytes;         /* elements x element size; extern: the launch's bytes */
    int64_t versions;      /* copies a launch creates */
    gr_model_access access;
} gr_model_var;

typedef struct {
    const char *name;
    const char *value; /* an expression */
} gr_define;

/* The bytes a kernel moves at a level inside the GPU (shared memory, the
 * L2), as a model gives them: per thread or in total, with what was
 * counted. */
typedef struct {
    bool given;
    bool per_thread;
    gr_value bytes; /* in all */
    const char *note;
} gr_model_level_bytes;

typedef struct {
    const char *path;
    const char *name;
    const char *title;
    int param_count;
    gr_model_value params[GR_MODEL_MAX_PARAMS];

    const char *grid_formula, *block_formula;
    int64_t grid[3], block[3];
    int64_t blocks, threads_per_block, threads;

    gr_value flops;
    bool flops_per_thread;
    gr_value bytes_read, bytes_written, bytes; /* bytes: what the intensity counts */
    bool bytes_per_thread;
    bool counts_written;
    const char *flops_note, *bytes_note;
    bool has_intensity;
    double intensity; /* FLOP/B; has_intensity false when FLOPs or bytes are 0 */
    gr_model_level_bytes shared, l2; /* shared_bytes:, l2_bytes: the hierarchical roofline's levels */

    bool has_registers;
    int registers;

    int var_count;
    gr_model_var vars[GR_MODEL_MAX_VARS];
    int64_t shared_bytes_per_block;

    int derived_count;
    gr_model_value derived[GR_MODEL_MAX_DERIVED];
    const char *notes;
    gr_text_pool texts; /* every text above: "" where the model has none */
} gr_model;

/* Loads and evaluates a model, parameters overridden by defines; a model
 * loaded is freed with gr_model_free, one that failed to load holds
 * nothing to free. */
bool gr_model_load(const char *path, const gr_define *defines, int define_count,
                   gr_model *out, gr_error *err);
/* The same from text in memory; name stands for the file in messages. */
bool gr_model_load_buffer(const char *name, const char *text, size_t len, const gr_define *defines,
                          int define_count, gr_model *out, gr_error *err);
/* Frees the model's texts; safe twice. */
void gr_model_free(gr_model *m);

/* What a model's counts come to a thread (each over its threads) and the
 * intensity at the L2 and shared memory: FLOPs over that level's bytes,
 * NaN where the level is not given or either count is 0. */
typedef struct {
    double bytes_per_thread;
    double intensity; /* FLOP/B */
} gr_model_level_figures;

typedef struct {
    double flops_per_thread;
    double read_per_thread, written_per_thread, bytes_per_thread; /* bytes: read + written */
    double bytes_moved;                                           /* read + written, in all */
    gr_model_level_figures l2, shared;
} gr_model_figures;

void gr_model_figures_of(const gr_model *m, gr_model_figures *out);

/* Splits "name=value" (as -D takes it); false if there is no '=' or name. */
bool gr_define_parse(char *text, gr_define *out);

#endif
