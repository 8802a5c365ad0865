/* The kernels command's text: for each file, what it is and what it was
 * read as, then one line per kernel; notes on what the files do not
 * record, and on the kernels that spill, at the end. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "gpuroof_kernels.h"
#include "kernels_output.h"
#include "output.h"

/* The "limited by" column: out_limiters' words, as wide as its longest
 * pair, "threads per SM and shared memory"; three limiters at once push
 * the kernel's name on. */
#define LIMITED_BY_WIDTH 32

/* "12", "-" for none where the file records it, "?" where it does not. */
static out_figure figure(int64_t n)
{
    out_figure f = {"?"};
    if (n != GR_UNRECORDED)
        snprintf(f.text, sizeof f.text, "%lld", (long long)n);
    return f;
}
#define FIGURE(n) (figure(n).text)

static out_figure spills(const gr_kernel *k)
{
    out_figure f = {"?"};
    if (k->spill_store_bytes != GR_UNRECORDED && k->spill_load_bytes != GR_UNRECORDED)
        snprintf(f.text, sizeof f.text, "%lld/%lld", (long long)k->spill_store_bytes, (long long)k->spill_load_bytes);
    return f;
}

static void print_file_header(const gr_kernels_report *r, const gr_kernels_file *f)
{
    gr_buf names = GR_BUF_INIT, shown_sms = GR_BUF_INIT, ptx = GR_BUF_INIT;
    size_t shown = f->row_count;
    out_sm_names(&names, &f->sms, "sm_");
    out_sm_names(&shown_sms, &f->shown_sms, "sm_");
    out_sm_names(&ptx, &f->list.ptx, "compute_");
    printf("%s: ", f->shown);
    if (f->list.format == GR_KERNELS_BINARY || f->list.format == GR_KERNELS_FATBIN)
        printf("%s, %zu cubin%s read directly", gr_kernel_format_name(f->list.format), f->list.cubins,
               out_plural((long long)f->list.cubins));
    else
        printf("%s", gr_kernel_format_name(f->list.format));
    if (f->filtered || r->kernel_pattern) {
        printf(": %zu kernel%s", shown, out_plural((long long)shown));
        if (f->filtered)
            printf(" for %s", gr_buf_text(&shown_sms));
        if (r->kernel_pattern)
            printf(" matching '%s'", r->kernel_pattern);
        printf(" (of %zu, for %s)\n", f->list.count, gr_buf_text(&names));
    } else
        printf(": %zu kernel%s%s%s\n", shown, out_plural((long long)shown), f->sms.count ? " for " : "",
               gr_buf_text(&names));
    if (f->list.relocatable)
        printf("  %zu of its cubins relocatable (nvcc -rdc): the device link may still change their figures\n",
               f->list.relocatable);
    if (f->list.ptx.count)
        printf("  also PTX for %s, which the driver compiles for GPUs without a cubin here\n", gr_buf_text(&ptx));
    gr_buf_free(&names), gr_buf_free(&shown_sms), gr_buf_free(&ptx);
}

/* After the name: where it was too large to demangle, where only a
 * relocatable copy was read, and with a device, the architecture where
 * the file has several it runs. */
static void print_name(const gr_kernel *k, bool arch)
{
    printf("%s%s%s%s%s\n", k->demangled, k->too_large_to_demangle ? "  [mangled]" : "",
           k->relocatable ? "  [relocatable]" : "", arch ? "  " : "", arch ? OUT_SM(k->sm) : "");
}

static void print_resources(const gr_kernel *k)
{
    printf("%4s  %8s  %7s  %11s", FIGURE(k->registers), FIGURE(k->shared_static_bytes), FIGURE(k->stack_bytes),
           spills(k).text);
}

static void print_plain_row(const gr_kernel *k)
{
    printf("  %-6s  ", OUT_SM(k->sm));
    print_resources(k);
    printf("  %7s  %7s  %6s  ", FIGURE(k->local_bytes), FIGURE(k->constant_bytes),
           k->max_threads == 0 ? "-" : FIGURE(k->max_threads));
    print_name(k, false);
}

static void print_device_row(const gr_kernels_row *row, bool arch)
{
    const gr_kernel_occupancy *o = &row->occupancy;
    printf("  ");
    print_resources(row->kernel);
    if (!o->valid) {
        printf("  cannot launch: %s  ", o->error);
        print_name(row->kernel, arch);
        return;
    }
    gr_buf threads = GR_BUF_INIT, limit = GR_BUF_INIT;
    gr_buf_addf(&threads, "%d %s", o->launch.threads_per_block,
             o->block.from == GR_BLOCK_FROM_BOUNDS ? "bounds" : "suggest");
    out_limiters(&limit, o->occ.limiters);
    printf("  %12s  %9d  %9s  %-*s  ", gr_buf_text(&threads), o->occ.blocks_per_sm, OUT_PCT(o->occ.occupancy),
           LIMITED_BY_WIDTH, gr_buf_text(&limit));
    gr_buf_free(&threads), gr_buf_free(&limit);
    print_name(row->kernel, arch);
}

static void print_file(const gr_kernels_report *r, const gr_kernels_file *f)
{
    print_file_header(r, f);
    if (f->row_count == 0)
        return;
    if (r->has_device)
        printf("\n  %4s  %8s  %7s  %11s  %12s  %9s  %9s  %-*s  %s\n", "regs", "shared B", "stack B", "spill st/ld",
               "threads", "blocks/SM", "occupancy", LIMITED_BY_WIDTH, "limited by", "kernel");
    else
        printf("\n  %-6s  %4s  %8s  %7s  %11s  %7s  %7s  %6s  %s\n", "arch", "regs", "shared B", "stack B", "spill st/ld",
               "local B", "const B", "bounds", "kernel");
    for (size_t i = f->first_row; i < f->first_row + f->row_count; i++)
        if (r->has_device)
            print_device_row(&r->rows[i], f->shown_sms.count > 1);
        else
            print_plain_row(r->rows[i].kernel);
}

static void print_spilling(const gr_kernels_report *r)
{
    for (size_t i = 0; i < r->row_count; i++) {
        const gr_kernel *k = r->rows[i].kernel;
        if (k->spill_store_bytes > 0 || k->spill_load_bytes > 0)
            printf("Spills: %s on %s stores %lld B and loads %lld B per thread to local memory "
                   "(registers: %lld).\n",
                   k->demangled, OUT_SM(k->sm), (long long)k->spill_store_bytes,
                   (long long)k->spill_load_bytes, (long long)k->registers);
    }
}

static void print_notes(const gr_kernels_notes *n, bool d)
{
    if (n->spills_unrecorded)
        printf("? spills: cubins and cuobjdump's listing do not record them; nvcc --resource-usage reports them.\n");
    if (n->stack_unexplained)
        printf("A stack frame holds local arrays or spilled registers; the cubin does not say which.\n");
    if (n->constant_unrecorded && !d)
        printf("? const: ptxas's report leaves out the constant banks for sm_90 and later.\n");
    if (n->bounds_unrecorded && !d)
        printf("? bounds: only a cubin records __launch_bounds__; '-' is a kernel without them.\n");
    if (n->relocatable)
        printf("[relocatable]: only a relocatable cubin (nvcc -rdc) holds the kernel; the device link may\n"
               "change its figures.\n");
    if (n->mangled)
        printf("[mangled]: the name is too large to demangle, shown as compiled: its reading would pass\n"
               "%d bytes a byte of the name and %d more (%d at most), or the name is over %d bytes.\n",
               GR_DEMANGLE_BYTES_PER_NAME_BYTE, GR_DEMANGLE_BASE_BYTES, GR_DEMANGLE_MAX_OUTPUT_BYTES,
               GR_DEMANGLE_MAX_NAME_BYTES);
    if (d)
        printf("Shared memory is each kernel's own static shared memory, with the runtime's reserved\n"
               "memory counted once in the occupancy; dynamic shared memory is given at launch.\n"
               "threads: the block size of the kernel's __launch_bounds__, or else the one with the\n"
               "highest occupancy (occupancy --suggest).\n");
    if (d && n->bounds_unrecorded)
        printf("Only a cubin records __launch_bounds__: a kernel with them runs at most that many threads,\n"
               "which its cubin or binary gives.\n");
}

void kernels_print_text(const gr_kernels_report *r)
{
    const gr_kernels_notes *n = &r->notes;
    if (r->has_device)
        printf("On %s (%s, sm_%d%d):\n\n", r->device.full_name, r->device.name, r->device.cc_major,
               r->device.cc_minor);
    for (size_t i = 0, printed = 0; i < r->file_count; i++) {
        if (r->files[i].status != GR_KERNELS_FILE_SHOWN)
            continue; /* its line is on standard error */
        if (printed++)
            printf("\n");
        print_file(r, &r->files[i]);
    }
    if (n->spilling || n->spills_unrecorded || n->constant_unrecorded || n->bounds_unrecorded || n->relocatable ||
        n->mangled || r->has_device)
        printf("\n");
    print_spilling(r);
    print_notes(n, r->has_device);
}
