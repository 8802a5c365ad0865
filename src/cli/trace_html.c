/* gpuroof trace --html: the run as one self-contained page (page.h), the
 * page layer ncu --html writes with: where each GPU's time went, then the
 * table of kernels (or of launches, with --launches) to sort, each row's
 * configuration and what it decides in columns of their own. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "gpuroof_kernels.h"
#include "output.h"
#include "page.h"
#include "trace_output.h"

static const page_column time_columns[] = {
    {"GPU", "the trace's device", true},
    {"span (ms)", "from its first kernel, copy or memset's start to its last's end", true},
    {"busy (ms)", "the union of its operations' intervals over every stream", true},
    {"busy", "of the span", true},
    {"idle (ms)", "the span less busy", true},
    {"waiting for the host (ms)", "gaps ended by an operation whose launch call returned after the GPU ran out of work",
     true},
    {"on another stream (ms)", "gaps ended by an operation launched in time on another stream: a dependency or a "
                               "synchronisation held it",
     true},
    {"other (ms)", "gaps ended by an operation launched in time on the same stream", true},
    {"kernels (ms)", "the kernels' durations, summed", true},
    {"launches", "its kernel launches", true},
    {"copies (ms)", NULL, true},
    {"memsets (ms)", NULL, true},
    {"streams", NULL, true},
};

static void number_cell(FILE *out, double value)
{
    page_cell_number(out, OUT_NUM(value), value);
}

static void ms_cell(FILE *out, int64_t ns)
{
    number_cell(out, (double)ns / 1e6);
}

static void write_device_row(FILE *out, const gr_trace_device_time *d)
{
    int64_t span = d->last_ns - d->first_ns;
    double busy = span > 0 ? (double)d->busy_ns / (double)span : 0;
    page_row_begin(out, NULL);
    number_cell(out, (double)d->device);
    ms_cell(out, span);
    ms_cell(out, d->busy_ns);
    page_cell_number(out, OUT_PCT(busy), busy);
    ms_cell(out, gr_trace_idle_ns(d));
    ms_cell(out, d->idle_host_ns);
    ms_cell(out, d->idle_stream_ns);
    ms_cell(out, d->idle_other_ns);
    ms_cell(out, d->op_ns[GR_TRACE_OP_KERNEL]);
    number_cell(out, (double)d->ops[GR_TRACE_OP_KERNEL]);
    ms_cell(out, d->op_ns[GR_TRACE_OP_MEMCPY]);
    ms_cell(out, d->op_ns[GR_TRACE_OP_MEMSET]);
    number_cell(out, (double)d->stream_count);
    page_row_end(out);
}

/* With --ncu: the join, a paragraph. */
static void write_ncu_lines(FILE *out, const trace_options *o, const gr_trace_run *run)
{
    gr_buf lines[TRACE_NCU_LINES] = {GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT, GR_BUF_INIT};
    gr_buf all = GR_BUF_INIT;
    if (!run->ncu)
        return;
    trace_ncu_lines(o, run, lines);
    for (int i = 0; i < TRACE_NCU_LINES; i++) {
        if (gr_buf_text(&lines[i])[0])
            gr_buf_addf(&all, "%s%s", i ? "; " : "", gr_buf_text(&lines[i]));
        gr_buf_free(&lines[i]);
    }
    gr_buf_addf(&all, ".");
    page_paragraph(out, gr_buf_text(&all));
    gr_buf_free(&all);
}

/* The header: the trace, the device its kernels are held to, each GPU's time. */
static void write_times(FILE *out, const trace_options *o, const gr_trace_run *run)
{
    gr_buf b = GR_BUF_INIT;
    gr_buf_addf(&b, "%zu events. ", run->events);
    if (run->has_device)
        gr_buf_addf(&b, "Occupancy on the %s (%s)%s.", run->device.full_name, run->device.name,
                    run->device_given ? ", as --device names it" : ", the profile the trace's device properties describe");
    else
        gr_buf_addf(&b, "No occupancy: %s; --device NAME names a profile.",
                    run->has_gpu ? "no profile describes the trace's GPU" : "the trace has no device properties");
    page_paragraph(out, gr_buf_text(&b));
    gr_buf_clear(&b);
    trace_picked_words(o, run, &b);
    if (gr_buf_text(&b)[0])
        page_paragraph(out, gr_buf_text(&b));
    page_section(out, "time", "Where the GPU's time went");
    page_table_begin(out, "time-table", time_columns, sizeof time_columns / sizeof time_columns[0]);
    for (size_t i = 0; i < run->time.device_count; i++)
        write_device_row(out, &run->time.devices[i]);
    page_table_end(out);
    gr_buf_clear(&b);
    if (run->time.launch_calls)
        gr_buf_addf(&b, "The host's %zu kernel launch calls took %s ms, %s us each.", run->time.launch_calls,
                    OUT_NUM((double)run->time.launch_call_ns / 1e6),
                    OUT_NUM((double)run->time.launch_call_ns / 1e3 / (double)run->time.launch_calls));
    if (gr_buf_text(&b)[0])
        page_paragraph(out, gr_buf_text(&b));
    gr_buf_free(&b);
    write_ncu_lines(out, o, run);
}

/* The columns both tables have after their own: the occupancy, then
 * (after the launches' estimates) the configuration and what it decides. */
static const page_column occupancy_columns[] = {
    {"occupancy", "gpuroof's theoretical occupancy on the device", true},
    {"limited by", "what holds the occupancy there", false},
};
static const page_column config_columns[] = {
    {"configuration", "the launch configuration: grid, block, registers a thread, shared memory a block", false},
    {"what the configuration decides", "waves and tail, a small grid, launch floors, the change that lifts "
                                       "occupancy; - : nothing",
     false},
};

static void write_occupancy_cells(FILE *out, const gr_trace_config *c)
{
    gr_buf b = GR_BUF_INIT;
    if (c->has_occupancy) {
        page_cell_number(out, OUT_PCT(c->occupancy.occupancy), c->occupancy.occupancy);
        out_limiters(&b, c->occupancy.limiters);
    } else {
        page_cell_number(out, "-", NAN);
    }
    page_cell_prose(out, c->has_occupancy ? gr_buf_text(&b) : "-");
    gr_buf_free(&b);
}

static void write_config_cells(FILE *out, const gr_trace_config *c, const gr_trace_config_limits *l)
{
    gr_buf b = GR_BUF_INIT;
    trace_config_words(c, &b);
    page_cell_prose(out, gr_buf_text(&b));
    gr_buf_clear(&b);
    trace_limits_words(l, &b);
    page_cell_prose(out, gr_buf_text(&b)[0] ? gr_buf_text(&b) : "-");
    gr_buf_free(&b);
}

/* The row's place and the kernel's name, shortened, whole on hover. */
static void write_name_cells(FILE *out, size_t place, const char *kernel)
{
    enum { NAME_COLUMNS = 96 };
    char *fit = malloc(NAME_COLUMNS);
    if (fit)
        gr_kernel_name_fit(kernel, fit, NAME_COLUMNS);
    number_cell(out, (double)place);
    page_cell_name(out, fit ? fit : kernel, kernel, NULL);
    free(fit);
}

static const page_column kernel_columns[] = {
    {"#", "the row's place, the longest first", true},
    {"kernel", "its name as Kineto spells it (whole on hover)", false},
    {"time (us)", "its launches' time, summed", true},
    {"share", "of the kernels' time", true},
    {"launches", NULL, true},
};

static const page_column launch_columns[] = {
    {"#", "the row's place, the longest first", true},
    {"kernel", "its name as Kineto spells it (whole on hover)", false},
    {"time (us)", "the launch's time on the GPU", true},
    {"start (us)", "from the trace's first GPU activity", true},
    {"stream", NULL, true},
};

static const page_column estimate_columns[] = {
    {"achieved, estimated", "gpuroof's estimate of the achieved occupancy: the smaller of the theoretical warps an "
                            "SM and the grid's warps an SM",
     true},
    {"Kineto's estimate", "the trace's \"est. achieved occupancy %\" of the launch", true},
};

/* With --ncu, the kernels' last column. */
static const page_column verdict_column = {
    "Nsight Compute", "the limits of the report's launches joined to the kernel, summed: its limiter, the share of its "
                      "time that accounts for, how close to that limit's peak, the speedup to expect with it lifted",
    false};

/* The table's headings: its own columns, the occupancy's, the extra
 * ones (the launches' estimates), the configuration's and with a
 * report joined, the verdict. */
static void write_table_begin(FILE *out, const char *id, const page_column *own, size_t own_count,
                              const page_column *extra, size_t extra_count, bool verdict)
{
    page_column cols[16];
    size_t count = 0;
    for (size_t i = 0; i < own_count; i++)
        cols[count++] = own[i];
    for (size_t i = 0; i < sizeof occupancy_columns / sizeof occupancy_columns[0]; i++)
        cols[count++] = occupancy_columns[i];
    for (size_t i = 0; i < extra_count; i++)
        cols[count++] = extra[i];
    for (size_t i = 0; i < sizeof config_columns / sizeof config_columns[0]; i++)
        cols[count++] = config_columns[i];
    if (verdict)
        cols[count++] = verdict_column;
    page_table_begin(out, id, cols, count);
}

static void write_kernel_row(FILE *out, const gr_trace_run *run, size_t i)
{
    const gr_trace_kernel *k = &run->kernels.kernels[i];
    const gr_trace_config *c = &k->configs[0];
    double share = run->kernels.time_ns ? (double)k->time_ns / (double)run->kernels.time_ns : 0;
    gr_trace_config_limits l;
    gr_trace_config_limits_of(&run->kernels, c, run->has_device ? run->device.launch_floor_ns : 0, &l);
    page_row_begin(out, NULL);
    write_name_cells(out, i + 1, k->name);
    number_cell(out, (double)k->time_ns / 1e3);
    page_cell_number(out, OUT_PCT(share), share);
    number_cell(out, (double)k->launches);
    write_occupancy_cells(out, c);
    write_config_cells(out, c, &l);
    if (run->ncu) {
        gr_buf b = GR_BUF_INIT;
        trace_verdict_words(run, i, &b);
        page_cell_prose(out, gr_buf_text(&b));
        gr_buf_free(&b);
    }
    page_row_end(out);
}

static void write_kernels(FILE *out, const trace_options *o, const gr_trace_run *run)
{
    size_t shown = trace_shown(o, run);
    page_section(out, "table", "Kernels, the longest first");
    page_paragraph(out, "Each kernel's figures are of its longest launch configuration; click a heading to sort.");
    write_table_begin(out, "kernels", kernel_columns, sizeof kernel_columns / sizeof kernel_columns[0], NULL, 0,
                      run->ncu != NULL);
    for (size_t i = 0; i < shown; i++)
        write_kernel_row(out, run, i);
    page_table_end(out);
    int64_t rest = 0;
    for (size_t i = shown; i < run->kernels_picked; i++)
        rest += run->kernels.kernels[i].time_ns;
    if (shown < run->kernels_picked) {
        gr_buf b = GR_BUF_INIT;
        gr_buf_addf(&b, "... and %zu more kernels, %s of the kernels' time.", run->kernels_picked - shown,
                    OUT_PCT(run->kernels.time_ns ? (double)rest / (double)run->kernels.time_ns : 0));
        page_paragraph(out, gr_buf_text(&b));
        gr_buf_free(&b);
    }
}

static void fraction_cell(FILE *out, double fraction)
{
    page_cell_number(out, isnan(fraction) ? "-" : OUT_PCT(fraction), fraction);
}

static void write_launch_row(FILE *out, const gr_trace_run *run, size_t i)
{
    const gr_trace_kernel_launch *l = &run->launches.kept->items[i];
    gr_trace_launch_figures f;
    gr_trace_launch_figures_of(&run->kernels, l, run->has_device ? run->device.launch_floor_ns : 0, &f);
    page_row_begin(out, NULL);
    write_name_cells(out, i + 1, l->kernel);
    number_cell(out, (double)l->time_ns / 1e3);
    number_cell(out, (double)l->start_ns / 1e3);
    number_cell(out, (double)l->stream);
    write_occupancy_cells(out, &f.config);
    fraction_cell(out, f.estimated_achieved);
    fraction_cell(out, f.kineto_achieved);
    write_config_cells(out, &f.config, &f.limits);
    page_row_end(out);
}

/* Where gpuroof's estimate and Kineto's part, and why (the text's header says it too). */
static void write_estimate_note(FILE *out, const gr_trace_kernels *k)
{
    size_t optin = k->kineto_differs[GR_KINETO_OPTIN], partial = k->kineto_differs[GR_KINETO_PARTIAL_WARPS];
    gr_buf b = GR_BUF_INIT;
    gr_buf_addf(&b, "Click a heading to sort.");
    if (optin)
        gr_buf_addf(&b, " Kineto counts 0%% for the run's %zu launches whose blocks opt in to more than %lld B of shared "
                        "memory, as if they could not launch; gpuroof counts the blocks that run.",
                    optin, (long long)k->smem_block_bytes);
    if (partial)
        gr_buf_addf(&b, " Kineto counts part of a warp for the run's %zu launches whose blocks end in one; gpuroof "
                        "counts a whole warp, as the SM does.",
                    partial);
    page_paragraph(out, gr_buf_text(&b));
    gr_buf_free(&b);
}

static void write_launches(FILE *out, const gr_trace_run *run)
{
    const gr_trace_kernel_launches *l = &run->launches;
    page_section(out, "table", "Launches, the longest first");
    write_estimate_note(out, &run->kernels);
    write_table_begin(out, "launches", launch_columns, sizeof launch_columns / sizeof launch_columns[0], estimate_columns,
                      sizeof estimate_columns / sizeof estimate_columns[0], false);
    for (size_t i = 0; i < l->kept->count; i++)
        write_launch_row(out, run, i);
    page_table_end(out);
    if (l->more) {
        gr_buf b = GR_BUF_INIT;
        gr_buf_addf(&b, "... and %zu more launch%s, %s of the kernels' time.", l->more, l->more == 1 ? "" : "es",
                    OUT_PCT(run->kernels.time_ns ? (double)l->more_ns / (double)run->kernels.time_ns : 0));
        page_paragraph(out, gr_buf_text(&b));
        gr_buf_free(&b);
    }
}

typedef struct {
    const trace_options *o;
    const gr_trace_run *run;
} trace_page;

static bool write_trace_page(FILE *out, const void *page)
{
    const trace_page *p = page;
    gr_buf title = GR_BUF_INIT;
    gr_buf_addf(&title, "gpuroof trace: %s", trace_file_shown(p->o));
    page_begin(out, gr_buf_text(&title));
    write_times(out, p->o, p->run);
    if (p->o->launches)
        write_launches(out, p->run);
    else
        write_kernels(out, p->o, p->run);
    page_end(out);
    bool whole = !gr_buf_failed(&title);
    gr_buf_free(&title);
    return whole;
}

bool trace_write_html(const trace_options *o, const gr_trace_run *run)
{
    trace_page page = {o, run};
    return cli_write_whole(o->html, write_trace_page, &page);
}
