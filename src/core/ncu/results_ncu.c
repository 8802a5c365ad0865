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

/* Wavefronts per request, from a launch's figures; NaN without requests. */
static double per_request(const gr_ncu_figures *f, int wavefronts, int requests)
{
    return f->q[requests] > 0 ? f->q[wavefronts] / f->q[requests] : NAN;
}

/* The layout launches, in order, against the bank checks: as many, with
 * the same blocks; *count is how many there are (0: the report has none).
 * A run without bank checks (measure --only volatile, whose report
 * tools/ncu-proof counts with the layout kernels in it) pairs nothing. */
static bool check_banks(const gr_results *r, const gr_ncu_report *report, const char *file, size_t *count,
                        gr_error *err)
{
    size_t n = 0;
    *count = 0;
    if (r->bank_count == 0)
        return true;
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
        n++;
    }
    if (n != 0 && n != r->bank_count)
        return gr_error_set(err, "%s: %zu layout launches for %zu bank checks", file, n, r->bank_count);
    *count = n;
    return true;
}

/* Each layout launch's wavefronts per request into its bank check, once
 * check_banks has paired them. */
static void take_banks(gr_results *r, const gr_ncu_report *report)
{
    size_t n = 0;
    for (size_t i = 0; i < report->count; i++) {
        const gr_ncu_launch *l = &report->launches[i];
        if (!is_layout(l))
            continue;
        gr_ncu_figures f;
        gr_ncu_figures_of_launch(l, &f);
        r->banks[n].measured_load = per_request(&f, GR_NCU_Q_SHARED_LD_WAVEFRONTS, GR_NCU_Q_SHARED_LD_INST);
        r->banks[n].measured_store = per_request(&f, GR_NCU_Q_SHARED_ST_WAVEFRONTS, GR_NCU_Q_SHARED_ST_INST);
        n++;
    }
}

/* The last launch of the function, as take_levels takes a matmul's: the
 * earlier ones are warm-up runs. */
static const gr_ncu_launch *last_launch_of(const gr_ncu_report *report, const char *function)
{
    const gr_ncu_launch *found = NULL;
    for (size_t i = 0; i < report->count; i++)
        if (report->launches[i].kernel && is_function(report->launches[i].kernel, function))
            found = &report->launches[i];
    return found;
}

/* Each volatile check's load counts, from the last launch of its kernel;
 * how many had one. */
static size_t take_volatiles(gr_results *r, const gr_ncu_report *report)
{
    size_t counted = 0;
    for (size_t i = 0; i < r->volatile_count; i++) {
        gr_result_volatile *v = &r->volatiles[i];
        const gr_ncu_launch *l = last_launch_of(report, v->kernel);
        if (!l)
            continue;
        gr_ncu_figures f;
        gr_ncu_figures_of_launch(l, &f);
        v->global_load_instructions = f.q[GR_NCU_Q_GLOBAL_LD_INST];
        v->shared_load_instructions = f.q[GR_NCU_Q_SHARED_LD_INST];
        v->l1_global_load_sectors = f.q[GR_NCU_Q_GLOBAL_LD_SECTORS];
        v->l1_global_load_hit_sectors = f.q[GR_NCU_Q_GLOBAL_LD_HIT_SECTORS];
        counted++;
    }
    return counted;
}

bool gr_results_take_ncu(gr_results *r, const gr_ncu_report *report, const char *file,
                         gr_results_ncu_summary *summary, gr_error *err)
{
    size_t banks = 0;
    if (!check_banks(r, report, file, &banks, err))
        return false; /* before anything is written: r stays as it was */
    if (banks)
        take_banks(r, report);
    *summary = (gr_results_ncu_summary){0, 0, banks, take_volatiles(r, report)};
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
