#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "cli_data.h"
#include "cli_model.h"

int cli_add_define(cli_defines *d, const char *cmd, const char *arg)
{
    if (d->count == CLI_MAX_DEFINES)
        return cli_usage_error(cmd, "at most %d -D options", CLI_MAX_DEFINES);
    if (strlen(arg) >= sizeof d->text[0])
        return cli_usage_error(cmd, "-D %.20s...: longer than %zu characters", arg, sizeof d->text[0] - 1);
    char *copy = strcpy(d->text[d->count], arg);
    if (!gr_define_parse(copy, &d->items[d->count]))
        return cli_usage_error(cmd, "-D takes NAME=VALUE, not '%s'", arg);
    d->count++;
    return EXIT_OK;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A model given by name ("foo-kernel", "smem-rect/setRowReadCol") is looked
 * up along the models' search path (cli_data_path). */
static const char *find_model(const char *given, char *buf, size_t size)
{
    gr_search_path sp;
    char file[1024];
    if (is_file(given))
        return given;
    int len = snprintf(file, sizeof file, "%s.yaml", given);
    if (len < 0 || (size_t)len >= sizeof file)
        return given; /* cut short, the name could find another model */
    cli_data_path(GR_DATA_MODELS, NULL, &sp);
    return gr_search_path_find(&sp, file, buf, size) ? buf : given;
}

bool cli_load_model(const char *path, const cli_defines *d, gr_model *m)
{
    gr_error err;
    char found[1024];
    const char *file = find_model(path, found, sizeof found);
    if (!is_file(file) && !strchr(path, '/') && !strstr(path, ".yaml")) {
        cli_fail("no model '%s': give a file, or the name of one in models/ (such as foo-kernel)", path);
        return false;
    }
    if (gr_model_load(file, d->items, d->count, m, &err))
        return true;
    cli_fail("%s", err.text);
    return false;
}
