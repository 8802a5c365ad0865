/* gpuroof trace --ncu-plan (trace_output.h): the core's plan of the ncu
 * command that profiles the trace's longest kernels once each, printed
 * as a shell would take it (what is not the command is a comment), or as
 * JSON from a table (out_fields.h). */
#include <stdio.h>
#include "cli.h"
#include "out_fields.h"
#include "output.h"
#include "trace_output.h"

/* The longest kernels planned: --top N, else this many. */
#define PLAN_KERNELS 10

/* The plan's numbers and the run's kernel time, for the share. */
typedef struct {
    const gr_trace_plan *plan;
    int64_t kernel_ns;
    const char *file;
} plan_shown;

static json_t *time_share(const void *record)
{
    const plan_shown *p = record;
    return out_json_quantity(p->kernel_ns > 0 ? (double)p->plan->time_ns / (double)p->kernel_ns : 0);
}

static json_t *regex(const void *record)
{
    return cli_json_text(gr_buf_text(&((const gr_trace_plan *)record)->regex));
}

static json_t *command(const void *record)
{
    return cli_json_text(gr_buf_text(&((const gr_trace_plan *)record)->command));
}

static const out_field plan_fields[] = {
    OUT_SIZE_ROW(gr_trace_plan, kernels, "kernels"),
    OUT_INT64_ROW(gr_trace_plan, time_ns, "time_ns"),
    OUT_SIZE_ROW(gr_trace_plan, functions, "functions"),
    OUT_SIZE_ROW(gr_trace_plan, unplanned, "unplanned"),
    OUT_INT64_ROW(gr_trace_plan, unplanned_ns, "unplanned_ns"),
    OUT_GET_ROW("regex", regex),
    OUT_GET_ROW("command", command),
    OUT_END,
};

static const out_field shown_fields[] = {
    OUT_TEXT_ROW(plan_shown, file, "file"),
    OUT_SPLICE_PTR_ROW(plan_shown, plan, plan_fields),
    OUT_GET_ROW("time_share", time_share),
    OUT_END,
};

static void print_plan(const plan_shown *s)
{
    const gr_trace_plan *p = s->plan;
    printf("# Nsight Compute on the %zu longest kernels (%s of the kernels' time; %zu function name%s), each "
           "launch configuration once:\n",
           p->kernels, OUT_PCT(s->kernel_ns > 0 ? (double)p->time_ns / (double)s->kernel_ns : 0), p->functions,
           out_plural((long long)p->functions));
    if (p->unplanned)
        printf("# (%zu of them, %s of the time, have no function name a --kernel-name regex can pick: "
               "a name libiberty cannot read)\n",
               p->unplanned, OUT_PCT(s->kernel_ns > 0 ? (double)p->unplanned_ns / (double)s->kernel_ns : 0));
    printf("%s\n", gr_buf_text(&p->command));
    printf("# then: gpuroof trace %s --ncu gpuroof-plan.ncu-rep\n", s->file);
}

int trace_put_plan(const trace_options *o, const gr_trace_run *run, json_t **json)
{
    gr_trace_plan plan;
    gr_error err;
    gr_ncu_chip chip = run->has_device
                           ? gr_ncu_chip_of_cc(run->device.cc_major, run->device.cc_minor, run->device.full_name)
                           : GR_NCU_CHIP_UNKNOWN;
    size_t top = o->top.given ? (size_t)o->top.value : PLAN_KERNELS;
    if (!gr_trace_plan_make(&run->kernels, top, chip, &plan, &err)) {
        gr_trace_plan_free(&plan);
        return cli_fail("%s", err.text);
    }
    plan_shown shown = {&plan, run->kernels.time_ns, trace_file_shown(o)};
    int rc = EXIT_OK;
    if (o->json)
        rc = cli_put_json(out_fields_json(shown_fields, &shown), json);
    else
        print_plan(&shown);
    gr_trace_plan_free(&plan);
    return rc;
}
