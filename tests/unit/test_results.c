/* Unit tests for the results file's reader and writer (src/core/results/results.c,
 * results_write.c).  The files written here are synthetic inputs in a
 * temporary directory, never measurements; their keys are those of
 * doc/results-format.md.  The committed measurements (plots/data/) are only
 * read, and written again in memory. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#endif
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
#include <dirent.h>
#include <unistd.h>

#include "results.h"
#include "results_format.h"

/* ---- the temporary directory --------------------------------------------- */

static char dir[] = "/tmp/gpuroof-test-results-XXXXXX";
static char written[64][600]; /* the files to remove */
static size_t written_count;

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    for (size_t i = 0; i < written_count; i++)
        unlink(written[i]);
    return rmdir(dir);
}

/* Writes text to dir/name and returns its path (static storage). */
static const char *file(const char *name, const char *text)
{
    assert_true(written_count < sizeof written / sizeof written[0]);
    char *path = written[written_count];
    snprintf(path, sizeof written[0], "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
    bool seen = false;
    for (size_t i = 0; i < written_count; i++)
        seen = seen || strcmp(written[i], path) == 0;
    if (!seen)
        written_count++;
    return path;
}

/* Loads text as dir/name and expects err to be "PATH:" followed by
 * location_and_message. */
static void assert_load_error(const char *name, const char *text, const char *location_and_message)
{
    const char *path = file(name, text);
    gr_results r;
    gr_error err;
    memset(&err, 0, sizeof err);
    bool ok = gr_results_load(path, &r, &err);
    if (ok)
        gr_results_free(&r);
    assert_false(ok);
    char expected[1024];
    snprintf(expected, sizeof expected, "%s:%s", path, location_and_message);
    assert_string_equal(err.text, expected);
    /* A failed load leaves nothing to free, and freeing is still safe. */
    assert_null(r.kernels);
    assert_null(r.sweep);
    assert_int_equal(r.kernel_count, 0);
    assert_int_equal(r.sweep_count, 0);
    gr_results_free(&r);
}

/* ---- a full file ----------------------------------------------------------- */

static const char FULL[] =
    "# gpuroof measure results (synthetic: a unit test's input)\n"
    "device:\n"
    "  name: NVIDIA A100-SXM4-40GB\n"
    "  compute_capability: \"8.0\"\n"
    "  sm_count: 108\n"
    "  sm_clock_mhz: 1410\n"
    "  mem_clock_mhz: 1215\n"
    "  driver: \"535.104.05\"\n"
    "  runtime: \"12.2\"\n"
    "provenance:\n"
    "  gpuroof_version: \"0.1\"\n"
    "  git_commit: 0123456789abcdef\n"
    "  date: \"2024-01-01T00:00:00Z\"\n"
    "  command: gpuroof measure -o plots/data/a100.yaml\n"
    "ceilings:\n"
    "  dram_read_gbs: 1401.5\n"
    "  dram_write_gbs: 1302.25\n"
    "  dram_copy_gbs: 1350\n"
    "  dram_triad_gbs: 1360.75\n"
    "  memcpy_d2d_gbs: 1290.5\n"
    "  fp32_gflops: 19100\n"
    "  fp64_gflops: 9600.5\n"
    "  fp32_theoretical_gflops: 19491.84\n"
    "  fp64_theoretical_gflops: 9745.92\n"
    "  datasheet_bandwidth_gbs: 1555\n"
    "kernels:\n"
    "  - name: matmul_tiled_32\n"
    "    params: width=4096 tile=32\n"
    "    flops: 137438953472\n"
    "    bytes: 17179869184\n"
    "    intensity: 8\n"
    "    time_ms: {min: 10.1, median: 10.2, max: 10.5}\n"
    "    gflops: 13474.4\n"
    "    verified: true\n"
    "    vs_cublas: 0.725\n"
    "  - name: matmul_broken\n"
    "    intensity: 0.25\n"
    "    gflops: 12.5\n"
    "    verified: false\n"
    "sweep:\n"
    "  - {intensity: 0.5, gflops: 700}\n"
    "  - {intensity: 2, gflops: 2750.5}\n"
    "  - {intensity: 64, gflops: 18900}\n"
    "occupancy_checks:\n"
    "  - {threads: 256, regs: 32, smem: 0, predicted: 8, runtime_api: 8, measured: 8}\n"
    "bank_checks:\n"
    "  - {kernel: setRowReadCol, block: 32x32, pad: 0, predicted_load: 32, predicted_store: 1,\n"
    "     measured_load: 32, measured_store: 1}\n";

/* What the charts do not read, read all the same; absent keys absent. */
static void full_file_other_keys(const gr_results *r)
{
    assert_string_equal(r->device.compute_capability, "8.0");
    assert_int_equal(r->device.sm_count, 108);
    assert_string_equal(r->device.driver, "535.104.05");
    assert_string_equal(r->device.profile, "");
    assert_int_equal(r->device.l2_bytes, -1);
    assert_string_equal(r->provenance.command, "gpuroof measure -o plots/data/a100.yaml");
    assert_string_equal(r->provenance.commit, ""); /* the file says git_commit, which is not a key */
    assert_string_equal(r->kernels[0].params, "width=4096 tile=32");
    assert_float_equal(r->kernels[0].flops, 137438953472.0, 0);
    assert_float_equal(r->kernels[0].time_ms.median, 10.2, 0);
    assert_int_equal(r->kernels[0].time_ms.repeats, -1);
    assert_true(isnan(r->kernels[0].requested_intensity));
    assert_true(isnan(r->kernels[1].time_ms.min));
    assert_string_equal(r->kernels[1].check, "");
    assert_false(r->sweep[0].verified);
    assert_int_equal(r->occupancy_count, 1);
    assert_int_equal(r->occupancy[0].threads, 256);
    assert_int_equal(r->occupancy[0].runtime_api, 8);
    assert_int_equal(r->target_count, 0);
    assert_int_equal(r->layout_count, 0);
    assert_int_equal(r->bank_count, 1);
    assert_int_equal(r->banks[0].block.x, 32);
    assert_int_equal(r->banks[0].block.y, 32);
    assert_float_equal(r->banks[0].measured_load, 32, 0);
    assert_true(isnan(r->banks[0].ns_per_rep));
}

static void full_file(void **state)
{
    (void)state;
    const char *path = file("full.yaml", FULL);
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    assert_string_equal(r.path, path);
    assert_string_equal(r.device.name, "NVIDIA A100-SXM4-40GB");
    assert_float_equal(r.ceilings.dram_read_gbs, 1401.5, 0);
    assert_float_equal(r.ceilings.dram_write_gbs, 1302.25, 0);
    assert_float_equal(r.ceilings.dram_copy_gbs, 1350, 0);
    assert_float_equal(r.ceilings.dram_triad_gbs, 1360.75, 0);
    assert_float_equal(r.ceilings.memcpy_d2d_gbs, 1290.5, 0);
    assert_float_equal(r.ceilings.fp32_gflops, 19100, 0);
    assert_float_equal(r.ceilings.fp64_gflops, 9600.5, 0);
    assert_float_equal(r.ceilings.fp32_theoretical_gflops, 19491.84, 1e-9);
    assert_float_equal(r.ceilings.fp64_theoretical_gflops, 9745.92, 1e-9);
    assert_float_equal(r.ceilings.datasheet_bandwidth_gbs, 1555, 0);

    assert_int_equal(r.kernel_count, 2);
    assert_string_equal(r.kernels[0].name, "matmul_tiled_32");
    assert_float_equal(r.kernels[0].intensity, 8, 0);
    assert_float_equal(r.kernels[0].gflops, 13474.4, 1e-9);
    assert_true(r.kernels[0].verified);
    assert_float_equal(r.kernels[0].vs_cublas, 0.725, 0);
    assert_string_equal(r.kernels[1].name, "matmul_broken");
    assert_float_equal(r.kernels[1].intensity, 0.25, 0);
    assert_float_equal(r.kernels[1].gflops, 12.5, 0);
    assert_false(r.kernels[1].verified);
    assert_true(isnan(r.kernels[1].vs_cublas));

    assert_int_equal(r.sweep_count, 3);
    assert_float_equal(r.sweep[0].intensity, 0.5, 0);
    assert_float_equal(r.sweep[0].gflops, 700, 0);
    assert_float_equal(r.sweep[1].intensity, 2, 0);
    assert_float_equal(r.sweep[1].gflops, 2750.5, 0);
    assert_float_equal(r.sweep[2].intensity, 64, 0);
    assert_float_equal(r.sweep[2].gflops, 18900, 0);

    assert_float_equal(gr_results_best_bandwidth(&r), 1401.5, 0);
    full_file_other_keys(&r);
    gr_results_free(&r);
    assert_null(r.kernels);
    assert_null(r.sweep);
    assert_int_equal(r.kernel_count, 0);
    assert_int_equal(r.sweep_count, 0);
    gr_results_free(&r); /* twice: safe */
}

static void minimal_file(void **state)
{
    (void)state;
    const char *path = file("minimal.yaml", "device:\n  name: Some GPU\n");
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    assert_string_equal(r.device.name, "Some GPU");
    assert_true(isnan(r.ceilings.dram_read_gbs));
    assert_true(isnan(r.ceilings.dram_write_gbs));
    assert_true(isnan(r.ceilings.dram_copy_gbs));
    assert_true(isnan(r.ceilings.dram_triad_gbs));
    assert_true(isnan(r.ceilings.memcpy_d2d_gbs));
    assert_true(isnan(r.ceilings.fp32_gflops));
    assert_true(isnan(r.ceilings.fp64_gflops));
    assert_true(isnan(r.ceilings.fp32_theoretical_gflops));
    assert_true(isnan(r.ceilings.fp64_theoretical_gflops));
    assert_true(isnan(r.ceilings.datasheet_bandwidth_gbs));
    assert_true(isnan(gr_results_best_bandwidth(&r)));
    assert_int_equal(r.kernel_count, 0);
    assert_int_equal(r.sweep_count, 0);
    gr_results_free(&r);
    gr_results_free(&r);
}

static void absent_ceilings_are_nan(void **state)
{
    (void)state;
    const char *path = file("some.yaml", "device: {name: G}\n"
                                         "ceilings:\n"
                                         "  fp32_gflops: 1000\n"
                                         "  dram_copy_gbs: 500\n"
                                         "kernels: []\n"
                                         "sweep: []\n");
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    assert_float_equal(r.ceilings.fp32_gflops, 1000, 0);
    assert_float_equal(r.ceilings.dram_copy_gbs, 500, 0);
    assert_true(isnan(r.ceilings.fp64_gflops));
    assert_true(isnan(r.ceilings.dram_read_gbs));
    assert_true(isnan(r.ceilings.dram_write_gbs));
    assert_true(isnan(r.ceilings.dram_triad_gbs));
    assert_true(isnan(r.ceilings.memcpy_d2d_gbs));
    assert_true(isnan(r.ceilings.datasheet_bandwidth_gbs));
    assert_true(isnan(r.ceilings.shared_gbs) && isnan(r.ceilings.l2_gbs) && isnan(r.ceilings.l2_theoretical_gbs));
    assert_true(isnan(r.ceilings.fp16_gflops) && isnan(r.ceilings.bf16_theoretical_gflops));
    assert_true(isnan(r.ceilings.tensor_fp8_gflops) && isnan(r.ceilings.tensor_fp64_theoretical_gflops));
    assert_float_equal(gr_results_best_bandwidth(&r), 500, 0);
    assert_int_equal(r.kernel_count, 0);
    assert_int_equal(r.sweep_count, 0);
    gr_results_free(&r);
}

static void unknown_keys_are_accepted(void **state)
{
    (void)state;
    const char *path = file("extra.yaml", "future_section: {a: [1, 2]}\n"
                                          "device:\n"
                                          "  name: G\n"
                                          "  pcie_generation: 4\n"
                                          "ceilings:\n"
                                          "  fp32_gflops: 1000\n"
                                          "  l2_read_gbs: 5000\n"
                                          "kernels:\n"
                                          "  - {name: k, intensity: 1, gflops: 2, verified: true, power_w: 250}\n"
                                          "sweep:\n"
                                          "  - {intensity: 1, gflops: 2, repeats: 10}\n"
                                          "notes: anything at all\n");
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    assert_float_equal(r.ceilings.fp32_gflops, 1000, 0);
    assert_int_equal(r.kernel_count, 1);
    assert_int_equal(r.sweep_count, 1);
    gr_results_free(&r);
}

/* ---- gr_results_best_bandwidth --------------------------------------------------- */

static gr_results with_bandwidths(double read, double write, double copy, double triad)
{
    gr_results r;
    memset(&r, 0, sizeof r);
    r.ceilings = (gr_result_ceilings){.dram_read_gbs = read, .dram_write_gbs = write, .dram_copy_gbs = copy,
                                      .dram_triad_gbs = triad, .memcpy_d2d_gbs = NAN, .datasheet_bandwidth_gbs = NAN};
    return r;
}

static void best_bandwidth(void **state)
{
    (void)state;
    gr_results r = with_bandwidths(100, 200, 300, 400);
    assert_float_equal(gr_results_best_bandwidth(&r), 400, 0);
    r = with_bandwidths(100, 200, 350, NAN);
    assert_float_equal(gr_results_best_bandwidth(&r), 350, 0);
    r = with_bandwidths(100, 250, NAN, 200);
    assert_float_equal(gr_results_best_bandwidth(&r), 250, 0);
    r = with_bandwidths(900, 250, 800, 200);
    assert_float_equal(gr_results_best_bandwidth(&r), 900, 0);
    r = with_bandwidths(NAN, NAN, NAN, 7);
    assert_float_equal(gr_results_best_bandwidth(&r), 7, 0);
    assert_string_equal(gr_results_dram_roof_key(&r), "dram_triad_gbs");
    r = with_bandwidths(NAN, NAN, NAN, NAN);
    r.ceilings.memcpy_d2d_gbs = 5000; /* not a DRAM kernel's figure */
    r.ceilings.datasheet_bandwidth_gbs = 6000;
    assert_true(isnan(gr_results_best_bandwidth(&r)));
    assert_null(gr_results_dram_roof_key(&r));
}

/* ---- errors ------------------------------------------------------------------------ */

static void error_missing_device(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "ceilings:\n  fp32_gflops: 1\n", "1:1: the results: missing key 'device'");
    assert_load_error("e.yaml", "# a comment first\nprovenance: {date: today}\n",
                      "2:1: the results: missing key 'device'");
}

static void error_not_a_mapping(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "- device\n", "1:1: a results file must be a mapping");
    assert_load_error("e.yaml", "just text\n", "1:1: a results file must be a mapping");
}

static void error_empty_file(void **state)
{
    (void)state;
    const char *path = file("empty.yaml", "");
    gr_results r;
    gr_error err;
    assert_false(gr_results_load(path, &r, &err));
    char expected[1024];
    snprintf(expected, sizeof expected, "%s: the file is empty", path);
    assert_string_equal(err.text, expected);
    gr_results_free(&r);
}

static void error_no_such_file(void **state)
{
    (void)state;
    char path[700];
    snprintf(path, sizeof path, "%s/absent.yaml", dir);
    gr_results r;
    gr_error err;
    assert_false(gr_results_load(path, &r, &err));
    assert_true(strncmp(err.text, path, strlen(path)) == 0);
    assert_non_null(strstr(err.text, "No such file"));
    gr_results_free(&r);
}

static void error_device_not_a_mapping(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "device: NVIDIA A100\n", "1:9: device must be a mapping");
    assert_load_error("e.yaml", "kernels: []\ndevice:\n  - name: G\n", "3:3: device must be a mapping");
}

static void error_missing_device_name(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "device:\n  sm_count: 108\n", "2:3: device: missing key 'name'");
    assert_load_error("e.yaml", "device: {sm_count: 108}\n", "1:9: device: missing key 'name'");
    assert_load_error("e.yaml", "device:\n  name: [G]\n", "2:9: device.name must be a string, not a list");
    assert_load_error("e.yaml", "device:\n  name: \"\"\n", "2:9: device.name must not be empty");
}

static void error_ceilings_not_a_mapping(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "device: {name: G}\nceilings: [1, 2]\n", "2:11: ceilings must be a mapping");
    assert_load_error("e.yaml", "device: {name: G}\nceilings: 1555\n", "2:11: ceilings must be a mapping");
}

static void error_ceiling_not_a_number(void **state)
{
    (void)state;
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "ceilings:\n"
                      "  dram_read_gbs: 1400\n"
                      "  fp32_gflops: {value: 19000}\n",
                      "4:16: ceilings.fp32_gflops must be a number, not a mapping");
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "ceilings:\n"
                      "  fp64_gflops: 9700 GFLOP/s\n",
                      "3:21: ceilings.fp64_gflops: unexpected name 'GFLOP' after a number");
}

static void error_ceiling_negative(void **state)
{
    (void)state;
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "ceilings:\n"
                      "  dram_triad_gbs: -5\n",
                      "3:19: ceilings.dram_triad_gbs is -5; it must be between 1e-06 and 1e+09");
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "ceilings:\n"
                      "  fp32_gflops: 0\n",
                      "3:16: ceilings.fp32_gflops is 0; it must be between 1e-06 and 1e+09");
}

static void error_kernels_not_a_list(void **state)
{
    (void)state;
    assert_load_error("e.yaml", "device: {name: G}\nkernels: {name: k}\n", "2:10: kernels must be a list");
    assert_load_error("e.yaml", "device: {name: G}\nkernels:\n  - k1\n",
                      "3:5: kernels: each kernel must be a mapping");
}

static void error_kernel_missing_keys(void **state)
{
    (void)state;
    static const char head[] = "device: {name: G}\n"
                               "kernels:\n"
                               "  - {name: ok, intensity: 1, gflops: 2, verified: true}\n";
    static const struct {
        const char *row, *error;
    } cases[] = {
        {"  - {intensity: 1, gflops: 2, verified: true}\n", "4:5: kernels: missing key 'name'"},
        {"  - {name: k, gflops: 2, verified: true}\n", "4:5: kernels: missing key 'intensity'"},
        {"  - {name: k, intensity: 1, verified: true}\n", "4:5: kernels: missing key 'gflops'"},
        {"  - {name: k, intensity: 1, gflops: 2}\n", "4:5: kernels: missing key 'verified'"},
        {"  - name: k\n    intensity: 1\n    gflops: 2\n", "4:5: kernels: missing key 'verified'"},
        {"  - {name: k, intensity: -1, gflops: 2, verified: true}\n",
         "4:26: kernels.intensity is -1; it must be between 0 and 1e+09"},
        {"  - {name: k, intensity: 1, gflops: fast, verified: true}\n",
         "4:37: kernels.gflops: unknown name 'fast'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", head, cases[i].row);
        assert_load_error("e.yaml", text, cases[i].error);
    }
}

static void error_verified_not_a_boolean(void **state)
{
    (void)state;
    static const struct {
        const char *value, *error;
    } cases[] = {
        {"yes", "3:50: kernels.verified must be true or false"},
        {"1", "3:50: kernels.verified must be true or false"},
        {"[true]", "3:50: kernels.verified must be true or false"},
        {"TRUE", "3:50: kernels.verified must be true or false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "device: {name: G}\n"
                 "kernels:\n"
                 "  - {name: k, intensity: 1, gflops: 2, verified: %s}\n",
                 cases[i].value);
        assert_load_error("e.yaml", text, cases[i].error);
    }
}

static void error_vs_cublas(void **state)
{
    (void)state;
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "kernels:\n"
                      "  - {name: k, intensity: 1, gflops: 2, verified: true, vs_cublas: -0.5}\n",
                      "3:67: kernels.vs_cublas is -0.5; it must be between 0 and 1e+09");
}

static void error_sweep_point(void **state)
{
    (void)state;
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "sweep:\n"
                      "  - {intensity: 1, gflops: 2}\n"
                      "  - {intensity: 2}\n",
                      "4:5: sweep: missing key 'gflops'");
    assert_load_error("e.yaml",
                      "device: {name: G}\n"
                      "sweep:\n"
                      "  - {gflops: 2}\n",
                      "3:5: sweep: missing key 'intensity'");
    assert_load_error("e.yaml", "device: {name: G}\nsweep: {intensity: 1, gflops: 2}\n",
                      "2:8: sweep must be a list");
    assert_load_error("e.yaml", "device: {name: G}\nsweep:\n  - [1, 2]\n",
                      "3:5: sweep: each point must be a mapping");
}

/* The row limit: counted before any row is read, so the rows here can be
 * bare numbers (100000 real rows would not fit the 1 MiB file limit). */
static char *number_list(const char *key, size_t rows)
{
    size_t size = 64 + 2 * rows;
    char *text = malloc(size);
    assert_non_null(text);
    int n = snprintf(text, size, "device: {name: G}\n%s: [", key);
    char *p = text + n;
    for (size_t i = 0; i < rows; i++) {
        *p++ = '1';
        *p++ = i + 1 < rows ? ',' : ']';
    }
    *p++ = '\n';
    *p = '\0';
    return text;
}

static void error_too_many_rows(void **state)
{
    (void)state;
    char *text = number_list("sweep", 100001);
    assert_load_error("big.yaml", text, "2:8: sweep has more than 100000 rows");
    free(text);
    text = number_list("kernels", 100001);
    assert_load_error("big.yaml", text, "2:10: kernels has more than 100000 rows");
    free(text);
    /* 100000 rows are within the limit: the first row is read (and fails). */
    text = number_list("sweep", 100000);
    assert_load_error("big.yaml", text, "2:9: sweep: each point must be a mapping");
    free(text);
}

/* Regression: a key given twice is taken silently, the first value winning: with
 *     ceilings:
 *       fp32_gflops: 19100
 *       fp32_gflops: 9600
 * the chart shows 19100.  yaml_doc.h promises every gpuroof input "no
 * duplicate keys", but only gr_yaml_check_mapping() checks for them, and
 * the results loader (which must accept unknown keys) never calls it,
 * where the profile and model loaders reject duplicates in their files.  It
 * should be an error naming the file (and, best, the second key's place). */
static void error_key_given_twice(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "device: {name: G}\n"
        "ceilings:\n"
        "  fp32_gflops: 19100\n"
        "  fp32_gflops: 9600\n",
        "device: {name: G}\n"
        "device: {name: H}\n",
        "device: {name: G}\n"
        "sweep:\n"
        "  - {intensity: 1, gflops: 2, gflops: 3}\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *path = file("twice.yaml", texts[i]);
        gr_results r;
        gr_error err;
        bool ok = gr_results_load(path, &r, &err);
        gr_results_free(&r);
        assert_false(ok);
        assert_true(strncmp(err.text, path, strlen(path)) == 0);
        assert_non_null(strstr(err.text, i == 1 ? "device" : i == 0 ? "fp32_gflops" : "gflops"));
    }
}

static void error_yaml_syntax(void **state)
{
    (void)state;
    const char *path = file("bad.yaml", "device: {name: G\n");
    gr_results r;
    gr_error err;
    assert_false(gr_results_load(path, &r, &err));
    assert_true(strncmp(err.text, path, strlen(path)) == 0);
    assert_true(err.text[strlen(path)] == ':');
    gr_results_free(&r);
}

static void error_other_keys(void **state)
{
    (void)state;
    static const struct {
        const char *text, *error;
    } cases[] = {
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true, params: {n: 4}}\n",
         "3:64: kernels.params must be a string, not a mapping"},
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true, time_ms: 3}\n",
         "3:65: kernels.time_ms must be a mapping"},
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true, levels: [1]}\n",
         "3:64: kernels.levels must be a mapping"},
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true,\n"
         "     levels: {dram_bytes: 1, l2_bytes: -4}}\n",
         "4:40: kernels.levels.l2_bytes is -4; it must be between 0 and 1e+18"},
        {"device: {name: G}\nceilings: {tensor_fp8_gflops: 0}\n",
         "2:31: ceilings.tensor_fp8_gflops is 0; it must be between 1e-06 and 1e+09"},
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true, time_ms: {min: 1}}\n",
         "3:65: kernels.time_ms: missing key 'median'"},
        {"device: {name: G}\nkernels:\n  - {name: k, intensity: 1, gflops: 2, verified: true,\n"
         "     time_ms: {min: 1, median: 2, max: 3, repeats: 0.5}}\n",
         "4:52: kernels.time_ms.repeats must be a whole number, not 0.5"},
        {"device: {name: G, sm_count: -1}\n", "1:29: device.sm_count is -1; it must be between 0 and 1099511627776"},
        {"device: {name: G}\nprovenance: []\n", "2:13: provenance must be a mapping"},
        {"device: {name: G}\nlayout_checks:\n  - {kernel: k, block: 32x32, pad: 0}\n",
         "3:5: layout_checks: missing key 'verified'"},
        {"device: {name: G}\nbank_checks:\n  - {kernel: k, block: 32 by 32, pad: 0}\n",
         "3:24: bank_checks.block must be XxY, not '32 by 32'"},
        {"device: {name: G}\ntarget_blocks_checks:\n  - {threads: 256, regs: 18, target: 1, gpuroof_bytes: 1,\n"
         "     measured_at_gpuroof: -2, measured_one_byte_more: 0, runtime_bytes: 1, measured_at_runtime: 1}\n",
         "4:27: target_blocks_checks.measured_at_gpuroof is -2; it must be between -1 and 1099511627776"},
        {"device: {name: G}\nsweep:\n  - {intensity: 1, gflops: 2, verified: maybe}\n",
         "3:41: sweep.verified must be true or false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_load_error("e.yaml", cases[i].text, cases[i].error);
}

/* A launch that failed counts -1 blocks, and is read as such. */
static void failed_launch_counts_minus_one(void **state)
{
    (void)state;
    const char *path = file("target.yaml", "device: {name: G}\n"
                                           "target_blocks_checks:\n"
                                           "  - {threads: 256, regs: 18, target: 1, gpuroof_bytes: 232448,\n"
                                           "     measured_at_gpuroof: -1, measured_one_byte_more: 0,\n"
                                           "     runtime_bytes: 232448, measured_at_runtime: 1}\n");
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    assert_int_equal(r.target_count, 1);
    assert_int_equal(r.targets[0].measured_at_gpuroof, -1);
    assert_int_equal(r.targets[0].gpuroof_bytes, 232448);
    gr_results_free(&r);
}

/* ---- the writer ----------------------------------------------------------------------- */

/* The bytes of a row, its texts' pointers (which differ from file to
 * file) left out. */
static char *row_bytes(const gr_results_section *s, const char *row)
{
    char *copy = malloc(s->row_size ? s->row_size : 1);
    assert_non_null(copy);
    memcpy(copy, row, s->row_size);
    for (size_t i = 0; i < s->key_count; i++)
        if (s->keys[i].type == GR_RESULTS_TEXT)
            memset(copy + s->keys[i].offset, 0, sizeof(const char *));
    return copy;
}

/* Fails at the first key of section s whose value differs between the
 * structs at a and b, then compares every other byte (fields outside the
 * table, were there any, included). */
static void assert_same_keys(const gr_results_section *s, const char *where, const char *a, const char *b)
{
    for (size_t i = 0; i < s->key_count; i++) {
        const gr_results_key *k = &s->keys[i];
        const char *x = a + k->offset, *y = b + k->offset;
        bool same;
        if (k->type == GR_RESULTS_TEXT)
            same = strcmp(*(const char *const *)x, *(const char *const *)y) == 0;
        else if (k->type == GR_RESULTS_NUMBER)
            same = *(const double *)x == *(const double *)y || (isnan(*(const double *)x) && isnan(*(const double *)y));
        else if (k->type == GR_RESULTS_MAP)
            same = (assert_same_keys(k->map, where, x, y), true);
        else
            same = memcmp(x, y, k->size) == 0;
        if (!same)
            fail_msg("%s.%s differs once written and read back", where, k->name);
    }
    char *x = row_bytes(s, a), *y = row_bytes(s, b);
    assert_memory_equal(x, y, s->row_size);
    free(x);
    free(y);
}

static void assert_same_results(const gr_results *a, const gr_results *b)
{
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    for (size_t i = 0; i < n; i++) {
        const gr_results_section *s = &sections[i];
        if (!s->list) {
            assert_same_keys(s, s->name, (const char *)a + s->offset, (const char *)b + s->offset);
            continue;
        }
        size_t count_a, count_b;
        const char *rows_a, *rows_b;
        memcpy(&count_a, (const char *)a + s->count_offset, sizeof count_a);
        memcpy(&count_b, (const char *)b + s->count_offset, sizeof count_b);
        memcpy(&rows_a, (const char *)a + s->offset, sizeof rows_a);
        memcpy(&rows_b, (const char *)b + s->offset, sizeof rows_b);
        assert_int_equal(count_a, count_b);
        for (size_t j = 0; j < count_a; j++) {
            char where[64];
            snprintf(where, sizeof where, "%s[%zu]", s->name, j);
            assert_same_keys(s, where, rows_a + j * s->row_size, rows_b + j * s->row_size);
        }
    }
}

/* Writes r as text and reads the text back into back; *text to free. */
static void write_and_read(const gr_results *r, gr_results *back, char **text, size_t *len)
{
    gr_error err;
    if (!gr_results_render(r, text, len, &err))
        fail_msg("%s", err.text);
    if (!gr_results_load_buffer("written.yaml", *text, *len, back, &err))
        fail_msg("%s\n%s", err.text, *text);
}

/* The ceilings above DRAM and the tensor cores, and a kernel's levels, read
 * as written; a GPU without FP8 tensor cores leaves that pair out, and a
 * kernel Nsight Compute did not count has no levels. */
static void hierarchy_and_tensor_ceilings(void **state)
{
    (void)state;
    const char *path = file("tensor.yaml", "device: {name: G}\n"
                                           "ceilings:\n"
                                           "  shared_gbs: 18500.5\n"
                                           "  shared_theoretical_gbs: 19491.84\n"
                                           "  l2_gbs: 4100\n"
                                           "  fp16_gflops: 70000\n"
                                           "  fp16_theoretical_gflops: 77967.36\n"
                                           "  bf16_gflops: 38000\n"
                                           "  bf16_theoretical_gflops: 38983.68\n"
                                           "  tensor_fp16_gflops: 250000\n"
                                           "  tensor_fp16_theoretical_gflops: 311869.44\n"
                                           "  tensor_tf32_gflops: 120000.25\n"
                                           "  tensor_fp64_gflops: 17500\n"
                                           "  tensor_fp64_theoretical_gflops: 19491.84\n"
                                           "kernels:\n"
                                           "  - name: counted\n"
                                           "    intensity: 1\n"
                                           "    gflops: 2\n"
                                           "    verified: true\n"
                                           "    levels: {dram_bytes: 1024, l2_bytes: 4096, shared_wavefronts: 8}\n"
                                           "  - {name: uncounted, intensity: 1, gflops: 2, verified: true}\n");
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        fail_msg("%s", err.text);
    const gr_result_ceilings *c = &r.ceilings;
    assert_float_equal(c->shared_gbs, 18500.5, 0);
    assert_float_equal(c->shared_theoretical_gbs, 19491.84, 0);
    assert_float_equal(c->l2_gbs, 4100, 0);
    assert_true(isnan(c->l2_theoretical_gbs));
    assert_float_equal(c->fp16_gflops, 70000, 0);
    assert_float_equal(c->fp16_theoretical_gflops, 77967.36, 0);
    assert_float_equal(c->bf16_gflops, 38000, 0);
    assert_float_equal(c->bf16_theoretical_gflops, 38983.68, 0);
    assert_float_equal(c->tensor_fp16_gflops, 250000, 0);
    assert_float_equal(c->tensor_fp16_theoretical_gflops, 311869.44, 0);
    assert_true(isnan(c->tensor_bf16_gflops) && isnan(c->tensor_bf16_theoretical_gflops));
    assert_float_equal(c->tensor_tf32_gflops, 120000.25, 0);
    assert_true(isnan(c->tensor_tf32_theoretical_gflops));
    assert_true(isnan(c->tensor_fp8_gflops) && isnan(c->tensor_fp8_theoretical_gflops));
    assert_float_equal(c->tensor_fp64_gflops, 17500, 0);
    assert_float_equal(c->tensor_fp64_theoretical_gflops, 19491.84, 0);
    assert_int_equal(r.kernel_count, 2);
    assert_float_equal(r.kernels[0].levels.dram_bytes, 1024, 0);
    assert_float_equal(r.kernels[0].levels.l2_bytes, 4096, 0);
    assert_true(isnan(r.kernels[0].levels.l1_bytes));
    assert_float_equal(r.kernels[0].levels.shared_wavefronts, 8, 0);
    const gr_result_levels *none = &r.kernels[1].levels;
    assert_true(isnan(none->dram_bytes) && isnan(none->l2_bytes) && isnan(none->l1_bytes) &&
                isnan(none->shared_wavefronts));
    char *text;
    size_t len;
    gr_results back;
    write_and_read(&r, &back, &text, &len);
    assert_same_results(&r, &back);
    assert_non_null(strstr(text, "  levels: {dram_bytes: 1024, l2_bytes: 4096, shared_wavefronts: 8}\n"
                                 "- name: uncounted\n"));
    assert_null(strstr(text, "tensor_fp8"));
    free(text);
    gr_results_free(&r);
    gr_results_free(&back);
}

static void fill_device(gr_results *r)
{
    gr_result_device *d = &r->device;
    d->name = "NVIDIA H100 80GB HBM3";
    d->cuda_index = 3;
    d->pci_bus_id = "0000:9b:00.0";
    d->uuid = "GPU-5d0e4a2c-7f31-8b6e-0c9d-1a2b3c4d5e6f";
    d->profile = "h100";
    d->compute_capability = "9.0";
    d->sm_count = 132;
    d->sm_clock_mhz = 1980;
    d->sm_clock_source = "NVML, read during the run";
    d->mem_clock_mhz = 2619;
    d->max_sm_clock_mhz = 1980;
    d->memory_bus_bits = 5120;
    d->l2_bytes = 52428800;
    d->memory_bytes = 85017493504;
    d->power_limit_w = 700;
    d->driver = "13.0";
    d->runtime = "12.8";
    gr_result_provenance *p = &r->provenance;
    p->gpuroof = "0.1.0";
    p->commit = "0123456789ab-dirty";
    p->date = "2026-11-21T23:45:40Z";
    p->command = "gpuroof measure -o 'my results.yaml' --only ceilings,matmul";
    p->bytes = "bytes read plus bytes written: a line long enough that the writer folds "
               "it at its width of a hundred characters, then the reader unfolds it again";
    p->timing = "CUDA events: true";
    gr_result_ceilings *c = &r->ceilings;
    *c = (gr_result_ceilings){
        .dram_read_gbs = 3211.565106, .dram_write_gbs = 3291.505578, .dram_copy_gbs = 3052.692479,
        .dram_triad_gbs = 3084.543193, .memcpy_d2d_gbs = 3020.370832, .fp32_gflops = 65751.25199,
        .fp64_gflops = 33374.41266, .fp32_theoretical_gflops = 66908.16, .fp64_theoretical_gflops = 33454.08,
        .datasheet_bandwidth_gbs = 3352, .shared_gbs = 32012.5, .shared_theoretical_gbs = 33454.08,
        .l2_gbs = 7512.25, .l2_theoretical_gbs = 8750, .fp16_gflops = 130001.5, .fp16_theoretical_gflops = 133816.32,
        .bf16_gflops = 129876.25, .bf16_theoretical_gflops = 133816.32, .tensor_fp16_gflops = 702345.5,
        .tensor_fp16_theoretical_gflops = 948436.992, .tensor_bf16_gflops = 699001.25,
        .tensor_bf16_theoretical_gflops = 948436.992, .tensor_tf32_gflops = 380002.5,
        .tensor_tf32_theoretical_gflops = 474218.496, .tensor_fp8_gflops = 1210000.75,
        .tensor_fp8_theoretical_gflops = 1896873.984, .tensor_fp64_gflops = 52001.5,
        .tensor_fp64_theoretical_gflops = 59277.312, .tensor_fp16_sustained_gflops = 661984.25,
        .tensor_bf16_sustained_gflops = 690584.5, .tensor_tf32_sustained_gflops = 361886.75,
        .tensor_fp8_sustained_gflops = 1334627.125, .tensor_fp64_sustained_gflops = 51945.5,
    };
}

static void fill_rows(gr_results *r)
{
    gr_result_kernel *k = gr_results_add_kernel(r, NULL);
    k->name = "matmul-tiled32";
    k->params = "width=4096 tile=32";
    k->flops = 1.374389535e+11, k->bytes = 201326592, k->intensity = 682.6666667;
    k->requested_intensity = 7.968871595;
    k->time_ms = (gr_result_timing){14.94281578, 14.96201611, 14.97750378, 20};
    k->gflops = 9185.9, k->verified = true, k->vs_cublas = 0.1784610951;
    k->check = "2050 sampled elements: worst relative error 1.5e-07";
    k->levels = (gr_result_levels){2.01326592e+8, 1.374389535e+10, 2.748779069e+10, 4294967296, 1.374389535e+11};
    gr_result_kernel *minimal = gr_results_add_kernel(r, NULL); /* only what a kernel must have */
    minimal->name = "true";
    minimal->intensity = 0, minimal->gflops = 1e-3;
    gr_result_point *p = gr_results_add_sweep_point(r, NULL);
    *p = (gr_result_point){.intensity = 0.09375, .gflops = 285.055319, .verified = true};
    gr_result_occupancy *o = gr_results_add_occupancy(r, NULL);
    *o = (gr_result_occupancy){1024, 255, 233472, 1, 1, 1};
    gr_result_target *t = gr_results_add_target(r, NULL);
    *t = (gr_result_target){256, 18, 2, 115712, 2, 1, 116736, -1};
    gr_result_layout *l = gr_results_add_layout(r, NULL);
    l->kernel = "setRowReadColDynPad";
    l->block = (gr_result_block){32, 16}, l->pad = 3, l->verified = true;
    gr_result_bank *b = gr_results_add_bank(r, NULL);
    b->kernel = "setRowReadColDynPad";
    b->block = (gr_result_block){32, 16}, b->pad = 3;
    b->predicted_load = 2, b->predicted_store = 1, b->measured_load = 2, b->measured_store = 1.5;
    b->ns_per_rep = 632.4959993;
    r->latency = (gr_result_latency){
        .sm_clock_mhz = 1980.25, .l1_cycles = 33.75, .l1_ns = 17.04, .shared_cycles = 29.5, .shared_ns = 14.9,
        .l2_near_cycles = 262.5, .l2_near_ns = 132.56, .l2_far_cycles = 488, .l2_far_ns = 246.43,
        .dram_cycles = 1250.125, .dram_ns = 631.3, .empty_kernel_ns = 2496, .launch_interval_ns = 1187.5,
        .verified = true,
    };
    gr_result_latency_curve *lc = gr_results_add_latency_curve(r, NULL);
    *lc = (gr_result_latency_curve){16, 4, 48, 3105.25, true};
    gr_result_spread *sp = gr_results_add_spread(r, NULL);
    *sp = (gr_result_spread){"tensor_bf16_gflops", 803468.5, 810001.25, 814516.75, 5, 1965.5, 366.25};
    gr_result_spread *unclocked = gr_results_add_spread(r, NULL);
    *unclocked = (gr_result_spread){"dram_copy_gbs", 3050.5, 3052.25, 3057.75, 5, NAN, NAN};
    gr_result_volatile *v = gr_results_add_volatile(r, NULL);
    *v = (gr_result_volatile){"loopGlobalVolatile", "global", true, 270336, 256, 256, 120543.5, true,
                              2162688, 0, 17301504, 0};
    gr_result_volatile *uncounted = gr_results_add_volatile(r, NULL);
    *uncounted = (gr_result_volatile){"loopSharedPlain", "shared", false, 270336, 256, 256, 9811.25, true,
                                      NAN, NAN, NAN, NAN};
}

/* The volatile checks: written only where measured, as flow rows (the key
 * volatile spelt so, though its field is is_volatile), read back the same;
 * a row that breaks a rule, or a bad value, names the file, line and
 * column. */
static void volatile_checks_round_trip(void **state)
{
    (void)state;
    static gr_results r, back;
    gr_results_init(&r);
    r.device.name = "G";
    char *text;
    size_t len;
    write_and_read(&r, &back, &text, &len);
    assert_null(strstr(text, "volatile"));
    free(text);
    gr_results_free(&back);
    gr_result_volatile *v = gr_results_add_volatile(&r, NULL);
    *v = (gr_result_volatile){"loopSharedVolatile", "shared", true, 270336, 256, 256, 40960.5, true,
                              1056, 2162688, 1056, 0};
    write_and_read(&r, &back, &text, &len);
    assert_same_results(&r, &back);
    assert_non_null(strstr(text, "volatile_checks:\n- {kernel: loopSharedVolatile, memory: shared, volatile: true, "
                                 "threads: 270336, block: 256, iterations: 256,\n  ns: 40960.5, verified: true, "
                                 "global_load_instructions: 1056, shared_load_instructions: 2162688, "
                                 "l1_global_load_sectors: 1056,\n  l1_global_load_hit_sectors: 0}\n"));
    assert_int_equal(back.volatile_count, 1);
    assert_true(back.volatiles[0].is_volatile && back.volatiles[0].shared_load_instructions == 2162688);
    free(text);
    gr_results_free(&r);
    gr_results_free(&back);
}

static void error_volatile_checks(void **state)
{
    (void)state;
    const char *head = "device: {name: G}\nvolatile_checks:\n";
    const char *cases[][2] = {
        {"- {kernel: loopGlobalPlain, memory: local, volatile: false, threads: 256, block: 256, iterations: 1, "
         "verified: true}\n",
         "3:3: volatile_checks: each check: memory must be global or shared"},
        {"- {kernel: loopGlobalPlain, memory: global, volatile: maybe, threads: 256, block: 256, iterations: 1, "
         "verified: true}\n",
         "3:55: volatile_checks.volatile must be true or false"},
        {"- {kernel: loopGlobalPlain, memory: global, volatile: false, threads: 300, block: 256, iterations: 1, "
         "verified: true}\n",
         "3:3: volatile_checks: each check: threads must be a whole number of blocks"},
        {"- {kernel: loopGlobalPlain, memory: global, volatile: false, threads: 256, block: 2048, iterations: 1, "
         "verified: true}\n",
         "3:83: volatile_checks.block is 2048; it must be between 1 and 1024"},
        {"- {kernel: loopGlobalPlain, memory: global, volatile: false, threads: 256, block: 256, iterations: 1, "
         "verified: true, l1_global_load_sectors: 8, l1_global_load_hit_sectors: 9}\n",
         "3:3: volatile_checks: each check: l1_global_load_hit_sectors must be at most l1_global_load_sectors"},
        {"- {kernel: loopGlobalPlain, memory: global, threads: 256, block: 256, iterations: 1, verified: true}\n",
         "3:3: volatile_checks: missing key 'volatile'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", head, cases[i][0]);
        assert_load_error("volatile.yaml", text, cases[i][1]);
    }
}

/* The first row of every list, and every mapping, has every key of its
 * table given (true, for true or false): a key added to a table and not
 * here fails, so that this file keeps holding every key.  A required key is
 * written whatever it holds (a failed launch's -1 blocks too). */
static void assert_every_key_given(const gr_results_section *s, const char *base)
{
    for (size_t i = 0; i < s->key_count; i++) {
        const gr_results_key *k = &s->keys[i];
        bool absent = !k->required && gr_results_key_absent(k, base);
        if (absent || (k->type == GR_RESULTS_BOOL && !*(const bool *)(base + k->offset)))
            fail_msg("%s.%s: not given in the file with every key", s->name, k->name);
        if (k->type == GR_RESULTS_MAP)
            assert_every_key_given(k->map, base + k->offset);
    }
}

static void every_key_round_trips(void **state)
{
    (void)state;
    static gr_results r, back;
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    gr_results_init(&r);
    fill_device(&r);
    fill_rows(&r);
    for (size_t i = 0; i < n; i++) {
        const char *base;
        memcpy(&base, (const char *)&r + sections[i].offset, sizeof base);
        assert_every_key_given(&sections[i], sections[i].list ? base : (const char *)&r + sections[i].offset);
    }
    char *text;
    size_t len;
    write_and_read(&r, &back, &text, &len);
    assert_same_results(&r, &back);
    assert_non_null(strstr(text, "- name: \"true\"\n  intensity: 0\n  gflops: 0.001\n  verified: false\nsweep:\n"));
    free(text);
    gr_results_free(&r);
    gr_results_free(&back);
}

/* An empty file: every section written, empty, and read back so. */
static void empty_results_round_trip(void **state)
{
    (void)state;
    static gr_results r, back;
    gr_results_init(&r);
    r.device.name = "G";
    char *text;
    size_t len;
    write_and_read(&r, &back, &text, &len);
    assert_same_results(&r, &back);
    assert_string_equal(text, "device:\n  name: G\nprovenance: {}\nceilings: {}\nkernels: []\nsweep: []\n"
                              "occupancy_checks: []\ntarget_blocks_checks: []\nlayout_checks: []\nbank_checks: []\n");
    free(text);
    gr_results_free(&back);
}

/* The latency part is written only where it holds something: the launch
 * floor alone is a latency mapping of its two keys (and verified, false:
 * true or false is never absent); a point of the curves
 * alone, a list of one row; and a verified false with nothing else, no
 * mapping (what a run whose every chase failed measured). */
static void latency_written_where_set(void **state)
{
    (void)state;
    static gr_results r, back;
    gr_results_init(&r);
    r.device.name = "G";
    r.latency.empty_kernel_ns = 2500;
    r.latency.launch_interval_ns = 1200;
    gr_result_latency_curve *lc = gr_results_add_latency_curve(&r, NULL);
    *lc = (gr_result_latency_curve){4, 1, 1, 24.5, false};
    char *text;
    size_t len;
    write_and_read(&r, &back, &text, &len);
    assert_same_results(&r, &back);
    assert_non_null(strstr(text, "bank_checks: []\nlatency:\n  empty_kernel_ns: 2500\n  launch_interval_ns: 1200\n"
                                 "  verified: false\nlatency_curves:\n- {load_bytes: 4, loads_in_flight: 1, warps_per_sm: 1, gbs: 24.5, "
                                 "verified: false}\n"));
    free(text);
    gr_results_free(&r);
    gr_results_free(&back);
    gr_results_init(&r);
    r.device.name = "G";
    r.latency.verified = false;
    write_and_read(&r, &back, &text, &len);
    assert_null(strstr(text, "latency"));
    free(text);
    gr_results_free(&back);
}

/* A spread row names a ceilings key and holds its figures in order; one
 * that breaks either rule names the file, line and column; the row of a
 * key is found by its name. */
static void error_spread_rules(void **state)
{
    (void)state;
    assert_load_error("spread.yaml",
                      "device: {name: G}\nceiling_spread:\n- {ceiling: dram_copy_gbs, low: 1, median: 2, high: 3, "
                      "repeats: 5}\n- {ceiling: warp_gbs, low: 1, median: 2, high: 3, repeats: 5}\n",
                      "4:3: ceiling_spread: each ceiling: its ceiling must be a key of ceilings");
    assert_load_error("order.yaml",
                      "device: {name: G}\nceiling_spread:\n- {ceiling: l2_gbs, low: 3, median: 2, high: 4, "
                      "repeats: 5}\n",
                      "3:3: ceiling_spread: each ceiling: low, median and high must be in order");
    assert_load_error("none.yaml",
                      "device: {name: G}\nceiling_spread:\n- {ceiling: l2_gbs, low: 1, median: 2, high: 4, "
                      "repeats: 0}\n",
                      "3:3: ceiling_spread: each ceiling: repeats must be at least 1");
    static gr_results r;
    gr_results_init(&r);
    fill_rows(&r);
    assert_non_null(gr_results_spread_of(&r, "dram_copy_gbs"));
    assert_true(gr_results_spread_of(&r, "tensor_bf16_gflops")->high == 814516.75);
    assert_null(gr_results_spread_of(&r, "l2_gbs"));
    gr_results_free(&r);
    /* a ceilings key by its field, and a figure by its key */
    assert_string_equal(gr_results_ceiling_key(offsetof(gr_result_ceilings, tensor_bf16_sustained_gflops)),
                        "tensor_bf16_sustained_gflops");
    assert_string_equal(gr_results_ceiling_key(sizeof(gr_result_ceilings)), "");
    gr_results_init(&r);
    r.ceilings.l2_gbs = 10685.5;
    assert_true(gr_results_ceiling(&r, "l2_gbs") == 10685.5);
    assert_true(isnan(gr_results_ceiling(&r, "shared_gbs")) && isnan(gr_results_ceiling(&r, "no_such_gbs")));
    /* a tensor ceiling's sustained twin, and none for the others */
    assert_string_equal(gr_results_sustained_key("tensor_fp8_gflops"), "tensor_fp8_sustained_gflops");
    assert_null(gr_results_sustained_key("fp32_gflops"));
    assert_null(gr_results_sustained_key("tensor_fp8_sustained_gflops"));
    assert_null(gr_results_sustained_key("l2_gbs"));
    assert_null(gr_results_sustained_key("_gflops"));
    assert_null(gr_results_sustained_key(NULL));
    /* a precision's key is its one name and _gflops; none for a precision
     * no run measures, a key's own name, or no name */
    assert_string_equal(gr_results_precision_key("tensor_bf16"), "tensor_bf16_gflops");
    assert_string_equal(gr_results_precision_key("fp32"), "fp32_gflops");
    assert_string_equal(gr_results_precision_key("tensor_fp64"), "tensor_fp64_gflops");
    assert_string_equal(gr_results_sustained_key(gr_results_precision_key("tensor_fp16")),
                        "tensor_fp16_sustained_gflops");
    assert_null(gr_results_precision_key("tensor_int8"));
    assert_null(gr_results_precision_key("tensor"));
    assert_null(gr_results_precision_key("tensor_bf16_gflops"));
    assert_null(gr_results_precision_key(""));
    assert_null(gr_results_precision_key(NULL));
    /* a spread row's width: (high - low) / median */
    gr_result_spread row = {"l2_gbs", 10000, 10200, 10300, 5, NAN, NAN};
    assert_true(fabs(gr_results_spread_width_pct(&row) - 300.0 / 102) < 1e-12);
}

/* A point of the curves lacking a key it must have, or with a count out
 * of range, names the file, line and column. */
static void error_latency_curve(void **state)
{
    (void)state;
    assert_load_error("curve.yaml",
                      "device: {name: G}\nlatency_curves:\n- {load_bytes: 4, loads_in_flight: 1, warps_per_sm: 8, "
                      "verified: true}\n",
                      "3:3: latency_curves: missing key 'gbs'");
    assert_load_error("latency.yaml", "device: {name: G}\nlatency: {dram_ns: -5}\n",
                      "2:20: latency.dram_ns is -5; it must be between 0.01 and 1e+09");
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *text = malloc(1 << 20);
    assert_non_null(text);
    *len = fread(text, 1, 1 << 20, f);
    fclose(f);
    return text;
}

/* Each committed measurement loads, and written again is the same text,
 * byte for byte: the writer writes what gpuroof measure wrote then. */
static void committed_files_round_trip(void **state)
{
    (void)state;
    DIR *d = opendir(GPUROOF_SRCDIR "/plots/data");
    assert_non_null(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t name_len = strlen(e->d_name), len, again_len;
        if (name_len < 6 || strcmp(e->d_name + name_len - 5, ".yaml") != 0)
            continue;
        static gr_results r, back;
        char path[600], *again;
        gr_error err;
        snprintf(path, sizeof path, "%s/plots/data/%s", GPUROOF_SRCDIR, e->d_name);
        if (!gr_results_load(path, &r, &err))
            fail_msg("%s", err.text);
        write_and_read(&r, &back, &again, &again_len);
        assert_same_results(&r, &back);
        char *original = read_text(path, &len);
        if (len != again_len || memcmp(original, again, len) != 0)
            fail_msg("%s: written again, it is not the same text", path);
        files++;
        free(original);
        free(again);
        gr_results_free(&r);
        gr_results_free(&back);
    }
    closedir(d);
    assert_true(files >= 2);
}

/* Files that lack keys read back the same once written.  The writer keeps
 * ten significant digits, and FULL's flops has twelve: written once, it
 * reads back as written again, and is written the same. */
static void partial_files_round_trip(void **state)
{
    (void)state;
    const char *paths[] = {GPUROOF_SRCDIR "/tests/data/results/synthetic.yaml", file("full.yaml", FULL)};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        static gr_results r, back, again;
        gr_error err;
        char *text, *text_again;
        size_t len, len_again;
        if (!gr_results_load(paths[i], &r, &err))
            fail_msg("%s", err.text);
        write_and_read(&r, &back, &text, &len);
        write_and_read(&back, &again, &text_again, &len_again);
        if (i == 0)
            assert_same_results(&r, &back);
        assert_same_results(&back, &again);
        assert_true(len == len_again && memcmp(text, text_again, len) == 0);
        free(text);
        free(text_again);
        gr_results_free(&r);
        gr_results_free(&back);
        gr_results_free(&again);
    }
}

static void rows_are_added_absent_and_bounded(void **state)
{
    (void)state;
    gr_results r;
    gr_error err;
    gr_results_init(&r);
    gr_result_bank *b = gr_results_add_bank(&r, &err);
    assert_non_null(b);
    assert_int_equal(r.bank_count, 1);
    assert_string_equal(b->kernel, "");
    assert_int_equal(b->pad, -1);
    assert_true(isnan(b->predicted_load) && isnan(b->measured_store) && isnan(b->ns_per_rep));
    gr_result_point *p = gr_results_add_sweep_point(&r, &err);
    assert_true(isnan(p->intensity) && isnan(p->gflops) && !p->verified);
    gr_result_point *points = r.sweep;
    r.sweep_count = GR_RESULTS_MAX_ROWS; /* as if full: a list takes no more rows than the reader would */
    assert_null(gr_results_add_sweep_point(&r, &err));
    assert_string_equal(err.text, "sweep: more than 100000 rows");
    assert_ptr_equal(r.sweep, points);
    r.sweep_count = 1;
    gr_results_free(&r);
    assert_null(r.banks);
    assert_int_equal(r.bank_count, 0);
}

/* The agreement measure prints: an occupancy equal to the probe's, and a
 * bank launch counted by Nsight Compute equal in both load and store. */
static void agreement_counts(void **state)
{
    (void)state;
    gr_results r;
    gr_error err;
    gr_results_init(&r);
    const long long occupancy[][2] = {{8, 8}, {4, 3}, {2, 2}}; /* predicted, measured */
    for (size_t i = 0; i < 3; i++) {
        gr_result_occupancy *o = gr_results_add_occupancy(&r, &err);
        assert_non_null(o);
        o->predicted = occupancy[i][0], o->measured = occupancy[i][1];
    }
    const double banks[][4] = {{1, 1, 1, 1}, {2, 1, 2, 2}, {1, 32, NAN, NAN}, {4, 4, 4, 4}};
    for (size_t i = 0; i < 4; i++) {
        gr_result_bank *b = gr_results_add_bank(&r, &err);
        assert_non_null(b);
        b->predicted_load = banks[i][0], b->predicted_store = banks[i][1];
        b->measured_load = banks[i][2], b->measured_store = banks[i][3];
    }
    gr_results_agreement a;
    gr_results_agreement_of(&r, &a);
    assert_int_equal(a.occupancy_equal, 2);
    assert_int_equal(a.occupancy_total, 3);
    assert_int_equal(a.banks_counted, 3); /* the NaN one was not counted */
    assert_int_equal(a.banks_equal, 2);   /* the store of the second differs */
    gr_results_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_file),
        cmocka_unit_test(minimal_file),
        cmocka_unit_test(absent_ceilings_are_nan),
        cmocka_unit_test(hierarchy_and_tensor_ceilings),
        cmocka_unit_test(unknown_keys_are_accepted),
        cmocka_unit_test(best_bandwidth),
        cmocka_unit_test(error_missing_device),
        cmocka_unit_test(error_not_a_mapping),
        cmocka_unit_test(error_empty_file),
        cmocka_unit_test(error_no_such_file),
        cmocka_unit_test(error_device_not_a_mapping),
        cmocka_unit_test(error_missing_device_name),
        cmocka_unit_test(error_ceilings_not_a_mapping),
        cmocka_unit_test(error_ceiling_not_a_number),
        cmocka_unit_test(error_ceiling_negative),
        cmocka_unit_test(error_kernels_not_a_list),
        cmocka_unit_test(error_kernel_missing_keys),
        cmocka_unit_test(error_verified_not_a_boolean),
        cmocka_unit_test(error_vs_cublas),
        cmocka_unit_test(error_sweep_point),
        cmocka_unit_test(error_too_many_rows),
        cmocka_unit_test(error_key_given_twice),
        cmocka_unit_test(error_yaml_syntax),
        cmocka_unit_test(error_other_keys),
        cmocka_unit_test(failed_launch_counts_minus_one),
        cmocka_unit_test(every_key_round_trips),
        cmocka_unit_test(latency_written_where_set),
        cmocka_unit_test(error_latency_curve),
        cmocka_unit_test(error_spread_rules),
        cmocka_unit_test(empty_results_round_trip),
        cmocka_unit_test(committed_files_round_trip),
        cmocka_unit_test(partial_files_round_trip),
        cmocka_unit_test(rows_are_added_absent_and_bounded),
        cmocka_unit_test(agreement_counts),
        cmocka_unit_test(volatile_checks_round_trip),
        cmocka_unit_test(error_volatile_checks),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
