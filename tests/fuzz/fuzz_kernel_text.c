/* libFuzzer harness: the readers of tools' text about compiled kernels,
 * ptxas's report and cuobjdump's listing, each on every input, then the
 * reader of any file (which tells the formats apart) and the choice of an
 * architecture and a kernel on what it accepted.  Whatever a reader
 * accepts must be whole: every kernel named, every figure recorded or
 * GR_UNRECORDED, never negative otherwise.  The input's first line (up
 * to NAME_MAX_BYTES) is also a kernel name and a --kernel pattern
 * (kernel_names.h): brought to its canonical spelling, matched against
 * itself (always whole) and against what was read. */
#define _POSIX_C_SOURCE 200809L /* strndup */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cuobjdump_listing.h"
#include "kernel_file.h"
#include "kernel_names.h"
#include "kernel_select.h"
#include "ptxas_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input's first line is a pattern too where it is as short as a
 * pattern a person types: a long glob of stars matched against every
 * kernel would take the fuzzer's time on fnmatch's backtracking, which is
 * libc's. */
#define PATTERN_MAX_BYTES 256
/* ... and a name up to this length (cuBLASLt's longest are about 2 KB). */
#define NAME_MAX_BYTES 4096

static void check_figure(int64_t n)
{
    if (n < 0 && n != GR_UNRECORDED)
        abort();
}

static void check_list(const gr_kernel_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        const gr_kernel *k = &l->kernels[i];
        if (!k->name || !k->demangled || k->sm.number < 10)
            abort();
        check_figure(k->registers);
        check_figure(k->shared_static_bytes);
        check_figure(k->stack_bytes);
        check_figure(k->spill_store_bytes);
        check_figure(k->spill_load_bytes);
        check_figure(k->local_bytes);
        check_figure(k->constant_bytes);
        check_figure(k->max_threads);
    }
}

/* The kernel pattern picks, where it picks one, is one of the list's;
 * the kernels it selects are as many as it says. */
static void find(const gr_kernel_list *l, const char *pattern, bool glob, const gr_sm *sm)
{
    size_t index = 0, count = 0, marked = 0;
    gr_error err;
    gr_name_pattern p;
    if (!gr_name_pattern_init(&p, pattern, glob, &err))
        return;
    if (gr_kernel_find(l, "fuzz", &p, sm, &index, &err) && index >= l->count)
        abort();
    bool *selected = calloc(l->count ? l->count : 1, sizeof *selected);
    if (selected && gr_kernel_select(l, &p, selected, &count, &err)) {
        for (size_t i = 0; i < l->count; i++)
            marked += selected[i];
        if (marked != count)
            abort();
    }
    free(selected);
    gr_name_pattern_free(&p);
}

/* The choice of a kernel on what was read. */
static void choose(const gr_kernel_list *l, const char *input)
{
    gr_sm sm;
    if (gr_kernel_sm_for_device(l, 9, 0, &sm))
        find(l, "k", false, &sm);
    if (l->count) {
        find(l, "*_Z*", false, NULL);
        if (strlen(input) <= PATTERN_MAX_BYTES) {
            find(l, input, false, NULL);
            find(l, input, true, NULL);
        }
    }
}

/* The input as a name: a canonical spelling always, and as a pattern it
 * matches itself whole. */
static void names(const char *input)
{
    gr_name_pattern p;
    gr_match how;
    free(gr_kernel_name_canonical(input));
    if (!gr_name_pattern_init(&p, input, false, NULL))
        return;
    if (gr_name_pattern_match(&p, NULL, input, &how, NULL) && how != GR_MATCH_WHOLE)
        abort();
    gr_name_pattern_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    gr_kernel_list l;
    gr_error err;
    gr_kernel_list_init(&l, GR_KERNELS_PTXAS);
    if (gr_ptxas_report_read("fuzz.txt", text, size, &l, &err))
        check_list(&l);
    gr_kernel_list_free(&l);
    gr_kernel_list_init(&l, GR_KERNELS_CUOBJDUMP);
    if (gr_cuobjdump_listing_read("fuzz.txt", text, size, &l, &err))
        check_list(&l);
    gr_kernel_list_free(&l);
    unsigned char *copy = malloc(size + 1);
    char *input = malloc(size + 1); /* the input as a string, to its first NUL */
    if (!copy || !input) {
        free(copy);
        free(input);
        return 0;
    }
    memcpy(copy, data, size);
    memcpy(input, data, size);
    input[size] = '\0';
    /* as a name and a pattern, the input's first line, as long as the
     * longest kernel names are: the name parser is fuzzed on what it gets,
     * and a listing of thousands of lines is not parsed as one name a run */
    char *name = strndup(input, strcspn(input, "\n") < NAME_MAX_BYTES ? strcspn(input, "\n") : NAME_MAX_BYTES);
    if (!name) {
        free(copy);
        free(input);
        return 0;
    }
    names(name);
    if (gr_kernels_read("fuzz.txt", copy, size, &l, &err)) {
        check_list(&l);
        choose(&l, name);
    }
    gr_kernel_list_free(&l);
    free(copy);
    free(input);
    free(name);
    return 0;
}
