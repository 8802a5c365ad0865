/* Unit tests for names a person types (src/core/text/names.c): case, the edit
 * distance, and which known names a "did you mean" offers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "names.h"

static void equal_ignores_case_only(void **state)
{
    (void)state;
    assert_true(gr_name_equal("A100", "a100"));
    assert_true(gr_name_equal("setrowreadrow", "setRowReadRow"));
    assert_true(gr_name_equal("FP64", "fp64"));
    assert_true(gr_name_equal("", ""));
    assert_false(gr_name_equal("a100", "a100-80gb"));
    assert_false(gr_name_equal("a10", "a100"));
    assert_false(gr_name_equal("fp_64", "fp64"));
    assert_false(gr_name_equal("[", "{")); /* 'A' - 'a' apart, but no letters */
    assert_true(gr_name_has_suffix("X.PNG", ".png"));
    assert_true(gr_name_has_suffix("chart.Pdf", ".pdf"));
    assert_false(gr_name_has_suffix("png", ".png"));
    assert_false(gr_name_has_suffix("chart.png.gp", ".png"));
}

static void distance_counts_edits(void **state)
{
    (void)state;
    assert_int_equal(gr_name_distance("a100", "a100"), 0);
    assert_int_equal(gr_name_distance("A100", "a100"), 0);
    assert_int_equal(gr_name_distance("a10", "a100"), 1);      /* insertion */
    assert_int_equal(gr_name_distance("a1000", "a100"), 1);    /* deletion */
    assert_int_equal(gr_name_distance("h200", "h100"), 1);     /* substitution */
    assert_int_equal(gr_name_distance("fp46", "fp64"), 1);     /* a swap of neighbours */
    assert_int_equal(gr_name_distance("bonud", "bound"), 1);
    assert_int_equal(gr_name_distance("bnoud", "bound"), 2);
    assert_int_equal(gr_name_distance("", "k40"), 3);
    assert_int_equal(gr_name_distance("k40", ""), 3);
    assert_int_equal(gr_name_distance("kitten", "sitting"), 3);
    assert_int_equal(gr_name_distance("ca", "abc"), 3);        /* optimal string alignment, not Damerau */
    char long_name[GR_NAME_MAX + 2];
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    assert_int_equal(gr_name_distance(long_name, "a"), GR_NAME_MAX + 1);
    long_name[GR_NAME_MAX] = '\0';
    assert_int_equal(gr_name_distance(long_name, "a"), GR_NAME_MAX - 1);
}

/* What a suggestion offers from a list of known names, as its text. */
static const char *suggest(const char *given, const char *const *known, char *text, size_t size)
{
    gr_name_suggestion s;
    gr_suggest_start(&s, given);
    for (size_t i = 0; known[i]; i++)
        gr_suggest_consider(&s, known[i]);
    if (!gr_suggest_text(&s, text, size))
        assert_string_equal(text, "");
    return text;
}

static const char *const devices[] = {"a100", "a100-80gb", "h100", "h100-pcie", "h200", "k40", "rtx4090", "v100", NULL};
static const char *const precisions[] = {"fp32", "fp64", "fp16", "bf16", "tensor_tf32", "tensor_fp16", NULL};
static const char *const commands[] = {"bound", "occupancy", "model", "banks", "plot", "measure", "devices", "profile",
                                       "exercises", NULL};
static const char *const models[] = {"block-transpose", "foo-kernel", "matmul-naive", "matmul-tiled",
                                     "matmul-tiled-boundary", "matmul-tiled-dynamic", "matrix-add", "versions", NULL};

static void suggestions_are_the_closest_names(void **state)
{
    (void)state;
    char text[128];
    assert_string_equal(suggest("a10", devices, text, sizeof text), "a100");
    assert_string_equal(suggest("H10", devices, text, sizeof text), "h100");
    assert_string_equal(suggest("h300", devices, text, sizeof text), "h100 or h200");
    assert_string_equal(suggest("h100pcie", devices, text, sizeof text), "h100-pcie");
    assert_string_equal(suggest("k80", devices, text, sizeof text), "k40");
    assert_string_equal(suggest("fp46", precisions, text, sizeof text), "fp64 or fp16");
    assert_string_equal(suggest("FP46", precisions, text, sizeof text), "fp64 or fp16");
    assert_string_equal(suggest("bund", commands, text, sizeof text), "bound");
    assert_string_equal(suggest("ocupancy", commands, text, sizeof text), "occupancy");
    assert_string_equal(suggest("exercise", commands, text, sizeof text), "exercises");
    assert_string_equal(suggest("matmul-tild", models, text, sizeof text), "matmul-tiled");
}

static void a_name_cut_short_suggests_what_it_begins(void **state)
{
    (void)state;
    char text[128];
    assert_string_equal(suggest("matmul", models, text, sizeof text),
                        "matmul-naive, matmul-tiled, matmul-tiled-boundary or matmul-tiled-dynamic");
    assert_string_equal(suggest("a100-80", devices, text, sizeof text), "a100-80gb");
    assert_string_equal(suggest("rtx", devices, text, sizeof text), "rtx4090");
}

static void far_names_suggest_nothing(void **state)
{
    (void)state;
    char text[128] = "x";
    assert_string_equal(suggest("xyz", devices, text, sizeof text), "");
    assert_string_equal(suggest("mi300x", devices, text, sizeof text), "");
    assert_string_equal(suggest("", devices, text, sizeof text), "");
    assert_string_equal(suggest("nope", commands, text, sizeof text), "");
    gr_name_suggestion s;
    gr_suggest_start(&s, "a10");
    assert_false(gr_suggest_text(&s, text, sizeof text));
    assert_string_equal(text, "");
}

/* An earlier spelling, however far from its name, offers that name alone,
 * before the names merely close to it. */
static void a_renamed_name_suggests_its_name(void **state)
{
    (void)state;
    char text[128];
    gr_name_suggestion s;
    gr_suggest_start(&s, "fp16_tensor");
    gr_suggest_renamed(&s, "tensor_fp16");
    for (size_t i = 0; precisions[i]; i++)
        gr_suggest_consider(&s, precisions[i]);
    assert_true(gr_suggest_text(&s, text, sizeof text));
    assert_string_equal(text, "tensor_fp16");
    /* without it, the swapped words are too far for a suggestion */
    assert_string_equal(suggest("fp16_tensor", precisions, text, sizeof text), "");
}

static void suggestions_keep_at_most_four_and_each_once(void **state)
{
    (void)state;
    static const char *const many[] = {"ab1", "ab2", "ab3", "ab4", "ab5", "ab1", NULL};
    static const char *const twice[] = {"k40", "k40", NULL};
    char text[128];
    assert_string_equal(suggest("ab", many, text, sizeof text), "ab1, ab2, ab3 or ab4");
    assert_string_equal(suggest("k4", twice, text, sizeof text), "k40");
    /* Cut short, the names that fit whole. */
    char small[12];
    assert_string_equal(suggest("ab", many, small, sizeof small), "ab1, ab2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(equal_ignores_case_only),
        cmocka_unit_test(distance_counts_edits),
        cmocka_unit_test(suggestions_are_the_closest_names),
        cmocka_unit_test(a_name_cut_short_suggests_what_it_begins),
        cmocka_unit_test(far_names_suggest_nothing),
        cmocka_unit_test(a_renamed_name_suggests_its_name),
        cmocka_unit_test(suggestions_keep_at_most_four_and_each_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
