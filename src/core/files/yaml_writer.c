#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "yaml_writer.h"

static int append(void *data, unsigned char *buffer, size_t size)
{
    gr_yaml_writer *w = data;
    if (w->len + size + 1 > w->capacity) {
        size_t capacity = (w->len + size + 1) * 2;
        char *grown = realloc(w->text, capacity);
        if (!grown)
            return 0;
        w->text = grown;
        w->capacity = capacity;
    }
    memcpy(w->text + w->len, buffer, size);
    w->len += size;
    w->text[w->len] = '\0';
    return 1;
}

static void emit(gr_yaml_writer *w, yaml_event_t *event, int made)
{
    if (!made || w->failed || !yaml_emitter_emit(&w->emitter, event))
        w->failed = true;
}

bool gr_yw_begin(gr_yaml_writer *w)
{
    memset(w, 0, sizeof *w);
    if (!yaml_emitter_initialize(&w->emitter))
        return false;
    yaml_emitter_set_output(&w->emitter, append, w);
    yaml_emitter_set_unicode(&w->emitter, 1);
    yaml_emitter_set_width(&w->emitter, 100);
    yaml_event_t e;
    emit(w, &e, yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING));
    emit(w, &e, yaml_document_start_event_initialize(&e, NULL, NULL, NULL, 1));
    if (!w->failed)
        return true;
    /* The caller gives up on a failed begin: nothing may be left to free. */
    yaml_emitter_delete(&w->emitter);
    free(w->text);
    return false;
}

bool gr_yw_end(gr_yaml_writer *w, char **text, size_t *len, gr_error *err)
{
    yaml_event_t e;
    emit(w, &e, yaml_document_end_event_initialize(&e, 1));
    emit(w, &e, yaml_stream_end_event_initialize(&e));
    if (!w->failed && !yaml_emitter_flush(&w->emitter))
        w->failed = true;
    yaml_emitter_delete(&w->emitter);
    if (w->failed) {
        free(w->text);
        return gr_error_set(err, "cannot write the YAML output (out of memory or a malformed document)");
    }
    *text = w->text;
    *len = w->len;
    return true;
}

static void scalar(gr_yaml_writer *w, const char *value, yaml_scalar_style_t style)
{
    yaml_event_t e;
    emit(w, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)value, (int)strlen(value), 1, 1,
                                             style));
}

void gr_yw_map(gr_yaml_writer *w)
{
    yaml_event_t e;
    emit(w, &e, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

void gr_yw_flow_map(gr_yaml_writer *w)
{
    yaml_event_t e;
    emit(w, &e, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, YAML_FLOW_MAPPING_STYLE));
}

void gr_yw_list(gr_yaml_writer *w)
{
    yaml_event_t e;
    emit(w, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
}

void gr_yw_close_map(gr_yaml_writer *w)
{
    yaml_event_t e;
    emit(w, &e, yaml_mapping_end_event_initialize(&e));
}

void gr_yw_close_list(gr_yaml_writer *w)
{
    yaml_event_t e;
    emit(w, &e, yaml_sequence_end_event_initialize(&e));
}

/* The words a YAML 1.1 resolver (PyYAML, what most scripts read with) or
 * a 1.2 one reads as a boolean or null in any case it accepts; y and n are
 * 1.1's booleans too, though PyYAML leaves them strings. */
static bool reserved_word(const char *value)
{
    static const char *const words[] = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t k = 0;
        while (words[i][k] && value[k] && (value[k] | 0x20) == words[i][k])
            k++;
        if (!words[i][k] && !value[k])
            return true;
    }
    return false;
}

/* Whether value may be left to libyaml's choice of style (which quotes
 * what the syntax needs: ": ", " #", spaces at either end, flow
 * indicators) and still read back as this same string by any resolver:
 * every number (1, 0x1f, 0o7, 1_000, 1:20's base 60, .inf, .nan), date or
 * timestamp (2026-11-26), null (~, empty) and merge key (<<) starts with
 * a digit, a sign, a dot or a mark, so a value starting with a letter, '_',
 * '/' or a UTF-8 character is a string unless it is a reserved word.
 * Everything else is double-quoted. */
static bool plain_safe(const char *value)
{
    unsigned char first = (unsigned char)value[0];
    return ((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_' || first == '/' ||
            first >= 0x80) &&
           !reserved_word(value);
}

/* Strings that YAML would read as something else are quoted. */
void gr_yw_string(gr_yaml_writer *w, const char *value)
{
    scalar(w, value, plain_safe(value) ? YAML_ANY_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

void gr_yw_int(gr_yaml_writer *w, int64_t value)
{
    char text[32];
    snprintf(text, sizeof text, "%" PRId64, value);
    scalar(w, text, YAML_PLAIN_SCALAR_STYLE);
}

/* A number both resolvers read as one: YAML 1.1's float needs a '.'
 * (PyYAML reads 1e+20 as a string), so an exponent form gets ".0" before
 * its 'e'; infinities and NaN in their YAML spelling (.inf, -.inf, .nan). */
void gr_yw_double(gr_yaml_writer *w, double value)
{
    char text[48];
    if (isnan(value))
        snprintf(text, sizeof text, ".nan");
    else if (isinf(value))
        snprintf(text, sizeof text, "%s", value > 0 ? ".inf" : "-.inf");
    else { /* + 0.0: a negative zero ("0/-5") would print "-0", which reads back as 0 */
        char digits[40];
        snprintf(digits, sizeof digits, "%.10g", value + 0.0);
        char *e = strchr(digits, 'e');
        if (e && !strchr(digits, '.'))
            snprintf(text, sizeof text, "%.*s.0%s", (int)(e - digits), digits, e);
        else
            snprintf(text, sizeof text, "%s", digits);
    }
    scalar(w, text, YAML_PLAIN_SCALAR_STYLE);
}

void gr_yw_bool(gr_yaml_writer *w, bool value)
{
    scalar(w, value ? "true" : "false", YAML_PLAIN_SCALAR_STYLE);
}

/* A key is a string like any other: a kernel's name may be "on" or "1:20". */
void gr_yw_key(gr_yaml_writer *w, const char *key)
{
    gr_yw_string(w, key);
}

void gr_yw_kv_string(gr_yaml_writer *w, const char *key, const char *value)
{
    gr_yw_key(w, key);
    gr_yw_string(w, value);
}

void gr_yw_kv_int(gr_yaml_writer *w, const char *key, int64_t value)
{
    gr_yw_key(w, key);
    gr_yw_int(w, value);
}

void gr_yw_kv_double(gr_yaml_writer *w, const char *key, double value)
{
    gr_yw_key(w, key);
    gr_yw_double(w, value);
}

void gr_yw_kv_bool(gr_yaml_writer *w, const char *key, bool value)
{
    gr_yw_key(w, key);
    gr_yw_bool(w, value);
}
