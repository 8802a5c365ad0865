/* The kernels command's JSON: the files read and what they were, then
 * every kernel shown, with its occupancy (the occupancy command's keys)
 * where a device is given. */
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "kernels_output.h"
#include "occupancy_output.h"
#include "output.h"

/* A figure the file records, or null where it does not (GR_UNRECORDED,
 * which is negative: out_json_count's unknown). */
#define FIGURE(n) out_json_count(n)

static json_t *sm_names(const gr_sm_set *set, const char *prefix)
{
    json_t *list = json_array();
    for (int i = 0; i < set->count; i++)
        json_array_append_new(list, json_sprintf("%s%s", prefix, OUT_SM(set->items[i]) + strlen("sm_")));
    return list;
}

static json_t *file_json(const gr_kernels_file *f)
{
    json_t *j = json_object();
    json_object_set_new(j, "file", cli_json_text(f->shown));
    json_object_set_new(j, "format", json_string(gr_kernel_format_key(f->list.format)));
    json_object_set_new(j, "kernels", json_integer((json_int_t)f->row_count));
    json_object_set_new(j, "architectures", sm_names(&f->sms, "sm_"));
    json_object_set_new(j, "cubins", json_integer((json_int_t)f->list.cubins));
    json_object_set_new(j, "relocatable_cubins", json_integer((json_int_t)f->list.relocatable));
    json_object_set_new(j, "ptx", sm_names(&f->list.ptx, "compute_"));
    return j;
}

/* The occupancy command's object for the kernel's launch, and where its
 * block size comes from. */
static json_t *occupancy_json(const gr_kernels_report *r, const gr_kernel_occupancy *o)
{
    if (!o->valid)
        return json_pack("{s:o}", "error", cli_json_text(o->error));
    json_t *j = occ_launch_json(&o->occ, r->device.name, &o->launch, NULL,
                                o->has_carveout ? &o->default_carveout_bytes : NULL);
    json_object_set_new(j, "block_size_from", json_string(gr_block_source_key(o->block.from)));
    return j;
}

static json_t *kernel_json(const gr_kernels_report *r, const gr_kernels_row *row)
{
    const gr_kernel *k = row->kernel;
    json_t *j = json_object();
    json_object_set_new(j, "file", cli_json_text(r->files[row->file].shown));
    json_object_set_new(j, "name", cli_json_text(k->name));
    json_object_set_new(j, "demangled", cli_json_text(k->demangled));
    json_object_set_new(j, "too_large_to_demangle", json_boolean(k->too_large_to_demangle));
    json_object_set_new(j, "arch", json_string(OUT_SM(k->sm)));
    json_object_set_new(j, "registers", FIGURE(k->registers));
    json_object_set_new(j, "shared_static_bytes", FIGURE(k->shared_static_bytes));
    json_object_set_new(j, "stack_bytes", FIGURE(k->stack_bytes));
    json_object_set_new(j, "spill_store_bytes", FIGURE(k->spill_store_bytes));
    json_object_set_new(j, "spill_load_bytes", FIGURE(k->spill_load_bytes));
    json_object_set_new(j, "local_bytes", FIGURE(k->local_bytes));
    json_object_set_new(j, "constant_bytes", FIGURE(k->constant_bytes));
    json_object_set_new(j, "relocatable", json_boolean(k->relocatable));
    json_object_set_new(j, "launch_bounds_threads", k->max_threads > 0 ? json_integer(k->max_threads) : json_null());
    json_object_set_new(j, "spills", k->spill_store_bytes == GR_UNRECORDED
                                         ? json_null()
                                         : json_boolean(k->spill_store_bytes > 0 || k->spill_load_bytes > 0));
    if (r->has_device)
        json_object_set_new(j, "occupancy", occupancy_json(r, &row->occupancy));
    return j;
}

/* A file that is not shown: its name and the line printed on standard error. */
static json_t *failed_json(const gr_kernels_file *f)
{
    char error[1024];
    const char *why = cli_kernels_file_error(f, error, sizeof error);
    return json_pack("{s:o, s:o}", "file", cli_json_text(f->shown), "error",
                     cli_json_text(why[0] ? why : "it did not read (standard error says why)"));
}

json_t *kernels_json(const gr_kernels_report *r)
{
    json_t *j = json_object(), *files = json_array(), *kernels = json_array();
    for (size_t i = 0; i < r->row_count; i++)
        json_array_append_new(kernels, kernel_json(r, &r->rows[i]));
    for (size_t f = 0; f < r->file_count; f++)
        json_array_append_new(files, r->files[f].status == GR_KERNELS_FILE_SHOWN ? file_json(&r->files[f])
                                                                                  : failed_json(&r->files[f]));
    json_object_set_new(j, "files", files);
    if (r->has_device)
        json_object_set_new(j, "device", json_string(r->device.name));
    json_object_set_new(j, "kernel_pattern", r->kernel_pattern ? cli_json_text(r->kernel_pattern) : json_null());
    json_object_set_new(j, "kernels", kernels);
    return j;
}
