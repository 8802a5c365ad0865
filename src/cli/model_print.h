/* The model command's output: a model, and what it means on a device. */
#ifndef GPUROOF_MODEL_PRINT_H
#define GPUROOF_MODEL_PRINT_H

#include <jansson.h>
#include "gpuroof_model.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

typedef struct {
    gr_profile device;
    const char *precision;
    bool has_bound;         /* FLOPs, and bytes at some level: levels is set */
    gr_roofline_levels levels; /* every level's roof and the binding one; DRAM's alone for most models */
    bool has_occupancy;    /* registers known and the launch valid */
    gr_occupancy occupancy;
    char launch_error[sizeof ((gr_error *)0)->text]; /* registers known but the launch invalid there: its error */
} model_on_device;

/* Loads the device and computes the bound and occupancy; prints the error
 * and returns false if the device cannot be used (no peak of the
 * precision, no bandwidth for a level the model gives bytes at). */
bool model_on(const gr_model *m, const char *profiles, const char *device,
              const char *precision, model_on_device *out);

void model_print(const gr_model *m, const model_on_device *dev);
json_t *model_json(const gr_model *m, const model_on_device *dev);

#endif
