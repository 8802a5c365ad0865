/* The reader of Nsight Compute's CSV (ncu_report.h): finds the header
 * among the lines of ncu and of the application, then reads each launch's
 * row (the raw page) or rows (the details page) through the metric table. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "ncu_report.h"
#include "gpuroof_text.h"

#define NONE ((size_t)-1)

/* A field's text quoted in a message (shown): a value, so that a message
 * needs no array for it (shown(s).text). */
typedef struct {
    char text[64];
} shown_text;

typedef struct {
    const char *file;
    gr_error *err;
    gr_ncu_report *out;
    gr_ncu_metric_index index;
    gr_csv_row row;
    gr_span line;
    unsigned long number; /* the line's */
    bool cut;             /* the text ends in it, without a newline */
    /* the header */
    bool have_header, quoted, units_pending;
    unsigned long header_line;
    size_t columns;
    long *metric;       /* a column's row of gr_ncu_metrics, or -1 (raw page) */
    gr_ncu_unit *unit;  /* its unit, from the units row */
    size_t id, kernel, block, grid, cc, gpu_name, name, unit_column, value;
    size_t rule_name, rule_type, rule_text, rule_speedup_type, rule_speedup; /* the details page's rule columns */
    /* the width of a table a section embeds in the details page (--set
     * full's "NUMA Affinity": a header "GPU ID", ... and its rows), 0
     * outside one: its rows are the section's, not launches */
    size_t table_width;
    bool command_line; /* a line before the header was the session page's "Profiler Command Line" */
    size_t current;     /* the launch the details page's last row was of */
    /* the details page's launches by ID: a hash table of launch index + 1
     * (0: empty), at most half full, so that rows in any ID order cost the
     * same */
    size_t *by_id, by_id_slots;
    char ncu_said[160]; /* ncu's first ==ERROR== line, or its word that it profiled nothing */
    /* details rows whose Metric Name is a label ("Duration": no metric
     * name has a space), the first of them, and rows of a known metric */
    size_t label_rows, metric_rows;
    unsigned long label_line;
    shown_text label;
} reader;

static unsigned long column_of(const reader *r, gr_span at)
{
    return at.p >= r->line.p && at.p <= r->line.p + r->line.n ? (unsigned long)(at.p - r->line.p) + 1 : 1;
}

static bool fail_at(reader *r, gr_span at, const char *fmt, ...) GR_PRINTF(3, 4);
static bool fail_at(reader *r, gr_span at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_error_vat(r->err, r->file, r->number, column_of(r, at), fmt, ap);
    va_end(ap);
    return false;
}

/* A field's text quoted in a message: at most 60 bytes, control bytes as '?'. */
static shown_text shown(gr_span s)
{
    shown_text out;
    size_t n = s.n > 60 ? 60 : s.n;
    for (size_t i = 0; i < n; i++)
        out.text[i] = (unsigned char)s.p[i] < 0x20 || s.p[i] == 0x7f ? '?' : s.p[i];
    strcpy(out.text + n, s.n > 60 ? "..." : "");
    return out;
}

/* "WHAT is 'FIELD'RULE", at the field. */
static bool fail_field(reader *r, size_t field, const char *what, const char *rule)
{
    gr_span at = r->row.fields[field].text;
    return fail_at(r, at, "%s is '%s'%s", what, shown(at).text, rule);
}

/* ---- text the report must hold as text ------------------------------------ */

/* The length of the UTF-8 sequence at s.p[i] (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0 where there is none. */
static size_t utf8_length(gr_span s, size_t i)
{
    unsigned char c = (unsigned char)s.p[i];
    size_t more = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 9;
    if (more == 9 || i + more >= s.n)
        return 0;
    for (size_t k = 1; k <= more; k++)
        if (((unsigned char)s.p[i + k] & 0xc0) != 0x80)
            return 0;
    unsigned char next = more ? (unsigned char)s.p[i + 1] : 0x80;
    if ((c == 0xe0 && next < 0xa0) || (c == 0xed && next >= 0xa0) || (c == 0xf0 && next < 0x90) ||
        (c == 0xf4 && next >= 0x90))
        return 0;
    return more + 1;
}

/* Whether s is UTF-8 without control characters: a kernel's or a GPU's
 * name, which the JSON output must be able to hold. */
static bool utf8_text(gr_span s)
{
    for (size_t i = 0; i < s.n;) {
        size_t n = utf8_length(s, i);
        if (n == 0 || (unsigned char)s.p[i] < 0x20 || s.p[i] == 0x7f)
            return false;
        i += n;
    }
    return true;
}

static char *copy_text(reader *r, size_t field, const char *what)
{
    const gr_csv_field *f = &r->row.fields[field];
    if (!utf8_text(f->text)) {
        fail_field(r, field, what, ": not UTF-8 text");
        return NULL;
    }
    char *text = gr_csv_field_copy(f);
    if (!text)
        gr_error_set(r->err, "%s:%lu: out of memory", r->file, r->number);
    return text;
}

/* ---- the header ------------------------------------------------------------ */

static size_t column_named(const gr_csv_row *row, const char *name)
{
    for (size_t i = 0; i < row->count; i++)
        if (gr_csv_field_is(&row->fields[i], name))
            return i;
    return NONE;
}

static bool allocate_columns(reader *r)
{
    free(r->metric);
    free(r->unit);
    r->columns = r->row.count;
    r->metric = malloc(r->columns * sizeof *r->metric);
    r->unit = calloc(r->columns, sizeof *r->unit);
    if (!r->metric || !r->unit)
        return gr_error_set(r->err, "%s:%lu: out of memory", r->file, r->number);
    return true;
}

/* The raw page's metric columns: each named by the table, once. */
static void map_metrics(reader *r)
{
    bool taken[GR_NCU_MAX_METRICS] = {false};
    for (size_t i = 0; i < r->columns; i++) {
        const gr_csv_field *f = &r->row.fields[i];
        long m = f->escaped ? -1 : gr_ncu_metric_find(&r->index, f->text);
        r->metric[i] = m >= 0 && !taken[m] ? m : -1;
        if (r->metric[i] >= 0)
            taken[m] = true;
    }
}

/* The columns every page must have, and the details page's own. */
static bool required_columns(reader *r, gr_ncu_page page)
{
    static const char *const details[] = {"Metric Name", "Metric Unit", "Metric Value"};
    gr_span first = r->row.fields[0].text;
    if (r->kernel == NONE)
        return fail_at(r, first, "the header has no \"Kernel Name\" column");
    for (size_t i = 0; page == GR_NCU_PAGE_DETAILS && i < 3; i++)
        if (column_named(&r->row, details[i]) == NONE)
            return fail_at(r, first, "the details page's header has no \"%s\" column", details[i]);
    return true;
}

static bool take_header(reader *r)
{
    gr_ncu_page page = gr_ncu_header_page(&r->row);
    if (r->have_header && page != r->out->page)
        return fail_at(r, r->row.fields[0].text, "a %s page's header after the %s page's: one page a file",
                       gr_ncu_page_name(page), gr_ncu_page_name(r->out->page));
    if (!allocate_columns(r))
        return false;
    r->out->page = page;
    r->have_header = true;
    r->quoted = r->row.fields[0].quoted;
    r->header_line = r->number;
    r->units_pending = page == GR_NCU_PAGE_RAW;
    r->id = 0;
    r->kernel = column_named(&r->row, "Kernel Name");
    r->block = column_named(&r->row, "Block Size");
    r->grid = column_named(&r->row, "Grid Size");
    r->cc = column_named(&r->row, "CC");
    r->gpu_name = column_named(&r->row, "device__attribute_display_name");
    r->name = column_named(&r->row, "Metric Name");
    r->unit_column = column_named(&r->row, "Metric Unit");
    r->value = column_named(&r->row, "Metric Value");
    r->rule_name = column_named(&r->row, "Rule Name");
    r->rule_type = column_named(&r->row, "Rule Type");
    r->rule_text = column_named(&r->row, "Rule Description");
    r->rule_speedup_type = column_named(&r->row, "Estimated Speedup Type");
    r->rule_speedup = column_named(&r->row, "Estimated Speedup");
    for (size_t i = 0; i < r->columns; i++)
        r->metric[i] = -1;
    if (page == GR_NCU_PAGE_RAW)
        map_metrics(r);
    return required_columns(r, page);
}

/* ---- units ----------------------------------------------------------------- */

/* The unit of metric m in field (a units row's, or a details row's Metric Unit). */
static bool read_unit(reader *r, size_t field, long m, gr_ncu_unit *out)
{
    const gr_csv_field *f = &r->row.fields[field];
    const char *expected;
    if (f->escaped || !gr_ncu_unit_parse(f->text, out))
        return fail_at(r, f->text, "unknown unit '%s' of %s (ncu-input.md, with gpuroof's documents, lists those it reads)",
                       shown(f->text).text, gr_ncu_metrics[m].name);
    if (!gr_ncu_unit_fits(&gr_ncu_metrics[m], out, &expected))
        return fail_at(r, f->text, "%s is in '%s', which is not %s", gr_ncu_metrics[m].name, shown(f->text).text,
                       expected);
    return true;
}

static bool take_units(reader *r)
{
    if (r->row.count != r->columns)
        return fail_at(r, (gr_span){r->line.p + r->line.n, 0}, "the units row has %zu fields, its header (line %lu) %zu",
                       r->row.count, r->header_line, r->columns);
    for (size_t i = 0; i < r->columns; i++)
        if (r->metric[i] >= 0 && !read_unit(r, i, r->metric[i], &r->unit[i]))
            return false;
    r->units_pending = false;
    return true;
}

/* ---- values ---------------------------------------------------------------- */

static bool value_error(reader *r, size_t field, long m, gr_ncu_value_status s)
{
    const char *name = gr_ncu_metrics[m].name;
    switch (s) {
    case GR_NCU_VALUE_TOO_LARGE:
        return fail_field(r, field, name, ", above any 64-bit counter (18446744073709551615)");
    case GR_NCU_VALUE_NEGATIVE:
        return fail_field(r, field, name, ": negative");
    case GR_NCU_VALUE_TOO_LONG:
        return fail_field(r, field, name, ", longer than any number ncu prints");
    default:
        return fail_field(r, field, name, ", which is no number");
    }
}

static bool read_value(reader *r, size_t field, long m, const gr_ncu_unit *unit, double *out)
{
    double v = NAN;
    gr_ncu_value_status s = gr_ncu_value_parse(r->row.fields[field].text, &v);
    if (s != GR_NCU_VALUE_OK && s != GR_NCU_VALUE_ABSENT)
        return value_error(r, field, m, s);
    v *= unit->scale;
    if (s == GR_NCU_VALUE_OK && !(v <= GR_NCU_VALUE_MAX))
        return fail_field(r, field, gr_ncu_metrics[m].name, ", which in base units is above any 64-bit counter");
    *out = v;
    return true;
}

/* "(32, 32, 1)" into xyz; "" or "n/a" leaves -1. */
static bool read_shape(reader *r, size_t field, const char *what, long long xyz[3])
{
    xyz[0] = xyz[1] = xyz[2] = -1;
    if (field == NONE)
        return true;
    gr_span s = gr_span_trim(r->row.fields[field].text);
    double ignored;
    if (gr_ncu_value_parse(s, &ignored) == GR_NCU_VALUE_ABSENT)
        return true;
    if (!gr_span_starts(s, "(") || s.n < 2 || s.p[s.n - 1] != ')')
        return fail_field(r, field, what, ", not '(X, Y, Z)'");
    s = (gr_span){s.p + 1, s.n - 2};
    gr_span part;
    for (int i = 0; i < 3; i++) {
        int64_t n;
        if (!gr_span_split(&s, ',', &part))
            return fail_field(r, field, what, ", not '(X, Y, Z)'");
        part = gr_span_trim(part);
        if (!gr_span_take_number(&part, &n) || part.n != 0)
            return fail_field(r, field, what, ", not '(X, Y, Z)'");
        xyz[i] = n;
    }
    if (s.p != NULL)
        return fail_field(r, field, what, ", not '(X, Y, Z)'");
    return true;
}

/* The GPU the launch ran on: one for the whole report. */
static bool take_gpu_name(reader *r, size_t field)
{
    gr_span name = r->row.fields[field].text;
    double ignored;
    if (gr_ncu_value_parse(name, &ignored) == GR_NCU_VALUE_ABSENT)
        return true;
    if (!utf8_text(name) || r->row.fields[field].escaped || name.n >= sizeof r->out->gpu.name)
        return fail_field(r, field, "device__attribute_display_name", ": no GPU's name");
    if (r->out->gpu.name[0] == '\0') {
        memcpy(r->out->gpu.name, name.p, name.n);
        r->out->gpu.name[name.n] = '\0';
        return true;
    }
    if (!gr_span_equal(name, r->out->gpu.name)) {
        return fail_at(r, name, "this launch ran on '%s', those before it on '%s': read one GPU's launches at a "
                       "time (ncu --devices)", shown(name).text, r->out->gpu.name);
    }
    return true;
}

/* ---- launches -------------------------------------------------------------- */

static gr_ncu_launch *new_launch(reader *r, long long id)
{
    gr_ncu_report *out = r->out;
    gr_ncu_launch *launches = gr_grow(out->launches, &out->capacity, out->count, sizeof *launches, 64);
    if (!launches)
        return NULL;
    out->launches = launches;
    gr_ncu_launch *l = &out->launches[out->count];
    *l = (gr_ncu_launch){.id = id, .line = r->number};
    l->values = malloc(gr_ncu_metric_count * sizeof *l->values);
    if (!l->values)
        return NULL;
    for (size_t i = 0; i < gr_ncu_metric_count; i++)
        l->values[i] = NAN;
    out->count++;
    l->kernel = copy_text(r, r->kernel, "the kernel's name");
    if (!l->kernel || !read_shape(r, r->block, "Block Size", l->block) ||
        !read_shape(r, r->grid, "Grid Size", l->grid))
        return NULL;
    if (r->cc != NONE && r->out->cc[0] == '\0') {
        gr_span cc = r->row.fields[r->cc].text;
        if (utf8_text(cc) && cc.n < sizeof r->out->cc)
            memcpy(r->out->cc, cc.p, cc.n), r->out->cc[cc.n] = '\0';
        int major, minor;
        if (sscanf(r->out->cc, "%d.%d", &major, &minor) == 2 &&
            !(major >= 0 && major < 100 && minor >= 0 && minor < 10 && gr_arch_sm_in_range(major * 10 + minor))) {
            fail_at(r, cc, "the column \"CC\" says compute capability %s, which no GPU has (1.0 to %d.9)",
                    r->out->cc, GR_ARCH_SM_MAX / 10);
            return NULL;
        }
    }
    return l;
}

/* A launch could not be added: memory, or its name or shape (err says). */
static bool no_launch(reader *r)
{
    if (r->err && r->err->text[0] == '\0')
        gr_error_set(r->err, "%s:%lu: out of memory", r->file, r->number);
    return false;
}

static bool take_raw_row(reader *r, long long id)
{
    gr_ncu_launch *l = new_launch(r, id);
    if (!l)
        return no_launch(r);
    for (size_t i = 0; i < r->columns; i++) {
        long m = r->metric[i];
        if (m >= 0 && !read_value(r, i, m, &r->unit[i], &l->values[m]))
            return false;
        if (m >= 0)
            r->out->has_metric[m] = true;
    }
    return r->gpu_name == NONE || take_gpu_name(r, r->gpu_name);
}

static size_t id_slot(const reader *r, long long id)
{
    uint64_t h = (uint64_t)id * 0x9E3779B97F4A7C15u;
    size_t s = (size_t)(h >> 32) & (r->by_id_slots - 1);
    while (r->by_id[s] && r->out->launches[r->by_id[s] - 1].id != id)
        s = (s + 1) & (r->by_id_slots - 1);
    return s;
}

/* Makes room for one more launch in the table: doubled when half full. */
static bool grow_by_id(reader *r)
{
    if (2 * (r->out->count + 1) <= r->by_id_slots)
        return true;
    size_t slots = r->by_id_slots ? 2 * r->by_id_slots : 128;
    size_t *table = calloc(slots, sizeof *table);
    if (!table)
        return false;
    free(r->by_id);
    r->by_id = table;
    r->by_id_slots = slots;
    for (size_t i = 0; i < r->out->count; i++)
        r->by_id[id_slot(r, r->out->launches[i].id)] = i + 1;
    return true;
}

/* The details page's launch of this ID: the last row's, or an earlier
 * one's, or a new one. */
static gr_ncu_launch *details_launch(reader *r, long long id)
{
    gr_ncu_report *out = r->out;
    if (out->count && out->launches[r->current].id == id)
        return &out->launches[r->current];
    if (!grow_by_id(r))
        return NULL;
    size_t slot = id_slot(r, id);
    if (r->by_id[slot]) {
        r->current = r->by_id[slot] - 1;
        return &out->launches[r->current];
    }
    gr_ncu_launch *l = new_launch(r, id);
    r->current = out->count - 1;
    if (l)
        r->by_id[slot] = out->count;
    return l;
}

/* A field's text into buf (size bytes), cut short where longer: "" where
 * the row has no such field. */
static void field_text(const reader *r, size_t field, char *buf, size_t size)
{
    buf[0] = '\0';
    if (field == NONE || field >= r->row.count)
        return;
    gr_span t = r->row.fields[field].text;
    size_t n = t.n < size - 1 ? t.n : size - 1;
    memcpy(buf, t.p, n);
    buf[n] = '\0';
}

/* A rule's name and type are words (LaunchConfiguration, OPT): letters,
 * digits and '_' only, so nothing else reaches a terminal. */
static bool word_field(reader *r, size_t field, const char *what)
{
    if (field == NONE || field >= r->row.count)
        return true;
    gr_span t = r->row.fields[field].text;
    for (size_t i = 0; i < t.n; i++) {
        char c = t.p[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return fail_field(r, field, what, ": not a word (letters, digits and '_')");
    }
    return true;
}

static bool grow_rules(gr_ncu_launch *l)
{
    gr_ncu_rule *rules = gr_grow(l->rules, &l->rule_capacity, l->rule_count, sizeof *rules, 8);
    if (!rules)
        return false;
    l->rules = rules;
    return true;
}

/* A row that carries one of Nsight Compute's rules (its Rule Name not
 * empty): kept with the launch, its estimated speedup a number or none. */
static bool take_rule(reader *r, gr_ncu_launch *l)
{
    if (!grow_rules(l))
        return no_launch(r);
    gr_ncu_rule *rule = &l->rules[l->rule_count];
    *rule = (gr_ncu_rule){.speedup_pct = NAN};
    if (!word_field(r, r->rule_name, "the rule's name") || !word_field(r, r->rule_type, "the rule's type"))
        return false;
    field_text(r, r->rule_name, rule->name, sizeof rule->name);
    field_text(r, r->rule_type, rule->type, sizeof rule->type);
    rule->kind = gr_rule_kind_of(rule->name);
    rule->global = r->rule_speedup_type != NONE && r->rule_speedup_type < r->row.count &&
                   gr_span_equal(r->row.fields[r->rule_speedup_type].text, "global");
    if (r->rule_speedup != NONE && r->rule_speedup < r->row.count) {
        gr_span v = r->row.fields[r->rule_speedup].text;
        gr_ncu_value_status status = v.n ? gr_ncu_value_parse(v, &rule->speedup_pct) : GR_NCU_VALUE_ABSENT;
        if (status != GR_NCU_VALUE_OK && status != GR_NCU_VALUE_ABSENT)
            return fail_field(r, r->rule_speedup, "the rule's estimated speedup", ": not a number of percent");
    }
    if (r->rule_text != NONE && r->rule_text < r->row.count &&
        !(rule->text = copy_text(r, r->rule_text, "the rule's description")))
        return false;
    l->rule_count++;
    r->out->rules++;
    return true;
}

static bool is_rule_row(const reader *r)
{
    return r->rule_name != NONE && r->rule_name < r->row.count && r->row.fields[r->rule_name].text.n > 0;
}

static bool take_details_row(reader *r, long long id)
{
    gr_ncu_launch *l = details_launch(r, id);
    if (!l)
        return no_launch(r);
    if (is_rule_row(r))
        return take_rule(r, l);
    const gr_csv_field *name = &r->row.fields[r->name];
    if (gr_csv_field_is(name, "device__attribute_display_name"))
        return take_gpu_name(r, r->value);
    long m = name->escaped ? -1 : gr_ncu_metric_find(&r->index, name->text);
    if (m < 0) {
        if (memchr(name->text.p, ' ', name->text.n) && r->label_rows++ == 0) {
            r->label_line = r->number;
            r->label = shown(name->text);
        }
        return true; /* a metric gpuroof does not read, a label, or a rule's row */
    }
    r->metric_rows++;
    gr_ncu_unit unit;
    double v;
    /* a metric the chip lacks: "n/a", and no unit to check */
    if (gr_ncu_value_parse(r->row.fields[r->value].text, &v) == GR_NCU_VALUE_ABSENT &&
        r->row.fields[r->unit_column].text.n == 0)
        return true;
    if (!read_unit(r, r->unit_column, m, &unit) || !read_value(r, r->value, m, &unit, &v))
        return false;
    if (isnan(l->values[m])) /* a metric shown in two sections: the first */
        l->values[m] = v;
    r->out->has_metric[m] = true;
    return true;
}

/* A details page's row may stop short of its header: ncu leaves out the
 * rule columns after "Metric Value" (Rule Name, ..., Estimated Speedup)
 * of a metric's row where a section has rules.  Every column read must
 * be there. */
static bool details_row_fits(const reader *r)
{
    const size_t read[] = {r->kernel, r->block, r->grid, r->cc, r->gpu_name, r->name, r->unit_column, r->value};
    if (r->out->page != GR_NCU_PAGE_DETAILS || r->row.count > r->columns)
        return false;
    for (size_t i = 0; i < sizeof read / sizeof read[0]; i++)
        if (read[i] != NONE && read[i] >= r->row.count)
            return false;
    return true;
}

static bool take_launch(reader *r)
{
    long long id;
    gr_ncu_parse_id(r->row.fields[0].text, &id);
    if (r->units_pending)
        return fail_at(r, r->row.fields[0].text, "a launch row where the raw page's units row belongs (after its "
                       "header, line %lu)", r->header_line);
    if (r->out->page == GR_NCU_PAGE_DETAILS && r->table_width && r->row.count == r->table_width &&
        r->row.count < r->columns)
        return true; /* a row of a section's own table */
    r->table_width = 0;
    if (r->row.count != r->columns && !details_row_fits(r)) {
        gr_span end = {r->line.p + r->line.n, 0};
        if (r->cut && r->row.count < r->columns)
            return fail_at(r, end, "the file ends in the middle of this row (%zu fields, its header (line %lu) %zu): "
                           "is it cut short?", r->row.count, r->header_line, r->columns);
        return fail_at(r, end, "this row has %zu fields, its header (line %lu) %zu", r->row.count, r->header_line,
                       r->columns);
    }
    r->out->rows++;
    return r->out->page == GR_NCU_PAGE_RAW ? take_raw_row(r, id) : take_details_row(r, id);
}

/* ---- lines ----------------------------------------------------------------- */

/* The word after option in line, where it is there, into out (size bytes). */
static void option_word(gr_span line, const char *option, char *out, size_t size)
{
    long at = gr_span_find(line, option, false);
    if (at < 0 || out[0])
        return;
    size_t i = (size_t)at + strlen(option), n = 0;
    while (i < line.n && line.p[i] == ' ')
        i++;
    while (i < line.n && n + 1 < size && ((line.p[i] >= 'a' && line.p[i] <= 'z') || line.p[i] == '-'))
        out[n++] = line.p[i++];
    out[n] = '\0';
}

/* How ncu ran, from the session page's "Profiler Command Line" (gpuroof
 * ncu -o puts the page before the CSV) where a line before the header
 * has it. */
static void note_command_line(reader *r, gr_span line)
{
    if (r->have_header)
        return;
    if (gr_span_find(line, "Profiler Command Line", false) >= 0)
        r->command_line = true;
    if (!r->command_line)
        return;
    option_word(line, "--clock-control", r->out->clock_control, sizeof r->out->clock_control);
    option_word(line, "--cache-control", r->out->cache_control, sizeof r->out->cache_control);
}

/* What ncu said of a run that gave no CSV, for the error that says so. */
static void note_ncu(reader *r, gr_span line)
{
    note_command_line(r, line);
    if (r->ncu_said[0] || !(gr_span_starts(line, "==ERROR==") || gr_span_find(line, "No kernels were profiled", false) >= 0))
        return;
    snprintf(r->ncu_said, sizeof r->ncu_said, ": ncu said '%s'", shown(line).text);
}

/* A record that did not split: an error in a launch's row or after the
 * header, where no other output is expected to start with a quote and a
 * number; elsewhere some other program's line. */
static bool split_failed(reader *r, gr_csv_status status, size_t bad_at)
{
    long long id;
    gr_span first = r->line;
    const char *end = memchr(first.p + 1, '"', first.n > 0 ? first.n - 1 : 0);
    bool launch_like = end && gr_ncu_parse_id((gr_span){first.p + 1, (size_t)(end - first.p - 1)}, &id);
    if (!r->have_header || !(launch_like || r->cut))
        return true;
    gr_span at = {r->line.p + bad_at, 0};
    if (r->cut)
        return fail_at(r, at, "the file ends in the middle of this row (%s): is it cut short?",
                       gr_csv_status_text(status));
    return fail_at(r, at, "%s", gr_csv_status_text(status));
}

static bool read_record(reader *r)
{
    gr_ncu_line kind = gr_ncu_record_kind(&r->row);
    if (kind == GR_NCU_LINE_HEADER)
        return take_header(r);
    if (!r->have_header) {
        if (gr_ncu_looks_like_header(&r->row))
            return fail_at(r, r->row.fields[0].text, "a header row whose first column is '%s', not \"ID\": "
                           "Nsight Compute's CSV starts with its ID column", shown(r->row.fields[0].text).text);
        return true;
    }
    if (kind == GR_NCU_LINE_UNITS && r->units_pending)
        return take_units(r);
    if (kind == GR_NCU_LINE_LAUNCH)
        return take_launch(r);
    if (r->row.count == r->columns && r->out->page == GR_NCU_PAGE_RAW) {
        return fail_at(r, r->row.fields[0].text, "the ID column holds '%s', not a launch's ID",
                       shown(r->row.fields[0].text).text);
    }
    if (r->out->page == GR_NCU_PAGE_DETAILS && r->row.count < r->columns && r->row.count > 1)
        r->table_width = r->row.count; /* a section's table's header */
    return true; /* another program's line */
}

static bool read_line(void *ctx, gr_span line, unsigned long number, bool cut)
{
    reader *r = ctx;
    r->line = line;
    r->number = number;
    r->cut = cut;
    if (number == 1 && gr_span_starts(line, "\xef\xbb\xbf")) /* a byte-order mark */
        r->line = line = gr_span_skip(line, 3);
    bool quoted = r->have_header ? r->quoted : !gr_span_starts(line, "ID,");
    if (!gr_ncu_line_is_record(line, quoted)) {
        note_ncu(r, line);
        return true;
    }
    size_t bad_at = 0;
    gr_csv_status status = gr_csv_split(line, &r->row, &bad_at);
    if (status == GR_CSV_NO_MEMORY)
        return gr_error_set(r->err, "%s:%lu: out of memory", r->file, number);
    if (status != GR_CSV_OK)
        return split_failed(r, status, bad_at);
    return read_record(r);
}

/* ---- the whole --------------------------------------------------------------- */

/* A compute capability a launch gives: whole, and one of an architecture
 * some GPU could have (gr_arch_sm_in_range), else no figure to narrow. */
static bool cc_in_range(reader *r, const gr_ncu_launch *l, double major, double minor)
{
    bool whole = major == floor(major) && minor == floor(minor) && major >= 0 && minor >= 0 && minor <= 9 &&
                 major <= 1000;
    if (whole && gr_arch_sm_in_range((int)major * 10 + (int)minor))
        return true;
    return gr_error_at(r->err, r->file, l->line, 1,
                       "the launch %lld of %s has compute capability %.15g.%.15g, which no GPU has (1.0 to %d.9)", l->id,
                       l->kernel ? l->kernel : "?", major, minor, GR_ARCH_SM_MAX / 10);
}

/* The GPU's figures, from the first launch that has each; counts past
 * 10^9 are no GPU's and are left unknown. */
static bool take_gpu(reader *r, gr_ncu_report *out)
{
    static const gr_ncu_quantity wanted[] = {GR_NCU_Q_CC_MAJOR, GR_NCU_Q_CC_MINOR, GR_NCU_Q_SM_COUNT, GR_NCU_Q_SMEM_SM};
    double found[4] = {NAN, NAN, NAN, NAN};
    for (size_t i = 0; i < out->count; i++) {
        double q[GR_NCU_Q_COUNT];
        int from[GR_NCU_Q_COUNT];
        int lacking[GR_NCU_Q_COUNT];
        gr_ncu_resolve(out->launches[i].values, GR_NCU_CHIP_UNKNOWN, q, from, lacking);
        if (!isnan(q[GR_NCU_Q_CC_MAJOR]) &&
            !cc_in_range(r, &out->launches[i], q[GR_NCU_Q_CC_MAJOR], isnan(q[GR_NCU_Q_CC_MINOR]) ? 0 : q[GR_NCU_Q_CC_MINOR]))
            return false;
        for (int k = 0; k < 4; k++)
            if (isnan(found[k]) && q[wanted[k]] <= 1e9 && q[wanted[k]] >= 0)
                found[k] = floor(q[wanted[k]]);
    }
    int major, minor;
    if (isnan(found[0]) && sscanf(out->cc, "%d.%d", &major, &minor) == 2 && major >= 0 && major < 100 &&
        minor >= 0 && minor < 100 && gr_arch_sm_in_range(major * 10 + minor))
        found[0] = major, found[1] = minor;
    out->gpu.cc_major = isnan(found[0]) ? 0 : (int)found[0];
    out->gpu.cc_minor = isnan(found[1]) ? 0 : (int)found[1];
    out->gpu.sm_count = isnan(found[2]) ? 0 : (int)found[2];
    out->gpu.smem_sm = isnan(found[3]) ? 0 : (long long)found[3];
    if (!isnan(found[0]))
        out->chip = gr_ncu_chip_of_cc(out->gpu.cc_major, out->gpu.cc_minor, out->gpu.name);
    for (size_t i = 0; i < out->count; i++)
        out->launches[i].chip = out->chip;
    return true;
}

static bool finish(reader *r, size_t len)
{
    if (!r->have_header) {
        if (len == 0)
            return gr_error_at(r->err, r->file, 1, 1, "empty: no Nsight Compute CSV in it");
        return gr_error_at(r->err, r->file, r->number ? r->number : 1, 1,
                           "no Nsight Compute CSV: no row starts with the column \"ID\" (ncu --csv prints one)%s",
                           r->ncu_said);
    }
    if (r->units_pending)
        return gr_error_at(r->err, r->file, r->header_line, 1,
                           "the raw page's header is not followed by its units row: is the file cut short?");
    if (r->out->count == 0)
        return gr_error_at(r->err, r->file, r->header_line, 1, "the header is followed by no launch%s",
                           r->ncu_said);
    if (r->label_rows > 0 && r->metric_rows == 0)
        return gr_error_at(r->err, r->file, r->label_line, 1,
                           "the details page names its metrics by their labels ('%s'), not as gpuroof reads them "
                           "(gpu__time_duration.sum): record it with ncu --print-metric-name name, or --page raw",
                           r->label.text);
    if (r->command_line) { /* what ncu's command line leaves out, ncu's defaults */
        if (!r->out->clock_control[0])
            snprintf(r->out->clock_control, sizeof r->out->clock_control, "base");
        if (!r->out->cache_control[0])
            snprintf(r->out->cache_control, sizeof r->out->cache_control, "all");
    }
    return take_gpu(r, r->out);
}

/* False, with err saying what it is, where the file is no CSV at all but
 * something gpuroof knows: the committed reports are gzip files, and a
 * torch.profiler trace is JSON (gpuroof trace's); a reader handed one
 * deserves the way in, not "no CSV" at a line of binary or JSON. */
static bool could_be_csv(const char *file, const char *text, size_t len, gr_error *err)
{
    size_t name = strlen(file), first = 0;
    while (first < len && (text[first] == ' ' || text[first] == '\t' || text[first] == '\n' || text[first] == '\r'))
        first++;
    bool json = first < len && text[first] == '{';
    bool gz = len >= 2 && (unsigned char)text[0] == 0x1f && (unsigned char)text[1] == 0x8b;
    if (json || (gz && name > 8 && strcmp(file + name - 8, ".json.gz") == 0))
        return gr_error_set(err, "%s: byte %zu: %s, not Nsight Compute's CSV: a torch.profiler trace is gpuroof "
                                 "trace's (gpuroof trace %s)",
                            file, json ? first : 0, json ? "a JSON document" : "gzip-compressed JSON", file);
    if (gz)
        return gr_error_set(err, "%s: byte 0: gzip-compressed, not a CSV: decompress it first (zcat %s | gpuroof ncu -)",
                            file, file);
    return true;
}

bool gr_ncu_read(const char *file, const char *text, size_t len, gr_ncu_report *out, gr_error *err)
{
    reader r = {.file = file, .err = err, .out = out};
    *out = (gr_ncu_report){0};
    if (err)
        err->text[0] = '\0';
    if (!could_be_csv(file, text, len, err))
        return false;
    gr_ncu_metric_index_init(&r.index);
    bool ok = gr_span_each_line(text, len, read_line, &r) && finish(&r, len);
    gr_csv_row_free(&r.row);
    free(r.by_id);
    free(r.metric);
    free(r.unit);
    if (!ok)
        gr_ncu_report_free(out);
    return ok;
}

void gr_ncu_report_free(gr_ncu_report *r)
{
    for (size_t i = 0; i < r->count; i++) {
        free(r->launches[i].kernel);
        free(r->launches[i].values);
        for (size_t k = 0; k < r->launches[i].rule_count; k++)
            free(r->launches[i].rules[k].text);
        free(r->launches[i].rules);
    }
    free(r->launches);
    *r = (gr_ncu_report){0};
}
