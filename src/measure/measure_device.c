/* The GPU as the rest of gpuroof sees it, and how the measure layer
 * reports what it does. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "measure_gpu.h"

/* One line on stderr: progress and failures alike, only the prefix differs. */
static void report(const char *prefix, const char *fmt, va_list ap)
{
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void measure_progress(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("measure: ", fmt, ap);
    va_end(ap);
}

bool measure_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("gpuroof: ", fmt, ap);
    va_end(ap);
    return false;
}

bool measure_cuda_failed(const grk_error *err)
{
    return measure_fail("%s", err->message);
}

bool measure_gpu_count(int *count, gr_error *err)
{
    grk_error e;
    return grk_device_count(count, &e) == 0 || gr_error_set(err, "%s", e.message);
}

bool measure_open_device(int index, gr_gpu_info *out, gr_error *err)
{
    grk_device d;
    grk_error e;
    if (grk_device_open(index, &d, &e) != 0)
        return gr_error_set(err, "%s", e.message);
    *out = (gr_gpu_info){
        .cuda_index = d.cuda_index,
        .cc_major = d.cc_major, .cc_minor = d.cc_minor, .sm_count = d.sm_count,
        .sm_clock_khz = d.sm_clock_khz, .mem_clock_khz = d.mem_clock_khz, .mem_bus_width = d.mem_bus_width,
        .l2_bytes = d.l2_bytes, .global_mem_bytes = d.global_mem_bytes,
        .driver_version = d.driver_version, .runtime_version = d.runtime_version,
        .warp_size = d.warp_size, .max_threads_sm = d.max_threads_sm, .max_blocks_sm = d.max_blocks_sm,
        .max_threads_block = d.max_threads_block, .regs_sm = d.regs_sm, .regs_block = d.regs_block,
        .smem_sm = d.smem_sm, .smem_block = d.smem_block, .smem_block_optin = d.smem_block_optin,
        .smem_reserved = d.smem_reserved,
    };
    snprintf(out->name, sizeof out->name, "%s", d.name);
    snprintf(out->pci_bus_id, sizeof out->pci_bus_id, "%s", d.pci_bus_id);
    snprintf(out->uuid, sizeof out->uuid, "%s", d.uuid);
    return true;
}
