#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "model.h"
#include "model_access.h"
#include "gpuroof_files.h"

static const char *const top_keys[] = {
    "name", "title", "parameters", "launch", "flops", "bytes", "shared_bytes", "l2_bytes", "registers",
    "variables", "derived", "notes", NULL,
};
static const char *const launch_keys[] = {"grid", "block", NULL};
static const char *const flops_keys[] = {"per_thread", "total", "note", NULL};
static const char *const bytes_keys[] = {
    "read_per_thread", "written_per_thread", "read", "written", "count", "note", NULL,
};
static const char *const level_bytes_keys[] = {"per_thread", "total", "note", NULL};
static const char *const variable_keys[] = {
    "declare", "at", "bytes", "reads_per_thread", "reads", "writes_per_thread", "writes", "plain_reads_per_thread",
    "plain_reads", "plain_writes_per_thread", "plain_writes", NULL,
};

/* What a formula may name, and which of it is known yet. */
enum { KNOW_PARAMS = 1, KNOW_LAUNCH = 2, KNOW_RESULTS = 4 };

typedef struct {
    gr_yaml y;
    yaml_node_t *root;
    gr_model *m;
    gr_error *err;
    unsigned known;
} model_ctx;

/* The name of a place in the model that its messages give
 * ("parameters.n", "-D n", "derived.x"): a value, so that each reader of
 * a place needs no array of its own for it.  Names are shorter than 64
 * bytes and sections a few words, so it is never cut. */
typedef struct {
    char text[96];
} place_name;

static place_name place_of(const char *fmt, ...) GR_PRINTF(1, 2);
static place_name place_of(const char *fmt, ...)
{
    place_name out;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out.text, sizeof out.text, fmt, ap);
    va_end(ap);
    return out;
}

static bool set_int(gr_value *out, int64_t n)
{
    *out = (gr_value){.is_int = true, .i = n, .d = (double)n};
    return true;
}

/* Whether the len bytes at text are name. */
static bool named(const char *text, size_t len, const char *name)
{
    return strlen(name) == len && memcmp(text, name, len) == 0;
}

static bool lookup_launch(const gr_model *m, const char *name, size_t len, gr_value *out)
{
    static const char *const grid[] = {"grid_x", "grid_y", "grid_z"}, *const block[] = {"block_x", "block_y", "block_z"};
    if (named(name, len, "threads"))
        return set_int(out, m->threads);
    if (named(name, len, "blocks"))
        return set_int(out, m->blocks);
    if (named(name, len, "threads_per_block"))
        return set_int(out, m->threads_per_block);
    for (int i = 0; i < 3; i++) {
        if (named(name, len, grid[i]))
            return set_int(out, m->grid[i]);
        if (named(name, len, block[i]))
            return set_int(out, m->block[i]);
    }
    return false;
}

static bool lookup_results(const gr_model *m, const char *name, size_t len, gr_value *out)
{
    if (named(name, len, "flops"))
        return (*out = m->flops, true);
    if (named(name, len, "bytes"))
        return (*out = m->bytes, true);
    if (named(name, len, "bytes_read"))
        return (*out = m->bytes_read, true);
    if (named(name, len, "bytes_written"))
        return (*out = m->bytes_written, true);
    if (named(name, len, "shared_bytes_per_block"))
        return set_int(out, m->shared_bytes_per_block);
    if (named(name, len, "shared_bytes") && m->shared.given)
        return (*out = m->shared.bytes, true);
    if (named(name, len, "l2_bytes") && m->l2.given)
        return (*out = m->l2.bytes, true);
    for (int i = 0; i < m->derived_count; i++)
        if (named(name, len, m->derived[i].name))
            return (*out = m->derived[i].value, true);
    return false;
}

/* The results' names, which no parameter or derived value may take, given
 * or not. */
static bool is_result_name(const char *name)
{
    static const char *const results[] = {"flops", "bytes", "bytes_read", "bytes_written", "shared_bytes_per_block",
                                          "shared_bytes", "l2_bytes"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strcmp(name, results[i]) == 0)
            return true;
    return false;
}

static bool lookup(void *data, const char *text, size_t len, gr_value *out)
{
    const model_ctx *c = data;
    if (len >= GR_MODEL_NAME_SIZE || memchr(text, '\0', len))
        return false;
    for (int i = 0; i < c->m->param_count; i++)
        if (named(text, len, c->m->params[i].name))
            return (*out = c->m->params[i].value, true);
    if ((c->known & KNOW_LAUNCH) && lookup_launch(c->m, text, len, out))
        return true;
    return (c->known & KNOW_RESULTS) && lookup_results(c->m, text, len, out);
}

/* Evaluates text found at node; an error points into the formula. */
static bool eval_text(model_ctx *c, yaml_node_t *node, const char *what, const char *text, gr_value *out)
{
    gr_expr_error e;
    if (gr_expr_eval(text, lookup, c, 0, out, &e))
        return true;
    bool whole_value = node->type == YAML_SCALAR_NODE && strcmp(text, gr_yaml_scalar(node)) == 0;
    unsigned long column = gr_yaml_column_of(node, whole_value ? e.position : 0);
    return gr_error_at(c->err, c->y.path, (unsigned long)node->start_mark.line + 1, column,
                       "%s: %s (at character %zu of '%s')", what, e.message, e.position + 1, text);
}

static bool eval_node(model_ctx *c, yaml_node_t *node, const char *what, gr_value *out)
{
    const char *text = gr_yaml_scalar(node);
    if (!text)
        return gr_yaml_error(c->err, &c->y, node, "%s must be a formula", what);
    return eval_text(c, node, what, text, out);
}

static bool eval_count(model_ctx *c, yaml_node_t *node, const char *what, int64_t min, int64_t *out)
{
    gr_value v;
    if (!eval_node(c, node, what, &v))
        return false;
    if (!gr_value_to_int(v, INT64_MIN, INT64_MAX, out))
        return gr_yaml_error(c->err, &c->y, node,
                             "%s must be a whole number, not %g ('/' divides exactly: use floor(a / b) or cdiv(a, b) for C's integer division)",
                             what, gr_value_as_double(v));
    if (*out < min)
        return gr_yaml_error(c->err, &c->y, node, "%s is %lld; it must be at least %lld", what,
                             (long long)*out, (long long)min);
    return true;
}

static bool is_identifier(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

/* ---- parameters ------------------------------------------------------ */

static const gr_define *find_define(const gr_define *defines, int n, const char *name)
{
    for (int i = n - 1; i >= 0; i--)
        if (strcmp(defines[i].name, name) == 0)
            return &defines[i];
    return NULL;
}

static bool check_defines(model_ctx *c, yaml_node_t *params, const gr_define *defines, int n)
{
    for (int i = 0; i < n; i++)
        if (!gr_yaml_get(&c->y, params, defines[i].name)) {
            gr_error_set(c->err, "-D %s: %s has no parameter '%s' (its parameters: ", defines[i].name, c->y.path,
                         defines[i].name);
            for (int k = 0; k < c->m->param_count; k++)
                gr_error_add(c->err, "%s%s", k ? ", " : "", c->m->params[k].name);
            return gr_error_add(c->err, "%s)", c->m->param_count ? "" : "none");
        }
    return true;
}

static bool read_parameter(model_ctx *c, yaml_node_t *key, yaml_node_t *value, const gr_define *d)
{
    gr_model_value *p = &c->m->params[c->m->param_count];
    const char *name = gr_yaml_scalar(key);
    if (!name || !is_identifier(name) || strlen(name) >= GR_MODEL_NAME_SIZE)
        return gr_yaml_error(c->err, &c->y, key, "parameters: '%s' is not a name", name ? name : "?");
    if (lookup(c, name, strlen(name), &p->value))
        return gr_yaml_error(c->err, &c->y, key, "parameters: '%s' given twice", name);
    gr_value builtin;
    if (lookup_launch(c->m, name, strlen(name), &builtin) || is_result_name(name))
        return gr_yaml_error(c->err, &c->y, key, "parameters: '%s' is a name the model defines itself", name);
    const char *text = d ? d->value : gr_yaml_scalar(value);
    if (!text)
        return gr_yaml_error(c->err, &c->y, value, "parameters.%s must be a formula", name);
    gr_value v;
    if (d) {
        gr_expr_error e;
        if (!gr_expr_eval(text, lookup, c, 0, &v, &e))
            return gr_error_set(c->err, "-D %s=%s: %s (at character %zu)", name, text, e.message, e.position + 1);
    } else if (!eval_node(c, value, place_of("parameters.%s", name).text, &v)) {
        return false;
    }
    p->name = gr_pool_textf(&c->m->texts, GR_MODEL_NAME_SIZE, "%s", name);
    p->formula = gr_pool_textf(&c->m->texts, GR_MODEL_FORMULA_SIZE, "%s", text);
    p->value = v;
    p->overridden = d != NULL;
    c->m->param_count++;
    return true;
}

static bool read_parameters(model_ctx *c, const gr_define *defines, int n)
{
    yaml_node_t *params = gr_yaml_get(&c->y, c->root, "parameters");
    if (!params)
        return check_defines(c, NULL, defines, n);
    if (params->type != YAML_MAPPING_NODE)
        return gr_yaml_error(c->err, &c->y, params, "parameters must be a mapping of names to formulas");
    for (yaml_node_pair_t *pair = params->data.mapping.pairs.start; pair < params->data.mapping.pairs.top; pair++) {
        if (c->m->param_count == GR_MODEL_MAX_PARAMS)
            return gr_yaml_error(c->err, &c->y, params, "more than %d parameters", GR_MODEL_MAX_PARAMS);
        yaml_node_t *key = yaml_document_get_node(&c->y.doc, pair->key);
        const char *name = gr_yaml_scalar(key);
        if (!read_parameter(c, key, yaml_document_get_node(&c->y.doc, pair->value),
                            name ? find_define(defines, n, name) : NULL))
            return false;
    }
    return check_defines(c, params, defines, n);
}

/* ---- launch ---------------------------------------------------------- */

/* In a flow list [a, b] YAML splits at every comma, even inside a call. */
static bool balanced(const char *text)
{
    int depth = 0;
    for (; *text; text++)
        depth += (*text == '(') - (*text == ')');
    return depth == 0;
}

static bool check_items(model_ctx *c, yaml_node_t *node, const char *what)
{
    for (yaml_node_item_t *it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(&c->y.doc, *it);
        const char *text = gr_yaml_scalar(item);
        if (text && !balanced(text))
            return gr_yaml_error(c->err, &c->y, item,
                                 "%s: '%s' was cut at a comma: quote a formula that has commas in a [ ] list",
                                 what, text);
    }
    return true;
}

static bool read_shape(model_ctx *c, yaml_node_t *node, const char *what, int64_t dims[3], const char **formula)
{
    dims[0] = dims[1] = dims[2] = 1;
    if (node->type == YAML_SCALAR_NODE) {
        *formula = gr_pool_textf(&c->m->texts, GR_MODEL_FORMULA_SIZE, "%s", gr_yaml_scalar(node));
        return eval_count(c, node, what, 1, &dims[0]);
    }
    if (node->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(c->err, &c->y, node, "%s must be a formula or a list [x, y, z]", what);
    int n = (int)(node->data.sequence.items.top - node->data.sequence.items.start);
    if (!check_items(c, node, what))
        return false;
    if (n < 1 || n > 3)
        return gr_yaml_error(c->err, &c->y, node, "%s takes 1 to 3 dimensions, not %d", what, n);
    gr_buf shape = GR_BUF_INIT;
    gr_buf_addf(&shape, "[");
    for (int i = 0; i < n; i++) {
        yaml_node_t *item = yaml_document_get_node(&c->y.doc, node->data.sequence.items.start[i]);
        if (!eval_count(c, item, what, 1, &dims[i]))
            return (gr_buf_free(&shape), false);
        gr_buf_addf(&shape, "%s%s", i ? ", " : "", gr_yaml_scalar(item) ? gr_yaml_scalar(item) : "?");
    }
    gr_buf_addf(&shape, "]");
    *formula = gr_pool_textf(&c->m->texts, GR_MODEL_FORMULA_SIZE, "%s", gr_buf_text(&shape));
    gr_buf_free(&shape);
    return true;
}

static bool product(model_ctx *c, yaml_node_t *node, const char *what, const int64_t dims[3], int64_t *out)
{
    int64_t p = 1;
    for (int i = 0; i < 3; i++)
        if (__builtin_mul_overflow(p, dims[i], &p))
            return gr_yaml_error(c->err, &c->y, node, "%s: too many threads (integer overflow)", what);
    *out = p;
    return true;
}

static bool read_launch(model_ctx *c)
{
    gr_model *m = c->m;
    yaml_node_t *launch = gr_yaml_require(&c->y, c->root, "the model", "launch", c->err);
    if (!launch || !gr_yaml_check_mapping(&c->y, launch, "launch", launch_keys, c->err))
        return false;
    yaml_node_t *grid = gr_yaml_require(&c->y, launch, "launch", "grid", c->err);
    yaml_node_t *block = grid ? gr_yaml_require(&c->y, launch, "launch", "block", c->err) : NULL;
    if (!block || !read_shape(c, grid, "launch.grid", m->grid, &m->grid_formula) ||
        !read_shape(c, block, "launch.block", m->block, &m->block_formula) ||
        !product(c, grid, "launch.grid", m->grid, &m->blocks) ||
        !product(c, block, "launch.block", m->block, &m->threads_per_block))
        return false;
    if (m->threads_per_block > GR_MODEL_MAX_BLOCK_THREADS)
        return gr_yaml_error(c->err, &c->y, block, "launch.block: %lld threads per block, more than any GPU could run "
                             "(%d at most here; CUDA GPUs run 1024)", (long long)m->threads_per_block,
                             GR_MODEL_MAX_BLOCK_THREADS);
    if (__builtin_mul_overflow(m->blocks, m->threads_per_block, &m->threads))
        return gr_yaml_error(c->err, &c->y, launch, "launch: too many threads (integer overflow)");
    c->known |= KNOW_LAUNCH;
    return true;
}

/* ---- FLOPs and bytes --------------------------------------------------- */

static bool times_threads(model_ctx *c, yaml_node_t *node, const char *what, gr_value v, gr_value *out)
{
    if (v.is_int) {
        if (__builtin_mul_overflow(v.i, c->m->threads, &out->i))
            return gr_yaml_error(c->err, &c->y, node, "%s x %lld threads: integer overflow", what,
                                 (long long)c->m->threads);
        return set_int(out, out->i);
    }
    *out = (gr_value){.is_int = false, .d = v.d * (double)c->m->threads};
    if (!isfinite(out->d))
        return gr_yaml_error(c->err, &c->y, node, "%s x %lld threads is not a finite number", what,
                             (long long)c->m->threads);
    return true;
}

/* A count given per thread (multiplied by the launch's threads) or in
 * total; absent: zero.  Counts are never negative. */
static bool read_count(model_ctx *c, yaml_node_t *map, const char *section, const char *per_thread_key,
                       const char *total_key, gr_value *out, bool *per_thread)
{
    yaml_node_t *pt = gr_yaml_get(&c->y, map, per_thread_key), *total = gr_yaml_get(&c->y, map, total_key);
    gr_value v;
    set_int(out, 0);
    if (pt && total)
        return gr_yaml_error(c->err, &c->y, total, "%s: give %s or %s, not both", section, per_thread_key, total_key);
    yaml_node_t *node = pt ? pt : total;
    if (!node)
        return true;
    place_name what = place_of("%s.%s", section, pt ? per_thread_key : total_key);
    if (!eval_node(c, node, what.text, &v))
        return false;
    if (gr_value_as_double(v) < 0)
        return gr_yaml_error(c->err, &c->y, node, "%s is negative (%g)", what.text, gr_value_as_double(v));
    *per_thread = pt != NULL;
    return pt ? times_threads(c, node, what.text, v, out) : (*out = v, true);
}

/* A text of the model into its pool; one longer than size - 1 bytes is
 * refused. */
static bool read_text(model_ctx *c, yaml_node_t *node, const char *what, size_t size, const char **out)
{
    const char *text;
    if (!gr_yaml_text(&c->y, node, what, size - 1, &text, c->err))
        return false;
    *out = gr_pool_textf(&c->m->texts, 0, "%s", text);
    return true;
}

static bool read_note(model_ctx *c, yaml_node_t *map, const char *what, const char **out)
{
    yaml_node_t *note = gr_yaml_get(&c->y, map, "note");
    return !note || read_text(c, note, what, GR_MODEL_NOTE_SIZE, out);
}

static bool read_flops(model_ctx *c)
{
    yaml_node_t *flops = gr_yaml_require(&c->y, c->root, "the model", "flops", c->err);
    if (!flops || !gr_yaml_check_mapping(&c->y, flops, "flops", flops_keys, c->err))
        return false;
    if (!gr_yaml_get(&c->y, flops, "per_thread") && !gr_yaml_get(&c->y, flops, "total"))
        return gr_yaml_error(c->err, &c->y, flops, "flops: give per_thread or total");
    return read_count(c, flops, "flops", "per_thread", "total", &c->m->flops, &c->m->flops_per_thread) &&
           read_note(c, flops, "flops.note", &c->m->flops_note);
}

static bool read_bytes_count_rule(model_ctx *c, yaml_node_t *bytes)
{
    yaml_node_t *count = gr_yaml_get(&c->y, bytes, "count");
    const char *text = "read+written";
    if (count && !gr_yaml_text(&c->y, count, "bytes.count", 31, &text, c->err))
        return false;
    if (strcmp(text, "read+written") != 0 && strcmp(text, "read") != 0)
        return gr_yaml_error(c->err, &c->y, count, "bytes.count must be read+written or read, not '%s'", text);
    c->m->counts_written = strcmp(text, "read+written") == 0;
    return true;
}

static bool read_bytes(model_ctx *c)
{
    gr_model *m = c->m;
    yaml_node_t *bytes = gr_yaml_require(&c->y, c->root, "the model", "bytes", c->err);
    bool read_pt = false, written_pt = false;
    if (!bytes || !gr_yaml_check_mapping(&c->y, bytes, "bytes", bytes_keys, c->err) ||
        !read_count(c, bytes, "bytes", "read_per_thread", "read", &m->bytes_read, &read_pt) ||
        !read_count(c, bytes, "bytes", "written_per_thread", "written", &m->bytes_written, &written_pt) ||
        !read_bytes_count_rule(c, bytes) || !read_note(c, bytes, "bytes.note", &m->bytes_note))
        return false;
    m->bytes_per_thread = read_pt || written_pt;
    if (!gr_model_total_bytes(m))
        return gr_yaml_error(c->err, &c->y, bytes, "bytes: read + written is not a finite number");
    return true;
}

/* shared_bytes: or l2_bytes:, a level's bytes per thread or in total, as
 * flops: gives its count; absent, the level is not given. */
static bool read_level_bytes(model_ctx *c, const char *section, gr_model_level_bytes *level)
{
    yaml_node_t *map = gr_yaml_get(&c->y, c->root, section);
    if (!map)
        return true;
    if (!gr_yaml_check_mapping(&c->y, map, section, level_bytes_keys, c->err))
        return false;
    if (!gr_yaml_get(&c->y, map, "per_thread") && !gr_yaml_get(&c->y, map, "total"))
        return gr_yaml_error(c->err, &c->y, map, "%s: give per_thread or total", section);
    level->given = true;
    return read_count(c, map, section, "per_thread", "total", &level->bytes, &level->per_thread) &&
           read_note(c, map, place_of("%s.note", section).text, &level->note);
}

static bool read_registers(model_ctx *c)
{
    yaml_node_t *node = gr_yaml_get(&c->y, c->root, "registers");
    int64_t regs;
    if (!node)
        return true;
    if (!eval_count(c, node, "registers", 0, &regs))
        return false;
    if (regs > 255)
        return gr_yaml_error(c->err, &c->y, node, "registers is %lld; a thread has at most 255", (long long)regs);
    c->m->has_registers = true;
    c->m->registers = (int)regs;
    return true;
}

/* ---- variables ------------------------------------------------------- */

static bool read_place(model_ctx *c, yaml_node_t *item, gr_decl_place *place)
{
    yaml_node_t *at = gr_yaml_get(&c->y, item, "at");
    const char *text = "kernel";
    if (at && !gr_yaml_text(&c->y, at, "variables.at", 15, &text, c->err))
        return false;
    if (strcmp(text, "kernel") != 0 && strcmp(text, "file") != 0)
        return gr_yaml_error(c->err, &c->y, at, "variables.at must be kernel or file, not '%s'", text);
    *place = strcmp(text, "kernel") == 0 ? GR_IN_KERNEL : GR_AT_FILE_SCOPE;
    return true;
}

static bool count_elements(model_ctx *c, yaml_node_t *decl_node, gr_model_var *v)
{
    v->elements = 1;
    for (int i = 0; i < v->decl.dim_count; i++) {
        gr_value dim;
        int64_t n;
        if (!eval_text(c, decl_node, "variables.declare", v->decl.dims[i], &dim))
            return false;
        if (!gr_value_to_int(dim, 1, INT64_MAX, &n))
            return gr_yaml_error(c->err, &c->y, decl_node, "variables.declare: the size of %s must be a whole number of at least 1, not %g",
                                 v->decl.name, gr_value_as_double(dim));
        if (__builtin_mul_overflow(v->elements, n, &v->elements))
            return gr_yaml_error(c->err, &c->y, decl_node, "variables.declare: %s is too large (integer overflow)", v->decl.name);
    }
    return true;
}

static bool size_variable(model_ctx *c, yaml_node_t *item, yaml_node_t *decl_node, gr_model_var *v)
{
    yaml_node_t *bytes = gr_yaml_get(&c->y, item, "bytes");
    if (v->decl.is_extern) {
        v->elements = 0;
        if (!bytes)
            return gr_yaml_error(c->err, &c->y, item, "variables: %s is extern: give its launch size as bytes:",
                                 v->decl.name);
        return eval_count(c, bytes, "variables.bytes", 0, &v->bytes);
    }
    if (bytes)
        return gr_yaml_error(c->err, &c->y, bytes, "variables.bytes is only for extern __shared__ arrays");
    if (!count_elements(c, decl_node, v))
        return false;
    if (v->decl.element_bytes == 0 && v->decl.memory == GR_MEM_SHARED)
        return gr_yaml_error(c->err, &c->y, decl_node, "variables.declare: the size of type '%s' is unknown",
                             v->decl.type);
    if (__builtin_mul_overflow(v->elements, (int64_t)v->decl.element_bytes, &v->bytes))
        return gr_yaml_error(c->err, &c->y, decl_node, "variables.declare: %s is too large (integer overflow)", v->decl.name);
    return true;
}

static int64_t versions(const gr_model *m, gr_scope scope)
{
    return scope == GR_SCOPE_THREAD ? m->threads : scope == GR_SCOPE_BLOCK ? m->blocks : 1;
}

/* One access count of a variable (reads, writes, ...), per thread or in
 * all, as a whole number of accesses; absent: *given false. */
static bool read_access_count(model_ctx *c, yaml_node_t *item, const char *key, int64_t *out, bool *given,
                              bool *per_thread)
{
    place_name pt_key = place_of("%s_per_thread", key);
    gr_value v;
    bool pt = false;
    if (!read_count(c, item, "variables", pt_key.text, key, &v, &pt))
        return false;
    yaml_node_t *node = gr_yaml_get(&c->y, item, pt ? pt_key.text : key);
    *given = node != NULL;
    if (node && !gr_value_to_int(v, 0, INT64_MAX, out))
        return gr_yaml_error(c->err, &c->y, node, "variables.%s must come to a whole number of accesses, not %g",
                             pt ? pt_key.text : key, gr_value_as_double(v));
    if (per_thread)
        *per_thread = node && pt;
    return true;
}

/* Without volatile a scalar's references, given per thread, come to one
 * access each way a thread (the compiler keeps the value in a register),
 * never more than the references (half a read a thread is half the
 * threads reading); an array's elements, or counts in all, stay as given. */
static int64_t plain_default(const model_ctx *c, const gr_model_var *v, int64_t refs, bool per_thread)
{
    bool once = v->decl.dim_count == 0 && per_thread && refs > c->m->threads;
    return once ? c->m->threads : refs;
}

static bool read_plain(model_ctx *c, yaml_node_t *item, const gr_model_var *v, const char *key, int64_t refs,
                       int64_t *out)
{
    bool given = false;
    int64_t n = 0;
    if (!read_access_count(c, item, key, &n, &given, NULL))
        return false;
    if (given && n > refs)
        return gr_yaml_error(c->err, &c->y, item, "variables: %s: %s comes to %lld accesses, more than its %lld references",
                             v->decl.name, key, (long long)n, (long long)refs);
    if (given)
        *out = n;
    return true;
}

static bool read_accesses(model_ctx *c, yaml_node_t *item, gr_model_var *v)
{
    gr_model_access *a = &v->access;
    bool reads = false, writes = false, reads_pt = false, writes_pt = false;
    if (!read_access_count(c, item, "reads", &a->reads, &reads, &reads_pt) ||
        !read_access_count(c, item, "writes", &a->writes, &writes, &writes_pt))
        return false;
    a->given = reads || writes;
    a->per_thread = reads_pt || writes_pt;
    a->plain_reads = plain_default(c, v, a->reads, reads_pt);
    a->plain_writes = plain_default(c, v, a->writes, writes_pt);
    if (!a->given && (gr_yaml_get(&c->y, item, "plain_reads") || gr_yaml_get(&c->y, item, "plain_reads_per_thread") ||
                      gr_yaml_get(&c->y, item, "plain_writes") || gr_yaml_get(&c->y, item, "plain_writes_per_thread")))
        return gr_yaml_error(c->err, &c->y, item, "variables: %s gives plain accesses without its reads or writes",
                             v->decl.name);
    if (!read_plain(c, item, v, "plain_reads", a->reads, &a->plain_reads) ||
        !read_plain(c, item, v, "plain_writes", a->writes, &a->plain_writes))
        return false;
    if (a->given && v->decl.memory == GR_MEM_CONSTANT)
        return gr_yaml_error(c->err, &c->y, item, "variables: %s is __constant__: its reads go through the constant "
                             "cache, which gpuroof does not count", v->decl.name);
    if (!gr_model_add_access(c->m, v))
        return gr_yaml_error(c->err, &c->y, item, "variables: the bytes of %s's accesses overflow", v->decl.name);
    return true;
}

static bool read_variable(model_ctx *c, yaml_node_t *item)
{
    gr_model *m = c->m;
    gr_model_var *v = &m->vars[m->var_count];
    if (!gr_yaml_check_mapping(&c->y, item, "variables", variable_keys, c->err))
        return false;
    yaml_node_t *decl_node = gr_yaml_require(&c->y, item, "variables", "declare", c->err);
    if (!decl_node || !read_text(c, decl_node, "variables.declare", GR_MODEL_FORMULA_SIZE, &v->declaration) ||
        !read_place(c, item, &v->place))
        return false;
    size_t column;
    gr_error why;
    if (!gr_decl_parse(v->declaration, v->place, &v->decl, &column, &why))
        return gr_error_at(c->err, c->y.path, (unsigned long)decl_node->start_mark.line + 1,
                           gr_yaml_column_of(decl_node, column), "variables.declare: %s", why.text);
    for (int i = 0; i < m->var_count; i++)
        if (strcmp(m->vars[i].decl.name, v->decl.name) == 0)
            return gr_yaml_error(c->err, &c->y, decl_node, "variables: %s declared twice", v->decl.name);
    if (!size_variable(c, item, decl_node, v))
        return false;
    v->versions = versions(m, v->decl.scope);
    if (!read_accesses(c, item, v))
        return false;
    if (v->decl.memory == GR_MEM_SHARED &&
        __builtin_add_overflow(m->shared_bytes_per_block, v->bytes, &m->shared_bytes_per_block))
        return gr_yaml_error(c->err, &c->y, decl_node, "variables: shared memory too large (integer overflow)");
    m->var_count++;
    return true;
}

static bool read_variables(model_ctx *c)
{
    yaml_node_t *list = gr_yaml_get(&c->y, c->root, "variables");
    if (!list)
        return true;
    if (list->type != YAML_SEQUENCE_NODE)
        return gr_yaml_error(c->err, &c->y, list, "variables must be a list");
    for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top; it++) {
        if (c->m->var_count == GR_MODEL_MAX_VARS)
            return gr_yaml_error(c->err, &c->y, list, "more than %d variables", GR_MODEL_MAX_VARS);
        if (!read_variable(c, yaml_document_get_node(&c->y.doc, *it)))
            return false;
    }
    return gr_model_total_bytes(c->m) ||
           gr_yaml_error(c->err, &c->y, list, "variables: the bytes read + written are not a finite number");
}

/* ---- derived values, notes -------------------------------------------- */

static bool read_derived(model_ctx *c)
{
    yaml_node_t *derived = gr_yaml_get(&c->y, c->root, "derived");
    gr_model *m = c->m;
    if (!derived)
        return true;
    if (derived->type != YAML_MAPPING_NODE)
        return gr_yaml_error(c->err, &c->y, derived, "derived must be a mapping of names to formulas");
    c->known |= KNOW_RESULTS;
    for (yaml_node_pair_t *pair = derived->data.mapping.pairs.start; pair < derived->data.mapping.pairs.top; pair++) {
        yaml_node_t *key = yaml_document_get_node(&c->y.doc, pair->key);
        yaml_node_t *value = yaml_document_get_node(&c->y.doc, pair->value);
        const char *name = gr_yaml_scalar(key);
        gr_model_value *d = &m->derived[m->derived_count];
        gr_value ignored;
        if (m->derived_count == GR_MODEL_MAX_DERIVED)
            return gr_yaml_error(c->err, &c->y, derived, "more than %d derived values", GR_MODEL_MAX_DERIVED);
        if (!name || !is_identifier(name) || strlen(name) >= GR_MODEL_NAME_SIZE)
            return gr_yaml_error(c->err, &c->y, key, "derived: '%s' is not a name", name ? name : "?");
        if (lookup(c, name, strlen(name), &ignored) || is_result_name(name))
            return gr_yaml_error(c->err, &c->y, key, "derived: '%s' is already a name in the model", name);
        if (!eval_node(c, value, place_of("derived.%s", name).text, &d->value))
            return false;
        d->name = gr_pool_textf(&m->texts, GR_MODEL_NAME_SIZE, "%s", name);
        d->formula = gr_pool_textf(&m->texts, GR_MODEL_FORMULA_SIZE, "%s", gr_yaml_scalar(value));
        m->derived_count++;
    }
    return true;
}

static bool read_optional_string(model_ctx *c, const char *key, size_t size, const char **out)
{
    yaml_node_t *node = gr_yaml_get(&c->y, c->root, key);
    return !node || read_text(c, node, key, size, out);
}

static bool read_header(model_ctx *c)
{
    yaml_node_t *name = gr_yaml_require(&c->y, c->root, "the model", "name", c->err);
    if (!name || !read_text(c, name, "name", GR_MODEL_NAME_SIZE, &c->m->name))
        return false;
    c->m->title = c->m->name; /* a name fits the title's size */
    return read_optional_string(c, "title", GR_MODEL_FORMULA_SIZE, &c->m->title) &&
           read_optional_string(c, "notes", GR_MODEL_NOTES_SIZE, &c->m->notes);
}

/* Reads the model out of a loaded document; frees the document. */
static bool model_from_yaml(model_ctx *c, const gr_define *defines, int define_count)
{
    c->root = gr_yaml_root(&c->y);
    c->known = KNOW_PARAMS;
    bool ok = gr_yaml_check_mapping(&c->y, c->root, "the model", top_keys, c->err) && read_header(c) &&
              read_parameters(c, defines, define_count) && read_launch(c) && read_flops(c) &&
              read_bytes(c) && read_level_bytes(c, "shared_bytes", &c->m->shared) &&
              read_level_bytes(c, "l2_bytes", &c->m->l2) && read_registers(c) && read_variables(c) &&
              read_derived(c);
    gr_yaml_free(&c->y);
    if (ok && gr_pool_failed(&c->m->texts))
        ok = gr_error_set(c->err, "%s: out of memory", c->m->path);
    if (!ok)
        gr_model_free(c->m);
    return ok;
}

/* A model of nothing: no entries, every text "". */
static void blank(gr_model *m)
{
    memset(m, 0, sizeof *m);
    m->path = m->name = m->title = m->grid_formula = m->block_formula = "";
    m->flops_note = m->bytes_note = m->shared.note = m->l2.note = m->notes = "";
}

static void model_start(model_ctx *c, const char *name, gr_model *out, gr_error *err)
{
    memset(c, 0, sizeof *c);
    blank(out);
    c->m = out;
    c->err = err;
    out->path = gr_pool_textf(&out->texts, GR_MODEL_PATH_SIZE, "%s", name);
}

void gr_model_free(gr_model *m)
{
    gr_pool_free(&m->texts);
    blank(m);
}

bool gr_model_load(const char *path, const gr_define *defines, int define_count, gr_model *out, gr_error *err)
{
    model_ctx c;
    model_start(&c, path, out, err);
    if (!gr_yaml_load_file(&c.y, path, err))
        return (gr_model_free(out), false);
    return model_from_yaml(&c, defines, define_count);
}

bool gr_model_load_buffer(const char *name, const char *text, size_t len, const gr_define *defines,
                          int define_count, gr_model *out, gr_error *err)
{
    model_ctx c;
    model_start(&c, name, out, err);
    if (!gr_yaml_load_buffer(&c.y, name, text, len, err))
        return (gr_model_free(out), false);
    return model_from_yaml(&c, defines, define_count);
}

bool gr_define_parse(char *text, gr_define *out)
{
    char *eq = strchr(text, '=');
    if (!eq || eq == text)
        return false;
    *eq = '\0';
    out->name = text;
    out->value = eq + 1;
    return true;
}

static gr_model_level_figures level_figures(const gr_model *m, const gr_model_level_bytes *level)
{
    double bytes = gr_value_as_double(level->bytes), flops = gr_value_as_double(m->flops);
    return (gr_model_level_figures){
        .bytes_per_thread = level->given ? bytes / (double)m->threads : NAN,
        .intensity = level->given && flops > 0 && bytes > 0 ? flops / bytes : NAN,
    };
}

void gr_model_figures_of(const gr_model *m, gr_model_figures *out)
{
    double threads = (double)m->threads;
    double read = gr_value_as_double(m->bytes_read), written = gr_value_as_double(m->bytes_written);
    *out = (gr_model_figures){
        .flops_per_thread = gr_value_as_double(m->flops) / threads,
        .read_per_thread = read / threads,
        .written_per_thread = written / threads,
        .bytes_per_thread = (read + written) / threads,
        .bytes_moved = read + written,
        .l2 = level_figures(m, &m->l2),
        .shared = level_figures(m, &m->shared),
    };
}
