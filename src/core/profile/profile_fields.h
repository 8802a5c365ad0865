/* The fields of a device profile, in one table: the loader reads and checks
 * a file by walking it, gr_profile_write_yaml writes one by walking it, the
 * command line's JSON and `profile detect`'s comparison walk it, and a test
 * holds doc/profile-format.md to it.  A field is named by its YAML path
 * ("memory.bandwidth_gbs": section, then key); the table's order is the
 * order of a written profile, and a section's fields are contiguous. */
#ifndef GPUROOF_PROFILE_FIELDS_H
#define GPUROOF_PROFILE_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "profile.h"

/* What a field holds, and so how it is read, written and shown. */
typedef enum {
    GR_FIELD_TEXT,               /* a string: char[size] at offset */
    GR_FIELD_COMPUTE_CAPABILITY, /* "MAJOR.MINOR": cc_major, cc_minor */
    GR_FIELD_INT,                /* a whole number: int */
    GR_FIELD_BYTES,              /* a byte size, K/M/G suffixes allowed: int */
    GR_FIELD_BYTES64,            /* the same, too large for an int: int64_t */
    GR_FIELD_REAL,               /* a number: double */
    GR_FIELD_PEAKS,              /* the map of precision to rate: peaks, peak_count (gr_precision_table) */
    GR_FIELD_CARVEOUTS,          /* a list of byte sizes: carveouts_bytes, carveout_count */
    GR_FIELD_BANK_SCHEME,        /* "standard" or "kepler": bank_scheme */
} gr_field_type;

/* A rule of one field's own, beyond its type and range. */
typedef enum {
    GR_RULE_NONE,
    GR_RULE_PROFILE_NAME, /* gr_profile_name_valid, and the file's stem when found by name */
    GR_RULE_POWER_OF_TWO,
} gr_field_rule;

typedef struct {
    const char *section; /* NULL: a top-level key */
    const char *key;
    gr_field_type type;
    size_t offset;       /* into gr_profile */
    size_t size;         /* GR_FIELD_TEXT: the array's size, its terminating NUL included */
    double min, max;     /* the numbers any real GPU falls in (a wider one is a typo):
                            whole for the integer types; each item's for a map or list
                            (a carveout is also at most sm.shared_memory_bytes) */
    gr_field_rule rule;
    /* May be left out.  A section whose fields are all optional is given
     * whole or not at all, and its numbers say they were given through the
     * bool at given_offset; an optional number of a required section has
     * none (given_offset 0) and is 0, below its min, where left out; an
     * optional text is given by not being empty. */
    bool optional;
    /* an optional field of an optional section that may be left out of
     * the section too (a latency the GPU has no such level for) */
    bool alone;
    size_t given_offset;
    const char *unit;    /* "" where the value has none */
    const char *meaning; /* doc/profile-format.md's words for it */
} gr_profile_field;

#define GR_PROFILE_FIELDS_MAX 48

extern const gr_profile_field gr_profile_fields[];
extern const size_t gr_profile_field_count;

/* One precision that peak_gflops may name (gr_precisions lists the names). */
typedef struct {
    const char *name;
    const char *unit; /* GFLOP/s, or GOP/s for integers */
    bool required;    /* a roofline needs its FP32 and FP64 roofs */
    int element_bytes; /* one value as a kernel moves it: 8 for fp64, 1 for tensor_int8 */
    const char *meaning;
} gr_precision_info;

extern const gr_precision_info gr_precision_table[];
extern const size_t gr_precision_count;

/* The entry of gr_precision_table named precision, or NULL. */
const gr_precision_info *gr_precision_find(const char *precision);
/* The name of the precision whose earlier spelling (in any case) is
 * earlier: "tensor_bf16" for "bf16_tensor"; NULL for any other name. */
const char *gr_precision_renamed(const char *earlier);
/* The entry a profile's peak_gflops key names (exactly, as every key of a
 * profile): by its name, or by its earlier spelling, which profiles
 * written before still use; NULL where neither. */
const gr_precision_info *gr_precision_of_key(const char *key);
/* The unit a precision's rates are printed in: "GOP/s" for integers,
 * "GFLOP/s" otherwise (and for a name the table does not hold). */
const char *gr_precision_unit(const char *precision);
/* What such a rate counts, for intensities ("OP/B") and counts: "OP" for
 * integers, "FLOP" otherwise. */
const char *gr_precision_operation(const char *precision);
/* The bytes of one value of a precision (element_bytes); FP32's 4 for a
 * name the table does not hold. */
int gr_precision_element_bytes(const char *precision);

/* "section.key", or "key" at the top level. */
void gr_profile_field_path(const gr_profile_field *f, char *out, size_t size);
/* True if f is in section (NULL: at the top level). */
bool gr_profile_field_in(const gr_profile_field *f, const char *section);
/* The field whose path is path, or NULL. */
const gr_profile_field *gr_profile_field_find(const char *path);

/* False for an optional field the profile does not give. */
bool gr_profile_field_given(const gr_profile *p, const gr_profile_field *f);
/* The value of a GR_FIELD_INT, _BYTES or _BYTES64 field. */
int64_t gr_profile_field_int(const gr_profile *p, const gr_profile_field *f);
/* The value of a GR_FIELD_REAL field. */
double gr_profile_field_real(const gr_profile *p, const gr_profile_field *f);
/* The value of a GR_FIELD_TEXT, _COMPUTE_CAPABILITY or _BANK_SCHEME field:
 * the profile's own text, or one made in made (emptied first; the caller
 * frees it). */
const char *gr_profile_field_text(const gr_profile *p, const gr_profile_field *f, gr_buf *made);
/* Any field's value as text: numbers as a YAML file holds them, lists and
 * maps comma-separated ("fp64 9700, fp32 19500"). */
void gr_profile_field_format(const gr_profile *p, const gr_profile_field *f, char *out, size_t size);

/* A figure two profiles of one GPU disagree on. */
typedef struct {
    char path[96];   /* "memory.bandwidth_gbs", "peak_gflops.fp32" */
    char value[192]; /* as gr_profile_field_format writes it */
    char other_value[192];
} gr_profile_difference;

/* The figures p and other disagree on, in the table's order: every field
 * but the texts (names) and the optional ones only one of them gives
 * (what only a detected profile has, what only a shipped one knows), and
 * each peak both give.  Fills out[0..max) and returns
 * how many there are, which may be more than max. */
size_t gr_profile_differences(const gr_profile *p, const gr_profile *other, gr_profile_difference *out, size_t max);

/* The profile as the YAML text of a profile file, every field it gives in
 * the table's order; *text (to free) is what gr_profile_load_buffer reads
 * back to the same profile. */
bool gr_profile_write_yaml(const gr_profile *p, char **text, size_t *len, gr_error *err);

#endif
