/* Results files of measure: read, written, per node, and the Nsight Compute counters they hold;
 * the bookkeeping of measured ceilings (load traces, spreads).
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_RESULTS_H
#define GPUROOF_PUBLIC_RESULTS_H

#include "../results/results.h"
#include "../results/results_node.h"
#include "../results/results_format.h"
#include "../results/load_trace.h"
#include "../results/spread.h"

#endif
