/* Nsight Compute reports: read, figures per launch, roofs, grouping, occupancy prediction, the metric lists.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_NCU_H
#define GPUROOF_PUBLIC_NCU_H

#include "../ncu/ncu_analysis.h"
#include "../ncu/ncu_report.h"
#include "../ncu/ncu_rules.h"
#include "../ncu/kernel_library.h"
#include "../ncu/ncu_figures.h"
#include "../ncu/ncu_roofs.h"
#include "../ncu/results_ncu.h"
#include "../ncu/ncu_work.h"
#include "../ncu/ncu_occupancy.h"
#include "../ncu/ncu_group.h"
#include "../ncu/ncu_metrics.h"
#include "../ncu/ncu_table.h"
#include "../ncu/ncu_limits_sum.h"

#endif
