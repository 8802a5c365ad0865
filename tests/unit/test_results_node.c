/* Unit tests for a host's GPUs side by side (src/core/results_node.c):
 * the per-GPU file names, the labels that tell GPUs apart, and the
 * comparison of their measured ceilings, worked out by hand on made-up
 * results and on the committed H200 run read back twice. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "results.h"
#include "results_node.h"

/* ---- file names -------------------------------------------------------------- */

static void assert_gpu_path(const char *path, int index, const char *want)
{
    char out[64];
    gr_error err;
    assert_true(gr_node_gpu_path(path, index, out, sizeof out, &err));
    assert_string_equal(out, want);
}

static void gpu_paths_put_the_index_before_the_extension(void **state)
{
    (void)state;
    assert_gpu_path("out/h200-x2.yaml", 0, "out/h200-x2-gpu0.yaml");
    assert_gpu_path("out/h200-x2.yaml", 13, "out/h200-x2-gpu13.yaml");
    assert_gpu_path("r.YML", 1, "r-gpu1.YML");
    assert_gpu_path("results", 2, "results-gpu2");
    assert_gpu_path("run.yaml/node", 0, "run.yaml/node-gpu0"); /* a directory's extension is no file's */
    assert_gpu_path(".yaml", 0, ".yaml-gpu0");
    char out[16];
    gr_error err;
    assert_false(gr_node_gpu_path("a-long-name.yaml", 7, out, sizeof out, &err));
    assert_string_equal(err.text,
                        "a-long-name.yaml: the file of GPU 7 would be a name of 21 characters, longer than 15");
}

/* ---- made-up results ------------------------------------------------------------ */

/* A GPU with every measured ceiling given, at the H200's figures. */
static void h200(gr_results *r, long long index, const char *path)
{
    gr_results_init(r);
    snprintf(r->device.name, sizeof r->device.name, "NVIDIA H200");
    snprintf(r->path, sizeof r->path, "%s", path);
    r->device.cuda_index = index;
    gr_result_ceilings *c = &r->ceilings;
    c->dram_read_gbs = 4683, c->dram_write_gbs = 4690, c->dram_copy_gbs = 4284, c->dram_triad_gbs = 4402;
    c->memcpy_d2d_gbs = 3949, c->fp32_gflops = 65970, c->fp64_gflops = 33429;
    c->fp32_theoretical_gflops = 66908, c->fp64_theoretical_gflops = 33454, c->datasheet_bandwidth_gbs = 4800;
}

static const gr_node_row *row(const gr_node_comparison *c, const char *key)
{
    for (size_t i = 0; i < c->row_count; i++)
        if (strcmp(c->rows[i].key, key) == 0)
            return &c->rows[i];
    return NULL;
}

static void labels_tell_gpus_apart(void **state)
{
    (void)state;
    static gr_results a, b;
    const gr_results *both[] = {&a, &b};
    char labels[2][GR_NODE_LABEL_SIZE];
    h200(&a, 0, "out/node-gpu0.yaml");
    h200(&b, 1, "out/node-gpu1.yaml");
    gr_node_labels(both, 2, labels);
    assert_string_equal(labels[0], "GPU 0");
    assert_string_equal(labels[1], "GPU 1");
    h200(&b, 0, "elsewhere/node-b.yml"); /* two hosts' GPU 0: the files tell them apart */
    gr_node_labels(both, 2, labels);
    assert_string_equal(labels[0], "node-gpu0");
    assert_string_equal(labels[1], "node-b");
    h200(&b, -1, "elsewhere/node-gpu0.yaml"); /* an older file, no index; the same name */
    gr_node_labels(both, 2, labels);
    assert_string_equal(labels[0], "#1");
    assert_string_equal(labels[1], "#2");
}

/* Two twins, the second's triad 20% down and its FP64 5% down. */
static void a_degraded_twin_is_flagged(void **state)
{
    (void)state;
    static gr_results a, b;
    static gr_node_comparison c;
    gr_error err;
    const gr_results *both[] = {&a, &b};
    h200(&a, 0, "");
    h200(&b, 1, "");
    b.ceilings.dram_triad_gbs = 4402 * 0.8;
    b.ceilings.fp64_gflops = 33429 * 0.95;
    assert_true(gr_node_compare(both, 2, 10, &c, &err));
    assert_true(c.twins);
    assert_int_equal(c.row_count, 7); /* the theoretical and datasheet figures are no measurements */
    assert_null(row(&c, "fp32_theoretical_gflops"));
    assert_null(row(&c, "datasheet_bandwidth_gbs"));
    const gr_node_row *triad = row(&c, "dram_triad_gbs");
    assert_non_null(triad);
    assert_string_equal(triad->unit, "GB/s");
    assert_float_equal(triad->spread_pct, 20, 1e-9);
    assert_float_equal(triad->gpus[0].below_pct, 0, 1e-12);
    assert_float_equal(triad->gpus[1].below_pct, 20, 1e-9);
    assert_false(triad->gpus[0].flagged);
    assert_true(triad->gpus[1].flagged);
    const gr_node_row *fp64 = row(&c, "fp64_gflops");
    assert_float_equal(fp64->spread_pct, 5, 1e-9);
    assert_false(fp64->gpus[1].flagged); /* 5% is within the limit */
    assert_float_equal(row(&c, "dram_read_gbs")->spread_pct, 0, 1e-12);
    assert_false(c.flagged[0]);
    assert_true(c.flagged[1]);
    assert_int_equal(c.flagged_count, 1);
    /* A limit above the loss flags nothing; one below the FP64 loss flags it too. */
    assert_true(gr_node_compare(both, 2, 25, &c, &err));
    assert_int_equal(c.flagged_count, 0);
    assert_true(gr_node_compare(both, 2, 4.9, &c, &err));
    assert_true(row(&c, "fp64_gflops")->gpus[1].flagged);
    assert_int_equal(c.flagged_count, 1);
}

/* A ceiling one twin lacks (its check failed) flags it; one no GPU has is
 * no row; a GPU without a twin is never flagged. */
static void absent_ceilings_and_lone_gpus(void **state)
{
    (void)state;
    static gr_results a, b, h100;
    static gr_node_comparison c;
    gr_error err;
    h200(&a, 0, "");
    h200(&b, 1, "");
    b.ceilings.dram_write_gbs = NAN;
    a.ceilings.memcpy_d2d_gbs = b.ceilings.memcpy_d2d_gbs = NAN;
    const gr_results *both[] = {&a, &b};
    assert_true(gr_node_compare(both, 2, 10, &c, &err));
    assert_null(row(&c, "memcpy_d2d_gbs"));
    const gr_node_row *write = row(&c, "dram_write_gbs");
    assert_true(isnan(write->gpus[1].value));
    assert_true(write->gpus[1].flagged);
    assert_true(isnan(write->gpus[0].below_pct)); /* no twin measured it to compare with */
    assert_true(isnan(write->spread_pct));
    assert_int_equal(c.flagged_count, 1);

    h200(&h100, 0, "");
    snprintf(h100.device.name, sizeof h100.device.name, "NVIDIA H100 80GB HBM3");
    h100.ceilings.dram_triad_gbs = 3085; /* 30% below the H200: another model, not a twin */
    const gr_results *mixed[] = {&a, &h100};
    assert_true(gr_node_compare(mixed, 2, 10, &c, &err));
    assert_false(c.twins);
    assert_int_equal(c.flagged_count, 0);
    assert_true(isnan(row(&c, "dram_triad_gbs")->spread_pct));
    assert_true(isnan(row(&c, "dram_triad_gbs")->gpus[1].below_pct));
    /* Beside a third GPU, its H200 twin: the spread is the H200s' only. */
    b.ceilings.dram_triad_gbs = 4402 * 0.97;
    const gr_results *three[] = {&a, &h100, &b};
    assert_true(gr_node_compare(three, 3, 10, &c, &err));
    assert_true(c.twins);
    assert_float_equal(row(&c, "dram_triad_gbs")->spread_pct, 3, 1e-9);
}

static void bad_comparisons(void **state)
{
    (void)state;
    static gr_results a;
    static gr_node_comparison c;
    gr_error err;
    const gr_results *one[] = {&a};
    h200(&a, 0, "");
    assert_false(gr_node_compare(one, 0, 10, &c, &err));
    assert_string_equal(err.text, "0 results to compare: from 1 to 64");
    assert_false(gr_node_compare(one, 1, 100.5, &c, &err));
    assert_string_equal(err.text, "a spread limit of 100.5%: from 0 to 100");
    assert_false(gr_node_compare(one, 1, NAN, &c, &err));
    assert_true(gr_node_compare(one, 1, 10, &c, &err)); /* one GPU: a table, no twin, nothing flagged */
    assert_false(c.twins);
    assert_int_equal(c.flagged_count, 0);
}

/* The committed H200 run, read back twice: the same file is its own twin,
 * no spread; a copy whose FP64 lost 15% is flagged on FP64 alone. */
static void committed_files_read_back(void **state)
{
    (void)state;
    static gr_results a, b;
    static gr_node_comparison c;
    gr_error err;
    const gr_results *both[] = {&a, &b};
    char labels[2][GR_NODE_LABEL_SIZE];
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h200.yaml", &a, &err));
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h200.yaml", &b, &err));
    gr_node_labels(both, 2, labels);
    assert_string_equal(labels[0], "#1");
    assert_string_equal(labels[1], "#2");
    assert_true(gr_node_compare(both, 2, GR_NODE_SPREAD_LIMIT_PCT, &c, &err));
    assert_int_equal(c.flagged_count, 0);
    for (size_t i = 0; i < c.row_count; i++)
        assert_float_equal(c.rows[i].spread_pct, 0, 1e-12);
    assert_float_equal(row(&c, "dram_triad_gbs")->gpus[0].value, a.ceilings.dram_triad_gbs, 0);
    b.ceilings.fp64_gflops *= 0.85;
    assert_true(gr_node_compare(both, 2, GR_NODE_SPREAD_LIMIT_PCT, &c, &err));
    assert_int_equal(c.flagged_count, 1);
    assert_true(c.flagged[1]);
    for (size_t i = 0; i < c.row_count; i++)
        assert_true(c.rows[i].gpus[1].flagged == (strcmp(c.rows[i].key, "fp64_gflops") == 0));
    assert_float_equal(row(&c, "fp64_gflops")->gpus[1].below_pct, 15, 1e-9);
    gr_results_free(&a);
    gr_results_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_paths_put_the_index_before_the_extension),
        cmocka_unit_test(labels_tell_gpus_apart),
        cmocka_unit_test(a_degraded_twin_is_flagged),
        cmocka_unit_test(absent_ceilings_and_lone_gpus),
        cmocka_unit_test(bad_comparisons),
        cmocka_unit_test(committed_files_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
