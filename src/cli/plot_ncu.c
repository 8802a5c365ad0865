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
#include "out_fields.h"
#include "output.h"
#include "plot_json.h"
#include "plot_levels.h"

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
static void add_name(gr_buf *list, size_t *count, const char *name)
{
    char label[96]; /* gr_kernel_short_name's: a label for the chart, cut to fit it */
    gr_kernel_short_name(name, 0, label, sizeof label);
    if (*count < 3)
        gr_buf_addf(list, "%s%s", *count ? ", " : "", label);
    (*count)++;
}

static void name_rest(gr_buf *list, size_t count)
{
    if (count > 3)
        gr_buf_addf(list, " and %zu more", count - 3);
}

/* The chart's note, which is of fixed size: a note too long for it ends
 * in "...", so that a reader sees it was cut. */
static void set_note(grc_roofline_inputs *in, const gr_buf *note)
{
    size_t size = sizeof in->level_kernels_note;
    snprintf(in->level_kernels_note, size, "%s", gr_buf_text(note));
    if (strlen(gr_buf_text(note)) >= size)
        memcpy(in->level_kernels_note + size - 4, "...", 4);
}

/* The memory kernels, by why they have no point: "16 without FLOPs, 3
 * whose only FLOPs are FP16 register moves". */
typedef struct {
    size_t count[GR_NCU_WORK_NEGLIGIBLE + 1];
    size_t total;
    gr_buf names;
} memory_kernels;

static void memory_words(const memory_kernels *m, gr_buf *out)
{
    size_t kinds = 0, said = 0;
    for (int kind = GR_NCU_WORK_NO_FLOPS; kind <= GR_NCU_WORK_NEGLIGIBLE; kind++)
        kinds += m->count[kind] > 0;
    for (int kind = GR_NCU_WORK_NO_FLOPS; kind <= GR_NCU_WORK_NEGLIGIBLE; kind++) {
        if (!m->count[kind])
            continue;
        if (kinds == 1)
            gr_buf_addf(out, " %s", gr_ncu_work_kind_words((gr_ncu_work_kind)kind));
        else
            gr_buf_addf(out, "%s%zu %s", said++ ? ", " : ": ", m->count[kind], gr_ncu_work_kind_words((gr_ncu_work_kind)kind));
    }
}

/* Why groups were left out: on the chart's note and standard error. */
static void note_left_out(const char *shown, grc_roofline_inputs *in, json_t *warnings, size_t top,
                          const memory_kernels *m, size_t beyond)
{
    gr_buf note = GR_BUF_INIT, kinds = GR_BUF_INIT;
    memory_words(m, &kinds);
    if (m->total) {
        gr_buf_addf(&note, "Not drawn: %zu memory kernel%s%s (%s).", m->total, out_plural((long long)m->total),
                 gr_buf_text(&kinds), gr_buf_text(&m->names));
        plot_warn(warnings, "%s: %zu memory kernel%s%s, so without an intensity to draw, not drawn: %s", shown,
                  m->total, out_plural((long long)m->total), gr_buf_text(&kinds), gr_buf_text(&m->names));
    }
    if (beyond) {
        gr_buf_addf(&note, "%s%zu more kernel%s past the top %zu by time.", note.length ? " " : "Not drawn: ", beyond,
                 out_plural((long long)beyond), top);
        plot_warn(warnings, "%s: %zu more kernel%s past the top %zu by time, not drawn (--top N draws more)", shown,
                  beyond, out_plural((long long)beyond), top);
    }
    set_note(in, &note);
    gr_buf_free(&note);
    gr_buf_free(&kinds);
}

/* A kernel of the report: drawn (with its point), or left out (and where
 * that is for its kind of work, why). */
typedef struct {
    const char *why;
    const grc_chart_level_kernel *point;
    const gr_ncu_group *group;
} kernel_shown;

static bool has_why(const void *record)
{
    return ((const kernel_shown *)record)->why != NULL;
}

static bool drawn(const void *record)
{
    return ((const kernel_shown *)record)->point != NULL;
}

static const out_field label_fields[] = {
    OUT_CHARS_ROW(grc_chart_level_kernel, label, "label"),
    OUT_END,
};

static const out_field group_fields[] = {
    OUT_STRING_ROW(gr_ncu_group, kernel, "kernel"),
    OUT_SIZE_ROW(gr_ncu_group, launches, "launches"),
    OUT_NUMBER_ROW(gr_ncu_group, time_share, "time_share"),
    OUT_END,
};

static const char *level_key(const void *record, int l)
{
    (void)record;
    return gr_level_key((gr_level)l);
}

static json_t *level_intensity(const void *record, int l)
{
    return out_json_number(((const grc_chart_level_kernel *)record)->intensity[l]);
}

static const out_field point_fields[] = {
    OUT_NUMBER_ROW(grc_chart_level_kernel, gflops, "gflops"),
    OUT_KEYED_ROW("intensity", GR_LEVEL_SHARED + 1, level_key, level_intensity),
    OUT_END,
};

static const out_field kernel_fields[] = {
    OUT_STRING_ROW(kernel_shown, why, "memory_kernel", .when = has_why, .omit = true),
    {.key = "", .kind = OUT_SPLICE, .offset = offsetof(kernel_shown, point), .pointer = true, .table = label_fields,
     .when = drawn},
    OUT_SPLICE_PTR_ROW(kernel_shown, group, group_fields),
    {.key = "", .kind = OUT_SPLICE, .offset = offsetof(kernel_shown, point), .pointer = true, .table = point_fields,
     .when = drawn},
    OUT_END,
};

static json_t *kernel_json(const gr_ncu_group *g, const grc_chart_level_kernel *k, const char *why)
{
    kernel_shown shown = {why, k, g};
    return out_fields_json(kernel_fields, &shown);
}

/* Each precision that does a drawn kernel's work joins the chart's roofs
 * (after those --precision asked for): a tensor-core GEMM is held
 * against its tensor roof, which then has its memory slopes. */
static void add_precision(grc_roofline_inputs *in, size_t asked, const char *precision)
{
    size_t k = 0;
    if (strcmp(precision, gr_ncu_precision_name(GR_NCU_FP32)) == 0 ||
        strcmp(precision, gr_ncu_precision_name(GR_NCU_FP64)) == 0)
        return; /* drawn on every chart */
    for (; k < GRC_CHART_MAX_ITEMS - 1 && in->precisions[k]; k++)
        if (strcmp(in->precisions[k], precision) == 0)
            return;
    if (k < asked)
        k = asked;
    if (k < GRC_CHART_MAX_ITEMS - 1)
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
static bool take(const ncu_kernels *a, size_t i, size_t top, grc_roofline_inputs *in, memory_kernels *m,
                 json_t *without, size_t *beyond, json_t *past)
{
    grc_chart_level_kernel k;
    gr_ncu_work *w = malloc(sizeof *w); /* too large for the stack */
    if (!w)
        return cli_error("out of memory");
    gr_ncu_work_of(&a->groups[i].figures, a->roofs, w);
    gr_ncu_work_kind kind = w->kind;
    bool drawn = grc_chart_ncu_kernel(w, "", &k);
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

/* The kernels drawn, those without FLOPs that matter and those past the
 * top: the lists are taken into the object. */
typedef struct {
    json_t *drawn, *without_flops, *past_top;
} kernel_lists;

static json_t *drawn_list(const void *record)
{
    return ((const kernel_lists *)record)->drawn;
}

static json_t *without_flops_list(const void *record)
{
    return ((const kernel_lists *)record)->without_flops;
}

static json_t *past_top_list(const void *record)
{
    return ((const kernel_lists *)record)->past_top;
}

static const out_field kernel_lists_fields[] = {
    OUT_GET_ROW("drawn", drawn_list),
    OUT_GET_ROW("without_flops", without_flops_list),
    OUT_GET_ROW("past_top", past_top_list),
    OUT_END,
};

/* The top ones by time with FLOPs that matter into in; the others counted. */
static bool pick(const ncu_kernels *a, const char *shown, size_t top, size_t asked, grc_roofline_inputs *in,
                 json_t *warnings, json_t *json)
{
    const char *names[GRC_CHART_MAX_ITEMS];
    size_t group_of[GRC_CHART_MAX_ITEMS];
    char labels[GRC_CHART_MAX_ITEMS][96]; /* grc_kernel_labels' */
    memory_kernels m = {.names = GR_BUF_INIT};
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
    grc_kernel_labels(names, in->level_kernel_count, labels);
    for (size_t i = 0; ok && i < in->level_kernel_count; i++) {
        memcpy(in->level_kernels[i].label, labels[i], sizeof labels[i]);
        in->level_kernels[i].rank = (unsigned)group_of[i] + 1; /* the groups are longest first, as the table */
        json_array_append_new(drawn, kernel_json(&a->groups[group_of[i]], &in->level_kernels[i], NULL));
        if (in->level_kernels[i].precision)
            add_precision(in, asked, in->level_kernels[i].precision);
    }
    name_rest(&m.names, m.total);
    note_left_out(shown, in, warnings, top, &m, beyond);
    gr_buf_free(&m.names);
    kernel_lists lists = {drawn, without, past};
    out_fields_add(json, kernel_lists_fields, &lists);
    return ok;
}

/* The report read, before its kernels. */
typedef struct {
    const char *file, *device;
    size_t launches, kernels;
    int64_t top;
} report_shown;

static const out_field report_fields[] = {
    OUT_STRING_ROW(report_shown, file, "file"),
    OUT_STRING_ROW(report_shown, device, "device"),
    OUT_SIZE_ROW(report_shown, launches, "launches"),
    OUT_SIZE_ROW(report_shown, kernels, "kernels"),
    OUT_INT64_ROW(report_shown, top, "top"),
    OUT_END,
};

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
                          grc_roofline_inputs *in, json_t *warnings, json_t **json)
{
    int64_t top = o->top.given ? o->top.value : PLOT_NCU_TOP; /* 1..PLOT_NCU_TOP_MAX */
    gr_ncu_group *made;
    ncu_kernels k;
    if (!kernels_of(a, &k, &made))
        return false;
    report_shown report = {shown, d->items[in->level_kernels_device].name, a->report.count, k.count, top};
    *json = out_fields_json(report_fields, &report);
    bool ok = pick(&k, shown, (size_t)top, o->precisions.count, in, warnings, *json);
    free(made);
    return ok;
}

bool plot_ncu_load(const plot_options *o, plot_devices *d, grc_roofline_inputs *in, json_t *warnings,
                   json_t **json)
{
    if (o->ncu_analysis)
        return place_device(o->ncu_analysis, d, &in->level_kernels_device) &&
               draw_analysis(o, o->ncu_analysis, o->ncu, d, in, warnings, json);
    gr_buf shown = GR_BUF_INIT;
    cli_buffer csv = {0};
    gr_ncu_analysis a = {0};
    bool ok = ncu_read_report(o->ncu, &shown, &csv) &&
              analyse(o, gr_buf_text(&shown), &csv, d, &a, &in->level_kernels_device);
    free(csv.bytes);
    ok = ok && draw_analysis(o, &a, gr_buf_text(&shown), d, in, warnings, json);
    gr_ncu_analysis_free(&a);
    gr_buf_free(&shown);
    return ok;
}
