/* A host's GPUs side by side (results_node.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_text.h"
#include "results_format.h"
#include "results_node.h"

/* The extension the GPU's suffix goes before, or "" where the name has none
 * of a results file. */
static const char *yaml_extension(const char *path)
{
    static const char *const extensions[] = {".yaml", ".yml"};
    for (size_t i = 0; i < sizeof extensions / sizeof extensions[0]; i++)
        if (strlen(path) > strlen(extensions[i]) && gr_name_has_suffix(path, extensions[i]))
            return path + strlen(path) - strlen(extensions[i]);
    return path + strlen(path);
}

bool gr_node_gpu_path(const char *path, int index, char *out, size_t size, gr_error *err)
{
    const char *ext = yaml_extension(path);
    int n = snprintf(out, size, "%.*s-gpu%d%s", (int)(ext - path), path, index, ext);
    if (n < 0 || (size_t)n >= size)
        return gr_error_set(err, "%s: the file of GPU %d would be a name of %d characters, longer than %zu", path,
                            index, n, size - 1);
    return true;
}

/* ---- name patterns ----------------------------------------------------------- */

bool gr_node_pattern_check(const char *pattern, bool *names_gpu, gr_error *err)
{
    *names_gpu = false;
    for (const char *p = pattern; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == 'g')
            *names_gpu = true;
        else if (*p == '\0')
            return gr_error_set(err, "%s: a %% at the end: %%N (the host), %%g (the GPU) and %%%% (a %%) are "
                                     "a name's only escapes", pattern);
        else if (*p != 'N' && *p != '%')
            return gr_error_set(err, "%s: %%%c: %%N (the host), %%g (the GPU) and %%%% (a %%) are a name's "
                                     "only escapes", pattern, *p);
    }
    return true;
}

bool gr_node_pattern_expand(const char *pattern, const char *host, int index, char *out, size_t size,
                            gr_error *err)
{
    bool names_gpu;
    if (!gr_node_pattern_check(pattern, &names_gpu, err))
        return false;
    size_t host_length = strcspn(host, "."), n = 0;
    for (const char *p = pattern; *p; p++) {
        char piece[32];
        const char *text = piece;
        size_t length = 1;
        piece[0] = *p;
        if (*p == '%') {
            p++;
            if (*p == 'N')
                text = host, length = host_length;
            else if (*p == 'g')
                length = (size_t)snprintf(piece, sizeof piece, "%d", index);
        }
        if (n + length < size)
            memcpy(out + n, text, length);
        n += length;
    }
    if (n >= size)
        return gr_error_set(err, "%s: the file of GPU %d would be a name of %zu characters, longer than %zu",
                            pattern, index, n, size - 1);
    out[n] = '\0';
    return true;
}

/* ---- labels ---------------------------------------------------------------- */

static int compare_whole(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether each index is recorded and none twice (sorted: n log n). */
static bool distinct_indices(const long long *indices, size_t count)
{
    long long *sorted = malloc(count * sizeof *sorted);
    bool distinct = sorted != NULL;
    if (sorted) {
        memcpy(sorted, indices, count * sizeof *sorted);
        qsort(sorted, count, sizeof *sorted, compare_whole);
        for (size_t i = 0; distinct && i < count; i++)
            distinct = sorted[i] >= 0 && (i == 0 || sorted[i] != sorted[i - 1]);
    }
    free(sorted);
    return distinct;
}

/* Whether the labels are each non-empty and none twice. */
static bool distinct_labels(char (*labels)[GR_NODE_LABEL_SIZE], size_t count)
{
    const char **sorted = malloc(count * sizeof *sorted);
    bool distinct = sorted != NULL;
    for (size_t i = 0; distinct && i < count; i++) {
        sorted[i] = labels[i];
        distinct = labels[i][0] != '\0';
    }
    if (distinct)
        qsort(sorted, count, sizeof *sorted, compare_text);
    for (size_t i = 1; distinct && i < count; i++)
        distinct = strcmp(sorted[i], sorted[i - 1]) != 0;
    free(sorted);
    return distinct;
}

/* The file's name without its directory and extension: "h200-x2-gpu1". */
static void file_stem(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    snprintf(out, size, "%.*s", (int)(yaml_extension(name) - name), name);
}

/* The labels of GPUs with these indices and files (gr_node_labels' rule). */
static void make_labels(const long long *indices, const char *const *paths, size_t count,
                        char (*labels)[GR_NODE_LABEL_SIZE])
{
    if (distinct_indices(indices, count)) {
        for (size_t i = 0; i < count; i++)
            snprintf(labels[i], GR_NODE_LABEL_SIZE, "GPU %lld", indices[i]);
        return;
    }
    for (size_t i = 0; i < count; i++)
        file_stem(paths[i], labels[i], GR_NODE_LABEL_SIZE);
    if (!distinct_labels(labels, count))
        for (size_t i = 0; i < count; i++)
            snprintf(labels[i], GR_NODE_LABEL_SIZE, "#%zu", i + 1);
}

/* The labels of the GPUs in gpus; false where out of memory. */
static bool label_gpus(const gr_node_gpu *gpus, size_t count, char (*labels)[GR_NODE_LABEL_SIZE])
{
    long long *indices = malloc(count * sizeof *indices);
    const char **paths = malloc(count * sizeof *paths);
    bool ok = indices && paths;
    for (size_t i = 0; ok && i < count; i++) {
        indices[i] = gpus[i].cuda_index;
        paths[i] = gpus[i].path;
    }
    if (ok)
        make_labels(indices, paths, count, labels);
    free(indices);
    free(paths);
    return ok;
}

void gr_node_labels(const gr_results *const *r, size_t count, char (*labels)[GR_NODE_LABEL_SIZE])
{
    gr_node_gpu *gpus = calloc(count ? count : 1, sizeof *gpus);
    for (size_t i = 0; gpus && i < count; i++) {
        gpus[i].cuda_index = r[i]->device.cuda_index;
        gpus[i].path = r[i]->path;
    }
    if (!gpus || !label_gpus(gpus, count, labels))
        for (size_t i = 0; i < count; i++) /* out of memory: labels that need none */
            snprintf(labels[i], GR_NODE_LABEL_SIZE, "#%zu", i + 1);
    free(gpus);
}

/* ---- the comparison ------------------------------------------------------------ */

bool gr_node_measured_ceiling(const gr_results_key *key)
{
    bool rate = strcmp(key->unit, "GB/s") == 0 || strcmp(key->unit, "GFLOP/s") == 0;
    return key->type == GR_RESULTS_NUMBER && rate && !strstr(key->name, "theoretical") &&
           strncmp(key->name, "datasheet", 9) != 0;
}

double gr_node_median_without(const double *sorted, size_t n, size_t skip)
{
    bool skipping = skip < n;
    size_t left = skipping ? n - 1 : n;
    if (left == 0)
        return NAN;
    /* the t'th of those left is sorted[t] before skip, sorted[t + 1] from it on */
    size_t low = (left - 1) / 2, high = left / 2;
    return (sorted[low + (skipping && low >= skip)] + sorted[high + (skipping && high >= skip)]) / 2;
}

bool gr_node_begin(gr_node_comparison *c, size_t gpu_count, gr_error *err)
{
    const gr_results_section *ceilings = gr_results_section_named("ceilings");
    memset(c, 0, sizeof *c);
    if (gpu_count == 0 || gpu_count > GR_NODE_MAX_GPUS)
        return gr_error_set(err, "%zu results to compare: from 1 to %d", gpu_count, GR_NODE_MAX_GPUS);
    for (size_t k = 0; k < ceilings->key_count; k++) {
        if (!gr_node_measured_ceiling(&ceilings->keys[k]))
            continue;
        if (c->key_count == GR_NODE_MAX_CEILINGS)
            return gr_error_set(err, "more than %d measured ceilings to compare", GR_NODE_MAX_CEILINGS);
        c->keys[c->key_count++] = &ceilings->keys[k];
    }
    c->gpu_count = gpu_count;
    c->gpus = calloc(gpu_count, sizeof *c->gpus);
    c->labels = calloc(gpu_count, sizeof *c->labels);
    c->cells = calloc(gpu_count * (c->key_count ? c->key_count : 1), sizeof *c->cells);
    if (!c->gpus || !c->labels || !c->cells) {
        gr_node_free(c);
        return gr_error_set(err, "out of memory for %zu results to compare", gpu_count);
    }
    return true;
}

void gr_node_take(gr_node_comparison *c, size_t i, const gr_results *r, const char *path)
{
    gr_node_gpu *g = &c->gpus[i];
    g->name = gr_pool_textf(&c->texts, GR_RESULT_DEVICE_NAME_SIZE, "%s", r->device.name);
    g->pci_bus_id = gr_pool_textf(&c->texts, GR_RESULT_PCI_BUS_ID_SIZE, "%s", r->device.pci_bus_id);
    g->uuid = gr_pool_textf(&c->texts, GR_RESULT_UUID_SIZE, "%s", r->device.uuid);
    g->cuda_index = r->device.cuda_index;
    g->path = path ? path : "";
    for (size_t k = 0; k < c->key_count; k++) {
        gr_node_cell *cell = &c->cells[i * c->key_count + k];
        memcpy(&cell->value, (const char *)&r->ceilings + c->keys[k]->offset, sizeof cell->value);
        cell->reference = cell->below_pct = NAN;
        cell->flagged = false;
    }
}

void gr_node_free(gr_node_comparison *c)
{
    free(c->gpus);
    free(c->labels);
    free(c->cells);
    free(c->models);
    free(c->stats);
    gr_pool_free(&c->texts);
    c->gpus = NULL, c->labels = NULL, c->cells = NULL, c->models = NULL, c->stats = NULL;
}

const gr_node_cell *gr_node_cell_at(const gr_node_comparison *c, size_t gpu, size_t row)
{
    return &c->cells[gpu * c->key_count + c->rows[row].column];
}

const gr_node_stat *gr_node_stat_at(const gr_node_comparison *c, size_t model, size_t row)
{
    return &c->stats[model * c->row_count + row];
}

/* ---- models: the GPUs of one device name ---------------------------------------- */

/* A model's GPUs: members[0..count), in the order given. */
typedef struct {
    const gr_node_gpu **members;
    size_t count;
} model_run;

/* By name, then by place among the GPUs (each points into one array). */
static int compare_gpu_names(const void *a, const void *b)
{
    const gr_node_gpu *x = *(const gr_node_gpu *const *)a, *y = *(const gr_node_gpu *const *)b;
    int by_name = strcmp(x->name, y->name);
    return by_name ? by_name : (x > y) - (x < y);
}

static int compare_runs(const void *a, const void *b)
{
    const gr_node_gpu *x = ((const model_run *)a)->members[0], *y = ((const model_run *)b)->members[0];
    return (x > y) - (x < y);
}

/* The models of the GPUs, in the order of each one's first GPU: order (the
 * GPUs sorted by name) and runs (a model each) are the caller's to free.
 * False where out of memory. */
static bool group_models(gr_node_comparison *c, const gr_node_gpu ***order, model_run **runs)
{
    *order = malloc(c->gpu_count * sizeof **order);
    *runs = malloc(c->gpu_count * sizeof **runs);
    if (!*order || !*runs)
        return false;
    for (size_t i = 0; i < c->gpu_count; i++)
        (*order)[i] = &c->gpus[i];
    qsort(*order, c->gpu_count, sizeof **order, compare_gpu_names);
    for (size_t i = 0; i < c->gpu_count; i++) {
        if (i == 0 || strcmp((*order)[i]->name, (*order)[i - 1]->name) != 0)
            (*runs)[c->model_count++] = (model_run){*order + i, 0};
        (*runs)[c->model_count - 1].count++;
    }
    qsort(*runs, c->model_count, sizeof **runs, compare_runs);
    c->models = calloc(c->model_count, sizeof *c->models);
    if (!c->models)
        return false;
    for (size_t m = 0; m < c->model_count; m++) {
        c->models[m] = (gr_node_model){(*runs)[m].members[0]->name, (*runs)[m].count, 0};
        c->twins = c->twins || (*runs)[m].count > 1;
        for (size_t j = 0; j < (*runs)[m].count; j++)
            c->gpus[(*runs)[m].members[j] - c->gpus].model = m;
    }
    return true;
}

/* ---- each ceiling of each model ---------------------------------------------------- */

/* A GPU's figure and its place among the GPUs. */
typedef struct {
    double value;
    size_t gpu;
} ranked;

static int compare_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->value != y->value)
        return (x->value > y->value) - (x->value < y->value);
    return (x->gpu > y->gpu) - (x->gpu < y->gpu);
}

/* A cell against its reference; whether it is flagged. */
static bool judge(gr_node_cell *cell, double reference, double limit_pct)
{
    cell->reference = reference;
    cell->below_pct = NAN;
    if (isnan(reference))
        return (cell->flagged = false);
    if (isnan(cell->value))
        return (cell->flagged = true); /* another of its model measured what this GPU could not */
    if (reference > 0)
        cell->below_pct = (reference - cell->value) / reference * 100.0;
    return (cell->flagged = cell->below_pct > limit_pct);
}

/* The scratch a row of a model needs: room for the largest model. */
typedef struct {
    ranked *present;
    double *sorted;
} row_scratch;

/* Model m's GPUs on row: each against the median of the others (sorted
 * once: each one's reference follows from its place), and the model's
 * figures. */
static void compare_model_row(gr_node_comparison *c, size_t m, const model_run *run, size_t row, row_scratch *s)
{
    size_t column = c->rows[row].column, present = 0;
    for (size_t j = 0; j < run->count; j++) {
        size_t g = (size_t)(run->members[j] - c->gpus);
        double value = c->cells[g * c->key_count + column].value;
        if (!isnan(value))
            s->present[present++] = (ranked){value, g};
    }
    qsort(s->present, present, sizeof *s->present, compare_ranked);
    for (size_t j = 0; j < present; j++)
        s->sorted[j] = s->present[j].value;
    gr_node_stat *stat = &c->stats[m * c->row_count + row];
    stat->measured = present;
    stat->median = gr_node_median_without(s->sorted, present, present);
    stat->low = present ? s->sorted[0] : NAN;
    stat->high = present ? s->sorted[present - 1] : NAN;
    for (size_t j = 0; j < present; j++)
        stat->flagged += judge(&c->cells[s->present[j].gpu * c->key_count + column],
                               gr_node_median_without(s->sorted, present, j), c->limit_pct);
    for (size_t j = 0; j < run->count; j++) {
        size_t g = (size_t)(run->members[j] - c->gpus);
        gr_node_cell *cell = &c->cells[g * c->key_count + column];
        if (isnan(cell->value)) /* the median of all that measured it: none of them is this GPU */
            stat->flagged += judge(cell, stat->median, c->limit_pct);
        c->gpus[g].flagged = c->gpus[g].flagged || cell->flagged;
    }
    double spread = present > 1 && stat->high > 0 ? (stat->high - stat->low) / stat->high * 100.0 : NAN;
    if (!isnan(spread) && (isnan(c->rows[row].spread_pct) || spread > c->rows[row].spread_pct))
        c->rows[row].spread_pct = spread;
}

/* The rows: the measured keys any GPU has. */
static void find_rows(gr_node_comparison *c)
{
    for (size_t k = 0; k < c->key_count; k++) {
        bool any = false;
        for (size_t i = 0; !any && i < c->gpu_count; i++)
            any = !isnan(c->cells[i * c->key_count + k].value);
        if (any)
            c->rows[c->row_count++] = (gr_node_row){c->keys[k]->name, c->keys[k]->unit, k, NAN};
    }
}

/* Each model's rows, once the models are known. */
static bool compare_models(gr_node_comparison *c, const model_run *runs)
{
    size_t largest = 1;
    for (size_t m = 0; m < c->model_count; m++)
        largest = runs[m].count > largest ? runs[m].count : largest;
    row_scratch s = {malloc(largest * sizeof *s.present), malloc(largest * sizeof *s.sorted)};
    c->stats = calloc(c->model_count * (c->row_count ? c->row_count : 1), sizeof *c->stats);
    bool ok = s.present && s.sorted && c->stats;
    for (size_t row = 0; ok && row < c->row_count; row++)
        for (size_t m = 0; m < c->model_count; m++)
            compare_model_row(c, m, &runs[m], row, &s);
    for (size_t i = 0; ok && i < c->gpu_count; i++) {
        c->flagged_count += c->gpus[i].flagged;
        c->models[c->gpus[i].model].flagged_count += c->gpus[i].flagged;
    }
    free(s.present);
    free(s.sorted);
    return ok;
}

bool gr_node_compare(gr_node_comparison *c, double limit_pct, gr_error *err)
{
    if (!(limit_pct >= 0 && limit_pct <= 100))
        return gr_error_set(err, "a spread limit of %g%%: from 0 to 100", limit_pct);
    const gr_node_gpu **order = NULL;
    model_run *runs = NULL;
    c->limit_pct = limit_pct;
    find_rows(c);
    bool ok = !gr_pool_failed(&c->texts) && label_gpus(c->gpus, c->gpu_count, c->labels) &&
              group_models(c, &order, &runs) && compare_models(c, runs);
    free(order);
    free(runs);
    return ok || gr_error_set(err, "out of memory comparing %zu results", c->gpu_count);
}

bool gr_node_compare_results(const gr_results *const *r, size_t count, double limit_pct, gr_node_comparison *c,
                             gr_error *err)
{
    if (!gr_node_begin(c, count, err))
        return false;
    for (size_t i = 0; i < count; i++)
        gr_node_take(c, i, r[i], r[i]->path);
    if (gr_node_compare(c, limit_pct, err))
        return true;
    gr_node_free(c);
    return false;
}
