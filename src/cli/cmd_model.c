/* gpuroof model: a kernel model evaluated, with its variables explained. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_model.h"
#include "commands.h"
#include "model_print.h"

static const char help[] =
    "Usage: gpuroof model FILE [-D NAME=VALUE ...] [--device NAME [--precision P]]\n"
    "                     [--regs R] [--profiles DIR] [--json]\n"
    "\n"
    "Evaluates a kernel model (doc/model-format.md): total FLOPs, global-memory\n"
    "bytes, arithmetic intensity, launch shape, shared memory per block, and for\n"
    "each declared variable its memory, scope, lifetime and number of versions.\n"
    "\n"
    "  -D NAME=VALUE      set a parameter of the model (arithmetic allowed)\n"
    "  --device NAME|FILE add the roofline bound and, given registers, the occupancy\n"
    "  --precision P      which peak of the device (default fp32)\n"
    "  --regs R           registers per thread, if the model does not say\n"
    "  --profiles DIR     look for profiles in DIR first\n"
    "  --json             print one JSON object\n"
    "\n"
    "Example (PMPP exercise 11): gpuroof model models/foo-kernel.yaml\n";

typedef struct {
    const char *file, *device, *precision, *regs, *profiles;
    cli_defines defines;
    bool json;
} model_options;

static int parse(int argc, char **argv, model_options *o)
{
    static const struct option longopts[] = {
        {"define", required_argument, NULL, 'D'}, {"device", required_argument, NULL, 'd'},
        {"precision", required_argument, NULL, 'p'}, {"regs", required_argument, NULL, 'r'},
        {"profiles", required_argument, NULL, 'R'}, {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    int c, rc;
    while ((c = cli_getopt(argc, argv, "D:", longopts)) != -1) {
        if (c == 'h')
            return cli_show_help(help);
        else if (c == 'j')
            o->json = true;
        else if (c == 'D' && (rc = cli_add_define(&o->defines, "model", optarg)) != EXIT_OK)
            return rc;
        else if (c == 'd' || c == 'p' || c == 'r' || c == 'R')
            *(c == 'd' ? &o->device : c == 'p' ? &o->precision : c == 'r' ? &o->regs : &o->profiles) = optarg;
        else if (c != 'D')
            return cli_bad_option("model", argv, c);
    }
    if (optind + 1 != argc)
        return cli_usage_error("model", optind == argc ? "give a model FILE" : "give one model FILE");
    if (o->precision && !o->device)
        return cli_usage_error("model", "--precision needs --device");
    o->file = argv[optind];
    return EXIT_OK;
}

static bool apply_regs(const model_options *o, gr_model *m)
{
    int64_t regs;
    if (!o->regs)
        return true;
    if (!cli_int("--regs", o->regs, false, 0, 255, &regs))
        return false;
    m->has_registers = true;
    m->registers = (int)regs;
    return true;
}

int cmd_model(int argc, char **argv)
{
    static model_options o;
    static gr_model m;
    static model_on_device dev;
    memset(&o, 0, sizeof o);
    memset(&dev, 0, sizeof dev);
    bool go_on;
    int rc = cli_parsed(parse(argc, argv, &o), &go_on);
    if (!go_on)
        return rc;
    if (!cli_load_model(o.file, &o.defines, &m) || !apply_regs(&o, &m))
        return EXIT_INPUT;
    if (o.device && !model_on(&m, o.profiles, o.device, o.precision ? o.precision : "fp32", &dev))
        return EXIT_INPUT;
    if (o.json)
        return cli_print_json(model_json(&m, o.device ? &dev : NULL));
    model_print(&m, o.device ? &dev : NULL);
    return EXIT_OK;
}
