#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "plot_json.h"
#include "plot_results.h"

/* "h100, h200": the devices given, for a message. */
static const char *given_names(const plot_devices *d, char *out, size_t size)
{
    out[0] = '\0';
    for (size_t i = 0; i < d->given; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? ", " : "", d->items[i].name);
    return out;
}

/* "(compute capability 9.0, 132 SMs)" */
static const char *gpu_text(const char *cc, long long sms, char *out, size_t size)
{
    snprintf(out, size, "compute capability %s, %lld SMs", cc[0] ? cc : "unknown", sms);
    return out;
}

static bool same_gpu(const gr_result_device *gpu, const gr_profile *p)
{
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", p->cc_major, p->cc_minor);
    return strcmp(gpu->compute_capability, cc) == 0 && gpu->sm_count == p->sm_count;
}

/* The file names no profile: the one device its GPU is. */
static bool by_gpu(const gr_results *r, const plot_devices *d, size_t *index)
{
    size_t matches = 0;
    char names[512] = "", gpu[96], each[96];
    for (size_t i = 0; i < d->count; i++)
        if (same_gpu(&r->device, &d->items[i])) {
            *index = i;
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", matches++ ? " or " : "",
                     d->items[i].name);
        }
    gpu_text(r->device.compute_capability, r->device.sm_count, gpu, sizeof gpu);
    if (matches > 1)
        return cli_error("%s names no device profile, and its GPU (%s, %s) could be %s: draw it with only the "
                         "one it was measured on", r->path, r->device.name, gpu, names);
    if (matches == 1)
        return true;
    names[0] = '\0';
    for (size_t i = 0; i < d->count; i++) {
        char cc[16];
        snprintf(cc, sizeof cc, "%d.%d", d->items[i].cc_major, d->items[i].cc_minor);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s (%s)", i ? ", " : "",
                 d->items[i].name, gpu_text(cc, d->items[i].sm_count, each, sizeof each));
    }
    return cli_error("%s names no device profile, and its GPU (%s, %s) is %s%s", r->path, r->device.name, gpu,
                     d->count > 1 ? "none of " : "not ", names);
}

/* The file's profile is no device of the chart: it joins the chart. */
static bool add_profile(const char *profiles_option, const gr_results *r, plot_devices *d, size_t *index,
                        json_t *warnings)
{
    char given[512];
    gr_search_path sp;
    gr_error err;
    const char *profile = r->device.profile;
    given_names(d, given, sizeof given);
    if (d->count == GR_CHART_MAX_ITEMS)
        return cli_error("%s was measured on %s (profile %s), not on %s, and the chart has no room for one more "
                         "device (at most %d)", r->path, r->device.name, profile, given, GR_CHART_MAX_ITEMS);
    cli_search_path(&sp, profiles_option);
    if (!gr_profile_name_valid(profile) || !gr_profile_find(&sp, profile, &d->items[d->count], &err))
        return cli_error("%s was measured on %s (profile %s), not on %s, and that profile cannot be found: "
                         "give it with --device FILE.yaml or --profiles DIR", r->path, r->device.name, profile, given);
    *index = d->count++;
    plot_warn(warnings, "%s was measured on %s (profile %s), not on %s: drawn against %s's roofs, added to the chart",
              r->path, r->device.name, profile, given, profile);
    return true;
}

bool plot_results_device(const char *profiles_option, const gr_results *r, plot_devices *d, size_t *index,
                         json_t *warnings)
{
    const char *profile = r->device.profile;
    if (!profile[0] || strcmp(profile, "none") == 0)
        return by_gpu(r, d, index);
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].name, profile) == 0) {
            *index = i;
            return true;
        }
    return add_profile(profiles_option, r, d, index, warnings);
}
