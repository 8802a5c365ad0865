/* -D name=value options and loading a kernel model for any command. */
#ifndef GPUROOF_CLI_MODEL_H
#define GPUROOF_CLI_MODEL_H

#include <stdbool.h>
#include "gpuroof_model.h"
#include "options.h"

/* As many as the command line keeps. */
#define CLI_MAX_DEFINES CLI_MAX_VALUES

typedef struct {
    int count;
    gr_define items[CLI_MAX_DEFINES];
    char text[CLI_MAX_DEFINES][256]; /* the NAME=VALUE copies items point into */
} cli_defines;

/* -D NAME=VALUE's check as it is given (a cli_take_fn): EXIT_OK, or a
 * usage error's status where it has no NAME= or is too long. */
int cli_take_define(const char *command, void *parsed, const char *value);
/* Every model on the models' search path ($GPUROOF_MODELS, then the build
 * tree's or the installation's models/, cli_data_path), one folder down
 * too: smem-rect/setRowReadCol.  False (printed) where memory runs out. */
bool cli_list_models(gr_file_list *list);
/* Loads the model: a file, or a name on the models' search path, its case
 * aside (an unknown one offers the closest names).  Prints the error and
 * returns false on failure. */
bool cli_load_model(const char *path, const cli_defines *d, gr_model *m);
/* The same with the -D values as given on the command line. */
bool cli_load_model_given(const char *path, const cli_values *given, gr_model *m);
/* The same into a model of its own (cli_free_model), NULL on failure
 * (printed): a model is too large for the stack. */
gr_model *cli_new_model(const char *path, const cli_values *given);
/* Frees a model cli_new_model made, its texts with it; NULL: nothing. */
void cli_free_model(gr_model *m);

/* Loads the device (cli_load_device) into device and works out m there
 * (gr_model_on_device_compute) at precision's peak; prints the error and
 * returns false where the device cannot be used (no such profile, no peak
 * of the precision, no bandwidth for a level the model gives bytes at). */
bool cli_model_on_device(const gr_model *m, const char *profiles, const char *name, const char *precision,
                         gr_profile *device, gr_model_on_device *out);

#endif
