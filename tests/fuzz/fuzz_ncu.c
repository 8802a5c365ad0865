/* libFuzzer harness: the reader of Nsight Compute's CSV (gr_ncu_read), then
 * on whatever it accepted everything `gpuroof ncu` works out: each
 * launch's figures, its binding level against an H100's roofs, gpuroof's
 * occupancy prediction on the H100's rules, and the launches grouped by
 * kernel.  Whatever the reader accepts must be whole: every launch named,
 * every figure a number of its kind or unknown (NaN), never negative; the
 * groups must hold every launch once. */
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ncu_group.h"
#include "ncu_occupancy.h"
#include "ncu_report.h"
#include "ncu_roofs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The H100 SXM profile's figures (profiles/h100.yaml), set here rather
 * than read, so that every input runs the reader alone. */
static void h100(gr_profile *p)
{
    static const int carveouts_kib[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
    memset(p, 0, sizeof *p);
    strcpy(p->name, "h100");
    p->cc_major = 9;
    p->sm_count = 132;
    p->clock_mhz = 1980;
    p->peak_count = 3;
    p->peaks[0] = (gr_peak){"fp64", 33454.08};
    p->peaks[1] = (gr_peak){"fp32", 66908.16};
    p->peaks[2] = (gr_peak){"fp16_tensor", 989429.76};
    p->bandwidth_gbs = 3352;
    p->max_threads_sm = 2048, p->max_warps_sm = 64, p->max_blocks_sm = 32, p->regs_sm = 65536;
    p->smem_sm_bytes = 228 * 1024;
    p->carveout_count = 10;
    for (int i = 0; i < 10; i++)
        p->carveouts_bytes[i] = carveouts_kib[i] * 1024;
    p->max_threads_block = 1024, p->regs_block = 65536;
    p->smem_block_bytes = 48 * 1024, p->smem_block_optin_bytes = 227 * 1024, p->smem_block_reserved_bytes = 1024;
    p->max_regs_thread = 255, p->reg_alloc_unit = 256, p->reg_subpartitions = 4, p->smem_alloc_unit = 128;
    p->warp_size = 32, p->bank_count = 32, p->bank_width_bytes = 4;
}

/* A figure is a count, bytes or time: never negative. */
static void check_figure(double x)
{
    if (x < 0)
        abort();
}

static void check_figures(const gr_ncu_figures *f)
{
    for (int q = 0; q < GR_NCU_Q_COUNT; q++)
        check_figure(f->q[q]);
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        check_figure(f->flops[p]);
    for (int l = 0; l < GR_NCU_LEVEL_COUNT; l++) {
        check_figure(f->bytes[l]);
        check_figure(f->intensity[l]);
    }
    check_figure(f->flops_total);
    check_figure(f->gflops);
    check_figure(f->shared_load);
    check_figure(f->shared_store);
}

static void work_out(const gr_ncu_figures *f, const gr_profile *p, const gr_ncu_roofs *roofs)
{
    gr_ncu_binding b;
    gr_ncu_prediction pr;
    check_figures(f);
    gr_ncu_bind(f, roofs, &b);
    if (b.known && (b.binding.count < 1 || b.binding.count > GR_LEVEL_COUNT || b.binding.primary != b.binding.levels[0]))
        abort();
    gr_ncu_predict(p, f, &pr);
    if (pr.known && (pr.occ.occupancy < 0 || pr.occ.occupancy > 1))
        abort();
}

static void group(const gr_ncu_report *r, const gr_ncu_figures *each, const gr_profile *p,
                  const gr_ncu_roofs *roofs)
{
    gr_ncu_group *groups;
    size_t count, launches = 0;
    gr_error err;
    if (!gr_ncu_group_launches(r, each, &groups, &count, &err))
        return; /* out of memory only */
    for (size_t i = 0; i < count; i++) {
        launches += groups[i].launches;
        if (groups[i].time_share > 1 + 1e-9)
            abort();
        work_out(&groups[i].figures, p, roofs);
    }
    if (launches != r->count)
        abort();
    free(groups);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_ncu_report r;
    gr_error err;
    if (!gr_ncu_read("fuzz.csv", (const char *)data, size, &r, &err))
        return 0;
    gr_profile p;
    gr_ncu_roofs roofs;
    h100(&p);
    gr_ncu_roofs_fill(&p, NULL, &roofs);
    gr_ncu_figures *each = malloc((r.count ? r.count : 1) * sizeof *each);
    if (!each)
        abort();
    if (r.count == 0)
        abort(); /* the reader accepts no report without a launch */
    for (size_t i = 0; i < r.count; i++) {
        if (!r.launches[i].kernel || !r.launches[i].values)
            abort();
        gr_ncu_figures_of_launch(&r.launches[i], &each[i]);
        work_out(&each[i], &p, &roofs);
    }
    group(&r, each, &p, &roofs);
    free(each);
    gr_ncu_report_free(&r);
    return 0;
}
