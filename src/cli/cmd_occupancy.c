/* gpuroof occupancy: full occupancy? If not, which resource limits it? */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "occupancy_output.h"

static const char help[] =
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
    "\n"
    "  --threads N          threads per block\n"
    "  --block XxY[xZ]      the block shape instead (16x16 = 256 threads)\n"
    "  --regs R             registers per thread (nvcc -Xptxas -v reports them)\n"
    "  --smem BYTES         shared memory per block, static + dynamic (default 0)\n"
    "  --model FILE         take them from a kernel model (the options above override)\n"
    "  -D NAME=VALUE        set a parameter of the model\n"
    "  --device NAME|FILE   follow that GPU's hardware rules exactly (gpuroof devices)\n"
    "  --carveout BYTES|P%  the shared-memory carveout (default: the driver's choice)\n"
    "  --max-threads-sm ... textbook limits instead of a device: no allocation granularity\n"
    "                       and no reserved memory unless --reg-unit, --smem-unit and\n"
    "                       --smem-reserved add them\n"
    "  --sweep AXIS         the occupancy curve along threads, regs or smem\n"
    "  --suggest            the block size with the highest occupancy, chosen as\n"
    "                       cudaOccupancyMaxPotentialBlockSize chooses it\n"
    "  --target-blocks N    the largest dynamic shared memory per block that keeps N\n"
    "                       blocks resident (--smem is then the static part)\n"
    "  --profiles DIR       look for profiles in DIR first\n"
    "  --json               print one JSON object\n"
    "\n"
    "Numbers accept arithmetic and byte sizes: --smem 4K, --smem '2*16KiB'.\n"
    "Example (PMPP exercise 12a): gpuroof occupancy --threads 64 --regs 27 --smem 4K \\\n"
    "    --max-threads-sm 2048 --max-blocks-sm 32 --regs-sm 64K --smem-sm 96K\n";

enum { OPT_THREADS = 1, OPT_BLOCK, OPT_REGS, OPT_SMEM, OPT_DEVICE, OPT_PROFILES, OPT_CARVEOUT,
       OPT_MAX_THREADS_SM, OPT_MAX_BLOCKS_SM, OPT_REGS_SM, OPT_SMEM_SM, OPT_MAX_THREADS_BLOCK,
       OPT_REG_UNIT, OPT_SMEM_UNIT, OPT_SMEM_RESERVED, OPT_SWEEP, OPT_TARGET, OPT_MODEL, OPT_COUNT };

typedef struct {
    const char *value[OPT_COUNT];
    cli_defines defines;
    bool suggest, json;
} occ_options;

static const struct option longopts[] = {
    {"threads", required_argument, NULL, OPT_THREADS}, {"block", required_argument, NULL, OPT_BLOCK},
    {"regs", required_argument, NULL, OPT_REGS}, {"smem", required_argument, NULL, OPT_SMEM},
    {"device", required_argument, NULL, OPT_DEVICE}, {"profiles", required_argument, NULL, OPT_PROFILES},
    {"carveout", required_argument, NULL, OPT_CARVEOUT},
    {"max-threads-sm", required_argument, NULL, OPT_MAX_THREADS_SM},
    {"max-blocks-sm", required_argument, NULL, OPT_MAX_BLOCKS_SM},
    {"regs-sm", required_argument, NULL, OPT_REGS_SM}, {"smem-sm", required_argument, NULL, OPT_SMEM_SM},
    {"max-threads-block", required_argument, NULL, OPT_MAX_THREADS_BLOCK},
    {"reg-unit", required_argument, NULL, OPT_REG_UNIT}, {"smem-unit", required_argument, NULL, OPT_SMEM_UNIT},
    {"smem-reserved", required_argument, NULL, OPT_SMEM_RESERVED},
    {"sweep", required_argument, NULL, OPT_SWEEP}, {"target-blocks", required_argument, NULL, OPT_TARGET},
    {"model", required_argument, NULL, OPT_MODEL}, {"define", required_argument, NULL, 'D'},
    {"suggest", no_argument, NULL, 's'}, {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
};

static bool any_textbook_option(const occ_options *o)
{
    for (int i = OPT_MAX_THREADS_SM; i <= OPT_SMEM_RESERVED; i++)
        if (o->value[i])
            return true;
    return false;
}

static int check_combination(const occ_options *o)
{
    const char **v = (const char **)o->value;
    gr_sweep_axis axis = GR_SWEEP_THREADS;
    if (v[OPT_SWEEP] && !gr_sweep_axis_parse(v[OPT_SWEEP], &axis))
        return cli_usage_error("occupancy", "--sweep takes threads, regs or smem, not '%s'", v[OPT_SWEEP]);
    if (v[OPT_THREADS] && v[OPT_BLOCK])
        return cli_usage_error("occupancy", "give --threads or --block, not both");
    bool threads_varied = o->suggest || (v[OPT_SWEEP] && axis == GR_SWEEP_THREADS);
    if (!v[OPT_THREADS] && !v[OPT_BLOCK] && !threads_varied && !v[OPT_MODEL])
        return cli_usage_error("occupancy", "give --threads N or --block XxY");
    if (!v[OPT_REGS] && !(v[OPT_SWEEP] && axis == GR_SWEEP_REGS) && !v[OPT_MODEL])
        return cli_usage_error("occupancy", "give --regs R (registers per thread)");
    if (o->defines.count && !v[OPT_MODEL])
        return cli_usage_error("occupancy", "-D needs --model");
    if (v[OPT_DEVICE] && any_textbook_option(o))
        return cli_usage_error("occupancy", "give --device or explicit limits, not both");
    if (!v[OPT_DEVICE] && !(v[OPT_MAX_THREADS_SM] && v[OPT_MAX_BLOCKS_SM] && v[OPT_REGS_SM] && v[OPT_SMEM_SM]))
        return cli_usage_error("occupancy", "give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm");
    if (v[OPT_CARVEOUT] && !v[OPT_DEVICE])
        return cli_usage_error("occupancy", "--carveout needs --device");
    int modes = (v[OPT_SWEEP] != NULL) + o->suggest + (v[OPT_TARGET] != NULL);
    if (modes > 1)
        return cli_usage_error("occupancy", "give at most one of --sweep, --suggest and --target-blocks");
    static const int swept_option[] = {[GR_SWEEP_THREADS] = OPT_THREADS, [GR_SWEEP_REGS] = OPT_REGS,
                                       [GR_SWEEP_SMEM] = OPT_SMEM};
    if (v[OPT_SWEEP] && (v[swept_option[axis]] || (axis == GR_SWEEP_THREADS && v[OPT_BLOCK])))
        return cli_usage_error("occupancy", "--sweep %s varies that resource: leave out its option", v[OPT_SWEEP]);
    if (o->suggest && (v[OPT_THREADS] || v[OPT_BLOCK]))
        return cli_usage_error("occupancy", "--suggest chooses the block size: leave out --threads and --block");
    return EXIT_OK;
}

static int parse(int argc, char **argv, occ_options *o)
{
    int c, rc;
    while ((c = cli_getopt(argc, argv, "D:", longopts)) != -1) {
        if (c == 'h')
            return cli_show_help(help);
        if (c == 'D') {
            if ((rc = cli_add_define(&o->defines, "occupancy", optarg)) != EXIT_OK)
                return rc;
        } else if (c == 's')
            o->suggest = true;
        else if (c == 'j')
            o->json = true;
        else if (c > 0 && c < OPT_COUNT)
            o->value[c] = optarg;
        else
            return cli_bad_option("occupancy", argv, c);
    }
    if (optind < argc)
        return cli_usage_error("occupancy", "unexpected argument '%s'", argv[optind]);
    return check_combination(o);
}

static bool int_option(const occ_options *o, int which, bool bytes, int64_t min, int64_t max, int64_t *out)
{
    char flag[40] = "--?";
    for (const struct option *opt = longopts; opt->name; opt++)
        if (opt->val == which)
            snprintf(flag, sizeof flag, "--%s", opt->name);
    return cli_int(flag, o->value[which], bytes, min, max, out);
}

/* "16x16x4": each dimension within CUDA's maxThreadsDim (1024, 1024, 64). */
static bool parse_block(const char *text, int *threads)
{
    static const int64_t max_dim[3] = {1024, 1024, 64};
    int64_t product = 1;
    int dims = 0;
    for (const char *part = text;; dims++) {
        size_t len = strcspn(part, "x");
        char dim[64];
        int64_t n;
        if (dims == 3 || len == 0 || len >= sizeof dim) {
            cli_fail("--block '%s': expected X, XxY or XxYxZ, such as 16x16", text);
            return false;
        }
        snprintf(dim, sizeof dim, "%.*s", (int)len, part);
        if (!cli_int_as("--block", text, dim, false, 1, max_dim[dims], &n))
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
static bool read_model(const occ_options *o, occ_inputs *in)
{
    static gr_model m;
    if (!cli_load_model(o->value[OPT_MODEL], &o->defines, &m))
        return false;
    if (m.threads_per_block > 1 << 20) {
        cli_fail("%s: %lld threads per block", o->value[OPT_MODEL], (long long)m.threads_per_block);
        return false;
    }
    if (!o->value[OPT_REGS] && !m.has_registers) {
        cli_fail("%s gives no registers per thread: add --regs R", o->value[OPT_MODEL]);
        return false;
    }
    in->launch = (gr_launch){(int)m.threads_per_block, m.registers, m.shared_bytes_per_block};
    in->has_threads = in->has_regs = true;
    return true;
}

static bool read_launch(const occ_options *o, occ_inputs *in)
{
    int64_t n = 0;
    gr_launch *l = &in->launch;
    if (o->value[OPT_MODEL] && !read_model(o, in))
        return false;
    if (o->value[OPT_THREADS]) {
        if (!int_option(o, OPT_THREADS, false, 0, 1 << 20, &n))
            return false;
        l->threads_per_block = (int)n;
    } else if (o->value[OPT_BLOCK] && !parse_block(o->value[OPT_BLOCK], &l->threads_per_block)) {
        return false;
    }
    in->block_shape = o->value[OPT_BLOCK];
    in->has_threads = in->has_threads || o->value[OPT_THREADS] || o->value[OPT_BLOCK];
    in->has_regs = in->has_regs || o->value[OPT_REGS];
    if (o->value[OPT_REGS]) {
        if (!int_option(o, OPT_REGS, false, 0, 1 << 20, &n))
            return false;
        l->regs_per_thread = (int)n;
    }
    if (o->value[OPT_SMEM]) {
        if (!int_option(o, OPT_SMEM, true, 0, INT64_C(1) << 40, &n))
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
        if (!cli_int_as("--carveout", text, number, false, 0, 100, &percent))
            return false;
        *bytes = gr_carveout_from_percent(p, (int)percent);
        return true;
    }
    return cli_int("--carveout", text, true, 0, INT64_C(1) << 40, bytes);
}

static bool read_device_limits(const occ_options *o, occ_inputs *in)
{
    if (!cli_load_device(o->value[OPT_PROFILES], o->value[OPT_DEVICE], &in->device))
        return false;
    in->has_device = true;
    int64_t carveout = -1;
    in->default_carveout = o->value[OPT_CARVEOUT] == NULL;
    if (!in->default_carveout && !read_carveout(o->value[OPT_CARVEOUT], &in->device, &carveout))
        return false;
    gr_error err;
    if (!gr_limits_from_profile(&in->device, carveout, &in->limits, &err)) {
        cli_fail("%s", err.text);
        return false;
    }
    return true;
}

static bool read_textbook_limits(const occ_options *o, occ_inputs *in)
{
    gr_sm_limits *lim = &in->limits;
    int64_t v[OPT_COUNT] = {0};
    static const struct { int opt; bool bytes; int64_t min, max; } fields[] = {
        {OPT_MAX_THREADS_SM, false, 1, 1 << 16}, {OPT_MAX_BLOCKS_SM, false, 1, 1 << 16},
        {OPT_REGS_SM, false, 1, INT64_C(1) << 30}, {OPT_SMEM_SM, true, 0, INT64_C(1) << 40},
        {OPT_MAX_THREADS_BLOCK, false, 1, 1 << 16}, {OPT_REG_UNIT, false, 1, 1 << 16},
        {OPT_SMEM_UNIT, true, 1, 1 << 20}, {OPT_SMEM_RESERVED, true, 0, 1 << 20},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (o->value[fields[i].opt] &&
            !int_option(o, fields[i].opt, fields[i].bytes, fields[i].min, fields[i].max, &v[fields[i].opt]))
            return false;
    if (v[OPT_MAX_THREADS_SM] % 32 != 0) { /* an SM holds whole warps */
        cli_fail("--max-threads-sm '%s': must be a multiple of the warp size, 32", o->value[OPT_MAX_THREADS_SM]);
        return false;
    }
    *lim = (gr_sm_limits){
        .warp_size = 32,
        .max_threads_sm = (int)v[OPT_MAX_THREADS_SM],
        .max_blocks_sm = (int)v[OPT_MAX_BLOCKS_SM],
        .regs_sm = v[OPT_REGS_SM],
        .smem_sm_bytes = v[OPT_SMEM_SM],
        .max_threads_block = (int)v[OPT_MAX_THREADS_BLOCK],
        .reg_alloc_unit = (int)v[OPT_REG_UNIT],
        .reg_subpartitions = 1,
        .smem_alloc_unit = (int)v[OPT_SMEM_UNIT],
        .smem_reserved_bytes = (int)v[OPT_SMEM_RESERVED],
    };
    return true;
}

static int run_target(const occ_options *o, occ_inputs *in)
{
    int64_t target;
    if (!int_option(o, OPT_TARGET, false, 1, 1 << 16, &target))
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
    return cli_print_json(j);
}

static int run_suggest(const occ_options *o, occ_inputs *in)
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
    return cli_print_json(j);
}

static int run_sweep(const occ_options *o, occ_inputs *in)
{
    gr_sweep_axis axis;
    gr_sweep s;
    gr_error err;
    gr_sweep_axis_parse(o->value[OPT_SWEEP], &axis);
    if (!gr_occupancy_sweep(&in->limits, &in->launch, axis, &s, &err))
        return cli_fail("%s", err.text);
    int rc = EXIT_OK;
    if (o->json)
        rc = cli_print_json(occ_sweep_json(&s));
    else
        occ_print_sweep_text(in, &s);
    gr_sweep_free(&s);
    return rc;
}

static int run_one(const occ_options *o, occ_inputs *in)
{
    gr_occupancy occ;
    gr_error err;
    if (!gr_occupancy_compute(&in->limits, &in->launch, &occ, &err))
        return cli_fail("%s", err.text);
    if (o->json)
        return cli_print_json(occ_json(in, &occ));
    occ_print_text(in, &occ);
    return EXIT_OK;
}

int cmd_occupancy(int argc, char **argv)
{
    occ_options o = {0};
    bool go_on;
    int rc = cli_parsed(parse(argc, argv, &o), &go_on);
    if (!go_on)
        return rc;
    static occ_inputs in; /* a profile is large for the stack */
    memset(&in, 0, sizeof in);
    if (!read_launch(&o, &in))
        return EXIT_INPUT;
    bool limits_ok = o.value[OPT_DEVICE] ? read_device_limits(&o, &in) : read_textbook_limits(&o, &in);
    if (!limits_ok)
        return EXIT_INPUT;
    if (o.value[OPT_TARGET])
        return run_target(&o, &in);
    if (o.suggest)
        return run_suggest(&o, &in);
    if (o.value[OPT_SWEEP])
        return run_sweep(&o, &in);
    return run_one(&o, &in);
}
