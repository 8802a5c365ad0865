/* Writing YAML through libyaml's emitter, into memory: block mappings and
 * lists, scalars of each type, numbers with enough digits to read back. */
#ifndef GPUROOF_YAML_WRITER_H
#define GPUROOF_YAML_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <yaml.h>
#include "gpuroof_text.h"

typedef struct {
    yaml_emitter_t emitter;
    char *text;
    size_t len, capacity;
    bool failed;
} gr_yaml_writer;

bool gr_yw_begin(gr_yaml_writer *w); /* false: out of memory, nothing to free */
/* Ends the document; on success *text (to free) holds it. */
bool gr_yw_end(gr_yaml_writer *w, char **text, size_t *len, gr_error *err);

void gr_yw_map(gr_yaml_writer *w);     /* starts a block mapping */
void gr_yw_flow_map(gr_yaml_writer *w);/* starts a {flow: mapping} */
void gr_yw_list(gr_yaml_writer *w);    /* starts a block list */
void gr_yw_close_map(gr_yaml_writer *w);
void gr_yw_close_list(gr_yaml_writer *w);

void gr_yw_string(gr_yaml_writer *w, const char *value); /* quoted when it must be */
void gr_yw_int(gr_yaml_writer *w, int64_t value);
void gr_yw_double(gr_yaml_writer *w, double value);      /* %.10g, a "." in any exponent form; .nan, .inf, -.inf */
void gr_yw_bool(gr_yaml_writer *w, bool value);

/* key: value pairs in the mapping open now. */
void gr_yw_key(gr_yaml_writer *w, const char *key); /* then a value or a nested map/list */
void gr_yw_kv_string(gr_yaml_writer *w, const char *key, const char *value);
void gr_yw_kv_int(gr_yaml_writer *w, const char *key, int64_t value);
void gr_yw_kv_double(gr_yaml_writer *w, const char *key, double value);
void gr_yw_kv_bool(gr_yaml_writer *w, const char *key, bool value);

#endif
