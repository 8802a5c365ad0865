/* Numbers shown to people.  The text of every command and the labels of
 * every chart format their numbers here, so that one figure reads the same
 * wherever it is shown (66.67% in both, never 66.6667% in one of them). */
#ifndef GPUROOF_NUM_TEXT_H
#define GPUROOF_NUM_TEXT_H

/* At most 4 significant digits below 1000, whole numbers from 1000 on,
 * never an exponent: "12.54", "0.08333", "66908".  Returns buf. */
const char *gr_num_text(char buf[32], double x);

#endif
