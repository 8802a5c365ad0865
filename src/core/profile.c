#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "profile.h"
#include "yaml_doc.h"

const char *const gr_precisions[] = {
    "fp64", "fp32", "fp16", "bf16", "fp64_tensor", "tf32_tensor",
    "fp16_tensor", "bf16_tensor", "fp8_tensor", "int8_tensor", NULL,
};

static const char *const top_keys[] = {
    "name", "full_name", "architecture", "compute_capability", "sm_count",
    "clock_mhz", "peak_gflops", "memory", "sm", "block", "thread",
    "allocation", "warp_size", "shared_memory_banks", "source", "measured", NULL,
};
static const char *const measured_keys[] = {"bandwidth_gbs", "fp32_gflops", "fp64_gflops", NULL};
static const char *const memory_keys[] = {"bandwidth_gbs", "size_bytes", "l2_bytes", NULL};
static const char *const sm_keys[] = {
    "max_threads", "max_warps", "max_blocks", "registers",
    "shared_memory_bytes", "carveout_bytes", NULL,
};
static const char *const block_keys[] = {
    "max_threads", "max_registers", "shared_memory_bytes",
    "shared_memory_optin_bytes", "shared_memory_reserved_bytes", NULL,
};
static const char *const thread_keys[] = {"max_registers", NULL};
static const char *const allocation_keys[] = {
    "register_unit", "register_subpartitions", "shared_memory_unit", NULL,
};
static const char *const bank_keys[] = {"count", "width_bytes", "scheme", NULL};

/* An integer field: where it lives in the file and in the struct, and the
 * range any real GPU falls in (a wider value is a typo, not a GPU). */
typedef struct {
    const char *section; /* NULL: top level */
    const char *key;
    size_t offset;
    int64_t min, max;
    bool bytes;
} int_field;

#define MiB (1024 * 1024)
static const int_field int_fields[] = {
    {NULL, "sm_count", offsetof(gr_profile, sm_count), 1, 1024, false},
    {NULL, "warp_size", offsetof(gr_profile, warp_size), 1, 64, false},
    {"sm", "max_threads", offsetof(gr_profile, max_threads_sm), 1, 8192, false},
    {"sm", "max_warps", offsetof(gr_profile, max_warps_sm), 1, 256, false},
    {"sm", "max_blocks", offsetof(gr_profile, max_blocks_sm), 1, 256, false},
    {"sm", "registers", offsetof(gr_profile, regs_sm), 1, 4 * MiB, false},
    {"sm", "shared_memory_bytes", offsetof(gr_profile, smem_sm_bytes), 0, 16 * MiB, true},
    {"block", "max_threads", offsetof(gr_profile, max_threads_block), 1, 8192, false},
    {"block", "max_registers", offsetof(gr_profile, regs_block), 1, 4 * MiB, false},
    {"block", "shared_memory_bytes", offsetof(gr_profile, smem_block_bytes), 0, 16 * MiB, true},
    {"block", "shared_memory_optin_bytes", offsetof(gr_profile, smem_block_optin_bytes), 0, 16 * MiB, true},
    {"block", "shared_memory_reserved_bytes", offsetof(gr_profile, smem_block_reserved_bytes), 0, MiB, true},
    {"thread", "max_registers", offsetof(gr_profile, max_regs_thread), 1, 1024, false},
    {"allocation", "register_unit", offsetof(gr_profile, reg_alloc_unit), 1, 4096, false},
    {"allocation", "register_subpartitions", offsetof(gr_profile, reg_subpartitions), 1, 16, false},
    {"allocation", "shared_memory_unit", offsetof(gr_profile, smem_alloc_unit), 1, 65536, true},
    {"shared_memory_banks", "count", offsetof(gr_profile, bank_count), 1, 128, false},
    {"shared_memory_banks", "width_bytes", offsetof(gr_profile, bank_width_bytes), 1, 16, false},
};

typedef struct {
    gr_yaml y;
    yaml_node_t *root;
    gr_profile *p;
    gr_error *err;
    const char *file_stem; /* found by name: the name must be this */
} loader;

static yaml_node_t *section(loader *l, const char *name)
{
    return name ? gr_yaml_get(&l->y, l->root, name) : l->root;
}

static bool read_int_fields(loader *l)
{
    for (size_t i = 0; i < sizeof int_fields / sizeof int_fields[0]; i++) {
        const int_field *f = &int_fields[i];
        char what[96];
        snprintf(what, sizeof what, "%s%s%s", f->section ? f->section : "",
                 f->section ? "." : "", f->key);
        yaml_node_t *node = gr_yaml_require(&l->y, section(l, f->section),
                                            f->section ? f->section : "the profile", f->key, l->err);
        int64_t v;
        if (!node || !gr_yaml_int(&l->y, node, what, f->min, f->max, f->bytes, &v, l->err))
            return false;
        *(int *)((char *)l->p + f->offset) = (int)v;
    }
    return true;
}

static bool check_sections(loader *l)
{
    static const struct {
        const char *name;
        const char *const *keys;
    } sections[] = {
        {"memory", memory_keys}, {"sm", sm_keys}, {"block", block_keys},
        {"thread", thread_keys}, {"allocation", allocation_keys},
        {"shared_memory_banks", bank_keys},
    };
    if (!gr_yaml_check_mapping(&l->y, l->root, "the profile", top_keys, l->err))
        return false;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
        yaml_node_t *node = gr_yaml_require(&l->y, l->root, "the profile", sections[i].name, l->err);
        if (!node || !gr_yaml_check_mapping(&l->y, node, sections[i].name, sections[i].keys, l->err))
            return false;
    }
    return true;
}

static bool read_string(loader *l, const char *key, char *out, size_t size)
{
    yaml_node_t *node = gr_yaml_require(&l->y, l->root, "the profile", key, l->err);
    return node && gr_yaml_string(&l->y, node, key, out, size, l->err);
}

static bool read_compute_capability(loader *l)
{
    yaml_node_t *node = gr_yaml_require(&l->y, l->root, "the profile", "compute_capability", l->err);
    char text[16];
    if (!node || !gr_yaml_string(&l->y, node, "compute_capability", text, sizeof text, l->err))
        return false;
    size_t digits = strspn(text, "0123456789");
    bool shaped = digits >= 1 && digits <= 2 && text[digits] == '.' && isdigit((unsigned char)text[digits + 1]) &&
                  text[digits + 2] == '\0';
    if (shaped) {
        l->p->cc_major = atoi(text);
        l->p->cc_minor = text[digits + 1] - '0';
    }
    if (!shaped || l->p->cc_major < 1)
        return gr_yaml_error(l->err, &l->y, node,
                             "compute_capability must be MAJOR.MINOR, such as \"8.0\", not \"%s\"", text);
    return true;
}

bool gr_profile_name_valid(const char *name)
{
    if (!*name || strlen(name) > 63)
        return false;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))
            return false;
    return true;
}

static bool read_name(loader *l)
{
    if (!read_string(l, "name", l->p->name, sizeof l->p->name))
        return false;
    yaml_node_t *node = gr_yaml_get(&l->y, l->root, "name");
    if (!gr_profile_name_valid(l->p->name))
        return gr_yaml_error(l->err, &l->y, node,
                             "name must be lower-case letters, digits, '-' and '_', not '%s'", l->p->name);
    if (l->file_stem && strcmp(l->p->name, l->file_stem) != 0)
        return gr_yaml_error(l->err, &l->y, node, "the profile is named '%s', but its file is %s.yaml",
                             l->p->name, l->file_stem);
    return true;
}

static bool read_strings(loader *l)
{
    gr_profile *p = l->p;
    return read_name(l) &&
           read_string(l, "full_name", p->full_name, sizeof p->full_name) &&
           read_string(l, "architecture", p->architecture, sizeof p->architecture) &&
           read_compute_capability(l);
}

static bool read_scalar_double(loader *l, yaml_node_t *map, const char *what,
                               const char *key, double max, double *out)
{
    char name[96];
    snprintf(name, sizeof name, "%s.%s", what, key);
    yaml_node_t *node = gr_yaml_require(&l->y, map, what, key, l->err);
    return node && gr_yaml_double(&l->y, node, name, 1e-3, max, out, l->err);
}

static bool read_memory(loader *l)
{
    yaml_node_t *mem = gr_yaml_get(&l->y, l->root, "memory");
    yaml_node_t *size = gr_yaml_require(&l->y, mem, "memory", "size_bytes", l->err);
    yaml_node_t *l2 = size ? gr_yaml_require(&l->y, mem, "memory", "l2_bytes", l->err) : NULL;
    return read_scalar_double(l, mem, "memory", "bandwidth_gbs", 1e6, &l->p->bandwidth_gbs) &&
           size && gr_yaml_int(&l->y, size, "memory.size_bytes", 1, INT64_C(1) << 44, true,
                               &l->p->memory_bytes, l->err) &&
           l2 && gr_yaml_int(&l->y, l2, "memory.l2_bytes", 1, INT64_C(1) << 30, true,
                             &l->p->l2_bytes, l->err);
}

static bool read_peak(loader *l, yaml_node_t *key, yaml_node_t *value)
{
    const char *name = gr_yaml_scalar(key);
    gr_peak *peak = &l->p->peaks[l->p->peak_count]; /* the keys are checked: one of gr_precisions */
    snprintf(peak->precision, sizeof peak->precision, "%s", name);
    char what[64];
    snprintf(what, sizeof what, "peak_gflops.%s", name);
    if (!gr_yaml_double(&l->y, value, what, 1e-3, 1e8, &peak->gflops, l->err))
        return false;
    l->p->peak_count++;
    return true;
}

static bool read_peaks(loader *l)
{
    yaml_node_t *peaks = gr_yaml_require(&l->y, l->root, "the profile", "peak_gflops", l->err);
    if (!peaks || !gr_yaml_check_mapping(&l->y, peaks, "peak_gflops", gr_precisions, l->err))
        return false;
    for (yaml_node_pair_t *pair = peaks->data.mapping.pairs.start;
         pair < peaks->data.mapping.pairs.top; pair++)
        if (!read_peak(l, yaml_document_get_node(&l->y.doc, pair->key),
                       yaml_document_get_node(&l->y.doc, pair->value)))
            return false;
    if (!gr_profile_peak(l->p, "fp32") || !gr_profile_peak(l->p, "fp64"))
        return gr_yaml_error(l->err, &l->y, peaks, "peak_gflops must give both fp32 and fp64");
    return true;
}

static bool read_carveouts(loader *l)
{
    yaml_node_t *sm = gr_yaml_get(&l->y, l->root, "sm");
    yaml_node_t *list = gr_yaml_require(&l->y, sm, "sm", "carveout_bytes", l->err);
    if (!list)
        return false;
    if (list->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(l->err, &l->y, list, "sm.carveout_bytes must be a list of sizes");
    gr_profile *p = l->p;
    for (yaml_node_item_t *it = list->data.sequence.items.start;
         it < list->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(&l->y.doc, *it);
        if (p->carveout_count == GR_MAX_CARVEOUTS)
            return gr_yaml_error(l->err, &l->y, item, "sm.carveout_bytes: more than %d sizes", GR_MAX_CARVEOUTS);
        int64_t bytes;
        if (!gr_yaml_int(&l->y, item, "sm.carveout_bytes", 0, p->smem_sm_bytes, true, &bytes, l->err))
            return false;
        if (p->carveout_count > 0 && bytes <= p->carveouts_bytes[p->carveout_count - 1])
            return gr_yaml_error(l->err, &l->y, item, "sm.carveout_bytes must be in ascending order");
        p->carveouts_bytes[p->carveout_count++] = (int)bytes;
    }
    if (p->carveout_count == 0 || p->carveouts_bytes[p->carveout_count - 1] != p->smem_sm_bytes)
        return gr_yaml_error(l->err, &l->y, list,
                             "sm.carveout_bytes must end with sm.shared_memory_bytes (%d)", p->smem_sm_bytes);
    return true;
}

static bool read_bank_scheme(loader *l)
{
    yaml_node_t *banks = gr_yaml_get(&l->y, l->root, "shared_memory_banks");
    yaml_node_t *node = gr_yaml_require(&l->y, banks, "shared_memory_banks", "scheme", l->err);
    char text[32];
    if (!node || !gr_yaml_string(&l->y, node, "shared_memory_banks.scheme", text, sizeof text, l->err))
        return false;
    if (strcmp(text, "standard") == 0)
        l->p->bank_scheme = GR_BANKS_STANDARD;
    else if (strcmp(text, "kepler") == 0)
        l->p->bank_scheme = GR_BANKS_KEPLER;
    else
        return gr_yaml_error(l->err, &l->y, node,
                             "shared_memory_banks.scheme must be standard or kepler, not '%s'", text);
    return true;
}

static bool is_power_of_two(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

/* A rule broken between fields: reported at the field that says too much. */
static bool inconsistent(loader *l, const char *section_name, const char *key,
                         const char *fmt, ...) GR_PRINTF(4, 5);

static bool inconsistent(loader *l, const char *section_name, const char *key,
                         const char *fmt, ...)
{
    yaml_node_t *node = gr_yaml_get(&l->y, section(l, section_name), key);
    char prefix[600];
    snprintf(prefix, sizeof prefix, "%s:%lu:%lu: ", l->y.path,
             (unsigned long)node->start_mark.line + 1, (unsigned long)node->start_mark.column + 1);
    va_list ap;
    va_start(ap, fmt);
    gr_error_vset(l->err, prefix, fmt, ap);
    va_end(ap);
    return false;
}

static bool check_consistency(loader *l)
{
    const gr_profile *p = l->p;
    if (p->max_warps_sm * p->warp_size != p->max_threads_sm)
        return inconsistent(l, "sm", "max_warps", "sm.max_warps is %d, but sm.max_threads / warp_size is %d / %d",
                            p->max_warps_sm, p->max_threads_sm, p->warp_size);
    if (p->max_threads_block > p->max_threads_sm)
        return inconsistent(l, "block", "max_threads", "block.max_threads (%d) exceeds sm.max_threads (%d)",
                            p->max_threads_block, p->max_threads_sm);
    if (p->regs_block > p->regs_sm)
        return inconsistent(l, "block", "max_registers", "block.max_registers (%d) exceeds sm.registers (%d)",
                            p->regs_block, p->regs_sm);
    if (p->smem_block_optin_bytes > p->smem_sm_bytes - p->smem_block_reserved_bytes)
        return inconsistent(l, "block", "shared_memory_optin_bytes",
                            "block.shared_memory_optin_bytes (%d) exceeds sm.shared_memory_bytes less the reserved bytes (%d - %d)",
                            p->smem_block_optin_bytes, p->smem_sm_bytes, p->smem_block_reserved_bytes);
    if (p->smem_block_bytes > p->smem_block_optin_bytes)
        return inconsistent(l, "block", "shared_memory_bytes",
                            "block.shared_memory_bytes (%d) exceeds block.shared_memory_optin_bytes (%d)",
                            p->smem_block_bytes, p->smem_block_optin_bytes);
    if (!is_power_of_two(p->warp_size))
        return inconsistent(l, NULL, "warp_size", "warp_size must be a power of two, not %d", p->warp_size);
    if (!is_power_of_two(p->reg_alloc_unit))
        return inconsistent(l, "allocation", "register_unit", "allocation.register_unit must be a power of two, not %d",
                            p->reg_alloc_unit);
    if (!is_power_of_two(p->smem_alloc_unit))
        return inconsistent(l, "allocation", "shared_memory_unit",
                            "allocation.shared_memory_unit must be a power of two, not %d", p->smem_alloc_unit);
    if (p->regs_sm % (p->reg_subpartitions * p->reg_alloc_unit) != 0)
        return inconsistent(l, "sm", "registers",
                            "sm.registers (%d) must split evenly into %d sub-partitions of %d-register units",
                            p->regs_sm, p->reg_subpartitions, p->reg_alloc_unit);
    if (p->bank_scheme == GR_BANKS_KEPLER && p->bank_width_bytes != 8)
        return inconsistent(l, "shared_memory_banks", "width_bytes",
                            "shared_memory_banks.width_bytes must be 8 with the kepler scheme");
    return true;
}

/* A detected profile's own measurements (gpuroof profile detect). */
static bool read_optional(loader *l)
{
    yaml_node_t *source = gr_yaml_get(&l->y, l->root, "source");
    yaml_node_t *measured = gr_yaml_get(&l->y, l->root, "measured");
    if (source && !gr_yaml_string(&l->y, source, "source", l->p->source, sizeof l->p->source, l->err))
        return false;
    if (!measured)
        return true;
    if (!gr_yaml_check_mapping(&l->y, measured, "measured", measured_keys, l->err))
        return false;
    l->p->has_measured = true;
    return read_scalar_double(l, measured, "measured", "bandwidth_gbs", 1e6, &l->p->measured_bandwidth_gbs) &&
           read_scalar_double(l, measured, "measured", "fp32_gflops", 1e8, &l->p->measured_fp32_gflops) &&
           read_scalar_double(l, measured, "measured", "fp64_gflops", 1e8, &l->p->measured_fp64_gflops);
}

static bool load(loader *l)
{
    l->root = gr_yaml_root(&l->y);
    yaml_node_t *clock = NULL;
    return check_sections(l) && read_strings(l) && read_int_fields(l) &&
           (clock = gr_yaml_require(&l->y, l->root, "the profile", "clock_mhz", l->err)) &&
           gr_yaml_double(&l->y, clock, "clock_mhz", 1, 10000, &l->p->clock_mhz, l->err) &&
           read_peaks(l) && read_memory(l) && read_carveouts(l) && read_bank_scheme(l) &&
           check_consistency(l) && read_optional(l);
}

bool gr_profile_load_buffer(const char *name, const char *text, size_t len,
                            gr_profile *p, gr_error *err)
{
    memset(p, 0, sizeof *p);
    loader l = {.p = p, .err = err};
    if (!gr_yaml_load_buffer(&l.y, name, text, len, err))
        return false;
    bool ok = load(&l);
    gr_yaml_free(&l.y);
    snprintf(p->path, sizeof p->path, "%s", name);
    return ok;
}

bool gr_profile_load_file(const char *path, gr_profile *p, gr_error *err)
{
    return gr_profile_load_named(path, NULL, p, err);
}

bool gr_profile_load_named(const char *path, const char *name, gr_profile *p, gr_error *err)
{
    memset(p, 0, sizeof *p);
    loader l = {.p = p, .err = err, .file_stem = name};
    if (!gr_yaml_load_file(&l.y, path, err))
        return false;
    bool ok = load(&l);
    gr_yaml_free(&l.y);
    snprintf(p->path, sizeof p->path, "%s", path);
    return ok;
}

const gr_peak *gr_profile_peak(const gr_profile *p, const char *precision)
{
    for (int i = 0; i < p->peak_count; i++)
        if (strcmp(p->peaks[i].precision, precision) == 0)
            return &p->peaks[i];
    return NULL;
}

const char *gr_bank_scheme_name(gr_bank_scheme scheme)
{
    return scheme == GR_BANKS_KEPLER ? "kepler" : "standard";
}
