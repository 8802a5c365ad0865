/* The shared-memory bank-conflict model; the rules are in banks.h. */
#include <string.h>
#include "banks.h"
#include "gpuroof_text.h"

/* An element spans at most 4 words of the scheme (16 bytes in 4-byte words)
 * and a phase at most 32 threads; only 8-byte elements in Kepler's 4-byte
 * mode reach 2 words x 32 threads, so 64 touches bound every phase. */
#define MAX_TOUCHES_PER_PHASE 64

/* Elements are at most 16 bytes, so an index up to this keeps the byte
 * address within int64. */
#define MAX_ELEMENT_INDEX (INT64_MAX / 16)

/* One word touched by one thread in one phase. */
typedef struct {
    int tid;      /* block-linear */
    int64_t word; /* in the scheme's word units (word_bytes) */
    int bank;
    int64_t cell; /* what the bank serves in one wavefront */
} bank_touch;

/* The phase of a warp that needs the most wavefronts, with its touches so
 * that the colliding threads can be listed. */
typedef struct {
    int ways;          /* the most wavefronts of one phase */
    int wavefronts;    /* summed over the phases */
    int worst_phase;
    int worst_bank;
    int touch_count;   /* of the worst phase */
    bank_touch touches[MAX_TOUCHES_PER_PHASE];
} warp_report;

/* Kepler's 8-byte mode addresses its banks in 8-byte words; the other
 * schemes in 4-byte words (Kepler's 4-byte mode pairs two of them in a
 * 64-bit cell, see cell_of). */
static int word_bytes_of(gr_bank_mode mode)
{
    return mode == GR_BANKS_KEPLER_8 ? 8 : 4;
}

/* Phases per request: a phase moves at most one bank row's worth of data,
 * 128 bytes on 4-byte banks, 256 on Kepler's 8-byte-wide banks, to 32
 * lanes, so wider elements split the warp into half- or quarter-warps. */
static int phases_of(const gr_bank_setup *s)
{
    if (s->mode == GR_BANKS_4BYTE)
        return s->elem_bytes / 4;
    return s->elem_bytes == 16 ? 2 : 1;
}

/* In Kepler's 4-byte mode, words i and i+32 of one 64-word segment sit in
 * the same 64-bit cell of bank i % 32, so the bank serves them together;
 * elsewhere every word is its own cell. */
static int64_t cell_of(gr_bank_mode mode, int64_t word)
{
    return mode == GR_BANKS_KEPLER_4 ? word / 64 : word;
}

static bool check_setup(const gr_bank_setup *s, gr_error *err)
{
    if (s->elem_bytes != 4 && s->elem_bytes != 8 && s->elem_bytes != 16)
        return gr_error_set(err, "element size of %d bytes: the bank model takes 4, 8 or 16",
                            s->elem_bytes);
    if (s->mode != GR_BANKS_4BYTE && s->mode != GR_BANKS_KEPLER_4 &&
        s->mode != GR_BANKS_KEPLER_8)
        return gr_error_set(err, "unknown bank mode %d", (int)s->mode);
    if (s->bdx < 1 || s->bdy < 1)
        return gr_error_set(err, "block of %d x %d threads: both sides need at least 1",
                            s->bdx, s->bdy);
    if ((int64_t)s->bdx * s->bdy > GR_BANK_MAX_BLOCK_THREADS)
        return gr_error_set(err, "block of %d x %d threads exceeds %d threads",
                            s->bdx, s->bdy, GR_BANK_MAX_BLOCK_THREADS);
    return true;
}

/* Thread tid's element index, checked: negative or byte-overflowing
 * indices name the thread, since the formula is the user's. */
static bool element_of(const gr_bank_setup *s, gr_bank_index index_of,
                       void *ctx, int tid, int64_t *element, gr_error *err)
{
    int tx = tid % s->bdx, ty = tid / s->bdx;
    if (err)
        err->text[0] = '\0';
    if (!index_of(ctx, tx, ty, element, err)) {
        if (err && err->text[0] == '\0')
            gr_error_set(err, "no element index for thread %d (tx=%d, ty=%d)", tid, tx, ty);
        return false;
    }
    if (*element < 0)
        return gr_error_set(err, "thread %d (tx=%d, ty=%d) has element index %lld: indices must be >= 0",
                            tid, tx, ty, (long long)*element);
    if (*element > MAX_ELEMENT_INDEX)
        return gr_error_set(err, "thread %d (tx=%d, ty=%d) has element index %lld: too large",
                            tid, tx, ty, (long long)*element);
    return true;
}

/* The words that lanes [lane_begin, lane_end) touch.  Elements are aligned
 * to their size, so each covers whole words (a 4-byte element in Kepler's
 * 8-byte mode: half of one word). */
static int phase_touches(const gr_bank_setup *s, int first_tid,
                         const int64_t *elements, int lane_begin, int lane_end,
                         bank_touch *touches)
{
    int word_bytes = word_bytes_of(s->mode);
    int words_per_element = s->elem_bytes > word_bytes ? s->elem_bytes / word_bytes : 1;
    int count = 0;
    for (int lane = lane_begin; lane < lane_end; lane++) {
        int64_t first_word = elements[lane] * s->elem_bytes / word_bytes;
        for (int w = 0; w < words_per_element; w++) {
            int64_t word = first_word + w;
            touches[count++] = (bank_touch){
                .tid = first_tid + lane,
                .word = word,
                .bank = (int)(word % GR_BANK_COUNT),
                .cell = cell_of(s->mode, word),
            };
        }
    }
    return count;
}

static bool cell_seen_before(const bank_touch *touches, int i)
{
    for (int j = 0; j < i; j++)
        if (touches[j].bank == touches[i].bank && touches[j].cell == touches[i].cell)
            return true;
    return false;
}

/* A phase's wavefronts: the most distinct cells any bank must serve (a
 * cell read by many threads is one broadcast); at least 1, since even a
 * phase of broadcasts takes a pass.  *worst_bank: the lowest-numbered bank
 * with that many. */
static int phase_wavefronts(const bank_touch *touches, int count, int *worst_bank)
{
    int cells_per_bank[GR_BANK_COUNT] = {0};
    for (int i = 0; i < count; i++)
        if (!cell_seen_before(touches, i))
            cells_per_bank[touches[i].bank]++;
    *worst_bank = 0;
    for (int b = 1; b < GR_BANK_COUNT; b++)
        if (cells_per_bank[b] > cells_per_bank[*worst_bank])
            *worst_bank = b;
    int most = cells_per_bank[*worst_bank];
    return most > 0 ? most : 1;
}

/* One warp's request: lanes [0, lane_count) hold real threads; a phase
 * without any (the tail of a partial warp) costs nothing. */
static void analyse_warp(const gr_bank_setup *s, int first_tid,
                         const int64_t *elements, int lane_count,
                         warp_report *r)
{
    int phases = phases_of(s);
    int lanes_per_phase = GR_BANK_WARP_SIZE / phases;
    bank_touch touches[MAX_TOUCHES_PER_PHASE];
    memset(r, 0, sizeof *r);
    for (int p = 0; p < phases; p++) {
        int begin = p * lanes_per_phase;
        int end = begin + lanes_per_phase < lane_count ? begin + lanes_per_phase : lane_count;
        if (begin >= end)
            break;
        int count = phase_touches(s, first_tid, elements, begin, end, touches);
        int bank;
        int wavefronts = phase_wavefronts(touches, count, &bank);
        r->wavefronts += wavefronts;
        if (wavefronts > r->ways) {
            r->ways = wavefronts;
            r->worst_phase = p;
            r->worst_bank = bank;
            r->touch_count = count;
            memcpy(r->touches, touches, (size_t)count * sizeof touches[0]);
        }
    }
}

/* Lists the worst phase's threads in the worst bank.  A thread's element
 * spans fewer than 32 consecutive words, so it touches any bank at most
 * once per phase: at most 32 entries, already in tid order. */
static void record_worst(const warp_report *r, int warp, gr_bank_result *out)
{
    out->ways = r->ways;
    out->worst_warp = warp;
    out->worst_phase = r->worst_phase;
    out->worst_bank = r->worst_bank;
    out->colliding_count = 0;
    for (int i = 0; i < r->touch_count; i++) {
        if (r->touches[i].bank != r->worst_bank)
            continue;
        out->colliding_threads[out->colliding_count] = r->touches[i].tid;
        out->colliding_words[out->colliding_count] = (long long)r->touches[i].word;
        out->colliding_count++;
    }
}

bool gr_banks_analyse(const gr_bank_setup *s, gr_bank_index index_of,
                      void *ctx, gr_bank_result *out, gr_error *err)
{
    if (!check_setup(s, err))
        return false;
    int threads = s->bdx * s->bdy;
    gr_bank_result result = {
        .ideal_wavefronts = phases_of(s),
        .word_bytes = word_bytes_of(s->mode),
        .warp_count = (threads + GR_BANK_WARP_SIZE - 1) / GR_BANK_WARP_SIZE,
    };
    int64_t total_wavefronts = 0;
    warp_report report;
    for (int warp = 0; warp < result.warp_count; warp++) {
        int first_tid = warp * GR_BANK_WARP_SIZE;
        int lanes = threads - first_tid < GR_BANK_WARP_SIZE ? threads - first_tid
                                                             : GR_BANK_WARP_SIZE;
        int64_t elements[GR_BANK_WARP_SIZE];
        for (int lane = 0; lane < lanes; lane++)
            if (!element_of(s, index_of, ctx, first_tid + lane, &elements[lane], err))
                return false;
        analyse_warp(s, first_tid, elements, lanes, &report);
        total_wavefronts += report.wavefronts;
        if (report.ways > result.ways)
            record_worst(&report, warp, &result);
    }
    result.wavefronts_per_request = (double)total_wavefronts / result.warp_count;
    *out = result;
    return true;
}

/* ---- the index as a formula ---------------------------------------------- */

typedef struct {
    const gr_bank_setup *setup;
    const char *formula;
    bool has_pad;
    int pad;
    int tx, ty; /* the thread being evaluated */
} formula_ctx;

static bool name_is(const char *name, size_t len, const char *want)
{
    return strlen(want) == len && memcmp(name, want, len) == 0;
}

static bool formula_lookup(void *vctx, const char *name, size_t len, gr_value *out)
{
    const formula_ctx *c = vctx;
    int value;
    if (name_is(name, len, "tx"))
        value = c->tx;
    else if (name_is(name, len, "ty"))
        value = c->ty;
    else if (name_is(name, len, "bdx"))
        value = c->setup->bdx;
    else if (name_is(name, len, "bdy"))
        value = c->setup->bdy;
    else if (c->has_pad && name_is(name, len, "pad"))
        value = c->pad;
    else
        return false;
    *out = (gr_value){.is_int = true, .i = value};
    return true;
}

/* Errors carry the thread too: a formula like 1/tx fails at one thread
 * only. */
static bool formula_index(void *vctx, int tx, int ty, int64_t *element, gr_error *err)
{
    formula_ctx *c = vctx;
    c->tx = tx;
    c->ty = ty;
    gr_value v;
    gr_expr_error expr_err;
    if (!gr_expr_eval(c->formula, formula_lookup, c, 0, &v, &expr_err))
        return gr_error_set(err, "index formula \"%.200s\", column %zu: %s (at tx=%d, ty=%d)",
                            c->formula, expr_err.position + 1, expr_err.message, tx, ty);
    if (!gr_value_to_int(v, INT64_MIN, INT64_MAX, element))
        return gr_error_set(err, "index formula \"%.200s\" gives %g at tx=%d, ty=%d: not a whole number",
                            c->formula, gr_value_as_double(v), tx, ty);
    return true;
}

bool gr_banks_formula(const gr_bank_setup *s, const char *formula,
                      bool has_pad, int pad, gr_bank_result *out,
                      gr_error *err)
{
    if (!formula)
        return gr_error_set(err, "no index formula");
    formula_ctx c = {.setup = s, .formula = formula, .has_pad = has_pad, .pad = pad};
    return gr_banks_analyse(s, formula_index, &c, out, err);
}

gr_bank_mode gr_bank_mode_for_scheme(gr_bank_scheme scheme, bool kepler_8byte)
{
    if (scheme == GR_BANKS_KEPLER)
        return kepler_8byte ? GR_BANKS_KEPLER_8 : GR_BANKS_KEPLER_4;
    return GR_BANKS_4BYTE;
}

const char *gr_bank_mode_name(gr_bank_mode mode)
{
    switch (mode) {
    case GR_BANKS_4BYTE:
        return "4-byte";
    case GR_BANKS_KEPLER_4:
        return "kepler-4-byte";
    case GR_BANKS_KEPLER_8:
        return "kepler-8-byte";
    }
    return "unknown";
}

int gr_banks_smallest_pad(const gr_bank_setup *s, const char *store, const char *load, int max_pad)
{
    gr_bank_result st, ld;
    for (int pad = 0; pad <= max_pad; pad++)
        if (gr_banks_formula(s, store, true, pad, &st, NULL) && gr_banks_formula(s, load, true, pad, &ld, NULL) &&
            st.ways == 1 && ld.ways == 1)
            return pad;
    return -1;
}
