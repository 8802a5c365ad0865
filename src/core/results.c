#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results.h"
#include "yaml_doc.h"

#define MAX_ROWS 100000

static const struct {
    const char *key;
    size_t offset;
} ceiling_keys[] = {
    {"dram_read_gbs", offsetof(gr_result_ceilings, dram_read_gbs)},
    {"dram_write_gbs", offsetof(gr_result_ceilings, dram_write_gbs)},
    {"dram_copy_gbs", offsetof(gr_result_ceilings, dram_copy_gbs)},
    {"dram_triad_gbs", offsetof(gr_result_ceilings, dram_triad_gbs)},
    {"memcpy_d2d_gbs", offsetof(gr_result_ceilings, memcpy_d2d_gbs)},
    {"fp32_gflops", offsetof(gr_result_ceilings, fp32_gflops)},
    {"fp64_gflops", offsetof(gr_result_ceilings, fp64_gflops)},
    {"fp32_theoretical_gflops", offsetof(gr_result_ceilings, fp32_theoretical_gflops)},
    {"fp64_theoretical_gflops", offsetof(gr_result_ceilings, fp64_theoretical_gflops)},
    {"datasheet_bandwidth_gbs", offsetof(gr_result_ceilings, datasheet_bandwidth_gbs)},
};

static bool read_ceilings(gr_yaml *y, yaml_node_t *root, gr_results *r, gr_error *err)
{
    for (size_t i = 0; i < sizeof ceiling_keys / sizeof ceiling_keys[0]; i++)
        *(double *)((char *)&r->ceilings + ceiling_keys[i].offset) = NAN;
    yaml_node_t *ceilings = gr_yaml_get(y, root, "ceilings");
    if (!ceilings)
        return true;
    if (ceilings->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, ceilings, "ceilings must be a mapping");
    if (!gr_yaml_check_unique(y, ceilings, "ceilings", err))
        return false;
    for (size_t i = 0; i < sizeof ceiling_keys / sizeof ceiling_keys[0]; i++) {
        yaml_node_t *node = gr_yaml_get(y, ceilings, ceiling_keys[i].key);
        char what[64];
        snprintf(what, sizeof what, "ceilings.%s", ceiling_keys[i].key);
        if (node && !gr_yaml_double(y, node, what, 1e-6, 1e9,
                                    (double *)((char *)&r->ceilings + ceiling_keys[i].offset), err))
            return false;
    }
    return true;
}

static bool read_bool(gr_yaml *y, yaml_node_t *node, const char *what, bool *out, gr_error *err)
{
    const char *text = gr_yaml_scalar(node);
    if (text && strcmp(text, "true") == 0)
        return (*out = true);
    if (text && strcmp(text, "false") == 0)
        return !(*out = false);
    return gr_yaml_error(err, y, node, "%s must be true or false", what);
}

/* The list under key, if any (count 0 when absent). */
static bool list(gr_yaml *y, yaml_node_t *root, const char *key, yaml_node_t **node, size_t *count, gr_error *err)
{
    *node = gr_yaml_get(y, root, key);
    *count = 0;
    if (!*node)
        return true;
    if ((*node)->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(err, y, *node, "%s must be a list", key);
    *count = (size_t)((*node)->data.sequence.items.top - (*node)->data.sequence.items.start);
    if (*count > MAX_ROWS)
        return gr_yaml_error(err, y, *node, "%s has more than %d rows", key, MAX_ROWS);
    return true;
}

static bool read_kernel(gr_yaml *y, yaml_node_t *item, gr_result_kernel *k, gr_error *err)
{
    if (item->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, item, "kernels: each kernel must be a mapping");
    if (!gr_yaml_check_unique(y, item, "kernels", err))
        return false;
    yaml_node_t *name = gr_yaml_require(y, item, "kernels", "name", err);
    yaml_node_t *intensity = name ? gr_yaml_require(y, item, "kernels", "intensity", err) : NULL;
    yaml_node_t *gflops = intensity ? gr_yaml_require(y, item, "kernels", "gflops", err) : NULL;
    yaml_node_t *verified = gflops ? gr_yaml_require(y, item, "kernels", "verified", err) : NULL;
    yaml_node_t *vs_cublas = gr_yaml_get(y, item, "vs_cublas");
    k->vs_cublas = NAN;
    return verified && gr_yaml_string(y, name, "kernels.name", k->name, sizeof k->name, err) &&
           gr_yaml_double(y, intensity, "kernels.intensity", 0, 1e9, &k->intensity, err) &&
           gr_yaml_double(y, gflops, "kernels.gflops", 0, 1e9, &k->gflops, err) &&
           read_bool(y, verified, "kernels.verified", &k->verified, err) &&
           (!vs_cublas || gr_yaml_double(y, vs_cublas, "kernels.vs_cublas", 0, 1e9, &k->vs_cublas, err));
}

static bool read_sweep_point(gr_yaml *y, yaml_node_t *item, gr_result_point *p, gr_error *err)
{
    if (item->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, item, "sweep: each point must be a mapping");
    if (!gr_yaml_check_unique(y, item, "sweep", err))
        return false;
    yaml_node_t *intensity = gr_yaml_require(y, item, "sweep", "intensity", err);
    yaml_node_t *gflops = intensity ? gr_yaml_require(y, item, "sweep", "gflops", err) : NULL;
    return gflops && gr_yaml_double(y, intensity, "sweep.intensity", 0, 1e9, &p->intensity, err) &&
           gr_yaml_double(y, gflops, "sweep.gflops", 0, 1e9, &p->gflops, err);
}

static bool read_int_key(gr_yaml *y, yaml_node_t *item, const char *what, const char *key, long long *out,
                         gr_error *err)
{
    yaml_node_t *node = gr_yaml_require(y, item, what, key, err);
    int64_t v;
    char name[64];
    snprintf(name, sizeof name, "%s.%s", what, key);
    if (!node || !gr_yaml_int(y, node, name, 0, INT64_C(1) << 40, false, &v, err))
        return false;
    *out = v;
    return true;
}

static bool read_occupancy_check(gr_yaml *y, yaml_node_t *item, gr_result_occupancy *o, gr_error *err)
{
    static const char *const keys[] = {"threads", "regs", "smem", "predicted", "runtime_api", "measured"};
    long long v[6];
    if (item->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, item, "occupancy_checks: each check must be a mapping");
    if (!gr_yaml_check_unique(y, item, "occupancy_checks", err))
        return false;
    for (size_t i = 0; i < 6; i++)
        if (!read_int_key(y, item, "occupancy_checks", keys[i], &v[i], err))
            return false;
    *o = (gr_result_occupancy){(int)v[0], (int)v[1], v[2], (int)v[3], (int)v[4], (int)v[5]};
    return true;
}

static bool read_occupancy_checks(gr_yaml *y, yaml_node_t *root, gr_results *r, gr_error *err)
{
    size_t n;
    yaml_node_t *checks;
    if (!list(y, root, "occupancy_checks", &checks, &n, err))
        return false;
    r->occupancy = calloc(n ? n : 1, sizeof *r->occupancy);
    if (!r->occupancy)
        return gr_error_set(err, "%s: out of memory", r->path);
    for (size_t i = 0; i < n; i++, r->occupancy_count++)
        if (!read_occupancy_check(y, yaml_document_get_node(&y->doc, checks->data.sequence.items.start[i]),
                                  &r->occupancy[i], err))
            return false;
    return true;
}

static bool read_optional_double(gr_yaml *y, yaml_node_t *item, const char *key, double *out, gr_error *err)
{
    yaml_node_t *node = gr_yaml_get(y, item, key);
    char name[64];
    snprintf(name, sizeof name, "bank_checks.%s", key);
    *out = -1;
    return !node || gr_yaml_double(y, node, name, 0, 1e12, out, err);
}

static bool read_bank_check(gr_yaml *y, yaml_node_t *item, gr_result_bank *b, gr_error *err)
{
    long long pad;
    if (item->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, item, "bank_checks: each check must be a mapping");
    yaml_node_t *kernel = gr_yaml_require(y, item, "bank_checks", "kernel", err);
    yaml_node_t *block = kernel ? gr_yaml_require(y, item, "bank_checks", "block", err) : NULL;
    char shape[32];
    if (!gr_yaml_check_unique(y, item, "bank_checks", err) || !block ||
        !gr_yaml_string(y, kernel, "bank_checks.kernel", b->kernel, sizeof b->kernel, err) ||
        !gr_yaml_string(y, block, "bank_checks.block", shape, sizeof shape, err) ||
        !read_int_key(y, item, "bank_checks", "pad", &pad, err))
        return false;
    char tail;
    if (sscanf(shape, "%dx%d%c", &b->bdx, &b->bdy, &tail) != 2 || b->bdx < 1 || b->bdy < 1)
        return gr_yaml_error(err, y, block, "bank_checks.block must be XxY, not '%s'", shape);
    b->pad = (int)pad;
    return read_optional_double(y, item, "predicted_load", &b->predicted_load, err) &&
           read_optional_double(y, item, "predicted_store", &b->predicted_store, err) &&
           read_optional_double(y, item, "measured_load", &b->measured_load, err) &&
           read_optional_double(y, item, "measured_store", &b->measured_store, err) &&
           read_optional_double(y, item, "ns_per_rep", &b->ns_per_rep, err);
}

static bool read_bank_checks(gr_yaml *y, yaml_node_t *root, gr_results *r, gr_error *err)
{
    size_t n;
    yaml_node_t *checks;
    if (!list(y, root, "bank_checks", &checks, &n, err))
        return false;
    r->banks = calloc(n ? n : 1, sizeof *r->banks);
    if (!r->banks)
        return gr_error_set(err, "%s: out of memory", r->path);
    for (size_t i = 0; i < n; i++, r->bank_count++)
        if (!read_bank_check(y, yaml_document_get_node(&y->doc, checks->data.sequence.items.start[i]), &r->banks[i],
                             err))
            return false;
    return true;
}

static bool read_rows(gr_yaml *y, yaml_node_t *root, gr_results *r, gr_error *err)
{
    size_t nk, ns;
    yaml_node_t *kernels, *sweep;
    if (!list(y, root, "kernels", &kernels, &nk, err) || !list(y, root, "sweep", &sweep, &ns, err))
        return false;
    r->kernels = calloc(nk ? nk : 1, sizeof *r->kernels);
    r->sweep = calloc(ns ? ns : 1, sizeof *r->sweep);
    if (!r->kernels || !r->sweep)
        return gr_error_set(err, "%s: out of memory", r->path);
    for (size_t i = 0; i < nk; i++, r->kernel_count++)
        if (!read_kernel(y, yaml_document_get_node(&y->doc, kernels->data.sequence.items.start[i]),
                         &r->kernels[i], err))
            return false;
    for (size_t i = 0; i < ns; i++, r->sweep_count++)
        if (!read_sweep_point(y, yaml_document_get_node(&y->doc, sweep->data.sequence.items.start[i]),
                              &r->sweep[i], err))
            return false;
    return true;
}

static bool read_device(gr_yaml *y, yaml_node_t *root, gr_results *r, gr_error *err)
{
    yaml_node_t *device = gr_yaml_require(y, root, "the results", "device", err);
    if (!device)
        return false;
    if (device->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, device, "device must be a mapping");
    if (!gr_yaml_check_unique(y, device, "device", err))
        return false;
    yaml_node_t *name = gr_yaml_require(y, device, "device", "name", err);
    return name && gr_yaml_string(y, name, "device.name", r->device_name, sizeof r->device_name, err);
}

/* Reads the results out of a loaded document; frees the document. */
static bool results_from_yaml(gr_yaml *y, gr_results *out, gr_error *err)
{
    yaml_node_t *root = gr_yaml_root(y);
    bool ok = root->type == YAML_MAPPING_NODE ? true
                                              : gr_yaml_error(err, y, root, "a results file must be a mapping");
    ok = ok && gr_yaml_check_unique(y, root, "the results", err) && read_device(y, root, out, err) &&
         read_ceilings(y, root, out, err) && read_rows(y, root, out, err) && read_occupancy_checks(y, root, out, err) &&
         read_bank_checks(y, root, out, err);
    gr_yaml_free(y);
    if (!ok)
        gr_results_free(out);
    return ok;
}

bool gr_results_load(const char *path, gr_results *out, gr_error *err)
{
    gr_yaml y;
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", path);
    return gr_yaml_load_file(&y, path, err) && results_from_yaml(&y, out, err);
}

bool gr_results_load_buffer(const char *name, const char *text, size_t len, gr_results *out, gr_error *err)
{
    gr_yaml y;
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", name);
    return gr_yaml_load_buffer(&y, name, text, len, err) && results_from_yaml(&y, out, err);
}

void gr_results_free(gr_results *r)
{
    free(r->kernels);
    free(r->sweep);
    free(r->occupancy);
    free(r->banks);
    r->banks = NULL;
    r->bank_count = 0;
    r->kernels = NULL;
    r->sweep = NULL;
    r->occupancy = NULL;
    r->kernel_count = r->sweep_count = r->occupancy_count = 0;
}

double gr_results_best_bandwidth(const gr_results *r)
{
    const double candidates[] = {r->ceilings.dram_read_gbs, r->ceilings.dram_copy_gbs, r->ceilings.dram_triad_gbs,
                                 r->ceilings.dram_write_gbs};
    double best = NAN;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (!isnan(candidates[i]) && (isnan(best) || candidates[i] > best))
            best = candidates[i];
    return best;
}
