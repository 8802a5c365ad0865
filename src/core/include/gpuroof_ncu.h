/* Nsight Compute reports: read, figures per launch, roofs, grouping, occupancy prediction, the metric lists.
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_NCU_H
#define GPUROOF_PUBLIC_NCU_H

#include "../ncu_analysis.h"
#include "../ncu_report.h"
#include "../ncu_rules.h"
#include "../kernel_library.h"
#include "../ncu_figures.h"
#include "../ncu_roofs.h"
#include "../ncu_work.h"
#include "../ncu_occupancy.h"
#include "../ncu_group.h"
#include "../ncu_metrics.h"
#include "../ncu_table.h"

#endif
