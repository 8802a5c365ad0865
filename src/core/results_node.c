/* A host's GPUs side by side (results_node.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "names.h"
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

/* ---- labels ---------------------------------------------------------------- */

static bool distinct_indices(const gr_results *const *r, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (r[i]->device.cuda_index < 0)
            return false;
        for (size_t j = 0; j < i; j++)
            if (r[j]->device.cuda_index == r[i]->device.cuda_index)
                return false;
    }
    return true;
}

/* The file's name without its directory and extension: "h200-x2-gpu1". */
static void file_stem(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    snprintf(out, size, "%.*s", (int)(yaml_extension(name) - name), name);
}

void gr_node_labels(const gr_results *const *r, size_t count, char (*labels)[GR_NODE_LABEL_SIZE])
{
    if (distinct_indices(r, count)) {
        for (size_t i = 0; i < count; i++)
            snprintf(labels[i], GR_NODE_LABEL_SIZE, "GPU %lld", r[i]->device.cuda_index);
        return;
    }
    bool distinct = true;
    for (size_t i = 0; i < count; i++) {
        file_stem(r[i]->path, labels[i], GR_NODE_LABEL_SIZE);
        distinct = distinct && labels[i][0];
        for (size_t j = 0; j < i; j++)
            distinct = distinct && strcmp(labels[i], labels[j]) != 0;
    }
    for (size_t i = 0; !distinct && i < count; i++)
        snprintf(labels[i], GR_NODE_LABEL_SIZE, "#%zu", i + 1);
}

/* ---- the comparison ------------------------------------------------------------ */

/* A measured ceiling: a number of the ceilings table that is neither a
 * theoretical figure (SMs x lanes x clock) nor a datasheet's. */
static bool measured_ceiling(const gr_results_key *key)
{
    return key->type == GR_RESULTS_NUMBER && !strstr(key->name, "theoretical") &&
           strncmp(key->name, "datasheet", 9) != 0;
}

static double ceiling_value(const gr_results *r, const gr_results_key *key)
{
    double value;
    memcpy(&value, (const char *)&r->ceilings + key->offset, sizeof value);
    return value;
}

/* GPU i against its twins on row w: the best of them, and their spread. */
static void compare_cell(const gr_results *const *r, size_t count, size_t i, gr_node_row *w, double limit_pct)
{
    double best = NAN, worst = NAN;
    size_t others = 0, present = 0;
    for (size_t j = 0; j < count; j++) {
        double v = w->gpus[j].value;
        if (strcmp(r[j]->device.name, r[i]->device.name) != 0 || isnan(v))
            continue;
        others += j != i;
        present++;
        best = isnan(best) || v > best ? v : best;
        worst = isnan(worst) || v < worst ? v : worst;
    }
    gr_node_cell *c = &w->gpus[i];
    c->below_pct = NAN;
    c->flagged = false;
    if (others == 0)
        return;
    if (isnan(c->value)) {
        c->flagged = true; /* a twin measured what this GPU could not */
        return;
    }
    c->below_pct = (best - c->value) / best * 100.0;
    c->flagged = c->below_pct > limit_pct;
    double spread = present > 1 ? (best - worst) / best * 100.0 : NAN;
    if (!isnan(spread) && (isnan(w->spread_pct) || spread > w->spread_pct))
        w->spread_pct = spread;
}

/* The row of key, where any GPU measured it; false where none did. */
static bool compare_row(const gr_results *const *r, size_t count, const gr_results_key *key, double limit_pct,
                        gr_node_row *w)
{
    bool any = false;
    w->key = key->name;
    w->unit = key->unit;
    w->spread_pct = NAN;
    for (size_t i = 0; i < count; i++) {
        w->gpus[i].value = ceiling_value(r[i], key);
        any = any || !isnan(w->gpus[i].value);
    }
    for (size_t i = 0; any && i < count; i++)
        compare_cell(r, count, i, w, limit_pct);
    return any;
}

static bool has_twin(const gr_results *const *r, size_t count)
{
    for (size_t i = 0; i < count; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(r[i]->device.name, r[j]->device.name) == 0)
                return true;
    return false;
}

bool gr_node_compare(const gr_results *const *r, size_t count, double limit_pct, gr_node_comparison *out,
                     gr_error *err)
{
    memset(out, 0, sizeof *out);
    if (count == 0 || count > GR_NODE_MAX_GPUS)
        return gr_error_set(err, "%zu results to compare: from 1 to %d", count, GR_NODE_MAX_GPUS);
    if (!(limit_pct >= 0 && limit_pct <= 100))
        return gr_error_set(err, "a spread limit of %g%%: from 0 to 100", limit_pct);
    const gr_results_section *ceilings = gr_results_section_named("ceilings");
    out->gpu_count = count;
    out->limit_pct = limit_pct;
    out->twins = has_twin(r, count);
    for (size_t k = 0; k < ceilings->key_count; k++) {
        if (!measured_ceiling(&ceilings->keys[k]))
            continue;
        if (out->row_count == GR_NODE_MAX_CEILINGS)
            return gr_error_set(err, "more than %d measured ceilings to compare", GR_NODE_MAX_CEILINGS);
        gr_node_row *w = &out->rows[out->row_count];
        if (!compare_row(r, count, &ceilings->keys[k], limit_pct, w))
            continue;
        out->row_count++;
        for (size_t i = 0; i < count; i++)
            out->flagged[i] = out->flagged[i] || w->gpus[i].flagged;
    }
    for (size_t i = 0; i < count; i++)
        out->flagged_count += out->flagged[i];
    return true;
}
