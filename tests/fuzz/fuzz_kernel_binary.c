/* libFuzzer harness: the readers of compiled code, a cubin (through
 * libelf, and .nv.info's records read here), a fatbin's containers and
 * entries (compressed ones decompressed: zstd, LZ4), the scan for containers
 * among other bytes, a host binary's fatbin sections or an archive's
 * members, each on every input, then the
 * reader of any file.  The input is copied first: libelf may rewrite an
 * image in place.  Whatever a reader accepts must be whole: every kernel
 * named, every figure recorded or GR_UNRECORDED, never negative otherwise. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cubin.h"
#include "fatbin.h"
#include "host_binary.h"
#include "kernel_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_figure(int64_t n)
{
    if (n < 0 && n != GR_UNRECORDED)
        abort();
}

static void check_list(const gr_kernel_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        const gr_kernel *k = &l->kernels[i];
        if (!k->name || !k->demangled)
            abort();
        check_figure(k->registers);
        check_figure(k->shared_static_bytes);
        check_figure(k->stack_bytes);
        check_figure(k->local_bytes);
        check_figure(k->constant_bytes);
        check_figure(k->max_threads);
        if (k->spill_store_bytes != GR_UNRECORDED) /* no binary records spills */
            abort();
    }
}

typedef bool (*reader)(const char *, unsigned char *, size_t, uint64_t, gr_kernel_list *, gr_error *);

static bool read_host(const char *file, unsigned char *data, size_t size, uint64_t offset, gr_kernel_list *l,
                      gr_error *err)
{
    (void)offset;
    return gr_host_binary_read(file, data, size, l, err);
}

static bool read_scan(const char *file, unsigned char *data, size_t size, uint64_t offset, gr_kernel_list *l,
                      gr_error *err)
{
    size_t found = 0;
    return gr_fatbin_scan(file, data, size, offset, l, &found, err);
}

static bool read_any(const char *file, unsigned char *data, size_t size, uint64_t offset, gr_kernel_list *l,
                     gr_error *err)
{
    (void)offset;
    return gr_kernels_read(file, data, size, l, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const reader readers[] = {gr_cubin_read, gr_fatbin_read, read_scan, read_host, read_any};
    for (size_t r = 0; r < sizeof readers / sizeof readers[0]; r++) {
        unsigned char *copy = malloc(size ? size : 1);
        if (!copy)
            return 0;
        memcpy(copy, data, size);
        gr_kernel_list l;
        gr_error err;
        gr_kernel_list_init(&l, GR_KERNELS_BINARY);
        if (readers[r]("fuzz.bin", copy, size, 0, &l, &err))
            check_list(&l);
        gr_kernel_list_free(&l);
        free(copy);
    }
    return 0;
}
