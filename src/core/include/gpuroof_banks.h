/* Shared-memory bank conflicts: the model and the seeds' kernels.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_BANKS_H
#define GPUROOF_PUBLIC_BANKS_H

#include "../banks/banks.h"
#include "../banks/banks_presets.h"

#endif
