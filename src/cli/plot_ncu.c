/* gpuroof plot --ncu (plot_levels.h): the kernels of a Nsight Compute
 * report on the hierarchical roofline, grouped as gpuroof ncu --group
 * groups them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "gpuroof_chart.h"
#include "ncu_output.h"
#include "output.h"
#include "plot_json.h"
#include "plot_levels.h"

static bool ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), k = strlen(end);
    return n >= k && strcmp(text + n - k, end) == 0;
}

/* The report's text: the file, standard input, or an .ncu-rep's raw page. */
static bool read_text(const char *file, out_buf *shown, cli_buffer *csv)
{
    char ncu[4096];
    if (ends_with(file, ".ncu-rep")) {
        out_addf(shown, "%s's raw page", file);
        return ncu_find(ncu, sizeof ncu, "reading an .ncu-rep (ncu --import)") && ncu_import(ncu, file, csv);
    }
    out_addf(shown, "%s", strcmp(file, "-") == 0 ? "standard input" : file);
    return cli_read_input(file, out_buf_text(shown), GR_LIMIT_NCU_CSV, csv);
}

/* The report, its launches grouped as ncu --group groups them, held
 * against the first --device, else the shipped profile of the report's
 * GPU, which joins the chart; no device is an error. */
static bool analyse(const plot_options *o, const char *shown, const cli_buffer *csv, plot_devices *d,
                    gr_ncu_analysis *a, size_t *index)
{
    gr_error err;
    gr_profile_list list = {0};
    gr_ncu_request rq = {.group = true, .device_required = true, .device_hint = "--device NAME"};
    if (!gr_ncu_analysis_read(shown, (const char *)csv->bytes, csv->size, a, &err))
        return cli_error("%s", err.text);
    if (d->given > 0)
        rq.device = &d->items[0];
    else if (gr_ncu_analysis_needs_profiles(a))
        rq.profiles = cli_load_profiles(o->profiles, &list) ? &list : NULL;
    bool ok = gr_ncu_analysis_work_out(a, shown, &rq, &err);
    gr_profile_list_free(&list);
    if (!ok)
        return cli_error("%s", err.text);
    *index = 0;
    if (a->device_source == GR_NCU_DEVICE_FOUND) {
        d->items[d->count] = a->device;
        *index = d->count++;
    }
    return true;
}

/* "a, b, c and 2 more": the first names of a list, for the note. */
static void add_name(out_buf *list, size_t *count, const char *name)
{
    char label[96]; /* gr_kernel_short_name's: a label for the chart, cut to fit it */
    gr_kernel_short_name(name, 0, label, sizeof label);
    if (*count < 3)
        out_addf(list, "%s%s", *count ? ", " : "", label);
    (*count)++;
}

static void name_rest(out_buf *list, size_t count)
{
    if (count > 3)
        out_addf(list, " and %zu more", count - 3);
}

/* The chart's note, which is of fixed size: a note too long for it ends
 * in "...", so that a reader sees it was cut. */
static void set_note(gr_roofline_inputs *in, const out_buf *note)
{
    size_t size = sizeof in->level_kernels_note;
    snprintf(in->level_kernels_note, size, "%s", out_buf_text(note));
    if (strlen(out_buf_text(note)) >= size)
        memcpy(in->level_kernels_note + size - 4, "...", 4);
}

/* The memory kernels, by why they have no point: "16 without FLOPs, 3
 * whose only FLOPs are FP16 register moves". */
typedef struct {
    size_t count[GR_NCU_WORK_NEGLIGIBLE + 1];
    size_t total;
    out_buf names;
} memory_kernels;

static void memory_words(const memory_kernels *m, out_buf *out)
{
    size_t kinds = 0, said = 0;
    for (int kind = GR_NCU_WORK_NO_FLOPS; kind <= GR_NCU_WORK_NEGLIGIBLE; kind++)
        kinds += m->count[kind] > 0;
    for (int kind = GR_NCU_WORK_NO_FLOPS; kind <= GR_NCU_WORK_NEGLIGIBLE; kind++) {
        if (!m->count[kind])
            continue;
        if (kinds == 1)
            out_addf(out, " %s", gr_ncu_work_kind_words((gr_ncu_work_kind)kind));
        else
            out_addf(out, "%s%zu %s", said++ ? ", " : ": ", m->count[kind], gr_ncu_work_kind_words((gr_ncu_work_kind)kind));
    }
}

/* Why groups were left out: on the chart's note and standard error. */
static void note_left_out(const char *shown, gr_roofline_inputs *in, json_t *warnings, size_t top,
                          const memory_kernels *m, size_t beyond)
{
    out_buf note = OUT_BUF_INIT, kinds = OUT_BUF_INIT;
    memory_words(m, &kinds);
    if (m->total) {
        out_addf(&note, "Not drawn: %zu memory kernel%s%s (%s).", m->total, out_plural((long long)m->total),
                 out_buf_text(&kinds), out_buf_text(&m->names));
        plot_warn(warnings, "%s: %zu memory kernel%s%s, so without an intensity to draw, not drawn: %s", shown,
                  m->total, out_plural((long long)m->total), out_buf_text(&kinds), out_buf_text(&m->names));
    }
    if (beyond) {
        out_addf(&note, "%s%zu more kernel%s past the top %zu by time.", note.length ? " " : "Not drawn: ", beyond,
                 out_plural((long long)beyond), top);
        plot_warn(warnings, "%s: %zu more kernel%s past the top %zu by time, not drawn (--top N draws more)", shown,
                  beyond, out_plural((long long)beyond), top);
    }
    set_note(in, &note);
    out_buf_free(&note);
    out_buf_free(&kinds);
}

static json_t *kernel_json(const gr_ncu_group *g, const gr_chart_level_kernel *k, const char *why)
{
    json_t *j = json_object(), *intensity = json_object();
    if (why)
        json_object_set_new(j, "memory_kernel", json_string(why));
    for (gr_level l = GR_LEVEL_DRAM; k && l <= GR_LEVEL_SHARED; l++)
        json_object_set_new(intensity, gr_level_key(l), out_json_number(k->intensity[l]));
    if (k)
        json_object_set_new(j, "label", json_string(k->label));
    json_object_set_new(j, "kernel", json_string(g->kernel));
    json_object_set_new(j, "launches", json_integer((json_int_t)g->launches));
    json_object_set_new(j, "time_share", out_json_number(g->time_share));
    if (k) {
        json_object_set_new(j, "gflops", out_json_number(k->gflops));
        json_object_set_new(j, "intensity", intensity);
    } else {
        json_decref(intensity);
    }
    return j;
}

/* Each precision that does a drawn kernel's work joins the chart's roofs
 * (after those --precision asked for): a tensor-core GEMM is held
 * against its tensor roof, which then has its memory slopes. */
static void add_precision(gr_roofline_inputs *in, size_t asked, const char *precision)
{
    size_t k = 0;
    if (strcmp(precision, gr_ncu_precision_name(GR_NCU_FP32)) == 0 ||
        strcmp(precision, gr_ncu_precision_name(GR_NCU_FP64)) == 0)
        return; /* drawn on every chart */
    for (; k < GR_CHART_MAX_ITEMS - 1 && in->precisions[k]; k++)
        if (strcmp(in->precisions[k], precision) == 0)
            return;
    if (k < asked)
        k = asked;
    if (k < GR_CHART_MAX_ITEMS - 1)
        in->precisions[k] = precision;
}

/* A report's kernels: its launches summed by kernel, the longest first,
 * and the roofs they are held to. */
typedef struct {
    const gr_ncu_group *groups;
    size_t count;
    const gr_roofs *roofs;
} ncu_kernels;

/* A group: drawn, a memory kernel or past the top. */
static bool take(const ncu_kernels *a, size_t i, size_t top, gr_roofline_inputs *in, memory_kernels *m,
                 json_t *without, size_t *beyond, json_t *past)
{
    gr_chart_level_kernel k;
    gr_ncu_work *w = malloc(sizeof *w); /* too large for the stack */
    if (!w)
        return cli_error("out of memory");
    gr_ncu_work_of(&a->groups[i].figures, a->roofs, w);
    gr_ncu_work_kind kind = w->kind;
    bool drawn = gr_chart_ncu_kernel(w, "", &k);
    free(w);
    if (!drawn) {
        kind = kind == GR_NCU_WORK_FLOPS ? GR_NCU_WORK_NO_FLOPS : kind; /* no rate, or no level counted */
        m->count[kind]++;
        add_name(&m->names, &m->total, a->groups[i].kernel);
        json_array_append_new(without, kernel_json(&a->groups[i], NULL, gr_ncu_work_kind_words(kind)));
    } else if (in->level_kernel_count < top) {
        in->level_kernels[in->level_kernel_count++] = k;
    } else {
        (*beyond)++;
        json_array_append_new(past, kernel_json(&a->groups[i], NULL, NULL));
    }
    return true;
}

/* The top ones by time with FLOPs that matter into in; the others counted. */
static bool pick(const ncu_kernels *a, const char *shown, size_t top, size_t asked, gr_roofline_inputs *in,
                 json_t *warnings, json_t *json)
{
    const char *names[GR_CHART_MAX_ITEMS];
    size_t group_of[GR_CHART_MAX_ITEMS];
    char labels[GR_CHART_MAX_ITEMS][96]; /* gr_kernel_labels' */
    memory_kernels m = {.names = OUT_BUF_INIT};
    size_t beyond = 0;
    json_t *drawn = json_array(), *without = json_array(), *past = json_array();
    bool ok = true;
    for (size_t i = 0; ok && i < a->count; i++) {
        size_t before = in->level_kernel_count;
        ok = take(a, i, top, in, &m, without, &beyond, past);
        if (ok && in->level_kernel_count > before) {
            names[before] = a->groups[i].kernel;
            group_of[before] = i;
        }
    }
    gr_kernel_labels(names, in->level_kernel_count, labels);
    for (size_t i = 0; ok && i < in->level_kernel_count; i++) {
        memcpy(in->level_kernels[i].label, labels[i], sizeof labels[i]);
        in->level_kernels[i].rank = (unsigned)group_of[i] + 1; /* the groups are longest first, as the table */
        json_array_append_new(drawn, kernel_json(&a->groups[group_of[i]], &in->level_kernels[i], NULL));
        if (in->level_kernels[i].precision)
            add_precision(in, asked, in->level_kernels[i].precision);
    }
    name_rest(&m.names, m.total);
    note_left_out(shown, in, warnings, top, &m, beyond);
    out_buf_free(&m.names);
    json_object_set_new(json, "drawn", drawn);
    json_object_set_new(json, "without_flops", without);
    json_object_set_new(json, "past_top", past);
    return ok;
}

/* The analysis's kernels: its groups, or its launches grouped now (the
 * caller frees *made). */
static bool kernels_of(const gr_ncu_analysis *a, ncu_kernels *k, gr_ncu_group **made)
{
    gr_error err;
    *made = NULL;
    *k = (ncu_kernels){a->groups, a->group_count, &a->roofs};
    if (a->grouped)
        return true;
    if (!gr_ncu_group_launches(&a->report, a->figures, made, &k->count, NULL, &err))
        return cli_error("%s", err.text);
    k->groups = *made;
    return true;
}

/* An analysis built elsewhere (ncu --html): drawn against the device it
 * was given by name, else its own. */
static bool place_device(const gr_ncu_analysis *a, plot_devices *d, size_t *index)
{
    *index = 0;
    if (d->given > 0)
        return true;
    if (!a->has_device)
        return cli_error("%s: no device to draw the report against", "plot");
    d->items[d->count] = a->device;
    *index = d->count++;
    return true;
}

/* The chart's kernels from the analysis a, and plot --json's account. */
static bool draw_analysis(const plot_options *o, const gr_ncu_analysis *a, const char *shown, plot_devices *d,
                          gr_roofline_inputs *in, json_t *warnings, json_t **json)
{
    int64_t top = o->top.given ? o->top.value : PLOT_NCU_TOP; /* 1..PLOT_NCU_TOP_MAX */
    gr_ncu_group *made;
    ncu_kernels k;
    if (!kernels_of(a, &k, &made))
        return false;
    *json = json_object();
    json_object_set_new(*json, "file", json_string(shown));
    json_object_set_new(*json, "device", json_string(d->items[in->level_kernels_device].name));
    json_object_set_new(*json, "launches", json_integer((json_int_t)a->report.count));
    json_object_set_new(*json, "kernels", json_integer((json_int_t)k.count));
    json_object_set_new(*json, "top", json_integer(top));
    bool ok = pick(&k, shown, (size_t)top, o->precisions.count, in, warnings, *json);
    free(made);
    return ok;
}

bool plot_ncu_load(const plot_options *o, plot_devices *d, gr_roofline_inputs *in, json_t *warnings,
                   json_t **json)
{
    if (o->ncu_analysis)
        return place_device(o->ncu_analysis, d, &in->level_kernels_device) &&
               draw_analysis(o, o->ncu_analysis, o->ncu, d, in, warnings, json);
    out_buf shown = OUT_BUF_INIT;
    cli_buffer csv = {0};
    gr_ncu_analysis a = {0};
    bool ok = read_text(o->ncu, &shown, &csv) &&
              analyse(o, out_buf_text(&shown), &csv, d, &a, &in->level_kernels_device);
    free(csv.bytes);
    ok = ok && draw_analysis(o, &a, out_buf_text(&shown), d, in, warnings, json);
    gr_ncu_analysis_free(&a);
    out_buf_free(&shown);
    return ok;
}
