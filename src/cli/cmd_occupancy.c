/* gpuroof occupancy: full occupancy? If not, which resource limits it? */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "occupancy_output.h"

static const char usage[] =
    "Usage: gpuroof occupancy (--threads N | --block XxY[xZ]) --regs R [--smem BYTES]\n"
    "                         (or --model FILE [-D NAME=VALUE ...] for all three)\n"
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

#define FIELD(name) offsetof(occupancy_options, name)
static const cli_option options[] = {
    {.name = "threads", .arg = "N", .offset = FIELD(threads), .help = "threads per block"},
    {.name = "block", .arg = "XxY[xZ]", .offset = FIELD(block),
     .help = "the block shape instead (16x16 = 256 threads)"},
    {.name = "regs", .arg = "R", .offset = FIELD(regs),
     .help = "registers per thread (nvcc -Xptxas -v reports them)"},
    {.name = "smem", .arg = "BYTES", .offset = FIELD(smem),
     .help = "shared memory per block, static + dynamic (default 0)"},
    {.name = "model", .arg = "FILE", .offset = FIELD(model),
     .help = "take them from a kernel model (the options above override)"},
    CLI_OPTION_DEFINE(occupancy_options, "set a parameter of the model"),
    {.name = "device", .arg = "NAME|FILE", .offset = FIELD(device),
     .help = "follow that GPU's hardware rules exactly (gpuroof devices)"},
    {.name = "carveout", .arg = "BYTES|P%", .offset = FIELD(carveout),
     .help = "the shared-memory carveout (default: the driver's choice)"},
    {.name = "max-threads-sm", .arg = "N", .offset = FIELD(max_threads_sm),
     .help = "textbook limits instead of a device: threads per SM"},
    {.name = "max-blocks-sm", .arg = "N", .offset = FIELD(max_blocks_sm), .help = "blocks per SM"},
    {.name = "regs-sm", .arg = "N", .offset = FIELD(regs_sm), .help = "registers per SM"},
    {.name = "smem-sm", .arg = "BYTES", .offset = FIELD(smem_sm), .help = "shared memory per SM"},
    {.name = "max-threads-block", .arg = "N", .offset = FIELD(max_threads_block),
     .help = "threads per block (default: no limit)"},
    {.name = "reg-unit", .arg = "N", .offset = FIELD(reg_unit),
     .help = "registers are allocated per warp in units of N"},
    {.name = "smem-unit", .arg = "BYTES", .offset = FIELD(smem_unit),
     .help = "shared memory is allocated in units of BYTES"},
    {.name = "smem-reserved", .arg = "BYTES", .offset = FIELD(smem_reserved),
     .help = "shared memory the system reserves per block"},
    {.name = "sweep", .arg = "AXIS", .offset = FIELD(sweep),
     .help = "the occupancy curve along threads, regs or smem"},
    {.name = "suggest", .offset = FIELD(suggest),
     .help = "the block size with the highest occupancy, chosen as cudaOccupancyMaxPotentialBlockSize chooses it"},
    {.name = "target-blocks", .arg = "N", .offset = FIELD(target_blocks),
     .help = "the largest dynamic shared memory per block that keeps N blocks resident (--smem is then the "
             "static part)"},
    CLI_OPTION_PROFILES(occupancy_options),
    CLI_OPTION_JSON(occupancy_options),
};
#undef FIELD

const cli_spec occupancy_spec = {"occupancy", usage, notes, options, sizeof options / sizeof options[0]};

static bool any_textbook_option(const occupancy_options *o)
{
    return o->max_threads_sm || o->max_blocks_sm || o->regs_sm || o->smem_sm || o->max_threads_block ||
           o->reg_unit || o->smem_unit || o->smem_reserved;
}

/* The option that gives what --sweep varies. */
static const char *swept_option(const occupancy_options *o, gr_sweep_axis axis)
{
    if (axis == GR_SWEEP_THREADS)
        return o->threads ? o->threads : o->block;
    return axis == GR_SWEEP_REGS ? o->regs : o->smem;
}

static int check_launch(const occupancy_options *o, gr_sweep_axis axis)
{
    if (o->threads && o->block)
        return cli_usage_error("occupancy", "give --threads or --block, not both");
    bool threads_varied = o->suggest || (o->sweep && axis == GR_SWEEP_THREADS);
    if (!o->threads && !o->block && !threads_varied && !o->model)
        return cli_usage_error("occupancy", "give --threads N or --block XxY");
    if (!o->regs && !(o->sweep && axis == GR_SWEEP_REGS) && !o->model)
        return cli_usage_error("occupancy", "give --regs R (registers per thread)");
    if (o->defines.count && !o->model)
        return cli_usage_error("occupancy", "-D needs --model");
    return EXIT_OK;
}

static int check_combination(const occupancy_options *o)
{
    gr_sweep_axis axis = GR_SWEEP_THREADS;
    int rc;
    if (o->sweep && !gr_sweep_axis_parse(o->sweep, &axis))
        return cli_usage_error("occupancy", "--sweep takes threads, regs or smem, not '%s'", o->sweep);
    if ((rc = check_launch(o, axis)) != EXIT_OK)
        return rc;
    if (o->device && any_textbook_option(o))
        return cli_usage_error("occupancy", "give --device or explicit limits, not both");
    if (!o->device && !(o->max_threads_sm && o->max_blocks_sm && o->regs_sm && o->smem_sm))
        return cli_usage_error("occupancy", "give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm");
    if (o->carveout && !o->device)
        return cli_usage_error("occupancy", "--carveout needs --device");
    int modes = (o->sweep != NULL) + o->suggest + (o->target_blocks != NULL);
    if (modes > 1)
        return cli_usage_error("occupancy", "give at most one of --sweep, --suggest and --target-blocks");
    if (o->sweep && swept_option(o, axis))
        return cli_usage_error("occupancy", "--sweep %s varies that resource: leave out its option", o->sweep);
    if (o->suggest && (o->threads || o->block))
        return cli_usage_error("occupancy", "--suggest chooses the block size: leave out --threads and --block");
    return EXIT_OK;
}

static int parse(int argc, char **argv, occupancy_options *o)
{
    int rc = cli_parse_options(&occupancy_spec, argc, argv, o);
    if (rc != EXIT_OK)
        return rc;
    return check_combination(o);
}

/* "16x16x4": each dimension within CUDA's maxThreadsDim (1024, 1024, 64). */
static bool parse_block(const char *text, int *threads)
{
    const int64_t max_dim[3] = {1024, 1024, 64};
    int64_t product = 1;
    int dims = 0;
    for (const char *part = text;; dims++) {
        size_t len = strcspn(part, "x");
        char dim[64];
        int64_t n;
        if (dims == 3 || len == 0 || len >= sizeof dim)
            return cli_error("--block '%s': expected X, XxY or XxYxZ, such as 16x16", text);
        snprintf(dim, sizeof dim, "%.*s", (int)len, part);
        if (!cli_int_as("--block", text, dim, CLI_COUNT, 1, max_dim[dims], &n))
            return false;
        product *= n;
        if (part[len] == '\0')
            break;
        part += len + 1;
    }
    *threads = (int)product; /* at most 1024 x 1024 x 64 */
    return true;
}

/* The model's block size, registers and shared memory, where the options
 * do not give them. */
static bool take_model(const occupancy_options *o, const gr_model *m, occ_inputs *in)
{
    if (m->threads_per_block > 1 << 20)
        return cli_error("%s: %lld threads per block", o->model, (long long)m->threads_per_block);
    if (!o->regs && !m->has_registers)
        return cli_error("%s gives no registers per thread: add --regs R", o->model);
    in->launch = (gr_launch){(int)m->threads_per_block, m->registers, m->shared_bytes_per_block};
    in->has_threads = in->has_regs = true;
    return true;
}

static bool read_model(const occupancy_options *o, occ_inputs *in)
{
    gr_model *m = cli_new_model(o->model, &o->defines);
    bool ok = m && take_model(o, m, in);
    free(m);
    return ok;
}

static bool read_launch(const occupancy_options *o, occ_inputs *in)
{
    int64_t n = 0;
    gr_launch *l = &in->launch;
    if (o->model && !read_model(o, in))
        return false;
    if (o->threads) {
        if (!cli_int("--threads", o->threads, CLI_COUNT, 0, 1 << 20, &n))
            return false;
        l->threads_per_block = (int)n;
    } else if (o->block && !parse_block(o->block, &l->threads_per_block)) {
        return false;
    }
    in->block_shape = o->block;
    in->has_threads = in->has_threads || o->threads || o->block;
    in->has_regs = in->has_regs || o->regs;
    if (o->regs) {
        if (!cli_int("--regs", o->regs, CLI_COUNT, 0, 1 << 20, &n))
            return false;
        l->regs_per_thread = (int)n;
    }
    if (o->smem) {
        if (!cli_int("--smem", o->smem, CLI_BYTES, 0, INT64_C(1) << 40, &n))
            return false;
        l->smem_per_block_bytes = n;
    }
    return true;
}

/* "50%": a share of the largest carveout, as cudaFuncAttributePreferred-
 * SharedMemoryCarveout takes it; otherwise bytes. */
static bool read_carveout(const char *text, const gr_profile *p, int64_t *bytes)
{
    size_t len = strlen(text);
    if (len > 0 && text[len - 1] == '%') {
        char number[64];
        int64_t percent;
        snprintf(number, sizeof number, "%.*s", (int)(len - 1), text);
        if (!cli_int_as("--carveout", text, number, CLI_PLAIN, 0, 100, &percent))
            return false;
        *bytes = gr_carveout_from_percent(p, (int)percent);
        return true;
    }
    return cli_int("--carveout", text, CLI_BYTES, 0, INT64_C(1) << 40, bytes);
}

static bool read_device_limits(const occupancy_options *o, occ_inputs *in)
{
    if (!cli_load_device(o->profiles, o->device, &in->device))
        return false;
    in->has_device = true;
    int64_t carveout = -1;
    in->default_carveout = o->carveout == NULL;
    if (!in->default_carveout && !read_carveout(o->carveout, &in->device, &carveout))
        return false;
    gr_error err;
    if (!gr_limits_from_profile(&in->device, carveout, &in->limits, &err))
        return cli_error("%s", err.text);
    return true;
}

static bool read_textbook_limits(const occupancy_options *o, occ_inputs *in)
{
    int64_t threads_sm = 0, blocks_sm = 0, regs_sm = 0, smem_sm = 0, threads_block = 0, reg_unit = 0,
            smem_unit = 0, smem_reserved = 0;
    const struct { const char *option, *text; bool bytes; int64_t min, max, *out; } fields[] = {
        {"--max-threads-sm", o->max_threads_sm, false, 1, 1 << 16, &threads_sm},
        {"--max-blocks-sm", o->max_blocks_sm, false, 1, 1 << 16, &blocks_sm},
        {"--regs-sm", o->regs_sm, false, 1, INT64_C(1) << 30, &regs_sm},
        {"--smem-sm", o->smem_sm, true, 0, INT64_C(1) << 40, &smem_sm},
        {"--max-threads-block", o->max_threads_block, false, 1, 1 << 16, &threads_block},
        {"--reg-unit", o->reg_unit, false, 1, 1 << 16, &reg_unit},
        {"--smem-unit", o->smem_unit, true, 1, 1 << 20, &smem_unit},
        {"--smem-reserved", o->smem_reserved, true, 0, 1 << 20, &smem_reserved},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (fields[i].text && !cli_int(fields[i].option, fields[i].text, fields[i].bytes ? CLI_BYTES : CLI_COUNT,
                                       fields[i].min, fields[i].max, fields[i].out))
            return false;
    if (threads_sm % 32 != 0) /* an SM holds whole warps */
        return cli_error("--max-threads-sm '%s': must be a multiple of the warp size, 32", o->max_threads_sm);
    in->limits = (gr_sm_limits){
        .warp_size = 32,
        .max_threads_sm = (int)threads_sm,
        .max_blocks_sm = (int)blocks_sm,
        .regs_sm = regs_sm,
        .smem_sm_bytes = smem_sm,
        .max_threads_block = (int)threads_block,
        .reg_alloc_unit = (int)reg_unit,
        .reg_subpartitions = 1,
        .smem_alloc_unit = (int)smem_unit,
        .smem_reserved_bytes = (int)smem_reserved,
    };
    return true;
}

static int run_target(const occupancy_options *o, occ_inputs *in, json_t **json)
{
    int64_t target;
    if (!cli_int("--target-blocks", o->target_blocks, CLI_COUNT, 1, 1 << 16, &target))
        return EXIT_INPUT;
    gr_smem_target t;
    gr_error err;
    if (!gr_occupancy_max_smem(&in->limits, &in->launch, (int)target, &t, &err))
        return cli_fail("%s", err.text);
    if (!o->json) {
        occ_print_target_text(in, (int)target, &t);
        return EXIT_OK;
    }
    json_t *j = json_object();
    occ_add_target_json(j, (int)target, &t);
    return cli_put_json(j, json);
}

static int run_suggest(const occupancy_options *o, occ_inputs *in, json_t **json)
{
    gr_suggestion s;
    gr_error err;
    if (!gr_occupancy_suggest(&in->limits, &in->launch, &s, &err))
        return cli_fail("%s", err.text);
    if (!o->json) {
        occ_print_suggestion_text(in, &s);
        return EXIT_OK;
    }
    json_t *j = json_object();
    occ_add_suggestion_json(j, in, &s);
    return cli_put_json(j, json);
}

static int run_sweep(const occupancy_options *o, occ_inputs *in, json_t **json)
{
    gr_sweep_axis axis;
    gr_sweep s;
    gr_error err;
    gr_sweep_axis_parse(o->sweep, &axis);
    if (!gr_occupancy_sweep(&in->limits, &in->launch, axis, &s, &err))
        return cli_fail("%s", err.text);
    int rc = EXIT_OK;
    if (o->json)
        rc = cli_put_json(occ_sweep_json(&s), json);
    else
        occ_print_sweep_text(in, &s);
    gr_sweep_free(&s);
    return rc;
}

static int run_one(const occupancy_options *o, occ_inputs *in, json_t **json)
{
    gr_occupancy occ;
    gr_error err;
    if (!gr_occupancy_compute(&in->limits, &in->launch, &occ, &err))
        return cli_fail("%s", err.text);
    if (o->json)
        return cli_put_json(occ_json(in, &occ), json);
    occ_print_text(in, &occ);
    return EXIT_OK;
}

int cmd_occupancy_run(const occupancy_options *o, json_t **json)
{
    occ_inputs in = {0};
    if (!read_launch(o, &in) || !(o->device ? read_device_limits(o, &in) : read_textbook_limits(o, &in)))
        return EXIT_INPUT;
    if (o->target_blocks)
        return run_target(o, &in, json);
    if (o->suggest)
        return run_suggest(o, &in, json);
    if (o->sweep)
        return run_sweep(o, &in, json);
    return run_one(o, &in, json);
}

int cmd_occupancy(int argc, char **argv)
{
    occupancy_options o = {0};
    int rc = parse(argc, argv, &o);
    return rc == EXIT_OK ? cmd_occupancy_run(&o, NULL) : cli_parse_stopped(rc);
}
