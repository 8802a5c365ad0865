/* A YAML file loaded whole, with the checks every gpuroof input needs:
 * bounded size and depth, no aliases, no duplicate keys, and errors that
 * name the file, line and column. */
#ifndef GPUROOF_YAML_DOC_H
#define GPUROOF_YAML_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <yaml.h>
#include "gpuroof_text.h"
#include "input_limits.h"

#define GR_YAML_MAX_BYTES ((size_t)GR_LIMIT_YAML.bytes)
#define GR_YAML_MAX_DEPTH 32

typedef struct {
    yaml_document_t doc;
    bool loaded;
    char path[512];
} gr_yaml;

/* Reads and parses a file; on failure *y needs no gr_yaml_free. */
bool gr_yaml_load_file(gr_yaml *y, const char *path, gr_error *err);
/* Parses text already in memory; name is what errors call it. */
bool gr_yaml_load_buffer(gr_yaml *y, const char *name, const char *text,
                         size_t len, gr_error *err);
void gr_yaml_free(gr_yaml *y);

/* The head of a file whose reader needs only some of the root mapping's
 * keys: the text up to the line of the first root key that comes after
 * every one of wanted (NULL-terminated, at most 32), which is a YAML document of its
 * own holding those keys as the whole holds them.  len where there is no
 * such key (one of wanted missing, or nothing after them), where the root
 * is not a block mapping, or where the text does not parse that far (the
 * whole is then read, and its error told as a whole read tells it).  What
 * follows the head is not parsed: its errors go unseen. */
size_t gr_yaml_head_length(const char *text, size_t len, const char *const wanted[]);
/* gr_yaml_load_buffer and gr_yaml_load_file on that head. */
bool gr_yaml_load_buffer_head(gr_yaml *y, const char *name, const char *text, size_t len,
                              const char *const wanted[], gr_error *err);
bool gr_yaml_load_file_head(gr_yaml *y, const char *path, const char *const wanted[], gr_error *err);

yaml_node_t *gr_yaml_root(gr_yaml *y);

/* An error located at node's start. */
bool gr_yaml_error(gr_error *err, const gr_yaml *y, const yaml_node_t *node,
                   const char *fmt, ...) GR_PRINTF(4, 5);

/* Checks that node is a mapping with no key given twice, whose keys are all
 * plain scalars from allowed (NULL-terminated); allowed NULL: any keys.
 * what names the mapping in messages. */
bool gr_yaml_check_mapping(gr_yaml *y, yaml_node_t *node, const char *what,
                           const char *const allowed[], gr_error *err);

/* Checks that node is a mapping with no key given twice, whatever its keys
 * (for files other programs may add keys to). */
bool gr_yaml_check_unique(gr_yaml *y, yaml_node_t *node, const char *what, gr_error *err);

/* The value of key in mapping, or NULL. */
yaml_node_t *gr_yaml_get(gr_yaml *y, yaml_node_t *mapping, const char *key);
/* The same, but a missing key is an error located at the mapping. */
yaml_node_t *gr_yaml_require(gr_yaml *y, yaml_node_t *mapping,
                             const char *what, const char *key, gr_error *err);

/* Scalar readers; what names the field in messages. */
bool gr_yaml_string(gr_yaml *y, yaml_node_t *node, const char *what,
                    char *out, size_t out_size, gr_error *err);
/* The same checks, the text left where the document holds it (*out,
 * valid while y is): for a word compared and not kept.  longest: the most
 * characters it may have, as gr_yaml_string's out_size - 1. */
bool gr_yaml_text(gr_yaml *y, yaml_node_t *node, const char *what, size_t longest, const char **out,
                  gr_error *err);
bool gr_yaml_int(gr_yaml *y, yaml_node_t *node, const char *what,
                 int64_t min, int64_t max, bool byte_suffixes, int64_t *out,
                 gr_error *err);
bool gr_yaml_double(gr_yaml *y, yaml_node_t *node, const char *what,
                    double min, double max, double *out, gr_error *err);

/* The 1-based column of character position of a scalar's value, where the
 * value is its source text; otherwise the scalar's own column. */
unsigned long gr_yaml_column_of(const yaml_node_t *node, size_t position);

/* The scalar's text, or NULL if node is not a scalar. */
const char *gr_yaml_scalar(const yaml_node_t *node);

#endif
