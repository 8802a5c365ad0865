#include <stdio.h>
#include "cli.h"
#include "gpuroof_profile.h"
#include "profile_json.h"

static json_t *peaks_json(const gr_profile *p)
{
    json_t *peaks = json_object();
    for (int i = 0; i < p->peak_count; i++)
        json_object_set_new(peaks, p->peaks[i].precision, json_real(p->peaks[i].gflops));
    return peaks;
}

static json_t *carveouts_json(const gr_profile *p)
{
    json_t *list = json_array();
    for (int i = 0; i < p->carveout_count; i++)
        json_array_append_new(list, json_integer(p->carveouts_bytes[i]));
    return list;
}

static json_t *field_json(const gr_profile *p, const gr_profile_field *f)
{
    gr_buf made = GR_BUF_INIT;
    json_t *text;
    switch (f->type) {
    case GR_FIELD_INT:
    case GR_FIELD_BYTES:
    case GR_FIELD_BYTES64:
        return json_integer(gr_profile_field_int(p, f));
    case GR_FIELD_REAL:
        return json_real(gr_profile_field_real(p, f));
    case GR_FIELD_PEAKS:
        return peaks_json(p);
    case GR_FIELD_CARVEOUTS:
        return carveouts_json(p);
    case GR_FIELD_TEXT:
    case GR_FIELD_COMPUTE_CAPABILITY:
    case GR_FIELD_BANK_SCHEME:
        text = cli_json_text(gr_profile_field_text(p, f, &made));
        gr_buf_free(&made);
        return text;
    }
    return json_null();
}

/* The fields `gpuroof devices` lists, each under its own key. */
static const char *const summary_paths[] = {
    "name", "full_name", "architecture", "compute_capability", "sm_count", "clock_mhz", "peak_gflops",
    "memory.bandwidth_gbs", "memory.l2_bandwidth_gbs", "shared_memory_banks.shared_bandwidth_gbs",
};

json_t *profile_summary_json(const gr_profile *p)
{
    json_t *j = json_object();
    for (size_t i = 0; i < sizeof summary_paths / sizeof summary_paths[0]; i++) {
        const gr_profile_field *f = gr_profile_field_find(summary_paths[i]);
        if (f) /* an optional figure the profile lacks is null, unknown */
            json_object_set_new(j, f->key, gr_profile_field_given(p, f) ? field_json(p, f) : json_null());
    }
    json_object_set_new(j, "path", cli_json_text(p->path));
    return j;
}

/* Every field the profile gives, in the table's order and sections; where
 * it came from after its identity and peaks, where `gpuroof devices` has
 * it. */
json_t *profile_to_json(const gr_profile *p)
{
    json_t *j = json_object(), *section = NULL;
    const char *open_section = NULL;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        if (!gr_profile_field_given(p, f))
            continue;
        if (f->section && !gr_profile_field_in(f, open_section)) {
            if (!open_section)
                json_object_set_new(j, "path", cli_json_text(p->path));
            open_section = f->section;
            section = json_object();
            json_object_set_new(j, open_section, section);
        }
        json_object_set_new(f->section ? section : j, f->key, field_json(p, f));
    }
    return j;
}
