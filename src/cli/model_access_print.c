/* The model command's account of variables accessed in memory: each
 * counted variable's accesses with and without volatile, which memory they
 * touch, and the kernel's traffic either way (model_print.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include "cli.h"
#include "model_print.h"
#include "out_fields.h"
#include "output.h"

static const char *case_name(gr_access_case as)
{
    return as == GR_ACCESS_VOLATILE ? "volatile" : "plain";
}

/* "volatile: 256 reads + 1 write = 1028 B: ..." of one case, in all. */
static void print_case(const gr_model_var *v, gr_access_case as)
{
    int64_t r = gr_access_count(v, as, false), w = gr_access_count(v, as, true);
    gr_buf label = GR_BUF_INIT, text = GR_BUF_INIT;
    gr_buf_addf(&text, "%" PRId64 " read%s", r, r == 1 ? "" : "s");
    if (v->access.writes > 0)
        gr_buf_addf(&text, " + %" PRId64 " write%s", w, w == 1 ? "" : "s");
    gr_buf_addf(&text, " = %" PRId64 " B: %s", gr_access_bytes(v, as, false) + gr_access_bytes(v, as, true),
                gr_access_touches(v, as));
    gr_buf_addf(&label, "%s:", case_name(as));
    model_print_wrapped(gr_buf_text(&label), gr_buf_text(&text));
    gr_buf_free(&label);
    gr_buf_free(&text);
}

static void print_variable(const gr_model *m, const gr_model_var *v)
{
    gr_access_case declared = gr_access_declared(v);
    printf("  accesses       %s (%s, declared %s): in all, over %" PRId64 " threads\n", v->decl.name,
           gr_memory_name(v->decl.memory), case_name(declared), m->threads);
    print_case(v, GR_ACCESS_VOLATILE);
    print_case(v, GR_ACCESS_PLAIN);
}

static void print_traffic(const gr_model *m, gr_access_case as)
{
    gr_model_traffic t;
    gr_model_traffic_as(m, as, &t);
    bool declared_case = true;
    for (int i = 0; i < m->var_count; i++)
        if (m->vars[i].access.given && gr_access_declared(&m->vars[i]) != as)
            declared_case = false;
    printf("  %-13s  global memory %s B read + %s B written: %s FLOP/B%s\n",
           as == GR_ACCESS_VOLATILE ? "if volatile" : "if plain", OUT_NUM(t.bytes_read), OUT_NUM(t.bytes_written),
           isfinite(t.intensity) ? OUT_NUM(t.intensity) : "no intensity", declared_case ? " (as declared)" : "");
    if (isfinite(t.shared_bytes))
        printf("                 shared memory %s B: %s FLOP/B\n", OUT_NUM(t.shared_bytes),
               isfinite(t.shared_intensity) ? OUT_NUM(t.shared_intensity) : "no intensity");
}

void model_print_accesses(const gr_model *m)
{
    if (!gr_model_counts_accesses(m))
        return;
    for (int i = 0; i < m->var_count; i++)
        if (m->vars[i].access.given)
            print_variable(m, &m->vars[i]);
    print_traffic(m, GR_ACCESS_VOLATILE);
    print_traffic(m, GR_ACCESS_PLAIN);
}

void model_print_volatile_why(const gr_model *m)
{
    for (int i = 0; i < m->var_count; i++) {
        const char *why = gr_volatile_why(&m->vars[i]);
        gr_buf label = GR_BUF_INIT;
        gr_buf_addf(&label, "%s lives in", m->vars[i].decl.name);
        if (why)
            model_print_wrapped(gr_buf_text(&label), why);
        gr_buf_free(&label);
    }
}

/* A variable's accesses taken one way, as model --json shows them. */
typedef struct {
    int64_t reads, writes, bytes;
    const char *touches;
} access_case;

static const out_field case_fields[] = {
    OUT_INT64_ROW(access_case, reads, "reads"),
    OUT_INT64_ROW(access_case, writes, "writes"),
    OUT_INT64_ROW(access_case, bytes, "bytes"),
    OUT_STRING_ROW(access_case, touches, "touches"),
    OUT_END,
};

/* The two ways, in order: "volatile" as written, then "plain" without it. */
static const char *case_key(const void *record, int i)
{
    (void)record;
    return i == 0 ? "volatile" : "plain";
}

static gr_access_case case_of(int i)
{
    return i == 0 ? GR_ACCESS_VOLATILE : GR_ACCESS_PLAIN;
}

static json_t *case_json(const void *record, int i)
{
    const gr_model_var *v = record;
    gr_access_case as = case_of(i);
    access_case c = {gr_access_count(v, as, false), gr_access_count(v, as, true),
                     gr_access_bytes(v, as, false) + gr_access_bytes(v, as, true), gr_access_touches(v, as)};
    return out_fields_json(case_fields, &c);
}

static const out_field access_row = OUT_KEYED_ROW(NULL, 2, case_key, case_json);

json_t *model_access_json(const gr_model_var *v)
{
    if (!v->access.given)
        return json_null();
    return out_fields_value(&access_row, v);
}

static const out_field traffic_fields[] = {
    OUT_REAL_ROW(gr_model_traffic, bytes_read, "bytes_read"),
    OUT_REAL_ROW(gr_model_traffic, bytes_written, "bytes_written"),
    OUT_REAL_ROW(gr_model_traffic, bytes, "bytes"),
    OUT_NUMBER_ROW(gr_model_traffic, intensity, "intensity"),
    OUT_NUMBER_ROW(gr_model_traffic, shared_bytes, "shared_bytes"),
    OUT_NUMBER_ROW(gr_model_traffic, shared_intensity, "shared_intensity"),
    OUT_END,
};

static json_t *traffic_json(const void *record, int i)
{
    gr_model_traffic t;
    gr_model_traffic_as(record, case_of(i), &t);
    return out_fields_json(traffic_fields, &t);
}

static const out_field traffic_row = OUT_KEYED_ROW(NULL, 2, case_key, traffic_json);

json_t *model_traffic_json(const gr_model *m)
{
    if (!gr_model_counts_accesses(m))
        return json_null();
    return out_fields_value(&traffic_row, m);
}
