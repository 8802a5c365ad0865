/* Shared-memory bank conflicts of one access of a thread block: which bank
 * each thread's element falls in, how many wavefronts (passes through the
 * banks) each warp's request takes, and where the worst conflict is.
 *
 * The model, exactly:
 *  - Threads are numbered tid = ty*bdx + tx; a warp is 32 consecutive tids;
 *    a last partial warp has only its real threads.
 *  - An element's byte address is its index times elem_bytes.
 *  - A request is served in phases (groups of consecutive lanes):
 *      GR_BANKS_4BYTE:       4-byte elements 1 phase (the warp), 8-byte 2
 *                            (half-warps), 16-byte 4 (quarter-warps);
 *      GR_BANKS_KEPLER_4/_8: 4- and 8-byte elements 1 phase, 16-byte 2.
 *  - In a phase, each bank needs one wavefront per distinct "cell" its
 *    threads touch; threads sharing a cell are served by one broadcast.
 *    The phase's wavefronts are the most any bank needs (at least 1):
 *      GR_BANKS_4BYTE:    bank = word % 32, cell = word (4-byte words);
 *      GR_BANKS_KEPLER_4: bank = word % 32, cell = word / 64 (4-byte words;
 *                         words i and i+32 of a 64-word segment share the
 *                         bank's 64-bit cell);
 *      GR_BANKS_KEPLER_8: bank = dword % 32, cell = dword (8-byte words).
 *  - A request's wavefronts are the sum over its phases; a warp's ways are
 *    the most wavefronts any one phase needs (a conflict-free 8-byte access
 *    is 1-way in 2 wavefronts).  Over the block: ways is the maximum over
 *    the warps, wavefronts_per_request the mean. */
#ifndef GPUROOF_BANKS_H
#define GPUROOF_BANKS_H

#include <stdbool.h>
#include <stdint.h>
#include "gpuroof_text.h"
#include "gpuroof_profile.h"

#define GR_BANK_COUNT 32
#define GR_BANK_WARP_SIZE 32
#define GR_BANK_MAX_BLOCK_THREADS 1024

typedef enum {
    GR_BANKS_4BYTE,    /* 32 banks of 4 bytes: Fermi, Maxwell to Hopper */
    GR_BANKS_KEPLER_4, /* Kepler, 64-bit-wide banks, 4-byte mode (the default) */
    GR_BANKS_KEPLER_8, /* Kepler, 64-bit-wide banks, 8-byte mode */
} gr_bank_mode;

typedef struct {
    int bdx, bdy;      /* the block's shape, threads */
    int elem_bytes;    /* 4, 8 or 16 */
    gr_bank_mode mode;
} gr_bank_setup;

typedef struct {
    int ways;                      /* the worst warp's n-way conflict (1 = none) */
    double wavefronts_per_request; /* mean over the block's warps */
    int ideal_wavefronts;          /* a conflict-free request's: its phase count
                                      (4BYTE: 1, 2, 4 for 4-, 8-, 16-byte
                                      elements; Kepler: 1, 1, 2) */
    int warp_count;
    int worst_warp;  /* the first warp with the most ways */
    int worst_phase; /* within it, the first phase with the most wavefronts */
    /* That phase's worst bank (the lowest-numbered of the fullest) and every
     * thread touching it, by ascending tid, with the word it touches there. */
    int worst_bank;
    int word_bytes; /* the unit of colliding_words: 4, or 8 in GR_BANKS_KEPLER_8 */
    int colliding_threads[GR_BANK_WARP_SIZE]; /* block-linear tids */
    long long colliding_words[GR_BANK_WARP_SIZE];
    int colliding_count;
} gr_bank_result;

/* Gives thread (tx, ty)'s element index (in elements) in *element; returns
 * false and fills err on failure. */
typedef bool (*gr_bank_index)(void *ctx, int tx, int ty, int64_t *element,
                              gr_error *err);

/* Runs the model over the block.  Fails on a bad setup (elem_bytes not 4, 8
 * or 16; bdx or bdy < 1; more than 1024 threads), on a failing index_of,
 * and on a negative or too large index (the thread is named). */
bool gr_banks_analyse(const gr_bank_setup *s, gr_bank_index index_of,
                      void *ctx, gr_bank_result *out, gr_error *err);

/* The same with the index a formula in tx, ty, bdx, bdy, and pad when
 * has_pad, evaluated with gr_expr_eval (no byte suffixes).  The result must
 * be a whole number.  Errors give the formula's column (1-based) and the
 * thread being evaluated. */
bool gr_banks_formula(const gr_bank_setup *s, const char *formula,
                      bool has_pad, int pad, gr_bank_result *out,
                      gr_error *err);

/* The smallest pad, 0 to max_pad, with which both the store and the load
 * formula are conflict-free (1-way); -1 where none is.  A pad at which a
 * formula does not evaluate is not one. */
int gr_banks_smallest_pad(const gr_bank_setup *s, const char *store, const char *load, int max_pad);

/* The mode for a profile's scheme: Kepler's 8-byte mode when asked for,
 * its default 4-byte mode otherwise. */
gr_bank_mode gr_bank_mode_for_scheme(gr_bank_scheme scheme, bool kepler_8byte);

/* "4-byte", "kepler-4-byte", "kepler-8-byte". */
const char *gr_bank_mode_name(gr_bank_mode mode);

#endif
