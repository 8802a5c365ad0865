/* Nsight Compute's counters put into a results file (results_ncu.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ncu_figures.h"
#include "results_ncu.h"

/* The function measure launches for each of its matrix multiplications,
 * as Nsight Compute names it, up to its parameter list. */
static const struct {
    const char *result_name, *function;
} matmul_functions[] = {
    {"matmul-naive", "matmul_naive"},
    {"matmul-tiled16", "void matmul_tiled<16>"},
    {"matmul-tiled32", "void matmul_tiled<32>"},
    {"matmul-boundary16", "void matmul_boundary<16>"},
    {"matmul-dynamic", "matmul_dynamic"},
    {"matmul-tiled32-coarsened", "matmul_coarsened"},
};

static const char *function_of(const char *result_name)
{
    for (size_t i = 0; i < sizeof matmul_functions / sizeof matmul_functions[0]; i++)
        if (strcmp(matmul_functions[i].result_name, result_name) == 0)
            return matmul_functions[i].function;
    return NULL;
}

/* "void matmul_tiled<16>(const float *, ...)" is function "void matmul_tiled<16>". */
static bool is_function(const char *kernel, const char *function)
{
    size_t n = strlen(function);
    return strncmp(kernel, function, n) == 0 && kernel[n] == '(';
}

static long long width_of(const char *params)
{
    const char *w = strstr(params, "width=");
    return w ? strtoll(w + 6, NULL, 10) : -1;
}

/* The last launch of the function whose grid's rows cover width exactly:
 * ceil(width / block y) blocks. */
static const gr_ncu_launch *launch_of(const gr_ncu_report *report, const char *function, long long width)
{
    const gr_ncu_launch *found = NULL;
    for (size_t i = 0; i < report->count; i++) {
        const gr_ncu_launch *l = &report->launches[i];
        long long rows = l->block[1];
        if (l->kernel && is_function(l->kernel, function) && rows > 0 && l->grid[1] == (width + rows - 1) / rows)
            found = l;
    }
    return found;
}

static void take_levels(gr_result_kernel *k, const gr_ncu_launch *l)
{
    gr_ncu_figures f;
    gr_ncu_figures_of_launch(l, &f);
    k->levels = (gr_result_levels){f.bytes[GR_NCU_DRAM], f.bytes[GR_NCU_L2], f.bytes[GR_NCU_L1],
                                   f.shared_load + f.shared_store, f.flops_total};
}

static bool is_layout(const gr_ncu_launch *l)
{
    const char *k = l->kernel ? l->kernel : "";
    if (strncmp(k, "void ", 5) == 0)
        k += 5;
    return strncmp(k, "set", 3) == 0;
}

static double per_request(const gr_ncu_launch *l, int wavefronts, int requests)
{
    double q[GR_NCU_Q_COUNT];
    int from[GR_NCU_Q_COUNT];
    gr_ncu_resolve(l->values, q, from);
    return q[requests] > 0 ? q[wavefronts] / q[requests] : NAN;
}

/* The layout launches, in order, against the bank checks: as many, with
 * the same blocks. */
static bool take_banks(gr_results *r, const gr_ncu_report *report, const char *file, double *measured,
                       size_t *count, gr_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < report->count; i++) {
        const gr_ncu_launch *l = &report->launches[i];
        if (!is_layout(l))
            continue;
        if (n == r->bank_count)
            return gr_error_set(err, "%s: more layout launches than the %zu bank checks, from line %lu", file,
                                r->bank_count, l->line);
        const gr_result_bank *b = &r->banks[n];
        if (l->block[0] != b->block.x || l->block[1] != b->block.y)
            return gr_error_set(err, "%s:%lu: layout launch %zu has block (%lld, %lld), bank check %zu (%s) %dx%d",
                                file, l->line, n + 1, l->block[0], l->block[1], n + 1, b->kernel, b->block.x,
                                b->block.y);
        measured[2 * n] = per_request(l, GR_NCU_Q_SHARED_LD_WAVEFRONTS, GR_NCU_Q_SHARED_LD_INST);
        measured[2 * n + 1] = per_request(l, GR_NCU_Q_SHARED_ST_WAVEFRONTS, GR_NCU_Q_SHARED_ST_INST);
        n++;
    }
    if (n != 0 && n != r->bank_count)
        return gr_error_set(err, "%s: %zu layout launches for %zu bank checks", file, n, r->bank_count);
    *count = n;
    return true;
}

bool gr_results_take_ncu(gr_results *r, const gr_ncu_report *report, const char *file,
                         gr_results_ncu_summary *summary, gr_error *err)
{
    size_t banks = 0;
    double *measured = malloc(2 * (r->bank_count ? r->bank_count : 1) * sizeof *measured);
    if (!measured)
        return gr_error_set(err, "%s: out of memory", file);
    if (!take_banks(r, report, file, measured, &banks, err)) {
        free(measured);
        return false;
    }
    *summary = (gr_results_ncu_summary){0, 0, banks};
    for (size_t i = 0; i < banks; i++) {
        r->banks[i].measured_load = measured[2 * i];
        r->banks[i].measured_store = measured[2 * i + 1];
    }
    free(measured);
    for (size_t i = 0; i < r->kernel_count; i++) {
        gr_result_kernel *k = &r->kernels[i];
        const char *function = function_of(k->name);
        const gr_ncu_launch *l = function ? launch_of(report, function, width_of(k->params)) : NULL;
        if (l)
            take_levels(k, l);
        *(l ? &summary->kernels_counted : &summary->kernels_without) += 1;
    }
    return true;
}
