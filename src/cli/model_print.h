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
json_t *model_json(const model_result *r);

#endif
