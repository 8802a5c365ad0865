/* The ncu command's figures as its text shows them: "?" where unknown,
 * "infinite", "at least 12", "about 0.5", "66.67%".  Each is an
 * out_figure value (output.h), used within the call that prints it:
 *     printf("%s ns\n", NCU_FIG(time_ns));
 * and holds its text whole: gr_num_text's longest and the longest word
 * before it. */
#ifndef GPUROOF_NCU_FIGURE_TEXT_H
#define GPUROOF_NCU_FIGURE_TEXT_H

#include <stdbool.h>
#include "output.h"

/* A figure, "?" for NaN, "infinite" for an infinity. */
out_figure ncu_fig(double x);
/* A figure that may be a lower bound: "at least 12". */
out_figure ncu_lfig(double x, bool lower);
/* An intensity: FLOPs over bytes, either of which may be a bound:
 * "at least", "at most", or "about" where both are. */
out_figure ncu_ifig(double x, bool flops_lower, bool bytes_lower);
/* A fraction as a percentage: "66.67%", "?" for NaN. */
out_figure ncu_pct(double fraction);

#define NCU_FIG(x) (ncu_fig(x).text)
#define NCU_LFIG(x, lower) (ncu_lfig(x, lower).text)
#define NCU_IFIG(x, flops_lower, bytes_lower) (ncu_ifig(x, flops_lower, bytes_lower).text)
#define NCU_PCT(x) (ncu_pct(x).text)

#endif
