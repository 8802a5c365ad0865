/* gpuroof profile show: every figure of one device profile; profile
 * detect, in cmd_profile_detect.c, writes one for the local GPU. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "commands.h"
#include "output.h"
#include "gpuroof_profile.h"
#include "profile_json.h"
#include "profile_levels.h"

static const char usage[] =
    "Usage: gpuroof profile show NAME|FILE [--results FILE] [--profiles DIR] [--json]\n"
    "       gpuroof profile detect [-o FILE] [--profiles DIR]\n"
    "\n"
    "show prints every figure of one device profile.  detect writes a profile of the\n"
    "local GPU from cudaGetDeviceProperties, with its ceilings measured, and says where\n"
    "it differs from the shipped profile of the same GPU.  show --results adds the\n"
    "memory levels a results file measured (latency and bandwidth, each against DRAM)\n"
    "and holds the seed notes' claims about shared memory against them.\n";

static const cli_option options[] = {
    CLI_OPT_PATH(profile_options, output, .name = "output", .short_name = 'o', .arg = "FILE",
                 .help = "detect: write the profile to FILE (default: standard output)"),
    CLI_OPTION_PROFILES(profile_options),
    CLI_OPT_PATH(profile_options, results, .name = "results", .arg = "FILE",
                 .help = "show: the memory levels FILE measured, against DRAM, and the seed notes' claims"),
    CLI_OPT_FLAG(profile_options, json, .name = "json", .help = "show: print one JSON object"),
};

static const cli_spec spec = {"profile", usage, NULL, options, sizeof options / sizeof options[0], NULL};

/* The subcommand and its operands. */
int cmd_profile_parse(int argc, char **argv, profile_options *o)
{
    int operand, rc = cli_parse(&spec, argc, argv, o, &operand);
    if (rc != EXIT_OK)
        return rc;
    if (operand >= argc)
        return cli_usage_error("profile", "give a subcommand: show NAME");
    o->detect = strcmp(argv[operand], "detect") == 0;
    if (o->detect && operand + 1 < argc)
        return cli_usage_error("profile", "detect takes no argument, not '%s'", argv[operand + 1]);
    if (!o->detect && strcmp(argv[operand], "show") != 0)
        return cli_usage_error("profile", "unknown subcommand '%s'", argv[operand]);
    if (!o->detect && operand + 2 != argc)
        return cli_usage_error("profile", "show takes one profile NAME or FILE");
    /* An option of the other subcommand would otherwise be dropped unread. */
    if (o->detect && o->json)
        return cli_usage_error("profile", "detect writes a YAML profile and takes no --json");
    if (o->detect && o->results)
        return cli_usage_error("profile", "detect measures the GPU itself and takes no --results");
    if (!o->detect && o->output)
        return cli_usage_error("profile", "show prints to standard output and takes no -o");
    o->name = o->detect ? NULL : argv[operand + 1];
    return EXIT_OK;
}

/* A DRAM size as its datasheet gives it: whole GB (10^9, as the HBM
 * parts of Hopper are sold) or whole GiB, whichever the profile's figure is
 * exact in; otherwise GiB to four digits, with the bytes. */
static void print_memory_size(int64_t bytes)
{
    const int64_t gb = INT64_C(1000000000), gib = INT64_C(1) << 30;
    if (bytes % gb == 0)
        printf("%lld GB", (long long)(bytes / gb));
    else if (bytes % gib == 0)
        printf("%lld GiB", (long long)(bytes / gib));
    else
        printf("%s GiB (%lld B)", OUT_NUM((double)bytes / (double)gib), (long long)bytes);
}

/* The latencies the ncu limits take, in cycles at their clock and in ns,
 * and the launch floor; "unknown" for what the profile leaves out. */
static void print_latency(const gr_profile *p)
{
    const double cycles[] = {p->latency_l1_cycles, p->latency_l2_near_cycles, p->latency_l2_far_cycles,
                             p->latency_dram_cycles};
    const char *const levels[] = {"L1", "L2", "L2 far", "DRAM"};
    printf("  latency      ");
    if (!(p->latency_clock_mhz > 0))
        printf(" unknown (no published figure found, or none measured)");
    for (size_t i = 0; i < 4 && p->latency_clock_mhz > 0; i++)
        if (cycles[i] > 0)
            printf(" %s %s cycles (%s ns)%s", levels[i], OUT_NUM(cycles[i]),
                   OUT_NUM(cycles[i] / p->latency_clock_mhz * 1000), i < 3 ? "," : "");
    if (p->latency_clock_mhz > 0)
        printf(" at %s MHz", OUT_NUM(p->latency_clock_mhz));
    if (p->launch_floor_ns > 0)
        printf("\n  launch floor  %s ns (an empty kernel under Nsight Compute)\n", OUT_NUM(p->launch_floor_ns));
    else
        printf("\n  launch floor  unknown\n");
    if (p->launch_l2_bytes > 0)
        printf("  launch L2     %s B (an empty kernel's L2 traffic under Nsight Compute)\n", OUT_NUM(p->launch_l2_bytes));
}

static void print_profile(const gr_profile *p)
{
    gr_roofs roofs;
    gr_roofs_fill(p, NULL, NULL, &roofs);
    printf("%s (%s): %s, compute capability %d.%d\n", p->full_name, p->name, p->architecture,
           p->cc_major, p->cc_minor);
    printf("  from          %s\n", p->path);
    printf("  SMs           %d at %s MHz (the clock the peaks assume)\n", p->sm_count, OUT_NUM(p->clock_mhz));
    for (int i = 0; i < p->peak_count; i++)
        printf("  peak %-12s %s %s\n", p->peaks[i].precision, OUT_NUM(gr_roofs_peak_gflops(&roofs, p->peaks[i].precision)),
               gr_precision_unit(p->peaks[i].precision));
    printf("  DRAM          %s GB/s, ", OUT_NUM(gr_roofs_dram_gbs(&roofs)));
    print_memory_size(p->memory_bytes);
    printf("\n  L2            %s", OUT_BYTES(p->l2_bytes));
    if (roofs.bandwidth_gbs[GR_LEVEL_L2].source != GR_ROOF_NONE)
        printf(", %s GB/s", OUT_NUM(roofs.bandwidth_gbs[GR_LEVEL_L2].value));
    printf("\n");
    printf("  per SM        %d threads (%d warps), %d blocks, %d registers, %s shared memory\n",
           p->max_threads_sm, p->max_warps_sm, p->max_blocks_sm, p->regs_sm, OUT_BYTES(p->smem_sm_bytes));
    printf("  carveouts    ");
    for (int i = 0; i < p->carveout_count; i++)
        printf(" %d%s", p->carveouts_bytes[i] / 1024, i + 1 < p->carveout_count ? "," : " KiB\n");
    printf("  per block     %d threads, %d registers, %s shared memory (%s with opt-in), %d B reserved\n",
           p->max_threads_block, p->regs_block, OUT_BYTES(p->smem_block_bytes),
           OUT_BYTES(p->smem_block_optin_bytes), p->smem_block_reserved_bytes);
    printf("  per thread    %d registers at most\n", p->max_regs_thread);
    printf("  allocation    registers per warp in units of %d, %d sub-partitions; shared memory in units of %d B\n",
           p->reg_alloc_unit, p->reg_subpartitions, p->smem_alloc_unit);
    printf("  warp          %d threads\n", p->warp_size);
    printf("  banks         %d banks of %d bytes (%s)", p->bank_count, p->bank_width_bytes,
           gr_bank_scheme_name(p->bank_scheme));
    if (roofs.bandwidth_gbs[GR_LEVEL_SHARED].source != GR_ROOF_NONE)
        printf(", %s GB/s in all", OUT_NUM(roofs.bandwidth_gbs[GR_LEVEL_SHARED].value));
    printf("\n");
    print_latency(p);
    if (p->source[0])
        printf("  source        %s\n", p->source);
    if (p->has_measured)
        printf("  measured      DRAM %s GB/s, FP32 %s GFLOP/s, FP64 %s GFLOP/s\n", OUT_NUM(p->measured_bandwidth_gbs),
               OUT_NUM(p->measured_fp32_gflops), OUT_NUM(p->measured_fp64_gflops));
}

/* --results: the file's memory levels and the claims' verdicts. */
static bool load_levels(const char *path, gr_memory_levels *m)
{
    gr_results r;
    gr_error err;
    if (!gr_results_load(path, &r, &err))
        return cli_error("%s", err.text);
    gr_memory_levels_of(&r, m);
    gr_results_free(&r);
    return true;
}

int cmd_profile_run(const profile_options *o, json_t **json)
{
    gr_profile p;
    gr_memory_levels levels;
    if (o->detect)
        return cmd_profile_detect_run(o);
    if (!cli_load_device(o->profiles, o->name, &p))
        return EXIT_INPUT;
    if (o->results && !load_levels(o->results, &levels))
        return EXIT_INPUT;
    if (o->json) {
        json_t *j = profile_to_json(&p);
        if (o->results)
            profile_levels_json(j, o->results, &levels);
        return cli_put_json(j, json);
    }
    print_profile(&p);
    if (o->results)
        profile_levels_print(o->results, &levels);
    return EXIT_OK;
}

CLI_COMMAND_MAIN(cmd_profile, profile_options, cmd_profile_parse, cmd_profile_run)
