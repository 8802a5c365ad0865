/* A grid's waves and tail (grid_shape.h). */
#include <math.h>
#include "grid_shape.h"

void gr_grid_shape_of_waves(double blocks, double waves, int sms, gr_grid_shape *out)
{
    *out = (gr_grid_shape){.blocks = blocks, .slots = NAN, .waves = waves, .stretch = 1, .last_wave_blocks = NAN,
                           .grid_stretch = 1};
    if (blocks > 0 && isfinite(blocks) && sms > 0 && blocks < sms)
        out->grid_stretch = sms / blocks;
    out->small_grid = out->grid_stretch >= GR_STRETCH_THAT_MATTERS;
    /* a whole number of waves within rounding is whole: no tail */
    if (waves >= 1)
        out->stretch = ceil(waves - 1e-9) / waves;
    out->tail = out->stretch >= GR_STRETCH_THAT_MATTERS;
    if (blocks > 0 && waves > 0) {
        out->slots = blocks / waves;
        out->last_wave_blocks = blocks - floor(waves - 1e-9) * out->slots;
    }
}

void gr_grid_shape_of(double blocks, double blocks_per_sm, int sms, gr_grid_shape *out)
{
    double waves = blocks_per_sm > 0 && sms > 0 ? blocks / (blocks_per_sm * sms) : NAN;
    gr_grid_shape_of_waves(blocks, waves, sms, out);
}
