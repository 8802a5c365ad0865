/* libFuzzer harness: the per-chip metric mapping.  The first byte picks a
 * chip family (or none) and a compute capability; the rest is read twice:
 * as the output of `ncu --query-metrics --csv` (gr_ncu_metric_list_queried)
 * and as an Nsight Compute report (gr_ncu_read) whose launches are then
 * worked out as that chip's.  What must hold: a queried list names only
 * listed metrics, each once; a chip's list only that chip's rows; a
 * quantity resolved comes from a row of that quantity on the chip, and a
 * sum's lacking part is a row of it on the chip; a precision the chip
 * lacks counts 0 exactly; a lower bound is a number, never negative; a
 * figure of no term is NaN and no lower bound. */
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ncu_figures.h"
#include "ncu_metrics.h"
#include "ncu_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every name of a comma-separated list is a listed row (on chip c), once. */
static void check_list(char *list, gr_ncu_chip c)
{
    gr_ncu_metric_index index;
    bool seen[GR_NCU_MAX_METRICS] = {false};
    gr_ncu_metric_index_init(&index);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        long r = gr_ncu_metric_find(&index, (gr_span){name, strlen(name)});
        if (r < 0 || !gr_ncu_metrics[r].listed || seen[r] || !gr_ncu_metric_on((size_t)r, c))
            abort();
        seen[r] = true;
    }
}

static void check_resolved(const gr_ncu_figures *f)
{
    for (int q = 0; q < GR_NCU_Q_COUNT; q++) {
        int r = f->from[q], lacking = f->lacking[q];
        if (r >= 0 && (gr_ncu_metrics[r].quantity != (gr_ncu_quantity)q || !gr_ncu_metric_on((size_t)r, f->chip)))
            abort();
        if (lacking > 0 && (gr_ncu_metrics[lacking].quantity != (gr_ncu_quantity)q || !gr_ncu_metrics[lacking].sum ||
                            !gr_ncu_metric_on((size_t)lacking, f->chip)))
            abort();
        if (isnan(f->q[q]) && r >= 0)
            abort();
    }
}

static void check_figures(const gr_ncu_figures *f)
{
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        if (f->flops_lower[p] && !(f->flops[p] >= 0))
            abort();
        if (p >= GR_NCU_TENSOR_FP16 && !gr_ncu_chip_has(GR_NCU_Q_TENSOR_FP16 + (p - GR_NCU_TENSOR_FP16), f->chip) &&
            p != GR_NCU_TENSOR_FP8 && (f->flops[p] != 0 || f->flops_lower[p]))
            abort();
    }
    if (f->flops_total_lower && !(f->flops_total >= 0))
        abort();
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        if (f->bytes_lower[level] && !(f->bytes[level] >= 0))
            abort();
    if (isnan(f->flops_total) && f->flops_total_lower)
        abort();
    if (!gr_ncu_chip_has(GR_NCU_Q_DRAM_READ, f->chip) && !gr_ncu_chip_has(GR_NCU_Q_DRAM_BYTES, f->chip) &&
        !isnan(f->bytes[GR_NCU_DRAM]))
        abort();
    (void)gr_ncu_figures_lower(f);
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        if (f->missing[q] && !gr_ncu_missing_metric(f, q)[0])
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char list[8192];
    if (size == 0)
        return 0;
    gr_ncu_chip chip = (gr_ncu_chip)(data[0] % GR_NCU_CHIP_COUNT);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    char *name = malloc(len + 1); /* the GPU's name is a string: the input made one */
    if (!name)
        return 0;
    memcpy(name, text, len);
    name[len] = '\0';
    gr_ncu_chip of_cc = gr_ncu_chip_of_cc(data[0] >> 4, data[0] & 15, name);
    free(name);
    if (of_cc >= GR_NCU_CHIP_COUNT)
        abort();
    if (gr_ncu_metric_list_queried(text, len, list, sizeof list))
        check_list(list, GR_NCU_CHIP_UNKNOWN);
    if (!gr_ncu_metric_list(chip, list, sizeof list))
        abort();
    check_list(list, chip);
    gr_ncu_report r;
    gr_error err;
    if (!gr_ncu_read("fuzz.csv", text, len, &r, &err))
        return 0;
    for (size_t i = 0; i < r.count; i++) {
        gr_ncu_figures f;
        r.launches[i].chip = chip;
        gr_ncu_figures_of_launch(&r.launches[i], &f);
        check_resolved(&f);
        check_figures(&f);
    }
    gr_ncu_report_free(&r);
    return 0;
}
