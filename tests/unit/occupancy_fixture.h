/* Shared by the occupancy unit tests: shipped profiles and limits. */
#ifndef GPUROOF_TEST_OCCUPANCY_FIXTURE_H
#define GPUROOF_TEST_OCCUPANCY_FIXTURE_H

#include "occupancy.h"
#include "profile.h"

static inline gr_profile load_profile(const char *name)
{
    char path[1024];
    gr_profile p;
    gr_error err;
    snprintf(path, sizeof path, "%s/profiles/%s.yaml", GPUROOF_SRCDIR, name);
    if (!gr_profile_load_file(path, &p, &err))
        fail_msg("%s", err.text);
    return p;
}

static inline gr_sm_limits device_limits(const char *name, int64_t carveout_bytes)
{
    gr_profile p = load_profile(name);
    gr_sm_limits lim;
    assert_true(gr_limits_from_profile(&p, carveout_bytes, &lim, NULL));
    return lim;
}

/* PMPP exercise 12's SM: 2048 threads, 32 blocks, 64K registers, 96 KB. */
static inline gr_sm_limits exercise_12_limits(void)
{
    return (gr_sm_limits){.warp_size = 32, .max_threads_sm = 2048, .max_blocks_sm = 32,
                          .regs_sm = 65536, .smem_sm_bytes = 96 * 1024};
}

#endif
