/* Unit tests for a host's GPUs side by side (src/core/results/results_node.c):
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
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "results_format.h"
#include "results_node.h"
#include "yaml_doc.h"

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
    r->device.name = "NVIDIA H200";
    r->path = path;
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

/* GPU gpu's cell of the row of key (which must be a row). */
static const gr_node_cell *cell(const gr_node_comparison *c, const char *key, size_t gpu)
{
    const gr_node_row *w = row(c, key);
    assert_non_null(w);
    return gr_node_cell_at(c, gpu, (size_t)(w - c->rows));
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
    gr_node_comparison c;
    gr_error err;
    const gr_results *both[] = {&a, &b};
    h200(&a, 0, "");
    h200(&b, 1, "");
    b.ceilings.dram_triad_gbs = 4402 * 0.8;
    b.ceilings.fp64_gflops = 33429 * 0.95;
    assert_true(gr_node_compare_results(both, 2, 10, &c, &err));
    assert_true(c.twins);
    assert_int_equal(c.row_count, 7); /* the theoretical and datasheet figures are no measurements */
    assert_null(row(&c, "fp32_theoretical_gflops"));
    assert_null(row(&c, "datasheet_bandwidth_gbs"));
    const gr_node_row *triad = row(&c, "dram_triad_gbs");
    assert_non_null(triad);
    assert_string_equal(triad->unit, "GB/s");
    assert_float_equal(triad->spread_pct, 20, 1e-9);
    /* two GPUs: each one's reference is the other */
    assert_float_equal(cell(&c, "dram_triad_gbs", 0)->reference, 4402 * 0.8, 1e-9);
    assert_float_equal(cell(&c, "dram_triad_gbs", 1)->reference, 4402, 1e-9);
    assert_float_equal(cell(&c, "dram_triad_gbs", 0)->below_pct, -25, 1e-9); /* above the other */
    assert_float_equal(cell(&c, "dram_triad_gbs", 1)->below_pct, 20, 1e-9);
    assert_false(cell(&c, "dram_triad_gbs", 0)->flagged);
    assert_true(cell(&c, "dram_triad_gbs", 1)->flagged);
    const gr_node_row *fp64 = row(&c, "fp64_gflops");
    assert_float_equal(fp64->spread_pct, 5, 1e-9);
    assert_false(cell(&c, "fp64_gflops", 1)->flagged); /* 5% is within the limit */
    assert_float_equal(row(&c, "dram_read_gbs")->spread_pct, 0, 1e-12);
    assert_false(c.gpus[0].flagged);
    assert_true(c.gpus[1].flagged);
    assert_int_equal(c.flagged_count, 1);
    assert_int_equal(c.model_count, 1);
    assert_int_equal(c.models[0].flagged_count, 1);
    assert_int_equal(gr_node_stat_at(&c, 0, (size_t)(triad - c.rows))->flagged, 1);
    gr_node_free(&c);
    /* A limit above the loss flags nothing; one below the FP64 loss flags it too. */
    assert_true(gr_node_compare_results(both, 2, 25, &c, &err));
    assert_int_equal(c.flagged_count, 0);
    gr_node_free(&c);
    assert_true(gr_node_compare_results(both, 2, 4.9, &c, &err));
    assert_true(cell(&c, "fp64_gflops", 1)->flagged);
    assert_int_equal(c.flagged_count, 1);
    gr_node_free(&c);
}

/* A ceiling one twin lacks (its check failed) flags it; one no GPU has is
 * no row; a GPU without a twin is never flagged. */
static void absent_ceilings_and_lone_gpus(void **state)
{
    (void)state;
    static gr_results a, b, h100;
    gr_node_comparison c;
    gr_error err;
    h200(&a, 0, "");
    h200(&b, 1, "");
    b.ceilings.dram_write_gbs = NAN;
    a.ceilings.memcpy_d2d_gbs = b.ceilings.memcpy_d2d_gbs = NAN;
    const gr_results *both[] = {&a, &b};
    assert_true(gr_node_compare_results(both, 2, 10, &c, &err));
    assert_null(row(&c, "memcpy_d2d_gbs"));
    assert_true(isnan(cell(&c, "dram_write_gbs", 1)->value));
    assert_true(cell(&c, "dram_write_gbs", 1)->flagged);
    assert_float_equal(cell(&c, "dram_write_gbs", 1)->reference, 4690, 1e-9);
    assert_true(isnan(cell(&c, "dram_write_gbs", 0)->below_pct)); /* no twin measured it to compare with */
    assert_false(cell(&c, "dram_write_gbs", 0)->flagged);
    assert_true(isnan(row(&c, "dram_write_gbs")->spread_pct));
    assert_int_equal(c.flagged_count, 1);
    gr_node_free(&c);

    h200(&h100, 0, "");
    h100.device.name = "NVIDIA H100 80GB HBM3";
    h100.ceilings.dram_triad_gbs = 3085; /* 30% below the H200: another model, not a twin */
    const gr_results *mixed[] = {&a, &h100};
    assert_true(gr_node_compare_results(mixed, 2, 10, &c, &err));
    assert_false(c.twins);
    assert_int_equal(c.model_count, 2);
    assert_int_equal(c.flagged_count, 0);
    assert_true(isnan(row(&c, "dram_triad_gbs")->spread_pct));
    assert_true(isnan(cell(&c, "dram_triad_gbs", 1)->below_pct));
    gr_node_free(&c);
    /* Beside a third GPU, its H200 twin: the spread is the H200s' only. */
    b.ceilings.dram_triad_gbs = 4402 * 0.97;
    const gr_results *three[] = {&a, &h100, &b};
    assert_true(gr_node_compare_results(three, 3, 10, &c, &err));
    assert_true(c.twins);
    assert_int_equal(c.model_count, 2);
    assert_string_equal(c.models[0].name, "NVIDIA H200"); /* in the order of their first GPU */
    assert_int_equal(c.models[0].gpu_count, 2);
    assert_int_equal(c.gpus[1].model, 1);
    assert_float_equal(row(&c, "dram_triad_gbs")->spread_pct, 3, 1e-9);
    gr_node_free(&c);
}

static void bad_comparisons(void **state)
{
    (void)state;
    static gr_results a;
    gr_node_comparison c;
    gr_error err;
    const gr_results *one[] = {&a};
    h200(&a, 0, "");
    assert_false(gr_node_compare_results(one, 0, 10, &c, &err));
    assert_string_equal(err.text, "0 results to compare: from 1 to 100000");
    assert_false(gr_node_begin(&c, GR_NODE_MAX_GPUS + 1, &err));
    assert_string_equal(err.text, "100001 results to compare: from 1 to 100000");
    assert_false(gr_node_compare_results(one, 1, 100.5, &c, &err));
    assert_string_equal(err.text, "a spread limit of 100.5%: from 0 to 100");
    assert_false(gr_node_compare_results(one, 1, NAN, &c, &err));
    assert_true(gr_node_compare_results(one, 1, 10, &c, &err)); /* one GPU: a table, no twin, nothing flagged */
    assert_false(c.twins);
    assert_int_equal(c.flagged_count, 0);
    gr_node_free(&c);
}

/* The committed H200 run, read back twice: the same file is its own twin,
 * no spread; a copy whose FP64 lost 15% is flagged on FP64 alone. */
static void committed_files_read_back(void **state)
{
    (void)state;
    static gr_results a, b;
    gr_node_comparison c;
    gr_error err;
    const gr_results *both[] = {&a, &b};
    char labels[2][GR_NODE_LABEL_SIZE];
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h200.yaml", &a, &err));
    assert_true(gr_results_load(GPUROOF_SRCDIR "/plots/data/h200.yaml", &b, &err));
    gr_node_labels(both, 2, labels);
    assert_string_equal(labels[0], "#1");
    assert_string_equal(labels[1], "#2");
    assert_true(gr_node_compare_results(both, 2, GR_NODE_SPREAD_LIMIT_PCT, &c, &err));
    assert_int_equal(c.flagged_count, 0);
    for (size_t i = 0; i < c.row_count; i++)
        assert_float_equal(c.rows[i].spread_pct, 0, 1e-12);
    assert_float_equal(cell(&c, "dram_triad_gbs", 0)->value, a.ceilings.dram_triad_gbs, 0);
    gr_node_free(&c);
    b.ceilings.fp64_gflops *= 0.85;
    assert_true(gr_node_compare_results(both, 2, GR_NODE_SPREAD_LIMIT_PCT, &c, &err));
    assert_int_equal(c.flagged_count, 1);
    assert_true(c.gpus[1].flagged);
    for (size_t i = 0; i < c.row_count; i++)
        assert_true(gr_node_cell_at(&c, 1, i)->flagged == (strcmp(c.rows[i].key, "fp64_gflops") == 0));
    assert_float_equal(cell(&c, "fp64_gflops", 1)->below_pct, 15, 1e-9);
    gr_node_free(&c);
    gr_results_free(&a);
    gr_results_free(&b);
}

/* ---- the reference: the median of the others ------------------------------------ */

static void median_without_one(void **state)
{
    (void)state;
    const double five[] = {1, 2, 3, 4, 5}, four[] = {1, 2, 3, 10}, two[] = {10, 20};
    assert_float_equal(gr_node_median_without(five, 5, 0), 3.5, 0);
    assert_float_equal(gr_node_median_without(five, 5, 2), 3, 0);
    assert_float_equal(gr_node_median_without(five, 5, 4), 2.5, 0);
    assert_float_equal(gr_node_median_without(five, 5, 5), 3, 0); /* none left out */
    assert_float_equal(gr_node_median_without(four, 4, 3), 2, 0);
    assert_float_equal(gr_node_median_without(four, 4, 0), 3, 0);
    assert_float_equal(gr_node_median_without(four, 4, 4), 2.5, 0);
    assert_float_equal(gr_node_median_without(two, 2, 0), 20, 0); /* two: the other one */
    assert_float_equal(gr_node_median_without(two, 2, 1), 10, 0);
    assert_true(isnan(gr_node_median_without(two, 1, 0)));
    assert_true(isnan(gr_node_median_without(two, 0, 0)));
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Against the definition: the others copied out, sorted, their middle. */
static void median_without_against_the_definition(void **state)
{
    (void)state;
    double sorted[40], others[40];
    unsigned long seed = 12345;
    for (size_t n = 1; n <= 40; n++)
        for (int round = 0; round < 20; round++) {
            for (size_t i = 0; i < n; i++) {
                seed = seed * 6364136223846793005ul + 1442695040888963407ul;
                sorted[i] = (double)((seed >> 33) % 50); /* ties too */
            }
            qsort(sorted, n, sizeof *sorted, by_value);
            for (size_t skip = 0; skip < n; skip++) {
                size_t m = 0;
                for (size_t i = 0; i < n; i++)
                    if (i != skip)
                        others[m++] = sorted[i];
                double want = m == 0 ? NAN : (others[(m - 1) / 2] + others[m / 2]) / 2;
                double got = gr_node_median_without(sorted, n, skip);
                assert_true(m == 0 ? isnan(got) : got == want);
            }
        }
}

/* Five twins: the median of the others, not the best, is the reference. */
static void five_twins_held_to_the_median(void **state)
{
    (void)state;
    static gr_results r[5];
    const gr_results *all[5];
    const double triad[] = {4400, 4180, 4180, 4180, 3780}; /* the best 5% above the rest; one 9.6% below them */
    const double fp64[] = {33000, 33000, 33000, 33000, 28000};
    gr_node_comparison c;
    gr_error err;
    for (int i = 0; i < 5; i++) {
        h200(&r[i], i, "");
        r[i].ceilings.dram_triad_gbs = triad[i];
        r[i].ceilings.fp64_gflops = fp64[i];
        all[i] = &r[i];
    }
    assert_true(gr_node_compare_results(all, 5, 10, &c, &err));
    assert_float_equal(cell(&c, "dram_triad_gbs", 4)->reference, 4180, 0);
    assert_float_equal(cell(&c, "dram_triad_gbs", 4)->below_pct, 400.0 / 4180 * 100, 1e-9);
    assert_false(cell(&c, "dram_triad_gbs", 4)->flagged); /* 14.1% below the best, 9.6% below the median */
    assert_float_equal(cell(&c, "dram_triad_gbs", 0)->reference, 4180, 0);
    assert_float_equal(cell(&c, "dram_triad_gbs", 1)->reference, (4180 + 4180) / 2.0, 0);
    assert_float_equal(cell(&c, "fp64_gflops", 4)->reference, 33000, 0);
    assert_true(cell(&c, "fp64_gflops", 4)->flagged); /* 15.2% */
    assert_int_equal(c.flagged_count, 1);
    assert_true(c.gpus[4].flagged);
    size_t fp64_row = (size_t)(row(&c, "fp64_gflops") - c.rows);
    const gr_node_stat *s = gr_node_stat_at(&c, 0, fp64_row);
    assert_float_equal(s->median, 33000, 0);
    assert_float_equal(s->low, 28000, 0);
    assert_float_equal(s->high, 33000, 0);
    assert_int_equal(s->measured, 5);
    assert_int_equal(s->flagged, 1);
    gr_node_free(&c);
}

/* What a key of the ceilings table is: a measured rate, or not. */
static void measured_ceilings_are_rates(void **state)
{
    (void)state;
    const gr_results_key fp32 = {.name = "fp32_gflops", .type = GR_RESULTS_NUMBER, .unit = "GFLOP/s"};
    const gr_results_key sustained = {.name = "tensor_bf16_sustained_gflops", .type = GR_RESULTS_NUMBER,
                                      .unit = "GFLOP/s"};
    const gr_results_key theoretical = {.name = "fp32_theoretical_gflops", .type = GR_RESULTS_NUMBER,
                                        .unit = "GFLOP/s"};
    const gr_results_key datasheet = {.name = "datasheet_bandwidth_gbs", .type = GR_RESULTS_NUMBER, .unit = "GB/s"};
    const gr_results_key clock = {.name = "tensor_bf16_sm_clock_mhz", .type = GR_RESULTS_NUMBER, .unit = "MHz"};
    assert_true(gr_node_measured_ceiling(&fp32));
    assert_true(gr_node_measured_ceiling(&sustained));
    assert_false(gr_node_measured_ceiling(&theoretical));
    assert_false(gr_node_measured_ceiling(&datasheet));
    assert_false(gr_node_measured_ceiling(&clock));
}

/* ---- a fleet ---------------------------------------------------------------------- */

/* 1000 GPUs of two models, 8 to a host: labels from the files, each model
 * apart, the two slow ones found. */
static void a_thousand_gpus(void **state)
{
    (void)state;
    enum { N = 1000 };
    static gr_results one;
    static char paths[N][64];
    gr_node_comparison c;
    gr_error err;
    assert_true(gr_node_begin(&c, N, &err));
    for (int i = 0; i < N; i++) {
        snprintf(paths[i], sizeof paths[i], "fleet/node-%03d-gpu%d.yaml", i / 8, i % 8);
        h200(&one, i % 8, "");
        if (i % 3 == 0)
            one.device.name = "NVIDIA H100 80GB HBM3";
        one.ceilings.dram_read_gbs *= 1 + 0.001 * (i % 17); /* noise: up to 1.6% */
        if (i == 300)
            one.ceilings.fp32_gflops *= 0.8; /* an H100 */
        if (i == 701)
            one.ceilings.dram_copy_gbs = NAN;
        gr_node_take(&c, (size_t)i, &one, paths[i]);
    }
    assert_true(gr_node_compare(&c, 10, &err));
    assert_string_equal(c.labels[0], "node-000-gpu0");
    assert_string_equal(c.labels[999], "node-124-gpu7");
    assert_int_equal(c.model_count, 2);
    assert_string_equal(c.models[0].name, "NVIDIA H100 80GB HBM3");
    assert_int_equal(c.models[0].gpu_count, 334);
    assert_int_equal(c.models[1].gpu_count, 666);
    assert_int_equal(c.flagged_count, 2);
    assert_true(c.gpus[300].flagged);
    assert_true(c.gpus[701].flagged);
    assert_float_equal(cell(&c, "fp32_gflops", 300)->below_pct, 20, 1e-9);
    assert_true(cell(&c, "dram_copy_gbs", 701)->flagged);
    assert_int_equal(c.models[0].flagged_count, 1);
    assert_int_equal(c.models[1].flagged_count, 1);
    gr_node_free(&c);
}

/* ---- name patterns ------------------------------------------------------------------ */

static void assert_expands(const char *pattern, const char *host, int index, const char *want)
{
    char out[128];
    gr_error err;
    assert_true(gr_node_pattern_expand(pattern, host, index, out, sizeof out, &err));
    assert_string_equal(out, want);
}

static void patterns_name_the_host_and_the_gpu(void **state)
{
    (void)state;
    bool names_gpu;
    gr_error err;
    char out[16];
    assert_expands("fleet/node-%N-gpu%g.yaml", "a017.cluster.example.org", 3, "fleet/node-a017-gpu3.yaml");
    assert_expands("%N.yaml", "plain", 0, "plain.yaml");
    assert_expands("r-%g-%g.yaml", "h", 12, "r-12-12.yaml");
    assert_expands("100%%-%g.yaml", "h", 1, "100%-1.yaml");
    assert_expands("results.yaml", "h", 5, "results.yaml");
    assert_true(gr_node_pattern_check("node-%N-gpu%g.yaml", &names_gpu, &err));
    assert_true(names_gpu);
    assert_true(gr_node_pattern_check("node-%N.yaml", &names_gpu, &err));
    assert_false(names_gpu);
    assert_true(gr_node_pattern_check("a%%g.yaml", &names_gpu, &err)); /* a literal %g */
    assert_false(names_gpu);
    assert_false(gr_node_pattern_check("node-%h.yaml", &names_gpu, &err));
    assert_string_equal(err.text,
                        "node-%h.yaml: %h: %N (the host), %g (the GPU) and %% (a %) are a name's only escapes");
    assert_false(gr_node_pattern_check("node%", &names_gpu, &err));
    assert_string_equal(err.text,
                        "node%: a % at the end: %N (the host), %g (the GPU) and %% (a %) are a name's only escapes");
    assert_false(gr_node_pattern_expand("node-%x", "h", 0, out, sizeof out, &err));
    assert_false(gr_node_pattern_expand("node-%N-gpu%g.yaml", "host", 7, out, sizeof out, &err));
    assert_string_equal(err.text, "node-%N-gpu%g.yaml: the file of GPU 7 would be a name of 19 characters, "
                                  "longer than 15");
    assert_true(gr_node_pattern_expand("node-%N-gpu%g", "host", 7, out, sizeof out, &err)); /* 15 fits */
    assert_string_equal(out, "node-host-gpu7");
}

/* ---- reading through the ceilings ------------------------------------------------------ */

/* Whether the mapping section called name holds the same keys in a and b. */
static bool same_section(const gr_results *a, const gr_results *b, const char *name)
{
    const gr_results_section *s = gr_results_section_named(name);
    return gr_results_keys_same(s, (const char *)a + s->offset, (const char *)b + s->offset);
}

static void the_head_reads_as_the_whole(void **state)
{
    (void)state;
    static gr_results whole, head;
    const char *files[] = {"h100-sxm.yaml", "h200.yaml", "h200-x2-gpu0.yaml", "h100-latency.yaml"};
    gr_error err;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/plots/data/%s", GPUROOF_SRCDIR, files[i]);
        assert_true(gr_results_load(path, &whole, &err));
        assert_true(gr_results_load_through(path, "ceilings", &head, &err));
        assert_true(same_section(&whole, &head, "device"));
        assert_true(same_section(&whole, &head, "provenance"));
        assert_memory_equal(&whole.ceilings, &head.ceilings, sizeof whole.ceilings);
        assert_true(whole.kernel_count > 0);
        assert_int_equal(head.kernel_count, 0);
        gr_results_free(&whole);
        gr_results_free(&head);
    }
    assert_false(gr_results_load_through("x.yaml", "no_such", &head, &err));
    assert_string_equal(err.text, "x.yaml: no results section 'no_such' to read through");
}

static void assert_head(const char *text, const char *want)
{
    const char *const wanted[] = {"device", "ceilings", NULL};
    assert_int_equal(gr_yaml_head_length(text, strlen(text), wanted), strlen(want));
    assert_memory_equal(text, want, strlen(want));
}

static void where_the_head_ends(void **state)
{
    (void)state;
    const char *head = "device: {name: x}\nceilings:\n  fp32_gflops: 1\n";
    char text[256];
    snprintf(text, sizeof text, "%skernels: [{a: 1}]\n", head);
    assert_head(text, head);
    snprintf(text, sizeof text, "%s? kernels\n: []\n", head); /* an explicit key: its '?' goes too */
    assert_head(text, head);
    snprintf(text, sizeof text, "%s# a comment\nkernels: [\n", head); /* what follows is not parsed */
    assert_head(text, "device: {name: x}\nceilings:\n  fp32_gflops: 1\n# a comment\n");
    assert_head("ceilings: {a: 1}\nkernels: []\ndevice: \"h\xc3\xa9\"\nsweep: []\n",
                "ceilings: {a: 1}\nkernels: []\ndevice: \"h\xc3\xa9\"\n"); /* any order; bytes, not characters */
    /* The whole: nothing after them, one missing, a flow root, a byte-order
     * mark, text that does not parse before the head ends. */
    assert_head(head, head);
    assert_head("device: 1\nkernels: []\n", "device: 1\nkernels: []\n");
    assert_head("{device: 1, ceilings: 2, kernels: 3}\n", "{device: 1, ceilings: 2, kernels: 3}\n");
    assert_head("\xEF\xBB\xBF" "device: 1\nceilings: 2\nkernels: 3\n", "\xEF\xBB\xBF" "device: 1\nceilings: 2\nkernels: 3\n");
    assert_head("device: [\nceilings: 2\nkernels: 3\n", "device: [\nceilings: 2\nkernels: 3\n");
}

/* An error in the head is told as the whole read tells it; one after it goes unseen. */
static void errors_of_the_head(void **state)
{
    (void)state;
    static gr_results r;
    gr_error whole, head;
    const char *bad_ceiling = "device: {name: x}\nceilings:\n  fp32_gflops: fast\nkernels: []\n";
    assert_false(gr_results_load_buffer("a.yaml", bad_ceiling, strlen(bad_ceiling), &r, &whole));
    assert_false(gr_results_load_buffer_through("a.yaml", bad_ceiling, strlen(bad_ceiling), "ceilings", &r, &head));
    assert_string_equal(head.text, whole.text);
    assert_non_null(strstr(head.text, "a.yaml:3:16: "));
    const char *bad_syntax = "device: {name: x\nceilings:\n  fp32_gflops: 1\nkernels: []\n";
    assert_false(gr_results_load_buffer("b.yaml", bad_syntax, strlen(bad_syntax), &r, &whole));
    assert_false(gr_results_load_buffer_through("b.yaml", bad_syntax, strlen(bad_syntax), "ceilings", &r, &head));
    assert_string_equal(head.text, whole.text);
    const char *bad_kernels = "device: {name: x}\nceilings:\n  fp32_gflops: 1\nkernels: 7\n";
    assert_false(gr_results_load_buffer("c.yaml", bad_kernels, strlen(bad_kernels), &r, &whole));
    assert_true(gr_results_load_buffer_through("c.yaml", bad_kernels, strlen(bad_kernels), "ceilings", &r, &head));
    assert_float_equal(r.ceilings.fp32_gflops, 1, 0);
    gr_results_free(&r);
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
        cmocka_unit_test(median_without_one),
        cmocka_unit_test(median_without_against_the_definition),
        cmocka_unit_test(five_twins_held_to_the_median),
        cmocka_unit_test(measured_ceilings_are_rates),
        cmocka_unit_test(a_thousand_gpus),
        cmocka_unit_test(patterns_name_the_host_and_the_gpu),
        cmocka_unit_test(the_head_reads_as_the_whole),
        cmocka_unit_test(where_the_head_ends),
        cmocka_unit_test(errors_of_the_head),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
