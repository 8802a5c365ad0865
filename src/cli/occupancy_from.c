#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "gpuroof_kernels.h"
#include "occupancy_from.h"
#include "gpuroof_occupancy.h"

/* The architecture whose code the launch runs: --arch, else the device's,
 * else none (gr_kernel_find takes the file's only one). */
static bool choose_sm(const cli_kernel_file *f, const char *arch, const occ_inputs *in, gr_sm *sm, bool *chosen)
{
    gr_sm_set sms;
    *chosen = true;
    if (arch)
        return gr_sm_parse(arch, strlen(arch), sm) || cli_error("--arch '%s': expected sm_XX, an architecture from sm_10 to sm_199, such as sm_90",
                                                          arch);
    if (in->has_device && gr_kernel_sm_for_device(&f->list, in->device.cc_major, in->device.cc_minor, sm))
        return true;
    gr_kernel_list_sms(&f->list, &sms);
    if (in->has_device)
        return cli_error("%s has no code %s runs (compute capability %d.%d): it has %s", f->shown,
                         in->device.name, in->device.cc_major, in->device.cc_minor,
                         GR_SM_SET_NAMES(&sms));
    *chosen = false;
    return true;
}

static bool take_kernel(const cli_kernel_file *f, const gr_kernel *k, occ_inputs *in)
{
    if (k->registers == GR_UNRECORDED)
        return cli_error("%s: %s records no register count for %s", f->shown, k->demangled, GR_SM_NAME(k->sm));
    /* every reader checks these; a record out of range here is still
     * refused rather than narrowed to another number */
    if (k->registers < 0 || k->registers > GR_KERNEL_REGISTERS_MAX)
        return cli_error("%s: %s has %lld registers per thread for %s, more than any GPU gives (%d at most)", f->shown,
                         k->demangled, (long long)k->registers, GR_SM_NAME(k->sm), GR_KERNEL_REGISTERS_MAX);
    if (k->shared_static_bytes > GR_KERNEL_BYTES_MAX)
        return cli_error("%s: %s has %lld bytes of static shared memory for %s, more than any GPU gives", f->shown,
                         k->demangled, (long long)k->shared_static_bytes, GR_SM_NAME(k->sm));
    in->launch.regs_per_thread = (int)k->registers;
    in->from_static_smem_bytes = k->shared_static_bytes == GR_UNRECORDED ? 0 : k->shared_static_bytes;
    in->launch.smem_per_block_bytes += in->from_static_smem_bytes;
    in->has_regs = true;
    snprintf(in->from_file, sizeof in->from_file, "%s", f->shown);
    snprintf(in->from_kernel, sizeof in->from_kernel, "%s", k->demangled);
    snprintf(in->from_arch, sizeof in->from_arch, "%s", GR_SM_NAME(k->sm));
    return true;
}

/* The block size: the one given, within the kernel's bounds, or where none
 * is given the one it runs at (gr_kernel_block_size). */
static bool take_block(const gr_kernel *k, bool choose_block, occ_inputs *in)
{
    gr_error err;
    gr_block_choice block;
    in->from_bound_threads = k->max_threads > 0 ? k->max_threads : 0;
    gr_limits_bounded(&in->limits, k->max_threads);
    if (in->has_threads) {
        in->from_block = "option";
        if (!gr_kernel_block_check(in->launch.threads_per_block, k->max_threads, in->from_kernel, &err))
            return cli_error("%s", err.text);
        return true;
    }
    if (!choose_block)
        return true;
    if (!gr_kernel_block_size(&in->limits, &in->launch, k->max_threads, &block, &err))
        return cli_error("%s", err.text);
    in->launch.threads_per_block = block.threads_per_block;
    in->has_threads = true;
    in->from_block = gr_block_source_key(block.from);
    return true;
}

static bool find_kernel(const cli_kernel_file *f, const occupancy_options *o, bool choose_block, occ_inputs *in)
{
    gr_sm sm;
    gr_error err;
    gr_name_pattern pattern;
    size_t index;
    bool chosen;
    if (!choose_sm(f, o->arch, in, &sm, &chosen))
        return false;
    if (!gr_name_pattern_init(&pattern, o->kernel, o->glob, &err))
        return cli_error("%s", err.text);
    bool found = gr_kernel_find(&f->list, f->shown, &pattern, chosen ? &sm : NULL, &index, &err);
    gr_name_pattern_free(&pattern);
    if (!found)
        return cli_error("%s", err.text);
    const gr_kernel *k = &f->list.kernels[index];
    return take_kernel(f, k, in) && take_block(k, choose_block, in);
}

bool occ_read_from(const occupancy_options *o, bool choose_block, occ_inputs *in)
{
    cli_kernel_file f;
    bool ok = cli_read_kernels(o->from, &f) && find_kernel(&f, o, choose_block, in);
    cli_kernel_file_free(&f);
    return ok;
}
