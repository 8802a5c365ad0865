/* Kernel names in either spelling: Nsight Compute's (tests/data/ncu/h100,
 * recorded on an H100 from tests/ncu/app.cu) against the demangler's of the
 * same program compiled here (tests/data/kernels/ncu-app-sm90.cubin), and
 * the patterns --kernel takes. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "file_fixture.h"
#include "kernel_file.h"
#include "kernel_names.h"
#include "kernel_select.h"
#include "ncu_report.h"

#define KERNELS GPUROOF_SRCDIR "/tests/data/kernels/"
#define NCU GPUROOF_SRCDIR "/tests/data/ncu/h100/"

static void read_kernels(const char *path, gr_kernel_list *l)
{
    file_bytes b = load(path);
    gr_error err;
    if (!gr_kernels_read(path, b.bytes, b.size, l, &err))
        fail_msg("%s", err.text);
    free(b.bytes);
}

static void same(const char *a, const char *b)
{
    char *ca = gr_kernel_name_canonical(a), *cb = gr_kernel_name_canonical(b);
    assert_non_null(ca);
    assert_non_null(cb);
    if (strcmp(ca, cb) != 0)
        fail_msg("'%s' is '%s', '%s' is '%s'", a, ca, b, cb);
    free(ca);
    free(cb);
}

static void canonical_is(const char *text, const char *expected)
{
    char *c = gr_kernel_name_canonical(text);
    assert_non_null(c);
    assert_string_equal(c, expected);
    free(c);
}

/* Every kernel of Nsight Compute's report is exactly one kernel of the
 * compiled program, the one of the same function, though the spellings
 * differ for all but one. */
static void nsight_and_demangler_spell_the_same_kernels(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_ncu_report r;
    gr_error err;
    file_bytes csv = load(NCU "app-run.csv");
    read_kernels(KERNELS "ncu-app-sm90.cubin", &l);
    if (!gr_ncu_read("app-run.csv", (const char *)csv.bytes, csv.size, &r, &err))
        fail_msg("%s", err.text);
    size_t paired = 0, spelled_apart = 0;
    for (size_t i = 0; i < r.count; i++) {
        const char *nsight = r.launches[i].kernel;
        size_t matches = 0, which = 0;
        char *want = gr_kernel_name_canonical(nsight);
        for (size_t k = 0; k < l.count; k++) {
            char *got = gr_kernel_name_canonical(l.kernels[k].demangled);
            if (strcmp(want, got) == 0)
                matches++, which = k;
            free(got);
        }
        if (matches != 1)
            fail_msg("'%s' (%s) matches %zu kernels", nsight, want, matches);
        free(want);
        /* the same function: its name up to '(' or '<', without "void " */
        const char *d = l.kernels[which].demangled, *n = strncmp(nsight, "void ", 5) == 0 ? nsight + 5 : nsight;
        const char *dn = strncmp(d, "void ", 5) == 0 ? d + 5 : d;
        size_t len = strcspn(dn, "(<");
        assert_int_equal(strcspn(n, "(<"), len);
        assert_memory_equal(n, dn, len);
        paired++;
        spelled_apart += strcmp(nsight, d) != 0;
    }
    assert_true(paired >= 10);
    assert_true(spelled_apart == paired); /* none is spelled alike: each needed the canonical form */
    gr_ncu_report_free(&r);
    gr_kernel_list_free(&l);
    free(csv.bytes);
}

static void spellings(void **state)
{
    (void)state;
    /* from the report and the cubin above */
    same("copy_f4(const float4 *, float4 *, unsigned long)", "copy_f4(float4 const*, float4*, unsigned long)");
    same("void scale<float, 4>(T1 *, T1, int)", "void scale<float, 4>(float*, float, int)");
    same("regs_heavy(const unsigned int *, unsigned int *, int)", "regs_heavy(unsigned int const*, unsigned int*, int)");
    /* an anonymous namespace and a reference (bounds.cu) */
    same("<unnamed>::nameless(const float &, float *)", "(anonymous namespace)::nameless(float const&, float*)");
    same("{anonymous}::nameless(const float &, float *)", "(anonymous namespace)::nameless(float const&, float*)");
    /* const inside template arguments, and behind a pointer */
    same("k(const thrust::device_ptr<const float> &)", "k(thrust::device_ptr<float const> const&)");
    same("k(float *const, const volatile int *)", "k(float* const, int const volatile*)");
    canonical_is("void sample::scale<float, 4>(float*, float)", "sample::scale<float,4>(float*,float)");
    canonical_is("f(void)", "f()");
    canonical_is("Transpose_Tile", "transpose_tile"); /* no parameter list: none */
    canonical_is("void scale<float, 4>", "scale<float,4>");
    canonical_is("f<g<int>>(T1)", "f<g<int>>(g<int>)"); /* T1: the first template argument */
    canonical_is("f(T1)", "f(t1)");                     /* no template: T1 is a type's name */
    canonical_is("", "");
    canonical_is("x<<<<", "x<<<<"); /* no C++ name: the marks as they come */
    canonical_is(">>((", ">>(()"); /* an unclosed list, closed */
}

static gr_match how(const char *pattern, bool glob, const char *mangled, const char *shown)
{
    gr_name_pattern p;
    gr_match m = GR_MATCH_NONE;
    assert_true(gr_name_pattern_init(&p, pattern, glob, NULL));
    assert_true(gr_name_pattern_match(&p, mangled, shown, &m, NULL));
    gr_name_pattern_free(&p);
    return m;
}

static void patterns(void **state)
{
    (void)state;
    const char *mangled = "_Z16transpose_paddedPKfPfi", *shown = "transpose_padded(float const*, float*, int)";
    assert_int_equal(how("transpose_padded(const float *, float *, int)", false, mangled, shown), GR_MATCH_WHOLE);
    assert_int_equal(how("void transpose_padded(const float *, float *, int)", false, mangled, shown), GR_MATCH_WHOLE);
    assert_int_equal(how("transpose_padded", false, mangled, shown), GR_MATCH_WHOLE);
    assert_int_equal(how("_Z16transpose_paddedPKfPfi", false, mangled, shown), GR_MATCH_WHOLE);
    assert_int_equal(how("transpose_padded(float *, float *, int)", false, mangled, shown), GR_MATCH_NONE);
    assert_int_equal(how("transpose", false, mangled, shown), GR_MATCH_PART);
    assert_int_equal(how("transpose_*", false, mangled, shown), GR_MATCH_GLOB);
    /* a pasted signature's '*' is a pointer, and matches no name literally */
    assert_int_equal(how("transpose_*(float const*, float*, int)", false, mangled, shown), GR_MATCH_NONE);
    assert_int_equal(how("transpose_*(float const[*], float[*], int)", true, mangled, shown), GR_MATCH_GLOB);
    assert_int_equal(how("*(float const?, float?, int)", true, mangled, shown), GR_MATCH_GLOB);
    /* qualified names: the whole, or from any level down */
    const char *s = "void sample::scale<float, 4>(float*, float)";
    assert_int_equal(how("sample::scale<float,4>", false, NULL, s), GR_MATCH_WHOLE);
    assert_int_equal(how("scale<float, 4>(float *, float)", false, NULL, s), GR_MATCH_WHOLE);
    assert_int_equal(how("ample::scale<float, 4>", false, NULL, s), GR_MATCH_PART);
    gr_name_pattern p;
    assert_true(gr_name_pattern_init(&p, "a*b", false, NULL));
    assert_true(p.glob && !p.signature);
    gr_name_pattern_free(&p);
    assert_true(gr_name_pattern_init(&p, "f(int *)", false, NULL));
    assert_true(!p.glob && p.signature);
    gr_name_pattern_free(&p);
}

/* kernels --kernel: every kernel matching as closely as the closest does. */
static void selection(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_name_pattern p;
    size_t count, index;
    gr_error err;
    read_kernels(KERNELS "bounds-sm90.cubin", &l);
    bool *selected = calloc(l.count, sizeof *selected);
    assert_true(gr_name_pattern_init(&p, "bounded*", false, NULL));
    assert_true(gr_kernel_select(&l, &p, selected, &count, NULL));
    assert_int_equal(count, 2);
    for (size_t i = 0; i < l.count; i++)
        assert_int_equal(selected[i], strncmp(l.kernels[i].name, "_Z10bounded", 11) == 0 ||
                                          strncmp(l.kernels[i].name, "_Z12bounded", 11) == 0);
    gr_name_pattern_free(&p);
    /* "bounded512" is the whole name of one, a part of none other that is whole */
    assert_true(gr_name_pattern_init(&p, "bounded512", false, NULL));
    assert_true(gr_kernel_select(&l, &p, selected, &count, NULL));
    assert_int_equal(count, 1);
    gr_name_pattern_free(&p);
    assert_true(gr_name_pattern_init(&p, "<unnamed>::nameless(const float &, float *)", false, NULL));
    assert_true(gr_kernel_find(&l, "f", &p, NULL, &index, &err));
    assert_string_equal(l.kernels[index].demangled, "(anonymous namespace)::nameless(float const&, float*)");
    assert_int_equal(l.kernels[index].max_threads, 128);
    gr_name_pattern_free(&p);
    assert_true(gr_name_pattern_init(&p, "nothing", false, NULL));
    assert_true(gr_kernel_select(&l, &p, selected, &count, NULL));
    assert_int_equal(count, 0);
    gr_name_pattern_free(&p);
    free(selected);
    gr_kernel_list_free(&l);
}

/* A kernel linked into many cubins of a library is one answer where every
 * copy has the same figures (cuBLASLt's helpers), and no answer where
 * copies of one name differ. */
static void copies_of_one_kernel(void **state)
{
    (void)state;
    gr_kernel_list l;
    gr_name_pattern p;
    gr_error err;
    size_t index = 99;
    gr_sm sm90a = {90, 'a'};
    gr_kernel_list_init(&l, GR_KERNELS_CUBIN);
    for (int i = 0; i < 8; i++) { /* more than the candidates an error names */
        gr_kernel *k = gr_kernel_list_add(&l, "_Z6helperv", 10, sm90a, &err);
        assert_non_null(k);
        k->registers = 18, k->shared_static_bytes = 0, k->constant_bytes = 552;
    }
    assert_true(gr_name_pattern_init(&p, "helper", false, NULL));
    assert_true(gr_kernel_find(&l, "lib.so", &p, &sm90a, &index, &err));
    assert_int_equal(index, 0);
    l.kernels[7].registers = 20; /* a copy that is not the same kernel */
    assert_false(gr_kernel_find(&l, "lib.so", &p, &sm90a, &index, &err));
    assert_non_null(strstr(err.text, "matches 8 kernels for sm_90a in lib.so"));
    gr_name_pattern_free(&p);
    gr_kernel_list_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nsight_and_demangler_spell_the_same_kernels),
        cmocka_unit_test(spellings),
        cmocka_unit_test(patterns),
        cmocka_unit_test(selection),
        cmocka_unit_test(copies_of_one_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
