/* A kernel model on a device: its roofline bound at each level it gives
 * bytes at, and its occupancy where it gives registers, the figures that
 * gpuroof model --device shows as text and JSON. */
#ifndef GPUROOF_MODEL_DEVICE_H
#define GPUROOF_MODEL_DEVICE_H

#include <stdbool.h>
#include "gpuroof_text.h"
#include "model.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"
#include "gpuroof_roofline.h"

typedef struct {
    const char *precision;     /* the peak's, as the profile spells it ("fp64" for FP64) */
    bool has_bound;            /* FLOPs, and bytes at some level: levels is set */
    gr_roofline_levels levels; /* every level's roof and the binding one; DRAM's alone for most models */
    bool has_occupancy;        /* registers known and the launch valid */
    gr_occupancy occupancy;
    char launch_error[sizeof ((gr_error *)0)->text]; /* registers known but the launch invalid there: why */
    double unroofed_bytes[GR_MEMORY_LEVELS]; /* bytes at a level the device has no bandwidth for: left out */
} gr_model_on_device;

/* A model's counts as work: its FLOPs, DRAM's bytes, and the L2's and
 * shared memory's where it gives them (0 elsewhere); the one adapter from
 * a model to what the roofs hold, for bound, model and plot.  The
 * bandwidths and the peak are left as they were. */
void gr_model_level_counts(const gr_model *m, gr_level_work *w);

/* Whether the model gives bytes at a level inside the GPU (L2, shared
 * memory), which makes its bound hierarchical. */
bool gr_model_beyond_dram(const gr_model *m);

/* m on device at the peak of precision (one of device's: false, and
 * err, where it has none), under the device's roofs (gr_roofs).  A model of DRAM alone is
 * bound where it has an intensity; one with more levels wherever it does
 * floating-point work.  A launch the device refuses is a figure of the
 * result (launch_error), not a failure, and so is a level whose
 * bandwidth the profile lacks (unroofed_bytes, gr_level_work_leave_unroofed). */
bool gr_model_on_device_compute(const gr_model *m, const gr_profile *device, const char *precision,
                                gr_model_on_device *out, gr_error *err);

#endif
