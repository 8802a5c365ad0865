/* Unit tests for output files written whole or not at all
 * (src/core/files/atomic_file.c), in a temporary directory. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#endif
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"

/* ---- the temporary directory, emptied after each test --------------------- */

static char dir[] = "/tmp/gpuroof-test-atomic-XXXXXX";

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

/* Removes everything under path (files and directories two levels deep at
 * most: all the tests make). */
static void empty(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char child[1024];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        struct stat st;
        if (lstat(child, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(child, 0755);
            empty(child);
            rmdir(child);
        } else {
            unlink(child);
        }
    }
    closedir(d);
}

static int empty_dir(void **state)
{
    (void)state;
    empty(dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    empty(dir);
    return rmdir(dir);
}

static const char *in_dir(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", dir, name);
    return buf;
}

/* The whole file; *len its size.  The caller frees it. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 20);
    assert_non_null(buf);
    *len = fread(buf, 1, 1 << 20, f);
    assert_false(ferror(f));
    fclose(f);
    return buf;
}

static void assert_file_is(const char *path, const char *data, size_t len)
{
    size_t got;
    char *text = read_all(path, &got);
    assert_int_equal(got, len);
    if (len)
        assert_memory_equal(text, data, len);
    free(text);
}

/* The names in a directory, sorted, joined by '/'. */
static void listing(const char *path, char *out, size_t size)
{
    char names[32][256];
    size_t n = 0;
    DIR *d = opendir(path);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && n < 32)
            snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    closedir(d);
    for (size_t i = 1; i < n; i++) /* insertion sort */
        for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[256];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? "/" : "", names[i]);
}

static void make_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

static bool ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), m = strlen(end);
    return n >= m && strcmp(text + n - m, end) == 0;
}

/* ---- gr_write_file_atomic ------------------------------------------------------ */

static void writes_the_bytes(void **state)
{
    (void)state;
    char path[1024], list[4096];
    static const char data[] = "%PDF-1.5\n\0binary\r\n\xff\xfe end without a newline";
    size_t len = sizeof data - 1;
    gr_error err;
    if (!gr_write_file_atomic(in_dir(path, sizeof path, "chart.pdf"), data, len, &err))
        fail_msg("%s", err.text);
    assert_file_is(path, data, len);
    listing(dir, list, sizeof list);
    assert_string_equal(list, "chart.pdf"); /* no temporary file left */
}

static void writes_an_empty_file(void **state)
{
    (void)state;
    char path[1024];
    gr_error err;
    if (!gr_write_file_atomic(in_dir(path, sizeof path, "empty.gp"), "", 0, &err))
        fail_msg("%s", err.text);
    assert_file_is(path, "", 0);
}

static void writes_a_large_file(void **state)
{
    (void)state;
    char path[1024];
    size_t len = 300000;
    char *data = malloc(len);
    assert_non_null(data);
    for (size_t i = 0; i < len; i++)
        data[i] = (char)(i * 7 + i / 251);
    gr_error err;
    bool ok = gr_write_file_atomic(in_dir(path, sizeof path, "big.png"), data, len, &err);
    if (ok)
        assert_file_is(path, data, len);
    free(data);
    assert_true(ok);
}

static void replaces_an_existing_file(void **state)
{
    (void)state;
    char path[1024], old_link[1024], list[4096];
    in_dir(path, sizeof path, "chart.pdf");
    make_file(path, "the old chart, longer than the new one\n");
    /* A second name for the old file: a reader holding it keeps the old
     * content, the new content arrives by rename, not written in place. */
    assert_int_equal(link(path, in_dir(old_link, sizeof old_link, "old-link")), 0);
    gr_error err;
    if (!gr_write_file_atomic(path, "new", 3, &err))
        fail_msg("%s", err.text);
    assert_file_is(path, "new", 3);
    assert_file_is(old_link, "the old chart, longer than the new one\n", 39);
    listing(dir, list, sizeof list);
    assert_string_equal(list, "chart.pdf/old-link");
    /* And again over the replacement. */
    if (!gr_write_file_atomic(path, "newer!", 6, &err))
        fail_msg("%s", err.text);
    assert_file_is(path, "newer!", 6);
    listing(dir, list, sizeof list);
    assert_string_equal(list, "chart.pdf/old-link");
}

static void mode_follows_the_umask(void **state)
{
    (void)state;
    char path[1024];
    static const struct {
        mode_t mask, mode;
        const char *name;
    } cases[] = {{022, 0644, "a.pdf"}, {077, 0600, "b.pdf"}, {002, 0664, "c.pdf"}, {0, 0666, "d.pdf"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mode_t saved = umask(cases[i].mask);
        gr_error err;
        bool ok = gr_write_file_atomic(in_dir(path, sizeof path, cases[i].name), "x", 1, &err);
        umask(saved);
        assert_true(ok);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        assert_true(S_ISREG(st.st_mode));
        assert_int_equal(st.st_mode & 07777, cases[i].mode);
    }
    /* Replacing a private file: the new one follows the umask too. */
    in_dir(path, sizeof path, "private.pdf");
    make_file(path, "old");
    assert_int_equal(chmod(path, 0600), 0);
    mode_t saved = umask(022);
    bool ok = gr_write_file_atomic(path, "new", 3, NULL);
    umask(saved);
    assert_true(ok);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0644);
}

static void fails_without_the_directory(void **state)
{
    (void)state;
    char path[1024], list[4096];
    gr_error err;
    in_dir(path, sizeof path, "no-such-dir/chart.pdf");
    assert_false(gr_write_file_atomic(path, "x", 1, &err));
    assert_non_null(strstr(err.text, path));
    assert_false(exists(path));
    listing(dir, list, sizeof list);
    assert_string_equal(list, "");
    assert_false(gr_write_file_atomic(path, "x", 1, NULL)); /* no error wanted: none set */
}

static void fails_under_a_file(void **state)
{
    (void)state;
    char file[1024], path[1024], list[4096];
    make_file(in_dir(file, sizeof file, "FILE"), "a file, not a directory\n");
    in_dir(path, sizeof path, "FILE/x");
    gr_error err;
    assert_false(gr_write_file_atomic(path, "x", 1, &err));
    assert_non_null(strstr(err.text, path));
    assert_file_is(file, "a file, not a directory\n", 24);
    listing(dir, list, sizeof list);
    assert_string_equal(list, "FILE");
}

static void fails_over_a_directory(void **state)
{
    (void)state;
    char path[1024], list[4096];
    in_dir(path, sizeof path, "out.pdf");
    assert_int_equal(mkdir(path, 0755), 0);
    gr_error err;
    assert_false(gr_write_file_atomic(path, "x", 1, &err));
    assert_non_null(strstr(err.text, path));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    listing(dir, list, sizeof list);
    assert_string_equal(list, "out.pdf"); /* the temporary file removed */
}

static void fails_in_a_read_only_directory(void **state)
{
    (void)state;
    if (geteuid() == 0)
        skip(); /* root writes anywhere: the permission cannot fail */
    char sub[512], path[1024];
    in_dir(sub, sizeof sub, "ro");
    assert_int_equal(mkdir(sub, 0555), 0);
    snprintf(path, sizeof path, "%s/chart.pdf", sub);
    gr_error err;
    bool ok = gr_write_file_atomic(path, "x", 1, &err);
    chmod(sub, 0755);
    assert_false(ok);
    assert_non_null(strstr(err.text, path));
    assert_false(exists(path));
}

/* ---- gr_temp_beside ---------------------------------------------------------------- */

static void temp_beside_keeps_the_extension(void **state)
{
    (void)state;
    char path[1024], one[1100], two[1100], prefix[1100];
    gr_error err;
    in_dir(path, sizeof path, "chart.pdf");
    if (!gr_temp_beside(path, one, sizeof one, &err))
        fail_msg("%s", err.text);
    snprintf(prefix, sizeof prefix, "%s/chart", dir);
    assert_true(strncmp(one, prefix, strlen(prefix)) == 0);
    assert_true(ends_with(one, ".pdf"));
    assert_string_not_equal(one, path);
    assert_null(strchr(one + strlen(dir) + 1, '/')); /* beside it: the same directory */
    struct stat st;
    assert_int_equal(stat(one, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    assert_int_equal(st.st_size, 0);
    assert_false(exists(path));
    /* A second one: another name. */
    assert_true(gr_temp_beside(path, two, sizeof two, &err));
    assert_string_not_equal(one, two);
    assert_true(exists(one) && exists(two));
    unlink(one);
    unlink(two);
}

static void temp_beside_other_names(void **state)
{
    (void)state;
    char sub[512], path[1024], out[1100];
    gr_error err;
    /* No extension. */
    in_dir(path, sizeof path, "script");
    assert_true(gr_temp_beside(path, out, sizeof out, &err));
    assert_true(strncmp(out, path, strlen(path)) == 0);
    assert_null(strchr(out + strlen(dir) + 1, '/'));
    assert_true(exists(out));
    unlink(out);
    /* A dot in the directory's name is no extension. */
    in_dir(sub, sizeof sub, "v1.2");
    assert_int_equal(mkdir(sub, 0755), 0);
    snprintf(path, sizeof path, "%s/chart", sub);
    assert_true(gr_temp_beside(path, out, sizeof out, &err));
    assert_true(strncmp(out, path, strlen(path)) == 0);
    assert_true(exists(out));
    unlink(out);
    /* The last extension. */
    snprintf(path, sizeof path, "%s/chart.tar.png", sub);
    assert_true(gr_temp_beside(path, out, sizeof out, &err));
    assert_true(ends_with(out, ".png"));
    assert_true(strncmp(out, path, strlen(path) - 4) == 0);
    assert_true(exists(out));
    unlink(out);
}

static void temp_beside_errors(void **state)
{
    (void)state;
    char path[1024], out[1100], small[16];
    gr_error err;
    in_dir(path, sizeof path, "chart.pdf");
    assert_false(gr_temp_beside(path, small, sizeof small, &err));
    assert_non_null(strstr(err.text, path));
    assert_non_null(strstr(err.text, "too long"));
    in_dir(path, sizeof path, "missing/chart.pdf");
    assert_false(gr_temp_beside(path, out, sizeof out, &err));
    assert_non_null(strstr(err.text, path));
    char list[4096];
    listing(dir, list, sizeof list);
    assert_string_equal(list, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(writes_the_bytes, empty_dir),
        cmocka_unit_test_teardown(writes_an_empty_file, empty_dir),
        cmocka_unit_test_teardown(writes_a_large_file, empty_dir),
        cmocka_unit_test_teardown(replaces_an_existing_file, empty_dir),
        cmocka_unit_test_teardown(mode_follows_the_umask, empty_dir),
        cmocka_unit_test_teardown(fails_without_the_directory, empty_dir),
        cmocka_unit_test_teardown(fails_under_a_file, empty_dir),
        cmocka_unit_test_teardown(fails_over_a_directory, empty_dir),
        cmocka_unit_test_teardown(fails_in_a_read_only_directory, empty_dir),
        cmocka_unit_test_teardown(temp_beside_keeps_the_extension, empty_dir),
        cmocka_unit_test_teardown(temp_beside_other_names, empty_dir),
        cmocka_unit_test_teardown(temp_beside_errors, empty_dir),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
