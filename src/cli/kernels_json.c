/* The kernels command's JSON: the files read and what they were, then
 * every kernel shown, with its occupancy (the occupancy command's keys)
 * where a device is given. */
#include "cli.h"
#include "kernels_output.h"
#include "occupancy_output.h"

static json_t *figure(int64_t n)
{
    return n == GR_UNRECORDED ? json_null() : json_integer(n);
}

static json_t *sm_names(const gr_sm_set *set, const char *prefix)
{
    json_t *list = json_array();
    for (int i = 0; i < set->count; i++)
        json_array_append_new(list, json_sprintf("%s%d%s", prefix, set->items[i].number,
                                                 set->items[i].variant == 'a' ? "a" : set->items[i].variant == 'f' ? "f" : ""));
    return list;
}

static json_t *file_json(const kernels_view *v, size_t shown)
{
    const cli_kernel_file *f = &v->file;
    gr_sm_set sms;
    gr_kernel_list_sms(&f->list, &sms);
    json_t *j = json_object();
    json_object_set_new(j, "file", cli_json_text(f->shown));
    json_object_set_new(j, "format", json_string(gr_kernel_format_key(f->list.format)));
    json_object_set_new(j, "kernels", json_integer((json_int_t)shown));
    json_object_set_new(j, "architectures", sm_names(&sms, "sm_"));
    json_object_set_new(j, "cubins", json_integer((json_int_t)f->list.cubins));
    json_object_set_new(j, "relocatable_cubins", json_integer((json_int_t)f->list.relocatable));
    json_object_set_new(j, "ptx", sm_names(&f->list.ptx, "compute_"));
    return j;
}

static json_t *occupancy_json(const kernels_device *d, const gr_kernel *k)
{
    kernel_occupancy o;
    kernels_occupancy(d, k, &o);
    if (!o.valid)
        return json_pack("{s:o}", "error", cli_json_text(o.error));
    occ_inputs in = {.has_device = true, .device = d->profile, .limits = d->limits, .default_carveout = true,
                     .launch = o.launch, .has_threads = true, .has_regs = true};
    json_t *j = occ_json(&in, &o.occ);
    json_object_set_new(j, "block_size_from", json_string(o.from_bounds ? "launch_bounds" : "suggest"));
    return j;
}

static json_t *kernel_json(const cli_kernel_file *f, const gr_kernel *k, const kernels_device *d)
{
    char sm[GR_SM_NAME_SIZE];
    json_t *j = json_object();
    json_object_set_new(j, "file", cli_json_text(f->shown));
    json_object_set_new(j, "name", cli_json_text(k->name));
    json_object_set_new(j, "demangled", cli_json_text(k->demangled));
    json_object_set_new(j, "too_large_to_demangle", json_boolean(k->too_large_to_demangle));
    json_object_set_new(j, "arch", json_string(gr_sm_name(k->sm, sm)));
    json_object_set_new(j, "registers", figure(k->registers));
    json_object_set_new(j, "shared_static_bytes", figure(k->shared_static_bytes));
    json_object_set_new(j, "stack_bytes", figure(k->stack_bytes));
    json_object_set_new(j, "spill_store_bytes", figure(k->spill_store_bytes));
    json_object_set_new(j, "spill_load_bytes", figure(k->spill_load_bytes));
    json_object_set_new(j, "local_bytes", figure(k->local_bytes));
    json_object_set_new(j, "constant_bytes", figure(k->constant_bytes));
    json_object_set_new(j, "relocatable", json_boolean(k->relocatable));
    json_object_set_new(j, "launch_bounds_threads", k->max_threads > 0 ? json_integer(k->max_threads) : json_null());
    json_object_set_new(j, "spills", k->spill_store_bytes == GR_UNRECORDED
                                         ? json_null()
                                         : json_boolean(k->spill_store_bytes > 0 || k->spill_load_bytes > 0));
    if (d)
        json_object_set_new(j, "occupancy", occupancy_json(d, k));
    return j;
}

/* A file that did not read: its name and the line printed on standard error. */
static json_t *failed_json(const kernels_view *v)
{
    return json_pack("{s:o, s:o}", "file", cli_json_text(v->file.shown), "error",
                     cli_json_text(v->file.error[0] ? v->file.error : "it did not read (standard error says why)"));
}

json_t *kernels_json(const kernels_view *views, size_t count, const kernels_device *d)
{
    json_t *j = json_object(), *files = json_array(), *kernels = json_array();
    for (size_t f = 0; f < count; f++) {
        if (views[f].failed) {
            json_array_append_new(files, failed_json(&views[f]));
            continue;
        }
        const gr_kernel_list *l = &views[f].file.list;
        size_t shown = 0;
        for (size_t i = 0; i < l->count; i++)
            if (kernels_view_shows(&views[f], &l->kernels[i])) {
                json_array_append_new(kernels, kernel_json(&views[f].file, &l->kernels[i], d));
                shown++;
            }
        json_array_append_new(files, file_json(&views[f], shown));
    }
    json_object_set_new(j, "files", files);
    if (d)
        json_object_set_new(j, "device", json_string(d->profile.name));
    json_object_set_new(j, "kernel_pattern", count && views[0].pattern ? cli_json_text(views[0].pattern) : json_null());
    json_object_set_new(j, "kernels", kernels);
    return j;
}
