/* What gpuroof reads in a results file, as JSON, for tests/cli/yaml_pyyaml.sh
 * to compare with what PyYAML reads in the same file: every key present,
 * walked through the format's own tables (results_format.h), so a key the
 * reader takes is a key printed here.  A NaN is printed as the string
 * ".nan", an infinity as ".inf" or "-.inf" (JSON has neither); a block
 * shape as its text "XxY".  `results_json --rewrite FILE` writes the file
 * again through gpuroof's writer to standard output instead. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results.h"
#include "results_format.h"

static json_t *number(double v)
{
    if (isnan(v))
        return json_string(".nan");
    if (isinf(v))
        return json_string(v > 0 ? ".inf" : "-.inf");
    return json_real(v);
}

static json_t *mapping(const gr_results_section *s, const char *base);

static json_t *value(const gr_results_key *k, const char *base)
{
    const char *at = base + k->offset;
    char shape[32];
    switch (k->type) {
    case GR_RESULTS_TEXT:
        return json_string(*(const char *const *)at); /* a text is a pointer into the results' pool */
    case GR_RESULTS_WHOLE:
        return json_integer(*(const long long *)at);
    case GR_RESULTS_NUMBER:
        return number(*(const double *)at);
    case GR_RESULTS_BOOL:
        return json_boolean(*(const bool *)at);
    case GR_RESULTS_BLOCK:
        snprintf(shape, sizeof shape, "%dx%d", ((const gr_result_block *)at)->x, ((const gr_result_block *)at)->y);
        return json_string(shape);
    case GR_RESULTS_MAP:
        return mapping(k->map, at);
    }
    return json_null();
}

static json_t *mapping(const gr_results_section *s, const char *base)
{
    json_t *o = json_object();
    for (size_t i = 0; i < s->key_count; i++)
        if (!gr_results_key_absent(&s->keys[i], base))
            json_object_set_new(o, s->keys[i].name, value(&s->keys[i], base));
    return o;
}

static json_t *section(const gr_results_section *s, const gr_results *r)
{
    const char *base = (const char *)r + s->offset;
    if (!s->list)
        return mapping(s, base);
    size_t count = *(const size_t *)((const char *)r + s->count_offset);
    const char *rows = *(const char *const *)base;
    json_t *list = json_array();
    for (size_t i = 0; i < count; i++)
        json_array_append_new(list, mapping(s, rows + i * s->row_size));
    return list;
}

int main(int argc, char **argv)
{
    bool rewrite = argc == 3 && strcmp(argv[1], "--rewrite") == 0;
    if (argc != 2 && !rewrite) {
        fprintf(stderr, "usage: results_json [--rewrite] FILE\n");
        return 2;
    }
    static gr_results r;
    gr_error err;
    if (!gr_results_load(argv[argc - 1], &r, &err)) {
        fprintf(stderr, "results_json: %s\n", err.text);
        return 1;
    }
    if (rewrite) {
        char *text;
        size_t len;
        if (!gr_results_render(&r, &text, &len, &err))
            return fprintf(stderr, "results_json: %s\n", err.text), 1;
        fwrite(text, 1, len, stdout);
        free(text);
        gr_results_free(&r);
        return 0;
    }
    size_t count;
    const gr_results_section *sections = gr_results_sections(&count);
    json_t *o = json_object();
    for (size_t i = 0; i < count; i++) {
        if (sections[i].when_set && gr_results_section_empty(&sections[i], &r))
            continue; /* as the writer leaves it out: nothing read (a false verified is no reading) */
        json_t *v = section(&sections[i], &r);
        if (json_is_object(v) ? json_object_size(v) : json_array_size(v))
            json_object_set_new(o, sections[i].name, v);
        else
            json_decref(v);
    }
    json_dumpf(o, stdout, JSON_INDENT(1) | JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
    putchar('\n');
    json_decref(o);
    gr_results_free(&r);
    return 0;
}
