/* gpuroof occupancy: full occupancy? If not, which resource limits it? */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "occupancy_from.h"
#include "occupancy_launch.h"
#include "occupancy_output.h"

static const char usage[] =
    "Usage: gpuroof occupancy (--threads N | --block XxY[xZ]) --regs R [--smem BYTES]\n"
    "                         (or --model FILE [-D NAME=VALUE ...] for all three)\n"
    "                         (or --from FILE --kernel PATTERN [--glob] [--arch sm_XX] for\n"
    "                          the registers and static shared memory, and the block size\n"
    "                          of its __launch_bounds__ or else the suggested one)\n"
    "                         (--device NAME [--carveout BYTES|P%] |\n"
    "                          --max-threads-sm N --max-blocks-sm N --regs-sm N --smem-sm BYTES\n"
    "                          [--max-threads-block N] [--reg-unit N] [--smem-unit BYTES]\n"
    "                          [--smem-reserved BYTES])\n"
    "                         [--sweep threads|regs|smem] [--suggest] [--target-blocks N]\n"
    "                         [--profiles DIR] [--json]\n"
    "\n"
    "How many blocks of a kernel an SM holds at once, and which resource limits it.\n"
    "The textbook limits (--max-threads-sm ... --smem-reserved) stand for a device:\n"
    "then no allocation granularity and no reserved memory unless --reg-unit,\n"
    "--smem-unit and --smem-reserved add them.\n";

static const char notes[] =
    CLI_NUMBERS_NOTE
    "Example (PMPP exercise 12a): gpuroof occupancy --threads 64 --regs 27 --smem 4K \\\n"
    "    --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K\n";

#define T occupancy_options
static const char *const sweeps[] = {"threads", "regs", "smem", NULL}; /* gr_sweep_axis's order */
static const cli_option options[] = {
    OCC_LAUNCH_OPTIONS(T, ""),
    CLI_OPT_STRING(T, model, .name = "model", .arg = "FILE",
                   .help = "take them from a kernel model (the options above override)"),
    CLI_OPT_PATH(T, from, .name = "from", .arg = "FILE",
                 .help = "take the registers and static shared memory of a compiled kernel (anything gpuroof kernels "
                         "reads); --smem then adds dynamic shared memory"),
    CLI_OPT_STRING(T, kernel, .name = "kernel", .arg = "PATTERN",
                   .help = "with --from: the kernel, by its mangled name, its name in either spelling (pasted from "
                           "Nsight Compute or the demangler), a glob or a part of it"),
    CLI_OPT_FLAG(T, glob, .name = "glob", .help = "with --kernel: PATTERN is a glob, even a pasted signature with * in it"),
    CLI_OPT_STRING(T, arch, .name = "arch", .arg = "sm_XX",
                   .help = "with --from: the architecture's code (default: the one --device runs)"),
    CLI_OPTION_DEFINE(T, "set a parameter of the model"),
    CLI_OPT_STRING(T, device, .name = "device", .arg = "NAME|FILE",
                   .help = "follow that GPU's hardware rules exactly (gpuroof devices)"),
    OCC_SM_OPTIONS(T, ""),
    CLI_OPT_CHOICE(T, sweep, sweeps, .name = "sweep", .arg = "AXIS",
                   .help = "the occupancy curve along threads, regs or smem"),
    CLI_OPT_FLAG(T, suggest, .name = "suggest",
                 .help = "the block size with the highest occupancy, chosen as cudaOccupancyMaxPotentialBlockSize "
                         "chooses it"),
    CLI_OPT_INT(T, target_blocks, CLI_COUNT, 1, 1 << 16, .name = "target-blocks", .arg = "N",
                .help = "the largest dynamic shared memory per block that keeps N blocks resident (--smem is then "
                        "the static part)"),
    CLI_OPTION_PROFILES(T),
    CLI_OPTION_JSON(T),
};
#undef T

static const cli_group groups[] = {
    OCC_GROUPS("device"),
    {CLI_NEEDS, "kernel from", NULL},
    {CLI_NEEDS, "arch from", NULL},
    {CLI_NEEDS, "glob kernel", NULL},
    {CLI_NEEDS, "from kernel", "gpuroof kernels FILE lists them"},
    {CLI_EXCLUSIVE, "from regs/model", "--from gives the registers"},
    {CLI_NEEDS, "define model", NULL},
    {CLI_EXCLUSIVE, "sweep suggest target-blocks", NULL},
    {CLI_EXCLUSIVE, "suggest threads/block", "--suggest chooses the block size"},
    {0},
};

static const cli_spec occupancy_spec = {"occupancy", usage, notes, options, sizeof options / sizeof options[0],
                                        groups};

/* The option that gives what --sweep varies. */
static const char *swept_option(const occupancy_options *o, gr_sweep_axis axis)
{
    if (axis == GR_SWEEP_THREADS)
        return o->launch.threads.given ? "--threads" : o->launch.block.given ? "--block" : NULL;
    if (axis == GR_SWEEP_REGS)
        return o->launch.regs.given ? "--regs" : NULL;
    return o->launch.smem.given ? "--smem" : NULL;
}

static int check_launch(const occupancy_options *o, gr_sweep_axis axis)
{
    bool threads_varied = o->suggest || (o->sweep.given && axis == GR_SWEEP_THREADS);
    if (!o->launch.threads.given && !o->launch.block.given && !threads_varied && !o->model && !o->from)
        return cli_usage_error("occupancy", "give --threads N or --block XxY");
    if (!o->launch.regs.given && !(o->sweep.given && axis == GR_SWEEP_REGS) && !o->model && !o->from)
        return cli_usage_error("occupancy", "give --regs R (registers per thread)");
    return EXIT_OK;
}

static int check_combination(const occupancy_options *o)
{
    gr_sweep_axis axis = (gr_sweep_axis)o->sweep.index;
    int rc;
    if ((rc = check_launch(o, axis)) != EXIT_OK)
        return rc;
    if ((rc = occ_check_options("occupancy", &o->launch, o->device != NULL)) != EXIT_OK)
        return rc;
    if (o->sweep.given && swept_option(o, axis))
        return cli_usage_error("occupancy", "--sweep %s varies that resource: leave out its option", sweeps[axis]);
    return EXIT_OK;
}

int cmd_occupancy_parse(int argc, char **argv, occupancy_options *o)
{
    int rc = cli_parse_options(&occupancy_spec, argc, argv, o);
    if (rc != EXIT_OK)
        return rc;
    return check_combination(o);
}

/* The model's block size, registers and shared memory, where the options
 * do not give them. */
static bool take_model(const occupancy_options *o, const gr_model *m, occ_inputs *in)
{
    if (m->threads_per_block > GR_MODEL_MAX_BLOCK_THREADS) /* the reader refuses it: kept where it is narrowed */
        return cli_error("%s: %lld threads per block", o->model, (long long)m->threads_per_block);
    if (!o->launch.regs.given && !m->has_registers)
        return cli_error("%s gives no registers per thread: add --regs R", o->model);
    in->launch = (gr_launch){(int)m->threads_per_block, m->registers, m->shared_bytes_per_block};
    in->has_threads = in->has_regs = true;
    return true;
}

static bool read_model(const occupancy_options *o, occ_inputs *in)
{
    gr_model *m = cli_new_model(o->model, &o->defines);
    bool ok = m && take_model(o, m, in);
    cli_free_model(m);
    return ok;
}

void occ_result_one(const occ_inputs *in, const gr_occupancy *o, occ_result *r)
{
    r->in = in;
    r->mode = OCC_ONE;
    r->occ = *o;
    gr_occupancy_explain(&in->limits, &in->launch, o, &r->why);
    /* before sm_70 there is no carveout: the split is the cache configuration's */
    r->has_default_carveout =
        in->has_device && in->default_carveout && in->limits.smem_config == GR_SMEM_CARVEOUT;
    if (r->has_default_carveout)
        r->default_carveout_bytes = gr_default_carveout(&in->device, &in->limits, &in->launch);
}

static bool compute_target(const occupancy_options *o, const occ_inputs *in, occ_result *r)
{
    gr_error err;
    if (!gr_occupancy_target_compute(&in->limits, &in->launch, (int)o->target_blocks.value, &r->target, &err))
        return cli_error("%s", err.text);
    return true;
}

static bool compute_suggestion(const occ_inputs *in, occ_result *r)
{
    gr_error err;
    if (!gr_occupancy_suggest(&in->limits, &in->launch, &r->suggestion, &err))
        return cli_error("%s", err.text);
    if (in->has_device)
        r->min_grid_blocks = (int64_t)r->suggestion.blocks_per_sm * in->device.sm_count;
    return true;
}

static bool compute(const occupancy_options *o, const occ_inputs *in, occ_result *r)
{
    gr_error err;
    gr_sweep_axis axis = (gr_sweep_axis)o->sweep.index;
    r->in = in;
    r->mode = o->target_blocks.given ? OCC_TARGET : o->suggest ? OCC_SUGGEST : o->sweep.given ? OCC_SWEEP : OCC_ONE;
    if (r->mode == OCC_TARGET)
        return compute_target(o, in, r);
    if (r->mode == OCC_SUGGEST)
        return compute_suggestion(in, r);
    if (r->mode == OCC_SWEEP) {
        return gr_occupancy_sweep(&in->limits, &in->launch, axis, &r->sweep, &err) || cli_error("%s", err.text);
    }
    gr_occupancy occ;
    if (!gr_occupancy_compute(&in->limits, &in->launch, &occ, &err))
        return cli_error("%s", err.text);
    occ_result_one(in, &occ, r);
    return true;
}

int cmd_occupancy_run(const occupancy_options *o, json_t **json)
{
    occ_inputs in = {0};
    bool choose_block = !o->suggest && !(o->sweep.given && o->sweep.index == GR_SWEEP_THREADS);
    if ((o->model && !read_model(o, &in)) || !occ_read_launch(&o->launch, &in) ||
        !occ_read_sm(&o->launch, o->profiles, o->device, &in) ||
        (o->from && !occ_read_from(o, choose_block, &in)))
        return EXIT_INPUT;
    occ_result r = {0};
    if (!compute(o, &in, &r))
        return EXIT_INPUT;
    int rc = EXIT_OK;
    if (o->json)
        rc = cli_put_json(occ_result_json(&r), json);
    else
        occ_print_result_text(&r);
    if (r.mode == OCC_SWEEP)
        gr_sweep_free(&r.sweep);
    return rc;
}

CLI_COMMAND_MAIN(cmd_occupancy, occupancy_options, cmd_occupancy_parse, cmd_occupancy_run)
