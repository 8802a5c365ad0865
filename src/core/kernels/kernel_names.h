/* A kernel's name as the tools spell it, and the patterns a person pastes
 * or types to pick kernels (kernels --kernel, occupancy --from --kernel,
 * ncu --kernel).
 *
 * The same kernel has several spellings: libiberty's demangler writes
 * `transpose(float const*, float*, int)` and `void sample::scale<float,
 * 4>(float*, float)`, Nsight Compute `transpose(const float *, float *, int)`
 * and `void scale<float, 4>(T1 *, T1, int)` (a function template's
 * parameters by position, T1 the first template argument), an anonymous
 * namespace is `(anonymous namespace)` to one and `<unnamed>` to the other.
 * Each is brought to one canonical spelling: lower case, no return type,
 * const and volatile after the type they qualify, no spaces but between
 * two words, an anonymous namespace as `(anonymous namespace)`, T1, T2 ...
 * replaced by the template's arguments. */
#ifndef GPUROOF_KERNEL_NAMES_H
#define GPUROOF_KERNEL_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

/* The most namespace and class levels a name's qualification is split
 * into; deeper ones still compare whole. */
#define GR_NAME_PARTS 32

typedef struct {
    char *name;   /* "sample::scale<float,4>": qualified, without return type */
    char *params; /* "float*,float", or NULL where the text gives no parameter list */
    size_t part_count;
    size_t parts[GR_NAME_PARTS]; /* where each level of the qualified name begins */
} gr_kernel_name;

/* Reads text's canonical spelling into out (free it with
 * gr_kernel_name_free, failed or not).  Any text has one: what is not C++
 * is kept as its words and marks.  False only where memory runs out. */
bool gr_kernel_name_parse(const char *text, gr_kernel_name *out, gr_error *err);
void gr_kernel_name_free(gr_kernel_name *n);

/* "sample::scale<float,4>(float*,float)": the canonical spelling as one
 * string (the caller frees it); NULL where memory runs out. */
char *gr_kernel_name_canonical(const char *text);

/* A name pattern as given to --kernel. */
typedef struct {
    const char *given;   /* as given, for messages (the caller's: it must outlive the pattern) */
    char *text;          /* lower case */
    bool glob;           /* matched as a glob (fnmatch) */
    bool signature;      /* it has a parameter list: a pasted signature */
    gr_kernel_name canon;
} gr_name_pattern;

/* Reads pattern.  It is a glob where glob is set (--glob), or where it
 * holds *, ? or [ and no parameter list: a pasted signature's '*' is a
 * pointer.  False only where memory runs out. */
bool gr_name_pattern_init(gr_name_pattern *p, const char *pattern, bool glob, gr_error *err);
void gr_name_pattern_free(gr_name_pattern *p);

/* How a name matches, the strongest first. */
typedef enum {
    GR_MATCH_NONE,
    GR_MATCH_WHOLE, /* the whole name, in either spelling, with or without
                       return type, parameters, namespaces and classes */
    GR_MATCH_GLOB,  /* the glob matches the mangled name or either spelling */
    GR_MATCH_PART,  /* a literal part of the mangled or the shown name */
} gr_match;

/* How pattern matches a kernel: mangled (NULL where only the shown name is
 * known, as in Nsight Compute's report) and shown (the demangler's or
 * Nsight Compute's spelling).  False only where memory runs out. */
bool gr_name_pattern_match(const gr_name_pattern *p, const char *mangled, const char *shown, gr_match *how,
                           gr_error *err);

#endif
