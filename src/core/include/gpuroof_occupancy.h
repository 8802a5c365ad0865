/* Occupancy: the hardware's rules, the sweep, the suggestion, the shared-memory target, the explanation.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_OCCUPANCY_H
#define GPUROOF_PUBLIC_OCCUPANCY_H

#include "../occupancy/occupancy.h"
#include "../occupancy/occupancy_tools.h"
#include "../occupancy/occupancy_target.h"
#include "../occupancy/grid_shape.h"
#include "../occupancy/occupancy_lift.h"

#endif
