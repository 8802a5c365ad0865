/* libFuzzer harness: any bytes (to the first NUL) as a kernel's mangled
 * name, demangled within the budget (kernel_demangle.h).  A reading given
 * is libiberty's own, whole, and no longer than the budget; a name past
 * the budget stops there (the run's -timeout and -rss_limit_mb catch one
 * that does not), and a kernel added under that name is shown as compiled
 * and marked so. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>

#include "kernel_demangle.h"
#include "kernel_resources.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A reading within the budget is what libiberty gives unbounded: its
 * size is bounded by the budget too, so asking for it costs no more. */
static void check_reading(const char *name, const char *reading)
{
    if (strlen(reading) > gr_demangle_budget_bytes(strlen(name)))
        abort();
    char *whole = cplus_demangle_v3(name, DMGL_PARAMS | DMGL_ANSI);
    if (!whole || strcmp(whole, reading) != 0)
        abort();
    free(whole);
}

/* Added as a kernel, the name is read the same way. */
static void check_kernel(const char *name, gr_demangle_result result, const char *reading)
{
    gr_kernel_list l;
    gr_error err;
    gr_kernel_list_init(&l, GR_KERNELS_PTXAS);
    gr_sm sm = {.number = 90};
    const gr_kernel *k = gr_kernel_list_add(&l, name, strlen(name), sm, &err);
    if (k) {
        if (k->too_large_to_demangle != (result == GR_DEMANGLE_TOO_LARGE))
            abort();
        if (result == GR_DEMANGLE_DONE ? strcmp(k->demangled, reading) != 0 : k->demangled != k->name)
            abort();
    }
    gr_kernel_list_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *name = malloc(size + 1);
    if (!name)
        return 0;
    memcpy(name, data, size);
    name[size] = '\0';
    char *reading = NULL;
    gr_demangle_result result = gr_kernel_demangle(name, &reading);
    if (result == GR_DEMANGLE_DONE)
        check_reading(name, reading);
    else if (reading)
        abort();
    check_kernel(name, result, reading);
    free(reading);
    free(name);
    return 0;
}
