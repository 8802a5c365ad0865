#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "cli_data.h"
#include "cli_model.h"
#include "gpuroof_text.h"

int cli_take_define(const char *command, void *parsed, const char *value)
{
    char copy[sizeof ((cli_defines *)NULL)->text[0]];
    gr_define define;
    (void)parsed;
    if (strlen(value) >= sizeof copy)
        return cli_usage_error(command, "-D %.20s...: longer than %zu characters", value, sizeof copy - 1);
    if (!gr_define_parse(strcpy(copy, value), &define))
        return cli_usage_error(command, "-D takes NAME=VALUE, not '%s'", value);
    return EXIT_OK;
}

/* Adds one -D NAME=VALUE that cli_take_define passed. */
static bool add_define(cli_defines *d, const char *arg)
{
    if (d->count == CLI_MAX_DEFINES || strlen(arg) >= sizeof d->text[0])
        return cli_error("-D %.20s: more than %d, or longer than %zu characters", arg, CLI_MAX_DEFINES,
                         sizeof d->text[0] - 1);
    if (!gr_define_parse(strcpy(d->text[d->count], arg), &d->items[d->count]))
        return cli_error("-D takes NAME=VALUE, not '%s'", arg);
    d->count++;
    return true;
}

bool cli_load_model_given(const char *path, const cli_values *given, gr_model *m)
{
    cli_defines *defines = calloc(1, sizeof *defines);
    if (!defines)
        return cli_error("out of memory");
    bool ok = true;
    for (size_t i = 0; ok && i < given->count; i++)
        ok = add_define(defines, given->items[i]);
    ok = ok && cli_load_model(path, defines, m);
    free(defines);
    return ok;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool cli_list_models(gr_file_list *list)
{
    gr_search_path sp;
    gr_error err;
    cli_data_path(GR_DATA_MODELS, NULL, &sp);
    if (!gr_search_path_list(&sp, ".yaml", true, list, &err))
        return cli_error("%s", err.text);
    return true;
}

/* A name no model has: the closest names, or where to find them. */
static bool no_model(const char *given, const gr_file_list *models)
{
    gr_name_suggestion s;
    gr_suggest_start(&s, given);
    for (size_t i = 0; i < models->count; i++)
        gr_suggest_consider(&s, models->items[i].name);
    cli_suggestion names = cli_suggested(&s, "", "");
    if (names.text[0])
        return cli_error("no model '%s': did you mean %s? (gpuroof model --list lists them)", given, names.text);
    return cli_error("no model '%s': give a file, or a name gpuroof model --list lists", given);
}

/* A model given by name ("foo-kernel", "smem-rect/setRowReadCol") is looked
 * up along the models' search path (cli_data_path): as it is spelled, else
 * without case (MATMUL-NAIVE, smem-rect/setrowreadcol).  Copies the file
 * to buf; false (printed) where a name finds none. */
static bool find_model(const char *given, char *buf, size_t size)
{
    gr_search_path sp;
    gr_file_list models;
    char file[1024];
    int len = snprintf(file, sizeof file, "%s.yaml", given);
    snprintf(buf, size, "%s", given);
    if (is_file(given) || len < 0 || (size_t)len >= sizeof file)
        return true; /* a file, or a name cut short that could find another model */
    cli_data_path(GR_DATA_MODELS, NULL, &sp);
    if (gr_search_path_find(&sp, file, buf, size))
        return true;
    if (!cli_list_models(&models))
        return false;
    const gr_listed_file *found = gr_file_list_find(&models, given);
    bool ok = true;
    if (found)
        snprintf(buf, size, "%s", found->path);
    else if (!strchr(given, '/') && !strstr(given, ".yaml"))
        ok = no_model(given, &models);
    else
        snprintf(buf, size, "%s", given); /* a path: the loader says what is wrong with it */
    gr_file_list_free(&models);
    return ok;
}

bool cli_load_model(const char *path, const cli_defines *d, gr_model *m)
{
    gr_error err;
    char file[1024];
    if (!find_model(path, file, sizeof file))
        return false;
    if (gr_model_load(file, d->items, d->count, m, &err))
        return true;
    return cli_error("%s", err.text);
}

gr_model *cli_new_model(const char *path, const cli_values *given)
{
    gr_model *m = malloc(sizeof *m);
    if (!m) {
        cli_error("out of memory");
        return NULL;
    }
    if (cli_load_model_given(path, given, m))
        return m;
    free(m);
    return NULL;
}

void cli_free_model(gr_model *m)
{
    if (m)
        gr_model_free(m);
    free(m);
}

bool cli_model_on_device(const gr_model *m, const char *profiles, const char *name, const char *precision,
                         gr_profile *device, gr_model_on_device *out)
{
    gr_error err;
    if (!cli_load_device(profiles, name, device))
        return false;
    const gr_peak *peak = gr_profile_peak(device, precision);
    if (!peak)
        return cli_error_no_peak(device, precision);
    if (!gr_model_on_device_compute(m, device, peak->precision, out, &err))
        return cli_error("%s", err.text);
    return true;
}
