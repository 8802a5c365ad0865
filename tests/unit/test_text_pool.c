/* gr_text_pool: texts a record keeps, cut as snprintf cuts a fixed array
 * of the same size, every one freed at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "text_pool.h"

static void keeps_each_text(void **state)
{
    (void)state;
    gr_text_pool p = GR_TEXT_POOL_INIT;
    const char *a = gr_pool_textf(&p, 0, "%s %d", "GPU", 0);
    const char *b = gr_pool_textf(&p, 0, "%s", "");
    for (int i = 0; i < 100; i++) /* past the first allocation of the list: a and b stay where they are */
        gr_pool_textf(&p, 0, "filler %d", i);
    assert_string_equal(a, "GPU 0");
    assert_string_equal(b, "");
    assert_int_equal(p.count, 102);
    assert_false(gr_pool_failed(&p));
    gr_pool_free(&p);
    assert_int_equal(p.count, 0);
    assert_null(p.texts);
}

/* A size cuts the text where snprintf into an array of that size would. */
static void cut_as_snprintf_cuts(void **state)
{
    (void)state;
    gr_text_pool p = GR_TEXT_POOL_INIT;
    const char *long_name = "NVIDIA H100 80GB HBM3 with a name longer than its field";
    char whole[128], cut[128];
    snprintf(whole, sizeof whole, "%s (%d)", long_name, 7);
    for (size_t size = 1; size <= strlen(whole) + 2; size++) {
        size_t kept = size - 1 < strlen(whole) ? size - 1 : strlen(whole); /* what snprintf(buf, size) keeps */
        memcpy(cut, whole, kept);
        cut[kept] = '\0';
        assert_string_equal(gr_pool_textf(&p, size, "%s (%d)", long_name, 7), cut);
    }
    assert_string_equal(gr_pool_textf(&p, 64, "%s", "short"), "short");
    gr_pool_free(&p);
}

/* Freed twice, or never used: nothing to free. */
static void free_twice(void **state)
{
    (void)state;
    gr_text_pool p = GR_TEXT_POOL_INIT;
    gr_pool_free(&p);
    gr_pool_textf(&p, 0, "x");
    gr_pool_free(&p);
    gr_pool_free(&p);
    assert_false(gr_pool_failed(&p));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keeps_each_text),
        cmocka_unit_test(cut_as_snprintf_cuts),
        cmocka_unit_test(free_twice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
