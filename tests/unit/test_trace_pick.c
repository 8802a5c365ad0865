/* Unit tests for --kernel over a trace (src/core/trace/trace_pick.c and
 * its use in trace_run.c): a name pasted in Nsight Compute's spelling
 * picks the kernel Kineto spells otherwise, as a whole name; a part of
 * several names picks each; of the kernels that match, those that match
 * in the strongest way; each kernel worked out once, by its name's copy;
 * on the step trace, the picked kernels first in the table and their
 * launches alone kept. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "gpuroof_profile.h"
#include "trace_pick.h"
#include "trace_run.h"
#include "trace_fixture.h"

static const char copy_kineto[] =
    "void at::native::vectorized_elementwise_kernel<8, at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)"
    "::{lambda(float)#1}, std::array<char*, 2ul> >(int, at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)"
    "::{lambda(float)#1}, std::array<char*, 2ul>)";
static const char copy_ncu[] =
    "void native::vectorized_elementwise_kernel<8, native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase &)::"
    "[lambda(float) (instance 1)], std::array<char *, 2>>(int, T2, T3)";
static const char fill_kineto[] =
    "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, std::array<char*, 1ul> >(int, "
    "at::native::FillFunctor<float>, std::array<char*, 1ul>)";

static gr_match how_of(gr_trace_pick *p, const char *name)
{
    gr_match how = GR_MATCH_NONE;
    assert_true(gr_trace_pick_match(p, name, &how));
    return how;
}

static void either_spelling_is_a_whole_name(void **state)
{
    (void)state;
    gr_trace_pick p;
    gr_error err;
    assert_true(gr_trace_pick_init(&p, copy_ncu, false, &err));
    assert_int_equal(how_of(&p, copy_kineto), GR_MATCH_WHOLE);
    assert_int_equal(how_of(&p, fill_kineto), GR_MATCH_NONE);
    assert_int_equal(p.best, GR_MATCH_WHOLE);
    gr_trace_pick_free(&p);
    assert_true(gr_trace_pick_init(&p, copy_kineto, false, &err));
    assert_int_equal(how_of(&p, copy_kineto), GR_MATCH_WHOLE);
    gr_trace_pick_free(&p);
}

/* A part picks both; a glob both; the strongest any kernel matched is kept. */
static void parts_globs_and_the_strongest(void **state)
{
    (void)state;
    gr_trace_pick p;
    gr_error err;
    assert_true(gr_trace_pick_init(&p, "vectorized_elementwise", false, &err));
    assert_int_equal(how_of(&p, copy_kineto), GR_MATCH_PART);
    assert_int_equal(how_of(&p, fill_kineto), GR_MATCH_PART);
    assert_int_equal(p.best, GR_MATCH_PART);
    gr_trace_pick_free(&p);
    assert_true(gr_trace_pick_init(&p, "*FillFunctor*", false, &err));
    assert_int_equal(how_of(&p, copy_kineto), GR_MATCH_NONE);
    assert_int_equal(how_of(&p, fill_kineto), GR_MATCH_GLOB);
    gr_trace_pick_free(&p);
    /* "fill" is a part of one and the whole of a third kernel's name */
    assert_true(gr_trace_pick_init(&p, "fill", false, &err));
    assert_int_equal(how_of(&p, fill_kineto), GR_MATCH_PART);
    assert_int_equal(how_of(&p, "fill"), GR_MATCH_WHOLE);
    assert_int_equal(p.best, GR_MATCH_WHOLE);
    gr_trace_pick_free(&p);
}

/* Each name's copy worked out once and remembered by its address; a
 * name never met is no match. */
static void each_kernel_once(void **state)
{
    (void)state;
    gr_trace_pick p;
    gr_error err;
    char other[sizeof fill_kineto];
    memcpy(other, fill_kineto, sizeof other);
    assert_true(gr_trace_pick_init(&p, "FillFunctor", false, &err));
    for (int i = 0; i < 1000; i++)
        assert_int_equal(how_of(&p, fill_kineto), GR_MATCH_PART);
    assert_int_equal(p.count, 1);
    assert_int_equal(gr_trace_pick_how(&p, fill_kineto), GR_MATCH_PART);
    assert_int_equal(gr_trace_pick_how(&p, other), GR_MATCH_NONE);
    assert_int_equal(how_of(&p, other), GR_MATCH_PART);
    assert_int_equal(p.count, 2);
    gr_trace_pick_free(&p);
}

static void read_picked(gr_trace_run *r, const char *pattern, size_t top)
{
    gr_error err;
    assert_true(gr_trace_run_init(r, NULL, NULL, &err));
    gr_trace_run_keep_launches(r, top);
    assert_true(gr_trace_run_pick(r, pattern, false, &err));
    read_h200_trace("step-trace.json.gz", gr_trace_run_handlers(r), 65536);
    assert_true(gr_trace_run_finish(r));
}

/* The step trace's nvjet GEMMs: picked first, longest first, the rest
 * after; their launches alone kept, the longest of them first. */
static void a_recorded_run(void **state)
{
    (void)state;
    gr_trace_run r;
    read_picked(&r, "nvjet", 3);
    assert_int_equal(r.kernels_picked, 6);
    size_t launches = 0;
    int64_t time_ns = 0;
    for (size_t i = 0; i < r.kernels.count; i++) {
        const gr_trace_kernel *k = &r.kernels.kernels[i];
        assert_true((i < r.kernels_picked) == (strstr(k->name, "nvjet") != NULL));
        if (i > 0 && i != r.kernels_picked)
            assert_true(r.kernels.kernels[i - 1].time_ns >= k->time_ns);
        launches += i < r.kernels_picked ? k->launches : 0;
        time_ns += i < r.kernels_picked ? k->time_ns : 0;
    }
    assert_int_equal(r.picked_ns, time_ns);
    assert_int_equal(r.launches.kept->count, 3);
    assert_int_equal(r.launches.more, launches - 3);
    for (size_t i = 0; i < r.launches.kept->count; i++)
        assert_non_null(strstr(r.launches.kept->items[i].kernel, "nvjet"));
    gr_trace_run_free(&r);
    read_picked(&r, "no such kernel", 0);
    assert_int_equal(r.kernels_picked, 0);
    assert_int_equal(r.launches.kept->count, 0);
    gr_trace_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(either_spelling_is_a_whole_name),
        cmocka_unit_test(parts_globs_and_the_strongest),
        cmocka_unit_test(each_kernel_once),
        cmocka_unit_test(a_recorded_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
