/* The roofline, flat and hierarchical: one engine (gr_level_bind) for every command.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_ROOFLINE_H
#define GPUROOF_PUBLIC_ROOFLINE_H

#include "../level_roofs.h"
#include "../load_latency.h"
#include "../littles_law.h"
#include "../roofline.h"
#include "../roofline_levels.h"

#endif
