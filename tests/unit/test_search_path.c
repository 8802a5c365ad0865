/* Unit tests for the search paths of gpuroof's data (src/core/files/search_path.c):
 * the order of the directories, and which data directory a program gets
 * from where it runs, in a temporary tree of files. */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, symlink */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "search_path.h"

/* ---- the temporary tree ---------------------------------------------------- */

static char root[] = "/tmp/gpuroof-test-search-XXXXXX";

/* root/relative, in a buffer of the caller's. */
static const char *at(char *buf, size_t size, const char *relative)
{
    snprintf(buf, size, "%s/%s", root, relative);
    return buf;
}

static void make_dirs(const char *relative)
{
    char path[512], *slash;
    at(path, sizeof path, relative);
    for (slash = path + strlen(root) + 1; (slash = strchr(slash, '/')); slash++) {
        *slash = '\0';
        mkdir(path, 0700);
        *slash = '/';
    }
    mkdir(path, 0700);
}

static void make_file(const char *relative)
{
    char path[512];
    FILE *f = fopen(at(path, sizeof path, relative), "w");
    assert_non_null(f);
    fputs("x\n", f);
    fclose(f);
}

static int make_tree(void **state)
{
    (void)state;
    char target[512], link[512];
    if (!mkdtemp(root))
        return -1;
    make_dirs("build/src");
    make_file("build/src/gpuroof");
    make_dirs("stage/usr/local/bin");
    make_file("stage/usr/local/bin/gpuroof");
    make_dirs("a");
    make_dirs("b");
    make_file("a/one.yaml");
    make_file("b/one.yaml");
    make_file("b/two.yaml");
    make_dirs("c/two.yaml");
    make_dirs("b/sub");
    make_file("b/sub/three.yaml");
    make_file("a/Mixed-Case.yaml");
    make_file("a/.hidden.yaml");
    make_file("a/notes.txt");
    return symlink(at(target, sizeof target, "build/src/gpuroof"), at(link, sizeof link, "link-to-gpuroof"));
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static int remove_tree(void **state)
{
    (void)state;
    return nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- finding a file ---------------------------------------------------------- */

static gr_search_path path_of(const char *dirs)
{
    gr_search_path sp = {.count = 0};
    char buf[2048], *start = buf;
    snprintf(buf, sizeof buf, "%s", dirs);
    for (char *word = strtok(start, " "); word; word = strtok(NULL, " ")) {
        char dir[512];
        gr_search_path_add(&sp, at(dir, sizeof dir, word));
    }
    return sp;
}

static void find_takes_the_first_directory_that_has_the_file(void **state)
{
    (void)state;
    gr_search_path sp = path_of("missing a b");
    char path[512], want[512];
    assert_true(gr_search_path_find(&sp, "one.yaml", path, sizeof path));
    assert_string_equal(path, at(want, sizeof want, "a/one.yaml"));
    assert_true(gr_search_path_find(&sp, "two.yaml", path, sizeof path));
    assert_string_equal(path, at(want, sizeof want, "b/two.yaml"));
    assert_true(gr_search_path_find(&sp, "sub/three.yaml", path, sizeof path));
    assert_string_equal(path, at(want, sizeof want, "b/sub/three.yaml"));
}

static void find_skips_directories_and_missing_files(void **state)
{
    (void)state;
    gr_search_path sp = path_of("c b");
    char path[512], want[512];
    assert_true(gr_search_path_find(&sp, "two.yaml", path, sizeof path));
    assert_string_equal(path, at(want, sizeof want, "b/two.yaml"));
    assert_false(gr_search_path_find(&sp, "four.yaml", path, sizeof path));
    assert_string_equal(path, "");
    gr_search_path none = {.count = 0};
    assert_false(gr_search_path_find(&none, "one.yaml", path, sizeof path));
    assert_string_equal(path, "");
}

static void find_never_takes_a_truncated_path(void **state)
{
    (void)state;
    gr_search_path sp = path_of("a");
    char path[8];
    assert_false(gr_search_path_find(&sp, "one.yaml", path, sizeof path));
    assert_string_equal(path, "");
}

static void text_lists_the_directories(void **state)
{
    (void)state;
    gr_search_path sp = {.count = 0};
    char text[64];
    gr_search_path_text(&sp, text, sizeof text);
    assert_string_equal(text, "(none)");
    gr_search_path_add(&sp, "/x:/y/z");
    gr_search_path_text(&sp, text, sizeof text);
    assert_string_equal(text, "/x, /y/z");
    char small[6];
    gr_search_path_text(&sp, small, sizeof small);
    assert_string_equal(small, "/x, /");
}

/* ---- listing the files ------------------------------------------------------- */

static void listing_has_each_name_once_sorted_the_first_directory_winning(void **state)
{
    (void)state;
    gr_search_path sp = path_of("missing a b c");
    gr_file_list list;
    char want[512];
    assert_true(gr_search_path_list(&sp, ".yaml", false, &list, NULL));
    assert_int_equal(list.count, 3); /* no .hidden, no notes.txt, c/two.yaml is a folder */
    assert_string_equal(list.items[0].name, "Mixed-Case");
    assert_string_equal(list.items[1].name, "one");
    assert_string_equal(list.items[1].path, at(want, sizeof want, "a/one.yaml"));
    assert_string_equal(list.items[2].name, "two");
    assert_string_equal(list.items[2].path, at(want, sizeof want, "b/two.yaml"));
    gr_file_list_free(&list);
    assert_int_equal(list.count, 0);
    assert_null(list.items);
}

static void listing_goes_one_folder_down_where_asked(void **state)
{
    (void)state;
    gr_search_path sp = path_of("a b");
    gr_file_list list;
    char want[512];
    assert_true(gr_search_path_list(&sp, ".yaml", true, &list, NULL));
    assert_int_equal(list.count, 4);
    assert_string_equal(list.items[3].name, "two");
    assert_string_equal(list.items[2].name, "sub/three");
    assert_string_equal(list.items[2].path, at(want, sizeof want, "b/sub/three.yaml"));
    gr_file_list_free(&list);
    gr_search_path none = {.count = 0};
    assert_true(gr_search_path_list(&none, ".yaml", true, &list, NULL));
    assert_int_equal(list.count, 0);
    gr_file_list_free(&list);
}

static void a_listed_name_is_found_whatever_its_case(void **state)
{
    (void)state;
    gr_search_path sp = path_of("a b");
    gr_file_list list;
    char want[512];
    assert_true(gr_search_path_list(&sp, ".yaml", true, &list, NULL));
    assert_string_equal(gr_file_list_find(&list, "one")->path, at(want, sizeof want, "a/one.yaml"));
    assert_string_equal(gr_file_list_find(&list, "ONE")->name, "one");
    assert_string_equal(gr_file_list_find(&list, "mixed-case")->name, "Mixed-Case");
    assert_string_equal(gr_file_list_find(&list, "SUB/Three")->path, at(want, sizeof want, "b/sub/three.yaml"));
    assert_null(gr_file_list_find(&list, "four"));
    assert_null(gr_file_list_find(&list, "on"));
    gr_file_list_free(&list);
}

/* ---- the data directory ------------------------------------------------------ */

static gr_data_places places_for(const char *program, char *buf, size_t size, char *build, size_t build_size)
{
    gr_data_places places = {
        .program = program ? at(buf, size, program) : NULL,
        .build_program = at(build, build_size, "build/src/gpuroof"),
        .build_data = "/src/gpuroof",
        .bindir = "/usr/local/bin",
        .pkgdatadir = "/usr/local/share/gpuroof",
    };
    return places;
}

static void the_build_trees_program_gets_the_build_trees_data(void **state)
{
    (void)state;
    char program[512], build[512], dir[512];
    gr_data_places places = places_for("build/src/gpuroof", program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/src/gpuroof");
    places = places_for("link-to-gpuroof", program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/src/gpuroof");
    places = places_for("build/src/../src/gpuroof", program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/src/gpuroof");
}

static void a_staged_program_gets_the_data_staged_with_it(void **state)
{
    (void)state;
    char program[512], build[512], dir[512], want[512];
    gr_data_places places = places_for("stage/usr/local/bin/gpuroof", program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, at(want, sizeof want, "stage/usr/local/share/gpuroof"));
}

static void any_other_program_gets_the_installed_data(void **state)
{
    (void)state;
    char program[512], build[512], dir[512];
    gr_data_places places = places_for("a/gpuroof", program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/usr/local/share/gpuroof");
    places = places_for(NULL, program, sizeof program, build, sizeof build);
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/usr/local/share/gpuroof");
    places.program = "/usr/local/bin/gpuroof";
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/usr/local/share/gpuroof");
    places.program = "/opt/x/usr/local/binary/gpuroof"; /* bindir is a whole directory's name */
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/usr/local/share/gpuroof");
}

static void without_its_build_tree_the_program_is_installed(void **state)
{
    (void)state;
    char program[512], build[512], dir[512];
    gr_data_places places = places_for("build/src/gpuroof", program, sizeof program, build, sizeof build);
    places.build_program = "/nonexistent/src/gpuroof";
    assert_true(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "/usr/local/share/gpuroof");
}

static void a_data_directory_too_long_is_none(void **state)
{
    (void)state;
    char program[512], build[512], dir[16];
    gr_data_places places = places_for(NULL, program, sizeof program, build, sizeof build);
    assert_false(gr_data_dir(&places, dir, sizeof dir));
    assert_string_equal(dir, "");
}

/* ---- the search path of each kind -------------------------------------------- */

static void the_path_is_option_variable_then_data(void **state)
{
    (void)state;
    char program[512], build[512];
    gr_data_places places = places_for(NULL, program, sizeof program, build, sizeof build);
    gr_search_path sp;
    gr_data_search_path(GR_DATA_PROFILES, "/o1:/o2", "/v1::/v2", &places, &sp);
    assert_int_equal(sp.count, 5);
    assert_string_equal(sp.dirs[0], "/o1");
    assert_string_equal(sp.dirs[1], "/o2");
    assert_string_equal(sp.dirs[2], "/v1");
    assert_string_equal(sp.dirs[3], "/v2");
    assert_string_equal(sp.dirs[4], "/usr/local/share/gpuroof/profiles");
    gr_data_search_path(GR_DATA_MODELS, NULL, "", &places, &sp);
    assert_int_equal(sp.count, 1);
    assert_string_equal(sp.dirs[0], "/usr/local/share/gpuroof/models");
    gr_data_search_path(GR_DATA_STYLE, NULL, NULL, &places, &sp);
    assert_int_equal(sp.count, 1);
    assert_string_equal(sp.dirs[0], "/usr/local/share/gpuroof/plots");
}

static void the_data_directory_is_one_directory_whatever_its_name(void **state)
{
    (void)state;
    char program[512], build[512];
    gr_data_places places = places_for(NULL, program, sizeof program, build, sizeof build);
    places.pkgdatadir = "/opt/a:b/share/gpuroof";
    gr_search_path sp;
    gr_data_search_path(GR_DATA_PROFILES, NULL, NULL, &places, &sp);
    assert_int_equal(sp.count, 1);
    assert_string_equal(sp.dirs[0], "/opt/a:b/share/gpuroof/profiles");
}

static void the_build_trees_program_never_gets_the_installed_data(void **state)
{
    (void)state;
    char program[512], build[512];
    gr_data_places places = places_for("build/src/gpuroof", program, sizeof program, build, sizeof build);
    gr_search_path sp;
    gr_data_search_path(GR_DATA_MODELS, NULL, NULL, &places, &sp);
    assert_int_equal(sp.count, 1);
    assert_string_equal(sp.dirs[0], "/src/gpuroof/models");
}

static void the_kinds(void **state)
{
    (void)state;
    assert_string_equal(gr_data_folder(GR_DATA_PROFILES), "profiles");
    assert_string_equal(gr_data_folder(GR_DATA_MODELS), "models");
    assert_string_equal(gr_data_folder(GR_DATA_STYLE), "plots");
    assert_string_equal(gr_data_variable(GR_DATA_PROFILES), "GPUROOF_PROFILES");
    assert_string_equal(gr_data_variable(GR_DATA_MODELS), "GPUROOF_MODELS");
    assert_null(gr_data_variable(GR_DATA_STYLE));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(find_takes_the_first_directory_that_has_the_file),
        cmocka_unit_test(find_skips_directories_and_missing_files),
        cmocka_unit_test(find_never_takes_a_truncated_path),
        cmocka_unit_test(text_lists_the_directories),
        cmocka_unit_test(listing_has_each_name_once_sorted_the_first_directory_winning),
        cmocka_unit_test(listing_goes_one_folder_down_where_asked),
        cmocka_unit_test(a_listed_name_is_found_whatever_its_case),
        cmocka_unit_test(the_build_trees_program_gets_the_build_trees_data),
        cmocka_unit_test(a_staged_program_gets_the_data_staged_with_it),
        cmocka_unit_test(any_other_program_gets_the_installed_data),
        cmocka_unit_test(without_its_build_tree_the_program_is_installed),
        cmocka_unit_test(a_data_directory_too_long_is_none),
        cmocka_unit_test(the_path_is_option_variable_then_data),
        cmocka_unit_test(the_data_directory_is_one_directory_whatever_its_name),
        cmocka_unit_test(the_build_trees_program_never_gets_the_installed_data),
        cmocka_unit_test(the_kinds),
    };
    return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
