/* gpuroof bound's text, read from its one result (bound_output.h): DRAM's
 * roofline worked out line by line, or with more levels a table of them,
 * each with its bytes, intensity and roof; then the verdict. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "bound_output.h"
#include "cli.h"
#include "levels_output.h"
#include "output.h"

/* ---- DRAM alone ------------------------------------------------------------ */

static void print_header(const bound_inputs *in, const gr_roofline *r)
{
    const char *unit = in->rate_unit;
    if (in->has_device)
        printf("Roofline of %s (%s): %s %s %s peak%s, %s GB/s DRAM%s\n\n", in->device.full_name, in->device.name,
               OUT_NUM(r->peak_gflops), unit, in->precision, in->given_peak ? " (given)" : "",
               OUT_NUM(r->bandwidth_gbs), in->given_roof[GR_LEVEL_DRAM] ? " (given)" : "");
    else
        printf("Roofline of a device with a %s %s peak and %s GB/s of memory bandwidth\n\n",
               OUT_NUM(r->peak_gflops), unit, OUT_NUM(r->bandwidth_gbs));
    if (in->model)
        printf("  model            %s (%s)\n", in->model_title, in->model);
}

/* No bytes move: the intensity has no bound and the memory roof does not
 * apply, so min() has one term. */
static void print_work_without_bytes(const bound_inputs *in, const gr_roofline *r)
{
    const char *unit = in->rate_unit, *op = in->operation;
    printf("  intensity     I  = %ss / bytes = %s %s / 0 B: unbounded (no memory traffic)\n", op,
           OUT_NUM(in->work.flops), op);
    printf("  ridge point   I* = peak / bandwidth = %s / %s = %s %s/B\n", OUT_NUM(r->peak_gflops),
           OUT_NUM(r->bandwidth_gbs), OUT_NUM(r->ridge), op);
    printf("  memory roof      none: no bytes move\n");
    printf("  compute roof     peak = %s %s\n", OUT_NUM(r->peak_gflops), unit);
    printf("  attainable       %s %s = 100%% of the peak\n\n", OUT_NUM(r->attainable_gflops), unit);
}

static void print_work(const bound_result *res)
{
    const bound_inputs *in = &res->in;
    const gr_roofline *r = &res->bound.levels.level[GR_LEVEL_DRAM];
    const char *unit = in->rate_unit, *op = in->operation;
    print_header(in, r);
    if (res->bound.no_dram_bytes) {
        print_work_without_bytes(in, r);
        return;
    }
    if (res->intensity_given)
        printf("  intensity     I  = %s %s/B (given)\n", OUT_NUM(r->intensity), op);
    else
        printf("  intensity     I  = %ss / bytes = %s %s / %s B = %s %s/B\n", op, OUT_NUM(in->work.flops), op,
               OUT_NUM(in->work.bytes[GR_LEVEL_DRAM]), OUT_NUM(r->intensity), op);
    printf("  ridge point   I* = peak / bandwidth = %s / %s = %s %s/B\n", OUT_NUM(r->peak_gflops),
           OUT_NUM(r->bandwidth_gbs), OUT_NUM(r->ridge), op);
    printf("  memory roof      I x bandwidth = %s x %s = %s %s\n", OUT_NUM(r->intensity), OUT_NUM(r->bandwidth_gbs),
           OUT_NUM(r->memory_roof_gflops), unit);
    printf("  compute roof     peak = %s %s\n", OUT_NUM(r->peak_gflops), unit);
    printf("  attainable       min(%s, %s) = %s %s = %s of the peak\n\n", OUT_NUM(r->memory_roof_gflops),
           OUT_NUM(r->peak_gflops), OUT_NUM(r->attainable_gflops), unit, OUT_PCT(r->fraction_of_peak));
}

static void print_achieved(const bound_inputs *in, const gr_roofline_levels *lv)
{
    printf("Achieved %s %s = %s of the attainable %s %s%s\n", OUT_NUM(lv->achieved_gflops), in->rate_unit,
           OUT_PCT(lv->efficiency), OUT_NUM(lv->attainable_gflops), in->rate_unit,
           lv->efficiency > 1 ? ": above its roof, so a count or a roof is wrong." : ".");
}

/* Work with no FLOPs or no bytes: one of the two times is all there is. */
static void print_one_sided_verdict(const bound_result *res)
{
    const bound_inputs *in = &res->in;
    const gr_roofline *r = &res->bound.levels.level[GR_LEVEL_DRAM];
    if (in->work.flops == 0)
        printf("Memory-bound, with no floating-point work: only memory time matters (no %s rate applies).\n"
               "Moving the bytes takes at least %s B / %s GB/s = %s ns, %s ns per byte.\n",
               in->rate_unit, OUT_NUM(in->work.bytes[GR_LEVEL_DRAM]), OUT_NUM(r->bandwidth_gbs),
               OUT_NUM(r->memory_time_ns), OUT_NUM(res->bound.dram_ns_per_byte));
    else
        printf("Compute-bound, with no memory traffic: only compute time matters.\n"
               "The %ss take at least %s %s / %s %s = %s ns.\n",
               in->operation, OUT_NUM(in->work.flops), in->operation, OUT_NUM(r->peak_gflops), in->rate_unit,
               OUT_NUM(r->compute_time_ns));
}

static void print_verdict(const bound_result *res)
{
    const bound_inputs *in = &res->in;
    const gr_roofline_levels *lv = &res->bound.levels;
    const gr_roofline *r = &lv->level[GR_LEVEL_DRAM];
    const char *unit = in->rate_unit, *op = in->operation;
    if (res->bound.one_sided)
        print_one_sided_verdict(res);
    else if (lv->bound == GR_BOUND_MEMORY)
        printf("Memory-bound: I = %s < I* = %s %s/B. Memory bandwidth caps it at %s %s;\n"
               "reaching the peak needs %s %s/B (%s %s per %d-byte word moved), %sx this intensity.\n",
               OUT_NUM(r->intensity), OUT_NUM(r->ridge), op, OUT_NUM(r->attainable_gflops), unit,
               OUT_NUM(r->ridge), op, OUT_NUM(res->bound.ridge_per_word), op, in->word_bytes,
               OUT_NUM(lv->intensity_to_peak));
    else if (lv->bound == GR_BOUND_COMPUTE)
        printf("Compute-bound: I = %s > I* = %s %s/B. Memory could feed %s %s,\n"
               "so the %s %s peak is the limit.\n",
               OUT_NUM(r->intensity), OUT_NUM(r->ridge), op, OUT_NUM(r->memory_roof_gflops), unit,
               OUT_NUM(r->peak_gflops), unit);
    else {
        gr_buf words = GR_BUF_INIT;
        levels_binding_add(&words, &lv->binds);
        printf("The roofs tie, %s: I = I* = %s %s/B, both roofs meet at %s %s.\n", gr_buf_text(&words),
               OUT_NUM(r->ridge), op, OUT_NUM(r->attainable_gflops), unit);
        gr_buf_free(&words);
    }
    if (lv->has_achieved)
        print_achieved(in, lv);
}

/* ---- more levels than DRAM ------------------------------------------------- */

/* The header: the device (or the limits given) and every roof in play. */
static void print_levels_header(const bound_inputs *in, const gr_roofline_levels *r)
{
    if (in->has_device)
        printf("Roofline of %s (%s): %s %s %s peak%s", in->device.full_name, in->device.name,
               OUT_NUM(r->peak_gflops), in->rate_unit, in->precision, in->given_peak ? " (given)" : "");
    else
        printf("Roofline of a device with a %s %s peak", OUT_NUM(r->peak_gflops), in->rate_unit);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf(", %s GB/s %s%s", OUT_NUM(r->level[i].bandwidth_gbs), gr_level_name((gr_level)i),
                   in->has_device && in->given_roof[i] ? " (given)" : "");
    printf("\n\n");
    if (in->model)
        printf("  model          %s (%s)\n", in->model_title, in->model);
}

/* One row of the table: a level's bytes, intensity and roof as text. */
typedef struct {
    const char *name;
    gr_buf bytes, intensity, roof;
} level_row;

static void fill_row(const bound_inputs *in, const gr_roofline *l, const char *name, double bytes, level_row *row)
{
    *row = (level_row){name, GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT};
    gr_buf_addf(&row->bytes, "%s B", OUT_NUM(bytes));
    if (!isfinite(l->intensity)) {
        gr_buf_addf(&row->intensity, "unbounded");
        gr_buf_addf(&row->roof, "peak = %s %s (no bytes move)", OUT_NUM(l->peak_gflops), in->rate_unit);
        return;
    }
    gr_buf_addf(&row->intensity, "%s %s/B", OUT_NUM(l->intensity), in->operation);
    gr_buf_addf(&row->roof, "min(%s x %s, %s) = %s %s", OUT_NUM(l->intensity), OUT_NUM(l->bandwidth_gbs),
             OUT_NUM(l->peak_gflops), OUT_NUM(l->attainable_gflops), in->rate_unit);
}

static int widest(const level_row *rows, int n, size_t offset, int least)
{
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(gr_buf_text((const gr_buf *)((const char *)&rows[i] + offset)));
        least = w > least ? w : least;
    }
    return least;
}

/* The attainable rate: the lowest of every roof, the peak's among them. */
static void print_attainable(const bound_inputs *in, const gr_roofline_levels *r)
{
    printf("  attainable     min(");
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf("%s, ", OUT_NUM(r->level[i].attainable_gflops));
    printf("%s) = %s %s = %s of the peak\n\n", OUT_NUM(r->peak_gflops), OUT_NUM(r->attainable_gflops), in->rate_unit,
           OUT_PCT(r->fraction_of_peak));
}

static void print_table(const bound_inputs *in, const gr_roofline_levels *r)
{
    level_row rows[GR_MEMORY_LEVELS];
    int n = 0;
    bool ops = strcmp(in->operation, "OP") == 0;
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            fill_row(in, &r->level[i], gr_level_name((gr_level)i), r->bytes[i], &rows[n++]);
    int bytes_width = widest(rows, n, offsetof(level_row, bytes), (int)strlen("bytes"));
    int intensity_width = widest(rows, n, offsetof(level_row, intensity), (int)strlen("I = FLOPs / bytes"));
    printf("  %-13s  %s %s\n", ops ? "OPs" : "FLOPs", OUT_NUM(in->work.flops), in->operation);
    printf("  %-13s  %*s  %-*s  roof = min(I x bandwidth, peak)\n", "level", bytes_width, "bytes", intensity_width,
           ops ? "I = OPs / bytes" : "I = FLOPs / bytes");
    for (int i = 0; i < n; i++) {
        printf("  %-13s  %*s  %-*s  %s\n", rows[i].name, bytes_width, gr_buf_text(&rows[i].bytes), intensity_width,
               gr_buf_text(&rows[i].intensity), gr_buf_text(&rows[i].roof));
        gr_buf_free(&rows[i].bytes), gr_buf_free(&rows[i].intensity), gr_buf_free(&rows[i].roof);
    }
    printf("  %-13s  %*s  %-*s  peak = %s %s\n", "compute", bytes_width, "", intensity_width, "",
           OUT_NUM(r->peak_gflops), in->rate_unit);
    print_attainable(in, r);
}

/* The next roof's name: "the peak's" for compute. */
static const char *const roof_owners[GR_LEVEL_COUNT] = {"DRAM's", "the L2's", "shared memory's", "the peak's"};

static const char *roof_owner(gr_level level)
{
    return (unsigned)level < GR_LEVEL_COUNT ? roof_owners[level] : "?";
}

/* No FLOPs: each level's least time, and the longest binds. */
static void print_times(const bound_inputs *in, const gr_roofline_levels *r)
{
    printf("Memory-bound, with no floating-point work: only memory time matters (no %s rate applies).\n"
           "Moving each level's bytes takes at least:\n",
           in->rate_unit);
    for (int i = 0; i < GR_MEMORY_LEVELS; i++)
        if (r->given[i])
            printf("  %-13s  %s B / %s GB/s = %s ns\n", gr_level_name((gr_level)i), OUT_NUM(r->bytes[i]),
                   OUT_NUM(r->level[i].bandwidth_gbs), OUT_NUM(r->level[i].memory_time_ns));
    gr_buf words = GR_BUF_INIT;
    levels_binding_add(&words, &r->binds);
    if (r->binds.count > 1)
        printf("The slowest tie, %s: they bind together.\n", gr_buf_text(&words));
    else
        printf("The slowest, %s, binds.\n", gr_level_name(r->binding));
    gr_buf_free(&words);
}

static void print_memory_verdict(const bound_inputs *in, const gr_roofline_levels *r)
{
    const gr_roofline *l = &r->level[r->binding];
    const char *op = in->operation, *name = gr_level_name(r->binding), *unit = in->rate_unit;
    gr_buf words = GR_BUF_INIT;
    levels_binding_add(&words, &r->binds);
    if (r->bound == GR_BOUND_BALANCED)
        printf("The roofs tie, %s: I = I* = %s %s/B at %s; its roof and the peak meet at %s %s.\n",
               gr_buf_text(&words), OUT_NUM(l->ridge), op, name, OUT_NUM(r->attainable_gflops), unit);
    else {
        if (r->binds.count > 1)
            printf("The roofs tie, %s: their roofs, %s %s, are the lowest; at %s I = %s < I* = %s %s/B.\n",
                   gr_buf_text(&words), OUT_NUM(l->attainable_gflops), unit, name, OUT_NUM(l->intensity),
                   OUT_NUM(l->ridge), op);
        else
            printf("Bound by %s: there I = %s < I* = %s %s/B, so its roof, %s %s, is the lowest.\n", name,
                   OUT_NUM(l->intensity), OUT_NUM(l->ridge), op, OUT_NUM(l->attainable_gflops), unit);
        printf("Reaching the peak needs %sx this intensity at %s; the next roof is %s, %s %s.\n",
               OUT_NUM(r->intensity_to_peak), name, roof_owner(r->next_level), OUT_NUM(r->next_roof_gflops), unit);
    }
    gr_buf_free(&words);
}

static void print_levels_verdict(const bound_inputs *in, const gr_roofline_levels *r)
{
    const gr_roofline *least = &r->level[r->least_fed];
    if (r->has_counts && in->work.flops == 0)
        print_times(in, r);
    else if (r->bound != GR_BOUND_COMPUTE)
        print_memory_verdict(in, r);
    else if (!isfinite(least->memory_roof_gflops))
        printf("Compute-bound, with no memory traffic at any level: only compute time matters.\n"
               "The %ss take at least %s %s / %s %s = %s ns.\n",
               in->operation, OUT_NUM(in->work.flops), in->operation, OUT_NUM(r->peak_gflops), in->rate_unit,
               OUT_NUM(r->compute_time_ns));
    else
        printf("Compute-bound at every level: the least any level could feed is %s's %s %s,\n"
               "so the %s %s peak is the limit.\n",
               gr_level_name(r->least_fed), OUT_NUM(least->memory_roof_gflops), in->rate_unit,
               OUT_NUM(r->peak_gflops), in->rate_unit);
    if (r->has_achieved)
        print_achieved(in, r);
}

void bound_print_text(const bound_result *res)
{
    if (res->bound.hierarchical) {
        print_levels_header(&res->in, &res->bound.levels);
        print_table(&res->in, &res->bound.levels);
        print_levels_verdict(&res->in, &res->bound.levels);
    } else {
        print_work(res);
        print_verdict(res);
    }
}
