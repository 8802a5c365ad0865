/* The messages of CUDA failures that cannot be forced through gpuroof's own
 * inputs (every launch's configuration is checked before the launch): a
 * kernel that faults, a launch the hardware refuses.  grk_fail_cuda formats
 * them; this needs the CUDA runtime but no GPU, so it runs wherever gpuroof
 * is built with CUDA (a .cu file: check.h is internal to kernels/). */
#include <cstdio>
#include <cstring>

#include "check.h"

static int failures;

/* The message for code names the call, the error's name and, where given,
 * what it means for the run. */
static void expect_message(cudaError_t code, const char *name, const char *meaning)
{
    grk_error err;
    std::memset(&err, 0, sizeof err);
    grk_fail_cuda(&err, "kernel<<<>>>", code, __FILE__, __LINE__);
    const char *parts[] = {"kernel<<<>>>: ", name, meaning};
    for (const char *part : parts) {
        if (part[0] && !std::strstr(err.message, part)) {
            std::printf("FAIL - %s: '%s' lacks '%s'\n", name, err.message, part);
            failures++;
            return;
        }
    }
    std::printf("ok - %s\n", err.message);
}

int main()
{
    const char *lost = "the CUDA context is lost, so the run stops";
    expect_message(cudaErrorLaunchFailure, "[cudaErrorLaunchFailure]", lost);
    expect_message(cudaErrorIllegalAddress, "[cudaErrorIllegalAddress]", lost);
    expect_message(cudaErrorMisalignedAddress, "[cudaErrorMisalignedAddress]", lost);
    expect_message(cudaErrorLaunchOutOfResources, "[cudaErrorLaunchOutOfResources]",
                   "more registers, threads or shared memory than an SM has");
    expect_message(cudaErrorInvalidConfiguration, "[cudaErrorInvalidConfiguration]", "");
    expect_message(cudaErrorMemoryAllocation, "[cudaErrorMemoryAllocation]", "out of GPU memory");
    return failures ? 1 : 0;
}
