/* The model command's account of variables accessed in memory: each
 * counted variable's accesses with and without volatile, which memory they
 * touch, and the kernel's traffic either way (model_print.h). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include "cli.h"
#include "model_print.h"
#include "output.h"

static const char *case_name(gr_access_case as)
{
    return as == GR_ACCESS_VOLATILE ? "volatile" : "plain";
}

/* "volatile: 256 reads + 1 write = 1028 B: ..." of one case, in all. */
static void print_case(const gr_model_var *v, gr_access_case as)
{
    int64_t r = gr_access_count(v, as, false), w = gr_access_count(v, as, true);
    char label[32], text[512];
    int n = snprintf(text, sizeof text, "%" PRId64 " read%s", r, r == 1 ? "" : "s");
    if (v->access.writes > 0)
        n += snprintf(text + n, sizeof text - (size_t)n, " + %" PRId64 " write%s", w, w == 1 ? "" : "s");
    snprintf(text + n, sizeof text - (size_t)n, " = %" PRId64 " B: %s",
             gr_access_bytes(v, as, false) + gr_access_bytes(v, as, true), gr_access_touches(v, as));
    snprintf(label, sizeof label, "%s:", case_name(as));
    model_print_wrapped(label, text);
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
        char label[80];
        snprintf(label, sizeof label, "%s lives in", m->vars[i].decl.name);
        if (why)
            model_print_wrapped(label, why);
    }
}

static json_t *number_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *case_json(const gr_model_var *v, gr_access_case as)
{
    json_t *o = json_object();
    json_object_set_new(o, "reads", json_integer(gr_access_count(v, as, false)));
    json_object_set_new(o, "writes", json_integer(gr_access_count(v, as, true)));
    json_object_set_new(o, "bytes", json_integer(gr_access_bytes(v, as, false) + gr_access_bytes(v, as, true)));
    json_object_set_new(o, "touches", json_string(gr_access_touches(v, as)));
    return o;
}

json_t *model_access_json(const gr_model_var *v)
{
    if (!v->access.given)
        return json_null();
    json_t *o = json_object();
    json_object_set_new(o, "volatile", case_json(v, GR_ACCESS_VOLATILE));
    json_object_set_new(o, "plain", case_json(v, GR_ACCESS_PLAIN));
    return o;
}

static json_t *traffic_json(const gr_model *m, gr_access_case as)
{
    gr_model_traffic t;
    gr_model_traffic_as(m, as, &t);
    json_t *o = json_object();
    json_object_set_new(o, "bytes_read", json_real(t.bytes_read));
    json_object_set_new(o, "bytes_written", json_real(t.bytes_written));
    json_object_set_new(o, "bytes", json_real(t.bytes));
    json_object_set_new(o, "intensity", number_or_null(t.intensity));
    json_object_set_new(o, "shared_bytes", number_or_null(t.shared_bytes));
    json_object_set_new(o, "shared_intensity", number_or_null(t.shared_intensity));
    return o;
}

json_t *model_traffic_json(const gr_model *m)
{
    if (!gr_model_counts_accesses(m))
        return json_null();
    json_t *o = json_object();
    json_object_set_new(o, "volatile", traffic_json(m, GR_ACCESS_VOLATILE));
    json_object_set_new(o, "plain", traffic_json(m, GR_ACCESS_PLAIN));
    return o;
}
