#include "banks_presets.h"
#include "gpuroof_text.h"

/* General enough for square and rectangular blocks: the transposed read is
 * the rectangular kernels' tile[icol][irow] with irow = idx / blockDim.y,
 * icol = idx % blockDim.y (for a square block, tile[threadIdx.x][threadIdx.y]). */
#define TRANSPOSED(row) "(ty*bdx+tx) % bdy * " row " + floor((ty*bdx+tx) / bdy)"

const gr_bank_preset gr_bank_presets[] = {
    {"setRowReadRow", "ty*bdx+tx", "ty*bdx+tx", false},
    {"setColReadCol", "tx*bdy+ty", "tx*bdy+ty", false},
    {"setRowReadCol", "ty*bdx+tx", TRANSPOSED("bdx"), false},
    {"setRowReadColDyn", "ty*bdx+tx", TRANSPOSED("bdx"), false},
    {"setRowReadColPad", "ty*(bdx+pad)+tx", TRANSPOSED("(bdx+pad)"), true},
    {"setRowReadColDynPad", "ty*(bdx+pad)+tx", TRANSPOSED("(bdx+pad)"), true},
};
const size_t gr_bank_preset_count = sizeof gr_bank_presets / sizeof gr_bank_presets[0];

const gr_bank_preset *gr_bank_preset_find(const char *name)
{
    for (size_t i = 0; i < gr_bank_preset_count; i++)
        if (gr_name_equal(gr_bank_presets[i].name, name))
            return &gr_bank_presets[i];
    return NULL;
}

int gr_bank_default_pad(int bdx, int bdy)
{
    return bdx == bdy ? 1 : 2;
}
