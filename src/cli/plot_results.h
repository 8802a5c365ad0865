/* Which device of a roofline chart a results file is drawn against: a
 * measurement is never laid on another GPU's roof. */
#ifndef GPUROOF_PLOT_RESULTS_H
#define GPUROOF_PLOT_RESULTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_chart.h"
#include "gpuroof_profile.h"
#include "gpuroof_results.h"

/* The devices of the chart: the --device ones first (given of them), then
 * those results files brought; devices[i] is drawn as in->devices[i]. */
typedef struct {
    gr_profile items[GRC_CHART_MAX_ITEMS];
    size_t count, given;
} plot_devices;

/* The index in d of the device r is drawn against: the device its profile
 * names (device.profile); that profile, added to d with a warning, where
 * it is not one of them; where the file names none, the one device whose
 * compute capability and SM count are its GPU's.  False (printed) where
 * there is none: a profile that cannot be loaded, a GPU that is no device
 * of the chart or could be several. */
bool plot_results_device(const char *profiles_option, const gr_results *r, plot_devices *d, size_t *index,
                         json_t *warnings);

#endif
