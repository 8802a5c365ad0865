/* doc/ncu-input.md lists exactly the metrics gpuroof ncu reads (the table
 * of src/core/ncu/ncu_metrics.c, in its order, each with its quantity, how its
 * value gives it, and whether it is in gpuroof's own list) and exactly the
 * units it takes (src/core/ncu/ncu_units.c): the document cannot drift from
 * the reader.  On a difference the test prints the table as it should read. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ncu_metrics.h"
#include "ncu_units.h"

#define DOC GPUROOF_SRCDIR "/doc/ncu-input.md"
#define METRICS_HEADER "| metric | quantity | its value is | gpuroof's list | chips |"
#define UNITS_HEADER "| unit | measures | times |"

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

static const char *form_text(gr_ncu_form form)
{
    switch (form) {
    case GR_NCU_AS_IS: return "the quantity";
    case GR_NCU_TIMES_TIME: return "a rate a second: x duration";
    case GR_NCU_TIMES_SM_CYCLES: return "a rate a cycle: x SM cycles";
    case GR_NCU_TIMES_SMSP_CYCLES: return "a rate a cycle: x SMSP cycles";
    case GR_NCU_SHARE_OF_TIME: return "a percentage of the elapsed cycles: x duration / 100";
    }
    return "?";
}

static const char *dimension_text(const gr_ncu_unit *u)
{
    static const char *const whole[] = {"a number", "a count", "bytes", "time (ns)", "percent"};
    static const char *const per_second[] = {"a number a second", "a count a second", "bytes a second",
                                             "?", "?"};
    static const char *const per_cycle[] = {"a number a cycle", "a count a cycle", "bytes a cycle", "?", "?"};
    return u->rate == GR_NCU_PER_SECOND ? per_second[u->dimension]
           : u->rate == GR_NCU_PER_CYCLE ? per_cycle[u->dimension]
                                         : whole[u->dimension];
}

/* The table that follows header in the document, up to its first blank line. */
static const char *doc_table(const char *header, size_t *len)
{
    const char *start = strstr(doc, header);
    if (!start)
        return NULL;
    start = strchr(start, '\n');
    start = start ? strchr(start + 1, '\n') : NULL; /* past the |---| line */
    if (!start)
        return NULL;
    start++;
    const char *end = strstr(start, "\n\n");
    *len = end ? (size_t)(end - start) + 1 : strlen(start);
    return start;
}

static void compare(const char *header, const char *expected)
{
    size_t len = 0;
    const char *table = doc_table(header, &len);
    if (!table || len != strlen(expected) || memcmp(table, expected, len) != 0) {
        printf("doc/ncu-input.md's table under \"%s\" should read:\n%s\n", header, expected);
        fail();
    }
}

static void metrics_listed(void **state)
{
    (void)state;
    char *expected = calloc(1, 1 << 16);
    assert_non_null(expected);
    for (size_t i = 0; i < gr_ncu_metric_count; i++) {
        const gr_ncu_metric *m = &gr_ncu_metrics[i];
        size_t used = strlen(expected);
        char chips[256] = "", sum[32] = "";
        for (int c = 1; c < GR_NCU_CHIP_COUNT && m->chips; c++)
            if (m->chips & (1u << c))
                snprintf(chips + strlen(chips), sizeof chips - strlen(chips), "%s%s", chips[0] ? ", " : "",
                         gr_ncu_chip_name(c));
        if (m->sum)
            snprintf(sum, sizeof sum, ", summed (sum %d)", m->sum);
        snprintf(expected + used, (1 << 16) - used, "| `%s` | %s | %s%s | %s | %s |\n", m->name,
                 gr_ncu_quantity_of(m->quantity)->name, form_text(m->form), sum, m->listed ? "yes" : "no",
                 m->chips ? chips : "all");
    }
    compare(METRICS_HEADER, expected);
    free(expected);
}

static void units_listed(void **state)
{
    (void)state;
    char expected[1 << 13] = "";
    for (const gr_ncu_unit_word *w = gr_ncu_unit_words; w->name; w++) {
        const char *name = w->name;
        size_t used = strlen(expected);
        snprintf(expected + used, sizeof expected - used, "| %s%s%s | %s | %g |\n", *name ? "`" : "",
                 *name ? name : "(none)", *name ? "`" : "", dimension_text(&w->unit), w->unit.scale);
    }
    compare(UNITS_HEADER, expected);
    /* what may follow a '/', named in the text below the table */
    const char *per = strstr(doc, "counted for each of");
    assert_non_null(per);
    for (const char *const *thing = gr_ncu_unit_per_things; *thing; thing++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "`%s`", *thing);
        const char *end = strstr(per, "\n\n");
        const char *at = strstr(per, quoted);
        if (!at || (end && at > end)) {
            printf("doc/ncu-input.md does not name %s after \"counted for each of\"\n", quoted);
            fail();
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(metrics_listed),
        cmocka_unit_test(units_listed),
    };
    return cmocka_run_group_tests(tests, read_doc, NULL);
}
