/* The kernels of a trace that --kernel's pattern picks (gpuroof trace
 * --kernel), with the one meaning --kernel has across gpuroof's commands
 * (kernel_names.h, as ncu --kernel picks): a whole name in either
 * demangler's spelling, a glob, or a part of the name; of the kernels that
 * match, those that match in the strongest way any does.  A whole name is
 * also known by its key (trace_names.h), so that a name pasted from Nsight
 * Compute's report picks the kernel Kineto spells otherwise.
 *
 * A trace is read once, as a stream: how the pattern matches each kernel
 * is worked out the first time the kernel comes and kept by the table's
 * copy of its name, so that each launch is a lookup, and memory holds the
 * distinct kernels. */
#ifndef GPUROOF_TRACE_PICK_H
#define GPUROOF_TRACE_PICK_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_kernels.h"
#include "gpuroof_text.h"

typedef struct {
    const char *name; /* the kernels' table's copy: its address is the kernel's */
    gr_match how;
} gr_trace_pick_slot;

typedef struct {
    gr_name_pattern pattern;
    gr_buf key;               /* the pattern's key */
    gr_trace_pick_slot *slots; /* open addressing by the name's address */
    size_t slot_count, count;
    gr_match best;            /* the strongest way any kernel's name matched; NONE so far */
} gr_trace_pick;

/* A pattern as --kernel gives it (glob: --glob); false, with err, where
 * memory runs out.  Free it with gr_trace_pick_free, failed or not. */
bool gr_trace_pick_init(gr_trace_pick *p, const char *pattern, bool glob, gr_error *err);
/* How the pattern matches the kernel named name (the table's copy, which
 * outlives p), worked out once a kernel; false where memory runs out. */
bool gr_trace_pick_match(gr_trace_pick *p, const char *name, gr_match *how);
/* How it matched the kernel named name (its table's copy); NONE for a
 * kernel never matched. */
gr_match gr_trace_pick_how(const gr_trace_pick *p, const char *name);
void gr_trace_pick_free(gr_trace_pick *p);

#endif
