/* The Nsight Compute analysis (src/core/ncu/ncu_analysis.c) on the test CSVs
 * of tests/data/ncu (their launches in that folder's README): the device
 * policies (given; found from the report's GPU; none, as a note or as an
 * error), a report of another GPU flagged, every launch's and kernel's
 * binding and prediction the same as gr_ncu_bind's and gr_ncu_predict's
 * of the same figures, the disagreements listed, the groups counted. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "file_fixture.h"
#include "ncu_analysis.h"

#define DATA GPUROOF_SRCDIR "/tests/data/ncu/"
#define PROFILES GPUROOF_SRCDIR "/profiles/"

static gr_profile profile(const char *name)
{
    gr_profile p;
    gr_error err;
    char path[512];
    snprintf(path, sizeof path, PROFILES "%s.yaml", name);
    if (!gr_profile_load_file(path, &p, &err))
        fail_msg("%s", err.text);
    return p;
}

/* The analysis of a test CSV; false with err where it is not built. */
static bool build(const char *file, const gr_ncu_request *rq, gr_ncu_analysis *a, gr_error *err)
{
    file_bytes csv = load(file);
    bool ok = gr_ncu_analysis_build((const char *)csv.bytes, csv.size, file, rq, a, err);
    free(csv.bytes);
    return ok;
}

static void built(const char *file, const gr_ncu_request *rq, gr_ncu_analysis *a)
{
    gr_error err;
    if (!build(file, rq, a, &err))
        fail_msg("%s", err.text);
}

/* Same number, NaN the same as NaN. */
static void same(double x, double y)
{
    if (isnan(x) || isnan(y))
        assert_true(isnan(x) && isnan(y));
    else
        assert_true(x == y);
}

static void same_binding(const gr_ncu_binding *got, const gr_ncu_binding *want)
{
    assert_int_equal(got->known, want->known);
    assert_string_equal(got->left_out, want->left_out);
    same(got->compute_time_ns, want->compute_time_ns);
    same(got->compute_gflops, want->compute_gflops);
    for (int l = 0; l < GR_NCU_LEVEL_COUNT; l++) {
        same(got->level_time_ns[l], want->level_time_ns[l]);
        same(got->roof_gflops[l], want->roof_gflops[l]);
    }
    if (!want->known)
        return;
    assert_string_equal(got->why_unknown, want->why_unknown);
    assert_int_equal(got->binding.primary, want->binding.primary);
    assert_int_equal(got->binding.count, want->binding.count);
    for (int i = 0; i < want->binding.count; i++)
        assert_int_equal(got->binding.levels[i], want->binding.levels[i]);
}

static void same_prediction(const gr_ncu_prediction *got, const gr_ncu_prediction *want)
{
    assert_int_equal(got->known, want->known);
    assert_int_equal(got->compared, want->compared);
    assert_int_equal(got->agrees, want->agrees);
    assert_string_equal(got->why_unknown, want->why_unknown);
    if (want->known) {
        same(got->occ.occupancy, want->occ.occupancy);
        assert_int_equal(got->occ.blocks_per_sm, want->occ.blocks_per_sm);
        assert_int_equal(got->occ.limiters, want->occ.limiters);
    }
}

/* Every launch's and kernel's binding and prediction are the engine's
 * of its figures against the analysis's roofs and device. */
static void judged_as_the_engine(const gr_ncu_analysis *a)
{
    for (size_t i = 0; i < a->report.count; i++) {
        gr_ncu_binding b;
        gr_ncu_prediction p;
        gr_ncu_bind(&a->figures[i], &a->roofs, &b);
        gr_ncu_predict(&a->device, &a->figures[i], &p);
        same_binding(&a->bindings[i], &b);
        same_prediction(&a->predictions[i], &p);
    }
    for (size_t g = 0; g < a->group_count; g++) {
        gr_ncu_binding b;
        gr_ncu_prediction p;
        gr_ncu_bind(&a->groups[g].figures, &a->roofs, &b);
        gr_ncu_predict(&a->device, &a->groups[g].figures, &p);
        same_binding(&a->group_bindings[g], &b);
        same_prediction(&a->group_predictions[g], &p);
    }
}

/* ---- the device policies -------------------------------------------------- */

static void device_given(void **state)
{
    (void)state;
    gr_profile h100 = profile("h100");
    gr_ncu_request rq = {.device = &h100};
    gr_ncu_analysis a;
    built(DATA "details-base.csv", &rq, &a); /* no GPU named: the given one is held to */
    assert_true(a.has_device);
    assert_int_equal(a.device_source, GR_NCU_DEVICE_GIVEN);
    assert_string_equal(a.device.name, "h100");
    assert_false(a.other_gpu);
    assert_false(a.grouped);
    assert_int_equal(a.report.count, 5);
    assert_int_equal(a.roofs.bandwidth_gbs[GR_NCU_DRAM].source, GR_ROOF_PROFILE);
    same(a.roofs.bandwidth_gbs[GR_NCU_DRAM].value, 3352);
    judged_as_the_engine(&a);
    gr_ncu_analysis_free(&a);
}

/* The report names an H100 and the list has the H100's profile among others. */
static void device_found(void **state)
{
    (void)state;
    gr_profile items[] = {profile("a100"), profile("h100"), profile("rtx4090")};
    gr_profile_list list = {.count = 3, .items = items};
    gr_ncu_request rq = {.profiles = &list, .device_required = true, .device_hint = "--device NAME"};
    gr_ncu_analysis a;
    built(DATA "raw-base.csv", &rq, &a);
    assert_true(a.has_device);
    assert_int_equal(a.device_source, GR_NCU_DEVICE_FOUND);
    assert_string_equal(a.device.name, "h100");
    assert_false(a.other_gpu);
    judged_as_the_engine(&a);
    gr_ncu_analysis_free(&a);
}

static void device_not_found_is_a_note(void **state)
{
    (void)state;
    gr_profile items[] = {profile("a100")};
    gr_profile_list list = {.count = 1, .items = items};
    gr_ncu_request rq = {.profiles = &list, .device_hint = "--device NAME"};
    gr_ncu_analysis a;
    built(DATA "raw-base.csv", &rq, &a);
    assert_false(a.has_device);
    assert_int_equal(a.device_source, GR_NCU_DEVICE_UNMATCHED);
    assert_string_equal(a.bindings[0].why_unknown, "no device, so no roofs (give --device NAME)");
    assert_false(a.predictions[0].known);
    assert_string_equal(a.predictions[0].why_unknown, "no device");
    assert_int_equal(a.disagreement_count, 0);
    gr_ncu_analysis_free(&a);

    built(DATA "details-base.csv", &rq, &a); /* names no GPU: the list is not looked at */
    assert_false(gr_ncu_analysis_needs_profiles(&a));
    assert_false(a.has_device);
    assert_int_equal(a.device_source, GR_NCU_DEVICE_UNNAMED);
    gr_ncu_analysis_free(&a);
}

static void device_not_found_is_an_error(void **state)
{
    (void)state;
    gr_profile_list empty = {0};
    gr_ncu_request rq = {.profiles = &empty, .device_required = true, .device_hint = "--device NAME"};
    gr_ncu_analysis a;
    gr_error err;
    assert_false(build(DATA "raw-base.csv", &rq, &a, &err));
    assert_string_equal(err.text, DATA "raw-base.csv: no device: no profile has NVIDIA H100 80GB HBM3's compute "
                                       "capability 9.0, 132 SMs and 233472 B of shared memory an SM; give --device NAME");
    assert_false(build(DATA "details-base.csv", &rq, &a, &err));
    assert_string_equal(err.text, DATA "details-base.csv: no device: the report does not say which GPU it ran on (the "
                                       "raw page does); give --device NAME");
}

/* ---- another GPU, disagreements -------------------------------------------- */

/* An H100's report held against an RTX 4090 (compute capability 8.9,
 * 128 SMs): flagged, and each launch whose occupancy by the 4090's rules
 * differs from Nsight Compute's listed, with both figures. */
static void other_gpu_and_disagreements(void **state)
{
    (void)state;
    gr_profile rtx4090 = profile("rtx4090");
    gr_ncu_request rq = {.device = &rtx4090};
    gr_ncu_analysis a;
    built(DATA "raw-base.csv", &rq, &a);
    assert_true(a.other_gpu);
    assert_int_equal(a.report.gpu.cc_major, 9);
    assert_int_equal(a.report.gpu.sm_count, 132);
    assert_int_equal(a.device.cc_major, 8);
    assert_int_equal(a.device.cc_minor, 9);
    size_t listed = 0;
    for (size_t i = 0; i < a.report.count; i++) {
        const gr_ncu_prediction *p = &a.predictions[i];
        if (!(p->known && p->compared && !p->agrees))
            continue;
        assert_true(listed < a.disagreement_count);
        const gr_ncu_disagreement *d = &a.disagreements[listed++];
        assert_int_equal(d->launch, i);
        same(d->predicted, p->occ.occupancy);
        assert_int_equal(d->blocks_per_sm, p->occ.blocks_per_sm);
        same(d->theoretical, a.figures[i].occupancy_theoretical);
        assert_true(d->predicted != d->theoretical);
    }
    assert_int_equal(listed, a.disagreement_count);
    /* wmma's 8 blocks of 4 warps are 32 of the 4090's 48 warps, 66.67%, where
     * Nsight Compute says 50% (of the H100's 64); saxpy's 6 blocks fill both */
    assert_int_equal(a.disagreement_count, 1);
    assert_int_equal(a.disagreements[0].launch, 3);
    same(a.disagreements[0].predicted, 32.0 / 48);
    same(a.disagreements[0].theoretical, 0.5);
    assert_int_equal(a.disagreements[0].blocks_per_sm, 8);
    judged_as_the_engine(&a);
    gr_ncu_analysis_free(&a);

    gr_profile h100 = profile("h100");
    rq.device = &h100;
    built(DATA "raw-base.csv", &rq, &a); /* the README's occupancies are the H100's: no disagreement */
    assert_false(a.other_gpu);
    assert_int_equal(a.disagreement_count, 0);
    gr_ncu_analysis_free(&a);
}

/* ---- grouping ------------------------------------------------------------------ */

static void grouped_by_kernel(void **state)
{
    (void)state;
    gr_profile h100 = profile("h100");
    gr_ncu_request rq = {.device = &h100, .group = true};
    gr_ncu_analysis a;
    built(DATA "raw-base.csv", &rq, &a);
    assert_true(a.grouped);
    assert_int_equal(a.report.count, 5);
    assert_int_equal(a.group_count, 4); /* saxpy's two launches are one kernel */
    size_t launches = 0, saxpy = 0;
    for (size_t g = 0; g < a.group_count; g++) {
        launches += a.groups[g].launches;
        if (strstr(a.groups[g].kernel, "saxpy"))
            saxpy = a.groups[g].launches;
    }
    assert_int_equal(launches, 5);
    assert_int_equal(saxpy, 2);
    /* the README's binding levels: saxpy DRAM, matmul shared memory, wmma compute, launch 4 unknown */
    assert_int_equal(a.bindings[0].binding.primary, GR_LEVEL_DRAM);
    assert_int_equal(a.bindings[2].binding.primary, GR_LEVEL_SHARED);
    assert_int_equal(a.bindings[3].binding.primary, GR_LEVEL_COMPUTE);
    assert_false(a.bindings[4].known);
    same(a.time_ns_total, NAN); /* launch 4's time is n/a */
    judged_as_the_engine(&a);
    gr_ncu_analysis_free(&a);

    rq.group = false;
    built(DATA "raw-base.csv", &rq, &a);
    assert_int_equal(a.group_count, 0);
    assert_null(a.groups);
    gr_ncu_analysis_free(&a);
}

/* What no launch has is named once; a report that does not read is an
 * error with nothing to free. */
static void absent_and_unread(void **state)
{
    (void)state;
    gr_profile h100 = profile("h100");
    gr_ncu_request rq = {.device = &h100};
    gr_ncu_analysis a;
    gr_error err;
    built(DATA "roofline-raw.csv", &rq, &a); /* no Tensor Core counters */
    assert_true(a.absent_everywhere[GR_NCU_Q_TENSOR_FP16]);
    assert_false(a.absent_everywhere[GR_NCU_Q_TIME_NS]);
    same(a.time_ns_total, a.figures[0].q[GR_NCU_Q_TIME_NS] + a.figures[1].q[GR_NCU_Q_TIME_NS] +
                              a.figures[2].q[GR_NCU_Q_TIME_NS]);
    gr_ncu_analysis_free(&a);
    assert_false(build(DATA "bad/no-launch.csv", &rq, &a, &err));
    assert_non_null(strstr(err.text, "no-launch.csv"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(device_given),
        cmocka_unit_test(device_found),
        cmocka_unit_test(device_not_found_is_a_note),
        cmocka_unit_test(device_not_found_is_an_error),
        cmocka_unit_test(other_gpu_and_disagreements),
        cmocka_unit_test(grouped_by_kernel),
        cmocka_unit_test(absent_and_unread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
