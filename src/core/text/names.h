/* Names a person types (devices, precisions, kernels, models, commands):
 * matched without regard to case, and an unknown one answered with the
 * closest known names, for a "did you mean ...?". */
#ifndef GPUROOF_NAMES_H
#define GPUROOF_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* a and b are the same name, ASCII letters compared without case (the
 * locale never changes the answer). */
bool gr_name_equal(const char *a, const char *b);

/* name ends in suffix, compared as gr_name_equal does (".PNG" is ".png"). */
bool gr_name_has_suffix(const char *name, const char *suffix);

/* The names compared are cut to this many characters; a longer one is no
 * typo of a known name. */
#define GR_NAME_MAX 128

/* The edit distance from a to b without regard to case: the fewest
 * insertions, deletions, substitutions and swaps of two neighbouring
 * characters that turn one into the other ("fp46" to "fp64" is 1).
 * GR_NAME_MAX + 1 where either is longer than GR_NAME_MAX. */
size_t gr_name_distance(const char *a, const char *b);

/* The most names one suggestion offers. */
#define GR_SUGGEST_MAX 4

/* The known names closest to what was given, gathered one at a time:
 *     gr_name_suggestion s;
 *     gr_suggest_start(&s, given);
 *     for each known name: gr_suggest_consider(&s, name);
 *     if (gr_suggest_text(&s, text, sizeof text)) ... "did you mean %s?"
 * A known name is close where the distance is at most 1 for a name of up
 * to 3 characters, and one more for every 4 characters after that (a typo
 * or two per word); of those, the ones at the smallest distance are
 * offered.  Where none is close, the names the given one begins are
 * ("matmul" for matmul-naive and matmul-tiled).  At most GR_SUGGEST_MAX,
 * the first considered; the names considered must outlive the
 * suggestion. */
typedef struct {
    const char *given;
    size_t distance; /* of the close names kept */
    size_t count, begun_count;
    const char *names[GR_SUGGEST_MAX];  /* the closest */
    const char *begun[GR_SUGGEST_MAX];  /* those the given name begins */
} gr_name_suggestion;

void gr_suggest_start(gr_name_suggestion *s, const char *given);
void gr_suggest_consider(gr_name_suggestion *s, const char *known);
/* The given name is an earlier spelling of known (its words in another
 * order, say): known is offered, alone, however far the spellings are. */
void gr_suggest_renamed(gr_name_suggestion *s, const char *known);
/* The names kept, as words: "a100", "fp16 or fp64", "a, b or c"; false
 * (and text empty) where none is close. */
bool gr_suggest_text(const gr_name_suggestion *s, char *text, size_t size);

#endif
