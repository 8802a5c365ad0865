/* Files: written whole or not at all (atomic_file), charts checked whole (chart_file), the size limits of each kind of input, search paths.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_FILES_H
#define GPUROOF_PUBLIC_FILES_H

#include "../atomic_file.h"
#include "../chart_file.h"
#include "../input_limits.h"
#include "../search_path.h"

#endif
