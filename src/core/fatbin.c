/* The reader of fatbin containers (fatbin.h).  The layout, from the bytes
 * nvcc writes (checked against the cubins nvcc -cubin writes for the same
 * source, tests/data/kernels) and the public descriptions of the format:
 *
 *   container  +0 u32 magic, +4 u16 version, +6 u16 header size,
 *              +8 u64 size of the entries that follow the header
 *   entry      +0 u16 kind (1 PTX, 2 ELF), +4 u32 header size,
 *              +8 u64 payload size, +28 u32 architecture (90: sm_90),
 *              +40 u64 flags: 0x2000 or 0x8000 where the payload is compressed
 *              (0x8000 with a zstd payload is what CUDA 13.0 writes; the
 *              toolkit's own libraries carry 0x2000 on some PTX) */
#include <string.h>
#include "cubin.h"
#include "fatbin.h"
#include "le_bytes.h"

#define CONTAINER_HEADER_BYTES 16
#define ENTRY_HEADER_BYTES 64
enum { ENTRY_PTX = 1, ENTRY_ELF = 2 };
#define ENTRY_COMPRESSED UINT64_C(0xa000)
/* Flags of sm_90a and sm_100f entries, PTX and ELF alike (nvcc -fatbin
 * for sm_90, sm_90a, sm_100, sm_100a, sm_100f, sm_120a, compared). */
#define ENTRY_ARCH_SPECIFIC UINT64_C(0x100000)
#define ENTRY_FAMILY UINT64_C(0x200000)

typedef struct {
    const char *file;
    unsigned char *data;
    size_t size;
    uint64_t base;
    gr_kernel_list *out;
    gr_error *err;
} fatbin_reader;

static bool fail_at(const fatbin_reader *f, uint64_t offset, const char *what, uint64_t a, uint64_t b)
{
    return gr_error_set(f->err, "%s: byte %llu: %s (%llu bytes, %llu left)", f->file,
                        (unsigned long long)(f->base + offset), what, (unsigned long long)a, (unsigned long long)b);
}

bool gr_fatbin_detect(const unsigned char *data, size_t size)
{
    return size >= 4 && gr_le32(data) == GR_FATBIN_MAGIC;
}

static bool read_entry(fatbin_reader *f, size_t at, size_t end, size_t *next)
{
    const unsigned char *e = f->data + at;
    if (end - at < ENTRY_HEADER_BYTES)
        return fail_at(f, at, "a fatbin entry's header runs past its container", ENTRY_HEADER_BYTES, end - at);
    uint32_t header = gr_le32(e + 4);
    uint64_t payload = gr_le64(e + 8);
    if (header < ENTRY_HEADER_BYTES || header > end - at)
        return fail_at(f, at + 4, "a fatbin entry's header size is wrong", header, end - at);
    if (payload > end - at - header)
        return fail_at(f, at + 8, "a fatbin entry's payload runs past its container", payload, end - at - header);
    uint64_t flags = gr_le64(e + 40);
    gr_sm sm = {(int)gr_le32(e + 28), flags & ENTRY_ARCH_SPECIFIC ? 'a' : flags & ENTRY_FAMILY ? 'f' : 0};
    unsigned char *bytes = f->data + at + header;
    *next = at + header + (size_t)payload;
    if (gr_le16(e) == ENTRY_PTX) {
        gr_sm_set_add(&f->out->ptx, sm);
        return true;
    }
    if (gr_le64(e + 40) & ENTRY_COMPRESSED) {
        if (gr_le16(e) == ENTRY_ELF)
            gr_sm_set_add(&f->out->compressed, sm);
        return true;
    }
    if (!gr_cubin_detect(bytes, (size_t)payload))
        return true; /* what later toolkits add beside PTX and cubins */
    f->out->cubins++;
    return gr_cubin_read_variant(f->file, bytes, (size_t)payload, f->base + at + header, sm.variant, f->out, f->err);
}

static bool read_container(fatbin_reader *f, size_t at, size_t *next)
{
    const unsigned char *c = f->data + at;
    if (f->size - at < CONTAINER_HEADER_BYTES)
        return fail_at(f, at, "a fatbin header runs past the end", CONTAINER_HEADER_BYTES, f->size - at);
    if (gr_le32(c) != GR_FATBIN_MAGIC)
        return gr_error_set(f->err, "%s: byte %llu: no fatbin here (0x%08x, not 0x%08x)", f->file,
                            (unsigned long long)(f->base + at), (unsigned)gr_le32(c), (unsigned)GR_FATBIN_MAGIC);
    uint16_t header = gr_le16(c + 6);
    uint64_t size = gr_le64(c + 8);
    if (header < CONTAINER_HEADER_BYTES || header > f->size - at)
        return fail_at(f, at + 6, "a fatbin's header size is wrong", header, f->size - at);
    if (size > f->size - at - header)
        return fail_at(f, at + 8, "a fatbin's size runs past the end", size, f->size - at - header);
    size_t end = at + header + (size_t)size;
    for (size_t entry = at + header; entry < end;)
        if (!read_entry(f, entry, end, &entry))
            return false;
    *next = end;
    return true;
}

bool gr_fatbin_read(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                    gr_kernel_list *out, gr_error *err)
{
    fatbin_reader f = {file, data, size, file_offset, out, err};
    size_t at = 0;
    while (at < size) {
        if (data[at] == 0) { /* padding between containers */
            at++;
            continue;
        }
        if (!read_container(&f, at, &at))
            return false;
    }
    return true;
}
