#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "arch.h"
#include "gpuroof_text.h"
#include "profile.h"
#include "profile_fields.h"
#include "gpuroof_files.h"

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

static void *value_at(loader *l, size_t offset)
{
    return (char *)l->p + offset;
}

static bool listed(const char *const *keys, size_t count, const char *key)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(keys[i], key) == 0)
            return true;
    return false;
}

/* The keys the mapping of section_name may hold, NULL-terminated: that
 * section's keys, or for NULL the top level's keys and section names. */
static void allowed_keys(const char *section_name, const char *keys[GR_PROFILE_FIELDS_MAX + 1])
{
    size_t n = 0;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const gr_profile_field *f = &gr_profile_fields[i];
        const char *key = !section_name ? (f->section ? f->section : f->key)
                                        : gr_profile_field_in(f, section_name) ? f->key : NULL;
        if (key && !listed(keys, n, key))
            keys[n++] = key;
    }
    keys[n] = NULL;
}

/* A section of optional fields only may be left out. */
static bool section_optional(const char *section_name)
{
    for (size_t i = 0; i < gr_profile_field_count; i++)
        if (gr_profile_field_in(&gr_profile_fields[i], section_name) && !gr_profile_fields[i].optional)
            return false;
    return true;
}

/* Before any value is read: no unknown or repeated key anywhere, and every
 * section there that must be. */
static bool check_sections(loader *l)
{
    const char *keys[GR_PROFILE_FIELDS_MAX + 1];
    allowed_keys(NULL, keys);
    if (!gr_yaml_check_mapping(&l->y, l->root, "the profile", keys, l->err))
        return false;
    for (size_t i = 0; i < gr_profile_field_count; i++) {
        const char *name = gr_profile_fields[i].section;
        if (!name || (i > 0 && gr_profile_field_in(&gr_profile_fields[i - 1], name)))
            continue; /* not the first field of a section */
        bool optional = section_optional(name);
        yaml_node_t *node = optional ? gr_yaml_get(&l->y, l->root, name)
                                     : gr_yaml_require(&l->y, l->root, "the profile", name, l->err);
        if (!node && !optional)
            return false;
        allowed_keys(name, keys);
        if (node && !gr_yaml_check_mapping(&l->y, node, name, keys, l->err))
            return false;
    }
    return true;
}

static bool read_compute_capability(loader *l, yaml_node_t *node, const char *what)
{
    const char *text;
    if (!gr_yaml_text(&l->y, node, what, 15, &text, l->err))
        return false;
    size_t digits = strspn(text, "0123456789");
    bool shaped = digits >= 1 && digits <= 2 && text[digits] == '.' && isdigit((unsigned char)text[digits + 1]) &&
                  text[digits + 2] == '\0';
    if (shaped) {
        l->p->cc_major = atoi(text);
        l->p->cc_minor = text[digits + 1] - '0';
    }
    if (!shaped || l->p->cc_major < 1)
        return gr_yaml_error(l->err, &l->y, node, "%s must be MAJOR.MINOR, such as \"8.0\", not \"%s\"", what, text);
    if (!gr_arch_sm_in_range(l->p->cc_major * 10 + l->p->cc_minor))
        return gr_yaml_error(l->err, &l->y, node, "%s is %s, which no GPU has (1.0 to %d.9)", what, text,
                             GR_ARCH_SM_MAX / 10);
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

/* Each key of peak_gflops names a precision (gr_precision_of_key: its
 * name, or the earlier spelling of a Tensor Core one), and none twice,
 * under either spelling. */
static bool check_peak_keys(loader *l, const gr_profile_field *f, yaml_node_t *peaks)
{
    if (peaks->type != YAML_MAPPING_NODE)
        return gr_yaml_check_unique(&l->y, peaks, f->key, l->err); /* which says it must be a mapping */
    const char *spelled[GR_MAX_PEAKS] = {NULL}; /* each precision's key, as given */
    for (yaml_node_pair_t *pair = peaks->data.mapping.pairs.start; pair < peaks->data.mapping.pairs.top; pair++) {
        yaml_node_t *key = yaml_document_get_node(&l->y.doc, pair->key);
        const char *name = gr_yaml_scalar(key);
        const gr_precision_info *precision = gr_precision_of_key(name);
        if (!name)
            return gr_yaml_error(l->err, &l->y, key, "%s: keys must be plain names", f->key);
        if (!precision)
            return gr_yaml_error(l->err, &l->y, key, "%s: unknown key '%s'", f->key, name);
        const char **before = &spelled[precision - gr_precision_table];
        if (*before && strcmp(*before, name) == 0)
            return gr_yaml_error(l->err, &l->y, key, "%s: key '%s' given twice", f->key, name);
        if (*before)
            return gr_yaml_error(l->err, &l->y, key,
                                 "%s: keys '%s' and '%s' both give %s (one is its earlier spelling)", f->key,
                                 *before, name, precision->name);
        *before = name;
    }
    return true;
}

static bool read_peak(loader *l, const gr_profile_field *f, yaml_node_t *key, yaml_node_t *value)
{
    const char *name = gr_yaml_scalar(key);
    gr_peak *peak = &l->p->peaks[l->p->peak_count]; /* the keys are checked: each names a precision once */
    snprintf(peak->precision, sizeof peak->precision, "%s", gr_precision_of_key(name)->name);
    char what[64];
    snprintf(what, sizeof what, "%s.%s", f->key, name);
    if (!gr_yaml_double(&l->y, value, what, f->min, f->max, &peak->gflops, l->err))
        return false;
    l->p->peak_count++;
    return true;
}

static bool read_peaks(loader *l, const gr_profile_field *f, yaml_node_t *peaks)
{
    if (!check_peak_keys(l, f, peaks))
        return false;
    for (yaml_node_pair_t *pair = peaks->data.mapping.pairs.start;
         pair < peaks->data.mapping.pairs.top; pair++)
        if (!read_peak(l, f, yaml_document_get_node(&l->y.doc, pair->key),
                       yaml_document_get_node(&l->y.doc, pair->value)))
            return false;
    for (size_t i = 0; i < gr_precision_count; i++)
        if (gr_precision_table[i].required && !gr_profile_peak(l->p, gr_precision_table[i].name))
            return gr_yaml_error(l->err, &l->y, peaks, "%s must give both fp32 and fp64", f->key);
    return true;
}

/* Each carveout is at most sm.shared_memory_bytes, read before it. */
static bool read_carveouts(loader *l, const gr_profile_field *f, yaml_node_t *list, const char *what)
{
    if (list->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(l->err, &l->y, list, "%s must be a list of sizes", what);
    gr_profile *p = l->p;
    for (yaml_node_item_t *it = list->data.sequence.items.start;
         it < list->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(&l->y.doc, *it);
        if (p->carveout_count == GR_MAX_CARVEOUTS)
            return gr_yaml_error(l->err, &l->y, item, "%s: more than %d sizes", what, GR_MAX_CARVEOUTS);
        int64_t bytes;
        if (!gr_yaml_int(&l->y, item, what, (int64_t)f->min, p->smem_sm_bytes, true, &bytes, l->err))
            return false;
        if (p->carveout_count > 0 && bytes <= p->carveouts_bytes[p->carveout_count - 1])
            return gr_yaml_error(l->err, &l->y, item, "%s must be in ascending order", what);
        p->carveouts_bytes[p->carveout_count++] = (int)bytes;
    }
    if (p->carveout_count == 0 || p->carveouts_bytes[p->carveout_count - 1] != p->smem_sm_bytes)
        return gr_yaml_error(l->err, &l->y, list, "%s must end with sm.shared_memory_bytes (%d)", what,
                             p->smem_sm_bytes);
    return true;
}

static bool read_bank_scheme(loader *l, yaml_node_t *node, const char *what)
{
    const char *text;
    if (!gr_yaml_text(&l->y, node, what, 31, &text, l->err))
        return false;
    if (strcmp(text, gr_bank_scheme_name(GR_BANKS_STANDARD)) == 0)
        l->p->bank_scheme = GR_BANKS_STANDARD;
    else if (strcmp(text, gr_bank_scheme_name(GR_BANKS_KEPLER)) == 0)
        l->p->bank_scheme = GR_BANKS_KEPLER;
    else
        return gr_yaml_error(l->err, &l->y, node, "%s must be standard or kepler, not '%s'", what, text);
    return true;
}

static bool read_int(loader *l, const gr_profile_field *f, yaml_node_t *node, const char *what)
{
    int64_t v;
    if (!gr_yaml_int(&l->y, node, what, (int64_t)f->min, (int64_t)f->max, f->type != GR_FIELD_INT, &v, l->err))
        return false;
    if (f->type == GR_FIELD_BYTES64)
        *(int64_t *)value_at(l, f->offset) = v;
    else
        *(int *)value_at(l, f->offset) = (int)v; /* the table's ranges fit an int */
    return true;
}

static bool read_value(loader *l, const gr_profile_field *f, yaml_node_t *node, const char *what)
{
    switch (f->type) {
    case GR_FIELD_TEXT:
        return gr_yaml_string(&l->y, node, what, value_at(l, f->offset), f->size, l->err);
    case GR_FIELD_COMPUTE_CAPABILITY:
        return read_compute_capability(l, node, what);
    case GR_FIELD_INT:
    case GR_FIELD_BYTES:
    case GR_FIELD_BYTES64:
        return read_int(l, f, node, what);
    case GR_FIELD_REAL:
        return gr_yaml_double(&l->y, node, what, f->min, f->max, value_at(l, f->offset), l->err);
    case GR_FIELD_PEAKS:
        return read_peaks(l, f, node);
    case GR_FIELD_CARVEOUTS:
        return read_carveouts(l, f, node, what);
    case GR_FIELD_BANK_SCHEME:
        return read_bank_scheme(l, node, what);
    }
    return false;
}

static bool is_power_of_two(int64_t n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

static bool check_rule(loader *l, const gr_profile_field *f, yaml_node_t *node, const char *what)
{
    const char *text = value_at(l, f->offset);
    switch (f->rule) {
    case GR_RULE_NONE:
        return true;
    case GR_RULE_PROFILE_NAME:
        if (!gr_profile_name_valid(text))
            return gr_yaml_error(l->err, &l->y, node,
                                 "%s must be lower-case letters, digits, '-' and '_', not '%s'", what, text);
        if (l->file_stem && strcmp(text, l->file_stem) != 0)
            return gr_yaml_error(l->err, &l->y, node, "the profile is named '%s', but its file is %s.yaml", text,
                                 l->file_stem);
        return true;
    case GR_RULE_POWER_OF_TWO:
        if (!is_power_of_two(gr_profile_field_int(l->p, f)))
            return gr_yaml_error(l->err, &l->y, node, "%s must be a power of two, not %" PRId64, what,
                                 gr_profile_field_int(l->p, f));
        return true;
    }
    return false;
}

static bool read_field(loader *l, const gr_profile_field *f)
{
    yaml_node_t *map = section(l, f->section);
    if (!map)
        return true; /* an optional section left out: check_sections required the others */
    yaml_node_t *node = gr_yaml_get(&l->y, map, f->key);
    if (!node && f->optional && (f->alone || !(f->section && section_optional(f->section))))
        return true; /* an optional section is given whole, but for the fields that may stand alone */
    if (!node) {
        gr_yaml_require(&l->y, map, f->section ? f->section : "the profile", f->key, l->err); /* says it is missing */
        return false;
    }
    char what[96];
    gr_profile_field_path(f, what, sizeof what);
    if (!read_value(l, f, node, what) || !check_rule(l, f, node, what))
        return false;
    if (f->optional && f->given_offset)
        *(bool *)value_at(l, f->given_offset) = true;
    return true;
}

/* A rule broken between fields: reported at the field that says too much. */
static bool inconsistent(loader *l, const char *section_name, const char *key,
                         const char *fmt, ...) GR_PRINTF(4, 5);

static bool inconsistent(loader *l, const char *section_name, const char *key,
                         const char *fmt, ...)
{
    yaml_node_t *node = gr_yaml_get(&l->y, section(l, section_name), key);
    va_list ap;
    va_start(ap, fmt);
    gr_error_vat(l->err, l->y.path, (unsigned long)node->start_mark.line + 1,
                 (unsigned long)node->start_mark.column + 1, fmt, ap);
    va_end(ap);
    return false;
}

/* Latencies in cycles need the clock they were measured at. */
static bool check_latency_clock(loader *l)
{
    const gr_profile *p = l->p;
    static const char *const keys[] = {"l1_cycles", "l2_near_cycles", "l2_far_cycles", "dram_cycles"};
    const double cycles[] = {p->latency_l1_cycles, p->latency_l2_near_cycles, p->latency_l2_far_cycles,
                             p->latency_dram_cycles};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (cycles[i] > 0 && !(p->latency_clock_mhz > 0))
            return inconsistent(l, "latency", keys[i],
                                "latency.%s needs latency.clock_mhz, the SM clock it was measured at", keys[i]);
    return true;
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
    if (p->regs_sm % (p->reg_subpartitions * p->reg_alloc_unit) != 0)
        return inconsistent(l, "sm", "registers",
                            "sm.registers (%d) must split evenly into %d sub-partitions of %d-register units",
                            p->regs_sm, p->reg_subpartitions, p->reg_alloc_unit);
    if (!check_latency_clock(l))
        return false;
    if (p->bank_scheme == GR_BANKS_KEPLER && p->bank_width_bytes != 8)
        return inconsistent(l, "shared_memory_banks", "width_bytes",
                            "shared_memory_banks.width_bytes must be 8 with the kepler scheme");
    return true;
}

static bool load(loader *l)
{
    l->root = gr_yaml_root(&l->y);
    if (!check_sections(l))
        return false;
    for (size_t i = 0; i < gr_profile_field_count; i++)
        if (!read_field(l, &gr_profile_fields[i]))
            return false;
    return check_consistency(l);
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
        if (gr_name_equal(p->peaks[i].precision, precision))
            return &p->peaks[i];
    return NULL;
}

/* cycles at the clock they were measured at, else the earlier ns spelling. */
static double latency_ns(const gr_profile *p, double cycles, double ns)
{
    if (cycles > 0 && p->latency_clock_mhz > 0)
        return cycles / p->latency_clock_mhz * 1000;
    return ns > 0 ? ns : 0;
}

double gr_profile_l2_latency_ns(const gr_profile *p)
{
    return latency_ns(p, p->latency_l2_near_cycles, p->l2_latency_ns);
}

double gr_profile_dram_latency_ns(const gr_profile *p)
{
    return latency_ns(p, p->latency_dram_cycles, p->dram_latency_ns);
}

const char *gr_bank_scheme_name(gr_bank_scheme scheme)
{
    return scheme == GR_BANKS_KEPLER ? "kepler" : "standard";
}
