/* Files: written whole or not at all (atomic_file), charts checked whole (chart_file), the size limits of each kind of input, search paths.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_FILES_H
#define GPUROOF_PUBLIC_FILES_H

#include "../files/atomic_file.h"
#include "../files/chart_file.h"
#include "../files/input_limits.h"
#include "../files/search_path.h"
#include "../files/yaml_doc.h"
#include "../files/yaml_writer.h"

#endif
