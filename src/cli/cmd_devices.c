/* gpuroof devices and gpuroof profile show: what the profiles say. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "profile_json.h"

static const char devices_help[] =
    "Usage: gpuroof devices [--profiles DIR] [--json]\n"
    "\n"
    "Lists the device profiles on the search path (--profiles DIR, $GPUROOF_PROFILES,\n"
    "then the installed profiles) with their key figures.\n";

static const char profile_help[] =
    "Usage: gpuroof profile show NAME|FILE [--profiles DIR] [--json]\n"
    "       gpuroof profile detect [-o FILE] [--profiles DIR]\n"
    "\n"
    "show prints every figure of one device profile.  detect writes a profile of the\n"
    "local GPU from cudaGetDeviceProperties, with its ceilings measured, and says where\n"
    "it differs from the shipped profile of the same GPU.\n";

typedef struct {
    const char *profiles, *output;
    bool json;
} list_options;

static int parse(const char *cmd, const char *help, int argc, char **argv, list_options *o)
{
    static const struct option longopts[] = {
        {"profiles", required_argument, NULL, 'D'}, {"json", no_argument, NULL, 'j'},
        {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    int c;
    while ((c = cli_getopt(argc, argv, strcmp(cmd, "profile") == 0 ? "o:" : "", longopts)) != -1) {
        if (c == 'h')
            return cli_show_help(help);
        if (c == 'j')
            o->json = true;
        else if (c == 'D')
            o->profiles = optarg;
        else if (c == 'o' && strcmp(cmd, "profile") == 0)
            o->output = optarg;
        else
            return cli_bad_option(cmd, argv, c);
    }
    return EXIT_OK;
}

static void print_device_row(const gr_profile *p)
{
    char fp32[32], fp64[32], bw[32], ridge[32], l2[32];
    const gr_peak *peak32 = gr_profile_peak(p, "fp32");
    printf("%-10s %-28s sm_%d%d %4d %9s %9s %7s %7s %5s MiB %4d KiB\n", p->name, p->full_name,
           p->cc_major, p->cc_minor, p->sm_count, cli_num(fp32, peak32->gflops),
           cli_num(fp64, gr_profile_peak(p, "fp64")->gflops), cli_num(bw, p->bandwidth_gbs),
           cli_num(ridge, peak32->gflops / p->bandwidth_gbs), cli_num(l2, p->l2_bytes / 1048576.0),
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

int cmd_devices(int argc, char **argv)
{
    list_options o = {0};
    bool go_on;
    int rc = cli_parsed(parse("devices", devices_help, argc, argv, &o), &go_on);
    if (!go_on)
        return rc;
    if (optind < argc)
        return cli_usage_error("devices", "unexpected argument '%s'", argv[optind]);
    gr_search_path sp;
    gr_profile_list list;
    gr_error err;
    cli_search_path(&sp, o.profiles);
    if (!gr_profile_list_all(&sp, &list, &err))
        return cli_fail("%s", err.text);
    if (list.count == 0) {
        gr_profile_list_free(&list);
        return fail_no_profiles(&sp);
    }
    if (o.json) {
        json_t *arr = json_array();
        for (size_t i = 0; i < list.count; i++)
            json_array_append_new(arr, profile_summary_json(&list.items[i]));
        gr_profile_list_free(&list);
        json_t *j = json_object();
        json_object_set_new(j, "devices", arr);
        return cli_print_json(j);
    }
    printf("%-10s %-28s %-5s %4s %9s %9s %7s %7s %9s %8s\n", "name", "device", "cc", "SMs",
           "FP32", "FP64", "DRAM", "ridge", "L2", "smem/SM");
    printf("%-10s %-28s %-5s %4s %9s %9s %7s %7s\n", "", "", "", "", "GFLOP/s", "GFLOP/s",
           "GB/s", "FLOP/B");
    for (size_t i = 0; i < list.count; i++)
        print_device_row(&list.items[i]);
    gr_profile_list_free(&list);
    return EXIT_OK;
}

static void print_profile(const gr_profile *p)
{
    char a[48], b[48], c[48];
    printf("%s (%s): %s, compute capability %d.%d\n", p->full_name, p->name, p->architecture,
           p->cc_major, p->cc_minor);
    printf("  from          %s\n", p->path);
    printf("  SMs           %d at %s MHz (the clock the peaks assume)\n", p->sm_count, cli_num(a, p->clock_mhz));
    for (int i = 0; i < p->peak_count; i++)
        printf("  peak %-12s %s GFLOP/s\n", p->peaks[i].precision, cli_num(a, p->peaks[i].gflops));
    printf("  DRAM          %s GB/s, %s\n", cli_num(a, p->bandwidth_gbs), cli_bytes(b, p->memory_bytes));
    printf("  L2            %s\n", cli_bytes(b, p->l2_bytes));
    printf("  per SM        %d threads (%d warps), %d blocks, %d registers, %s shared memory\n",
           p->max_threads_sm, p->max_warps_sm, p->max_blocks_sm, p->regs_sm, cli_bytes(b, p->smem_sm_bytes));
    printf("  carveouts    ");
    for (int i = 0; i < p->carveout_count; i++)
        printf(" %d%s", p->carveouts_bytes[i] / 1024, i + 1 < p->carveout_count ? "," : " KiB\n");
    printf("  per block     %d threads, %d registers, %s shared memory (%s with opt-in), %d B reserved\n",
           p->max_threads_block, p->regs_block, cli_bytes(b, p->smem_block_bytes),
           cli_bytes(c, p->smem_block_optin_bytes), p->smem_block_reserved_bytes);
    printf("  per thread    %d registers at most\n", p->max_regs_thread);
    printf("  allocation    registers per warp in units of %d, %d sub-partitions; shared memory in units of %d B\n",
           p->reg_alloc_unit, p->reg_subpartitions, p->smem_alloc_unit);
    printf("  warp          %d threads\n", p->warp_size);
    printf("  banks         %d banks of %d bytes (%s)\n", p->bank_count, p->bank_width_bytes,
           gr_bank_scheme_name(p->bank_scheme));
    if (p->source[0])
        printf("  source        %s\n", p->source);
    if (p->has_measured)
        printf("  measured      DRAM %s GB/s, FP32 %s GFLOP/s, FP64 %s GFLOP/s\n", cli_num(a, p->measured_bandwidth_gbs),
               cli_num(b, p->measured_fp32_gflops), cli_num(c, p->measured_fp64_gflops));
}

int cmd_profile(int argc, char **argv)
{
    list_options o = {0};
    bool go_on;
    int rc = cli_parsed(parse("profile", profile_help, argc, argv, &o), &go_on);
    if (!go_on)
        return rc;
    if (optind >= argc)
        return cli_usage_error("profile", "give a subcommand: show NAME");
    if (strcmp(argv[optind], "detect") == 0)
        return profile_detect(o.profiles, o.output, argc - optind, argv + optind);
    if (strcmp(argv[optind], "show") != 0)
        return cli_usage_error("profile", "unknown subcommand '%s'", argv[optind]);
    if (optind + 2 != argc)
        return cli_usage_error("profile", "show takes one profile NAME or FILE");
    static gr_profile p;
    if (!cli_load_device(o.profiles, argv[optind + 1], &p))
        return EXIT_INPUT;
    if (o.json)
        return cli_print_json(profile_to_json(&p));
    print_profile(&p);
    return EXIT_OK;
}
