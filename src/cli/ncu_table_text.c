/* The table `gpuroof ncu` opens with: the core's rows (ncu_table.h) as
 * columns as wide as their widest cell, the kernel's name last, shortened
 * (gr_kernel_name_fit) to what is left of NAME_LINE columns. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ncu_figure_text.h"
#include "ncu_output.h"
#include "output.h"

/* The line the name is shortened to end by, and the least it keeps. */
#define NAME_LINE 120
#define NAME_LEAST 25

enum { C_TIME = NCU_CELL_TIME, C_SHARE = NCU_CELL_SHARE, C_LAUNCHES = NCU_CELL_LAUNCHES,
       C_LIMITER = NCU_CELL_LIMITER, C_EXPLAINED = NCU_CELL_EXPLAINED, C_REACHED = NCU_CELL_REACHED, C_ACHIEVED = NCU_CELL_ACHIEVED,
       C_THEORETICAL = NCU_CELL_THEORETICAL, C_OCC_ACHIEVED = NCU_CELL_OCC_ACHIEVED, C_GPUROOF = NCU_CELL_GPUROOF,
       C_BANKS = NCU_CELL_BANKS, C_COUNT = NCU_CELL_COUNT };

typedef ncu_table_cells cells;

/* Each column's heading in two lines, and whether it is left-aligned
 * (words) or right-aligned (figures). */
static const struct {
    const char *above, *label;
    bool left;
    int span; /* the columns the words above cover */
    int gap;  /* spaces before it: one between figures, two around words */
} columns[C_COUNT] = {
    [C_TIME] = {"", "time ns", false, 0, 0},
    [C_SHARE] = {"", "share", false, 0, 1},
    [C_LAUNCHES] = {"", "calls", false, 0, 1},
    [C_LIMITER] = {"", "limiter", true, 0, 2},
    [C_EXPLAINED] = {"", "explained", false, 0, 0}, /* its heading, wider than any share, is the gap */
    [C_REACHED] = {"", "reached", false, 0, 1},
    [C_ACHIEVED] = {"", "achieved", false, 0, 1},
    [C_THEORETICAL] = {"occupancy", "theor.", false, 2, 1},
    [C_OCC_ACHIEVED] = {"", "achieved", false, 0, 1},
    [C_GPUROOF] = {"", "gpuroof", false, 0, 1},
    [C_BANKS] = {"bank", "excess", false, 1, 1},
};

/* A share in a table's column: one decimal ("11.7%", "100.0%"), "<0.1%"
 * for one that would show as 0 but is not, gr_num_text's form past 1000%
 * ("3.754e+35%"), "?" where unknown (the explanations give each to four
 * figures). */
static const char *pct_cell(double fraction, char *cell, size_t size)
{
    if (isnan(fraction))
        snprintf(cell, size, "?");
    else if (fraction > 0 && fraction < 0.0005)
        snprintf(cell, size, "<0.1%%");
    else if (!(fraction < 10)) /* past 1000%: a figure's own form, never %f's 36 digits */
        snprintf(cell, size, "%s", NCU_PCT(fraction));
    else
        snprintf(cell, size, "%.1f%%", 100 * fraction);
    return cell;
}

static int gap_before(int k)
{
    return k == 0 ? 0 : columns[k].gap;
}

static void limiter_cell(const gr_ncu_table_row *r, char *cell, size_t size)
{
    if (r->bound_from == GR_NCU_BOUND_UNKNOWN)
        snprintf(cell, size, "?");
    else if (r->unexplained)
        snprintf(cell, size, "unexplained");
    else if (r->compute_precision >= 0) /* the roof by its name, as the header's list of roofs has it */
        snprintf(cell, size, "%s", gr_ncu_precision_name(r->compute_precision));
    else
        snprintf(cell, size, "%s", gr_time_limit_name(r->limiter));
}

/* The memory levels in a cell: "shared" for shared memory, as narrow as
 * the others. */
static const char *const level_words[GR_NCU_LEVEL_COUNT] = {"DRAM", "L2", "shared"};

static void achieved_cell(const gr_ncu_table_row *r, char *cell, size_t size)
{
    const char *lower = r->achieved_lower && !isnan(r->achieved) ? ">=" : "";
    const char *const *levels = level_words;
    if (isnan(r->achieved))
        snprintf(cell, size, "?");
    else if (r->achieved_gbs)
        snprintf(cell, size, "%s%s GB/s %s", lower, NCU_FIG(r->achieved), levels[r->achieved_level]);
    else
        snprintf(cell, size, "%s%s GFLOP/s", lower, NCU_FIG(r->achieved));
}

void ncu_table_row_cells(const ncu_view *v, const gr_ncu_table_row *r, ncu_table_cells c)
{
    snprintf(c[C_TIME], sizeof c[C_TIME], "%s", NCU_FIG(r->time_ns));
    pct_cell(r->time_share, c[C_SHARE], sizeof c[C_SHARE]);
    snprintf(c[C_LAUNCHES], sizeof c[C_LAUNCHES], "%s",
             v->table.grouped ? OUT_NUM((double)r->launches) : OUT_NUM((double)r->id));
    limiter_cell(r, c[C_LIMITER], sizeof c[C_LIMITER]);
    pct_cell(r->explained_share, c[C_EXPLAINED], sizeof c[C_EXPLAINED]);
    if (r->bound_from == GR_NCU_BOUND_LIMITS && isnan(r->limit_share))
        snprintf(c[C_REACHED], sizeof c[C_REACHED], "-"); /* latency, the grid's shape, the launch: no peak */
    else
        pct_cell(r->limit_share, c[C_REACHED], sizeof c[C_REACHED]);
    achieved_cell(r, c[C_ACHIEVED], sizeof c[C_ACHIEVED]);
    if (r->theoretical_varies)
        snprintf(c[C_THEORETICAL], sizeof c[C_THEORETICAL], "varies");
    else
        pct_cell(r->occupancy_theoretical, c[C_THEORETICAL], sizeof c[C_THEORETICAL]);
    pct_cell(r->occupancy_achieved, c[C_OCC_ACHIEVED], sizeof c[C_OCC_ACHIEVED]);
    c[C_GPUROOF][0] = '\0';
    if (r->occupancy_differs)
        pct_cell(r->occupancy_predicted, c[C_GPUROOF], sizeof c[C_GPUROOF]);
    if (r->no_shared)
        snprintf(c[C_BANKS], sizeof c[C_BANKS], "-");
    else
        pct_cell(r->bank_excess, c[C_BANKS], sizeof c[C_BANKS]);
}

/* Each column's width: its widest cell or heading; 0 for gpuroof's
 * occupancy where it differs from Nsight Compute's in no row. */
static void widths_of(const ncu_view *v, int width[C_COUNT])
{
    cells c;
    bool differs = false;
    for (int k = 0; k < C_COUNT; k++)
        width[k] = (int)strlen(columns[k].label);
    for (size_t i = 0; i < v->table.count; i++) {
        ncu_table_row_cells(v, &v->table.rows[i], c);
        differs |= v->table.rows[i].occupancy_differs;
        for (int k = 0; k < C_COUNT; k++)
            if ((int)strlen(c[k]) > width[k])
                width[k] = (int)strlen(c[k]);
    }
    if (!differs)
        width[C_GPUROOF] = 0;
}

static void print_cells(FILE *out, const int width[C_COUNT], const char *const text[C_COUNT])
{
    for (int k = 0; k < C_COUNT; k++)
        if (width[k])
            fprintf(out, "%*s%*s", gap_before(k), "", columns[k].left ? -width[k] : width[k], text[k]);
}

/* Two lines: the words above a column (or, for occupancy, two) centred
 * over it, then each column's own. */
static void print_headings(FILE *out, const ncu_view *v, const int width[C_COUNT])
{
    int at = 0, printed = 0;
    const char *labels[C_COUNT];
    for (int k = 0; k < C_COUNT; k++) {
        labels[k] = columns[k].label;
        if (columns[k].above[0] && width[k]) {
            int span = width[k];
            for (int j = k + 1; j < k + columns[k].span; j++)
                span += gap_before(j) + width[j];
            int len = (int)strlen(columns[k].above), start = at + (span > len ? (span - len + 1) / 2 : 0);
            printed += fprintf(out, "%*s%s", start > printed ? start - printed : 0, "", columns[k].above);
        }
        at += width[k] ? gap_before(k) + width[k] : 0;
    }
    fprintf(out, "\n");
    if (!v->table.grouped)
        labels[C_LAUNCHES] = "launch";
    print_cells(out, width, labels);
    fprintf(out, "  kernel\n");
}

void ncu_print_left_out(FILE *out, const gr_ncu_table *t)
{
    if (t->more == 0)
        return;
    fprintf(out, "... and %zu more %s, %s ns, %s of the time (--top)\n", t->more,
            t->grouped ? (t->more == 1 ? "kernel" : "kernels") : (t->more == 1 ? "launch" : "launches"),
            NCU_FIG(t->more_time_ns), NCU_PCT(t->more_time_share));
}

void ncu_print_table(FILE *out, const ncu_view *v)
{
    int width[C_COUNT], line = 2; /* the gap before the name */
    cells c;
    char name[NAME_LINE + 1];
    widths_of(v, width);
    for (int k = 0; k < C_COUNT; k++)
        line += width[k] ? gap_before(k) + width[k] : 0;
    size_t name_size = (size_t)(NAME_LINE - line > NAME_LEAST ? NAME_LINE - line : NAME_LEAST) + 1;
    print_headings(out, v, width);
    for (size_t i = 0; i < v->table.count; i++) {
        const gr_ncu_table_row *r = &v->table.rows[i];
        const char *text[C_COUNT];
        ncu_table_row_cells(v, r, c);
        for (int k = 0; k < C_COUNT; k++)
            text[k] = c[k];
        gr_kernel_name_fit(r->kernel, name, name_size);
        print_cells(out, width, text);
        fprintf(out, "  %s\n", name);
    }
    ncu_print_left_out(out, &v->table);
}
