/* A grid's waves and tail (grid_shape.h). */
#include <math.h>
#include "grid_shape.h"

void gr_grid_shape_of(double blocks, double blocks_per_sm, int sms, gr_grid_shape *out)
{
    *out = (gr_grid_shape){.blocks = blocks, .slots = NAN, .waves = NAN, .stretch = 1, .last_wave_blocks = NAN,
                           .grid_stretch = 1};
    if (!(blocks > 0) || sms <= 0)
        return;
    out->grid_stretch = blocks < sms ? sms / blocks : 1;
    out->small_grid = out->grid_stretch >= GR_STRETCH_THAT_MATTERS;
    if (!(blocks_per_sm > 0))
        return;
    out->slots = blocks_per_sm * sms;
    out->waves = blocks / out->slots;
    /* a whole number of waves within rounding is whole: no tail */
    double full = floor(out->waves - 1e-9);
    out->stretch = out->waves >= 1 ? ceil(out->waves - 1e-9) / out->waves : 1;
    out->last_wave_blocks = blocks - full * out->slots;
    out->tail = out->stretch >= GR_STRETCH_THAT_MATTERS;
}
