/* The kernels command's JSON: the files read and what they were, then
 * every kernel shown, with its occupancy (the occupancy command's keys)
 * where a device is given. */
#include <string.h>
#include "cli.h"
#include "cli_kernels.h"
#include "kernels_output.h"
#include "occupancy_output.h"
#include "out_fields.h"
#include "output.h"

static json_t *sm_names(const gr_sm_set *set, const char *prefix)
{
    json_t *list = json_array();
    for (int i = 0; i < set->count; i++)
        json_array_append_new(list, json_sprintf("%s%s", prefix, OUT_SM(set->items[i]) + strlen("sm_")));
    return list;
}

static json_t *file_format(const void *record)
{
    return json_string(gr_kernel_format_key(((const gr_kernels_file *)record)->list.format));
}

static json_t *file_architectures(const void *record)
{
    return sm_names(&((const gr_kernels_file *)record)->sms, "sm_");
}

static json_t *file_ptx(const void *record)
{
    return sm_names(&((const gr_kernels_file *)record)->list.ptx, "compute_");
}

static const out_field file_fields[] = {
    OUT_TEXT_ROW(gr_kernels_file, shown, "file"),
    OUT_GET_ROW("format", file_format),
    OUT_SIZE_ROW(gr_kernels_file, row_count, "kernels"),
    OUT_GET_ROW("architectures", file_architectures),
    OUT_SIZE_ROW(gr_kernels_file, list.cubins, "cubins"),
    OUT_SIZE_ROW(gr_kernels_file, list.relocatable, "relocatable_cubins"),
    OUT_GET_ROW("ptx", file_ptx),
    OUT_END,
};

/* A file that is not shown: its name and the line printed on standard error. */
typedef struct {
    const char *file, *error;
} file_failed;

static const out_field failed_fields[] = {
    OUT_TEXT_ROW(file_failed, file, "file"),
    OUT_TEXT_ROW(file_failed, error, "error"),
    OUT_END,
};

static json_t *failed_json(const gr_kernels_file *f)
{
    char error[1024];
    const char *why = cli_kernels_file_error(f, error, sizeof error);
    file_failed failed = {f->shown, why[0] ? why : "it did not read (standard error says why)"};
    return out_fields_json(failed_fields, &failed);
}

/* The occupancy command's object for the kernel's launch, and where its
 * block size comes from. */
static const out_field launch_error_fields[] = {
    OUT_TEXT_ROW(gr_kernel_occupancy, error, "error"),
    OUT_END,
};

static json_t *block_size_from(const void *record)
{
    return json_string(gr_block_source_key(((const gr_kernel_occupancy *)record)->block.from));
}

static const out_field block_from_fields[] = {
    OUT_GET_ROW("block_size_from", block_size_from),
    OUT_END,
};

static json_t *occupancy_json(const gr_kernels_report *r, const gr_kernel_occupancy *o)
{
    if (!o->valid)
        return out_fields_json(launch_error_fields, o);
    json_t *j = occ_launch_json(&o->occ, r->device.name, &o->launch, NULL,
                                o->has_carveout ? &o->default_carveout_bytes : NULL);
    out_fields_add(j, block_from_fields, o);
    return j;
}

static json_t *kernel_arch(const void *record)
{
    return json_string(OUT_SM(((const gr_kernel *)record)->sm));
}

static json_t *launch_bounds_threads(const void *record)
{
    const gr_kernel *k = record;
    return k->max_threads > 0 ? json_integer(k->max_threads) : json_null();
}

static json_t *spills(const void *record)
{
    const gr_kernel *k = record;
    if (k->spill_store_bytes == GR_UNRECORDED)
        return json_null();
    return json_boolean(k->spill_store_bytes > 0 || k->spill_load_bytes > 0);
}

/* A figure the file records, or null where it does not (GR_UNRECORDED,
 * which is negative: out_json_count's unknown). */
static const out_field kernel_fields[] = {
    OUT_TEXT_ROW(gr_kernel, name, "name"),
    OUT_TEXT_ROW(gr_kernel, demangled, "demangled"),
    OUT_BOOL_ROW(gr_kernel, too_large_to_demangle, "too_large_to_demangle"),
    OUT_GET_ROW("arch", kernel_arch),
    OUT_COUNT_ROW(gr_kernel, registers, "registers"),
    OUT_COUNT_ROW(gr_kernel, shared_static_bytes, "shared_static_bytes"),
    OUT_COUNT_ROW(gr_kernel, stack_bytes, "stack_bytes"),
    OUT_COUNT_ROW(gr_kernel, spill_store_bytes, "spill_store_bytes"),
    OUT_COUNT_ROW(gr_kernel, spill_load_bytes, "spill_load_bytes"),
    OUT_COUNT_ROW(gr_kernel, local_bytes, "local_bytes"),
    OUT_COUNT_ROW(gr_kernel, constant_bytes, "constant_bytes"),
    OUT_BOOL_ROW(gr_kernel, relocatable, "relocatable"),
    OUT_GET_ROW("launch_bounds_threads", launch_bounds_threads),
    OUT_GET_ROW("spills", spills),
    OUT_END,
};

/* A row of the report: its kernel, and the file it is in. */
typedef struct {
    const gr_kernels_report *report;
    const gr_kernels_row *row;
    const gr_kernel *kernel;
} row_shown;

static json_t *row_file(const void *record)
{
    const row_shown *r = record;
    return cli_json_text(r->report->files[r->row->file].shown);
}

static bool row_has_device(const void *record)
{
    return ((const row_shown *)record)->report->has_device;
}

static json_t *row_occupancy(const void *record)
{
    const row_shown *r = record;
    return occupancy_json(r->report, &r->row->occupancy);
}

static const out_field row_fields[] = {
    OUT_GET_ROW("file", row_file),
    OUT_SPLICE_PTR_ROW(row_shown, kernel, kernel_fields),
    OUT_GET_ROW("occupancy", row_occupancy, .when = row_has_device, .omit = true),
    OUT_END,
};

static json_t *files_json(const void *record)
{
    const gr_kernels_report *r = record;
    json_t *files = json_array();
    for (size_t f = 0; f < r->file_count; f++)
        json_array_append_new(files, r->files[f].status == GR_KERNELS_FILE_SHOWN
                                         ? out_fields_json(file_fields, &r->files[f])
                                         : failed_json(&r->files[f]));
    return files;
}

static json_t *rows_json(const void *record)
{
    const gr_kernels_report *r = record;
    json_t *kernels = json_array();
    for (size_t i = 0; i < r->row_count; i++) {
        row_shown row = {r, &r->rows[i], r->rows[i].kernel};
        json_array_append_new(kernels, out_fields_json(row_fields, &row));
    }
    return kernels;
}

static bool has_device(const void *record)
{
    return ((const gr_kernels_report *)record)->has_device;
}

static const out_field report_fields[] = {
    OUT_GET_ROW("files", files_json),
    OUT_CHARS_ROW(gr_kernels_report, device.name, "device", .when = has_device, .omit = true),
    OUT_TEXT_ROW(gr_kernels_report, kernel_pattern, "kernel_pattern"),
    OUT_GET_ROW("kernels", rows_json),
    OUT_END,
};

json_t *kernels_json(const gr_kernels_report *r)
{
    return out_fields_json(report_fields, r);
}
