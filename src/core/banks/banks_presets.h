/* The shared-memory layout kernels of the course notes as index formulas,
 * for gpuroof banks and for measure's bank checks. */
#ifndef GPUROOF_BANKS_PRESETS_H
#define GPUROOF_BANKS_PRESETS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *name, *store, *load;
    bool padded;
} gr_bank_preset;

extern const gr_bank_preset gr_bank_presets[];
extern const size_t gr_bank_preset_count;

/* The preset of that name, its case aside (setrowreadrow is setRowReadRow);
 * NULL where none is. */
const gr_bank_preset *gr_bank_preset_find(const char *name);

/* The notes' padding: IPAD 1 for square tiles, NPAD 2 for rectangular. */
int gr_bank_default_pad(int bdx, int bdy);

#endif
