/* libFuzzer harness: the results-file loader (what `plot --results` reads). */
#include <stdint.h>
#include <stddef.h>

#include "results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_results results;
    gr_error err;
    if (gr_results_load_buffer("fuzz.yaml", (const char *)data, size, &results, &err)) {
        (void)gr_results_best_bandwidth(&results);
        gr_results_free(&results);
    }
    return 0;
}
