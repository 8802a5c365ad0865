#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdio.h>
#include <math.h>
#include <string.h>
#include "profile_gpu.h"

void gr_profile_name_of(const char *product, char *out, size_t size)
{
    size_t n = 0;
    if (size == 0)
        return;
    for (const char *c = product; *c && n + 1 < size && n < 63; c++) {
        char lower = (char)(*c >= 'A' && *c <= 'Z' ? *c + ('a' - 'A') : *c);
        bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
        if (keep || (n > 0 && out[n - 1] != '-'))
            out[n++] = keep ? lower : '-';
    }
    while (n > 0 && out[n - 1] == '-')
        n--;
    out[n] = '\0';
}

/* Every capacity the architecture offers below the GPU's own, then its own:
 * a GPU may have less shared memory than its compute capability allows. */
static void carveouts_of(const gr_gpu_info *gpu, const gr_arch *arch, gr_profile *p)
{
    p->carveout_count = 0;
    for (int i = 0; i < arch->carveout_count && arch->carveouts_kib[i] * 1024LL < gpu->smem_sm &&
                    p->carveout_count < GR_MAX_CARVEOUTS - 1;
         i++)
        p->carveouts_bytes[p->carveout_count++] = arch->carveouts_kib[i] * 1024;
    p->carveouts_bytes[p->carveout_count++] = (int)gpu->smem_sm;
}

static void add_peak(gr_profile *p, const char *precision, double gflops)
{
    gr_peak *peak = &p->peaks[p->peak_count++];
    snprintf(peak->precision, sizeof peak->precision, "%s", precision);
    peak->gflops = gflops;
}

static void roofs_of(const gr_gpu_info *gpu, const gr_arch *arch, gr_profile *p)
{
    p->sm_count = gpu->sm_count;
    p->clock_mhz = gpu->sm_clock_khz / 1000.0;
    add_peak(p, "fp64", gpu->sm_count * arch->fp64_lanes * 2.0 * p->clock_mhz / 1000);
    add_peak(p, "fp32", gpu->sm_count * arch->fp32_lanes * 2.0 * p->clock_mhz / 1000);
    p->bandwidth_gbs = gpu->mem_clock_khz * 1e3 * 2 * gpu->mem_bus_width / 8 / 1e9;
    p->memory_bytes = gpu->global_mem_bytes;
    p->l2_bytes = gpu->l2_bytes;
}

static void limits_of(const gr_gpu_info *gpu, const gr_arch *arch, gr_profile *p)
{
    p->max_threads_sm = gpu->max_threads_sm;
    p->max_warps_sm = gpu->warp_size > 0 ? gpu->max_threads_sm / gpu->warp_size : 0;
    p->max_blocks_sm = gpu->max_blocks_sm;
    p->regs_sm = gpu->regs_sm;
    p->smem_sm_bytes = (int)gpu->smem_sm;
    carveouts_of(gpu, arch, p);
    p->max_threads_block = gpu->max_threads_block;
    p->regs_block = gpu->regs_block;
    p->smem_block_bytes = (int)gpu->smem_block;
    p->smem_block_optin_bytes = (int)gpu->smem_block_optin;
    p->smem_block_reserved_bytes = (int)gpu->smem_reserved;
    p->max_regs_thread = 255; /* every compute capability from 3.5 on */
    p->reg_alloc_unit = arch->reg_alloc_unit;
    p->reg_subpartitions = arch->reg_subpartitions;
    p->smem_alloc_unit = arch->smem_alloc_unit;
    p->warp_size = gpu->warp_size;
    p->bank_count = 32;
    p->bank_scheme = arch->kepler_banks ? GR_BANKS_KEPLER : GR_BANKS_STANDARD;
    p->bank_width_bytes = arch->kepler_banks ? 8 : 4;
    /* every bank serves its width each clock; the L2's rate is no property
     * the runtime reports, so it stays unknown */
    p->shared_bandwidth_gbs = (double)p->bank_count * p->bank_width_bytes * gpu->sm_count * p->clock_mhz / 1000;
}

void gr_profile_from_gpu(const gr_gpu_info *gpu, const gr_arch *arch, const gr_measured_ceilings *measured,
                         gr_profile *p)
{
    memset(p, 0, sizeof *p);
    gr_profile_name_of(gpu->name, p->name, sizeof p->name);
    size_t name_length = strnlen(gpu->name, sizeof p->full_name - 1); /* no real product name is cut */
    memcpy(p->full_name, gpu->name, name_length);
    snprintf(p->architecture, sizeof p->architecture, "%s", arch->architecture);
    p->cc_major = gpu->cc_major;
    p->cc_minor = gpu->cc_minor;
    roofs_of(gpu, arch, p);
    limits_of(gpu, arch, p);
    if (measured) {
        p->has_measured = true;
        p->measured_bandwidth_gbs = measured->dram_gbs;
        p->measured_fp32_gflops = measured->fp32_gflops;
        p->measured_fp64_gflops = measured->fp64_gflops;
    }
}
