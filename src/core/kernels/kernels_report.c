/* The compiled-kernels report (kernels_report.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel_names.h"
#include "kernel_select.h"
#include "kernels_report.h"

/* What the build works from besides the report itself. */
typedef struct {
    const gr_kernels_request *request;
    gr_sm arch;                 /* the request's, parsed */
    gr_name_pattern pattern;    /* where the request has one */
    size_t row_capacity;
} build_state;

static bool keep_text(char **kept, const char *text, gr_error *err)
{
    *kept = strdup(text);
    return *kept != NULL || gr_error_set(err, "out of memory keeping a file's error");
}

/* f not shown, for the reason why says. */
static bool not_shown(gr_kernels_file *f, gr_kernels_file_status status, const gr_error *why, gr_error *err)
{
    f->status = status;
    return keep_text(&f->error, why->text, err);
}

/* The code of f to show: the architecture asked for, or with a device the
 * newest it runs; all of it otherwise. */
static bool choose_code(const build_state *b, gr_kernels_file *f, gr_error *err)
{
    gr_error why;
    const gr_profile *d = b->request->device;
    f->filtered = b->request->arch != NULL || d != NULL;
    gr_sm_set_text names = gr_sm_set_names_of(&f->sms);
    if (b->request->arch) {
        f->sm = b->arch;
        for (int i = 0; i < f->sms.count; i++)
            if (gr_sm_equal(f->sms.items[i], f->sm))
                return true;
        gr_error_set(&why, "%s has no code for %s; it has %s", f->shown, b->request->arch,
                     f->sms.count ? names.text : "no kernels");
        return not_shown(f, GR_KERNELS_FILE_NO_ARCH, &why, err);
    }
    if (d && !gr_kernel_sm_for_device(&f->list, d->cc_major, d->cc_minor, &f->sm)) {
        gr_error_set(&why, "%s has no code that %s (sm_%d%d) runs; it has %s", f->shown, d->name, d->cc_major,
                     d->cc_minor, f->sms.count ? names.text : "no kernels");
        return not_shown(f, GR_KERNELS_FILE_NO_CODE_RUNS, &why, err);
    }
    return true;
}

/* Whether k's code is the code chosen: with a device that has no
 * architecture asked for, every variant of the chosen number it runs
 * (sm_90a and sm_90 on the H100: the driver loads the first where a
 * kernel has both). */
static bool code_chosen(const build_state *b, const gr_kernels_file *f, const gr_kernel *k)
{
    const gr_profile *d = b->request->device;
    if (!f->filtered || gr_sm_equal(k->sm, f->sm))
        return true;
    return !b->request->arch && k->sm.number == f->sm.number && gr_sm_runs_on(k->sm, d->cc_major, d->cc_minor);
}

/* Figures too large for an int are no launch: the occupancy computation
 * refuses them by name. */
static int clamped(int64_t n)
{
    return n > 1 << 20 ? 1 << 20 : (int)n;
}

static bool occupancy_error(gr_kernel_occupancy *o, const char *text, gr_error *err)
{
    o->valid = false;
    return keep_text(&o->error, text, err);
}

/* k on the report's device, at the block size it runs at. */
static bool kernel_occupancy(const gr_kernels_report *r, const gr_kernel *k, gr_kernel_occupancy *o, gr_error *err)
{
    gr_error why;
    *o = (gr_kernel_occupancy){.launch = {0, clamped(k->registers), k->shared_static_bytes}};
    if (k->registers < 0)
        return occupancy_error(o, "its file records no register count", err);
    if (!gr_kernel_block_size(&r->limits, &o->launch, k->max_threads, &o->block, &why))
        return occupancy_error(o, why.text, err);
    o->launch.threads_per_block = o->block.threads_per_block;
    if (!gr_occupancy_compute(&r->limits, &o->launch, &o->occ, &why))
        return occupancy_error(o, why.text, err);
    o->valid = true;
    /* before sm_70 there is no carveout: the split is the cache configuration's */
    o->has_carveout = r->limits.smem_config == GR_SMEM_CARVEOUT;
    if (o->has_carveout)
        o->default_carveout_bytes = gr_default_carveout(&r->device, &r->limits, &o->launch);
    return true;
}

static void note_kernel(gr_kernels_notes *n, const gr_kernel *k)
{
    n->spills_unrecorded |= k->spill_store_bytes == GR_UNRECORDED;
    n->stack_unexplained |= k->spill_store_bytes == GR_UNRECORDED && k->stack_bytes > 0;
    n->constant_unrecorded |= k->constant_bytes == GR_UNRECORDED;
    n->bounds_unrecorded |= k->max_threads == GR_UNRECORDED;
    n->spilling += k->spill_store_bytes > 0 || k->spill_load_bytes > 0;
    n->relocatable |= k->relocatable;
    n->mangled |= k->too_large_to_demangle;
}

/* k, of file f, as the next row. */
static bool add_row(build_state *b, gr_kernels_report *r, size_t f, const gr_kernel *k, gr_error *err)
{
    if (r->row_count == b->row_capacity) {
        size_t capacity = b->row_capacity ? 2 * b->row_capacity : 64;
        gr_kernels_row *rows = realloc(r->rows, capacity * sizeof *rows);
        if (!rows)
            return gr_error_set(err, "out of memory listing %zu kernels", capacity);
        r->rows = rows;
        b->row_capacity = capacity;
    }
    gr_kernels_row *row = &r->rows[r->row_count++];
    *row = (gr_kernels_row){.file = f, .kernel = k};
    note_kernel(&r->notes, k);
    return !r->has_device || kernel_occupancy(r, k, &row->occupancy, err);
}

/* Which of f's kernels the pattern picks (selected, f->list.count of
 * them); a failure to match leaves f unshown. */
static bool match_names(const build_state *b, gr_kernels_file *f, bool *selected, gr_error *err)
{
    size_t count;
    gr_error why;
    if (gr_kernel_select(&f->list, &b->pattern, selected, &count, &why))
        return true;
    return not_shown(f, GR_KERNELS_FILE_UNMATCHED, &why, err);
}

/* The rows of file i: its kernels of the code chosen that the pattern
 * picks. */
static bool add_file_rows(build_state *b, gr_kernels_report *r, size_t i, gr_error *err)
{
    gr_kernels_file *f = &r->files[i];
    bool *selected = NULL;
    if (b->request->kernel_pattern) {
        selected = calloc(f->list.count ? f->list.count : 1, sizeof *selected);
        if (!selected)
            return gr_error_set(err, "%s: out of memory", f->shown);
        if (!match_names(b, f, selected, err) || f->status != GR_KERNELS_FILE_SHOWN) {
            free(selected);
            return f->error != NULL;
        }
    }
    bool ok = true;
    f->first_row = r->row_count;
    for (size_t k = 0; ok && k < f->list.count; k++) {
        const gr_kernel *kernel = &f->list.kernels[k];
        if ((!selected || selected[k]) && code_chosen(b, f, kernel)) {
            gr_sm_set_add(&f->shown_sms, kernel->sm);
            ok = add_row(b, r, i, kernel, err);
        }
    }
    free(selected);
    f->row_count = r->row_count - f->first_row;
    if (f->shown_sms.count == 0)
        gr_sm_set_add(&f->shown_sms, f->sm);
    return ok;
}

/* File i from its source: read, its code chosen, its kernels listed. */
static bool add_file(build_state *b, gr_kernels_report *r, gr_kernels_source *source, size_t i, gr_error *err)
{
    gr_kernels_file *f = &r->files[i];
    *f = (gr_kernels_file){.shown = source->shown, .list = source->list};
    r->file_count = i + 1; /* the list is the report's now, to free */
    gr_kernel_list_init(&source->list, source->list.format);
    gr_kernel_list_sms(&f->list, &f->sms);
    if (!source->read) {
        f->status = GR_KERNELS_FILE_UNREAD;
        return keep_text(&f->error, source->error ? source->error : "", err);
    }
    if (!choose_code(b, f, err) || f->status != GR_KERNELS_FILE_SHOWN)
        return f->error != NULL;
    if (!add_file_rows(b, r, i, err))
        return false;
    if (f->status == GR_KERNELS_FILE_SHOWN) {
        r->files_shown++;
        r->last_shown = i;
    }
    return true;
}

/* The request's device, architecture and pattern, ready for the files. */
static bool start(build_state *b, gr_kernels_report *out, gr_error *err)
{
    const gr_kernels_request *request = b->request;
    out->kernel_pattern = request->kernel_pattern;
    out->has_device = request->device != NULL;
    if (request->device) {
        out->device = *request->device;
        out->limits = *request->limits;
    }
    if (request->arch && !gr_sm_parse(request->arch, strlen(request->arch), &b->arch))
        return gr_error_set(err, "'%s' is not an architecture such as sm_90 or sm_90a", request->arch);
    return !request->kernel_pattern ||
           gr_name_pattern_init(&b->pattern, request->kernel_pattern, request->glob, err);
}

bool gr_kernels_report_build(gr_kernels_source *files, size_t count, const gr_kernels_request *request,
                             gr_kernels_report *out, gr_error *err)
{
    build_state b = {.request = request};
    *out = (gr_kernels_report){0};
    out->files = calloc(count ? count : 1, sizeof *out->files);
    bool ok = (out->files != NULL || gr_error_set(err, "out of memory for %zu files", count)) && start(&b, out, err);
    for (size_t i = 0; ok && i < count; i++)
        ok = add_file(&b, out, &files[i], i, err);
    gr_name_pattern_free(&b.pattern); /* where never set, zeroed: nothing to free */
    for (size_t i = out->file_count; i < count; i++) /* the lists not taken yet */
        gr_kernel_list_free(&files[i].list);
    if (!ok)
        gr_kernels_report_free(out);
    return ok;
}

void gr_kernels_report_free(gr_kernels_report *r)
{
    for (size_t i = 0; i < r->row_count; i++)
        free(r->rows[i].occupancy.error);
    for (size_t i = 0; i < r->file_count; i++) {
        free(r->files[i].error);
        gr_kernel_list_free(&r->files[i].list);
    }
    free(r->rows);
    free(r->files);
    *r = (gr_kernels_report){0};
}
