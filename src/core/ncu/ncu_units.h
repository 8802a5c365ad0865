/* The units and the number text of Nsight Compute's CSV values.  With
 * --csv, ncu 2025.3 prints base units (byte, ns, inst); older releases, and
 * --print-units auto, scale them with SI prefixes (Kbyte is 1000 bytes,
 * usecond 1000 ns: the Nsight Compute CLI manual, "Metrics and Units").
 * Every unit a value may come in is in one table (ncu_units.c, listed in
 * doc/ncu-input.md); any other is an error that names it. */
#ifndef GPUROOF_NCU_UNITS_H
#define GPUROOF_NCU_UNITS_H

#include <stdbool.h>
#include "gpuroof_text.h"

/* What a unit measures.  Values are kept in base units: bytes, ns, plain
 * counts, percent. */
typedef enum {
    GR_NCU_PLAIN,   /* no unit: a number */
    GR_NCU_COUNT,   /* inst, cycle, warp, block, register/thread, ... */
    GR_NCU_BYTES,   /* byte, Kbyte, ..., byte/block */
    GR_NCU_TIME,    /* ns, usecond, ...: kept in ns */
    GR_NCU_PERCENT, /* % */
} gr_ncu_dimension;

/* What it is counted over. */
typedef enum {
    GR_NCU_WHOLE,      /* a total */
    GR_NCU_PER_SECOND, /* byte/second, Gbyte/second, inst/second, cycle/nsecond, Ghz: kept per second */
    GR_NCU_PER_CYCLE,  /* inst/cycle */
} gr_ncu_rate;

typedef struct {
    gr_ncu_dimension dimension;
    gr_ncu_rate rate;
    double scale; /* a value times scale is in base units (per second for a rate) */
} gr_ncu_unit;

/* The unit a CSV field names: a word of gr_ncu_unit_words, or one of
 * them (not a frequency) over a time (a rate a second), over "cycle" (a
 * rate a cycle), or over one of gr_ncu_unit_per_things (byte/block: what
 * it was, counted for each); false for anything else. */
bool gr_ncu_unit_parse(gr_span text, gr_ncu_unit *out);

typedef struct {
    const char *name;
    gr_ncu_unit unit;
} gr_ncu_unit_word;

/* The words of units, one a line of doc/ncu-input.md's table; ended by a
 * NULL name. */
extern const gr_ncu_unit_word gr_ncu_unit_words[];
/* What a figure may be counted for, after a '/'; NULL-terminated. */
extern const char *const gr_ncu_unit_per_things[];

/* The largest value taken: any 64-bit counter's. */
#define GR_NCU_VALUE_MAX 18446744073709551615.0

typedef enum {
    GR_NCU_VALUE_OK,
    GR_NCU_VALUE_ABSENT,    /* "", "n/a", "nan": the launch has no such value */
    GR_NCU_VALUE_NOT_NUMBER,
    GR_NCU_VALUE_TOO_LARGE, /* above GR_NCU_VALUE_MAX, or beyond what a double holds */
    GR_NCU_VALUE_NEGATIVE,
    GR_NCU_VALUE_TOO_LONG,  /* more than 127 characters without its commas */
} gr_ncu_value_status;

/* A value as ncu prints it: "2,240", "1,978,598,364.50", "0.24", "1.5e+09",
 * digits grouped by commas before the point. */
gr_ncu_value_status gr_ncu_value_parse(gr_span text, double *out);

#endif
