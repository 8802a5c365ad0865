/* -D name=value options and loading a kernel model for any command. */
#ifndef GPUROOF_CLI_MODEL_H
#define GPUROOF_CLI_MODEL_H

#include <stdbool.h>
#include "model.h"

#define CLI_MAX_DEFINES 32

typedef struct {
    int count;
    gr_define items[CLI_MAX_DEFINES];
    char text[CLI_MAX_DEFINES][256]; /* the NAME=VALUE copies items point into */
} cli_defines;

/* Adds one -D NAME=VALUE; returns EXIT_OK or a usage error's status. */
int cli_add_define(cli_defines *d, const char *cmd, const char *arg);
/* Loads the model: a file, or a name looked up in $GPUROOF_MODELS, then
 * the models of the build tree or the installation (cli_data_path).  Prints
 * the error and returns false on failure. */
bool cli_load_model(const char *path, const cli_defines *d, gr_model *m);

#endif
