/* An array that grows as items are added, doubling, so that adding n
 * items costs O(n): one implementation of the step every growing list of
 * the core and the chart takes. */
#ifndef GPUROOF_GROW_H
#define GPUROOF_GROW_H

#include <stddef.h>

/* items, an array of *capacity items of size bytes with count of them in
 * use, with room for one more: items itself, or the array grown to twice
 * its capacity (first where it has none) and *capacity with it; NULL
 * where memory runs out, items and *capacity as they were. */
void *gr_grow(void *items, size_t *capacity, size_t count, size_t size, size_t first);

#endif
