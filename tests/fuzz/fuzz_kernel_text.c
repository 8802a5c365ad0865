/* libFuzzer harness: the readers of tools' text about compiled kernels,
 * ptxas's report and cuobjdump's listing, each on every input, then the
 * reader of any file (which tells the formats apart) and the choice of an
 * architecture and a kernel on what it accepted.  Whatever a reader
 * accepts must be whole: every kernel named, every figure recorded or
 * GR_UNRECORDED, never negative otherwise. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cuobjdump_listing.h"
#include "kernel_file.h"
#include "kernel_select.h"
#include "ptxas_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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

/* The choice of a kernel on what was read: one found is one of the list's. */
static void choose(const gr_kernel_list *l)
{
    gr_sm sm;
    size_t index = 0;
    gr_error err;
    if (gr_kernel_sm_for_device(l, 9, 0, &sm) && gr_kernel_find(l, "fuzz", "k", &sm, &index, &err) &&
        index >= l->count)
        abort();
    if (l->count && gr_kernel_find(l, "fuzz", "*_Z*", NULL, &index, &err) && index >= l->count)
        abort();
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
    unsigned char *copy = malloc(size ? size : 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    if (gr_kernels_read("fuzz.txt", copy, size, &l, &err)) {
        check_list(&l);
        choose(&l);
    }
    gr_kernel_list_free(&l);
    free(copy);
    return 0;
}
