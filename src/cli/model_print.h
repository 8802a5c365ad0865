/* The model command's output: a model, and what it means on a device. */
#ifndef GPUROOF_MODEL_PRINT_H
#define GPUROOF_MODEL_PRINT_H

#include <jansson.h>
#include "gpuroof_model.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

/* What one run of gpuroof model shows, built before a line is printed:
 * the model, its figures, and where a device is given its figures there
 * (the core's gr_model_on_device_compute). */
typedef struct {
    gr_model model;
    gr_model_figures figures;
    bool has_device;
    gr_profile device;
    gr_model_on_device on; /* its precision points into device */
} model_result;

void model_print(const model_result *r);
/* Prints text after label, indented under the value column and wrapped at
 * spaces to lines of at most 100 characters. */
void model_print_wrapped(const char *label, const char *text);
json_t *model_json(const model_result *r);

/* model_access_print.c: variables accessed in memory, with and without
 * volatile (nothing where no variable gives its reads or writes). */
void model_print_accesses(const gr_model *m);
void model_print_volatile_why(const gr_model *m); /* a line for each volatile variable */
json_t *model_access_json(const gr_model_var *v); /* null without reads or writes */
json_t *model_traffic_json(const gr_model *m);    /* null where no variable counts its accesses */

#endif
