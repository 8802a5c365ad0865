/* libFuzzer harness: the kernel-model loader (YAML, formulas, CUDA
 * declarations), with one -D override so the define path runs too. */
#include <stdint.h>
#include <stddef.h>

#include "model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gr_model model; /* large for the stack */
    gr_error err;
    const gr_define defines[] = {{.name = "N", .value = "64"}};
    gr_model_load_buffer("fuzz.yaml", (const char *)data, size, defines, 1, &model, &err);
    gr_model_free(&model);
    return 0;
}
