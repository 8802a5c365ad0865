/* libFuzzer harness: the device-profile loader, and the occupancy limits of
 * whatever profile it accepts (a profile's figures feed that arithmetic). */
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "occupancy.h"
#include "profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gr_profile profile; /* large for the stack */
    gr_error err;
    if (!gr_profile_load_buffer("fuzz.yaml", (const char *)data, size, &profile, &err))
        return 0;
    gr_sm_limits limits;
    if (!gr_limits_from_profile(&profile, -1, &limits, &err))
        return 0;
    gr_launch launch = {.threads_per_block = 256, .regs_per_thread = 32, .smem_per_block_bytes = 16384};
    gr_occupancy occupancy;
    gr_occupancy_compute(&limits, &launch, &occupancy, &err);
    return 0;
}
