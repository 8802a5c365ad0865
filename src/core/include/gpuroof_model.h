/* Kernel models (YAML with formulas), the expression language they use, and
 * a model's figures on a device.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_MODEL_H
#define GPUROOF_PUBLIC_MODEL_H

#include "gpuroof_text.h"
#include "../model/model.h"
#include "../model/model_access.h"
#include "../model/model_device.h"

#endif
