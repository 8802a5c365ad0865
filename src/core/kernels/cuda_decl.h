/* A CUDA variable declaration, as PMPP's table of CUDA variable types sees
 * it: where the variable lives, who sees it, how long it lives, and so how
 * many versions of it a launch creates. */
#ifndef GPUROOF_CUDA_DECL_H
#define GPUROOF_CUDA_DECL_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

#define GR_DECL_MAX_DIMS 4

typedef enum { GR_IN_KERNEL, GR_AT_FILE_SCOPE } gr_decl_place;

typedef enum {
    GR_MEM_REGISTER, /* automatic scalar */
    GR_MEM_LOCAL,    /* automatic array */
    GR_MEM_SHARED,
    GR_MEM_GLOBAL,   /* __device__ */
    GR_MEM_CONSTANT,
} gr_memory;

typedef enum { GR_SCOPE_THREAD, GR_SCOPE_BLOCK, GR_SCOPE_GRID } gr_scope;
typedef enum { GR_LIFE_GRID, GR_LIFE_APPLICATION } gr_lifetime;

typedef struct {
    char name[64];
    char type[64];          /* "unsigned int", "float" */
    int element_bytes;      /* 4 for float; 0 where unknown (a struct) */
    bool is_extern;         /* extern __shared__ T name[] */
    bool is_volatile;       /* volatile: every reference is a memory access (of what a pointer points to, for a pointer) */
    int dim_count;
    char dims[GR_DECL_MAX_DIMS][128]; /* the text between the brackets; "" for [] */
    gr_memory memory;
    gr_scope scope;
    gr_lifetime lifetime;
} gr_decl;

/* Parses "unsigned int i", "__shared__ float b_s[128]", "extern __shared__
 * int tile[]", "__device__ __constant__ float F[9]" declared at place.  On
 * error, err says what is wrong and *column (0-based in text) where. */
bool gr_decl_parse(const char *text, gr_decl_place place, gr_decl *out,
                   size_t *column, gr_error *err);

const char *gr_memory_name(gr_memory m);    /* "register", "local", "shared", "global", "constant" */
const char *gr_scope_name(gr_scope s);      /* "thread", "block", "grid" */
const char *gr_lifetime_name(gr_lifetime l);/* "grid", "application" */

#endif
