#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "output.h"
#include "plot_json.h"
#include "plot_results.h"

/* "h100, h200": the devices given, for a message. */
static void given_names(const plot_devices *d, gr_buf *out)
{
    for (size_t i = 0; i < d->given; i++)
        gr_buf_addf(out, "%s%s", i ? ", " : "", d->items[i].name);
}

/* "compute capability 9.0, 132 SMs" */
static void gpu_text(gr_buf *out, const char *cc, long long sms)
{
    gr_buf_addf(out, "compute capability %s, %lld SMs", cc[0] ? cc : "unknown", sms);
}

static bool same_gpu(const gr_result_device *gpu, const gr_profile *p)
{
    char cc[16]; /* "%d.%d" of two small numbers */
    snprintf(cc, sizeof cc, "%d.%d", p->cc_major, p->cc_minor);
    return strcmp(gpu->compute_capability, cc) == 0 && gpu->sm_count == p->sm_count;
}

/* "h100 (compute capability 9.0, 132 SMs), ...": every device of the chart. */
static void every_gpu(const plot_devices *d, gr_buf *out)
{
    for (size_t i = 0; i < d->count; i++)
        gr_buf_addf(out, "%s%s (compute capability %d.%d, %lld SMs)", i ? ", " : "", d->items[i].name,
                    d->items[i].cc_major, d->items[i].cc_minor, (long long)d->items[i].sm_count);
}

/* The file names no profile: the one device its GPU is.  names and gpu:
 * the caller's, for the words of the error. */
static bool by_gpu(const gr_results *r, const plot_devices *d, size_t *index, gr_buf *names, gr_buf *gpu)
{
    size_t matches = 0;
    for (size_t i = 0; i < d->count; i++)
        if (same_gpu(&r->device, &d->items[i])) {
            *index = i;
            gr_buf_addf(names, "%s%s", matches++ ? " or " : "", d->items[i].name);
        }
    gpu_text(gpu, r->device.compute_capability, r->device.sm_count);
    if (matches > 1)
        return cli_error("%s names no device profile, and its GPU (%s, %s) could be %s: draw it with only the "
                         "one it was measured on", r->path, r->device.name, gr_buf_text(gpu), gr_buf_text(names));
    if (matches == 1)
        return true;
    every_gpu(d, names);
    return cli_error("%s names no device profile, and its GPU (%s, %s) is %s%s", r->path, r->device.name,
                     gr_buf_text(gpu), d->count > 1 ? "none of " : "not ", gr_buf_text(names));
}

/* The file's profile is no device of the chart: it joins the chart. */
static bool add_profile(const char *profiles_option, const gr_results *r, plot_devices *d, size_t *index,
                        const char *given, json_t *warnings)
{
    gr_search_path sp;
    gr_error err;
    const char *profile = r->device.profile;
    if (d->count == GRC_CHART_MAX_ITEMS)
        return cli_error("%s was measured on %s (profile %s), not on %s, and the chart has no room for one more "
                         "device (at most %d)", r->path, r->device.name, profile, given, GRC_CHART_MAX_ITEMS);
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
    if (!profile[0] || strcmp(profile, "none") == 0) {
        gr_buf names = GR_BUF_INIT, gpu = GR_BUF_INIT;
        bool ok = by_gpu(r, d, index, &names, &gpu);
        gr_buf_free(&names);
        gr_buf_free(&gpu);
        return ok;
    }
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].name, profile) == 0) {
            *index = i;
            return true;
        }
    gr_buf given = GR_BUF_INIT;
    given_names(d, &given);
    bool ok = add_profile(profiles_option, r, d, index, gr_buf_text(&given), warnings);
    gr_buf_free(&given);
    return ok;
}
