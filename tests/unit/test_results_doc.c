/* doc/results-format.md lists exactly the keys of the results file's tables
 * (src/core/results/results_format.c), in their order, each with its type, unit,
 * whether it is required, and its meaning: the document cannot drift from
 * what gpuroof reads and writes.  On a difference the test prints the
 * section's table as it should read. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_format.h"

#define DOC GPUROOF_SRCDIR "/doc/results-format.md"
#define TABLE_HEADER "| key | type | unit | required | meaning |"

static char doc[1 << 18];

static int read_doc(void **state)
{
    (void)state;
    FILE *f = fopen(DOC, "r");
    if (!f)
        return -1;
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = '\0';
    return n < sizeof doc - 1 ? 0 : -1;
}

static const char *type_name(gr_results_type type)
{
    switch (type) {
    case GR_RESULTS_TEXT: return "text";
    case GR_RESULTS_WHOLE: return "whole number";
    case GR_RESULTS_NUMBER: return "number";
    case GR_RESULTS_BOOL: return "true or false";
    case GR_RESULTS_BLOCK: return "XxY";
    case GR_RESULTS_MAP: return "mapping";
    }
    return "?";
}

/* The rows a section's table should have, one a line; a nested mapping's
 * keys follow it as mapping.key. */
static void append_rows(char *out, size_t size, const gr_results_section *s, const char *prefix)
{
    for (size_t i = 0; i < s->key_count; i++) {
        const gr_results_key *k = &s->keys[i];
        size_t used = strlen(out);
        snprintf(out + used, size - used, "| `%s%s` | %s | %s | %s | %s |\n", prefix, k->name, type_name(k->type),
                 *k->unit ? k->unit : "-", k->required ? "yes" : "no", k->meaning);
        if (k->type == GR_RESULTS_MAP) {
            char nested[64];
            snprintf(nested, sizeof nested, "%s%s.", prefix, k->name);
            append_rows(out, size, k->map, nested);
        }
    }
}

/* The line that says what a section is, under its heading. */
static void section_line(const gr_results_section *s, char *out, size_t size)
{
    if (s->list)
        snprintf(out, size, "A list, one row a %s: %s.\n", s->row_noun, s->meaning);
    else
        snprintf(out, size, "A mapping%s: %s.\n", s->required ? ", required" : "", s->meaning);
}

/* Under the heading "## `NAME`": the first line of text into line, and
 * the rows of the table (after its header and separator) into rows; false
 * if there is no such heading. */
static bool documented(const char *name, char *line, char *rows, size_t size)
{
    char heading[96];
    snprintf(heading, sizeof heading, "\n## `%s`\n", name);
    const char *at = strstr(doc, heading);
    if (!at)
        return false;
    at += strlen(heading);
    at += strspn(at, "\n");
    snprintf(line, size, "%.*s", (int)(strcspn(at, "\n") + 1), at);
    at = strstr(at, "\n|");
    if (!at)
        return false;
    at++;
    const char *header_end = strchr(at, '\n');
    assert_non_null(header_end);
    assert_true((size_t)(header_end - at) == strlen(TABLE_HEADER) &&
                strncmp(at, TABLE_HEADER, strlen(TABLE_HEADER)) == 0);
    const char *first = strchr(header_end + 1, '\n'); /* past the separator */
    assert_non_null(first);
    first++;
    const char *end = first;
    while (*end == '|') {
        const char *line_end = strchr(end, '\n');
        end = line_end ? line_end + 1 : end + strlen(end);
    }
    snprintf(rows, size, "%.*s", (int)(end - first), first);
    return true;
}

static void every_section_is_documented(void **state)
{
    (void)state;
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    int differ = 0;
    for (size_t i = 0; i < n; i++) {
        static char line[1024], rows[1 << 14], expected_line[1024], expected_rows[1 << 14];
        section_line(&sections[i], expected_line, sizeof expected_line);
        expected_rows[0] = '\0';
        append_rows(expected_rows, sizeof expected_rows, &sections[i], "");
        bool found = documented(sections[i].name, line, rows, sizeof rows);
        if (found && strcmp(line, expected_line) == 0 && strcmp(rows, expected_rows) == 0)
            continue;
        differ++;
        printf("%s: the section `%s` %s; it should read:\n\n## `%s`\n\n%s\n%s\n| --- | --- | --- | --- | --- |\n%s\n",
               DOC, sections[i].name, found ? "differs from the keys" : "is missing", sections[i].name, expected_line,
               TABLE_HEADER, expected_rows);
    }
    assert_int_equal(differ, 0);
}

/* Every "## `NAME`" heading is a section of the file, in the file's order. */
static void no_other_section_is_documented(void **state)
{
    (void)state;
    size_t n, next = 0;
    const gr_results_section *sections = gr_results_sections(&n);
    for (const char *at = strstr(doc, "\n## `"); at; at = strstr(at + 1, "\n## `")) {
        const char *name = at + strlen("\n## `");
        size_t len = strcspn(name, "`");
        if (next >= n || strlen(sections[next].name) != len || strncmp(name, sections[next].name, len) != 0)
            fail_msg("%s: the heading `%.*s` is not the section the file has next (%s)", DOC, (int)len, name,
                     next < n ? sections[next].name : "none: the file ends");
        next++;
    }
    assert_int_equal(next, n);
}

/* A meaning or unit holding '|' would split its row of the table. */
static void no_text_breaks_a_table(void **state)
{
    (void)state;
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    for (size_t i = 0; i < n; i++) {
        char rows[1 << 14] = "";
        append_rows(rows, sizeof rows, &sections[i], "");
        for (const char *line = rows; *line; line = strchr(line, '\n') + 1) {
            int bars = 0;
            for (const char *c = line; *c != '\n'; c++)
                bars += *c == '|';
            if (bars != 6)
                fail_msg("%s: a row holds a '|' of its own: %.*s", sections[i].name, (int)strcspn(line, "\n"), line);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_section_is_documented),
        cmocka_unit_test(no_other_section_is_documented),
        cmocka_unit_test(no_text_breaks_a_table),
    };
    return cmocka_run_group_tests(tests, read_doc, NULL);
}
