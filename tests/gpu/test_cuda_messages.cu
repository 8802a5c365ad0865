/* The messages of CUDA failures that cannot be forced through gpuroof's own
 * inputs (every launch's configuration is checked before the launch) or on
 * the machines at hand: a kernel that faults, a launch the hardware refuses
 * (grk_fail_cuda), a driver older than the runtime (grk_no_device_text), an index of no GPU
 * (grk_device_index_text); this needs the CUDA runtime but no GPU, so it runs wherever gpuroof
 * is built with CUDA (a .cu file: check.h is internal to kernels/). */
#include <cstdio>
#include <cstring>

#include "check.h"

static int failures, checks; /* TAP: the plan "1..checks" is printed last */

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
            checks++;
            std::printf("not ok - %s: '%s' lacks '%s'\n", name, err.message, part);
            failures++;
            return;
        }
    }
    checks++;
    std::printf("ok - %s\n", err.message);
}

/* The no-device message for these versions and CUDA_VISIBLE_DEVICES. */
static void expect_no_device(const char *what, cudaError_t code, int driver, int runtime, const char *visible,
                             const char *want)
{
    char text[512];
    grk_no_device_text(code, driver, runtime, visible, text, sizeof text);
    if (std::strncmp(text, "no CUDA device", 14) != 0 || !std::strstr(text, want)) {
        checks++;
            std::printf("not ok - %s: '%s' lacks 'no CUDA device...' or '%s'\n", what, text, want);
        failures++;
        return;
    }
    checks++;
    std::printf("ok - %s: %s\n", what, text);
}

/* The message for an index of no GPU. */
static void expect_index(int index, int count, const char *visible, const char *want)
{
    char text[512];
    grk_device_index_text(index, count, visible, text, sizeof text);
    if (std::strcmp(text, want) != 0) {
        checks++;
            std::printf("not ok - --gpu %d of %d: '%s', not '%s'\n", index, count, text, want);
        failures++;
        return;
    }
    checks++;
    std::printf("ok - --gpu %d of %d: %s\n", index, count, text);
}

int main()
{
    expect_index(2, 2, nullptr, "no GPU 2: this machine has 2 CUDA GPUs, GPU 0 to GPU 1 [cudaGetDeviceCount: 2]");
    expect_index(1, 1, nullptr, "no GPU 1: this machine has 1 CUDA GPU, GPU 0 [cudaGetDeviceCount: 1]");
    expect_index(3, 1, "5", "no GPU 3: CUDA_VISIBLE_DEVICES='5' shows 1 CUDA GPU, GPU 0 [cudaGetDeviceCount: 1]");
    expect_index(-1, 8, nullptr, "no GPU -1: this machine has 8 CUDA GPUs, GPU 0 to GPU 7 [cudaGetDeviceCount: 8]");
    expect_no_device("driver older than the runtime", cudaErrorInsufficientDriver, 12040, 13000, nullptr,
                     "the NVIDIA driver supports CUDA 12.4, older than the CUDA 13.0 runtime");
    expect_no_device("no driver", cudaErrorInsufficientDriver, 0, 13000, nullptr, "no NVIDIA driver is loaded");
    expect_no_device("CUDA_VISIBLE_DEVICES empty", cudaErrorNoDevice, 13000, 13000, "",
                     "CUDA_VISIBLE_DEVICES is set but empty");
    expect_no_device("CUDA_VISIBLE_DEVICES naming none", cudaErrorNoDevice, 13000, 13000, "7",
                     "CUDA_VISIBLE_DEVICES='7' names no GPU");
    expect_no_device("no GPU", cudaSuccess, 13000, 13000, nullptr, "finds no GPU [cudaGetDeviceCount: 0 devices]");
    const char *lost = "the CUDA context is lost, so the run stops";
    expect_message(cudaErrorLaunchFailure, "[cudaErrorLaunchFailure]", lost);
    expect_message(cudaErrorIllegalAddress, "[cudaErrorIllegalAddress]", lost);
    expect_message(cudaErrorMisalignedAddress, "[cudaErrorMisalignedAddress]", lost);
    expect_message(cudaErrorLaunchOutOfResources, "[cudaErrorLaunchOutOfResources]",
                   "more registers, threads or shared memory than an SM has");
    expect_message(cudaErrorInvalidConfiguration, "[cudaErrorInvalidConfiguration]", "");
    expect_message(cudaErrorMemoryAllocation, "[cudaErrorMemoryAllocation]", "out of GPU memory");
    std::printf("1..%d\n", checks);
    return failures ? 1 : 0;
}
