/* nvml.h for the peers tools/peers builds (BabelStream, gpu-benches): the
 * handful of NVML calls they make, loaded from the driver's libnvidia-ml.so.1
 * at run time, so that they build with nvcc alone where the toolkit has no
 * NVML header or stub library (the CUDA 13.0 toolkit of a pip or minimal
 * install has neither).  tools/peers puts this file first on the include
 * path as nvml.h.  The names, the _v2 symbols behind nvmlInit and the
 * handle lookups, and the values of the enumerations are those of NVML's API
 * reference (docs.nvidia.com/deploy/nvml-api).  A call made where the
 * library is absent returns NVML_ERROR_LIBRARY_NOT_FOUND, which each peer
 * reports as its own error. */
#ifndef GPUROOF_PEERS_NVML_H
#define GPUROOF_PEERS_NVML_H

#include <dlfcn.h>
#include <stddef.h>

typedef enum nvmlReturn_enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_LIBRARY_NOT_FOUND = 12,
    NVML_ERROR_FUNCTION_NOT_FOUND = 13,
    NVML_ERROR_UNKNOWN = 999
} nvmlReturn_t;

typedef enum nvmlClockType_enum {
    NVML_CLOCK_GRAPHICS = 0,
    NVML_CLOCK_SM = 1,
    NVML_CLOCK_MEM = 2,
    NVML_CLOCK_VIDEO = 3
} nvmlClockType_t;

typedef enum nvmlTemperatureSensors_enum { NVML_TEMPERATURE_GPU = 0 } nvmlTemperatureSensors_t;

typedef struct nvmlDevice_st *nvmlDevice_t;

/* The library's symbol, or NULL where the library or the symbol is absent;
 * the handle is opened once and kept for the life of the program. */
static inline void *gpuroof_peers_nvml_symbol(const char *name)
{
    static void *library;
    if (!library)
        library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_GLOBAL);
    return library ? dlsym(library, name) : NULL;
}

static inline nvmlReturn_t gpuroof_peers_nvml_missing(void)
{
    return gpuroof_peers_nvml_symbol("nvmlInit_v2") ? NVML_ERROR_FUNCTION_NOT_FOUND : NVML_ERROR_LIBRARY_NOT_FOUND;
}

static inline nvmlReturn_t nvmlInit(void)
{
    typedef nvmlReturn_t (*fn_t)(void);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlInit_v2");
    return fn ? fn() : gpuroof_peers_nvml_missing();
}

static inline nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *device)
{
    typedef nvmlReturn_t (*fn_t)(unsigned int, nvmlDevice_t *);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlDeviceGetHandleByIndex_v2");
    return fn ? fn(index, device) : gpuroof_peers_nvml_missing();
}

static inline nvmlReturn_t nvmlDeviceGetHandleByPciBusId(const char *bus_id, nvmlDevice_t *device)
{
    typedef nvmlReturn_t (*fn_t)(const char *, nvmlDevice_t *);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlDeviceGetHandleByPciBusId_v2");
    return fn ? fn(bus_id, device) : gpuroof_peers_nvml_missing();
}

static inline nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *mhz)
{
    typedef nvmlReturn_t (*fn_t)(nvmlDevice_t, nvmlClockType_t, unsigned int *);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlDeviceGetClockInfo");
    return fn ? fn(device, type, mhz) : gpuroof_peers_nvml_missing();
}

static inline nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *milliwatts)
{
    typedef nvmlReturn_t (*fn_t)(nvmlDevice_t, unsigned int *);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlDeviceGetPowerUsage");
    return fn ? fn(device, milliwatts) : gpuroof_peers_nvml_missing();
}

static inline nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensor,
                                                    unsigned int *celsius)
{
    typedef nvmlReturn_t (*fn_t)(nvmlDevice_t, nvmlTemperatureSensors_t, unsigned int *);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlDeviceGetTemperature");
    return fn ? fn(device, sensor, celsius) : gpuroof_peers_nvml_missing();
}

static inline const char *nvmlErrorString(nvmlReturn_t result)
{
    typedef const char *(*fn_t)(nvmlReturn_t);
    fn_t fn = (fn_t)gpuroof_peers_nvml_symbol("nvmlErrorString");
    if (fn)
        return fn(result);
    return result == NVML_ERROR_LIBRARY_NOT_FOUND ? "libnvidia-ml.so.1 (the driver's NVML) not found"
                                                  : "NVML call not found in libnvidia-ml.so.1";
}

#endif
