/* gpuroof devices: the profiles on the search path, one line each. */
#include <stddef.h>
#include <stdio.h>
#include "cli.h"
#include "commands.h"
#include "output.h"
#include "profile_json.h"

static const char usage[] =
    "Usage: gpuroof devices [--profiles DIR] [--json]\n"
    "\n"
    "Lists the device profiles on the search path (--profiles DIR, $GPUROOF_PROFILES,\n"
    "then the installed profiles) with their key figures.  A profile file that does\n"
    "not load is named with its error after the list, and the exit status is 1.\n";

static const cli_option options[] = {
    CLI_OPTION_PROFILES(devices_options),
    CLI_OPTION_JSON(devices_options),
};

static const cli_spec spec = {"devices", usage, NULL, options, sizeof options / sizeof options[0], NULL};

/* A row of the table, its figures worked out before it is printed. */
typedef struct {
    const gr_profile *p;
    double dram_gbs, fp32_gflops, fp64_gflops;
    double ridge_flop_per_byte; /* FP32 over DRAM */
    double l2_mib;
} device_row;

static device_row device_row_of(const gr_profile *p)
{
    device_row r = {.p = p};
    gr_roofs roofs;
    gr_roofs_fill(p, NULL, NULL, &roofs);
    r.dram_gbs = gr_roofs_dram_gbs(&roofs);
    r.fp32_gflops = gr_roofs_peak_gflops(&roofs, "fp32");
    r.fp64_gflops = gr_roofs_peak_gflops(&roofs, "fp64");
    r.ridge_flop_per_byte = r.fp32_gflops / r.dram_gbs;
    r.l2_mib = p->l2_bytes / 1048576.0;
    return r;
}

static void print_device_row(const device_row *r)
{
    const gr_profile *p = r->p;
    printf("%-10s %-28s sm_%d%d %4d %9s %9s %7s %7s %5s MiB %4d KiB\n", p->name, p->full_name,
           p->cc_major, p->cc_minor, p->sm_count, OUT_NUM(r->fp32_gflops), OUT_NUM(r->fp64_gflops),
           OUT_NUM(r->dram_gbs), OUT_NUM(r->ridge_flop_per_byte), OUT_NUM(r->l2_mib),
           p->smem_sm_bytes / 1024);
}

/* No profile at all is a wrong --profiles or a broken installation, not an
 * empty table: the error names where gpuroof looked. */
static int fail_no_profiles(const gr_search_path *sp)
{
    char dirs[sizeof sp->dirs];
    gr_search_path_text(sp, dirs, sizeof dirs);
    return cli_fail("no device profiles found in %s (--profiles DIR or $GPUROOF_PROFILES adds a directory)", dirs);
}

/* The files that did not load, for JSON: each with the line stderr has. */
static json_t *failures_json(const gr_profile_list *list)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < list->failure_count; i++) {
        json_t *f = json_object();
        json_object_set_new(f, "file", cli_json_text(list->failures[i].path));
        json_object_set_new(f, "error", cli_json_text(list->failures[i].error.text));
        json_array_append_new(arr, f);
    }
    return arr;
}

static int print_list(const gr_profile_list *list, bool json, json_t **dest)
{
    if (json) {
        json_t *arr = json_array(), *j = json_object();
        for (size_t i = 0; i < list->count; i++)
            json_array_append_new(arr, profile_summary_json(&list->items[i]));
        json_object_set_new(j, "devices", arr);
        json_object_set_new(j, "errors", failures_json(list));
        return cli_put_json(j, dest);
    }
    if (!list->count)
        return EXIT_OK; /* every file broken: their errors are all there is to say */
    printf("%-10s %-28s %-5s %4s %9s %9s %7s %7s %9s %8s\n", "name", "device", "cc", "SMs",
           "FP32", "FP64", "DRAM", "ridge", "L2", "smem/SM");
    printf("%-10s %-28s %-5s %4s %9s %9s %7s %7s\n", "", "", "", "", "GFLOP/s", "GFLOP/s",
           "GB/s", "FLOP/B");
    for (size_t i = 0; i < list->count; i++) {
        device_row r = device_row_of(&list->items[i]);
        print_device_row(&r);
    }
    return EXIT_OK;
}

/* The profiles that loaded are listed, then each file that did not is named
 * with its error and the exit status is 1: one broken file in a directory of
 * profiles hides none of the others. */
int cmd_devices_run(const devices_options *o, json_t **json)
{
    gr_search_path sp;
    gr_profile_list list;
    gr_error err;
    cli_search_path(&sp, o->profiles);
    if (!gr_profile_list_all(&sp, &list, &err))
        return cli_fail("%s", err.text);
    int rc = list.count || list.failure_count ? print_list(&list, o->json, json) : fail_no_profiles(&sp);
    if (rc == EXIT_OK)
        rc = cli_report_unloaded(&list);
    gr_profile_list_free(&list);
    return rc;
}

int cmd_devices(int argc, char **argv)
{
    devices_options o = {0};
    int rc = cli_parse_options(&spec, argc, argv, &o);
    return rc == EXIT_OK ? cmd_devices_run(&o, NULL) : cli_parse_stopped(rc);
}
