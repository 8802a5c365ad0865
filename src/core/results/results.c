/* The results file's reader, and the rows of a gr_results: every key as
 * results_format.c's tables say.  Keys the tables do not name are accepted
 * and ignored, since other programs may add their own. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results.h"
#include "spread.h"
#include "results_format.h"
#include "gpuroof_files.h"

/* A list's rows: the pointer in gr_results is typed per list, so it is
 * copied in and out rather than written through another pointer type. */
static void *rows_of(const gr_results *r, const gr_results_section *s)
{
    void *rows;
    memcpy(&rows, (const char *)r + s->offset, sizeof rows);
    return rows;
}

static void set_rows(gr_results *r, const gr_results_section *s, void *rows)
{
    memcpy((char *)r + s->offset, &rows, sizeof rows);
}

static size_t *count_of(gr_results *r, const gr_results_section *s)
{
    return (size_t *)((char *)r + s->count_offset);
}

void gr_results_init(gr_results *r)
{
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    memset(r, 0, sizeof *r);
    r->path = "";
    for (size_t i = 0; i < n; i++)
        if (!sections[i].list)
            gr_results_clear(&sections[i], (char *)r + sections[i].offset);
}

/* The texts go with the pool; the fields that pointed into it read "". */
void gr_results_free(gr_results *r)
{
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    for (size_t i = 0; i < n; i++)
        if (sections[i].list) {
            free(rows_of(r, &sections[i]));
            set_rows(r, &sections[i], NULL);
            *count_of(r, &sections[i]) = 0;
        } else {
            gr_results_clear(&sections[i], (char *)r + sections[i].offset);
        }
    gr_pool_free(&r->texts);
    r->path = "";
}

void gr_results_textf(gr_results *r, const char **field, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    *field = gr_pool_vtextf(&r->texts, size, fmt, ap);
    va_end(ap);
}

void gr_results_date(gr_results *r, time_t when)
{
    const struct tm *utc = gmtime(&when);
    if (utc)
        gr_results_textf(r, &r->provenance.date, GR_RESULT_DATE_SIZE, "%04d-%02d-%02dT%02d:%02d:%02dZ",
                         utc->tm_year + 1900, utc->tm_mon + 1, utc->tm_mday, utc->tm_hour, utc->tm_min, utc->tm_sec);
}

static void *add_row(gr_results *r, const char *list, gr_error *err)
{
    const gr_results_section *s = gr_results_section_named(list);
    size_t *count = count_of(r, s);
    if (*count >= GR_RESULTS_MAX_ROWS) {
        gr_error_set(err, "%s: more than %d rows", list, GR_RESULTS_MAX_ROWS);
        return NULL;
    }
    char *rows = realloc(rows_of(r, s), (*count + 1) * s->row_size);
    if (!rows) {
        gr_error_set(err, "out of memory");
        return NULL;
    }
    set_rows(r, s, rows);
    char *row = rows + *count * s->row_size;
    memset(row, 0, s->row_size);
    gr_results_clear(s, row);
    (*count)++;
    return row;
}

gr_result_kernel *gr_results_add_kernel(gr_results *r, gr_error *err)
{
    return add_row(r, "kernels", err);
}

gr_result_point *gr_results_add_sweep_point(gr_results *r, gr_error *err)
{
    return add_row(r, "sweep", err);
}

gr_result_occupancy *gr_results_add_occupancy(gr_results *r, gr_error *err)
{
    return add_row(r, "occupancy_checks", err);
}

gr_result_target *gr_results_add_target(gr_results *r, gr_error *err)
{
    return add_row(r, "target_blocks_checks", err);
}

gr_result_layout *gr_results_add_layout(gr_results *r, gr_error *err)
{
    return add_row(r, "layout_checks", err);
}

gr_result_bank *gr_results_add_bank(gr_results *r, gr_error *err)
{
    return add_row(r, "bank_checks", err);
}

gr_result_latency_curve *gr_results_add_latency_curve(gr_results *r, gr_error *err)
{
    return add_row(r, "latency_curves", err);
}

gr_result_spread *gr_results_add_spread(gr_results *r, gr_error *err)
{
    return add_row(r, "ceiling_spread", err);
}

gr_result_volatile *gr_results_add_volatile(gr_results *r, gr_error *err)
{
    return add_row(r, "volatile_checks", err);
}

double gr_results_ceiling(const gr_results *r, const char *key)
{
    const gr_results_section *s = gr_results_section_named("ceilings");
    for (size_t i = 0; s && key && i < s->key_count; i++)
        if (strcmp(s->keys[i].name, key) == 0)
            return *(const double *)((const char *)&r->ceilings + s->keys[i].offset);
    return NAN;
}

const char *gr_results_ceiling_key(size_t offset)
{
    const gr_results_section *s = gr_results_section_named("ceilings");
    for (size_t i = 0; s && i < s->key_count; i++)
        if (s->keys[i].offset == offset)
            return s->keys[i].name;
    return "";
}

const char *gr_results_precision_key(const char *precision)
{
    static const char suffix[] = "_gflops";
    const gr_results_section *s = gr_results_section_named("ceilings");
    size_t len = precision ? strlen(precision) : 0;
    for (size_t i = 0; s && len && i < s->key_count; i++) {
        const char *name = s->keys[i].name;
        if (strncmp(name, precision, len) == 0 && strcmp(name + len, suffix) == 0)
            return name;
    }
    return NULL;
}

const char *gr_results_sustained_key(const char *key)
{
    static const char suffix[] = "_gflops";
    const gr_results_section *s = gr_results_section_named("ceilings");
    size_t len = key ? strlen(key) : 0, stem = len - (sizeof suffix - 1);
    if (len < sizeof suffix || strcmp(key + stem, suffix) != 0)
        return NULL;
    for (size_t i = 0; s && i < s->key_count; i++) {
        const char *name = s->keys[i].name;
        if (strncmp(name, key, stem) == 0 && strcmp(name + stem, "_sustained_gflops") == 0)
            return name;
    }
    return NULL;
}

double gr_results_spread_width_pct(const gr_result_spread *row)
{
    gr_spread s = {row->low, row->median, row->high, row->repeats > 0 ? (size_t)row->repeats : 0};
    return gr_spread_width_pct(&s);
}

const gr_result_spread *gr_results_spread_of(const gr_results *r, const char *ceiling)
{
    for (size_t i = 0; i < r->spread_count; i++)
        if (strcmp(r->spreads[i].ceiling, ceiling) == 0)
            return &r->spreads[i];
    return NULL;
}

/* ---- reading ------------------------------------------------------------ */

static bool read_bool(gr_yaml *y, yaml_node_t *node, const char *what, bool *out, gr_error *err)
{
    const char *text = gr_yaml_scalar(node);
    if (text && strcmp(text, "true") == 0)
        return (*out = true);
    if (text && strcmp(text, "false") == 0)
        return !(*out = false);
    return gr_yaml_error(err, y, node, "%s must be true or false", what);
}

static bool read_block(gr_yaml *y, yaml_node_t *node, const char *what, gr_result_block *out, gr_error *err)
{
    const char *shape;
    char tail;
    if (!gr_yaml_text(y, node, what, 31, &shape, err))
        return false;
    if (sscanf(shape, "%dx%d%c", &out->x, &out->y, &tail) != 2 || out->x < 1 || out->y < 1)
        return gr_yaml_error(err, y, node, "%s must be XxY, not '%s'", what, shape);
    return true;
}

static bool read_mapping(gr_yaml *y, yaml_node_t *node, const gr_results_section *s, const char *what, void *base,
                         gr_text_pool *texts, gr_error *err);

/* A text key into the results' pool (y's own text goes with the document). */
static bool read_text(gr_yaml *y, yaml_node_t *node, const gr_results_key *k, const char *what, const char **out,
                      gr_text_pool *texts, gr_error *err)
{
    const char *text;
    if (!gr_yaml_text(y, node, what, k->size - 1, &text, err))
        return false;
    *out = gr_pool_textf(texts, 0, "%s", text);
    return !gr_pool_failed(texts) || gr_yaml_error(err, y, node, "%s: out of memory", what);
}

static bool read_value(gr_yaml *y, yaml_node_t *node, const gr_results_key *k, const char *what, void *value,
                       gr_text_pool *texts, gr_error *err)
{
    int64_t whole;
    switch (k->type) {
    case GR_RESULTS_TEXT: return read_text(y, node, k, what, value, texts, err);
    case GR_RESULTS_WHOLE:
        if (!gr_yaml_int(y, node, what, (int64_t)k->min, (int64_t)k->max, false, &whole, err))
            return false;
        *(long long *)value = whole;
        return true;
    case GR_RESULTS_NUMBER: return gr_yaml_double(y, node, what, k->min, k->max, value, err);
    case GR_RESULTS_BOOL: return read_bool(y, node, what, value, err);
    case GR_RESULTS_BLOCK: return read_block(y, node, what, value, err);
    case GR_RESULTS_MAP: return read_mapping(y, node, k->map, what, value, texts, err);
    }
    return false;
}

/* The keys of s in node (a mapping) into the struct at base; where names
 * the mapping in messages. */
static bool read_keys(gr_yaml *y, yaml_node_t *node, const gr_results_section *s, const char *where, void *base,
                      gr_text_pool *texts, gr_error *err)
{
    for (size_t i = 0; i < s->key_count; i++) {
        const gr_results_key *k = &s->keys[i];
        yaml_node_t *value = k->required ? gr_yaml_require(y, node, where, k->name, err)
                                         : gr_yaml_get(y, node, k->name);
        char what[128];
        snprintf(what, sizeof what, "%s.%s", where, k->name);
        if (k->required && !value)
            return false;
        if (value && !read_value(y, value, k, what, (char *)base + k->offset, texts, err))
            return false;
    }
    return true;
}

static bool read_mapping(gr_yaml *y, yaml_node_t *node, const gr_results_section *s, const char *what, void *base,
                         gr_text_pool *texts, gr_error *err)
{
    if (node->type != YAML_MAPPING_NODE)
        return gr_yaml_error(err, y, node, "%s must be a mapping", what);
    return gr_yaml_check_unique(y, node, what, err) && read_keys(y, node, s, what, base, texts, err);
}

static bool read_list(gr_yaml *y, yaml_node_t *node, const gr_results_section *s, gr_results *r, gr_error *err)
{
    if (node->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(err, y, node, "%s must be a list", s->name);
    size_t n = (size_t)(node->data.sequence.items.top - node->data.sequence.items.start);
    if (n > GR_RESULTS_MAX_ROWS)
        return gr_yaml_error(err, y, node, "%s has more than %d rows", s->name, GR_RESULTS_MAX_ROWS);
    char *rows = calloc(n ? n : 1, s->row_size);
    if (!rows)
        return gr_error_set(err, "%s: out of memory", r->path);
    set_rows(r, s, rows);
    for (size_t i = 0; i < n; i++, (*count_of(r, s))++) {
        yaml_node_t *item = yaml_document_get_node(&y->doc, node->data.sequence.items.start[i]);
        void *row = rows + i * s->row_size;
        gr_results_clear(s, row);
        if (item->type != YAML_MAPPING_NODE)
            return gr_yaml_error(err, y, item, "%s: each %s must be a mapping", s->name, s->row_noun);
        if (!gr_yaml_check_unique(y, item, s->name, err) || !read_keys(y, item, s, s->name, row, &r->texts, err))
            return false;
        const char *broken = s->row_rule ? s->row_rule(row) : NULL;
        if (broken)
            return gr_yaml_error(err, y, item, "%s: each %s: %s", s->name, s->row_noun, broken);
    }
    return true;
}

static bool read_section(gr_yaml *y, yaml_node_t *root, const gr_results_section *s, gr_results *r, gr_error *err)
{
    yaml_node_t *node = s->required ? gr_yaml_require(y, root, "the results", s->name, err)
                                    : gr_yaml_get(y, root, s->name);
    if (!node)
        return !s->required;
    if (s->list)
        return read_list(y, node, s, r, err);
    return read_mapping(y, node, s, s->name, (char *)r + s->offset, &r->texts, err);
}

/* Reads the first n sections of the results out of a loaded document;
 * frees the document. */
static bool results_from_yaml(gr_yaml *y, size_t n, gr_results *out, gr_error *err)
{
    const gr_results_section *sections = gr_results_sections(&(size_t){0});
    yaml_node_t *root = gr_yaml_root(y);
    bool ok = root->type == YAML_MAPPING_NODE ? true
                                              : gr_yaml_error(err, y, root, "a results file must be a mapping");
    ok = ok && gr_yaml_check_unique(y, root, "the results", err);
    for (size_t i = 0; ok && i < n; i++)
        ok = read_section(y, root, &sections[i], out, err);
    gr_yaml_free(y);
    if (!ok)
        gr_results_free(out);
    return ok;
}

/* How many sections a read through the one called last reads: 0 where
 * there is no such section; last NULL: all. */
static size_t section_count(const char *last)
{
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    for (size_t i = 0; last && i < n; i++)
        if (strcmp(sections[i].name, last) == 0)
            return i + 1;
    return last ? 0 : n;
}

/* A load's end: where it failed, the texts it kept already (its path's)
 * go, so that a failed load holds nothing to free, as before the pool. */
static bool loaded(bool ok, gr_results *out)
{
    if (!ok)
        gr_results_free(out);
    return ok;
}

bool gr_results_load(const char *path, gr_results *out, gr_error *err)
{
    gr_yaml y;
    gr_results_init(out);
    gr_results_textf(out, &out->path, GR_RESULT_PATH_SIZE, "%s", path);
    return loaded(gr_yaml_load_file(&y, path, err) && results_from_yaml(&y, section_count(NULL), out, err), out);
}

bool gr_results_load_buffer(const char *name, const char *text, size_t len, gr_results *out, gr_error *err)
{
    gr_yaml y;
    gr_results_init(out);
    gr_results_textf(out, &out->path, GR_RESULT_PATH_SIZE, "%s", name);
    return loaded(gr_yaml_load_buffer(&y, name, text, len, err) && results_from_yaml(&y, section_count(NULL), out, err),
                  out);
}

/* Starts a read through the section called last: out empty and named,
 * names the sections' names (NULL after them).  Their count, or 0 (err
 * set) where there is no such section. */
static size_t begin_through(const char *name, const char *last, gr_results *out,
                            const char *names[GR_RESULTS_MAX_SECTIONS + 1], gr_error *err)
{
    const gr_results_section *sections = gr_results_sections(&(size_t){0});
    size_t n = section_count(last);
    gr_results_init(out);
    gr_results_textf(out, &out->path, GR_RESULT_PATH_SIZE, "%s", name);
    if (n == 0 || n > GR_RESULTS_MAX_SECTIONS) {
        gr_error_set(err, "%s: no results section '%s' to read through", name, last);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        names[i] = sections[i].name;
    names[n] = NULL;
    return n;
}

bool gr_results_load_through(const char *path, const char *last, gr_results *out, gr_error *err)
{
    gr_yaml y;
    const char *names[GR_RESULTS_MAX_SECTIONS + 1];
    size_t n = begin_through(path, last, out, names, err);
    return loaded(n && gr_yaml_load_file_head(&y, path, names, err) && results_from_yaml(&y, n, out, err), out);
}

bool gr_results_load_buffer_through(const char *name, const char *text, size_t len, const char *last,
                                    gr_results *out, gr_error *err)
{
    gr_yaml y;
    const char *names[GR_RESULTS_MAX_SECTIONS + 1];
    size_t n = begin_through(name, last, out, names, err);
    return loaded(n && gr_yaml_load_buffer_head(&y, name, text, len, names, err) && results_from_yaml(&y, n, out, err),
                  out);
}

const char *gr_results_dram_roof_key(const gr_results *r)
{
    static const char *const keys[] = {"dram_read_gbs", "dram_copy_gbs", "dram_triad_gbs", "dram_write_gbs"};
    const char *best = NULL;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        double v = gr_results_ceiling(r, keys[i]);
        if (!isnan(v) && (!best || v > gr_results_ceiling(r, best)))
            best = keys[i];
    }
    return best;
}

double gr_results_best_bandwidth(const gr_results *r)
{
    const char *key = gr_results_dram_roof_key(r);
    return key ? gr_results_ceiling(r, key) : NAN;
}

void gr_results_agreement_of(const gr_results *r, gr_results_agreement *out)
{
    *out = (gr_results_agreement){.occupancy_total = r->occupancy_count};
    for (size_t i = 0; i < r->occupancy_count; i++)
        out->occupancy_equal += r->occupancy[i].predicted == r->occupancy[i].measured;
    for (size_t i = 0; i < r->bank_count; i++)
        if (!isnan(r->banks[i].measured_load)) {
            out->banks_counted++;
            out->banks_equal += r->banks[i].measured_load == r->banks[i].predicted_load &&
                                r->banks[i].measured_store == r->banks[i].predicted_store;
        }
}
