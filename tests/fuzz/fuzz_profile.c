/* libFuzzer harness: the device-profile loader, and the occupancy limits of
 * whatever profile it accepts (a profile's figures feed that arithmetic);
 * what it accepts, written as YAML, must read back to the same figures. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "profile.h"
#include "profile_fields.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gr_profile profile; /* large for the stack */
    static gr_profile written;
    gr_error err;
    if (!gr_profile_load_buffer("fuzz.yaml", (const char *)data, size, &profile, &err))
        return 0;
    char *text;
    size_t len;
    if (!gr_profile_write_yaml(&profile, &text, &len, &err))
        abort();
    bool same = gr_profile_load_buffer("written.yaml", text, len, &written, &err) &&
                gr_profile_differences(&profile, &written, NULL, 0) == 0 && strcmp(profile.name, written.name) == 0 &&
                strcmp(profile.full_name, written.full_name) == 0 && strcmp(profile.architecture, written.architecture) == 0 &&
                strcmp(profile.source, written.source) == 0;
    free(text);
    if (!same)
        abort();
    gr_sm_limits limits;
    if (!gr_limits_from_profile(&profile, -1, &limits, &err))
        return 0;
    gr_launch launch = {.threads_per_block = 256, .regs_per_thread = 32, .smem_per_block_bytes = 16384};
    gr_occupancy occupancy;
    gr_occupancy_compute(&limits, &launch, &occupancy, &err);
    return 0;
}
