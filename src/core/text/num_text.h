/* Numbers shown to people.  The text of every command and the labels of
 * every chart format their numbers here, so that one figure reads the same
 * wherever it is shown (66.67% in both, never 66.6667% in one of them). */
#ifndef GPUROOF_NUM_TEXT_H
#define GPUROOF_NUM_TEXT_H

/* The buffer gr_num_text writes into.  Its text is never longer than
 * GR_NUM_TEXT_LONGEST characters ("-1000000000000000", rounded up from just
 * under -1e15; the exponent form is at most "-1.235e-308"), so a caller may
 * add a unit or "%" to it in a buffer of GR_NUM_TEXT_SIZE. */
#define GR_NUM_TEXT_SIZE 32
#define GR_NUM_TEXT_LONGEST 17

/* At most 4 significant digits below 1000, whole numbers from 1000 on:
 * "12.54", "0.08333", "66908".  Past what those forms show whole, the
 * exponent form with 4 significant digits: magnitudes from 1e15 on (where
 * whole digits stop reading as a number: "1e+45", "1.235e+15") and nonzero
 * magnitudes below 1e-6 (where 9 decimals would show fewer than 4 digits,
 * or 0: "1e-30").  Never cut; -0 is "0"; NaN and infinities as printf's %g
 * writes them ("nan", "-inf").  Returns buf. */
const char *gr_num_text(char buf[GR_NUM_TEXT_SIZE], double x);

/* The same text as a value, so that a line formatting several numbers
 * needs no buffer of its own for each: GR_NUM(x) is its text, which lives
 * to the end of the expression it is in (printf("%s GB/s", GR_NUM(gbs))). */
typedef struct {
    char text[GR_NUM_TEXT_SIZE];
} gr_num;
gr_num gr_num_of(double x);
#define GR_NUM(x) (gr_num_of(x).text)

#endif
