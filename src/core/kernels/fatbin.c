/* The reader of fatbin containers (fatbin.h).  The layout, from the bytes
 * nvcc writes (checked against the cubins nvcc -cubin writes for the same
 * source, tests/data/kernels, and against cuobjdump's listings of CUDA
 * 13.0's own libraries) and the public descriptions of the format:
 *
 *   container  +0 u32 magic, +4 u16 version, +6 u16 header size,
 *              +8 u64 size of the entries that follow the header
 *   entry      +0 u16 kind (1 PTX, 2 ELF, 8 LTO-IR), +4 u32 header size
 *              (64, or more for later targets: the payload follows it),
 *              +8 u64 payload size (padded to 8 bytes),
 *              +16 u32 compressed size (the payload's bytes less that
 *              padding), +28 u32 architecture (90: sm_90),
 *              +40 u64 flags: 0x8000 zstd, 0x2000 LZ4 (fatbin_payload.h),
 *              +56 u64 the payload's size decompressed */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "cubin.h"
#include "fatbin.h"
#include "fatbin_payload.h"
#include "gpuroof_files.h"
#include "gpuroof_text.h"

#define CONTAINER_HEADER_BYTES 16
#define ENTRY_HEADER_BYTES 64
#define CONTAINER_ALIGN_BYTES 8 /* where a linker places each container */
enum { ENTRY_PTX = 1, ENTRY_ELF = 2 };
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
    gr_fatbin_inflater inflater;
} fatbin_reader;

typedef enum { NOT_A_CONTAINER, A_CONTAINER, STEPS_SPENT } container_check;

static bool fail_at(const fatbin_reader *f, uint64_t offset, const char *what, uint64_t a, uint64_t b)
{
    return gr_error_set(f->err, "%s: byte %llu: %s (%llu bytes, %llu left)", f->file,
                        (unsigned long long)(f->base + offset), what, (unsigned long long)a, (unsigned long long)b);
}

bool gr_fatbin_detect(const unsigned char *data, size_t size)
{
    return size >= 4 && gr_le32(data) == GR_FATBIN_MAGIC;
}

/* A compressed cubin: decompressed into the reader's buffer, then read
 * there; its errors name the entry, and the byte within the cubin. */
static bool read_compressed(fatbin_reader *f, size_t at, uint32_t header, uint64_t payload, char variant)
{
    const unsigned char *e = f->data + at;
    uint32_t compressed = gr_le32(e + 16);
    uint64_t claimed = gr_le64(e + 56), flags = gr_le64(e + 40);
    if (compressed > payload)
        return fail_at(f, at + 16, "a compressed fatbin entry's compressed size runs past its payload", compressed,
                       payload);
    if (claimed > f->out->inflate_budget_bytes - f->out->inflated_bytes)
        return gr_error_set(f->err, "%s: byte %llu: the compressed fatbin entries decompress to more than %llu bytes in all, "
                            "%d times the input and 1 GiB more: no real library does", f->file,
                            (unsigned long long)(f->base + at + 56), (unsigned long long)f->out->inflate_budget_bytes,
                            GR_INFLATE_RATIO_MAX);
    f->out->inflated_bytes += claimed;
    unsigned char *cubin;
    if (!gr_fatbin_inflate(&f->inflater, f->file, f->base + at, flags, e + header, compressed, claimed, &cubin,
                           f->err))
        return false;
    char within[128];
    snprintf(within, sizeof within, "the %s-compressed fatbin entry at byte %llu (%llu bytes decompressed)",
             flags & GR_FATBIN_LZ4 ? "LZ4" : "zstd", (unsigned long long)(f->base + at), (unsigned long long)claimed);
    if (!gr_cubin_detect(cubin, (size_t)claimed))
        return gr_error_set(f->err, "%s: %s is no cubin (an ELF image for a GPU)", f->file, within);
    f->out->cubins++;
    return gr_cubin_read_within(f->file, within, cubin, (size_t)claimed, variant, f->out, f->err);
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
    uint32_t arch = gr_le32(e + 28);
    if ((gr_le16(e) == ENTRY_PTX || gr_le16(e) == ENTRY_ELF) && !gr_arch_sm_in_range(arch > INT32_MAX ? 0 : (int)arch))
        return gr_error_set(f->err,
                            "%s: byte %llu: a fatbin entry for architecture %u, which no GPU has (10 to 199: sm_10 "
                            "to sm_199)", f->file, (unsigned long long)(f->base + at + 28), (unsigned)arch);
    gr_sm sm = {(int)arch, flags & ENTRY_ARCH_SPECIFIC ? 'a' : flags & ENTRY_FAMILY ? 'f' : 0};
    unsigned char *bytes = f->data + at + header;
    *next = at + header + (size_t)payload;
    if (gr_le16(e) == ENTRY_PTX) {
        gr_sm_set_add(&f->out->ptx, sm);
        return true;
    }
    if (gr_le16(e) != ENTRY_ELF)
        return true; /* LTO-IR, for the device linker: no resources yet */
    if (flags & GR_FATBIN_COMPRESSED)
        return read_compressed(f, at, header, payload, sm.variant);
    if (!gr_cubin_detect(bytes, (size_t)payload))
        return true; /* what later toolkits add beside cubins */
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
    fatbin_reader f = {.file = file, .data = data, .size = size, .base = file_offset, .out = out, .err = err};
    size_t at = 0;
    bool ok = true;
    while (ok && at < size) {
        if (data[at] == 0) { /* padding between containers */
            at++;
            continue;
        }
        ok = read_container(&f, at, &at);
    }
    gr_fatbin_inflater_free(&f.inflater);
    return ok;
}

/* Whether a whole container begins at byte at: the magic, a header of 16
 * bytes, and entries whose sizes lead exactly to its end, each with a
 * header of 64 bytes or more.  Each entry header looked at costs one of
 * *steps_left: a data section of magic numbers whose entries chain far
 * before failing would otherwise cost the square of its size. */
static container_check is_container(const unsigned char *data, size_t size, size_t at, size_t *steps_left)
{
    if (size - at < CONTAINER_HEADER_BYTES || gr_le32(data + at) != GR_FATBIN_MAGIC ||
        gr_le16(data + at + 6) != CONTAINER_HEADER_BYTES || gr_le64(data + at + 8) > size - at - CONTAINER_HEADER_BYTES)
        return NOT_A_CONTAINER;
    size_t end = at + CONTAINER_HEADER_BYTES + (size_t)gr_le64(data + at + 8), entry = at + CONTAINER_HEADER_BYTES;
    while (entry < end) {
        if (*steps_left == 0)
            return STEPS_SPENT;
        --*steps_left;
        if (end - entry < ENTRY_HEADER_BYTES)
            return NOT_A_CONTAINER;
        uint32_t header = gr_le32(data + entry + 4);
        uint64_t payload = gr_le64(data + entry + 8);
        if (header < ENTRY_HEADER_BYTES || header > end - entry || payload > end - entry - header)
            return NOT_A_CONTAINER;
        entry += header + (size_t)payload;
    }
    return entry == end && end > at + CONTAINER_HEADER_BYTES ? A_CONTAINER : NOT_A_CONTAINER;
}

/* The entry headers a scan may look at: the containers read cover disjoint
 * bytes with headers of 64 bytes or more, so a real section needs at most
 * size / 64 for them; as much again, and a floor, for the magic numbers
 * that turn out not to begin a container. */
static size_t scan_steps(size_t size)
{
    return size / ENTRY_HEADER_BYTES * 2 + 65536;
}

bool gr_fatbin_scan(const char *file, unsigned char *data, size_t size, uint64_t file_offset,
                    gr_kernel_list *out, size_t *found, gr_error *err)
{
    const unsigned char magic[4] = {0x50, 0xed, 0x55, 0xba};
    fatbin_reader f = {.file = file, .data = data, .size = size, .base = file_offset, .out = out, .err = err};
    size_t steps_left = scan_steps(size);
    bool ok = true;
    for (size_t at = 0; ok && at < size;) {
        const unsigned char *hit = memmem(data + at, size - at, magic, sizeof magic);
        if (!hit)
            break;
        size_t here = (size_t)(hit - data);
        at = here + 1;
        if ((file_offset + here) % CONTAINER_ALIGN_BYTES != 0)
            continue;
        container_check check = is_container(data, size, here, &steps_left);
        if (check == STEPS_SPENT)
            ok = gr_error_set(err, "%s: byte %llu: more fatbin-like entry headers than a real section of %llu bytes has "
                              "(%llu looked at, twice its size over 64 bytes)", file,
                              (unsigned long long)(file_offset + here), (unsigned long long)size,
                              (unsigned long long)scan_steps(size));
        else if (check == A_CONTAINER) {
            (*found)++;
            ok = read_container(&f, here, &at);
        }
    }
    gr_fatbin_inflater_free(&f.inflater);
    return ok;
}
