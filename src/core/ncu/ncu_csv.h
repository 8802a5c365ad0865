/* The CSV that Nsight Compute prints (ncu --csv, ncu --import R --csv):
 * one line a record, fields separated by commas, each field quoted, a
 * quote inside a field written twice; and what each line of such a file is
 * (doc/ncu-input.md).  The reader (ncu_report.h) puts the records together. */
#ifndef GPUROOF_NCU_CSV_H
#define GPUROOF_NCU_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

typedef struct {
    gr_span text;  /* without its quotes */
    bool quoted;
    bool escaped;  /* holds a doubled quote, to be read as one */
} gr_csv_field;

/* A line's fields; the array grows as needed and is reused line after line. */
typedef struct {
    size_t count, capacity;
    gr_csv_field *fields;
} gr_csv_row;

/* The most fields a record may have: far more than Nsight Compute's raw
 * page, which has one a metric (a few thousand with every section). */
#define GR_CSV_MAX_FIELDS 100000

typedef enum {
    GR_CSV_OK,
    GR_CSV_UNTERMINATED, /* a quoted field the line ends in */
    GR_CSV_AFTER_QUOTE,  /* something other than a comma after a closing quote */
    GR_CSV_TOO_MANY,     /* more than GR_CSV_MAX_FIELDS */
    GR_CSV_NO_MEMORY,
} gr_csv_status;

/* Splits one line into row's fields.  Where it fails, *bad_at is the
 * offset in the line of the field or byte at fault. */
gr_csv_status gr_csv_split(gr_span line, gr_csv_row *row, size_t *bad_at);
void gr_csv_row_free(gr_csv_row *row);

/* What went wrong, for an error message. */
const char *gr_csv_status_text(gr_csv_status status);

bool gr_csv_field_is(const gr_csv_field *f, const char *text);
/* The field's text, a doubled quote read as one, in a new string (NULL
 * when memory runs out). */
char *gr_csv_field_copy(const gr_csv_field *f);

/* The pages of Nsight Compute's CSV (ncu --page): the raw page has a
 * column a metric and a row a launch, with a row of units under its
 * header; the details page a row a metric of a launch, with its name, unit
 * and value in columns of their own. */
typedef enum { GR_NCU_PAGE_RAW, GR_NCU_PAGE_DETAILS } gr_ncu_page;

const char *gr_ncu_page_name(gr_ncu_page page); /* "raw", "details" */

/* What a line of the file is. */
typedef enum {
    GR_NCU_LINE_OTHER,    /* not CSV: ncu's own messages, the application's output */
    GR_NCU_LINE_HEADER,   /* a record whose first field is "ID" */
    GR_NCU_LINE_UNITS,    /* a record whose first field is empty: the raw page's units */
    GR_NCU_LINE_LAUNCH,   /* a record whose first field is a launch's ID */
    GR_NCU_LINE_RECORD,   /* any other record */
} gr_ncu_line;

/* A record is a line that starts with a quote, as every line of ncu's CSV
 * does; where quoted is false (a header that came without quotes), any
 * line with a comma.  Lines that are no record are not split. */
bool gr_ncu_line_is_record(gr_span line, bool quoted);

/* The kind of a record split into row. */
gr_ncu_line gr_ncu_record_kind(const gr_csv_row *row);

/* A launch ID: digits, perhaps grouped by commas ("1,024"), at most
 * GR_SPAN_NUMBER_MAX. */
bool gr_ncu_parse_id(gr_span text, long long *out);

/* The page a header row (GR_NCU_LINE_HEADER) begins: the details page has
 * the columns "Metric Name" and "Metric Value". */
gr_ncu_page gr_ncu_header_page(const gr_csv_row *header);

/* Whether a record that is no header still names the columns of one
 * ("Kernel Name"): a header whose first column is not "ID". */
bool gr_ncu_looks_like_header(const gr_csv_row *row);

#endif
