/* Out of GPU memory on a real GPU: a stream benchmark asked for arrays of
 * twice the device's memory must fail with one message that says so, names
 * the MiB it wanted and the MiB free (cudaMemGetInfo), and leaves the device
 * usable for the next call.  Skipped (TAP "1..0 # SKIP") without CUDA or a device. */
#include <config.h>
#include <stdio.h>
#include <string.h>

#ifndef HAVE_CUDA
int main(void)
{
    puts("1..0 # SKIP gpuroof built without CUDA");
    return 0;
}
#else
#include "gpu.h"

static int failures, checks; /* TAP: the plan "1..checks" is printed last */

static void expect_has(const char *what, const char *text, const char *part)
{
    if (strstr(text, part)) {
        printf("ok %d - %s has '%s'\n", ++checks, what, part);
    } else {
        printf("not ok %d - %s: '%s' lacks '%s'\n", ++checks, what, text, part);
        failures++;
    }
}

int main(void)
{
    grk_device device;
    grk_error err;
    grk_timing timing;
    double bytes = 0;
    bool verified = false;
    if (grk_device_open(0, &device, &err) != 0) {
        printf(err.no_device ? "1..0 # SKIP %s\n" : "Bail out! %s\n", err.message);
        return err.no_device ? 0 : 1;
    }
    /* One float array (the write kernel's only one) of twice the memory. */
    size_t elements = (size_t)device.global_mem_bytes / 2;
    char wanted[64];
    snprintf(wanted, sizeof wanted, "cudaMalloc of %.1f MiB for r.a", elements * 4.0 / (1024.0 * 1024.0));
    if (grk_stream(GRK_STREAM_WRITE, elements, 1, &timing, &bytes, &verified, &err) == 0) {
        printf("not ok 1 - grk_stream of %zu floats did not fail\n1..1\n", elements);
        return 1;
    }
    printf("# %s\n", err.message);
    expect_has("the error", err.message, "out of GPU memory: ");
    expect_has("the error", err.message, wanted);
    expect_has("the error", err.message, " MiB of the GPU's ");
    expect_has("the error", err.message, "[cudaErrorMemoryAllocation]");
    /* The failure is not sticky: a small run still works. */
    if (grk_stream(GRK_STREAM_WRITE, (size_t)1 << 20, 1, &timing, &bytes, &verified, &err) != 0) {
        printf("not ok %d - a small run after it: %s\n", ++checks, err.message);
        failures++;
    } else {
        printf("ok %d - a small run after it works\n", ++checks);
    }
    printf("1..%d\n", checks);
    return failures ? 1 : 0;
}
#endif
