/* gpuroof model: a kernel model evaluated, with its variables explained. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "model_print.h"

static const char usage[] =
    "Usage: gpuroof model FILE [-D NAME=VALUE ...] [--device NAME [--precision P]]\n"
    "                     [--regs R] [--profiles DIR] [--json]\n"
    "\n"
    "Evaluates a kernel model (doc/model-format.md): total FLOPs, global-memory\n"
    "bytes, arithmetic intensity, launch shape, shared memory per block, and for\n"
    "each declared variable its memory, scope, lifetime and number of versions.\n";

static const char notes[] = "Example (PMPP exercise 11): gpuroof model models/foo-kernel.yaml\n";

#define FIELD(name) offsetof(model_options, name)
static const cli_option options[] = {
    CLI_OPTION_DEFINE(model_options, "set a parameter of the model (arithmetic allowed)"),
    {.name = "device", .arg = "NAME|FILE", .offset = FIELD(device),
     .help = "add the roofline bound and, given registers, the occupancy"},
    {.name = "precision", .arg = "P", .offset = FIELD(precision), .help = "which peak of the device (default fp32)"},
    {.name = "regs", .arg = "R", .offset = FIELD(regs), .help = "registers per thread, if the model does not say"},
    CLI_OPTION_PROFILES(model_options),
    CLI_OPTION_JSON(model_options),
};
#undef FIELD

const cli_spec model_spec = {"model", usage, notes, options, sizeof options / sizeof options[0]};

static int parse(int argc, char **argv, model_options *o)
{
    int operand, rc = cli_parse(&model_spec, argc, argv, o, &operand);
    if (rc != EXIT_OK)
        return rc;
    if (operand + 1 != argc)
        return cli_usage_error("model", operand == argc ? "give a model FILE" : "give one model FILE");
    if (o->precision && !o->device)
        return cli_usage_error("model", "--precision needs --device");
    o->file = argv[operand];
    return EXIT_OK;
}

static bool apply_regs(const model_options *o, gr_model *m)
{
    int64_t regs;
    if (!o->regs)
        return true;
    if (!cli_int("--regs", o->regs, CLI_COUNT, 0, 255, &regs))
        return false;
    m->has_registers = true;
    m->registers = (int)regs;
    return true;
}

/* What one run evaluates: too large for the stack. */
typedef struct {
    gr_model model;
    model_on_device device;
} model_run;

static int evaluate(const model_options *o, model_run *r, json_t **json)
{
    const model_on_device *on = o->device ? &r->device : NULL;
    if (!cli_load_model_given(o->file, &o->defines, &r->model) || !apply_regs(o, &r->model))
        return EXIT_INPUT;
    if (o->device && !model_on(&r->model, o->profiles, o->device, o->precision ? o->precision : "fp32", &r->device))
        return EXIT_INPUT;
    if (o->json)
        return cli_put_json(model_json(&r->model, on), json);
    model_print(&r->model, on);
    return EXIT_OK;
}

int cmd_model_run(const model_options *o, json_t **json)
{
    model_run *r = calloc(1, sizeof *r);
    if (!r)
        return cli_fail("out of memory");
    int rc = evaluate(o, r, json);
    free(r);
    return rc;
}

int cmd_model(int argc, char **argv)
{
    model_options o = {0};
    int rc = parse(argc, argv, &o);
    return rc == EXIT_OK ? cmd_model_run(&o, NULL) : cli_parse_stopped(rc);
}
