/* The ncu command's figures as its text shows them: "?" where unknown,
 * "infinite", "at least 12", "about 0.5", "66.67%".  Each fits its buffer
 * whole: gr_num_text's longest text and the longest word before it. */
#ifndef GPUROOF_NCU_FIGURE_TEXT_H
#define GPUROOF_NCU_FIGURE_TEXT_H

#include <stdbool.h>
#include "num_text.h"

/* A figure with "at least ", "at most " or "about " before it. */
#define NCU_WORDED_FIG_SIZE 48

/* A figure, "?" for NaN, "infinite" for an infinity (neither written into
 * buf). */
const char *ncu_fig(char buf[GR_NUM_TEXT_SIZE], double x);
/* A figure that may be a lower bound: "at least 12". */
const char *ncu_lfig(char buf[NCU_WORDED_FIG_SIZE], double x, bool lower);
/* An intensity: FLOPs over bytes, either of which may be a bound:
 * "at least", "at most", or "about" where both are. */
const char *ncu_ifig(char buf[NCU_WORDED_FIG_SIZE], double x, bool flops_lower, bool bytes_lower);
/* A fraction as a percentage: "66.67%", "?" for NaN. */
const char *ncu_percent(char buf[GR_NUM_TEXT_SIZE], double fraction);

#endif
