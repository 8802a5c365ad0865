/* Little-endian integers at a place the caller has checked lies within
 * its buffer: CUDA's ELF images and fatbins are little-endian. */
#ifndef GPUROOF_LE_BYTES_H
#define GPUROOF_LE_BYTES_H

#include <stdint.h>

static inline uint16_t gr_le16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t gr_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t gr_le64(const unsigned char *p)
{
    return (uint64_t)gr_le32(p) | (uint64_t)gr_le32(p + 4) << 32;
}

#endif
