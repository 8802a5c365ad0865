/* Unit tests for the kernel-model loader (src/core/model/model.c).
 *
 * The first half loads the shipped models and checks them against the
 * answers to PMPP chapter 5's exercises.
 * The second half loads bad models, each an edit of BASE below written to a
 * temporary directory, and checks the exact "FILE:LINE:COLUMN: message" of
 * each; the line numbers in the expected texts are BASE's.
 *
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda_decl.h"
#include "model.h"

#ifndef GPUROOF_SRCDIR
#error "GPUROOF_SRCDIR must name the source directory"
#endif
#define MODELS_DIR GPUROOF_SRCDIR "/models"

/* A model is large for the stack; gr_model_load is not reentrant anyway. */
static gr_model model;

/* ---- loading, with checks that report the caller's line ------------------ */

static void load_or_fail(const char *path, const gr_define *defines, int n, gr_model *m,
                         const char *file, int line)
{
    gr_error err = {{0}};
    gr_model_free(m); /* the model loaded before */
    if (!gr_model_load(path, defines, n, m, &err)) {
        print_error("%s: unexpected error: %s\n", path, err.text);
        _fail(file, line);
    }
}

#define LOAD(path, defines, n) load_or_fail(path, defines, n, &model, __FILE__, __LINE__)
#define SHIPPED(name) MODELS_DIR "/" name

/* Loads a shipped model with one -D NAME=VALUE. */
static void load_with(const char *path, const char *name, const char *value, const char *file,
                      int line)
{
    gr_define d = {name, value};
    load_or_fail(path, &d, 1, &model, file, line);
}
#define LOAD_WITH(path, name, value) load_with(path, name, value, __FILE__, __LINE__)

static const gr_model_var *find_var(const gr_model *m, const char *name, const char *file, int line)
{
    for (int i = 0; i < m->var_count; i++)
        if (strcmp(m->vars[i].decl.name, name) == 0)
            return &m->vars[i];
    print_error("%s: no variable '%s'\n", m->path, name);
    _fail(file, line);
    return NULL;
}
#define VAR(name) find_var(&model, name, __FILE__, __LINE__)

static gr_value find_value(const gr_model_value *values, int n, const char *name, const char *path,
                           const char *file, int line)
{
    for (int i = 0; i < n; i++)
        if (strcmp(values[i].name, name) == 0)
            return values[i].value;
    print_error("%s: no value '%s'\n", path, name);
    _fail(file, line);
    return (gr_value){.is_int = false};
}
#define DERIVED(name) \
    find_value(model.derived, model.derived_count, name, model.path, __FILE__, __LINE__)
#define PARAM(name) find_value(model.params, model.param_count, name, model.path, __FILE__, __LINE__)

/* An exact integer value. */
static void check_int(gr_value v, int64_t expected, const char *what, const char *file, int line)
{
    if (!v.is_int) {
        print_error("%s: expected the int %lld, got the double %.17g\n", what,
                    (long long)expected, v.d);
        _fail(file, line);
    }
    if (v.i != expected) {
        print_error("%s: expected %lld, got %lld\n", what, (long long)expected, (long long)v.i);
        _fail(file, line);
    }
}
#define INT_IS(v, expected) check_int(v, expected, #v, __FILE__, __LINE__)

/* The variable's place in PMPP's table and its versions. */
static void check_var(const char *name, const char *memory, const char *scope, const char *lifetime,
                      int64_t versions, const char *file, int line)
{
    const gr_model_var *v = find_var(&model, name, file, line);
    _assert_string_equal(gr_memory_name(v->decl.memory), memory, file, line);
    _assert_string_equal(gr_scope_name(v->decl.scope), scope, file, line);
    _assert_string_equal(gr_lifetime_name(v->decl.lifetime), lifetime, file, line);
    _assert_int_equal(v->versions, versions, file, line);
}
#define VAR_IS(name, memory, scope, lifetime, versions) \
    check_var(name, memory, scope, lifetime, versions, __FILE__, __LINE__)

/* The 1-based line and column of the first occurrence of needle in a file,
 * so that tests of the shipped models survive edits of their comments. */
static void locate(const char *path, const char *needle, unsigned long *line_out,
                   unsigned long *column_out)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char buf[1024];
    unsigned long line = 0;
    bool found = false;
    while (!found && fgets(buf, sizeof buf, f)) {
        line++;
        char *at = strstr(buf, needle);
        if (at) {
            *line_out = line;
            *column_out = (unsigned long)(at - buf) + 1;
            found = true;
        }
    }
    fclose(f);
    assert_true(found);
}

/* ---- PMPP chapter 5, exercise 11: foo_kernel ------------------------------ */

static void exercise_11_versions(void **state)
{
    (void)state;
    LOAD(SHIPPED("foo-kernel.yaml"), NULL, 0);
    assert_int_equal(model.blocks, 8); /* (1024 + 128 - 1) / 128 */
    assert_int_equal(model.threads_per_block, 128);
    assert_int_equal(model.threads, 1024);
    /* 11a-d: i and x[] once per thread, y_s and b_s[] once per block. */
    VAR_IS("i", "register", "thread", "grid", 1024);
    VAR_IS("x", "local", "thread", "grid", 1024);
    VAR_IS("y_s", "shared", "block", "grid", 8);
    VAR_IS("b_s", "shared", "block", "grid", 8);
    assert_int_equal(VAR("x")->elements, 4);
    assert_int_equal(VAR("b_s")->elements, 128);
    assert_int_equal(VAR("b_s")->bytes, 512);
    assert_int_equal(VAR("y_s")->bytes, 4);
}

static void exercise_11_shared_memory_and_intensity(void **state)
{
    (void)state;
    LOAD(SHIPPED("foo-kernel.yaml"), NULL, 0);
    /* 11e: (128 + 1) x 4 bytes. */
    assert_int_equal(model.shared_bytes_per_block, 516);
    /* 11f: 10 FLOP and 6 accesses of 4 bytes per thread. */
    assert_true(model.flops_per_thread);
    assert_true(model.bytes_per_thread);
    assert_true(model.counts_written);
    INT_IS(model.flops, 10240);
    INT_IS(model.bytes_read, 20480);
    INT_IS(model.bytes_written, 4096);
    INT_IS(model.bytes, 24576);
    assert_true(model.has_intensity);
    assert_true(model.intensity == 10.0 / 24.0);
    assert_float_equal(model.intensity, 0.41666666666666667, 1e-15);
}

/* ---- exercises 6 and 7: versions of a variable --------------------------- */

static void exercises_6_and_7(void **state)
{
    (void)state;
    LOAD(SHIPPED("versions.yaml"), NULL, 0);
    assert_int_equal(model.blocks, 1000);
    assert_int_equal(model.threads_per_block, 512);
    VAR_IS("local_var", "register", "thread", "grid", 512000);
    VAR_IS("shared_var", "shared", "block", "grid", 1000);
    /* No FLOPs, no bytes: no intensity. */
    assert_false(model.has_intensity);
    assert_true(model.intensity == 0);
}

/* ---- the naive matrix multiplication, exercise 8a ------------------------ */

static void naive_matmul(void **state)
{
    (void)state;
    LOAD(SHIPPED("matmul-naive.yaml"), NULL, 0);
    assert_true(model.has_intensity);
    assert_true(model.intensity == 0.25); /* 2 FLOP / 8 B */
    assert_false(model.counts_written);   /* count: read */
    INT_IS(model.bytes, 2LL * 1024 * 1024 * 1024 * 4);
    INT_IS(model.bytes_written, 1024LL * 1024 * 4);
    assert_int_equal(model.grid[0], 64);
    assert_int_equal(model.grid[1], 64);
    assert_int_equal(model.grid[2], 1);
    /* 8a: untiled, each input element is loaded Width times. */
    INT_IS(DERIVED("loads_per_input_element"), 1024);

    LOAD_WITH(SHIPPED("matmul-naive.yaml"), "Width", "8");
    assert_true(model.intensity == 0.25);
    INT_IS(DERIVED("loads_per_input_element"), 8);
    assert_int_equal(model.blocks, 1); /* cdiv(8, 16) */
}

/* ---- the tiled matrix multiplication, exercises 2, 5 and 8b --------------- */

static void tiled_matmul_intensity(void **state)
{
    (void)state;
    LOAD(SHIPPED("matmul-tiled.yaml"), NULL, 0);
    assert_true(model.intensity == 4.0); /* 0.25 x 16 */
    INT_IS(DERIVED("traffic_reduction"), 16);
    INT_IS(DERIVED("loads_per_input_element"), 1024 / 16);
    assert_true(model.has_registers);
    assert_int_equal(model.registers, 32);

    LOAD_WITH(SHIPPED("matmul-tiled.yaml"), "TILE_WIDTH", "32");
    assert_true(model.intensity == 8.0);
    /* Exercise 5: a 32 x 32 tile reduces the traffic 32 times. */
    INT_IS(DERIVED("traffic_reduction"), 32);
    /* 8b: with T x T tiles, Width / T times. */
    INT_IS(DERIVED("loads_per_input_element"), 1024 / 32);
}

/* Exercise 2: an 8 x 8 multiplication with 2 x 2 and 4 x 4 tiles; the
 * reduction of the global memory traffic is the tile's width. */
static void exercise_2_reduction_is_the_tile_width(void **state)
{
    (void)state;
    gr_define naive_defines[] = {{"Width", "8"}};
    load_or_fail(SHIPPED("matmul-naive.yaml"), naive_defines, 1, &model, __FILE__, __LINE__);
    gr_value naive = DERIVED("loads_per_input_element");
    INT_IS(naive, 8);

    static const struct {
        const char *tile;
        int64_t width, phases, loads;
    } cases[] = {{"2", 2, 4, 4}, {"4", 4, 2, 2}};
    for (size_t i = 0; i < 2; i++) {
        gr_define defines[] = {{"Width", "8"}, {"TILE_WIDTH", cases[i].tile}};
        load_or_fail(SHIPPED("matmul-tiled.yaml"), defines, 2, &model, __FILE__, __LINE__);
        assert_int_equal(model.grid[0], cases[i].phases); /* Width / TILE_WIDTH phases */
        gr_value tiled = DERIVED("loads_per_input_element");
        INT_IS(tiled, cases[i].loads);
        assert_int_equal(naive.i / tiled.i, cases[i].width);
        INT_IS(DERIVED("traffic_reduction"), cases[i].width);
        assert_true(model.intensity == 0.25 * (double)cases[i].width);
    }
}

static void tiled_matmul_shared_memory(void **state)
{
    (void)state;
    static const char *const tiles[] = {"2", "4", "8", "16", "32"};
    for (size_t i = 0; i < sizeof tiles / sizeof tiles[0]; i++) {
        LOAD_WITH(SHIPPED("matmul-tiled.yaml"), "TILE_WIDTH", tiles[i]);
        int64_t t = atoi(tiles[i]);
        assert_int_equal(model.shared_bytes_per_block, 2 * t * t * 4);
        assert_int_equal(VAR("Mds")->bytes, t * t * 4);
        assert_int_equal(VAR("Mds")->versions, model.blocks);
        assert_int_equal(model.threads_per_block, t * t);
    }
}

/* PMPP's count of shared memory: two 4-byte loads per inner-loop
 * iteration, one FMA (2 FLOP) each: 2 x 4 x Width^3 bytes, 0.25 FLOP/B,
 * whatever the tile; the stores into the tiles are shown, not counted. */
static void tiled_matmul_shared_bytes_as_the_book_counts(void **state)
{
    (void)state;
    static const char *const tiles[] = {"2", "4", "8", "16", "32"};
    for (size_t i = 0; i < sizeof tiles / sizeof tiles[0]; i++) {
        LOAD_WITH(SHIPPED("matmul-tiled.yaml"), "TILE_WIDTH", tiles[i]);
        assert_true(model.shared.given);
        assert_true(model.shared.per_thread);
        INT_IS(model.shared.bytes, 2LL * 4 * 1024 * 1024 * 1024);
        assert_true(gr_value_as_double(model.flops) / gr_value_as_double(model.shared.bytes) == 0.25);
        /* one store per element loaded from global memory: Width / T per thread per matrix */
        INT_IS(DERIVED("shared_bytes_stored"), gr_value_as_double(model.bytes_read) > 0 ? model.bytes_read.i : -1);
        assert_false(model.l2.given);
        assert_non_null(strstr(model.shared.note, "PMPP"));
    }
    LOAD(SHIPPED("matmul-tiled-dynamic.yaml"), NULL, 0);
    INT_IS(model.shared.bytes, 2LL * 4 * 1024 * 1024 * 1024);
    LOAD(SHIPPED("matmul-naive.yaml"), NULL, 0);
    assert_false(model.shared.given);
    assert_false(model.l2.given);
}

/* ---- boundary checks: any Width -------------------------------------------- */

static void boundary_any_width(void **state)
{
    (void)state;
    LOAD(SHIPPED("matmul-tiled-boundary.yaml"), NULL, 0);
    INT_IS(PARAM("Width"), 1000);
    assert_int_equal(model.grid[0], 63);
    assert_int_equal(model.grid[1], 63);
    assert_int_equal(model.grid[2], 1);
    assert_int_equal(model.blocks, 63 * 63);
    INT_IS(DERIVED("phases"), 63);
    INT_IS(DERIVED("loads_per_input_element"), 63);
    INT_IS(DERIVED("executed_flops"), 2LL * 16 * 63 * 63 * 63 * 256);
    INT_IS(model.flops, 2000000000);
    assert_int_equal(model.shared_bytes_per_block, 2 * 16 * 16 * 4);
    assert_string_equal(model.grid_formula, "[cdiv(Width, TILE_WIDTH), cdiv(Width, TILE_WIDTH)]");
    /* every thread of the launch loads 2 x 4 bytes per k, 16 k per phase, 63 phases */
    INT_IS(model.shared.bytes, 8LL * 16 * 63 * 63 * 63 * 256);
}

/* matmul-tiled.yaml assumes Width is a multiple of TILE_WIDTH. */
static void tiled_refuses_width_1000(void **state)
{
    (void)state;
    const char *path = SHIPPED("matmul-tiled.yaml");
    gr_define d = {"Width", "1000"};
    gr_error err = {{0}};
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(path, &d, 1, &model, &err));
    unsigned long line = 0, column = 0;
    locate(path, "grid: [Width / TILE_WIDTH", &line, &column);
    char expected[1200];
    snprintf(expected, sizeof expected,
             "%s:%lu:%lu: launch.grid must be a whole number, not 62.5 ('/' divides exactly: use "
             "floor(a / b) or cdiv(a, b) for C's integer division)",
             path, line, column + strlen("grid: ["));
    assert_string_equal(err.text, expected);
}

/* ---- dynamic shared memory --------------------------------------------------- */

static void dynamic_shared_memory(void **state)
{
    (void)state;
    LOAD(SHIPPED("matmul-tiled-dynamic.yaml"), NULL, 0);
    const gr_model_var *v = VAR("Mds_Nds");
    assert_true(v->decl.is_extern);
    assert_int_equal(v->elements, 0);
    assert_int_equal(v->bytes, 2048);
    assert_int_equal(model.shared_bytes_per_block, 2048);
    INT_IS(DERIVED("size_bytes"), 2048);
    INT_IS(DERIVED("half_bytes"), 1024);
    assert_true(model.intensity == 4.0);
    /* The pointers into it are automatic scalars of 8 bytes. */
    VAR_IS("Mds", "register", "thread", "grid", model.threads);
    assert_int_equal(VAR("Mds")->bytes, 8);

    LOAD_WITH(SHIPPED("matmul-tiled-dynamic.yaml"), "TILE_WIDTH", "32");
    assert_int_equal(model.shared_bytes_per_block, 8192);
}

/* ---- exercise 1: matrix addition ------------------------------------------- */

static void exercise_1_matrix_add(void **state)
{
    (void)state;
    LOAD(SHIPPED("matrix-add.yaml"), NULL, 0);
    INT_IS(DERIVED("loads_per_input_element"), 1);
    assert_true(model.counts_written);
    assert_true(model.intensity == 1.0 / 12.0); /* 1 FLOP for 12 bytes */
    assert_int_equal(model.shared_bytes_per_block, 0);
}

/* ---- exercise 10: BlockTranspose ------------------------------------------- */

static void exercise_10_block_transpose(void **state)
{
    (void)state;
    LOAD(SHIPPED("block-transpose.yaml"), NULL, 0);
    assert_int_equal(model.shared_bytes_per_block, 16 * 16 * 4);
    assert_int_equal(model.blocks, (1024 / 16) * (1024 / 16));
    VAR_IS("blockA", "shared", "block", "grid", 4096);
    VAR_IS("baseIdx", "register", "thread", "grid", 1024 * 1024);
    assert_false(model.has_intensity); /* no FLOPs */
    INT_IS(model.bytes, 8LL * 1024 * 1024);

    LOAD_WITH(SHIPPED("block-transpose.yaml"), "BLOCK_WIDTH", "8");
    assert_int_equal(model.shared_bytes_per_block, 8 * 8 * 4);
    assert_int_equal(model.blocks, (1024 / 8) * (1024 / 8));
}

/* ---- the shared-memory layout kernels -------------------------------------- */

static void layout_models(void **state)
{
    (void)state;
    static const struct {
        const char *path;
        int64_t threads, shared_bytes;
    } cases[] = {
        {SHIPPED("smem-square/setColReadCol.yaml"), 1024, 32 * 32 * 4},
        {SHIPPED("smem-square/setRowReadCol.yaml"), 1024, 32 * 32 * 4},
        {SHIPPED("smem-square/setRowReadColDyn.yaml"), 1024, 32 * 32 * 4},
        {SHIPPED("smem-square/setRowReadColDynPad.yaml"), 1024, 32 * 33 * 4},
        {SHIPPED("smem-square/setRowReadColPad.yaml"), 1024, 32 * 33 * 4},
        {SHIPPED("smem-square/setRowReadRow.yaml"), 1024, 32 * 32 * 4},
        {SHIPPED("smem-rect/setColReadCol.yaml"), 512, 32 * 16 * 4},
        {SHIPPED("smem-rect/setRowReadCol.yaml"), 512, 32 * 16 * 4},
        {SHIPPED("smem-rect/setRowReadColDyn.yaml"), 512, 32 * 16 * 4},
        {SHIPPED("smem-rect/setRowReadColDynPad.yaml"), 512, 2176},
        {SHIPPED("smem-rect/setRowReadColPad.yaml"), 512, 16 * (32 + 2) * 4},
        {SHIPPED("smem-rect/setRowReadRow.yaml"), 512, 32 * 16 * 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        LOAD(cases[i].path, NULL, 0);
        assert_int_equal(model.blocks, 1);
        assert_int_equal(model.block[0], 32);
        assert_int_equal(model.block[1], cases[i].threads / 32);
        assert_int_equal(model.threads, cases[i].threads);
        assert_int_equal(model.shared_bytes_per_block, cases[i].shared_bytes);
        const gr_model_var *tile = VAR("tile");
        assert_string_equal(gr_memory_name(tile->decl.memory), "shared");
        assert_int_equal(tile->bytes, cases[i].shared_bytes);
        INT_IS(model.bytes, 4 * cases[i].threads); /* one int stored per thread */
        assert_false(model.has_intensity);
    }
    /* setRowReadColPad, square: the tile is [32][32 + 1] ints. */
    LOAD(SHIPPED("smem-square/setRowReadColPad.yaml"), NULL, 0);
    assert_int_equal(VAR("tile")->elements, 32 * 33);
    assert_int_equal(VAR("tile")->bytes, 32 * 33 * 4);
    /* setRowReadColDynPad, rectangular: (32 + 2) x 16 ints, from bytes:. */
    LOAD(SHIPPED("smem-rect/setRowReadColDynPad.yaml"), NULL, 0);
    assert_true(VAR("tile")->decl.is_extern);
    assert_int_equal(model.shared_bytes_per_block, 2176);
}

static void every_shipped_model_loads(void **state)
{
    (void)state;
    static const char *const paths[] = {
        SHIPPED("block-transpose.yaml"),
        SHIPPED("foo-kernel.yaml"),
        SHIPPED("matmul-naive.yaml"),
        SHIPPED("matmul-tiled-boundary.yaml"),
        SHIPPED("matmul-tiled-dynamic.yaml"),
        SHIPPED("matmul-tiled.yaml"),
        SHIPPED("matrix-add.yaml"),
        SHIPPED("versions.yaml"),
        SHIPPED("smem-rect/setColReadCol.yaml"),
        SHIPPED("smem-rect/setRowReadCol.yaml"),
        SHIPPED("smem-rect/setRowReadColDyn.yaml"),
        SHIPPED("smem-rect/setRowReadColDynPad.yaml"),
        SHIPPED("smem-rect/setRowReadColPad.yaml"),
        SHIPPED("smem-rect/setRowReadRow.yaml"),
        SHIPPED("smem-square/setColReadCol.yaml"),
        SHIPPED("smem-square/setRowReadCol.yaml"),
        SHIPPED("smem-square/setRowReadColDyn.yaml"),
        SHIPPED("smem-square/setRowReadColDynPad.yaml"),
        SHIPPED("smem-square/setRowReadColPad.yaml"),
        SHIPPED("smem-square/setRowReadRow.yaml"),
    };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        LOAD(paths[i], NULL, 0);
        assert_string_equal(model.path, paths[i]);
        assert_true(model.name[0] != '\0');
        assert_true(model.title[0] != '\0');
        assert_true(model.param_count > 0);
        assert_true(model.var_count > 0);
        assert_true(model.threads >= 1);
    }
}

/* ---- -D --------------------------------------------------------------------- */

static void define_overrides_a_parameter(void **state)
{
    (void)state;
    LOAD_WITH(SHIPPED("matmul-tiled.yaml"), "TILE_WIDTH", "32");
    assert_int_equal(model.param_count, 2);
    assert_string_equal(model.params[0].name, "Width");
    assert_false(model.params[0].overridden);
    assert_string_equal(model.params[0].formula, "1024");
    assert_string_equal(model.params[1].name, "TILE_WIDTH");
    assert_true(model.params[1].overridden);
    assert_string_equal(model.params[1].formula, "32");
    INT_IS(model.params[1].value, 32);
    assert_int_equal(model.block[0], 32);
    assert_string_equal(model.block_formula, "[TILE_WIDTH, TILE_WIDTH]");
}

static void define_unknown_parameter(void **state)
{
    (void)state;
    gr_define d = {"Widht", "8"};
    gr_error err = {{0}};
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(SHIPPED("matmul-tiled.yaml"), &d, 1, &model, &err));
    assert_string_equal(err.text, "-D Widht: " SHIPPED("matmul-tiled.yaml")
                                  " has no parameter 'Widht' (its parameters: Width, TILE_WIDTH)");
}

/* A -D value is a formula, and may use the parameters before it. */
static void define_uses_an_earlier_parameter(void **state)
{
    (void)state;
    LOAD_WITH(SHIPPED("matmul-tiled.yaml"), "TILE_WIDTH", "Width / 32");
    INT_IS(PARAM("TILE_WIDTH"), 32);
    assert_string_equal(model.params[1].formula, "Width / 32");
    assert_true(model.intensity == 8.0);

    gr_define d[] = {{"Width", "2 * 256"}, {"TILE_WIDTH", "Width / 16"}};
    LOAD(SHIPPED("matmul-tiled.yaml"), d, 2);
    INT_IS(PARAM("Width"), 512);
    INT_IS(PARAM("TILE_WIDTH"), 32);
}

static void define_bad_expression(void **state)
{
    (void)state;
    gr_error err = {{0}};
    gr_define d = {"TILE_WIDTH", "16+"};
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(SHIPPED("matmul-tiled.yaml"), &d, 1, &model, &err));
    assert_string_equal(err.text, "-D TILE_WIDTH=16+: expected a number, a name or '(' (at character 4)");

    /* Only the parameters before it are known. */
    gr_define later = {"Width", "TILE_WIDTH * 64"};
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(SHIPPED("matmul-tiled.yaml"), &later, 1, &model, &err));
    assert_string_equal(err.text, "-D Width=TILE_WIDTH * 64: unknown name 'TILE_WIDTH' (at character 1)");

    gr_define zero = {"TILE_WIDTH", "Width / 0"};
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(SHIPPED("matmul-tiled.yaml"), &zero, 1, &model, &err));
    assert_string_equal(err.text, "-D TILE_WIDTH=Width / 0: division by zero (at character 7)");
}

/* The last -D of a name wins. */
static void define_last_wins(void **state)
{
    (void)state;
    gr_define d[] = {{"TILE_WIDTH", "8"}, {"TILE_WIDTH", "32"}};
    LOAD(SHIPPED("matmul-tiled.yaml"), d, 2);
    INT_IS(PARAM("TILE_WIDTH"), 32);
}

static void define_parse(void **state)
{
    (void)state;
    gr_define d;
    char a[] = "Width=8";
    assert_true(gr_define_parse(a, &d));
    assert_string_equal(d.name, "Width");
    assert_string_equal(d.value, "8");
    char b[] = "T=a=b";
    assert_true(gr_define_parse(b, &d));
    assert_string_equal(d.name, "T");
    assert_string_equal(d.value, "a=b");
    char c[] = "W=";
    assert_true(gr_define_parse(c, &d));
    assert_string_equal(d.value, "");
    char no_equals[] = "Width";
    assert_false(gr_define_parse(no_equals, &d));
    char no_name[] = "=8";
    assert_false(gr_define_parse(no_name, &d));
}

/* ---- bad models ---------------------------------------------------------------- */

static char tmp_dir[64];

static int tmp_setup(void **state)
{
    (void)state;
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/gpuroof-test-model-XXXXXX");
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int tmp_teardown(void **state)
{
    (void)state;
    DIR *d = opendir(tmp_dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            char path[512];
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", tmp_dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(tmp_dir);
    return 0;
}

static const char BASE[] =
    "name: t\n"                                        /*  1 */
    "parameters:\n"                                    /*  2 */
    "  W: 64\n"                                        /*  3 */
    "  B: 16\n"                                        /*  4 */
    "launch:\n"                                        /*  5 */
    "  grid: W / B\n"                                  /*  6 */
    "  block: B\n"                                     /*  7 */
    "flops:\n"                                         /*  8 */
    "  total: 2 * W^3\n"                               /*  9 */
    "bytes:\n"                                         /* 10 */
    "  read: 8 * W^3\n"                                /* 11 */
    "variables:\n"                                     /* 12 */
    "  - declare: __shared__ float tile[B][B]\n"       /* 13 */
    "  - declare: float acc\n";                        /* 14 */

/* BASE (or text) with the first `old` replaced by `new`; four buffers in
 * turn, so that edits can be chained. */
static const char *edit(const char *text, const char *old, const char *new_text)
{
    static char buffers[4][8192];
    static int next;
    char *out = buffers[next++ % 4];
    const char *at = strstr(text, old);
    assert_non_null(at);
    assert_true(strlen(text) - strlen(old) + strlen(new_text) < sizeof buffers[0]);
    snprintf(out, sizeof buffers[0], "%.*s%s%s", (int)(at - text), text, new_text, at + strlen(old));
    return out;
}

static void write_model(const char *name, const char *text, char *path, size_t size)
{
    snprintf(path, size, "%s/%s.yaml", tmp_dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* Writes text as NAME.yaml and loads it. */
static bool load_text(const char *name, const char *text, const gr_define *defines, int n,
                      gr_error *err)
{
    char path[512];
    write_model(name, text, path, sizeof path);
    gr_model_free(&model); /* the model loaded before */
    return gr_model_load(path, defines, n, &model, err);
}

static void load_text_or_fail(const char *name, const char *text, const char *file, int line)
{
    char path[512];
    write_model(name, text, path, sizeof path);
    load_or_fail(path, NULL, 0, &model, file, line);
}
#define LOAD_TEXT(name, text) load_text_or_fail(name, text, __FILE__, __LINE__)

/* Expects "DIR/NAME.yaml" followed by `after` (":LINE:COLUMN: message"). */
static void check_bad(const char *name, const char *text, const char *after, const char *file, int line)
{
    gr_error err = {{0}};
    if (load_text(name, text, NULL, 0, &err)) {
        print_error("%s: expected error \"%s\", but the model loaded\n", name, after);
        _fail(file, line);
    }
    char expected[1200];
    snprintf(expected, sizeof expected, "%s/%s.yaml%s", tmp_dir, name, after);
    _assert_string_equal(err.text, expected, file, line);
}
#define BAD(name, text, after) check_bad(name, text, after, __FILE__, __LINE__)

static void base_model_loads(void **state)
{
    (void)state;
    LOAD_TEXT("base", BASE);
    assert_string_equal(model.name, "t");
    assert_string_equal(model.title, "t"); /* the name, without a title */
    assert_int_equal(model.blocks, 4);
    assert_int_equal(model.threads, 64);
    INT_IS(model.flops, 2 * 64 * 64 * 64);
    assert_false(model.flops_per_thread);
    assert_true(model.intensity == 0.25);
    assert_int_equal(model.shared_bytes_per_block, 16 * 16 * 4);
    assert_false(model.has_registers);
    assert_int_equal(model.derived_count, 0);
}

/* shared_bytes: and l2_bytes:, as flops: gives its count; the names
 * shared_bytes and l2_bytes in derived values, and in nothing else. */
static void level_bytes(void **state)
{
    (void)state;
    LOAD_TEXT("levels", edit(BASE, "variables:\n",
                             "shared_bytes:\n  per_thread: (W / B) * B * 8\n  note: \"two loads per FMA\"\n"
                             "l2_bytes:\n  total: 3 * W^2 * 4\nderived:\n  at_shared: flops / shared_bytes\n"
                             "  at_l2: l2_bytes\nvariables:\n"));
    assert_true(model.shared.given && model.shared.per_thread);
    INT_IS(model.shared.bytes, (64 / 16) * 16 * 8 * 64); /* per thread x BASE's 4 blocks of 16 threads */
    assert_string_equal(model.shared.note, "two loads per FMA");
    assert_true(model.l2.given && !model.l2.per_thread);
    INT_IS(model.l2.bytes, 3 * 64 * 64 * 4);
    assert_true(gr_value_as_double(DERIVED("at_shared")) == 2.0 * 64 * 64 * 64 / 32768);
    INT_IS(DERIVED("at_l2"), 3 * 64 * 64 * 4);
    LOAD_TEXT("no-levels", BASE);
    assert_false(model.shared.given || model.l2.given);
}

static void level_bytes_errors(void **state)
{
    (void)state;
    BAD("both", edit(BASE, "variables:\n", "shared_bytes:\n  per_thread: 8\n  total: 8\nvariables:\n"),
        ":14:10: shared_bytes: give per_thread or total, not both");
    BAD("neither", edit(BASE, "variables:\n", "l2_bytes:\n  note: \"x\"\nvariables:\n"),
        ":13:3: l2_bytes: give per_thread or total");
    BAD("unknown", edit(BASE, "variables:\n", "shared_bytes:\n  read: 8\nvariables:\n"),
        ":13:3: shared_bytes: unknown key 'read'");
    BAD("negative", edit(BASE, "variables:\n", "shared_bytes:\n  total: 0 - 8\nvariables:\n"),
        ":13:10: shared_bytes.total is negative (-8)");
    BAD("not-a-map", edit(BASE, "variables:\n", "shared_bytes: 8\nvariables:\n"),
        ":12:15: shared_bytes must be a mapping, not a scalar");
    BAD("unknown-name", edit(BASE, "variables:\n", "shared_bytes:\n  total: flops\nvariables:\n"),
        ":13:10: shared_bytes.total: unknown name 'flops' (at character 1 of 'flops')");
    BAD("param", edit(BASE, "  B: 16\n", "  B: 16\n  shared_bytes: 4\n"),
        ":5:3: parameters: 'shared_bytes' is a name the model defines itself");
    BAD("derived", edit(BASE, "variables:\n", "derived:\n  l2_bytes: 4\nvariables:\n"),
        ":13:3: derived: 'l2_bytes' is already a name in the model");
}

static void yaml_errors(void **state)
{
    (void)state;
    BAD("syntax", edit(BASE, "  grid: W / B\n", "  grid: [W / B, 1\n"),
        ":7:8: did not find expected ',' or ']' while parsing a flow sequence");
    BAD("empty", "", ": the file is empty");
    BAD("not-a-mapping", "- name: t\n", ":1:1: the model must be a mapping, not a list");
    BAD("unknown-key", edit(BASE, "name: t\n", "name: t\ncolour: red\n"),
        ":2:1: the model: unknown key 'colour'");
    BAD("twice", edit(BASE, "name: t\n", "name: t\nname: u\n"),
        ":2:1: the model: key 'name' given twice");

    gr_error err = {{0}};
    char path[600];
    snprintf(path, sizeof path, "%s/absent.yaml", tmp_dir);
    gr_model_free(&model); /* the model loaded before */
    assert_false(gr_model_load(path, NULL, 0, &model, &err));
    char expected[700];
    snprintf(expected, sizeof expected, "%s: No such file or directory", path);
    assert_string_equal(err.text, expected);
}

static void missing_sections(void **state)
{
    (void)state;
    BAD("no-name", edit(BASE, "name: t\n", ""), ":1:1: the model: missing key 'name'");
    BAD("no-launch", edit(BASE, "launch:\n  grid: W / B\n  block: B\n", ""),
        ":1:1: the model: missing key 'launch'");
    BAD("no-flops", edit(BASE, "flops:\n  total: 2 * W^3\n", ""),
        ":1:1: the model: missing key 'flops'");
    BAD("no-bytes", edit(BASE, "bytes:\n  read: 8 * W^3\n", ""),
        ":1:1: the model: missing key 'bytes'");
    BAD("no-grid", edit(BASE, "  grid: W / B\n", ""), ":6:3: launch: missing key 'grid'");
    BAD("no-block", edit(BASE, "  block: B\n", ""), ":6:3: launch: missing key 'block'");
    BAD("no-flops-count", edit(BASE, "  total: 2 * W^3\n", "  note: none\n"),
        ":9:3: flops: give per_thread or total");
    BAD("launch-key", edit(BASE, "  block: B\n", "  block: B\n  threads: 64\n"),
        ":8:3: launch: unknown key 'threads'");
}

static void formula_errors(void **state)
{
    (void)state;
    BAD("unknown-name", edit(BASE, "2 * W^3", "2 * Widht^3"),
        ":9:14: flops.total: unknown name 'Widht' (at character 5 of '2 * Widht^3')");
    /* Quoted, the column still points at the name. */
    BAD("unknown-name-quoted", edit(BASE, "2 * W^3", "\"2 * Widht^3\""),
        ":9:15: flops.total: unknown name 'Widht' (at character 5 of '2 * Widht^3')");
    BAD("unknown-name-grid", edit(BASE, "grid: W / B", "grid: [Widht / B, 1]"),
        ":6:10: launch.grid: unknown name 'Widht' (at character 1 of 'Widht / B')");
    BAD("div-zero", edit(BASE, "2 * W^3", "W / 0"),
        ":9:12: flops.total: division by zero (at character 3 of 'W / 0')");
    BAD("overflow-power", edit(BASE, "2 * W^3", "2^70"),
        ":9:11: flops.total: integer overflow (at character 2 of '2^70')");
    /* sqrt(2^63) < 3037000500: Width * Width overflows at its '*'. */
    BAD("overflow-width",
        edit(edit(edit(edit(BASE, "W: 64", "W: 3037000500"), "grid: W / B", "grid: 1"), "2 * W^3", "1"),
             "8 * W^3", "W*W*4"),
        ":11:10: bytes.read: integer overflow (at character 2 of 'W*W*4')");
    /* A parameter uses only the parameters before it. */
    BAD("later-parameter", edit(BASE, "W: 64", "W: B * 4"),
        ":3:6: parameters.W: unknown name 'B' (at character 1 of 'B * 4')");
    BAD("flops-list", edit(BASE, "2 * W^3", "[1, 2]"), ":9:10: flops.total must be a formula");
}

static void count_errors(void **state)
{
    (void)state;
    BAD("negative", edit(BASE, "2 * W^3", "-5"), ":9:10: flops.total is negative (-5)");
    BAD("negative-bytes", edit(BASE, "8 * W^3", "W - 65"), ":11:9: bytes.read is negative (-1)");
    BAD("both", edit(BASE, "  total: 2 * W^3\n", "  per_thread: 1\n  total: 2\n"),
        ":10:10: flops: give per_thread or total, not both");
    BAD("both-bytes", edit(BASE, "  read: 8 * W^3\n", "  read: 8\n  read_per_thread: 1\n"),
        ":11:9: bytes: give read_per_thread or read, not both");
    BAD("count", edit(BASE, "  read: 8 * W^3\n", "  read: 8\n  count: both\n"),
        ":12:10: bytes.count must be read+written or read, not 'both'");
    BAD("count-list", edit(BASE, "  read: 8 * W^3\n", "  read: 8\n  count: [read]\n"),
        ":12:10: bytes.count must be a string, not a list");
    BAD("per-thread-overflow", edit(BASE, "  total: 2 * W^3\n", "  per_thread: 2^62\n"),
        ":9:15: flops.per_thread x 64 threads: integer overflow");
    BAD("registers", edit(BASE, "name: t\n", "name: t\nregisters: 300\n"),
        ":2:12: registers is 300; a thread has at most 255");
    BAD("registers-negative", edit(BASE, "name: t\n", "name: t\nregisters: -1\n"),
        ":2:12: registers is -1; it must be at least 0");
}

static void launch_errors(void **state)
{
    (void)state;
    BAD("zero-grid", edit(BASE, "grid: W / B", "grid: W - 64"),
        ":6:9: launch.grid is 0; it must be at least 1");
    BAD("fraction-grid", edit(BASE, "grid: W / B", "grid: W / 128"),
        ":6:9: launch.grid must be a whole number, not 0.5 ('/' divides exactly: use floor(a / b) "
        "or cdiv(a, b) for C's integer division)");
    BAD("comma", edit(BASE, "grid: W / B", "grid: [cdiv(W, B), 2]"),
        ":6:10: launch.grid: 'cdiv(W' was cut at a comma: quote a formula that has commas in a [ ] list");
    BAD("four-dims", edit(BASE, "block: B", "block: [1, 1, 1, 1]"),
        ":7:10: launch.block takes 1 to 3 dimensions, not 4");
    BAD("no-dims", edit(BASE, "block: B", "block: []"),
        ":7:10: launch.block takes 1 to 3 dimensions, not 0");
    BAD("grid-mapping", edit(BASE, "grid: W / B", "grid: {x: 1}"),
        ":6:9: launch.grid must be a formula or a list [x, y, z]");
    BAD("too-many-blocks", edit(BASE, "grid: W / B", "grid: [2^40, 2^40]"),
        ":6:9: launch.grid: too many threads (integer overflow)");
    BAD("too-many-threads", edit(BASE, "grid: W / B", "grid: 2^62"),
        ":6:3: launch: too many threads (integer overflow)");

    /* A quoted formula with commas is one item. */
    LOAD_TEXT("comma-quoted", edit(BASE, "grid: W / B", "grid: [\"cdiv(W, B)\", 2]"));
    assert_int_equal(model.grid[0], 4);
    assert_int_equal(model.grid[1], 2);
    assert_int_equal(model.blocks, 8);
    assert_string_equal(model.grid_formula, "[cdiv(W, B), 2]");
    /* Unquoted outside a [ ] list, a comma is fine. */
    LOAD_TEXT("comma-scalar", edit(BASE, "grid: W / B", "grid: cdiv(W, B)"));
    assert_int_equal(model.blocks, 4);
}

static void parameter_errors(void **state)
{
    (void)state;
    BAD("param-name", edit(BASE, "  B: 16\n", "  B: 16\n  2B: 1\n"), ":5:3: parameters: '2B' is not a name");
    BAD("param-twice", edit(BASE, "  B: 16\n", "  B: 16\n  W: 1\n"), ":5:3: parameters: 'W' given twice");
    BAD("param-list", edit(BASE, "  W: 64\n  B: 16\n", "  - W\n"),
        ":3:3: parameters must be a mapping of names to formulas");

    /* 32 parameters are the most. */
    char text[4096] = "name: t\nparameters:\n";
    for (int i = 0; i < GR_MODEL_MAX_PARAMS; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "  P%d: %d\n", i, i);
    strcat(text, "launch:\n  grid: 1\n  block: P31\nflops:\n  total: 1\nbytes:\n  read: 1\n");
    LOAD_TEXT("params-32", text);
    assert_int_equal(model.param_count, 32);
    assert_int_equal(model.threads, 31);
    BAD("params-33", edit(text, "  P31: 31\n", "  P31: 31\n  P32: 32\n"),
        ":3:3: more than 32 parameters");

    /* A model without parameters takes no -D. */
    gr_define d = {"W", "1"};
    gr_error err = {{0}};
    const char *none = "name: t\nlaunch:\n  grid: 1\n  block: 1\nflops:\n  total: 1\nbytes:\n  read: 1\n";
    assert_false(load_text("no-params", none, &d, 1, &err));
    char expected[700];
    snprintf(expected, sizeof expected, "-D W: %s/no-params.yaml has no parameter 'W' (its parameters: none)",
             tmp_dir);
    assert_string_equal(err.text, expected);
}

static void variable_errors(void **state)
{
    (void)state;
    const char *v = "  - declare: float acc\n";
    BAD("extern-no-bytes", edit(BASE, v, "  - declare: extern __shared__ int dyn[]\n"),
        ":14:5: variables: dyn is extern: give its launch size as bytes:");
    BAD("bytes-not-extern", edit(BASE, v, "  - declare: float acc\n    bytes: 4\n"),
        ":15:12: variables.bytes is only for extern __shared__ arrays");
    BAD("constant-in-kernel", edit(BASE, v, "  - declare: __constant__ float F[9]\n"),
        ":14:14: variables.declare: __constant__ variables are declared outside any function");
    BAD("device-in-kernel", edit(BASE, v, "  - declare: __device__ int g\n"),
        ":14:14: variables.declare: __device__ variables are declared outside any function");
    BAD("host-at-file", edit(BASE, v, "  - declare: int g\n    at: file\n"),
        ":14:14: variables.declare: without __device__, __constant__ or __shared__ a variable outside a "
        "kernel is the host's");
    BAD("at-host", edit(BASE, v, "  - declare: int g\n    at: host\n"),
        ":15:9: variables.at must be kernel or file, not 'host'");
    BAD("duplicate", edit(BASE, v, "  - declare: float acc\n  - declare: int acc\n"),
        ":15:14: variables: acc declared twice");
    BAD("size-zero", edit(BASE, v, "  - declare: float z[0]\n"),
        ":14:14: variables.declare: the size of z must be a whole number of at least 1, not 0");
    BAD("size-fraction", edit(BASE, v, "  - declare: float z[W / 3]\n"),
        ":14:14: variables.declare: the size of z must be a whole number of at least 1, not 21.3333");
    BAD("size-unknown-name", edit(BASE, v, "  - declare: float z[Q]\n"),
        ":14:14: variables.declare: unknown name 'Q' (at character 1 of 'Q')");
    BAD("unknown-type", edit(BASE, v, "  - declare: __shared__ mystruct s[4]\n"),
        ":14:14: variables.declare: the size of type 'mystruct' is unknown");
    BAD("no-name", edit(BASE, v, "  - declare: int 3x\n"), ":14:18: variables.declare: '3x' is not a name");
    BAD("no-declare", edit(BASE, v, "  - at: kernel\n"), ":14:5: variables: missing key 'declare'");
    BAD("variable-key", edit(BASE, v, "  - declare: float acc\n    size: 4\n"),
        ":15:5: variables: unknown key 'size'");
    BAD("variables-mapping", edit(BASE, "  - declare: __shared__ float tile[B][B]\n" "  - declare: float acc\n",
                                  "  acc: float\n"),
        ":13:3: variables must be a list");

    /* An unknown type is fine where nothing needs its size. */
    LOAD_TEXT("unknown-type-local", edit(BASE, v, "  - declare: mystruct s[4]\n"));
    assert_int_equal(VAR("s")->elements, 4);
    assert_int_equal(VAR("s")->bytes, 0);
}

/* A quoted declaration: the column skips the quote. */
static void quoted_declaration_error_column(void **state)
{
    (void)state;
    BAD("no-name-quoted", edit(BASE, "  - declare: float acc\n", "  - declare: \"int 3x\"\n"),
        ":14:19: variables.declare: '3x' is not a name");
}

/* An array size too long to keep is refused, never cut short. */
static void long_array_size_is_not_cut(void **state)
{
    (void)state;
    char line[512] = "  - declare: float z[";
    for (int i = 0; i < 65; i++)
        strcat(line, i ? "+1" : "1");
    strcat(line, "]\n");
    BAD("long-size", edit(BASE, "  - declare: float acc\n", line),
        ":14:22: variables.declare: an array size longer than 127 characters");
}

/* Every count is finite: 2.0^1020 x 64 threads is beyond DBL_MAX. */
static void flops_must_be_finite(void **state)
{
    (void)state;
    BAD("inf-flops", edit(BASE, "  total: 2 * W^3\n", "  per_thread: 2.0^1020\n"),
        ":9:15: flops.per_thread x 64 threads is not a finite number");
}

/* The same for read + written, each below DBL_MAX, their sum not. */
static void bytes_must_be_finite(void **state)
{
    (void)state;
    BAD("inf-bytes", edit(BASE, "  read: 8 * W^3\n", "  read: 1.5 * 2.0^1023\n  written: 1.5 * 2.0^1023\n"),
        ":11:3: bytes: read + written is not a finite number");
}

static void variables_of_every_kind(void **state)
{
    (void)state;
    const char *text = edit(BASE, "  - declare: float acc\n",
                            "  - declare: float acc\n"
                            "  - declare: float buf[4][B]\n"
                            "  - declare: extern __shared__ double dyn[]\n"
                            "    bytes: 3 * 8\n"
                            "  - declare: __constant__ float F[9]\n"
                            "    at: file\n"
                            "  - declare: __device__ int g\n"
                            "    at: file\n"
                            "  - declare: __shared__ int s\n"
                            "    at: file\n");
    LOAD_TEXT("kinds", text);
    VAR_IS("tile", "shared", "block", "grid", 4);
    VAR_IS("acc", "register", "thread", "grid", 64);
    VAR_IS("buf", "local", "thread", "grid", 64);
    VAR_IS("dyn", "shared", "block", "grid", 4);
    VAR_IS("F", "constant", "grid", "application", 1);
    VAR_IS("g", "global", "grid", "application", 1);
    VAR_IS("s", "shared", "block", "grid", 4);
    assert_int_equal(VAR("buf")->elements, 64);
    assert_int_equal(VAR("buf")->bytes, 256);
    assert_int_equal(VAR("F")->bytes, 36);
    assert_int_equal(VAR("F")->place, GR_AT_FILE_SCOPE);
    assert_int_equal(VAR("acc")->place, GR_IN_KERNEL);
    assert_string_equal(VAR("buf")->declaration, "float buf[4][B]");
    /* tile, dyn and s are shared: 1024 + 24 + 4. */
    assert_int_equal(model.shared_bytes_per_block, 1024 + 24 + 4);

    /* 32 variables are the most. */
    char many[8192];
    snprintf(many, sizeof many, "%s", edit(BASE, "  - declare: float acc\n", ""));
    for (int i = 1; i < GR_MODEL_MAX_VARS; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "  - declare: int v%d\n", i);
    LOAD_TEXT("vars-32", many);
    assert_int_equal(model.var_count, 32);
    strcat(many, "  - declare: int v32\n");
    BAD("vars-33", many, ":13:3: more than 32 variables");
}

static void derived_values(void **state)
{
    (void)state;
    LOAD_TEXT("derived", edit(BASE, "  - declare: float acc\n",
                              "  - declare: float acc\n"
                              "derived:\n"
                              "  flops_per_thread: flops / threads\n"
                              "  smem: shared_bytes_per_block\n"
                              "  fb: flops / bytes\n"
                              "  rw: bytes_read + bytes_written\n"
                              "  launch: blocks * threads_per_block + grid_x + block_x + grid_y\n"
                              "  twice: 2 * smem\n"));
    assert_int_equal(model.derived_count, 6);
    INT_IS(DERIVED("flops_per_thread"), 2 * 64 * 64 * 64 / 64);
    INT_IS(DERIVED("smem"), 1024);
    gr_value fb = DERIVED("fb");
    assert_false(fb.is_int);
    assert_true(fb.d == 0.25);
    INT_IS(DERIVED("rw"), 8 * 64 * 64 * 64);
    INT_IS(DERIVED("launch"), 64 + 4 + 16 + 1);
    INT_IS(DERIVED("twice"), 2048);
    assert_string_equal(model.derived[0].name, "flops_per_thread");
    assert_string_equal(model.derived[0].formula, "flops / threads");

    const char *v = "  - declare: float acc\n";
    BAD("derived-clash", edit(BASE, v, "  - declare: float acc\nderived:\n  W: 2\n"),
        ":16:3: derived: 'W' is already a name in the model");
    BAD("derived-clash-launch", edit(BASE, v, "  - declare: float acc\nderived:\n  threads: 2\n"),
        ":16:3: derived: 'threads' is already a name in the model");
    BAD("derived-clash-flops", edit(BASE, v, "  - declare: float acc\nderived:\n  flops: 2\n"),
        ":16:3: derived: 'flops' is already a name in the model");
    BAD("derived-twice", edit(BASE, v, "  - declare: float acc\nderived:\n  a: 1\n  a: 2\n"),
        ":17:3: derived: 'a' is already a name in the model");
    BAD("derived-later", edit(BASE, v, "  - declare: float acc\nderived:\n  a: b\n  b: 1\n"),
        ":16:6: derived.a: unknown name 'b' (at character 1 of 'b')");
    BAD("derived-name", edit(BASE, v, "  - declare: float acc\nderived:\n  a-b: 1\n"),
        ":16:3: derived: 'a-b' is not a name");
    BAD("derived-list", edit(BASE, v, "  - declare: float acc\nderived: [1]\n"),
        ":15:10: derived must be a mapping of names to formulas");
    /* Formulas before derived: know only the parameters and the launch. */
    BAD("flops-uses-smem", edit(BASE, "2 * W^3", "shared_bytes_per_block"),
        ":9:10: flops.total: unknown name 'shared_bytes_per_block' (at character 1 of "
        "'shared_bytes_per_block')");
    LOAD_TEXT("flops-uses-threads", edit(BASE, "2 * W^3", "threads * 3"));
    INT_IS(model.flops, 192);
}

/* gr_model_figures_of: foo-kernel (exercise 11f) does 10 FLOP and reads
 * 20 B and writes 4 B a thread; the tiled matmul (Width 1024: 1024^2
 * threads, 2 x 1024 FLOP each) moves 2 x 4 x 1024^3 B through shared
 * memory, 8192 B a thread, at 0.25 FLOP/B, and gives no L2. */
static void figures_a_thread_and_at_each_level(void **state)
{
    (void)state;
    gr_model_figures f;
    LOAD(SHIPPED("foo-kernel.yaml"), NULL, 0);
    gr_model_figures_of(&model, &f);
    assert_float_equal(f.flops_per_thread, 10, 0);
    assert_float_equal(f.read_per_thread, 20, 0);
    assert_float_equal(f.written_per_thread, 4, 0);
    assert_float_equal(f.bytes_per_thread, 24, 0);
    assert_float_equal(f.bytes_moved, 24576, 0);
    assert_true(isnan(f.l2.intensity) && isnan(f.shared.intensity));
    LOAD(SHIPPED("matmul-tiled.yaml"), NULL, 0);
    gr_model_figures_of(&model, &f);
    assert_int_equal(model.threads, 1024 * 1024);
    assert_float_equal(f.shared.bytes_per_thread, 8192, 0);
    assert_float_equal(f.shared.intensity, 0.25, 0);
    assert_float_equal(f.flops_per_thread, 2048, 0);
    assert_true(isnan(f.l2.bytes_per_thread) && isnan(f.l2.intensity));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* PMPP chapter 5's exercises on the shipped models */
        cmocka_unit_test(exercise_11_versions),
        cmocka_unit_test(figures_a_thread_and_at_each_level),
        cmocka_unit_test(exercise_11_shared_memory_and_intensity),
        cmocka_unit_test(exercises_6_and_7),
        cmocka_unit_test(naive_matmul),
        cmocka_unit_test(tiled_matmul_intensity),
        cmocka_unit_test(exercise_2_reduction_is_the_tile_width),
        cmocka_unit_test(tiled_matmul_shared_memory),
        cmocka_unit_test(tiled_matmul_shared_bytes_as_the_book_counts),
        cmocka_unit_test(boundary_any_width),
        cmocka_unit_test(tiled_refuses_width_1000),
        cmocka_unit_test(dynamic_shared_memory),
        cmocka_unit_test(exercise_1_matrix_add),
        cmocka_unit_test(exercise_10_block_transpose),
        cmocka_unit_test(layout_models),
        cmocka_unit_test(every_shipped_model_loads),
        /* -D */
        cmocka_unit_test(define_overrides_a_parameter),
        cmocka_unit_test(define_unknown_parameter),
        cmocka_unit_test(define_uses_an_earlier_parameter),
        cmocka_unit_test(define_bad_expression),
        cmocka_unit_test(define_last_wins),
        cmocka_unit_test(define_parse),
        /* models written to a temporary directory */
        cmocka_unit_test(base_model_loads),
        cmocka_unit_test(level_bytes),
        cmocka_unit_test(level_bytes_errors),
        cmocka_unit_test(yaml_errors),
        cmocka_unit_test(missing_sections),
        cmocka_unit_test(formula_errors),
        cmocka_unit_test(count_errors),
        cmocka_unit_test(launch_errors),
        cmocka_unit_test(parameter_errors),
        cmocka_unit_test(variable_errors),
        cmocka_unit_test(quoted_declaration_error_column),
        cmocka_unit_test(long_array_size_is_not_cut),
        cmocka_unit_test(flops_must_be_finite),
        cmocka_unit_test(bytes_must_be_finite),
        cmocka_unit_test(variables_of_every_kind),
        cmocka_unit_test(derived_values),
    };
    return cmocka_run_group_tests(tests, tmp_setup, tmp_teardown);
}
