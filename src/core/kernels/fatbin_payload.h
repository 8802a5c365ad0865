/* A fatbin entry's payload made whole: nvcc compresses each entry on its
 * own (--compress-mode), a zstd frame (flag 0x8000: the default, size and
 * balance modes) or a raw LZ4 block (flag 0x2000: speed mode), and records
 * the size it had before.  One entry is decompressed at a time, into a
 * buffer that the next entry reuses, so that a library's cubins are never
 * all in memory at once. */
#ifndef GPUROOF_FATBIN_PAYLOAD_H
#define GPUROOF_FATBIN_PAYLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "gpuroof_files.h"

#define GR_FATBIN_ZSTD UINT64_C(0x8000)
#define GR_FATBIN_LZ4 UINT64_C(0x2000)
#define GR_FATBIN_COMPRESSED (GR_FATBIN_ZSTD | GR_FATBIN_LZ4)

/* The most one entry may claim decompressed: input_limits.h says why. */
#define GR_FATBIN_MAX_ENTRY_BYTES (GR_LIMIT_FATBIN_ENTRY.bytes)

/* The decompressor's buffer and zstd's context, kept from entry to entry. */
typedef struct {
    unsigned char *bytes;
    size_t capacity;
    void *zstd; /* a ZSTD_DCtx, made at the first zstd entry */
} gr_fatbin_inflater;

void gr_fatbin_inflater_free(gr_fatbin_inflater *z);

/* Decompresses one entry's payload (compressed: its compressed bytes, as
 * many as the entry header says) by the compression flags, into z's buffer
 * (*out, claimed_bytes long, valid until the next call).  The entry's header
 * begins at byte entry_offset of file: a claim over the limit, one that the
 * stream contradicts, a stream that does not decode or decodes to another
 * size, both flags at once: false, err naming the file, that byte and the
 * rule. */
bool gr_fatbin_inflate(gr_fatbin_inflater *z, const char *file, uint64_t entry_offset, uint64_t flags,
                       const unsigned char *compressed, size_t compressed_bytes, uint64_t claimed_bytes,
                       unsigned char **out, gr_error *err);

#endif
