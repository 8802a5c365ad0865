/* Growing arrays (grow.h). */
#include <stdint.h>
#include <stdlib.h>
#include "grow.h"

void *gr_grow(void *items, size_t *capacity, size_t count, size_t size, size_t first)
{
    if (count < *capacity)
        return items;
    size_t grown_to = *capacity ? 2 * *capacity : first;
    if (grown_to < *capacity || grown_to > SIZE_MAX / size)
        return NULL;
    void *grown = realloc(items, grown_to * size);
    if (grown)
        *capacity = grown_to;
    return grown;
}
