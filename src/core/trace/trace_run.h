/* A whole trace read once: where each GPU's time went (trace_time.h), its
 * kernels and their configurations (trace_kernels.h), held to the device
 * a command names or, where it names none, to the shipped profile of the
 * GPU the trace's device properties describe.  What gpuroof trace prints. */
#ifndef GPUROOF_TRACE_RUN_H
#define GPUROOF_TRACE_RUN_H

#include <stdbool.h>
#include "gpuroof_profile.h"
#include "trace_kernel_launches.h"
#include "trace_kernels.h"
#include "trace_ncu.h"
#include "trace_pick.h"
#include "trace_read.h"
#include "trace_time.h"

typedef struct {
    gr_trace_time time;
    gr_trace_kernels kernels;
    size_t events;
    bool has_gpu;      /* the trace's first device properties */
    gr_gpu_info gpu;
    bool has_device;   /* a profile the kernels are held to */
    gr_profile device;
    bool device_given; /* named by the command, not matched */
    const gr_profile_list *profiles;
    const gr_trace_ncu *ncu; /* Nsight Compute's report joined to the kernels (gpuroof trace --ncu); NULL */
    bool keeps_launches; /* gr_trace_run_keep_launches */
    gr_trace_kernel_launches launches;
    bool picks;          /* gr_trace_run_pick: --kernel's pattern */
    gr_trace_pick pick;
    size_t kernels_picked; /* once finished: the kernels picked, first in the table; every kernel without a pattern */
    int64_t picked_ns;     /* their time */
} gr_trace_run;

/* A run held to given (NULL: the profile of profiles, NULL: none, that
 * matches the trace's GPU); false, with err, where given's limits are refused. */
bool gr_trace_run_init(gr_trace_run *r, const gr_profile *given, const gr_profile_list *profiles, gr_error *err);
/* r keeps its kernel launches one by one too: the top longest (0: every
 * launch, memory growing with them). */
void gr_trace_run_keep_launches(gr_trace_run *r, size_t top);
/* r picks the kernels pattern names (--kernel; glob: --glob): its table
 * and its launches are theirs (trace_pick.h).  False, with err, where
 * memory runs out. */
bool gr_trace_run_pick(gr_trace_run *r, const char *pattern, bool glob, gr_error *err);
/* The reader's handlers that fill r. */
gr_trace_handlers gr_trace_run_handlers(gr_trace_run *r);
/* The end of the trace: each device's window emptied, the kernels
 * sorted, those picked first (kernels_picked: 0 where the pattern picks
 * none), the launches kept sorted, each start from the first GPU
 * activity's.  False only where memory runs out picking the kernels. */
bool gr_trace_run_finish(gr_trace_run *r);
void gr_trace_run_free(gr_trace_run *r);

#endif
