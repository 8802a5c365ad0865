/* Compiled kernels: files read (ELF, fatbins, listings), code chosen per architecture, names (and their short forms for people), and the report built once (kernels_report).
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_KERNELS_H
#define GPUROOF_PUBLIC_KERNELS_H

#include "../kernels/kernel_resources.h"
#include "../kernels/kernel_names.h"
#include "../kernels/kernel_demangle.h"
#include "../kernels/kernel_file.h"
#include "../kernels/kernel_select.h"
#include "../kernels/kernels_report.h"
#include "../kernels/kernel_short_name.h"
#include "../kernels/cuda_decl.h"

#endif
