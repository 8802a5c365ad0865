#include "cli.h"
#include "cli_model.h"

int cli_add_define(cli_defines *d, const char *cmd, char *arg)
{
    if (d->count == CLI_MAX_DEFINES)
        return cli_usage_error(cmd, "at most %d -D options", CLI_MAX_DEFINES);
    if (!gr_define_parse(arg, &d->items[d->count]))
        return cli_usage_error(cmd, "-D takes NAME=VALUE, not '%s'", arg);
    d->count++;
    return EXIT_OK;
}

bool cli_load_model(const char *path, const cli_defines *d, gr_model *m)
{
    gr_error err;
    if (gr_model_load(path, d->items, d->count, m, &err))
        return true;
    cli_fail("%s", err.text);
    return false;
}
