/* A kernel's mangled C++ name made readable by libiberty's demangler,
 * within a budget of output per name. */
#ifndef GR_KERNEL_DEMANGLE_H
#define GR_KERNEL_DEMANGLE_H

#include <stdbool.h>
#include <stddef.h>

/* The demangler's stack grows with the name (libiberty keeps its parse
 * tree in arrays on the stack): longer names are not demangled. */
#define GR_DEMANGLE_MAX_NAME_BYTES 16384
/* The text a name may demangle to: so many bytes a byte of it and a base.
 * Real names stay well inside: of CUDA 13.0's libcublasLt.so.13 (45,327
 * kernels, names up to 2,489 bytes) the most expanding, 823 bytes, reads
 * as 9,217 bytes, half its budget ... */
#define GR_DEMANGLE_BYTES_PER_NAME_BYTE 16
#define GR_DEMANGLE_BASE_BYTES 4096
/* ... and at most this, whatever its length. */
#define GR_DEMANGLE_MAX_OUTPUT_BYTES (1024 * 1024)

/* The text a name of name_bytes may demangle to, by the figures above. */
size_t gr_demangle_budget_bytes(size_t name_bytes);

typedef enum {
    GR_DEMANGLE_DONE,      /* *out holds the readable name (malloc'd) */
    GR_DEMANGLE_NOT_C_PLUS_PLUS, /* no Itanium C++ name (an extern "C" kernel), or one libiberty rejects */
    GR_DEMANGLE_TOO_LARGE, /* the name or its reading exceeds the budget: not demangled */
    GR_DEMANGLE_NO_MEMORY,
} gr_demangle_result;

/* Demangles the NUL-terminated name; *out is set only for GR_DEMANGLE_DONE,
 * never longer than gr_demangle_budget_bytes(strlen(name)).  Time and
 * memory stay in proportion to the budget: a name whose reading doubles
 * with each few bytes of it (nested templates repeating earlier ones
 * through substitutions) stops at the budget. */
gr_demangle_result gr_kernel_demangle(const char *name, char **out);

#endif
