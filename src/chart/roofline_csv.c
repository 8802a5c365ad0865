/* The points a roofline chart draws, as CSV (roofline_csv.h). */
#include <math.h>
#include "chart_levels.h"
#include "roofline_csv.h"

static void csv_text(FILE *out, const char *text)
{
    fputc('"', out);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', out);
        fputc((unsigned char)*c < 0x20 ? ' ' : *c, out); /* one row a point: no line break inside */
    }
    fputc('"', out);
}

static void csv_number(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, "%.9g", v);
}

static void row(FILE *out, const char *label, gr_level level, double intensity, double gflops, const char *roof,
                double roof_gflops)
{
    csv_text(out, label);
    fprintf(out, ",%s,", gr_level_key(level));
    csv_number(out, intensity);
    fputc(',', out);
    csv_number(out, gflops);
    fputc(',', out);
    if (roof)
        csv_text(out, roof);
    fputc(',', out);
    csv_number(out, roof ? roof_gflops : NAN);
    fputc('\n', out);
}

static void kernel_rows(const grc_roofline_inputs *in, FILE *out, const grc_chart_level_kernel *k)
{
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        if (in->levels[l] && !isnan(k->intensity[l]))
            row(out, k->label, l, k->intensity[l], k->gflops, k->roof[l], k->roof_gflops[l]);
}

bool grc_roofline_csv_write(const grc_roofline_inputs *in, FILE *out)
{
    fprintf(out, "label,level,intensity_flop_per_byte,gflops,roof,roof_gflops\n");
    for (size_t i = 0; in->has_levels && i < in->level_kernel_count; i++)
        kernel_rows(in, out, &in->level_kernels[i]);
    for (size_t r = 0; in->has_levels && r < in->results_count; r++)
        for (size_t i = 0; i < in->results[r]->kernel_count; i++) {
            grc_chart_level_kernel k;
            if (grc_levels_shows_result_kernel(in, in->results[r], i) &&
                grc_chart_result_kernel(&in->results[r]->kernels[i], &k))
                kernel_rows(in, out, &k);
        }
    for (size_t i = 0; i < in->point_count; i++)
        row(out, in->points[i].label, GR_LEVEL_DRAM, in->points[i].intensity, in->points[i].gflops, NULL, NAN);
    return !ferror(out);
}
