/* Decompressing a fatbin entry's payload (fatbin_payload.h), through
 * libzstd and liblz4 rather than decoders of our own: both formats are
 * what those libraries write, and their decoders are bounded by the
 * output size given them. */
#include <lz4.h>
#include <stdlib.h>
#include <zstd.h>
#include "fatbin_payload.h"

/* LZ4 encodes at most 255 bytes more of a match in each byte past the
 * first of a sequence: no block expands beyond 255 times its size, plus the
 * few bytes of its last literals (the LZ4 block format's description). */
#define LZ4_MAX_RATIO 255
#define LZ4_SLACK_BYTES 64

void gr_fatbin_inflater_free(gr_fatbin_inflater *z)
{
    free(z->bytes);
    ZSTD_freeDCtx(z->zstd);
    *z = (gr_fatbin_inflater){0};
}

typedef struct {
    const char *file;
    uint64_t at;
    const char *codec;
    gr_error *err;
} entry_place;

static bool fail(const entry_place *p, const char *rule, unsigned long long a, unsigned long long b)
{
    return gr_error_set(p->err, "%s: byte %llu: a %s-compressed fatbin entry %s (%llu, %llu)", p->file,
                        (unsigned long long)p->at, p->codec, rule, a, b);
}

/* The claim checked against what the stream itself says of its size. */
static bool check_claim(const entry_place *p, uint64_t flags, const unsigned char *in, size_t in_bytes,
                        uint64_t claimed)
{
    if (claimed > GR_FATBIN_MAX_ENTRY_BYTES)
        return fail(p, "claims more bytes decompressed than the limit", claimed, GR_FATBIN_MAX_ENTRY_BYTES);
    if (flags & GR_FATBIN_LZ4) {
        if (claimed > (uint64_t)in_bytes * LZ4_MAX_RATIO + LZ4_SLACK_BYTES)
            return fail(p, "claims more bytes decompressed than an LZ4 block of its size can hold", claimed,
                        in_bytes);
        return true;
    }
    unsigned long long frame = ZSTD_getFrameContentSize(in, in_bytes);
    if (frame == ZSTD_CONTENTSIZE_ERROR)
        return fail(p, "does not begin with a zstd frame (compressed bytes, claimed)", in_bytes, claimed);
    if (frame != ZSTD_CONTENTSIZE_UNKNOWN && frame != claimed)
        return fail(p, "claims another size than its zstd frame holds (claimed, frame)", claimed, frame);
    return true;
}

static bool reserve(gr_fatbin_inflater *z, const entry_place *p, size_t bytes)
{
    if (bytes <= z->capacity && z->bytes)
        return true;
    free(z->bytes);
    z->capacity = 0;
    z->bytes = malloc(bytes ? bytes : 1);
    if (!z->bytes)
        return gr_error_set(p->err, "%s: byte %llu: out of memory for a fatbin entry of %zu bytes decompressed",
                            p->file, (unsigned long long)p->at, bytes);
    z->capacity = bytes;
    return true;
}

static bool inflate_zstd(gr_fatbin_inflater *z, const entry_place *p, const unsigned char *in, size_t in_bytes,
                         size_t claimed)
{
    if (!z->zstd && !(z->zstd = ZSTD_createDCtx()))
        return gr_error_set(p->err, "%s: byte %llu: out of memory for zstd", p->file, (unsigned long long)p->at);
    size_t got = ZSTD_decompressDCtx(z->zstd, z->bytes, claimed, in, in_bytes);
    if (ZSTD_isError(got))
        return gr_error_set(p->err, "%s: byte %llu: a zstd-compressed fatbin entry does not decompress: %s "
                                    "(%zu bytes compressed, %zu claimed)",
                            p->file, (unsigned long long)p->at, ZSTD_getErrorName(got), in_bytes, claimed);
    if (got != claimed)
        return fail(p, "decompresses to fewer bytes than it claims (decompressed, claimed)", got, claimed);
    return true;
}

static bool inflate_lz4(gr_fatbin_inflater *z, const entry_place *p, const unsigned char *in, size_t in_bytes,
                        size_t claimed)
{
    if (in_bytes > LZ4_MAX_INPUT_SIZE || claimed > LZ4_MAX_INPUT_SIZE)
        return fail(p, "is larger than LZ4 blocks go (compressed, claimed)", in_bytes, claimed);
    int got = LZ4_decompress_safe((const char *)in, (char *)z->bytes, (int)in_bytes, (int)claimed);
    if (got < 0)
        return fail(p, "does not decompress: the LZ4 block is corrupt or cut short (compressed, claimed)",
                    in_bytes, claimed);
    if ((size_t)got != claimed)
        return fail(p, "decompresses to fewer bytes than it claims (decompressed, claimed)", (unsigned long long)got,
                    claimed);
    return true;
}

bool gr_fatbin_inflate(gr_fatbin_inflater *z, const char *file, uint64_t entry_offset, uint64_t flags,
                       const unsigned char *compressed, size_t compressed_bytes, uint64_t claimed_bytes,
                       unsigned char **out, gr_error *err)
{
    entry_place p = {file, entry_offset, flags & GR_FATBIN_LZ4 ? "LZ4" : "zstd", err};
    if ((flags & GR_FATBIN_COMPRESSED) == GR_FATBIN_COMPRESSED)
        return gr_error_set(err, "%s: byte %llu: a fatbin entry flagged both zstd (0x8000) and LZ4 (0x2000)", file,
                            (unsigned long long)entry_offset);
    if (!check_claim(&p, flags, compressed, compressed_bytes, claimed_bytes) ||
        !reserve(z, &p, (size_t)claimed_bytes))
        return false;
    bool ok = flags & GR_FATBIN_LZ4 ? inflate_lz4(z, &p, compressed, compressed_bytes, (size_t)claimed_bytes)
                                    : inflate_zstd(z, &p, compressed, compressed_bytes, (size_t)claimed_bytes);
    *out = ok ? z->bytes : NULL;
    return ok;
}
