/* The GPUs of a host side by side, or a fleet's GPUs by model
 * (measure_node.h): the comparison is the core's (results_node.h), the words
 * and columns are here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "measure_node.h"
#include "output.h"

/* Up to this many GPUs, one column each; more, a fleet's summary: a model's
 * figures and the GPUs flagged. */
#define NODE_TABLE_MAX_GPUS 8
/* The GPUs the error line names, of those flagged (stdout has them all). */
#define NODE_NAMES_SHOWN 20

/* The width of the ceilings' column, and of a GPU's (or a figure's). */
typedef struct {
    int key_width, column_width;
} node_columns;

static void size_columns(const gr_node_comparison *c, bool labels, node_columns *cols)
{
    cols->key_width = (int)strlen("ceiling");
    cols->column_width = 7; /* "1234567": the figure; a marker column follows */
    for (size_t i = 0; i < c->row_count; i++) {
        int width = (int)(strlen(c->rows[i].key) + strlen(c->rows[i].unit) + 3);
        cols->key_width = width > cols->key_width ? width : cols->key_width;
    }
    for (size_t i = 0; labels && i < c->gpu_count; i++)
        if ((int)strlen(c->labels[i]) > cols->column_width)
            cols->column_width = (int)strlen(c->labels[i]);
}

static void print_key(const gr_node_row *w, const node_columns *cols)
{
    int key_length = (int)(strlen(w->key) + strlen(w->unit) + 3);
    printf("  %s (%s)%*s", w->key, w->unit, cols->key_width - key_length, "");
}

/* "GPU 1  NVIDIA H200  0000:2a:00.0  GPU-...  out/h200-x2-gpu1.yaml": what
 * finds the board in the machine where it is flagged. */
static void print_gpus(const gr_node_comparison *c, const node_columns *cols)
{
    int name_width = 1;
    for (size_t i = 0; i < c->gpu_count; i++)
        if ((int)strlen(c->gpus[i].name) > name_width)
            name_width = (int)strlen(c->gpus[i].name);
    for (size_t i = 0; i < c->gpu_count; i++) {
        const gr_node_gpu *g = &c->gpus[i];
        printf("  %-*s  %-*s", cols->column_width, c->labels[i], name_width, g->name);
        if (g->pci_bus_id[0])
            printf("  %s", g->pci_bus_id);
        if (g->uuid[0])
            printf("  %s", g->uuid);
        if (g->path[0])
            printf("  %s", g->path);
        printf("%s\n", g->flagged ? "  (flagged)" : "");
    }
}

static void print_row(const gr_node_comparison *c, size_t row, const node_columns *cols)
{
    print_key(&c->rows[row], cols);
    for (size_t i = 0; i < c->gpu_count; i++) {
        const gr_node_cell *cell = gr_node_cell_at(c, i, row);
        if (isnan(cell->value))
            printf("  %*s%c", cols->column_width, "-", cell->flagged ? '*' : ' ');
        else
            printf("  %*.0f%c", cols->column_width, cell->value, cell->flagged ? '*' : ' ');
    }
    if (isnan(c->rows[row].spread_pct))
        printf(" %7s\n", "-");
    else
        printf(" %6.1f%%\n", c->rows[row].spread_pct);
}

static void print_table(const gr_node_comparison *c, const node_columns *cols)
{
    printf("  %-*s", cols->key_width, "ceiling");
    for (size_t i = 0; i < c->gpu_count; i++)
        printf("  %*s ", cols->column_width, c->labels[i]);
    printf(" %7s\n", "spread");
    for (size_t row = 0; row < c->row_count; row++)
        print_row(c, row, cols);
}

/* "fp64_gflops 28000 is 16.2% below 33429, dram_write_gbs not measured":
 * GPU i's flags, each with its figure and reference. */
static void flagged_ceilings(const gr_node_comparison *c, size_t i, gr_buf *out)
{
    for (size_t row = 0; row < c->row_count; row++) {
        const gr_node_cell *cell = gr_node_cell_at(c, i, row);
        const char *joint = out->length ? ", " : "";
        if (!cell->flagged)
            continue;
        if (isnan(cell->value))
            gr_buf_addf(out, "%s%s not measured", joint, c->rows[row].key);
        else
            gr_buf_addf(out, "%s%s %.0f is %.1f%% below %.0f", joint, c->rows[row].key, cell->value, cell->below_pct,
                     cell->reference);
    }
}

/* The one line on stderr where a GPU is flagged; what names the check. */
static int fail_flagged(const gr_node_comparison *c, const char *what)
{
    char names[NODE_NAMES_SHOWN * (GR_NODE_LABEL_SIZE + 2) + 64] = "";
    size_t shown = 0, length = 0;
    for (size_t i = 0; i < c->gpu_count && shown < NODE_NAMES_SHOWN; i++)
        if (c->gpus[i].flagged)
            length += (size_t)snprintf(names + length, sizeof names - length, "%s%s", shown++ ? ", " : "",
                                       c->labels[i]);
    if (c->flagged_count > shown)
        snprintf(names + length, sizeof names - length, " and %zu more", c->flagged_count - shown);
    return cli_fail("%s check failed: %zu of %zu GPUs more than %g%% below the median of their twins on a "
                    "ceiling, or without one a twin measured: %s",
                    what, c->flagged_count, c->gpu_count, c->limit_pct, names);
}

/* The verdict: on stdout, and where a GPU is flagged, on stderr too. */
static int print_verdict(const gr_node_comparison *c, const char *what)
{
    if (!c->twins) {
        printf("%s check: no two GPUs of one model, so none is held against another\n", what);
        return EXIT_OK;
    }
    if (c->flagged_count == 0) {
        printf("%s check passed: every GPU within %g%% of the median of its twins on every ceiling\n", what,
               c->limit_pct);
        return EXIT_OK;
    }
    if (c->gpu_count > NODE_TABLE_MAX_GPUS)
        printf("%s check FAILED: %zu of %zu GPUs flagged\n", what, c->flagged_count, c->gpu_count);
    return fail_flagged(c, what);
}

/* Each flagged GPU, a line each: its label, its model and why. */
static void print_flagged(const gr_node_comparison *c, const char *prefix)
{
    for (size_t i = 0; i < c->gpu_count; i++) {
        if (!c->gpus[i].flagged)
            continue;
        gr_buf why = GR_BUF_INIT;
        flagged_ceilings(c, i, &why);
        printf("%s%s (%s): %s\n", prefix, c->labels[i], c->gpus[i].name, gr_buf_text(&why));
        gr_buf_free(&why);
    }
}

/* Up to NODE_TABLE_MAX_GPUS: the GPUs side by side. */
static int print_node(const gr_node_comparison *c)
{
    node_columns cols;
    size_columns(c, true, &cols);
    printf("The GPUs side by side (twins: GPUs of one model; spread: max less min over max among twins;\n"
           "*: more than %g%% below the median of its twins, or not measured where a twin was):\n",
           c->limit_pct);
    print_gpus(c, &cols);
    print_table(c, &cols);
    print_flagged(c, "node check FAILED: ");
    return print_verdict(c, "node");
}

/* A model's figures for each ceiling its GPUs measured. */
static void print_model(const gr_node_comparison *c, size_t m, const node_columns *cols)
{
    const gr_node_model *model = &c->models[m];
    printf("%s: %zu GPU%s, %zu flagged\n", model->name, model->gpu_count, model->gpu_count == 1 ? "" : "s",
           model->flagged_count);
    printf("  %-*s  %9s  %9s  %9s  %7s\n", cols->key_width, "ceiling", "median", "lowest", "highest", "flagged");
    for (size_t row = 0; row < c->row_count; row++) {
        const gr_node_stat *s = gr_node_stat_at(c, m, row);
        if (s->measured == 0)
            continue;
        print_key(&c->rows[row], cols);
        printf("  %9.0f  %9.0f  %9.0f  %7zu\n", s->median, s->low, s->high, s->flagged);
    }
}

/* More: each model's figures, then the GPUs flagged. */
static int print_fleet(const gr_node_comparison *c)
{
    node_columns cols;
    size_columns(c, false, &cols);
    printf("%zu GPUs of %zu model%s, each held against the median of its twins (the other GPUs of its model);\n"
           "a GPU is flagged where more than %g%% below it on a ceiling, or without one a twin measured:\n",
           c->gpu_count, c->model_count, c->model_count == 1 ? "" : "s", c->limit_pct);
    for (size_t m = 0; m < c->model_count; m++)
        print_model(c, m, &cols);
    print_flagged(c, "flagged: ");
    return print_verdict(c, "fleet");
}

static int print_comparison(const gr_node_comparison *c)
{
    return c->gpu_count <= NODE_TABLE_MAX_GPUS ? print_node(c) : print_fleet(c);
}

int measure_node_check(const gr_results *const *r, size_t count, double limit_pct)
{
    gr_node_comparison c;
    gr_error err;
    if (!gr_node_compare_results(r, count, limit_pct, &c, &err))
        return cli_fail("%s", err.text);
    int rc = print_comparison(&c);
    gr_node_free(&c);
    return rc;
}

/* Each file's device and ceilings (the sections through ceilings: the rest
 * of a 50 KB file is not parsed) into c. */
static int take_files(char **paths, size_t count, gr_node_comparison *c)
{
    gr_results *file = malloc(sizeof *file); /* too large for the stack */
    gr_error err;
    if (!file)
        return cli_fail("out of memory");
    for (size_t i = 0; i < count; i++) {
        if (!gr_results_load_through(paths[i], "ceilings", file, &err)) {
            free(file);
            return cli_fail("%s", err.text);
        }
        gr_node_take(c, i, file, paths[i]);
        gr_results_free(file);
    }
    free(file);
    return EXIT_OK;
}

int measure_compare_files(char **paths, size_t count, double limit_pct)
{
    gr_node_comparison c;
    gr_error err;
    if (count > GR_NODE_MAX_GPUS)
        return cli_fail("%zu results files: --compare takes at most %d", count, GR_NODE_MAX_GPUS);
    if (!gr_node_begin(&c, count, &err))
        return cli_fail("%s", err.text);
    int rc = take_files(paths, count, &c);
    if (rc == EXIT_OK)
        rc = gr_node_compare(&c, limit_pct, &err) ? print_comparison(&c) : cli_fail("%s", err.text);
    gr_node_free(&c);
    return rc;
}
