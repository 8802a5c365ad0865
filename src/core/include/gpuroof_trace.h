/* The core's trace area: torch.profiler's traces, read as a stream.  The
 * layers above (chart, measure, the command line) include this header
 * alone, never the per-file headers it gathers (their include paths do
 * not reach them). */
#ifndef GPUROOF_PUBLIC_TRACE_H
#define GPUROOF_PUBLIC_TRACE_H

#include "../trace/trace_read.h"
#include "../trace/trace_time.h"
#include "../trace/trace_kernels.h"
#include "../trace/trace_limits.h"
#include "../trace/trace_run.h"
#include "../trace/trace_names.h"
#include "../trace/trace_ncu.h"
#include "../trace/trace_plan.h"
#include "../trace/trace_kernel_launches.h"
#include "../trace/trace_launch_figures.h"
#include "../trace/trace_pick.h"
#include "../trace/trace_ranks.h"
#include "../trace/trace_summary.h"

#endif
