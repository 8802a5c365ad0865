/* A grid's shape against the GPU it runs on: how many waves of resident
 * blocks it takes, how much of the last one the SMs sit idle, and how
 * many SMs a grid of fewer blocks than SMs leaves with nothing.  One
 * implementation for every command that names waves or a small grid (ncu
 * from a report's counters, trace from a launch's configuration). */
#ifndef GPUROOF_GRID_SHAPE_H
#define GPUROOF_GRID_SHAPE_H

#include <stdbool.h>

/* A stretch below this is no limit: blocks that do not run in lock-step
 * hide a few percent of a tail. */
#define GR_STRETCH_THAT_MATTERS 1.1

typedef struct {
    double blocks;
    double slots;        /* the blocks the GPU holds at once: resident blocks an SM x SMs */
    double waves;        /* blocks / slots */
    double stretch;      /* ceil(waves) / waves for waves >= 1, else 1: the time a tail adds */
    double last_wave_blocks; /* the blocks of the last wave */
    double grid_stretch; /* SMs / blocks for a grid of fewer blocks than SMs, else 1 */
    bool tail;           /* stretch >= GR_STRETCH_THAT_MATTERS */
    bool small_grid;     /* grid_stretch >= GR_STRETCH_THAT_MATTERS */
} gr_grid_shape;

/* blocks of a grid at blocks_per_sm resident on sms SMs; NaN figures
 * where any is unknown or not positive. */
void gr_grid_shape_of(double blocks, double blocks_per_sm, int sms, gr_grid_shape *out);
/* The same from the waves where they are known but not the blocks an SM
 * holds (a report's own waves figure). */
void gr_grid_shape_of_waves(double blocks, double waves, int sms, gr_grid_shape *out);

#endif
