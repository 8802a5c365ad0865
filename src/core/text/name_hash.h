/* The hash of a NUL-terminated name (FNV-1a, 64 bits), for the hash sets
 * and tables that keep the readers linear in their input: a YAML
 * mapping's keys (yaml_doc.c), a kernel list's copies
 * (kernel_resources.c). */
#ifndef GPUROOF_NAME_HASH_H
#define GPUROOF_NAME_HASH_H

#include <stdint.h>

static inline uint64_t gr_name_hash(const char *name)
{
    uint64_t h = 1469598103934665603u;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        h = (h ^ *c) * 1099511628211u;
    return h;
}

#endif
