/* gpuroof bound's text for a hierarchical bound: a table of the levels,
 * each with its bytes, intensity and roof, then the verdict. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "bound_output.h"
#include "cli.h"
#include "levels_output.h"

/* The header: the device (or the limits given) and every roof in play. */
static void print_header(const bound_inputs *in, const gr_roofline_levels *r)
{
    char a[32];
    if (in->has_device)
        printf("Roofline of %s (%s): %s %s %s peak%s", in->device.full_name, in->device.name,
               cli_num(a, r->peak_gflops), in->rate_unit, in->precision, in->given_peak ? " (given)" : "");
    else
        printf("Roofline of a device with a %s %s peak", cli_num(a, r->peak_gflops), in->rate_unit);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf(", %s GB/s %s%s", cli_num(a, r->level[i].bandwidth_gbs), gr_level_name((gr_level)i),
                   in->has_device && in->given_roof[i] ? " (given)" : "");
    printf("\n\n");
    if (in->model)
        printf("  model          %s (%s)\n", in->model_title, in->model);
}

/* One row of the table: a level's bytes, intensity and roof as text. */
typedef struct {
    const char *name;
    char bytes[48], intensity[48], roof[96];
} level_row;

static void fill_row(const bound_inputs *in, const gr_roofline *l, const char *name, double bytes, level_row *row)
{
    char a[32], b[32], c[32], d[32];
    const char *op = in->operation;
    row->name = name;
    snprintf(row->bytes, sizeof row->bytes, "%s B", cli_num(a, bytes));
    if (!isfinite(l->intensity)) {
        snprintf(row->intensity, sizeof row->intensity, "unbounded");
        snprintf(row->roof, sizeof row->roof, "peak = %s %s (no bytes move)", cli_num(a, l->peak_gflops),
                 in->rate_unit);
        return;
    }
    snprintf(row->intensity, sizeof row->intensity, "%s %s/B", cli_num(a, l->intensity), op);
    snprintf(row->roof, sizeof row->roof, "min(%s x %s, %s) = %s %s", cli_num(a, l->intensity),
             cli_num(b, l->bandwidth_gbs), cli_num(c, l->peak_gflops), cli_num(d, l->attainable_gflops),
             in->rate_unit);
}

static int widest(const level_row *rows, int n, size_t offset, int least)
{
    for (int i = 0; i < n; i++) {
        int w = (int)strlen((const char *)&rows[i] + offset);
        least = w > least ? w : least;
    }
    return least;
}

/* The attainable rate: the lowest of every roof, the peak's among them. */
static void print_attainable(const bound_inputs *in, const gr_roofline_levels *r)
{
    char a[32], b[32], c[32];
    printf("  attainable     min(");
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf("%s, ", cli_num(a, r->level[i].attainable_gflops));
    printf("%s) = %s %s = %s%% of the peak\n\n", cli_num(a, r->peak_gflops), cli_num(b, r->attainable_gflops),
           in->rate_unit, cli_num(c, 100 * r->fraction_of_peak));
}

static void print_table(const bound_inputs *in, const gr_roofline_levels *r)
{
    level_row rows[GR_MEMORY_LEVELS];
    char a[32];
    int n = 0;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            fill_row(in, &r->level[i], gr_level_name((gr_level)i), r->bytes[i], &rows[n++]);
    int bytes_width = widest(rows, n, offsetof(level_row, bytes), (int)strlen("bytes"));
    int intensity_width = widest(rows, n, offsetof(level_row, intensity), (int)strlen("I = FLOPs / bytes"));
    printf("  %-13s  %s %s\n", strcmp(in->operation, "OP") == 0 ? "OPs" : "FLOPs", cli_num(a, in->work.flops),
           in->operation);
    printf("  %-13s  %*s  %-*s  roof = min(I x bandwidth, peak)\n", "level", bytes_width, "bytes", intensity_width,
           strcmp(in->operation, "OP") == 0 ? "I = OPs / bytes" : "I = FLOPs / bytes");
    for (int i = 0; i < n; i++)
        printf("  %-13s  %*s  %-*s  %s\n", rows[i].name, bytes_width, rows[i].bytes, intensity_width,
               rows[i].intensity, rows[i].roof);
    printf("  %-13s  %*s  %-*s  peak = %s %s\n", "compute", bytes_width, "", intensity_width, "",
           cli_num(a, r->peak_gflops), in->rate_unit);
    print_attainable(in, r);
}

/* The roof that would bind next, were the binding levels' raised: the
 * lowest of the other levels' and the peak; its name in *name. */
static double next_roof(const gr_roofline_levels *r, const char **name)
{
    double next = r->peak_gflops;
    *name = "the peak's";
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i] && !gr_level_binding_has(&r->binds, (gr_level)i) && r->level[i].memory_roof_gflops < next) {
            next = r->level[i].memory_roof_gflops;
            *name = i == GR_LEVEL_SHARED ? "shared memory's" : i == GR_LEVEL_L2 ? "the L2's" : "DRAM's";
        }
    return next;
}

/* The memory level whose memory roof is the lowest: what feeds the least. */
static gr_level least_fed(const gr_roofline_levels *r)
{
    gr_level least = GR_LEVEL_DRAM;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i] && r->level[i].memory_roof_gflops < r->level[least].memory_roof_gflops)
            least = (gr_level)i;
    return least;
}

/* No FLOPs: each level's least time, and the longest binds. */
static void print_times(const bound_inputs *in, const gr_roofline_levels *r)
{
    char a[32], b[32], c[32], words[64];
    printf("Memory-bound, with no floating-point work: only memory time matters (no %s rate applies).\n"
           "Moving each level's bytes takes at least:\n",
           in->rate_unit);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf("  %-13s  %s B / %s GB/s = %s ns\n", gr_level_name((gr_level)i), cli_num(a, r->bytes[i]),
                   cli_num(b, r->level[i].bandwidth_gbs), cli_num(c, r->level[i].memory_time_ns));
    if (r->binds.count > 1)
        printf("The slowest tie, %s: they bind together.\n", levels_binding_words(&r->binds, words, sizeof words));
    else
        printf("The slowest, %s, binds.\n", gr_level_name(r->binding));
}

static void print_memory_verdict(const bound_inputs *in, const gr_roofline_levels *r)
{
    const gr_roofline *l = &r->level[r->binding];
    const char *op = in->operation, *name = gr_level_name(r->binding), *next_name;
    char i[32], ridge[32], roof[32], x[32], next[32], words[64];
    cli_num(i, l->intensity);
    cli_num(ridge, l->ridge);
    levels_binding_words(&r->binds, words, sizeof words);
    if (r->bound == GR_BOUND_BALANCED) {
        printf("The roofs tie, %s: I = I* = %s %s/B at %s; its roof and the peak meet at %s %s.\n", words, ridge,
               op, name, cli_num(roof, r->attainable_gflops), in->rate_unit);
        return;
    }
    cli_num(next, next_roof(r, &next_name));
    if (r->binds.count > 1)
        printf("The roofs tie, %s: their roofs, %s %s, are the lowest; at %s I = %s < I* = %s %s/B.\n", words,
               cli_num(roof, l->attainable_gflops), in->rate_unit, name, i, ridge, op);
    else
        printf("Bound by %s: there I = %s < I* = %s %s/B, so its roof, %s %s, is the lowest.\n", name, i, ridge, op,
               cli_num(roof, l->attainable_gflops), in->rate_unit);
    printf("Reaching the peak needs %sx this intensity at %s; the next roof is %s, %s %s.\n",
           cli_num(x, l->ridge / l->intensity), name, next_name, next, in->rate_unit);
}

static void print_verdict(const bound_inputs *in, const gr_roofline_levels *r)
{
    char a[32], b[32], c[32];
    gr_level least = least_fed(r);
    if (r->has_counts && in->work.flops == 0)
        print_times(in, r);
    else if (r->bound != GR_BOUND_COMPUTE)
        print_memory_verdict(in, r);
    else if (!isfinite(r->level[least].memory_roof_gflops))
        printf("Compute-bound, with no memory traffic at any level: only compute time matters.\n"
               "The %ss take at least %s %s / %s %s = %s ns.\n",
               in->operation, cli_num(a, in->work.flops), in->operation, cli_num(b, r->peak_gflops), in->rate_unit,
               cli_num(c, r->compute_time_ns));
    else
        printf("Compute-bound at every level: the least any level could feed is %s's %s %s,\n"
               "so the %s %s peak is the limit.\n",
               gr_level_name(least), cli_num(a, r->level[least].memory_roof_gflops), in->rate_unit,
               cli_num(b, r->peak_gflops), in->rate_unit);
    if (r->has_achieved)
        printf("Achieved %s %s = %s%% of the attainable %s %s%s\n", cli_num(a, r->achieved_gflops), in->rate_unit,
               cli_num(b, 100 * r->efficiency), cli_num(c, r->attainable_gflops), in->rate_unit,
               r->efficiency > 1 ? ": above its roof, so a count or a roof is wrong." : ".");
}

void bound_print_levels(const bound_inputs *in, const gr_roofline_levels *r)
{
    print_header(in, r);
    print_table(in, r);
    print_verdict(in, r);
}
