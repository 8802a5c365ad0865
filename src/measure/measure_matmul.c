/* The matrix multiplications of PMPP chapters 3 and 5, checked against a
 * double-precision reference on the CPU, and cuBLAS beside them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure_gpu.h"

#define FULL_CHECK_MAX 1024 /* every element up to this width; samples above */
#define SAMPLES 2048
/* |P - reference| over the sum of |m||n| along the dot product: float
 * accumulation stays orders below this; a wrong index lands near 1. */
#define TOLERANCE 1e-4

typedef struct {
    int width;
    float *m, *n, *p;
    double *ref, *mag; /* the reference and the sum of |terms|, for full checks */
} matrices;

static unsigned long long next_random(unsigned long long *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static bool make_matrices(matrices *x, int width, unsigned long long seed)
{
    size_t count = (size_t)width * width;
    x->width = width;
    x->m = malloc(count * sizeof *x->m);
    x->n = malloc(count * sizeof *x->n);
    x->p = malloc(count * sizeof *x->p);
    if (!x->m || !x->n || !x->p)
        return false;
    for (size_t i = 0; i < count; i++) {
        x->m[i] = (float)((double)(next_random(&seed) >> 11) / 9007199254740992.0 * 2 - 1);
        x->n[i] = (float)((double)(next_random(&seed) >> 11) / 9007199254740992.0 * 2 - 1);
    }
    return true;
}

static void free_matrices(matrices *x)
{
    free(x->m);
    free(x->n);
    free(x->p);
    free(x->ref);
    free(x->mag);
}

/* The exact product in double, once per inputs (N transposed for locality). */
static bool compute_reference(matrices *x)
{
    size_t w = (size_t)x->width;
    double *nt = malloc(w * w * sizeof *nt);
    x->ref = malloc(w * w * sizeof *x->ref);
    x->mag = malloc(w * w * sizeof *x->mag);
    if (!nt || !x->ref || !x->mag) {
        free(nt);
        return false;
    }
    for (size_t k = 0; k < w; k++)
        for (size_t j = 0; j < w; j++)
            nt[j * w + k] = x->n[k * w + j];
    for (size_t i = 0; i < w; i++)
        for (size_t j = 0; j < w; j++) {
            double sum = 0, magnitude = 0;
            for (size_t k = 0; k < w; k++) {
                double term = (double)x->m[i * w + k] * nt[j * w + k];
                sum += term;
                magnitude += fabs(term);
            }
            x->ref[i * w + j] = sum;
            x->mag[i * w + j] = magnitude;
        }
    free(nt);
    return true;
}

/* The worst error of one element, relative to the size of its terms. */
static double element_error(const matrices *x, int row, int col)
{
    double sum = 0, magnitude = 0;
    for (int k = 0; k < x->width; k++) {
        double term = (double)x->m[(size_t)row * x->width + k] * x->n[(size_t)k * x->width + col];
        sum += term;
        magnitude += fabs(term);
    }
    double got = x->p[(size_t)row * x->width + col];
    if (!isfinite(got))
        return INFINITY;
    return magnitude > 0 ? fabs(got - sum) / magnitude : fabs(got - sum);
}

/* Every element, or SAMPLES of them, poison and all. */
static double worst_error(const matrices *x, unsigned long long seed)
{
    double worst = 0;
    if (x->ref) {
        for (size_t i = 0; i < (size_t)x->width * x->width; i++) {
            double got = x->p[i], error = fabs(got - x->ref[i]) / (x->mag[i] > 0 ? x->mag[i] : 1);
            worst = isfinite(got) ? fmax(worst, error) : INFINITY;
        }
        return worst;
    }
    for (int s = 0; s < SAMPLES; s++) {
        int row = (int)(next_random(&seed) % (unsigned)x->width), col = (int)(next_random(&seed) % (unsigned)x->width);
        worst = fmax(worst, element_error(x, row, col));
    }
    /* the corners, where boundary faults show */
    worst = fmax(worst, element_error(x, x->width - 1, x->width - 1));
    return fmax(worst, element_error(x, 0, x->width - 1));
}

/* Bytes the kernel's threads ask of global memory, read + written, as PMPP
 * counts them: loads of M and N (Width per thread untiled, Width/T with T x T
 * tiles) and the store of P.  Caches serve many of them, so a point placed
 * by this count can stand above the DRAM roof; 0 for cuBLAS (unknown). */
static double requested_bytes(grk_matmul_kind kind, int width, int tile)
{
    double w = width, stores = w * w * 4;
    if (kind == GRK_MATMUL_NAIVE)
        return 2 * w * w * w * 4 + stores;
    if (kind == GRK_MATMUL_CUBLAS)
        return 0;
    if (kind == GRK_MATMUL_COARSENED) /* one M tile serves four column tiles (PMPP 6.3) */
        return 4 * w * w * w * (1.0 / (tile * 4) + 1.0 / tile) + stores;
    return 2 * ceil(w / tile) * w * w * 4 + stores;
}

static bool record(measure_run *r, grk_matmul_kind kind, const matrices *x, const grk_timing *t, int tile,
                   double error)
{
    gr_error no_room;
    gr_result_kernel *k = gr_results_add_kernel(&r->file, &no_room);
    if (!k)
        return measure_fail("%s", no_room.text);
    gr_results_textf(&r->file, &k->name, GR_RESULT_KERNEL_NAME_SIZE, "matmul-%s", grk_matmul_name(kind));
    gr_results_textf(&r->file, &k->params, GR_RESULT_PARAMS_SIZE, "width=%d%s%.0d", x->width, tile ? " tile=" : "",
                     tile);
    double w = x->width, requested = requested_bytes(kind, x->width, tile ? tile : 16);
    k->flops = 2 * w * w * w;
    k->bytes = 3 * w * w * 4; /* M and N read once, P written once: DRAM can move no fewer */
    k->intensity = k->flops / k->bytes;
    if (requested > 0)
        k->requested_intensity = k->flops / requested;
    k->time_ms = (gr_result_timing){t->min_ms, t->median_ms, t->max_ms, t->repeats};
    k->gflops = k->flops / (t->median_ms * 1e6);
    k->verified = error <= TOLERANCE;
    gr_results_textf(&r->file, &k->check, GR_RESULT_CHECK_SIZE,
                     "%s against a double-precision CPU reference: worst relative error %.2g",
                     x->width <= FULL_CHECK_MAX ? "every element" : "2050 sampled elements", error);
    if (!k->verified) {
        r->failures++;
        measure_fail("%s at width %d: wrong result (relative error %.3g): not plotted", k->name, x->width, error);
    }
    return true;
}

static bool run_one(measure_run *r, const measure_plan *p, grk_matmul_kind kind, matrices *x)
{
    grk_timing t;
    grk_error err;
    int tile = 0;
    memset(x->p, 0xff, (size_t)x->width * x->width * sizeof *x->p); /* NaN: unwritten elements show */
    measure_progress("matmul %s, width %d", grk_matmul_name(kind), x->width);
    if (grk_matmul(kind, x->width, x->m, x->n, x->p, p->repeats, &t, &tile, &err) != 0) {
        if (kind == GRK_MATMUL_CUBLAS && strstr(err.message, "cuBLAS is not available")) {
            measure_progress("%s: skipped", err.message);
            return true;
        }
        measure_fail("%s", err.message);
        return false;
    }
    return record(r, kind, x, &t, tile, worst_error(x, (unsigned long long)x->width * 2654435761u));
}

const gr_result_kernel *measure_find_kernel(const measure_run *r, const char *name, const char *params)
{
    for (size_t i = 0; i < r->file.kernel_count; i++)
        if (strcmp(r->file.kernels[i].name, name) == 0 && strcmp(r->file.kernels[i].params, params) == 0 &&
            r->file.kernels[i].verified)
            return &r->file.kernels[i];
    return NULL;
}

bool measure_matmul(measure_run *r, const measure_plan *p)
{
    /* the tiled kernels need whole tiles; 1000 is not one: boundary checks */
    static const grk_matmul_kind all[] = {GRK_MATMUL_NAIVE, GRK_MATMUL_TILED16, GRK_MATMUL_TILED32,
                                          GRK_MATMUL_BOUNDARY16, GRK_MATMUL_DYNAMIC, GRK_MATMUL_COARSENED,
                                          GRK_MATMUL_CUBLAS};
    static const grk_matmul_kind any_width[] = {GRK_MATMUL_BOUNDARY16, GRK_MATMUL_DYNAMIC, GRK_MATMUL_CUBLAS};
    const int big = p->quick ? 512 : 4096, odd = p->quick ? 300 : 1000;
    const int sizes[] = {p->quick ? 256 : 1024, big};
    bool ok = true;
    for (size_t s = 0; ok && s < 3; s++) {
        int width = s < 2 ? sizes[s] : odd;
        const grk_matmul_kind *kinds = s < 2 ? all : any_width;
        size_t count = s < 2 ? sizeof all / sizeof all[0] : sizeof any_width / sizeof any_width[0];
        matrices x = {0};
        if (!make_matrices(&x, width, 0x5eed + (unsigned long long)s) ||
            (width <= FULL_CHECK_MAX && !compute_reference(&x)))
            ok = measure_fail("out of memory");
        for (size_t i = 0; ok && i < count; i++)
            ok = run_one(r, p, kinds[i], &x);
        free_matrices(&x);
    }
    return ok;
}
