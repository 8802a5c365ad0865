/* Unit tests for the join of Nsight Compute's reports to torch.profiler's
 * traces (src/core/trace/trace_names.c, trace_ncu.c): the two demanglers'
 * spellings of one kernel brought to one key, other kernels kept apart;
 * and the traces recorded on an H200 joined to the reports of the same
 * programs (tests/data/ncu/h200), launch by launch: every launch joined
 * where the two runs launched alike, the Triton kernels torch.compile
 * autotuned anew under ncu named as other configurations, the cuDNN
 * kernels Kineto leaves mangled joined by their words. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "gpuroof_ncu.h"
#include "gpuroof_profile.h"
#include "trace_kernels.h"
#include "trace_names.h"
#include "trace_ncu.h"
#include "trace_fixture.h"

static gr_profile h200;

static int setup(void **state)
{
    (void)state;
    return load_h200_profile(&h200);
}

static bool same_key(const char *a, const char *b)
{
    gr_buf ka = GR_BUF_INIT, kb = GR_BUF_INIT;
    assert_true(gr_trace_name_key(a, &ka));
    assert_true(gr_trace_name_key(b, &kb));
    bool same = strcmp(gr_buf_text(&ka), gr_buf_text(&kb)) == 0;
    if (!same)
        print_message("# %s\n# %s\n", gr_buf_text(&ka), gr_buf_text(&kb));
    gr_buf_free(&ka);
    gr_buf_free(&kb);
    return same;
}

/* Kineto's spelling, then Nsight Compute's, of kernels of the reports. */
static void spellings_share_a_key(void **state)
{
    (void)state;
    assert_true(same_key("void at::native::vectorized_elementwise_kernel<8, at::native::bfloat16_copy_kernel_cuda("
                         "at::TensorIteratorBase&)::{lambda(float)#1}, std::array<char*, 2ul> >(int, at::native::"
                         "bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}, std::array<char*, 2ul>)",
                         "void native::vectorized_elementwise_kernel<8, native::bfloat16_copy_kernel_cuda(at::"
                         "TensorIteratorBase &)::[lambda(float) (instance 1)], std::array<char *, 2>>(int, T2, T3)"));
    assert_true(same_key("void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float, false>("
                         "int, float, float const*, float const*, float const*, float*, float*, float*)",
                         "void native::<unnamed>::vectorized_layer_norm_kernel<float, float, 0>(int, T2, const T1 *, "
                         "const T1 *, const T1 *, T2 *, T2 *, T1 *)"));
    assert_true(same_key("void nhwcAddPaddingKernel<__nv_bfloat16, __nv_bfloat16, float, 1, (cudnn::Mode)0>(int)",
                         "void nhwcAddPaddingKernel<__nv_bfloat16, __nv_bfloat16, float, 1, 0>(T1)"));
    assert_true(same_key("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT", "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_NNT"));
    /* at::native as at:: alone, as Nsight Compute writes it now and then */
    assert_true(same_key("void at::native::vectorized_gather_kernel<16, long>(char*, char*, long*, int, long, long, "
                         "long, long, bool)", "void at::vectorized_gather_kernel<16, long>(char *, char *, T2 *, int, "
                         "long, long, long, long, bool)"));
}

static void other_kernels_keep_apart(void **state)
{
    (void)state;
    assert_false(same_key("void at::native::vectorized_elementwise_kernel<8, at::native::AbsFunctor<float>, "
                          "std::array<char*, 2ul> >(int, at::native::AbsFunctor<float>, std::array<char*, 2ul>)",
                          "void native::vectorized_elementwise_kernel<4, native::AbsFunctor<float>, std::array<char "
                          "*, 2>>(int, T2, T3)"));
    assert_false(same_key("void f<int>(int)::{lambda(float)#1}", "void f<int>(int)::[lambda(float) (instance 2)]"));
    assert_false(same_key("void k<true>(int)", "void k<0>(int)"));
    assert_false(same_key("triton_poi_fused_arange_0", "triton_poi_fused_arange_1"));
}

static void unreadable_names_by_their_words(void **state)
{
    (void)state;
    static const char mangled[] = "_ZN17cutlass__5x_cudnn6KernelINS_4conv6kernel23ImplicitGemmConvolutionIfEE";
    assert_false(gr_trace_name_unreadable("_Z3fooi"));
    assert_false(gr_trace_name_unreadable("nvjet_sm90_tst_96x64_64x8_2x4_h_bz_NTN"));
    assert_true(gr_trace_name_unreadable("_Zq!"));
    assert_true(gr_trace_name_words_in("Kernel<ImplicitGemmConvolution<float>>()", mangled));
    assert_true(gr_trace_name_words_in("cutlass__5x_cudnn<conv,1>", mangled));
    assert_false(gr_trace_name_words_in("Kernel<ImplicitGemmDeconvolution<float>>()", mangled));
    assert_false(gr_trace_name_words_in("<1,2>()", mangled)); /* no word at all says nothing */
}

/* The report tests/data/ncu/h200/NAME.csv.gz, decompressed whole. */
static char *read_report(const char *name, size_t *size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/ncu/h200/%s.csv.gz", GPUROOF_SRCDIR, name);
    gzFile in = gzopen(path, "rb");
    assert_non_null(in);
    size_t capacity = 1 << 20;
    char *text = malloc(capacity);
    int n;
    *size = 0;
    while (text && (n = gzread(in, text + *size, (unsigned)(capacity - *size))) > 0)
        if ((*size += (size_t)n) == capacity)
            text = realloc(text, capacity *= 2);
    assert_non_null(text);
    gzclose(in);
    return text;
}

typedef struct {
    gr_trace_kernels kernels;
    gr_ncu_analysis analysis;
    gr_trace_ncu join;
} joined_run;

/* The trace and the report of the program NAME, joined on the H200. */
static void join_run(const char *name, joined_run *r)
{
    char file[256];
    gr_error err;
    size_t size;
    snprintf(file, sizeof file, "%s-trace.json.gz", name);
    gr_trace_kernels_init(&r->kernels);
    assert_true(gr_trace_kernels_hold(&r->kernels, &h200, &err));
    read_h200_trace(file, (gr_trace_handlers){&r->kernels, take_kernel_event, NULL}, 65536);
    gr_trace_kernels_sort(&r->kernels);
    char *text = read_report(name, &size);
    gr_ncu_request rq = {.device = &h200};
    if (!gr_ncu_analysis_build(text, size, name, &rq, &r->analysis, &err))
        fail_msg("%s", err.text);
    free(text);
    if (!gr_trace_ncu_join(&r->kernels, &r->analysis, &r->join, &err))
        fail_msg("%s", err.text);
}

static void joined_run_free(joined_run *r)
{
    gr_trace_ncu_free(&r->join);
    gr_ncu_analysis_free(&r->analysis);
    gr_trace_kernels_free(&r->kernels);
}

/* Each joined kernel got as many report launches as the trace has of it
 * (the two runs launched alike), and the sums add up. */
static void check_sums(const joined_run *r)
{
    const gr_trace_ncu *j = &r->join;
    size_t launches = 0;
    double explained_ns = 0;
    for (size_t i = 0; i < j->kernel_count; i++) {
        const gr_trace_verdict *v = &j->verdicts[i];
        launches += v->ncu_launches;
        if (v->join == GR_TRACE_JOINED)
            explained_ns += v->explained_share * (double)r->kernels.kernels[i].time_ns;
        else
            assert_int_equal(v->ncu_launches, 0);
    }
    assert_int_equal(launches, j->ncu_joined);
    assert_int_equal(j->ncu_joined + j->ncu_no_name + j->ncu_other_config, j->ncu_launches);
    assert_true(explained_ns > 0.999 * j->explained_ns && explained_ns < 1.001 * j->explained_ns);
}

/* Where the two runs launched the same kernels alike: every launch joins. */
static void every_launch_joins(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        size_t launches, kernels;
    } runs[] = {{"step", 163, 46}, {"gpt2-50257", 144, 69}, {"bert", 272, 63}, {"cnn", 358, 58}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        joined_run r;
        join_run(runs[i].name, &r);
        assert_int_equal(r.join.ncu_launches, runs[i].launches);
        assert_int_equal(r.join.ncu_joined, runs[i].launches);
        assert_int_equal(r.join.kernels_joined, runs[i].kernels);
        assert_int_equal(r.join.kernel_count, runs[i].kernels);
        assert_true(r.join.joined_ns == r.join.kernel_ns);
        assert_int_equal(r.join.first_unjoined, r.join.ncu_launches);
        for (size_t k = 0; k < r.kernels.count; k++) /* as many launches profiled as traced */
            assert_int_equal(r.join.verdicts[k].ncu_launches, r.kernels.kernels[k].launches);
        check_sums(&r);
        joined_run_free(&r);
    }
}

/* torch.compile's Triton kernels, autotuned anew under Nsight Compute, ran
 * there with other grids: named so, with the report's configuration. */
static void other_configurations_named(void **state)
{
    (void)state;
    joined_run r;
    join_run("compiled", &r);
    assert_int_equal(r.join.ncu_launches, 126);
    assert_int_equal(r.join.ncu_joined, 105);
    assert_int_equal(r.join.ncu_other_config, 21);
    assert_int_equal(r.join.ncu_no_name, 0);
    assert_int_equal(r.join.kernels_joined, 45);
    size_t other = 0;
    for (size_t k = 0; k < r.kernels.count; k++) {
        const gr_trace_verdict *v = &r.join.verdicts[k];
        if (v->join != GR_TRACE_OTHER_CONFIG)
            continue;
        other++;
        assert_int_equal(strncmp(r.kernels.kernels[k].name, "triton_", 7), 0);
        if (strcmp(r.kernels.kernels[k].name, "triton_poi_fused_arange_0") == 0) /* 4 blocks traced, 2 profiled */
            assert_true(v->report_grid[0] == 2 && r.kernels.kernels[k].configs[0].grid[0] == 4);
    }
    assert_int_equal(other, 9);
    assert_string_equal(r.analysis.report.launches[r.join.first_unjoined].kernel, "triton_poi_fused_arange_0");
    check_sums(&r);
    joined_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spellings_share_a_key),
        cmocka_unit_test(other_kernels_keep_apart),
        cmocka_unit_test(unreadable_names_by_their_words),
        cmocka_unit_test(every_launch_joins),
        cmocka_unit_test(other_configurations_named),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
