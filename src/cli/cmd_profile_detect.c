/* gpuroof profile detect: a profile of the local GPU, from
 * cudaGetDeviceProperties and the compute capability's rules, with its
 * ceilings measured; where it differs from the shipped profile. */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "commands.h"

#ifndef HAVE_CUDA
int cmd_profile_detect_run(const profile_options *o)
{
    (void)o;
    return cli_fail("profile detect needs the CUDA kernels, and this gpuroof was built without CUDA: install the "
                    "CUDA toolkit and run ./configure --with-cuda[=DIR], then make");
}
#else
#include "arch.h"
#include "atomic_file.h"
#include "measure.h"
#include "yaml_writer.h"

static void slug(const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < size && n < 63; c++) {
        char lower = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        bool keep = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
        if (keep || (n > 0 && out[n - 1] != '-'))
            out[n++] = keep ? lower : '-';
    }
    while (n > 0 && out[n - 1] == '-')
        n--;
    out[n] = '\0';
}

static void write_figures(gr_yaml_writer *w, const gr_gpu_info *d, const gr_arch *a)
{
    double mhz = d->sm_clock_khz / 1000.0;
    gr_yw_kv_int(w, "sm_count", d->sm_count);
    gr_yw_kv_double(w, "clock_mhz", mhz);
    gr_yw_key(w, "peak_gflops");
    gr_yw_map(w);
    gr_yw_kv_double(w, "fp64", d->sm_count * a->fp64_lanes * 2.0 * mhz / 1000);
    gr_yw_kv_double(w, "fp32", d->sm_count * a->fp32_lanes * 2.0 * mhz / 1000);
    gr_yw_close_map(w);
    gr_yw_key(w, "memory");
    gr_yw_map(w);
    gr_yw_kv_double(w, "bandwidth_gbs", d->mem_clock_khz * 1e3 * 2 * d->mem_bus_width / 8 / 1e9); /* DDR */
    gr_yw_kv_int(w, "size_bytes", d->global_mem_bytes);
    gr_yw_kv_int(w, "l2_bytes", d->l2_bytes);
    gr_yw_close_map(w);
}

static void write_limits(gr_yaml_writer *w, const gr_gpu_info *d, const gr_arch *a)
{
    gr_yw_key(w, "sm");
    gr_yw_map(w);
    gr_yw_kv_int(w, "max_threads", d->max_threads_sm);
    gr_yw_kv_int(w, "max_warps", d->max_threads_sm / d->warp_size);
    gr_yw_kv_int(w, "max_blocks", d->max_blocks_sm);
    gr_yw_kv_int(w, "registers", d->regs_sm);
    gr_yw_kv_int(w, "shared_memory_bytes", d->smem_sm);
    gr_yw_key(w, "carveout_bytes");
    gr_yw_list(w);
    for (int i = 0; i < a->carveout_count && a->carveouts_kib[i] * 1024LL < d->smem_sm; i++)
        gr_yw_int(w, a->carveouts_kib[i] * 1024LL);
    gr_yw_int(w, d->smem_sm);
    gr_yw_close_list(w);
    gr_yw_close_map(w);
    gr_yw_key(w, "block");
    gr_yw_map(w);
    gr_yw_kv_int(w, "max_threads", d->max_threads_block);
    gr_yw_kv_int(w, "max_registers", d->regs_block);
    gr_yw_kv_int(w, "shared_memory_bytes", d->smem_block);
    gr_yw_kv_int(w, "shared_memory_optin_bytes", d->smem_block_optin);
    gr_yw_kv_int(w, "shared_memory_reserved_bytes", d->smem_reserved);
    gr_yw_close_map(w);
    gr_yw_key(w, "thread");
    gr_yw_map(w);
    gr_yw_kv_int(w, "max_registers", 255);
    gr_yw_close_map(w);
    gr_yw_key(w, "allocation");
    gr_yw_map(w);
    gr_yw_kv_int(w, "register_unit", a->reg_alloc_unit);
    gr_yw_kv_int(w, "register_subpartitions", a->reg_subpartitions);
    gr_yw_kv_int(w, "shared_memory_unit", a->smem_alloc_unit);
    gr_yw_close_map(w);
    gr_yw_kv_int(w, "warp_size", d->warp_size);
    gr_yw_key(w, "shared_memory_banks");
    gr_yw_map(w);
    gr_yw_kv_int(w, "count", 32);
    gr_yw_kv_int(w, "width_bytes", a->kepler_banks ? 8 : 4);
    gr_yw_kv_string(w, "scheme", a->kepler_banks ? "kepler" : "standard");
    gr_yw_close_map(w);
}

static bool render(const measure_run *r, const gr_arch *a, char **text, size_t *len)
{
    const gr_gpu_info *d = &r->device;
    gr_yaml_writer w;
    gr_error err;
    char name[64], cc[16], source[256];
    slug(d->name, name, sizeof name);
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    snprintf(source, sizeof source, "cudaGetDeviceProperties and the rules of compute capability %s (gpuroof %s, %s); "
             "measured: gpuroof's DRAM and FMA kernels", cc, PACKAGE_VERSION, r->date);
    if (!gr_yw_begin(&w))
        return cli_error("out of memory");
    gr_yw_map(&w);
    gr_yw_kv_string(&w, "name", name);
    gr_yw_kv_string(&w, "full_name", d->name);
    gr_yw_kv_string(&w, "architecture", a->architecture);
    gr_yw_kv_string(&w, "compute_capability", cc);
    write_figures(&w, d, a);
    write_limits(&w, d, a);
    gr_yw_kv_string(&w, "source", source);
    gr_yw_key(&w, "measured");
    gr_yw_map(&w);
    gr_yw_kv_double(&w, "bandwidth_gbs", r->dram_read_gbs > r->dram_copy_gbs ? r->dram_read_gbs : r->dram_copy_gbs);
    gr_yw_kv_double(&w, "fp32_gflops", r->fp32_gflops);
    gr_yw_kv_double(&w, "fp64_gflops", r->fp64_gflops);
    gr_yw_close_map(&w);
    gr_yw_close_map(&w);
    if (!gr_yw_end(&w, text, len, &err))
        return cli_error("%s", err.text);
    return true;
}

/* The figures a shipped profile and the GPU itself may disagree on. */
static void print_differences(FILE *out, const gr_profile *found, const gr_profile *shipped)
{
    const struct {
        const char *what;
        double a, b;
    } rows[] = {
        {"sm_count", found->sm_count, shipped->sm_count},
        {"clock_mhz", found->clock_mhz, shipped->clock_mhz},
        {"peak_gflops.fp32", gr_profile_peak(found, "fp32")->gflops, gr_profile_peak(shipped, "fp32")->gflops},
        {"peak_gflops.fp64", gr_profile_peak(found, "fp64")->gflops, gr_profile_peak(shipped, "fp64")->gflops},
        {"memory.bandwidth_gbs", found->bandwidth_gbs, shipped->bandwidth_gbs},
        {"memory.size_bytes", (double)found->memory_bytes, (double)shipped->memory_bytes},
        {"memory.l2_bytes", (double)found->l2_bytes, (double)shipped->l2_bytes},
        {"sm.max_threads", found->max_threads_sm, shipped->max_threads_sm},
        {"sm.max_blocks", found->max_blocks_sm, shipped->max_blocks_sm},
        {"sm.registers", found->regs_sm, shipped->regs_sm},
        {"sm.shared_memory_bytes", found->smem_sm_bytes, shipped->smem_sm_bytes},
        {"block.shared_memory_optin_bytes", found->smem_block_optin_bytes, shipped->smem_block_optin_bytes},
        {"block.shared_memory_reserved_bytes", found->smem_block_reserved_bytes, shipped->smem_block_reserved_bytes},
    };
    int differ = 0;
    fprintf(out, "Compared with the shipped profile %s (%s):\n", shipped->name, shipped->path);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].a != rows[i].b && ++differ)
            fprintf(out, "  %-36s shipped %.10g, this GPU %.10g\n", rows[i].what, rows[i].b, rows[i].a);
    if (!differ)
        fprintf(out, "  every figure agrees\n");
}

/* Writes what render made where -o says, once it loads as a profile. */
static bool write_profile(const char *output, const char *text, size_t len, gr_profile *found)
{
    gr_error err;
    /* what detect writes, gpuroof must read: a failure here is gpuroof's fault */
    if (!gr_profile_load_buffer(output ? output : "(the detected profile)", text, len, found, &err))
        return cli_error("the detected profile does not load: %s", err.text);
    if (output && !gr_write_file_atomic(output, text, len, &err))
        return cli_error("%s", err.text);
    if (!output)
        fwrite(text, 1, len, stdout);
    return true;
}

static int detect(const profile_options *o, measure_run *r)
{
    measure_plan plan = {.ceilings = true, .repeats = 10};
    char message[512];
    gr_arch arch;
    if (!measure_open_device(&r->device, message))
        return cli_fail("%s", message);
    if (!gr_arch_of(r->device.cc_major, r->device.cc_minor, &arch))
        return cli_fail("%s: compute capability %d.%d is not in gpuroof's table (src/core/arch.c)", r->device.name,
                        r->device.cc_major, r->device.cc_minor);
    time_t now = time(NULL);
    strftime(r->date, sizeof r->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    char *text;
    size_t len;
    gr_profile found;
    if (!measure_ceilings(r, &plan) || !render(r, &arch, &text, &len))
        return EXIT_INPUT;
    bool ok = write_profile(o->output, text, len, &found);
    free(text);
    gr_profile_list list = {0};
    const gr_profile *shipped = ok ? cli_find_gpu_profile(o->profiles, &r->device, &list) : NULL;
    if (shipped)
        print_differences(o->output ? stdout : stderr, &found, shipped);
    gr_profile_list_free(&list);
    return ok ? EXIT_OK : EXIT_INPUT;
}

int cmd_profile_detect_run(const profile_options *o)
{
    measure_run *r = calloc(1, sizeof *r); /* too large for the stack */
    if (!r)
        return cli_fail("out of memory");
    int rc = detect(o, r);
    free(r);
    return rc;
}
#endif
