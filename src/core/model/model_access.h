/* A model's variables accessed in memory: how many of a variable's
 * references reach memory with volatile and without it, which memory they
 * touch, and the traffic of the whole kernel either way (the seed notes'
 * "calificador volátil": a volatile variable is read or written in memory
 * at every reference, never kept in a register). */
#ifndef GPUROOF_MODEL_ACCESS_H
#define GPUROOF_MODEL_ACCESS_H

#include <stdbool.h>
#include <stdint.h>
#include "model.h"

typedef enum { GR_ACCESS_PLAIN, GR_ACCESS_VOLATILE } gr_access_case;

/* The accesses in memory of one variable's references, reads or writes,
 * in all, the variable taken as volatile or plain; 0 for a variable a
 * register holds either way. */
int64_t gr_access_count(const gr_model_var *v, gr_access_case as, bool writes);
/* The same in bytes (accesses x the element's size). */
int64_t gr_access_bytes(const gr_model_var *v, gr_access_case as, bool writes);
/* What each reference touches, in words, taken as volatile or plain. */
const char *gr_access_touches(const gr_model_var *v, gr_access_case as);
/* Why a volatile variable lives where it does; NULL for a plain one. */
const char *gr_volatile_why(const gr_model_var *v);
/* The case a variable is declared as. */
gr_access_case gr_access_declared(const gr_model_var *v);

/* Whether any variable of the model gives its reads or writes. */
bool gr_model_counts_accesses(const gr_model *m);

/* A kernel's traffic with every variable that gives its accesses taken one
 * way: the model's own counts (bytes:, shared_bytes:) plus those
 * variables' accesses at their memory (global and local memory: bytes;
 * shared memory: shared bytes).  NaN where there is none. */
typedef struct {
    double bytes_read, bytes_written, bytes; /* bytes: what the intensity counts (bytes.count) */
    double intensity;                        /* FLOP/B; NaN without FLOPs or bytes */
    double shared_bytes, shared_intensity;   /* NaN without a shared level */
} gr_model_traffic;

void gr_model_traffic_as(const gr_model *m, gr_access_case as, gr_model_traffic *out);

/* A variable's accesses as declared, added to the model's counts at its
 * memory (the loader's, for each variable that gives them): false where
 * its bytes, volatile or plain, or the model's count would overflow. */
bool gr_model_add_access(gr_model *m, const gr_model_var *v);
/* The bytes the intensity counts (bytes.count) and the intensity, from
 * the model's bytes read and written: false where not finite. */
bool gr_model_total_bytes(gr_model *m);

#endif
