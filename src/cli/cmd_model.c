/* gpuroof model: a kernel model evaluated, with its variables explained. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "model_print.h"

static const char usage[] =
    "Usage: gpuroof model FILE|NAME [-D NAME=VALUE ...] [--device NAME [--precision P]]\n"
    "                     [--regs R] [--profiles DIR] [--json]\n"
    "       gpuroof model --list [--json]\n"
    "\n"
    "Evaluates a kernel model (doc/model-format.md): total FLOPs, global-memory\n"
    "bytes, arithmetic intensity, launch shape, shared memory per block, and for\n"
    "each declared variable its memory, scope, lifetime and number of versions.\n"
    "A NAME is a model on the search path ($GPUROOF_MODELS, then the shipped\n"
    "models), its case aside; --list lists them.\n";

static const char notes[] = "Example (PMPP exercise 11): gpuroof model foo-kernel\n";

static const cli_option options[] = {
    CLI_OPTION_DEFINE(model_options, "set a parameter of the model (arithmetic allowed)"),
    CLI_OPT_STRING(model_options, device, .name = "device", .arg = "NAME|FILE",
                   .help = "add the roofline bound and, given registers, the occupancy"),
    CLI_OPT_CHOICE(model_options, precision, gr_precisions, .name = "precision", .arg = "P",
                   .renamed = gr_precision_renamed, .help = "which peak of the device (default fp32)"),
    CLI_OPT_INT(model_options, regs, CLI_COUNT, 0, 255, .name = "regs", .arg = "R",
                .help = "registers per thread, if the model does not say"),
    CLI_OPT_FLAG(model_options, list, .name = "list", .help = "list the models on the search path, with their titles"),
    CLI_OPTION_PROFILES(model_options),
    CLI_OPTION_JSON(model_options),
};

static const cli_group groups[] = {
    {CLI_NEEDS, "precision device", NULL},
    {0},
};

static const cli_spec model_spec = {"model", usage, notes, options, sizeof options / sizeof options[0], groups};

int cmd_model_parse(int argc, char **argv, model_options *o)
{
    int operand, rc = cli_parse(&model_spec, argc, argv, o, &operand);
    if (rc != EXIT_OK)
        return rc;
    /* an option alone, with no operand either: no group says it */
    if (o->list &&
        (operand != argc || o->defines.count || o->device || o->precision.given || o->regs.given || o->profiles))
        return cli_usage_error("model", "--list takes no model and no other option but --json");
    if (o->list)
        return EXIT_OK;
    if (operand + 1 != argc)
        return cli_usage_error("model", operand == argc ? "give a model FILE" : "give one model FILE");
    o->file = argv[operand];
    return EXIT_OK;
}

static bool apply_regs(const model_options *o, gr_model *m)
{
    if (!o->regs.given)
        return true;
    m->has_registers = true;
    m->registers = (int)o->regs.value;
    return true;
}

static int evaluate(const model_options *o, model_result *r, json_t **json)
{
    if (!cli_load_model_given(o->file, &o->defines, &r->model) || !apply_regs(o, &r->model))
        return EXIT_INPUT;
    const char *precision = o->precision.given ? gr_precisions[o->precision.index] : "fp32";
    gr_model_figures_of(&r->model, &r->figures);
    r->has_device = o->device != NULL;
    if (r->has_device && !cli_model_on_device(&r->model, o->profiles, o->device, precision, &r->device, &r->on))
        return EXIT_INPUT;
    if (o->json)
        return cli_put_json(model_json(r), json);
    model_print(r);
    return EXIT_OK;
}

/* One row of the listing: the model's name and title, loaded into m; a
 * model that does not load stops the listing with its error (printed): a
 * broken model is never silently left out. */
static bool list_model(const gr_listed_file *f, int width, gr_model *m, json_t *list)
{
    gr_error err;
    if (!gr_model_load(f->path, NULL, 0, m, &err))
        return cli_error("%s", err.text);
    if (!list) {
        printf("%-*s  %s\n", width, f->name, m->title);
        gr_model_free(m);
        return true;
    }
    json_t *item = json_object();
    json_object_set_new(item, "name", cli_json_text(f->name));
    json_object_set_new(item, "title", cli_json_text(m->title));
    json_object_set_new(item, "path", cli_json_text(f->path));
    json_array_append_new(list, item);
    gr_model_free(m);
    return true;
}

static int print_list(const gr_file_list *models, bool json, json_t **dest)
{
    gr_model *m = malloc(sizeof *m); /* too large for the stack */
    json_t *list = json ? json_array() : NULL;
    int width = 4;
    bool ok = m && (list || !json);
    for (size_t i = 0; i < models->count; i++)
        width = (int)strlen(models->items[i].name) > width ? (int)strlen(models->items[i].name) : width;
    if (ok && !json)
        printf("%-*s  %s\n", width, "name", "title");
    for (size_t i = 0; ok && i < models->count; i++)
        ok = list_model(&models->items[i], width, m, list);
    bool out_of_memory = !m || (json && !list);
    free(m);
    if (!ok || !json) {
        json_decref(list);
        return out_of_memory ? cli_fail("out of memory") : ok ? EXIT_OK : EXIT_INPUT;
    }
    json_t *j = json_object();
    json_object_set_new(j, "models", list);
    return cli_put_json(j, dest);
}

static int run_list(const model_options *o, json_t **json)
{
    gr_file_list models;
    if (!cli_list_models(&models))
        return EXIT_INPUT;
    int rc = models.count ? print_list(&models, o->json, json)
                          : cli_fail("no models found: $GPUROOF_MODELS names more directories");
    gr_file_list_free(&models);
    return rc;
}

int cmd_model_run(const model_options *o, json_t **json)
{
    if (o->list)
        return run_list(o, json);
    model_result *r = calloc(1, sizeof *r); /* too large for the stack */
    if (!r)
        return cli_fail("out of memory");
    int rc = evaluate(o, r, json);
    gr_model_free(&r->model);
    free(r);
    return rc;
}

CLI_COMMAND_MAIN(cmd_model, model_options, cmd_model_parse, cmd_model_run)
