/* The volatile qualifier measured: the same loop reading a global or a
 * shared step each iteration, volatile and plain (kernels/volatile.cu),
 * each launch verified against the host's sequence and timed, a row of
 * volatile_checks each, in grk_volatile_kind's order (measure
 * --ncu-counters matches Nsight Compute's launches to them by name). */
#include <stdio.h>
#include "measure_gpu.h"

#define VOLATILE_BLOCK_THREADS 256 /* threads a block */
#define VOLATILE_ITERATIONS 256    /* loop iterations, one read of the step each in the source */
#define VOLATILE_THREADS_MAX (1 << 30) /* threads: an int, whatever a device says of itself */

/* Every SM full: its resident threads (a multiple of the block on every
 * GPU gpuroof knows: 2048, 1536, 1024), rounded down to whole blocks. */
static int volatile_threads(const gr_gpu_info *d)
{
    long long threads = (long long)d->sm_count * d->max_threads_sm;
    threads -= threads % VOLATILE_BLOCK_THREADS;
    if (threads > VOLATILE_THREADS_MAX)
        threads = VOLATILE_THREADS_MAX;
    return threads < VOLATILE_BLOCK_THREADS ? VOLATILE_BLOCK_THREADS : (int)threads;
}

static bool run_volatile(measure_run *r, const measure_plan *p, grk_volatile_kind kind, int threads)
{
    grk_error err;
    grk_timing t;
    bool verified = false;
    if (grk_volatile_loop(kind, threads, VOLATILE_BLOCK_THREADS, VOLATILE_ITERATIONS, p->repeats, &t, &verified,
                          &err) != 0)
        return measure_cuda_failed(&err);
    gr_error no_room;
    gr_result_volatile *v = gr_results_add_volatile(&r->file, &no_room);
    if (!v)
        return measure_fail("%s", no_room.text);
    gr_results_textf(&r->file, &v->kernel, GR_RESULT_ROW_KERNEL_SIZE, "%s", grk_volatile_name(kind));
    bool global = kind == GRK_VOLATILE_GLOBAL_VOLATILE || kind == GRK_VOLATILE_GLOBAL_PLAIN;
    v->memory = global ? "global" : "shared";
    v->is_volatile = kind == GRK_VOLATILE_GLOBAL_VOLATILE || kind == GRK_VOLATILE_SHARED_VOLATILE;
    v->threads = threads;
    v->block = VOLATILE_BLOCK_THREADS;
    v->iterations = VOLATILE_ITERATIONS;
    v->ns = t.median_ms * 1e6;
    v->verified = verified;
    if (!verified) {
        r->failures++;
        measure_fail("%s: wrong output", v->kernel);
    }
    return true;
}

bool measure_volatile(measure_run *r, const measure_plan *p)
{
    int threads = volatile_threads(&r->device);
    measure_progress("the volatile loops: %d threads, blocks of %d, %d iterations", threads, VOLATILE_BLOCK_THREADS,
                     VOLATILE_ITERATIONS);
    for (int k = 0; k < GRK_VOLATILE_COUNT; k++)
        if (!run_volatile(r, p, (grk_volatile_kind)k, threads))
            return false;
    return true;
}
