/* Which reader a file of kernels needs (kernel_file.h). */
#define _GNU_SOURCE /* memmem */
#include <string.h>
#include "cubin.h"
#include "cuobjdump_listing.h"
#include "fatbin.h"
#include "host_binary.h"
#include "kernel_file.h"
#include "kernel_source.h"
#include "ptxas_report.h"

gr_input_limit gr_kernels_input_limit(const unsigned char *head, size_t size)
{
    if (head && (gr_host_binary_detect(head, size) || gr_host_archive_detect(head, size) || gr_fatbin_detect(head, size)))
        return GR_LIMIT_KERNEL_BINARY;
    return GR_LIMIT_KERNEL_TEXT;
}

bool gr_kernels_read(const char *file, unsigned char *data, size_t size, gr_kernel_list *out, gr_error *err)
{
    const char *text = (const char *)data;
    gr_kernel_list_init(out, GR_KERNELS_BINARY);
    out->inflate_budget_bytes = gr_inflate_budget(size);
    if (size == 0)
        return gr_error_set(err, "%s: empty", file);
    if (gr_cubin_detect(data, size)) {
        out->format = GR_KERNELS_CUBIN;
        out->cubins = 1;
        return gr_cubin_read(file, data, size, 0, out, err);
    }
    if (gr_host_binary_detect(data, size) || gr_host_archive_detect(data, size))
        return gr_host_binary_read(file, data, size, out, err);
    if (gr_fatbin_detect(data, size)) {
        out->format = GR_KERNELS_FATBIN;
        return gr_fatbin_read(file, data, size, 0, out, err);
    }
    if (gr_cuobjdump_listing_detect(text, size)) {
        out->format = GR_KERNELS_CUOBJDUMP;
        return gr_cuobjdump_listing_read(file, text, size, out, err);
    }
    if (gr_ptxas_report_detect(text, size)) {
        out->format = GR_KERNELS_PTXAS;
        return gr_ptxas_report_read(file, text, size, out, err);
    }
    if (memmem(data, size, "final resource allocation is not done", 37))
        return gr_error_set(err, "%s: nvcc reports no resource usage for relocatable device code (-rdc): "
                                 "give the object itself, or the linked program", file);
    if (gr_kernel_source_advice(file, data, size, err))
        return false;
    return gr_error_set(err,
                        "%s: not ptxas's report (nvcc --resource-usage), cuobjdump's listing "
                        "(cuobjdump --dump-resource-usage), a cubin, nor a binary with CUDA code",
                        file);
}
