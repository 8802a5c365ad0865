/* The GPUs of a host side by side (measure_node.h): the comparison is the
 * core's (results_node.h), the words and columns are here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "measure_node.h"
#include "output.h"

/* What the text shows, built once before a line of it is printed: the
 * core's comparison and each GPU's label. */
typedef struct {
    gr_node_comparison comparison;
    char labels[GR_NODE_MAX_GPUS][GR_NODE_LABEL_SIZE];
} node_result;

/* The result of r (count of them); false (err set) where the core refuses. */
static bool node_result_build(const gr_results *const *r, size_t count, double limit_pct, node_result *out,
                              gr_error *err)
{
    if (!gr_node_compare(r, count, limit_pct, &out->comparison, err))
        return false;
    gr_node_labels(r, count, out->labels);
    return true;
}

/* The labels (the result's) and the width of a GPU's column. */
typedef struct {
    const char (*labels)[GR_NODE_LABEL_SIZE];
    int key_width, column_width;
} node_columns;

static void size_columns(const node_result *res, node_columns *cols)
{
    const gr_node_comparison *c = &res->comparison;
    cols->labels = res->labels;
    cols->key_width = (int)strlen("ceiling");
    cols->column_width = 7; /* "1234567": the figure; a marker column follows */
    for (size_t i = 0; i < c->row_count; i++) {
        int width = (int)(strlen(c->rows[i].key) + strlen(c->rows[i].unit) + 3);
        cols->key_width = width > cols->key_width ? width : cols->key_width;
    }
    for (size_t i = 0; i < c->gpu_count; i++)
        if ((int)strlen(cols->labels[i]) > cols->column_width)
            cols->column_width = (int)strlen(cols->labels[i]);
}

/* "GPU 1  NVIDIA H200  0000:2a:00.0  GPU-...  out/h200-x2-gpu1.yaml": what
 * finds the board in the machine where it is flagged. */
static void print_gpus(const gr_results *const *r, const gr_node_comparison *c, const node_columns *cols)
{
    int name_width = 1;
    for (size_t i = 0; i < c->gpu_count; i++)
        if ((int)strlen(r[i]->device.name) > name_width)
            name_width = (int)strlen(r[i]->device.name);
    for (size_t i = 0; i < c->gpu_count; i++) {
        const gr_result_device *d = &r[i]->device;
        printf("  %-*s  %-*s", cols->column_width, cols->labels[i], name_width, d->name);
        if (d->pci_bus_id[0])
            printf("  %s", d->pci_bus_id);
        if (d->uuid[0])
            printf("  %s", d->uuid);
        if (r[i]->path[0])
            printf("  %s", r[i]->path);
        printf("%s\n", c->flagged[i] ? "  (flagged)" : "");
    }
}

static void print_row(const gr_node_row *w, size_t gpu_count, const node_columns *cols)
{
    int key_length = (int)(strlen(w->key) + strlen(w->unit) + 3);
    printf("  %s (%s)%*s", w->key, w->unit, cols->key_width - key_length, "");
    for (size_t i = 0; i < gpu_count; i++) {
        const gr_node_cell *cell = &w->gpus[i];
        if (isnan(cell->value))
            printf("  %*s%c", cols->column_width, "-", cell->flagged ? '*' : ' ');
        else
            printf("  %*.0f%c", cols->column_width, cell->value, cell->flagged ? '*' : ' ');
    }
    if (isnan(w->spread_pct))
        printf(" %7s\n", "-");
    else
        printf(" %6.1f%%\n", w->spread_pct);
}

static void print_table(const gr_node_comparison *c, const node_columns *cols)
{
    printf("  %-*s", cols->key_width, "ceiling");
    for (size_t i = 0; i < c->gpu_count; i++)
        printf("  %*s ", cols->column_width, cols->labels[i]);
    printf(" %7s\n", "spread");
    for (size_t i = 0; i < c->row_count; i++)
        print_row(&c->rows[i], c->gpu_count, cols);
}

/* "fp64_gflops 15.0% below, dram_write_gbs not measured": GPU i's flags. */
static void flagged_ceilings(const gr_node_comparison *c, size_t i, out_buf *out)
{
    for (size_t k = 0; k < c->row_count; k++) {
        const gr_node_cell *cell = &c->rows[k].gpus[i];
        const char *joint = out->length ? ", " : "";
        if (!cell->flagged)
            continue;
        if (isnan(cell->value))
            out_addf(out, "%s%s not measured", joint, c->rows[k].key);
        else
            out_addf(out, "%s%s %.1f%% below", joint, c->rows[k].key, cell->below_pct);
    }
}

/* The verdict on stdout; where a GPU is flagged, one line on stderr too,
 * naming them in names (the caller's). */
static int print_verdict(const gr_results *const *r, const gr_node_comparison *c, const node_columns *cols,
                         out_buf *names)
{
    if (!c->twins) {
        printf("node check: no two GPUs of one model, so none is held against another\n");
        return EXIT_OK;
    }
    if (c->flagged_count == 0) {
        printf("node check passed: every GPU within %g%% of the best of its twins on every ceiling\n", c->limit_pct);
        return EXIT_OK;
    }
    for (size_t i = 0; i < c->gpu_count; i++) {
        if (!c->flagged[i])
            continue;
        out_buf why = OUT_BUF_INIT;
        flagged_ceilings(c, i, &why);
        printf("node check FAILED: %s (%s): %s\n", cols->labels[i], r[i]->device.name, out_buf_text(&why));
        out_buf_free(&why);
        out_addf(names, "%s%s", names->length ? ", " : "", cols->labels[i]);
    }
    return cli_fail("node check failed: %zu of %zu GPUs more than %g%% below the best of their twins on a ceiling, "
                    "or without one a twin measured: %s",
                    c->flagged_count, c->gpu_count, c->limit_pct, out_buf_text(names));
}

/* The result as text: it is only read. */
static int print_node(const gr_results *const *r, const node_result *res)
{
    const gr_node_comparison *c = &res->comparison;
    node_columns cols;
    size_columns(res, &cols);
    printf("The GPUs side by side (twins: GPUs of one model; spread: max less min over max among twins;\n"
           "*: more than %g%% below the best of its twins, or not measured where a twin was):\n",
           c->limit_pct);
    print_gpus(r, c, &cols);
    print_table(c, &cols);
    out_buf names = OUT_BUF_INIT;
    int rc = print_verdict(r, c, &cols, &names);
    out_buf_free(&names);
    return rc;
}

int measure_node_check(const gr_results *const *r, size_t count, double limit_pct)
{
    node_result *res = malloc(sizeof *res); /* too large for the stack */
    if (!res)
        return cli_fail("out of memory");
    gr_error err;
    int rc = node_result_build(r, count, limit_pct, res, &err) ? print_node(r, res) : cli_fail("%s", err.text);
    free(res);
    return rc;
}

/* Each file into files[i]; the caller frees them all, read or not. */
static int load_files(char **paths, size_t count, gr_results *files)
{
    gr_error err;
    for (size_t i = 0; i < count; i++)
        if (!gr_results_load(paths[i], &files[i], &err))
            return cli_fail("%s", err.text);
    return EXIT_OK;
}

int measure_compare_files(char **paths, size_t count, double limit_pct)
{
    const gr_results *loaded[GR_NODE_MAX_GPUS] = {0};
    if (count > GR_NODE_MAX_GPUS)
        return cli_fail("%zu results files: --compare takes at most %d", count, GR_NODE_MAX_GPUS);
    gr_results *files = calloc(count, sizeof *files);
    if (!files)
        return cli_fail("out of memory");
    for (size_t i = 0; i < count; i++)
        loaded[i] = &files[i];
    int rc = load_files(paths, count, files);
    if (rc == EXIT_OK)
        rc = measure_node_check(loaded, count, limit_pct);
    for (size_t i = 0; i < count; i++)
        gr_results_free(&files[i]);
    free(files);
    return rc;
}
