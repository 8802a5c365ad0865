/* gr_buf: text that grows as it is written, "" before anything, and an
 * allocation that fails remembered (here through its size limit), the
 * text written before it kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grow.h"
#include "text_buf.h"

static void empty_before_anything(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    assert_string_equal(gr_buf_text(&b), "");
    assert_false(gr_buf_failed(&b));
    gr_buf_free(&b);
    assert_string_equal(gr_buf_text(&b), "");
}

static void appends_formatted(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    gr_buf_addf(&b, "%s %d", "FP32", 19);
    gr_buf_addf(&b, "%s", "");
    gr_buf_addf(&b, ".%02d TFLOP/s", 5);
    assert_string_equal(gr_buf_text(&b), "FP32 19.05 TFLOP/s");
    assert_int_equal(b.length, strlen("FP32 19.05 TFLOP/s"));
    assert_false(gr_buf_failed(&b));
    gr_buf_free(&b);
}

/* Far past the first allocation, a piece at a time, nothing cut. */
static void grows_without_cutting(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    for (int i = 0; i < 10000; i++)
        gr_buf_addf(&b, "%d,", i % 10);
    assert_false(gr_buf_failed(&b));
    assert_int_equal(strlen(gr_buf_text(&b)), 20000);
    assert_memory_equal(gr_buf_text(&b) + 19990, "5,6,7,8,9,", 10);
    gr_buf_free(&b);
}

/* An allocation refused (the limit stands for memory running out): the
 * failure is kept, nothing more is added, what was written stays. */
static void failure_remembered(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    b.limit = 16;
    gr_buf_addf(&b, "%s", "0123456789");
    assert_false(gr_buf_failed(&b));
    gr_buf_addf(&b, "%s", "abcdefghij"); /* 21 bytes with its NUL: past the limit */
    assert_true(gr_buf_failed(&b));
    assert_string_equal(gr_buf_text(&b), "0123456789");
    gr_buf_addf(&b, "%s", "x"); /* would fit, but the text would have a hole */
    assert_true(gr_buf_failed(&b));
    assert_string_equal(gr_buf_text(&b), "0123456789");
    assert_null(gr_buf_take(&b));
    assert_false(gr_buf_failed(&b)); /* empty again, limit kept */
    assert_int_equal(b.limit, 16);
    gr_buf_addf(&b, "%s", "0123456789abcde"); /* 16 bytes: exactly the limit */
    assert_false(gr_buf_failed(&b));
    assert_string_equal(gr_buf_text(&b), "0123456789abcde");
    gr_buf_free(&b);
}

/* The first allocation refused: the text is still "". */
static void first_allocation_refused(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    b.limit = 4;
    gr_buf_addf(&b, "%s", "long");
    assert_true(gr_buf_failed(&b));
    assert_string_equal(gr_buf_text(&b), "");
    gr_buf_free(&b);
}

static void take_hands_over(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    char *empty = gr_buf_take(&b);
    assert_non_null(empty);
    assert_string_equal(empty, "");
    free(empty);
    gr_buf_addf(&b, "line %d", 1);
    char *text = gr_buf_take(&b);
    assert_string_equal(text, "line 1");
    assert_string_equal(gr_buf_text(&b), "");
    free(text);
    gr_buf_free(&b);
}

/* Cleared, a buffer is empty, keeps its memory, and takes the next text;
 * a failure before is forgotten. */
static void clear_keeps_memory(void **state)
{
    (void)state;
    gr_buf b = GR_BUF_INIT;
    gr_buf_addf(&b, "%s", "a kernel's long name");
    const char *text = b.text;
    gr_buf_clear(&b);
    assert_string_equal(gr_buf_text(&b), "");
    gr_buf_addf(&b, "%s", "next");
    assert_ptr_equal(b.text, text);
    assert_string_equal(gr_buf_text(&b), "next");
    b.failed = true;
    gr_buf_clear(&b);
    gr_buf_addf(&b, "%d", 7);
    assert_false(gr_buf_failed(&b));
    assert_string_equal(gr_buf_text(&b), "7");
    gr_buf_free(&b);
}

/* A growing array: the first capacity, then doubling; room left: the
 * same array; a size past what memory can hold: refused, as it was. */
static void arrays_grow_by_doubling(void **state)
{
    (void)state;
    size_t capacity = 0, count = 0;
    int *items = NULL;
    for (int i = 0; i < 100; i++) {
        int *grown = gr_grow(items, &capacity, count, sizeof *items, 4);
        assert_non_null(grown);
        items = grown;
        items[count++] = i;
    }
    assert_int_equal(capacity, 128); /* 4, 8, ..., 128 */
    assert_ptr_equal(gr_grow(items, &capacity, count, sizeof *items, 4), items);
    for (int i = 0; i < 100; i++)
        assert_int_equal(items[i], i);
    size_t huge = SIZE_MAX / 2 + 1;
    assert_null(gr_grow(items, &huge, huge, 2, 4));
    assert_int_equal(huge, SIZE_MAX / 2 + 1);
    free(items);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_before_anything),
        cmocka_unit_test(appends_formatted),
        cmocka_unit_test(grows_without_cutting),
        cmocka_unit_test(failure_remembered),
        cmocka_unit_test(first_allocation_refused),
        cmocka_unit_test(take_hands_over),
        cmocka_unit_test(arrays_grow_by_doubling),
        cmocka_unit_test(clear_keeps_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
