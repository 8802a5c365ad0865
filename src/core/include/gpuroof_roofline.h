/* The roofline, flat and hierarchical: one engine (gr_level_bind) for every command.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_ROOFLINE_H
#define GPUROOF_PUBLIC_ROOFLINE_H

#include "../roofline/level_roofs.h"
#include "../roofline/load_latency.h"
#include "../roofline/littles_law.h"
#include "../roofline/roofline.h"
#include "../roofline/roofline_levels.h"
#include "../roofline/roofs.h"
#include "../roofline/bound.h"
#include "../roofline/work_place.h"
#include "../roofline/memory_levels.h"

#endif
