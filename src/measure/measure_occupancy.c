/* Occupancy proved on the GPU: gpuroof's prediction, the CUDA runtime's,
 * and the blocks a residency probe finds on the SMs; and the shared-memory
 * layout kernels of Professional CUDA C Programming, chapter 5, checked
 * exactly. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "gpuroof_banks.h"
#include "measure_gpu.h"
#include "gpuroof_occupancy.h"

/* What the layout kernels write: the thread index, or its transpose
 * (icol * blockDim.x + irow, irow = idx / blockDim.y, icol = idx % blockDim.y). */
static int expected_out(grk_layout_kind kind, int i, int bdimx, int bdimy)
{
    if (kind == GRK_SET_ROW_READ_ROW || kind == GRK_SET_COL_READ_COL)
        return i;
    return (i % bdimy) * bdimx + i / bdimy;
}

/* gpuroof banks' figures for one layout launch, on this GPU's banks. */
static bool predict_banks(const measure_run *r, gr_result_bank *b)
{
    const gr_bank_preset *p = gr_bank_preset_find(b->kernel);
    gr_bank_setup setup = {b->block.x, b->block.y, 4,
                           r->profile && r->profile->bank_scheme == GR_BANKS_KEPLER ? GR_BANKS_KEPLER_4 : GR_BANKS_4BYTE};
    gr_bank_result store, load;
    gr_error err;
    if (!p || !gr_banks_formula(&setup, p->store, p->padded, (int)b->pad, &store, &err) ||
        !gr_banks_formula(&setup, p->load, p->padded, (int)b->pad, &load, &err))
        return measure_fail("bank prediction for %s: %s", b->kernel, p ? err.text : "no such kernel");
    b->predicted_store = store.wavefronts_per_request;
    b->predicted_load = load.wavefronts_per_request;
    return true;
}

/* The next line of the counters file: the launch's measured wavefronts
 * (absent without one). */
static void read_counters(FILE *counters, gr_result_bank *b)
{
    if (counters && fscanf(counters, "%lf %lf", &b->measured_load, &b->measured_store) != 2)
        b->measured_load = b->measured_store = NAN;
}

/* The kernel with its store and load repeated enough to be timed: 8192
 * threads' worth of full blocks an SM, each repeating them LAYOUT_REPS
 * times (the time includes the two barriers of each repetition). */
#define LAYOUT_REPS 2000

static bool time_layout(measure_run *r, const measure_plan *p, grk_layout_kind kind, gr_result_bank *b)
{
    grk_timing t;
    grk_error err;
    if (p->quick) /* a quick run times nothing: seconds, for make check */
        return true;
    int blocks = r->device.sm_count * 8 * 1024 / (b->block.x * b->block.y);
    if (grk_layout_timed(kind, b->block.x, b->block.y, (int)b->pad, LAYOUT_REPS, blocks,
                         p->repeats < 10 ? p->repeats : 10, &t, &b->ns_per_rep, &err) != 0)
        return measure_cuda_failed(&err);
    return true;
}

static bool check_layout(measure_run *r, grk_layout_kind kind, int bdimx, int bdimy, int pad, FILE *counters)
{
    grk_error err;
    int n = bdimx * bdimy;
    int *out = malloc((size_t)n * sizeof *out);
    if (!out)
        return measure_fail("out of memory");
    for (int i = 0; i < n; i++)
        out[i] = -1;
    if (grk_layout(kind, bdimx, bdimy, pad, out, &err) != 0) {
        free(out);
        return measure_cuda_failed(&err);
    }
    bool right = true;
    for (int i = 0; i < n; i++)
        right = right && out[i] == expected_out(kind, i, bdimx, bdimy);
    free(out);
    gr_error no_room;
    gr_result_layout *l = gr_results_add_layout(&r->file, &no_room);
    gr_result_bank *b = l ? gr_results_add_bank(&r->file, &no_room) : NULL;
    if (!b)
        return measure_fail("%s", no_room.text);
    gr_results_textf(&r->file, &l->kernel, GR_RESULT_ROW_KERNEL_SIZE, "%s", grk_layout_name(kind));
    l->block = (gr_result_block){bdimx, bdimy};
    l->pad = pad;
    l->verified = right;
    b->kernel = l->kernel; /* the one text, in the file's pool */
    b->block = l->block;
    b->pad = pad;
    read_counters(counters, b);
    if (!right) {
        r->failures++;
        measure_fail("%s %dx%d pad %d: wrong output", l->kernel, bdimx, bdimy, pad);
    }
    return predict_banks(r, b);
}

/* Every kernel of the notes, square 32x32, rectangular 32x16 and 16x16
 * tiles, the padded ones with 0 to 3 columns of padding: one launch each,
 * in this order (measure --ncu-counters pairs Nsight Compute's launches with them). */
bool measure_layouts(measure_run *r, const measure_plan *p)
{
    static const int shapes[][2] = {{32, 32}, {32, 16}, {16, 16}};
    FILE *counters = p->bank_counters ? fopen(p->bank_counters, "r") : NULL;
    if (p->bank_counters && !counters)
        return measure_fail("%s: %s", p->bank_counters, strerror(errno));
    measure_progress("the shared-memory layout kernels");
    bool ok = true;
    for (size_t s = 0; ok && s < 3; s++)
        for (int k = 0; ok && k < GRK_LAYOUT_COUNT; k++) {
            bool padded = k == GRK_SET_ROW_READ_COL_PAD || k == GRK_SET_ROW_READ_COL_DYN_PAD;
            for (int pad = 0; ok && pad <= (padded ? 3 : 0); pad++)
                ok = check_layout(r, (grk_layout_kind)k, shapes[s][0], shapes[s][1], pad, counters) &&
                     time_layout(r, p, (grk_layout_kind)k, &r->file.banks[r->file.bank_count - 1]);
        }
    if (counters)
        fclose(counters);
    return ok;
}

/* ---- residency ---------------------------------------------------------- */

static int predict(const gr_sm_limits *lim, int threads, int regs, long long smem)
{
    gr_launch l = {threads, regs, smem};
    gr_occupancy o;
    return gr_occupancy_compute(lim, &l, &o, NULL) ? o.blocks_per_sm : 0;
}

static bool check_config(measure_run *r, const gr_sm_limits *lim, int probe, int threads, long long dynamic)
{
    grk_error err;
    int regs, static_smem, max_threads, runtime, measured;
    if (grk_probe_attributes(probe, &regs, &static_smem, &max_threads, &err) != 0)
        return measure_cuda_failed(&err);
    if (threads > max_threads)
        return true;
    if (grk_residency(probe, threads, (size_t)dynamic, &runtime, &measured, &err) != 0)
        return measure_cuda_failed(&err);
    gr_error no_room;
    gr_result_occupancy *o = gr_results_add_occupancy(&r->file, &no_room);
    if (!o)
        return measure_fail("%s", no_room.text);
    *o = (gr_result_occupancy){threads, regs, static_smem + dynamic,
                               predict(lim, threads, regs, static_smem + dynamic), runtime, measured};
    if (o->predicted != o->measured)
        measure_progress("occupancy: %d threads, %d registers, %lld B: predicted %lld, measured %lld", threads, regs,
                         static_smem + dynamic, o->predicted, o->measured);
    return true;
}

static int blocks_with(int probe, int threads, size_t dynamic)
{
    grk_error err;
    int runtime, measured;
    return grk_residency(probe, threads, dynamic, &runtime, &measured, &err) == 0 ? measured : -1;
}

/* For N blocks: gpuroof's largest dynamic shared memory, one byte more, and
 * the runtime's own answer, each launched. */
static bool check_target(measure_run *r, const gr_sm_limits *lim, int target)
{
    grk_error err;
    int regs, static_smem, max_threads, threads = 256;
    if (grk_probe_attributes(0, &regs, &static_smem, &max_threads, &err) != 0)
        return measure_cuda_failed(&err);
    gr_launch base = {threads, regs, static_smem};
    gr_smem_target t;
    size_t runtime_bytes;
    if (!gr_occupancy_max_smem(lim, &base, target, &t, NULL))
        return true;
    if (grk_available_dynamic_smem(0, threads, target, &runtime_bytes, &err) != 0)
        return measure_cuda_failed(&err);
    gr_error no_room;
    gr_result_target *m = gr_results_add_target(&r->file, &no_room);
    if (!m)
        return measure_fail("%s", no_room.text);
    *m = (gr_result_target){.threads = threads,
                            .regs = regs,
                            .target = target,
                            .gpuroof_bytes = t.max_dynamic_smem_bytes,
                            .measured_at_gpuroof = blocks_with(0, threads, (size_t)t.max_dynamic_smem_bytes),
                            .measured_one_byte_more = blocks_with(0, threads, (size_t)t.max_dynamic_smem_bytes + 1),
                            .runtime_bytes = (long long)runtime_bytes,
                            .measured_at_runtime = blocks_with(0, threads, runtime_bytes)};
    return true;
}

bool measure_occupancy(measure_run *r, const measure_plan *p)
{
    static const int threads[] = {32, 64, 96, 128, 192, 256, 320, 384, 512, 640, 768, 1024};
    static const long long quick_smem[] = {0, 20 * 1024, 100 * 1024};
    static const long long smem[] = {0, 4 * 1024, 20 * 1024, 48 * 1024, 70 * 1024, 100 * 1024, 200 * 1024};
    gr_sm_limits lim;
    gr_error err;
    if (!r->profile)
        return measure_fail("no shipped profile matches %s: occupancy predictions need one (gpuroof profile detect)",
                         r->device.name);
    if (!gr_limits_from_profile(r->profile, -1, &lim, &err))
        return measure_fail("%s", err.text);
    const long long *sizes = p->quick ? quick_smem : smem;
    size_t size_count = p->quick ? 3 : sizeof smem / sizeof smem[0];
    for (int probe = 0; probe < grk_probe_count(); probe++) {
        measure_progress("residency probe %d of %d", probe + 1, grk_probe_count());
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
            for (size_t s = 0; s < size_count; s++)
                if (sizes[s] <= lim.smem_block_max_bytes && !check_config(r, &lim, probe, threads[t], sizes[s]))
                    return false;
    }
    measure_progress("the largest dynamic shared memory for N blocks");
    for (int target = 1; target <= 8; target++)
        if (!check_target(r, &lim, target))
            return false;
    return true;
}
