/* The device: its properties from the runtime, its clocks now from NVML
 * (loaded at run time; no link to it); and the helpers of check.h that the
 * other files share: error messages, the event timer, sampled reads. */
#include <dlfcn.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* ---- errors ------------------------------------------------------------- */

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Errors after which the CUDA context is unusable (a kernel faulted or
 * hung): every later call fails the same way, so the run must stop, and the
 * message should say it was a kernel, not the call that reported it. */
static bool context_lost(cudaError_t code)
{
    switch (code) {
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorECCUncorrectable:
        return true;
    default:
        return false;
    }
}

void grk_fail_cuda(grk_error *err, const char *call, cudaError_t code, const char *file, int line)
{
    (void)cudaGetLastError(); /* clear the (non-sticky) error for the next call */
    if (!err)
        return;
    err->no_device = code == cudaErrorNoDevice || code == cudaErrorInsufficientDriver;
    const char *why = "";
    if (context_lost(code))
        why = "; a kernel failed on the GPU and the CUDA context is lost, so the run stops";
    else if (code == cudaErrorMemoryAllocation)
        why = "; out of GPU memory";
    else if (code == cudaErrorLaunchOutOfResources)
        why = "; the launch asked for more registers, threads or shared memory than an SM has";
    snprintf(err->message, sizeof err->message, "%s: %s [%s]%s (%s:%d)", call, cudaGetErrorString(code),
             cudaGetErrorName(code), why, base_name(file), line);
}

int grk_malloc(void **pointer, size_t bytes, const char *what, grk_error *err, const char *file, int line)
{
    const double mib = 1024.0 * 1024.0;
    size_t free_bytes = 0, total_bytes = 0;
    char memory[160];
    cudaError_t code = cudaMalloc(pointer, bytes);
    if (code == cudaSuccess)
        return 0;
    *pointer = NULL;
    if (code != cudaErrorMemoryAllocation) {
        grk_fail_cuda(err, "cudaMalloc", code, file, line);
        return -1;
    }
    (void)cudaGetLastError(); /* the allocation's error is not sticky: cudaMemGetInfo may still answer */
    cudaError_t info = cudaMemGetInfo(&free_bytes, &total_bytes);
    if (info == cudaSuccess)
        snprintf(memory, sizeof memory, "%.0f MiB of the GPU's %.0f MiB free", free_bytes / mib,
                 total_bytes / mib);
    else
        snprintf(memory, sizeof memory, "free memory unknown (cudaMemGetInfo: %s)", cudaGetErrorString(info));
    (void)cudaGetLastError();
    if (strrchr(what, '&'))
        what = strrchr(what, '&') + 1; /* "(void **)&r.a": the buffer's name */
    if (err) {
        err->no_device = false;
        snprintf(err->message, sizeof err->message,
                 "out of GPU memory: cudaMalloc of %.1f MiB for %s failed [cudaErrorMemoryAllocation]; %s "
                 "(another process may hold the memory: nvidia-smi shows it) (%s:%d)",
                 bytes / mib, what, memory, base_name(file), line);
    }
    return -1;
}

void grk_fail_launch(grk_error *err, const char *kernel, cudaError_t code, const char *file, int line)
{
    char call[160];
    snprintf(call, sizeof call, "%s<<<...>>>", kernel);
    grk_fail_cuda(err, call, code, file, line);
}

void grk_fail(grk_error *err, const char *fmt, ...)
{
    va_list ap;
    if (!err)
        return;
    err->no_device = false;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

int grk_sm_count(int *sms, grk_error *err)
{
    int device = 0;
    GRK_CHECK_RETURN(cudaGetDevice(&device));
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, device));
    return 0;
}

/* ---- timing ------------------------------------------------------------- */

static int time_once(grk_launch_fn fn, void *ctx, int config, cudaEvent_t start, cudaEvent_t stop, float *ms,
                     grk_error *err)
{
    GRK_CHECK_RETURN(cudaEventRecord(start, 0));
    if (fn(ctx, config, err) != 0)
        return -1;
    GRK_CHECK_RETURN(cudaEventRecord(stop, 0));
    GRK_CHECK_RETURN(cudaEventSynchronize(stop));
    GRK_CHECK_RETURN(cudaEventElapsedTime(ms, start, stop));
    return 0;
}

static int compare_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

int grk_time_runs(grk_launch_fn fn, void *ctx, int configs, int repeats, grk_timing *t, int *chosen,
                  grk_error *err)
{
    cudaEvent_t start = NULL, stop = NULL;
    float *ms = NULL, trial, best_ms = FLT_MAX;
    int rc = -1, best = 0, c, i;

    if (repeats < 1) {
        grk_fail(err, "repeats must be at least 1 (got %d)", repeats);
        return -1;
    }
    if (configs < 1)
        configs = 1;
    ms = (float *)malloc((size_t)repeats * sizeof *ms);
    if (!ms) {
        grk_fail(err, "out of host memory for %d timings", repeats);
        return -1;
    }
    GRK_CHECK(cudaEventCreate(&start));
    GRK_CHECK(cudaEventCreate(&stop));

    /* warm-up: module load, first touch; with several configurations, the fastest */
    for (c = 0; c < configs; c++) {
        if (fn(ctx, c, err) != 0)
            goto fail;
        GRK_CHECK(cudaDeviceSynchronize());
        if (configs == 1)
            break;
        for (i = 0; i < 2; i++) {
            if (time_once(fn, ctx, c, start, stop, &trial, err) != 0)
                goto fail;
            if (trial < best_ms)
                best_ms = trial, best = c;
        }
    }
    for (i = 0; i < repeats; i++)
        if (time_once(fn, ctx, best, start, stop, &ms[i], err) != 0)
            goto fail;
    GRK_CHECK(cudaDeviceSynchronize());

    qsort(ms, (size_t)repeats, sizeof *ms, compare_float);
    t->repeats = repeats;
    t->min_ms = ms[0];
    t->max_ms = ms[repeats - 1];
    t->median_ms = repeats % 2 ? ms[repeats / 2] : 0.5 * ((double)ms[repeats / 2 - 1] + ms[repeats / 2]);
    if (chosen)
        *chosen = best;
    rc = 0;
fail:
    if (start)
        cudaEventDestroy(start);
    if (stop)
        cudaEventDestroy(stop);
    free(ms);
    return rc;
}

/* ---- sampled read-back -------------------------------------------------- */

__global__ void gather_samples(const float *d, size_t n, float *out, int samples)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < samples)
        out[k] = d[grk_sample_index((size_t)k, n)];
}

int grk_read_samples(const float *d, size_t n, float *host, int samples, grk_error *err)
{
    float *d_out = NULL;
    int rc = -1;
    if (samples <= 0 || n == 0)
        return 0;
    GRK_MALLOC((void **)&d_out, (size_t)samples * sizeof(float));
    gather_samples<<<(samples + 255) / 256, 256>>>(d, n, d_out, samples);
    GRK_LAUNCH_CHECK("gather_samples");
    GRK_CHECK(cudaMemcpy(host, d_out, (size_t)samples * sizeof(float), cudaMemcpyDeviceToHost));
    rc = 0;
fail:
    if (d_out)
        cudaFree(d_out);
    return rc;
}

/* ---- the device -------------------------------------------------------- */

/* CUDA 13000 as "13.0". */
static void cuda_version(int version, char *out, size_t size)
{
    snprintf(out, size, "%d.%d", version / 1000, version % 1000 / 10);
}

void grk_no_device_text(cudaError_t code, int driver_version, int runtime_version, const char *visible, char *out,
                        size_t size)
{
    char driver[16], runtime[16];
    cuda_version(driver_version, driver, sizeof driver);
    cuda_version(runtime_version, runtime, sizeof runtime);
    if (code == cudaErrorInsufficientDriver && driver_version == 0)
        snprintf(out, size,
                 "no CUDA device: no NVIDIA driver is loaded (cudaDriverGetVersion gives 0: libcuda.so.1 is missing "
                 "or cannot be loaded; gpuroof's CUDA %s runtime needs a driver for CUDA %s or newer) "
                 "[cudaGetDeviceCount: cudaErrorInsufficientDriver]",
                 runtime, runtime);
    else if (code == cudaErrorInsufficientDriver)
        snprintf(out, size,
                 "no CUDA device usable: the NVIDIA driver supports CUDA %s, older than the CUDA %s runtime "
                 "gpuroof was built with; update the driver, or build gpuroof with a CUDA %s toolkit "
                 "[cudaGetDeviceCount: cudaErrorInsufficientDriver]",
                 driver, runtime, driver);
    else if (visible && !visible[0])
        snprintf(out, size,
                 "no CUDA device visible: CUDA_VISIBLE_DEVICES is set but empty, which hides every GPU; unset it "
                 "or name one (CUDA_VISIBLE_DEVICES=0) [cudaGetDeviceCount: %s]",
                 code == cudaSuccess ? "0 devices" : cudaGetErrorName(code));
    else if (visible)
        snprintf(out, size,
                 "no CUDA device visible: CUDA_VISIBLE_DEVICES='%s' names no GPU of this machine "
                 "(nvidia-smi -L lists them) [cudaGetDeviceCount: %s]",
                 visible, code == cudaSuccess ? "0 devices" : cudaGetErrorName(code));
    else
        snprintf(out, size, "no CUDA device: the NVIDIA driver (CUDA %s) finds no GPU [cudaGetDeviceCount: %s]",
                 driver, code == cudaSuccess ? "0 devices" : cudaGetErrorName(code));
}

/* The message for the versions and environment of this machine. */
static void no_device_message(cudaError_t code, char *out, size_t size)
{
    int driver_version = 0, runtime_version = 0;
    /* Both answer without a device; the driver's is 0 where no driver is loaded. */
    if (cudaDriverGetVersion(&driver_version) != cudaSuccess)
        driver_version = 0;
    if (cudaRuntimeGetVersion(&runtime_version) != cudaSuccess)
        runtime_version = CUDART_VERSION;
    (void)cudaGetLastError();
    grk_no_device_text(code, driver_version, runtime_version, getenv("CUDA_VISIBLE_DEVICES"), out, size);
}

int grk_device_count(int *count, grk_error *err)
{
    *count = 0;
    if (err)
        err->message[0] = '\0', err->no_device = false;
    cudaError_t code = cudaGetDeviceCount(count);
    if (code == cudaErrorNoDevice || code == cudaErrorInsufficientDriver || (code == cudaSuccess && *count == 0)) {
        (void)cudaGetLastError();
        *count = 0;
        if (err) {
            err->no_device = true;
            no_device_message(code, err->message, sizeof err->message);
        }
        return -1;
    }
    if (code != cudaSuccess) {
        grk_fail_cuda(err, "cudaGetDeviceCount(&count)", code, __FILE__, __LINE__);
        return -1;
    }
    return 0;
}

void grk_device_index_text(int index, int count, const char *visible, char *out, size_t size)
{
    char which[96], seen[160];
    if (count == 1)
        snprintf(which, sizeof which, "1 CUDA GPU, GPU 0");
    else
        snprintf(which, sizeof which, "%d CUDA GPUs, GPU 0 to GPU %d", count, count - 1);
    /* The runtime numbers only the GPUs CUDA_VISIBLE_DEVICES shows, from 0. */
    if (visible)
        snprintf(seen, sizeof seen, "CUDA_VISIBLE_DEVICES='%s' shows %s", visible, which);
    else
        snprintf(seen, sizeof seen, "this machine has %s", which);
    snprintf(out, size, "no GPU %d: %s [cudaGetDeviceCount: %d]", index, seen, count);
}

/* "GPU-" and the 16 bytes in 8-4-4-4-12 hex digits, as nvidia-smi -L
 * writes a GPU's UUID. */
static void uuid_text(const cudaUUID_t *uuid, char *out, size_t size)
{
    const unsigned char *b = (const unsigned char *)uuid->bytes;
    size_t used = (size_t)snprintf(out, size, "GPU-");
    for (int i = 0; i < 16 && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "",
                                 b[i]);
}

/* What cudaGetDeviceProperties and the attributes say of the current device. */
static int read_properties(int device, grk_device *out, grk_error *err)
{
    cudaDeviceProp p;
    int value = 0;
    GRK_CHECK_RETURN(cudaGetDeviceProperties(&p, device));
    snprintf(out->name, sizeof out->name, "%s", p.name);
    out->cuda_index = device;
    uuid_text(&p.uuid, out->uuid, sizeof out->uuid);
    GRK_CHECK_RETURN(cudaDeviceGetPCIBusId(out->pci_bus_id, (int)sizeof out->pci_bus_id, device));
    out->cc_major = p.major;
    out->cc_minor = p.minor;
    out->sm_count = p.multiProcessorCount;
    out->global_mem_bytes = (long long)p.totalGlobalMem;
    out->warp_size = p.warpSize;
    out->max_threads_sm = p.maxThreadsPerMultiProcessor;
    out->max_threads_block = p.maxThreadsPerBlock;
    out->regs_sm = p.regsPerMultiprocessor;
    out->regs_block = p.regsPerBlock;
    out->smem_sm = (long long)p.sharedMemPerMultiprocessor;
    out->smem_block = (long long)p.sharedMemPerBlock;

    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrClockRate, device));
    out->sm_clock_khz = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrMemoryClockRate, device));
    out->mem_clock_khz = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrGlobalMemoryBusWidth, device));
    out->mem_bus_width = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrL2CacheSize, device));
    out->l2_bytes = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrMaxBlocksPerMultiprocessor, device));
    out->max_blocks_sm = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    out->smem_block_optin = value;
    GRK_CHECK_RETURN(cudaDeviceGetAttribute(&value, cudaDevAttrReservedSharedMemoryPerBlock, device));
    out->smem_reserved = value;

    GRK_CHECK_RETURN(cudaDriverGetVersion(&out->driver_version));
    GRK_CHECK_RETURN(cudaRuntimeGetVersion(&out->runtime_version));
    return 0;
}

int grk_device_open(int index, grk_device *out, grk_error *err)
{
    int count = 0;
    memset(out, 0, sizeof *out);
    if (grk_device_count(&count, err) != 0)
        return -1;
    if (index < 0 || index >= count) {
        if (err)
            grk_device_index_text(index, count, getenv("CUDA_VISIBLE_DEVICES"), err->message, sizeof err->message);
        return -1;
    }
    GRK_CHECK_RETURN(cudaSetDevice(index));
    return read_properties(index, out, err);
}

/* ---- NVML, declared here: the few entry points used ------------------- */

typedef struct grk_nvml_device *grk_nvml_device_t; /* nvmlDevice_t: opaque */
typedef int (*nvml_init_fn)(void);
typedef int (*nvml_by_index_fn)(unsigned int index, grk_nvml_device_t *device);
typedef int (*nvml_by_pci_fn)(const char *bus_id, grk_nvml_device_t *device);

enum { GRK_NVML_SUCCESS = 0 };

/* NVML's handle of the current CUDA device, or NULL.  NVML numbers devices
 * its own way (all of them, PCI order); the CUDA device's bus id names the
 * same board where CUDA_VISIBLE_DEVICES or the enumeration order differ.
 * Without it, NVML's index 0 for CUDA's device 0 (the order most often
 * agrees there), and no clock for any other device rather than another
 * GPU's. */
static grk_nvml_device_t nvml_device_of_current(nvml_by_index_fn by_index, nvml_by_pci_fn by_pci)
{
    grk_nvml_device_t dev = NULL;
    char bus_id[64];
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess)
        device = -1; /* unknown: no guess at NVML's index either */
    if (by_pci && device >= 0 && cudaDeviceGetPCIBusId(bus_id, (int)sizeof bus_id, device) == cudaSuccess &&
        by_pci(bus_id, &dev) == GRK_NVML_SUCCESS)
        return dev;
    (void)cudaGetLastError();
    if (device != 0 || by_index(0, &dev) != GRK_NVML_SUCCESS)
        return NULL;
    return dev;
}

bool grk_nvml_open(grk_nvml *n)
{
    memset(n, 0, sizeof *n);
    n->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!n->lib)
        return false;
    nvml_init_fn init = (nvml_init_fn)dlsym(n->lib, "nvmlInit_v2");
    nvml_by_index_fn by_index = (nvml_by_index_fn)dlsym(n->lib, "nvmlDeviceGetHandleByIndex_v2");
    nvml_by_pci_fn by_pci = (nvml_by_pci_fn)dlsym(n->lib, "nvmlDeviceGetHandleByPciBusId_v2");
    n->shutdown = (int (*)(void))dlsym(n->lib, "nvmlShutdown");
    n->clock = (int (*)(void *, int, unsigned int *))dlsym(n->lib, "nvmlDeviceGetClockInfo");
    n->field_values = (int (*)(void *, int, void *))dlsym(n->lib, "nvmlDeviceGetFieldValues");
    n->power_usage = (int (*)(void *, unsigned int *))dlsym(n->lib, "nvmlDeviceGetPowerUsage");
    n->power_limit = (int (*)(void *, unsigned int *))dlsym(n->lib, "nvmlDeviceGetEnforcedPowerLimit");
    if (!init || !n->shutdown || !by_index || !n->clock || init() != GRK_NVML_SUCCESS) {
        dlclose(n->lib);
        memset(n, 0, sizeof *n);
        return false;
    }
    n->device = nvml_device_of_current(by_index, by_pci);
    if (!n->device) {
        grk_nvml_close(n);
        return false;
    }
    return true;
}

int grk_nvml_clock_mhz(const grk_nvml *n, int type)
{
    unsigned int mhz = 0;
    if (!n->device || n->clock(n->device, type, &mhz) != GRK_NVML_SUCCESS)
        return 0;
    return (int)mhz;
}

/* nvmlFieldValue_t as NVML's documentation lays it out: the field, its
 * scope, when it was read and how long that took (us), the value's type and
 * the call's status, and the value (a union of 8 bytes). */
typedef struct {
    unsigned int field_id, scope_id;
    long long timestamp, latency_us;
    int value_type, status;
    union {
        double d;
        unsigned int ui;
        unsigned long ul;
        unsigned long long ull;
        long long sll;
        int si;
    } value;
} nvml_field_value;

enum { NVML_FIELD_POWER_INSTANT = 186 }; /* NVML_FI_DEV_POWER_INSTANT: milliwatts, now */

static double field_number(const nvml_field_value *v)
{
    switch (v->value_type) {
    case 0: return v->value.d;
    case 1: return (double)v->value.ui;
    case 2: return (double)v->value.ul;
    case 3: return (double)v->value.ull;
    case 4: return (double)v->value.sll;
    case 5: return (double)v->value.si;
    default: return 0;
    }
}

/* The instantaneous field first: nvmlDeviceGetPowerUsage averages over a
 * second on Ampere and later (GA100 aside), far longer than a burst. */
double grk_nvml_watts(const grk_nvml *n)
{
    unsigned int milliwatts = 0;
    if (!n->device)
        return 0;
    if (n->field_values) {
        nvml_field_value v;
        memset(&v, 0, sizeof v);
        v.field_id = NVML_FIELD_POWER_INSTANT;
        if (n->field_values(n->device, 1, &v) == GRK_NVML_SUCCESS && v.status == GRK_NVML_SUCCESS &&
            field_number(&v) > 0)
            return field_number(&v) / 1000;
    }
    if (n->power_usage && n->power_usage(n->device, &milliwatts) == GRK_NVML_SUCCESS)
        return milliwatts / 1000.0;
    return 0;
}

double grk_nvml_power_limit_watts(const grk_nvml *n)
{
    unsigned int milliwatts = 0;
    if (!n->device || !n->power_limit || n->power_limit(n->device, &milliwatts) != GRK_NVML_SUCCESS)
        return 0;
    return milliwatts / 1000.0;
}

void grk_nvml_close(grk_nvml *n)
{
    if (n->lib) {
        n->shutdown();
        dlclose(n->lib);
    }
    memset(n, 0, sizeof *n);
}

int grk_current_clocks(int *sm_mhz, int *mem_mhz, grk_error *err)
{
    grk_nvml n;
    (void)err; /* NVML missing is not an error: the clocks are then unknown */
    if (sm_mhz)
        *sm_mhz = 0;
    if (mem_mhz)
        *mem_mhz = 0;
    if (!grk_nvml_open(&n))
        return 0;
    if (sm_mhz)
        *sm_mhz = grk_nvml_clock_mhz(&n, GRK_NVML_CLOCK_SM);
    if (mem_mhz)
        *mem_mhz = grk_nvml_clock_mhz(&n, GRK_NVML_CLOCK_MEM);
    grk_nvml_close(&n);
    return 0;
}
