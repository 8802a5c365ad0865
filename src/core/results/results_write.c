/* The results file's writer: every section and key in the order of
 * results_format.c's tables, through libyaml's emitter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_files.h"
#include "results.h"
#include "results_format.h"

static void write_keys(gr_yaml_writer *w, const gr_results_section *s, const void *base);

static void write_value(gr_yaml_writer *w, const gr_results_key *k, const void *value)
{
    char shape[32];
    switch (k->type) {
    case GR_RESULTS_TEXT: gr_yw_string(w, *(const char *const *)value); break;
    case GR_RESULTS_WHOLE: gr_yw_int(w, *(const long long *)value); break;
    case GR_RESULTS_NUMBER: gr_yw_double(w, *(const double *)value); break;
    case GR_RESULTS_BOOL: gr_yw_bool(w, *(const bool *)value); break;
    case GR_RESULTS_BLOCK:
        snprintf(shape, sizeof shape, "%dx%d", ((const gr_result_block *)value)->x,
                 ((const gr_result_block *)value)->y);
        gr_yw_string(w, shape);
        break;
    case GR_RESULTS_MAP:
        if (k->map->flow)
            gr_yw_flow_map(w);
        else
            gr_yw_map(w);
        write_keys(w, k->map, value);
        gr_yw_close_map(w);
        break;
    }
}

/* A required key is written whatever it holds: the reader needs it in
 * every row. */
static void write_keys(gr_yaml_writer *w, const gr_results_section *s, const void *base)
{
    for (size_t i = 0; i < s->key_count; i++) {
        const gr_results_key *k = &s->keys[i];
        if (!k->required && gr_results_key_absent(k, base))
            continue;
        gr_yw_key(w, k->name);
        write_value(w, k, (const char *)base + k->offset);
    }
}

static void write_list(gr_yaml_writer *w, const gr_results_section *s, const gr_results *r)
{
    const char *rows;
    size_t count;
    memcpy(&rows, (const char *)r + s->offset, sizeof rows);
    memcpy(&count, (const char *)r + s->count_offset, sizeof count);
    gr_yw_list(w);
    for (size_t i = 0; i < count; i++) {
        if (s->flow)
            gr_yw_flow_map(w);
        else
            gr_yw_map(w);
        write_keys(w, s, rows + i * s->row_size);
        gr_yw_close_map(w);
    }
    gr_yw_close_list(w);
}

bool gr_results_render(const gr_results *r, char **text, size_t *len, gr_error *err)
{
    size_t n;
    const gr_results_section *sections = gr_results_sections(&n);
    gr_yaml_writer w;
    if (gr_pool_failed(&r->texts))
        return gr_error_set(err, "out of memory for the results' texts");
    if (!gr_yw_begin(&w))
        return gr_error_set(err, "out of memory");
    gr_yw_map(&w);
    for (size_t i = 0; i < n; i++) {
        if (sections[i].when_set && gr_results_section_empty(&sections[i], r))
            continue;
        gr_yw_key(&w, sections[i].name);
        if (sections[i].list) {
            write_list(&w, &sections[i], r);
            continue;
        }
        gr_yw_map(&w);
        write_keys(&w, &sections[i], (const char *)r + sections[i].offset);
        gr_yw_close_map(&w);
    }
    gr_yw_close_map(&w);
    return gr_yw_end(&w, text, len, err);
}

bool gr_results_save(const gr_results *r, const char *path, gr_error *err)
{
    char *text;
    size_t len;
    if (!gr_results_render(r, &text, &len, err))
        return false;
    bool ok = gr_write_file_atomic(path, text, len, err);
    free(text);
    return ok;
}
