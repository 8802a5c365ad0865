/* Nsight Compute's counters of measure's kernels, read and put into a run (measure_ncu.h). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "cli_process.h"
#include "measure_ncu.h"
#include "gpuroof_results.h"

bool measure_ncu_read(const char *file, gr_ncu_report *report)
{
    cli_buffer csv = {0};
    gr_error err;
    if (!cli_read_input(file, file, GR_LIMIT_NCU_CSV, &csv)) {
        free(csv.bytes);
        return false;
    }
    bool ok = gr_ncu_read(file, (const char *)csv.bytes, csv.size, report, &err);
    free(csv.bytes);
    return ok || cli_error("%s", err.text);
}

bool measure_ncu_take(gr_results *results, const gr_ncu_report *report, const char *file)
{
    gr_results_ncu_summary s;
    gr_error err;
    if (!gr_results_take_ncu(results, report, file, &s, &err))
        return cli_error("%s", err.text);
    printf("  Nsight Compute (%s): levels of %zu kernels (%zu with no launch there), wavefronts of %zu bank "
           "checks, loads of %zu volatile checks\n",
           file, s.kernels_counted, s.kernels_without, s.banks_counted, s.volatiles_counted);
    return true;
}
