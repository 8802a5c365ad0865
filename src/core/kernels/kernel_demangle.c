/* libiberty's demangler under a budget.  cplus_demangle builds the whole
 * reading in memory; a 263-byte name of 26 templates each repeating the
 * one before twice reads as 872 MB, which takes it seconds and as much
 * memory again.  Its callback form hands the text over in pieces and keeps
 * nothing itself, so the pieces are counted into a buffer of the budget's
 * size; the callback cannot tell libiberty to stop, so the first piece
 * past the budget leaves it by longjmp. */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>
#include "kernel_demangle.h"

size_t gr_demangle_budget_bytes(size_t name_bytes)
{
    if (name_bytes > GR_DEMANGLE_MAX_OUTPUT_BYTES / GR_DEMANGLE_BYTES_PER_NAME_BYTE)
        return GR_DEMANGLE_MAX_OUTPUT_BYTES;
    size_t budget = name_bytes * GR_DEMANGLE_BYTES_PER_NAME_BYTE + GR_DEMANGLE_BASE_BYTES;
    return budget < GR_DEMANGLE_MAX_OUTPUT_BYTES ? budget : GR_DEMANGLE_MAX_OUTPUT_BYTES;
}

typedef struct {
    char *text;
    size_t used, budget;
    jmp_buf over_budget;
} reading;

/* libiberty's callback: a piece of the reading. */
static void take(const char *piece, size_t bytes, void *opaque)
{
    reading *r = opaque;
    if (bytes > r->budget - r->used)
        longjmp(r->over_budget, 1);
    memcpy(r->text + r->used, piece, bytes);
    r->used += bytes;
}

/* Leaving libiberty by longjmp loses nothing: in its callback form it
 * allocates no memory (its parse tree and substitutions are arrays on its
 * stack, given back as the jump restores the stack pointer) and holds no lock, and nothing of it
 * outlives the call.  The unit tests and the fuzz harness run this under
 * valgrind and LeakSanitizer, which would see a leak. */
static int demangle_within(const char *name, reading *r)
{
    if (setjmp(r->over_budget))
        return -1;
    return cplus_demangle_v3_callback(name, DMGL_PARAMS | DMGL_ANSI, take, r) ? 1 : 0;
}

gr_demangle_result gr_kernel_demangle(const char *name, char **out)
{
    size_t name_bytes = strlen(name);
    *out = NULL;
    if (name_bytes < 3 || strncmp(name, "_Z", 2) != 0)
        return GR_DEMANGLE_NOT_C_PLUS_PLUS;
    if (name_bytes > GR_DEMANGLE_MAX_NAME_BYTES)
        return GR_DEMANGLE_TOO_LARGE;
    reading r = {.budget = gr_demangle_budget_bytes(name_bytes)};
    r.text = malloc(r.budget + 1);
    if (!r.text)
        return GR_DEMANGLE_NO_MEMORY;
    int done = demangle_within(name, &r);
    if (done <= 0) {
        free(r.text);
        return done < 0 ? GR_DEMANGLE_TOO_LARGE : GR_DEMANGLE_NOT_C_PLUS_PLUS;
    }
    r.text[r.used] = '\0';
    char *fitted = realloc(r.text, r.used + 1);
    *out = fitted ? fitted : r.text;
    return GR_DEMANGLE_DONE;
}
