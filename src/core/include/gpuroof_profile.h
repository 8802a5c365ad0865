/* Device profiles: loading, their fields, the search for one by name or by a GPU's facts, SM rates and architectures.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_PROFILE_H
#define GPUROOF_PUBLIC_PROFILE_H

#include "../profile/gpu_info.h"
#include "../profile/arch.h"
#include "../profile/profile.h"
#include "../profile/profile_fields.h"
#include "../profile/profile_search.h"
#include "../profile/profile_gpu.h"
#include "../profile/sm_rates.h"

#endif
