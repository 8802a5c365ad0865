/* The kernels command's files as it shows them, and its two ways of
 * printing them. */
#ifndef GPUROOF_KERNELS_OUTPUT_H
#define GPUROOF_KERNELS_OUTPUT_H

#include <jansson.h>
#include "cli_kernels.h"
#include "occupancy.h"
#include "profile.h"

typedef struct {
    gr_profile profile;
    gr_sm_limits limits;
} kernels_device;

typedef struct {
    cli_kernel_file file;
    bool failed;    /* it did not read: its line was printed, file.error keeps it */
    bool filtered;  /* only the kernels of sm are shown */
    gr_sm sm;
    bool by_device;          /* sm is the device's choice: its other code of that number shows too */
    int cc_major, cc_minor;  /* the device's, where by_device */
    bool *selected; /* only the kernels --kernel picks (file.list.count of them); NULL: all */
    const char *pattern; /* --kernel's, or NULL */
} kernels_view;

/* One kernel's occupancy on the device, at the block size of its
 * __launch_bounds__, or else at the one occupancy --suggest picks. */
typedef struct {
    bool valid;
    char error[1024]; /* why it cannot launch, where not valid */
    bool from_bounds; /* the block size is the __launch_bounds__ maximum, not the suggested one */
    gr_launch launch;
    gr_occupancy occ;
} kernel_occupancy;

void kernels_occupancy(const kernels_device *d, const gr_kernel *k, kernel_occupancy *out);
bool kernels_view_shows(const kernels_view *v, const gr_kernel *k);

void kernels_print_text(const kernels_view *views, size_t count, const kernels_device *d);
json_t *kernels_json(const kernels_view *views, size_t count, const kernels_device *d);

#endif
