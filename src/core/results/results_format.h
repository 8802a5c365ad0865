/* The keys of a results file, one table a section: where each key's value
 * lives in gr_results, its type, whether a file must have it, the range a
 * number must fall in, and its unit and meaning.  The reader and the writer
 * walk these tables and nothing else, so adding a key is one row in
 * results_format.c (and its line in doc/results-format.md, which a test
 * compares with the tables). */
#ifndef GPUROOF_RESULTS_FORMAT_H
#define GPUROOF_RESULTS_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    GR_RESULTS_TEXT,   /* const char *, in the results' pool: at most size bytes, its NUL included */
    GR_RESULTS_WHOLE,  /* long long */
    GR_RESULTS_NUMBER, /* double */
    GR_RESULTS_BOOL,   /* bool: true or false */
    GR_RESULTS_BLOCK,  /* gr_result_block, "XxY" */
    GR_RESULTS_MAP,    /* a nested mapping, its keys in .map */
} gr_results_type;

typedef struct gr_results_section gr_results_section;

typedef struct {
    const char *name;
    gr_results_type type;
    size_t offset, size;   /* of the value, in its row (or section) struct */
    bool required;
    double min, max;       /* whole numbers and numbers */
    const gr_results_section *map; /* GR_RESULTS_MAP: the nested keys */
    const char *unit;      /* "" where none */
    const char *meaning;
} gr_results_key;

struct gr_results_section {
    const char *name;
    const char *row_noun; /* a list's row, in messages: "each kernel must be a mapping" */
    const gr_results_key *keys;
    size_t key_count;
    bool list;
    bool required;  /* a mapping the file must have */
    bool flow;      /* rows (or a nested mapping) written on one line, {key: value, ...} */
    size_t offset;  /* in gr_results: the mapping's struct, or the list's row pointer */
    size_t count_offset, row_size; /* lists: the row count (a size_t), and one row's size */
    const char *meaning;
    bool when_set;  /* written only where it holds something (gr_results_section_empty): a part that
                       files written before it do not have, so that those are written again unchanged */
    const char *(*row_rule)(const void *row); /* lists: NULL, or the rule a row read breaks (NULL: none) */
};

/* ceiling_spread's row rule: the rule broken, or NULL. */
const char *gr_results_spread_rule(const void *row);
/* volatile_checks' row rule: the rule broken, or NULL. */
const char *gr_results_volatile_rule(const void *row);

/* The sections of a file, in the order they are written. */
const gr_results_section *gr_results_sections(size_t *count);

/* The section called name, or NULL. */
const gr_results_section *gr_results_section_named(const char *name);

/* Whether key's value in the struct at base is its absent value. */
bool gr_results_key_absent(const gr_results_key *key, const void *base);

/* Whether the structs at a and b hold the same value of every key of
 * section: texts by their characters (each file's pool is its own), the
 * rest by their bytes. */
bool gr_results_keys_same(const gr_results_section *section, const void *a, const void *b);

/* Whether a section holds nothing: a list without rows, or a mapping whose
 * keys are each absent or false. */
bool gr_results_section_empty(const gr_results_section *section, const void *results);

/* Sets every key of section in the struct at base to its absent value. */
void gr_results_clear(const gr_results_section *section, void *base);

#endif
