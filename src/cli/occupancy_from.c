#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "kernel_select.h"
#include "occupancy_from.h"

/* The architecture whose code the launch runs: --arch, else the device's,
 * else none (gr_kernel_find takes the file's only one). */
static bool choose_sm(const cli_kernel_file *f, const char *arch, const occ_inputs *in, gr_sm *sm, bool *chosen)
{
    char names[256];
    gr_sm_set sms;
    *chosen = true;
    if (arch)
        return gr_sm_parse(arch, strlen(arch), sm) || cli_error("--arch '%s': expected sm_XX, such as sm_90", arch);
    if (in->has_device && gr_kernel_sm_for_device(&f->list, in->device.cc_major, in->device.cc_minor, sm))
        return true;
    gr_kernel_list_sms(&f->list, &sms);
    if (in->has_device)
        return cli_error("%s has no code %s runs (compute capability %d.%d): it has %s", f->shown,
                         in->device.name, in->device.cc_major, in->device.cc_minor,
                         gr_sm_set_names(&sms, names, sizeof names));
    *chosen = false;
    return true;
}

static bool take_kernel(const cli_kernel_file *f, const gr_kernel *k, occ_inputs *in)
{
    char sm_name[GR_SM_NAME_SIZE];
    if (k->registers == GR_UNRECORDED)
        return cli_error("%s: %s records no register count for %s", f->shown, k->demangled, gr_sm_name(k->sm, sm_name));
    in->launch.regs_per_thread = (int)k->registers;
    in->from_static_smem_bytes = k->shared_static_bytes == GR_UNRECORDED ? 0 : k->shared_static_bytes;
    in->launch.smem_per_block_bytes += in->from_static_smem_bytes;
    in->has_regs = true;
    snprintf(in->from_file, sizeof in->from_file, "%s", f->shown);
    snprintf(in->from_kernel, sizeof in->from_kernel, "%s", k->demangled);
    snprintf(in->from_arch, sizeof in->from_arch, "%s", gr_sm_name(k->sm, sm_name));
    return true;
}

static bool find_kernel(const cli_kernel_file *f, const char *pattern, const char *arch, occ_inputs *in)
{
    gr_sm sm;
    gr_error err;
    size_t index;
    bool chosen;
    if (!choose_sm(f, arch, in, &sm, &chosen))
        return false;
    if (!gr_kernel_find(&f->list, f->shown, pattern, chosen ? &sm : NULL, &index, &err))
        return cli_error("%s", err.text);
    return take_kernel(f, &f->list.kernels[index], in);
}

bool occ_read_from(const char *file, const char *pattern, const char *arch, occ_inputs *in)
{
    cli_kernel_file f;
    bool ok = cli_read_kernels(file, &f) && find_kernel(&f, pattern, arch, in);
    cli_kernel_file_free(&f);
    return ok;
}
