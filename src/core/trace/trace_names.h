/* A kernel's name as Kineto writes it in a trace and as Nsight Compute
 * writes it in a report, brought to one key both spellings share, so that
 * gpuroof trace --ncu can join the two and --kernel can take either.
 *
 * The two demanglers differ more than kernel_names.h's canonical spelling
 * bridges (learned from the five traces and reports of the same programs
 * in tests/data/trace/h200 and tests/data/ncu/h200): Kineto writes
 * `at::native::vectorized_elementwise_kernel<8, ...{lambda(float)#1},
 * std::array<char*, 2ul> >(int, ..., std::array<char*, 2ul>)`, Nsight
 * Compute `native::vectorized_elementwise_kernel<8, ...[lambda(float)
 * (instance 1)], std::array<char *, 2>>(int, T2, T3)`: a namespace
 * dropped in part (`at::native::` as `native::`, or as `at::`), a
 * function template's parameters by position, `(anonymous namespace)` as
 * `<unnamed>`, `false` as `0`, `2ul` as `2`, `(bool)0` as `0`, `float
 * const*` as `const float *`; and Kineto now and then leaves a long name
 * mangled (`_ZN17cutlass__5x_cudnn6Kernel...`).  The key keeps what both
 * agree on: the names without their qualifiers, the template arguments,
 * a lambda's number, and of each parameter list only that it is one. */
#ifndef GPUROOF_TRACE_NAMES_H
#define GPUROOF_TRACE_NAMES_H

#include <stdbool.h>
#include "gpuroof_text.h"

/* name's key into key (cleared first): a mangled name is demangled first
 * (where libiberty can, within its budget).  False only where memory runs
 * out. */
bool gr_trace_name_key(const char *name, gr_buf *key);

/* Whether name is a mangled name libiberty cannot read (Kineto leaves a
 * few cuDNN kernels' so): its key is itself, which no readable spelling
 * shares. */
bool gr_trace_name_unreadable(const char *name);

/* Whether each word of key (a readable name's key: identifiers, not the
 * builtin types and numbers a mangled name spells otherwise) stands in
 * mangled: how an unreadable name is known for the same kernel's, with
 * its launch configuration. */
bool gr_trace_name_words_in(const char *key, const char *mangled);

#endif
