/* Unit tests for the shared-memory bank-conflict model (src/core/banks/banks.c).
 *
 * The layout kernels of Professional CUDA C Programming, chapter 5, "Checking the Data
 * Layout of Shared Memory" (square tile[32][32] and rectangular tile[16][32] of int, row and column access,
 * with and without padding) run twice: as index formulas and as callbacks
 * written the way the CUDA kernels compute their indices; both must give
 * the figures the rules of banks.h give. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "banks.h"

/* ---- the layout kernels, as callbacks and as formulas -------------------- */

typedef enum {
    SQUARE_ROW,        /* tile[ty][tx] of tile[N][N + pad] */
    SQUARE_COL,        /* tile[tx][ty] of tile[N][N + pad] */
    RECT_ROW,          /* setRowReadRow: tile[ty][tx] of tile[BDIMY][BDIMX + pad] */
    RECT_ROW_READ_COL, /* setRowReadCol's load: tile[icol][irow] of tile[BDIMY][BDIMX + pad] */
    RECT_COL_READ_COL, /* setColReadCol: tile[tx][ty] of tile[BDIMX][BDIMY + pad] */
} kernel_kind;

static const char *const kernel_formulas[] = {
    [SQUARE_ROW] = "ty*(bdx+pad)+tx",
    [SQUARE_COL] = "tx*(bdx+pad)+ty",
    [RECT_ROW] = "ty*(bdx+pad)+tx",
    [RECT_ROW_READ_COL] = "(ty*bdx+tx) % bdy * (bdx+pad) + floor((ty*bdx+tx)/bdy)",
    [RECT_COL_READ_COL] = "tx*(bdy+pad)+ty",
};

typedef struct {
    kernel_kind kind;
    int bdx, bdy, pad;
} kernel;

/* As the kernels compute it, in unsigned arithmetic. */
static unsigned kernel_element(const kernel *k, unsigned tx, unsigned ty)
{
    unsigned bdx = (unsigned)k->bdx, bdy = (unsigned)k->bdy, pad = (unsigned)k->pad;
    unsigned idx = ty * bdx + tx;
    unsigned irow = idx / bdy, icol = idx % bdy;
    switch (k->kind) {
    case SQUARE_ROW:
    case RECT_ROW:
        return ty * (bdx + pad) + tx;
    case SQUARE_COL:
        return tx * (bdx + pad) + ty;
    case RECT_ROW_READ_COL:
        return icol * (bdx + pad) + irow;
    case RECT_COL_READ_COL:
        return tx * (bdy + pad) + ty;
    }
    return 0;
}

static bool kernel_index(void *ctx, int tx, int ty, int64_t *element, gr_error *err)
{
    (void)err;
    *element = kernel_element(ctx, (unsigned)tx, (unsigned)ty);
    return true;
}

/* ---- checks that report the caller's line -------------------------------- */

static gr_bank_setup setup_of(int bdx, int bdy, int elem_bytes, gr_bank_mode mode)
{
    return (gr_bank_setup){.bdx = bdx, .bdy = bdy, .elem_bytes = elem_bytes, .mode = mode};
}

static gr_bank_result analyse_or_fail(const gr_bank_setup *s, gr_bank_index index_of,
                                      void *ctx, const char *file, int line)
{
    gr_bank_result r;
    gr_error err;
    memset(&r, 0, sizeof r);
    if (!gr_banks_analyse(s, index_of, ctx, &r, &err)) {
        print_error("unexpected error: %s\n", err.text);
        _fail(file, line);
    }
    return r;
}

static gr_bank_result formula_or_fail(const gr_bank_setup *s, const char *formula,
                                      int pad, const char *file, int line)
{
    gr_bank_result r;
    gr_error err;
    memset(&r, 0, sizeof r);
    if (!gr_banks_formula(s, formula, true, pad, &r, &err)) {
        print_error("\"%s\": unexpected error: %s\n", formula, err.text);
        _fail(file, line);
    }
    return r;
}

static void same_results(const gr_bank_result *a, const gr_bank_result *b,
                         const char *file, int line)
{
    bool same = a->ways == b->ways &&
                a->wavefronts_per_request == b->wavefronts_per_request &&
                a->ideal_wavefronts == b->ideal_wavefronts &&
                a->warp_count == b->warp_count && a->worst_warp == b->worst_warp &&
                a->worst_phase == b->worst_phase && a->worst_bank == b->worst_bank &&
                a->word_bytes == b->word_bytes && a->colliding_count == b->colliding_count;
    for (int i = 0; same && i < a->colliding_count; i++)
        same = a->colliding_threads[i] == b->colliding_threads[i] &&
               a->colliding_words[i] == b->colliding_words[i];
    if (!same) {
        print_error("formula and callback disagree\n");
        _fail(file, line);
    }
}

static void expect_figures(const gr_bank_result *r, int ways, double wavefronts,
                           const char *what, const char *file, int line)
{
    if (r->ways != ways || fabs(r->wavefronts_per_request - wavefronts) > 1e-9) {
        print_error("%s: got %d-way, %.4f wavefronts; expected %d-way, %.4f\n", what,
                    r->ways, r->wavefronts_per_request, ways, wavefronts);
        _fail(file, line);
    }
}

/* Runs a layout kernel as formula and as callback; returns the result. */
static gr_bank_result check_kernel_at(kernel k, int elem_bytes, gr_bank_mode mode,
                                      int ways, double wavefronts,
                                      const char *file, int line)
{
    gr_bank_setup s = setup_of(k.bdx, k.bdy, elem_bytes, mode);
    gr_bank_result by_formula = formula_or_fail(&s, kernel_formulas[k.kind], k.pad, file, line);
    gr_bank_result by_callback = analyse_or_fail(&s, kernel_index, &k, file, line);
    char what[160];
    snprintf(what, sizeof what, "%s, pad %d, %d-byte elements, %s",
             kernel_formulas[k.kind], k.pad, elem_bytes, gr_bank_mode_name(mode));
    expect_figures(&by_formula, ways, wavefronts, what, file, line);
    same_results(&by_formula, &by_callback, file, line);
    return by_formula;
}

#define check_kernel(k, elem_bytes, mode, ways, wavefronts) \
    check_kernel_at(k, elem_bytes, mode, ways, wavefronts, __FILE__, __LINE__)

/* A row of expected figures: one kernel, one element size, pads 0 to 3,
 * the three modes. */
typedef struct {
    int ways;
    double wavefronts;
} figures;

typedef struct {
    figures standard, kepler_4, kepler_8;
} mode_figures;

static void check_pads_at(kernel_kind kind, int bdx, int bdy, int elem_bytes,
                          const mode_figures by_pad[4], const char *file, int line)
{
    for (int pad = 0; pad < 4; pad++) {
        kernel k = {kind, bdx, bdy, pad};
        check_kernel_at(k, elem_bytes, GR_BANKS_4BYTE, by_pad[pad].standard.ways,
                        by_pad[pad].standard.wavefronts, file, line);
        check_kernel_at(k, elem_bytes, GR_BANKS_KEPLER_4, by_pad[pad].kepler_4.ways,
                        by_pad[pad].kepler_4.wavefronts, file, line);
        check_kernel_at(k, elem_bytes, GR_BANKS_KEPLER_8, by_pad[pad].kepler_8.ways,
                        by_pad[pad].kepler_8.wavefronts, file, line);
    }
}

#define check_pads(kind, bdx, bdy, elem_bytes, by_pad) \
    check_pads_at(kind, bdx, bdy, elem_bytes, by_pad, __FILE__, __LINE__)

/* ---- square tile[32][32] of int ----------------------------------------- */

/* A warp is one row: 32 consecutive words, one per bank, whatever the pad
 * (the pad only moves where the row starts).  On Kepler, 32 consecutive
 * 4-byte words are one 64-bit cell each or half of one. */
static void test_square_row(void **state)
{
    (void)state;
    static const mode_figures by_pad[4] = {
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
    };
    check_pads(SQUARE_ROW, 32, 32, 4, by_pad);
}

/* A warp is one column: words tx*(32+pad)+ty.
 *  pad 0, 4-byte banks: every word in bank ty: 32-way (the notes' Fermi
 *    figure).
 *  pad 0, Kepler 4-byte mode: words 32*tx sit in bank 0, rows 32*tx/64 =
 *    tx/2: 16 rows, 16-way (the notes' Kepler figure).
 *  pad 0, Kepler 8-byte mode: 8-byte words 16*tx, banks 0 and 16, 16
 *    distinct words each: 16-way too.
 *  pad 1: banks (33*tx) % 32 = tx: conflict-free on 4-byte banks and in
 *    Kepler's 4-byte mode.  In the 8-byte mode warp ty=0 has 8-byte words
 *    floor(33*tx/2), all in different banks, but odd ty shift the odd
 *    threads by one bank: ty=1, tx=31 has 8-byte word 512 in bank 0 with
 *    tx=0's word 0: 2-way on odd warps, 1.5 wavefronts on average.
 *  pad 2: banks (34*tx) % 32 = (2*tx) % 32: 2-way on 4-byte banks; in
 *    Kepler's 4-byte mode tx and tx+16 are 544 words apart, different rows:
 *    2-way; in its 8-byte mode 8-byte words 17*tx: all banks differ.
 *  pad 3: odd stride, conflict-free on 4-byte banks; the 8-byte mode pairs
 *    like pad 1, and every warp has a colliding pair. */
static void test_square_col(void **state)
{
    (void)state;
    static const mode_figures by_pad[4] = {
        {{32, 32}, {16, 16}, {16, 16}},
        {{1, 1}, {1, 1}, {2, 1.5}},
        {{2, 2}, {2, 2}, {1, 1}},
        {{1, 1}, {1, 1}, {2, 2}},
    };
    check_pads(SQUARE_COL, 32, 32, 4, by_pad);
}

/* The text output's figures for the column access: warp 0 (tx 0..31,
 * ty 0) reads words 0, 32, ..., 992, all in bank 0. */
static void test_square_col_worst_bank(void **state)
{
    (void)state;
    kernel k = {SQUARE_COL, 32, 32, 0};
    gr_bank_result r = check_kernel(k, 4, GR_BANKS_4BYTE, 32, 32);
    assert_int_equal(r.worst_warp, 0);
    assert_int_equal(r.worst_phase, 0);
    assert_int_equal(r.worst_bank, 0);
    assert_int_equal(r.word_bytes, 4);
    assert_int_equal(r.warp_count, 32);
    assert_int_equal(r.colliding_count, 32);
    for (int t = 0; t < 32; t++) {
        assert_int_equal(r.colliding_threads[t], t);
        assert_int_equal(r.colliding_words[t], 32 * t);
    }

    /* Kepler's 4-byte mode: the same 32 threads in bank 0, but in pairs
     * sharing a 64-bit cell, hence 16-way. */
    r = check_kernel(k, 4, GR_BANKS_KEPLER_4, 16, 16);
    assert_int_equal(r.worst_bank, 0);
    assert_int_equal(r.colliding_count, 32);
    assert_int_equal(r.colliding_words[31], 992);

    /* Kepler's 8-byte mode: 8-byte words 16*tx; the even threads are in
     * bank 0, the odd ones in bank 16. */
    r = check_kernel(k, 4, GR_BANKS_KEPLER_8, 16, 16);
    assert_int_equal(r.worst_bank, 0);
    assert_int_equal(r.word_bytes, 8);
    assert_int_equal(r.colliding_count, 16);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(r.colliding_threads[i], 2 * i);
        assert_int_equal(r.colliding_words[i], 32 * i);
    }
}

/* ---- rectangular tile, BDIMX 32, BDIMY 16, of int ------------------------ */

static void test_rect_row(void **state)
{
    (void)state;
    static const mode_figures by_pad[4] = {
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
        {{1, 1}, {1, 1}, {1, 1}},
    };
    check_pads(RECT_ROW, 32, 16, 4, by_pad);
}

/* setRowReadCol's load: warp 0 is idx 0..31, icol = idx % 16, irow =
 * idx / 16 (0 or 1), words icol*(32+pad) + irow.
 *  pad 0: words 32*icol + irow: banks 0 and 1, 16 words each: 16-way on
 *    4-byte banks; in Kepler's 4-byte mode rows 32*icol/64 = icol/2: 8
 *    rows, 8-way (the notes' K40 figure); in its 8-byte mode 8-byte words
 *    16*icol (irow 0 and 1 share one): banks 0 and 16, 8 words each: 8-way.
 *  pad 1: banks (icol + irow) % 32: bank b holds icol b, irow 0 and
 *    icol b-1, irow 1: 2-way on 4-byte banks; in Kepler's 4-byte mode the
 *    pair is 32 words apart, in one row only for bank 1: 2-way (the notes'
 *    figure for NPAD=1); in the 8-byte mode 2-way as well.
 *  pad 2: banks 2*icol + irow, all 32 distinct: conflict-free everywhere
 *    (the notes' NPAD=2).
 *  pad 3: banks (3*icol + irow) % 32 wrap onto each other: 2-way. */
static void test_rect_row_read_col(void **state)
{
    (void)state;
    static const mode_figures by_pad[4] = {
        {{16, 16}, {8, 8}, {8, 8}},
        {{2, 2}, {2, 2}, {2, 2}},
        {{1, 1}, {1, 1}, {1, 1}},
        {{2, 2}, {2, 2}, {2, 2}},
    };
    check_pads(RECT_ROW_READ_COL, 32, 16, 4, by_pad);
}

/* setColReadCol: tile[BDIMX][BDIMY], words tx*(16+pad)+ty.
 *  pad 0: words 16*tx: banks 0 and 16, 16 each: 16-way on 4-byte banks; in
 *    Kepler's 4-byte mode bank 0 holds words 32*k, rows k/2: 8-way (the
 *    notes' K40 figure); in its 8-byte mode 8-byte words 8*tx, banks 0, 8,
 *    16, 24: 8-way.
 *  pads 1 to 3 as for the square column: an odd stride is conflict-free on
 *    4-byte banks, stride 18 is 2-way. */
static void test_rect_col_read_col(void **state)
{
    (void)state;
    static const mode_figures by_pad[4] = {
        {{16, 16}, {8, 8}, {8, 8}},
        {{1, 1}, {1, 1}, {2, 2}},
        {{2, 2}, {2, 2}, {1, 1}},
        {{1, 1}, {1, 1}, {2, 2}},
    };
    check_pads(RECT_COL_READ_COL, 32, 16, 4, by_pad);
}

/* The dynamic-memory index of the notes, written by hand: the same load. */
static void test_rect_dynamic_padded_index(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(32, 16, 4, GR_BANKS_KEPLER_4);
    gr_bank_result r = formula_or_fail(
        &s, "((ty*bdx+tx) % bdy) * (bdx + pad) + floor((ty*bdx+tx) / bdy)", 1,
        __FILE__, __LINE__);
    expect_figures(&r, 2, 2, "col_idx, IPAD 1", __FILE__, __LINE__);
}

/* ---- 8- and 16-byte elements -------------------------------------------- */

/* double tile[32][32].  4-byte banks serve 8-byte elements by half-warps:
 * a row is 2 conflict-free phases, 1-way in 2 wavefronts.  A column puts
 * 16 threads' two words each in banks 0 and 1 per half-warp: 16-way, 32
 * wavefronts.  Kepler serves the warp at once: a row is 64 consecutive
 * words, i and i+32 in one cell (4-byte mode) or 32 consecutive 8-byte
 * words (8-byte mode): 1 wavefront; a column puts all 32 threads in bank 0
 * in 32 cells: 32-way. */
static void test_double_elements(void **state)
{
    (void)state;
    kernel row = {SQUARE_ROW, 32, 32, 0};
    kernel col = {SQUARE_COL, 32, 32, 0};
    gr_bank_result r = check_kernel(row, 8, GR_BANKS_4BYTE, 1, 2);
    assert_int_equal(r.ideal_wavefronts, 2);
    check_kernel(row, 8, GR_BANKS_KEPLER_4, 1, 1);
    r = check_kernel(row, 8, GR_BANKS_KEPLER_8, 1, 1);
    assert_int_equal(r.ideal_wavefronts, 1);
    check_kernel(col, 8, GR_BANKS_4BYTE, 16, 32);
    check_kernel(col, 8, GR_BANKS_KEPLER_4, 32, 32);
    check_kernel(col, 8, GR_BANKS_KEPLER_8, 32, 32);

    /* A padded double row starts at word 66*ty, off a 64-word boundary in
     * Kepler's 4-byte mode: words i and i+32 of the warp then straddle two
     * segments for some banks, 2-way on 31 warps of 32. */
    row.pad = 1;
    check_kernel(row, 8, GR_BANKS_KEPLER_4, 2, 63.0 / 32.0);
    check_kernel(row, 8, GR_BANKS_KEPLER_8, 1, 1);
}

/* 16-byte elements: quarter-warps on 4-byte banks, half-warps on Kepler.
 * A column puts 8 threads' 4 words in banks 0..3 per quarter-warp: 8-way,
 * 4 phases, 32 wavefronts. */
static void test_16_byte_elements(void **state)
{
    (void)state;
    kernel row = {SQUARE_ROW, 32, 32, 0};
    kernel col = {SQUARE_COL, 32, 32, 0};
    gr_bank_result r = check_kernel(row, 16, GR_BANKS_4BYTE, 1, 4);
    assert_int_equal(r.ideal_wavefronts, 4);
    r = check_kernel(row, 16, GR_BANKS_KEPLER_4, 1, 2);
    assert_int_equal(r.ideal_wavefronts, 2);
    check_kernel(row, 16, GR_BANKS_KEPLER_8, 1, 2);
    r = check_kernel(col, 16, GR_BANKS_4BYTE, 8, 32);
    assert_int_equal(r.colliding_count, 8);
    assert_int_equal(r.colliding_threads[7], 7);
    check_kernel(col, 16, GR_BANKS_KEPLER_4, 16, 32);
    check_kernel(col, 16, GR_BANKS_KEPLER_8, 16, 32);
}

/* Element index by block-linear tid: in_order outside [first, last], else
 * stride * (tid - first), so that only those threads conflict. */
typedef struct {
    int bdx;
    int first, last, stride;
} stride_span;

static bool span_index(void *ctx, int tx, int ty, int64_t *element, gr_error *err)
{
    const stride_span *span = ctx;
    int tid = ty * span->bdx + tx;
    (void)err;
    *element = tid >= span->first && tid <= span->last
                   ? (int64_t)span->stride * (tid - span->first)
                   : tid;
    return true;
}

/* The worst phase of a request is the one named: 16-byte elements on
 * 4-byte banks, where only the third quarter-warp (tids 16..23) conflicts:
 * elements 8*k cover words 32*k..32*k+3, banks 0..3 for all 8 threads. */
static void test_worst_phase(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(32, 1, 16, GR_BANKS_4BYTE);
    stride_span span = {32, 16, 23, 8};
    gr_bank_result r = analyse_or_fail(&s, span_index, &span, __FILE__, __LINE__);
    expect_figures(&r, 8, 1 + 1 + 8 + 1, "third quarter-warp", __FILE__, __LINE__);
    assert_int_equal(r.worst_phase, 2);
    assert_int_equal(r.worst_bank, 0);
    assert_int_equal(r.colliding_count, 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(r.colliding_threads[i], 16 + i);
        assert_int_equal(r.colliding_words[i], 32 * i);
    }
}

/* ---- the banks' own rules ----------------------------------------------- */

/* Every thread reads element 0: one word, one broadcast. */
static void test_broadcast(void **state)
{
    (void)state;
    gr_bank_mode modes[] = {GR_BANKS_4BYTE, GR_BANKS_KEPLER_4, GR_BANKS_KEPLER_8};
    for (int m = 0; m < 3; m++) {
        gr_bank_setup s = setup_of(32, 32, 4, modes[m]);
        gr_bank_result r = formula_or_fail(&s, "0", 0, __FILE__, __LINE__);
        expect_figures(&r, 1, 1, "broadcast", __FILE__, __LINE__);
        assert_int_equal(r.worst_bank, 0);
        assert_int_equal(r.colliding_count, 32); /* all of them, one word */
        assert_int_equal(r.colliding_words[31], 0);
    }
    /* 8-byte elements still take their two half-warp phases. */
    gr_bank_setup s = setup_of(32, 32, 8, GR_BANKS_4BYTE);
    gr_bank_result r = formula_or_fail(&s, "0", 0, __FILE__, __LINE__);
    expect_figures(&r, 1, 2, "broadcast of doubles", __FILE__, __LINE__);
}

/* Stride 2 ints: 4-byte banks see every other bank twice (2-way);
 * Kepler's 4-byte mode finds words b and b+32 in one cell; its 8-byte
 * mode sees 32 consecutive 8-byte words.  Stride 32 and 64 tell the two
 * Kepler modes' cells apart. */
static void test_kepler_cells(void **state)
{
    (void)state;
    struct {
        const char *formula;
        int bdx;
        int standard, kepler_4, kepler_8;
    } cases[] = {
        {"2*tx", 32, 2, 1, 1},
        {"32*tx", 2, 2, 1, 1},  /* words 0, 32: one Kepler cell; 8-byte words 0, 16 */
        {"64*tx", 2, 2, 2, 2},  /* words 0, 64: two rows of bank 0 */
        {"floor(tx/2)*2", 32, 1, 1, 1}, /* pairs of threads on one word: broadcasts */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gr_bank_setup s = setup_of(cases[c].bdx, 1, 4, GR_BANKS_4BYTE);
        gr_bank_result r = formula_or_fail(&s, cases[c].formula, 0, __FILE__, __LINE__);
        expect_figures(&r, cases[c].standard, cases[c].standard, cases[c].formula,
                       __FILE__, __LINE__);
        s.mode = GR_BANKS_KEPLER_4;
        r = formula_or_fail(&s, cases[c].formula, 0, __FILE__, __LINE__);
        expect_figures(&r, cases[c].kepler_4, cases[c].kepler_4, cases[c].formula,
                       __FILE__, __LINE__);
        s.mode = GR_BANKS_KEPLER_8;
        r = formula_or_fail(&s, cases[c].formula, 0, __FILE__, __LINE__);
        expect_figures(&r, cases[c].kepler_8, cases[c].kepler_8, cases[c].formula,
                       __FILE__, __LINE__);
    }
}

/* ---- partial warps ------------------------------------------------------- */

/* 40 threads: warp 0 full, warp 1 with 8 real threads. */
static void test_partial_warp(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(40, 1, 4, GR_BANKS_4BYTE);
    gr_bank_result r = formula_or_fail(&s, "tx*32", 0, __FILE__, __LINE__);
    /* warp 0: 32 words in bank 0; warp 1: 8 words in bank 0 */
    expect_figures(&r, 32, (32 + 8) / 2.0, "tx*32 over 40 threads", __FILE__, __LINE__);
    assert_int_equal(r.warp_count, 2);
    assert_int_equal(r.worst_warp, 0);

    r = formula_or_fail(&s, "tx", 0, __FILE__, __LINE__);
    expect_figures(&r, 1, 1, "tx over 40 threads", __FILE__, __LINE__);

    /* 8-byte elements: warp 1's second half-warp has no thread and costs
     * nothing, so the warps take 2 and 1 wavefronts. */
    s.elem_bytes = 8;
    r = formula_or_fail(&s, "tx", 0, __FILE__, __LINE__);
    expect_figures(&r, 1, 1.5, "doubles over 40 threads", __FILE__, __LINE__);
}

/* The worst warp may be the partial one; its colliding threads are named
 * by block-linear tid.  8 x 5 = 40 threads; tids 32..39 read elements
 * 0, 32, ..., 224, all in bank 0. */
static void test_partial_warp_is_worst(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(8, 5, 4, GR_BANKS_4BYTE);
    stride_span span = {8, 32, 39, 32};
    gr_bank_result r = analyse_or_fail(&s, span_index, &span, __FILE__, __LINE__);
    expect_figures(&r, 8, (1 + 8) / 2.0, "partial warp", __FILE__, __LINE__);
    assert_int_equal(r.worst_warp, 1);
    assert_int_equal(r.colliding_count, 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(r.colliding_threads[i], 32 + i);
        assert_int_equal(r.colliding_words[i], 32 * i);
    }
}

/* ---- errors -------------------------------------------------------------- */

static void expect_error_at(const gr_bank_setup *s, const char *formula, bool has_pad,
                            const char *want, const char *file, int line)
{
    gr_bank_result r;
    gr_error err;
    memset(&r, 0, sizeof r);
    r.ways = -7;
    err.text[0] = '\0';
    if (gr_banks_formula(s, formula, has_pad, 1, &r, &err)) {
        print_error("\"%s\": expected an error\n", formula);
        _fail(file, line);
    }
    if (!strstr(err.text, want)) {
        print_error("\"%s\": error \"%s\" lacks \"%s\"\n", formula, err.text, want);
        _fail(file, line);
    }
    if (r.ways != -7) {
        print_error("\"%s\": result written despite the error\n", formula);
        _fail(file, line);
    }
}

#define expect_error(s, formula, has_pad, want) \
    expect_error_at(s, formula, has_pad, want, __FILE__, __LINE__)

static void test_bad_setups(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(32, 1, 2, GR_BANKS_4BYTE);
    expect_error(&s, "tx", false, "element size of 2 bytes");
    s.elem_bytes = 32;
    expect_error(&s, "tx", false, "element size of 32 bytes");
    s.elem_bytes = 0;
    expect_error(&s, "tx", false, "4, 8 or 16");
    s = setup_of(0, 4, 4, GR_BANKS_4BYTE);
    expect_error(&s, "tx", false, "at least 1");
    s = setup_of(4, -1, 4, GR_BANKS_4BYTE);
    expect_error(&s, "tx", false, "at least 1");
    s = setup_of(33, 32, 4, GR_BANKS_4BYTE);
    expect_error(&s, "tx", false, "exceeds 1024 threads");
    s = setup_of(1025, 1, 4, GR_BANKS_4BYTE);
    expect_error(&s, "tx", false, "exceeds 1024 threads");
    s = setup_of(32, 32, 4, (gr_bank_mode)9);
    expect_error(&s, "tx", false, "unknown bank mode");

    /* The largest block is fine. */
    s = setup_of(1024, 1, 4, GR_BANKS_4BYTE);
    gr_bank_result r = formula_or_fail(&s, "tx", 0, __FILE__, __LINE__);
    assert_int_equal(r.warp_count, 32);
}

static void test_bad_indices(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(4, 4, 4, GR_BANKS_4BYTE);
    /* tid 11 is tx 3, ty 2: the first to go below zero */
    expect_error(&s, "10 - ty*bdx - tx", false,
                 "thread 11 (tx=3, ty=2) has element index -1: indices must be >= 0");
    expect_error(&s, "tx*1000000000000000000", false, "thread 1 (tx=1, ty=0)");
    expect_error(&s, "tx/2", false, "gives 0.5 at tx=1, ty=0: not a whole number");
}

static void test_formula_errors(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(32, 1, 4, GR_BANKS_4BYTE);
    expect_error(&s, "tx*", false, "column 4: expected a number");
    expect_error(&s, "(tx", false, "column 4: expected ')'");
    expect_error(&s, "tx + foo", false, "column 6: unknown name 'foo'");
    /* pad is a name only when the caller has one */
    expect_error(&s, "tx*(bdx+pad)", false, "column 9: unknown name 'pad'");
    expect_error(&s, "32/tx", false, "column 3: division by zero (at tx=0, ty=0)");
    expect_error(&s, "32 % (tx - 5)", false, "column 4: modulo by zero (at tx=5, ty=0)");
    gr_error err;
    gr_bank_result r;
    assert_false(gr_banks_formula(&s, NULL, false, 0, &r, &err));
    assert_string_equal(err.text, "no index formula");
}

/* A failing callback's own message comes through; a silent one gets one
 * naming the thread. */
static bool failing_index(void *ctx, int tx, int ty, int64_t *element, gr_error *err)
{
    *element = tx;
    if (ty < 1)
        return true;
    if (ctx)
        return gr_error_set(err, "%s", (const char *)ctx);
    return false;
}

static void test_callback_errors(void **state)
{
    (void)state;
    gr_bank_setup s = setup_of(16, 4, 4, GR_BANKS_4BYTE);
    gr_bank_result r;
    gr_error err;
    assert_false(gr_banks_analyse(&s, failing_index, "out of tiles", &r, &err));
    assert_string_equal(err.text, "out of tiles");
    assert_false(gr_banks_analyse(&s, failing_index, NULL, &r, &err));
    assert_string_equal(err.text, "no element index for thread 16 (tx=0, ty=1)");
    /* a NULL err is allowed */
    assert_false(gr_banks_analyse(&s, failing_index, NULL, &r, NULL));
}

/* ---- names --------------------------------------------------------------- */

static void test_modes(void **state)
{
    (void)state;
    assert_int_equal(gr_bank_mode_for_scheme(GR_BANKS_STANDARD, false), GR_BANKS_4BYTE);
    assert_int_equal(gr_bank_mode_for_scheme(GR_BANKS_STANDARD, true), GR_BANKS_4BYTE);
    assert_int_equal(gr_bank_mode_for_scheme(GR_BANKS_KEPLER, false), GR_BANKS_KEPLER_4);
    assert_int_equal(gr_bank_mode_for_scheme(GR_BANKS_KEPLER, true), GR_BANKS_KEPLER_8);
    assert_string_equal(gr_bank_mode_name(GR_BANKS_4BYTE), "4-byte");
    assert_string_equal(gr_bank_mode_name(GR_BANKS_KEPLER_4), "kepler-4-byte");
    assert_string_equal(gr_bank_mode_name(GR_BANKS_KEPLER_8), "kepler-8-byte");
    assert_string_equal(gr_bank_mode_name((gr_bank_mode)9), "unknown");
}

/* The transpose's padding: 32x32 4-byte words need pad 1; Kepler's 4-byte
 * mode over 32x16 needs 2 (as --suggest-pad says); a formula without pad
 * and with a conflict has none; a pad at which a formula fails is skipped. */
static void test_smallest_pad(void **state)
{
    (void)state;
    gr_bank_setup s = {.bdx = 32, .bdy = 32, .elem_bytes = 4, .mode = GR_BANKS_4BYTE};
    assert_int_equal(gr_banks_smallest_pad(&s, "ty*(bdx+pad)+tx", "tx*(bdx+pad)+ty", 64), 1);
    assert_int_equal(gr_banks_smallest_pad(&s, "ty*bdx+tx", "tx*bdx+ty", 64), -1);
    assert_int_equal(gr_banks_smallest_pad(&s, "ty*(bdx+pad)+tx", "tx*(bdx+pad)+ty", 0), -1);
    assert_int_equal(gr_banks_smallest_pad(&s, "ty*bdx+tx+32/pad", "ty*bdx+tx", 64), 1); /* pad 0 divides by zero */
    gr_bank_setup k = {.bdx = 32, .bdy = 16, .elem_bytes = 4, .mode = GR_BANKS_KEPLER_4};
    assert_int_equal(gr_banks_smallest_pad(&k, "ty*(bdx+pad)+tx",
                                           "(ty*bdx+tx) % bdy * (bdx+pad) + floor((ty*bdx+tx) / bdy)", 64),
                     2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_row),
        cmocka_unit_test(test_square_col),
        cmocka_unit_test(test_square_col_worst_bank),
        cmocka_unit_test(test_rect_row),
        cmocka_unit_test(test_rect_row_read_col),
        cmocka_unit_test(test_rect_col_read_col),
        cmocka_unit_test(test_rect_dynamic_padded_index),
        cmocka_unit_test(test_double_elements),
        cmocka_unit_test(test_16_byte_elements),
        cmocka_unit_test(test_worst_phase),
        cmocka_unit_test(test_broadcast),
        cmocka_unit_test(test_kepler_cells),
        cmocka_unit_test(test_partial_warp),
        cmocka_unit_test(test_partial_warp_is_worst),
        cmocka_unit_test(test_bad_setups),
        cmocka_unit_test(test_bad_indices),
        cmocka_unit_test(test_formula_errors),
        cmocka_unit_test(test_callback_errors),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_smallest_pad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
