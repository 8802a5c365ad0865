/* The launch and SM options of occupancy and plot occupancy, read once for
 * both. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpuroof_model.h"
#include "occupancy_launch.h"

const char *occ_first_option_given(const occupancy_launch_options *t)
{
    const struct { bool given; const char *name; } options[] = {
        {t->threads.given, "--threads"}, {t->block.given, "--block"}, {t->regs.given, "--regs"},
        {t->smem.given, "--smem"}, {t->carveout.given, "--carveout"}, {t->max_threads_sm.given, "--max-threads-sm"},
        {t->max_blocks_sm.given, "--max-blocks-sm"}, {t->regs_sm.given, "--regs-sm"}, {t->smem_sm.given, "--smem-sm"},
        {t->max_threads_block.given, "--max-threads-block"}, {t->reg_unit.given, "--reg-unit"},
        {t->smem_unit.given, "--smem-unit"}, {t->smem_reserved.given, "--smem-reserved"},
    };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        if (options[i].given)
            return options[i].name;
    return NULL;
}

int occ_check_options(const char *command, const occupancy_launch_options *t, bool has_device)
{
    if (!has_device && !(t->max_threads_sm.given && t->max_blocks_sm.given && t->regs_sm.given && t->smem_sm.given))
        return cli_usage_error(command,
                               "give --device, or all of --max-threads-sm, --max-blocks-sm, --regs-sm and --smem-sm");
    return EXIT_OK;
}

/* "16x16x4": each dimension within CUDA's maxThreadsDim (1024, 1024, 64). */
int occ_parse_block(const char *command, const cli_option *opt, const char *value, void *field)
{
    const int64_t max_dim[3] = {1024, 1024, 64};
    occ_block_value *block = field;
    int64_t product = 1;
    int dims = 0;
    (void)command, (void)opt;
    for (const char *part = value;; dims++) {
        size_t len = strcspn(part, "x");
        char dim[64];
        int64_t n;
        if (dims == 3 || len == 0 || len >= sizeof dim)
            return cli_fail("--block '%s': expected X, XxY or XxYxZ, such as 16x16", value);
        snprintf(dim, sizeof dim, "%.*s", (int)len, part);
        if (!cli_int_as("--block", value, dim, CLI_COUNT, 1, max_dim[dims], &n))
            return EXIT_INPUT;
        product *= n;
        if (part[len] == '\0')
            break;
        part += len + 1;
    }
    *block = (occ_block_value){true, (int)product, value}; /* at most 1024 x 1024 x 64 */
    return EXIT_OK;
}

bool occ_read_launch(const occupancy_launch_options *t, occ_inputs *in)
{
    gr_launch *l = &in->launch;
    if (t->threads.given)
        l->threads_per_block = (int)t->threads.value; /* at most 2^20 */
    else if (t->block.given)
        l->threads_per_block = t->block.threads;
    in->block_shape = t->block.text;
    in->has_threads = in->has_threads || t->threads.given || t->block.given;
    in->has_regs = in->has_regs || t->regs.given;
    if (t->regs.given)
        l->regs_per_thread = (int)t->regs.value;
    if (t->smem.given)
        l->smem_per_block_bytes = t->smem.value;
    return true;
}

/* refuse_percent's message, once its list of choices is built. */
static bool refuse_percent_of(const char *text, const gr_profile *p, const gr_buf *choices)
{
    if (p->carveout_count < 2)
        return cli_error("--carveout '%s': a percentage sets cudaFuncAttributePreferredSharedMemoryCarveout, from "
                         "compute capability 7.0 on; %s (sm_%d%d) has a fixed %d bytes of shared memory per SM",
                         text, p->full_name, p->cc_major, p->cc_minor, p->smem_sm_bytes);
    if (gr_buf_failed(choices))
        return cli_error("out of memory");
    return cli_error("--carveout '%s': a percentage sets cudaFuncAttributePreferredSharedMemoryCarveout, from "
                     "compute capability 7.0 on; %s (sm_%d%d) takes %s",
                     text, p->full_name, p->cc_major, p->cc_minor, gr_buf_text(choices));
}

/* A percentage is how cudaFuncAttributePreferredSharedMemoryCarveout sets
 * a carveout, from sm_70 on; before, the cache configurations are the
 * choice, named by their shared memory. */
static bool refuse_percent(const char *text, const gr_profile *p)
{
    gr_buf choices = GR_BUF_INIT;
    for (int i = 0, capacity; i < p->carveout_count; i++) {
        capacity = p->carveouts_bytes[i];
        gr_buf_addf(&choices, "%s%d%s (%s)", i == 0 ? "" : i + 1 < p->carveout_count ? ", " : " or ",
                    capacity % 1024 ? capacity : capacity / 1024, capacity % 1024 ? " bytes" : "K",
                    occ_cache_config_name(p, capacity));
    }
    refuse_percent_of(text, p, &choices);
    gr_buf_free(&choices);
    return false;
}

/* A number without a unit could be bytes or a percentage, and taking
 * either silently answers another question: the error shows both forms,
 * with the number given where it fits. */
static bool refuse_bare_number(const char *text, double value, const gr_profile *p)
{
    bool could_be_percent = value >= 0 && value <= 100 && value == (int)value;
    long long bytes_example = could_be_percent ? (int)value
                              : value >= 1024 && value < 1e12 && fmod(value, 1024) == 0 ? (long long)(value / 1024)
                                                                                           : 100;
    int percent_example = could_be_percent ? (int)value : 50;
    if (p->cc_major < 7)
        return cli_error("--carveout '%s': a bare number is ambiguous: give bytes with a unit (--carveout %lldK)",
                         text, bytes_example);
    return cli_error("--carveout '%s': a bare number is ambiguous: give bytes with a unit (--carveout %lldK) or a "
                     "share of the largest carveout (--carveout %d%%)",
                     text, bytes_example, percent_example);
}

/* "50%": a share of the largest carveout, as cudaFuncAttributePreferred-
 * SharedMemoryCarveout takes it; otherwise bytes, with a unit ("100K"). */
int occ_parse_carveout(const char *command, const cli_option *opt, const char *value, void *field)
{
    occ_carveout_value *c = field;
    size_t len = strlen(value);
    gr_value bare;
    gr_expr_error unused;
    (void)command, (void)opt;
    *c = (occ_carveout_value){.given = true, .text = value};
    if (len > 0 && value[len - 1] == '%') {
        char number[64];
        snprintf(number, sizeof number, "%.*s", (int)(len - 1), value);
        c->kind = OCC_CARVEOUT_PERCENT;
        return cli_int_as("--carveout", value, number, CLI_PLAIN, 0, 100, &c->value) ? EXIT_OK : EXIT_INPUT;
    }
    if (gr_expr_eval(value, NULL, NULL, 0, &bare, &unused)) {
        c->kind = OCC_CARVEOUT_BARE;
        c->bare = gr_value_as_double(bare);
        return EXIT_OK;
    }
    c->kind = OCC_CARVEOUT_BYTES;
    return cli_int("--carveout", value, CLI_BYTES, 0, INT64_C(1) << 40, &c->value) ? EXIT_OK : EXIT_INPUT;
}

/* The carveout's bytes on the device p, or the refusal of a percentage
 * before sm_70 or of a bare number, in the device's words. */
static bool read_carveout(const occ_carveout_value *c, const gr_profile *p, int64_t *bytes)
{
    if (c->kind == OCC_CARVEOUT_BARE)
        return refuse_bare_number(c->text, c->bare, p);
    if (c->kind == OCC_CARVEOUT_PERCENT && p->cc_major < 7)
        return refuse_percent(c->text, p);
    *bytes = c->kind == OCC_CARVEOUT_PERCENT ? gr_carveout_from_percent(p, (int)c->value) : c->value;
    return true;
}

static bool read_device_limits(const occupancy_launch_options *t, const char *profiles, const char *device,
                               occ_inputs *in)
{
    if (!cli_load_device(profiles, device, &in->device))
        return false;
    in->has_device = true;
    int64_t carveout = -1;
    in->default_carveout = !t->carveout.given;
    if (!in->default_carveout && !read_carveout(&t->carveout, &in->device, &carveout))
        return false;
    gr_error err;
    if (!gr_limits_from_profile(&in->device, carveout, &in->limits, &err))
        return cli_error("%s", err.text);
    return true;
}

/* Every CUDA GPU since compute capability 2.0 (CUDA C++ Programming Guide,
 * "Maximum number of threads per block"): a textbook SM keeps it unless
 * --max-threads-block says otherwise. */
#define CUDA_MAX_THREADS_PER_BLOCK 1024

static bool read_textbook_limits(const occupancy_launch_options *t, occ_inputs *in)
{
    /* each range-checked by its table entry (OCC_SM_OPTIONS); one not given is 0 */
    int64_t threads_sm = t->max_threads_sm.value, blocks_sm = t->max_blocks_sm.value, regs_sm = t->regs_sm.value,
            smem_sm = t->smem_sm.value, reg_unit = t->reg_unit.value, smem_unit = t->smem_unit.value,
            smem_reserved = t->smem_reserved.value;
    int64_t threads_block = t->max_threads_block.given ? t->max_threads_block.value : CUDA_MAX_THREADS_PER_BLOCK;
    if (threads_sm % 32 != 0) /* an SM holds whole warps */
        return cli_error("--max-threads-sm '%s': must be a multiple of the warp size, 32", t->max_threads_sm.text);
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

/* A block above the per-block maximum that textbook limits take without
 * being told: the error says where the limit comes from. */
static bool check_textbook_block(const occupancy_launch_options *t, const occ_inputs *in)
{
    int threads = in->launch.threads_per_block;
    if (in->has_device || t->max_threads_block.given || !in->has_threads || threads <= in->limits.max_threads_block)
        return true;
    return cli_error("%d threads per block exceed the maximum of %d threads per block (every CUDA GPU since compute "
                     "capability 2.0; --max-threads-block N sets another)",
                     threads, in->limits.max_threads_block);
}

bool occ_read_sm(const occupancy_launch_options *t, const char *profiles, const char *device, occ_inputs *in)
{
    if (!(device ? read_device_limits(t, profiles, device, in) : read_textbook_limits(t, in)))
        return false;
    return check_textbook_block(t, in);
}
