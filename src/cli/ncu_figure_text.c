#include <math.h>
#include <stdio.h>
#include "ncu_figure_text.h"

/* The words and the figure together always fit: checked where it is built. */
_Static_assert(sizeof "at least " - 1 + GR_NUM_TEXT_SIZE <= sizeof(out_figure), "a worded figure fits");
_Static_assert(GR_NUM_TEXT_LONGEST + 1 < sizeof(out_figure), "a percentage fits");

/* The figure's words: "?" or "infinite", NULL for a number. */
static const char *word_of(double x)
{
    return isnan(x) ? "?" : isinf(x) ? "infinite" : NULL;
}

static out_figure worded(const char *how, double x)
{
    out_figure f;
    const char *word = word_of(x);
    snprintf(f.text, sizeof f.text, "%s%s", how, word ? word : GR_NUM(x));
    return f;
}

out_figure ncu_fig(double x)
{
    return worded("", x);
}

out_figure ncu_lfig(double x, bool lower)
{
    return worded(lower && !isnan(x) ? "at least " : "", x);
}

out_figure ncu_ifig(double x, bool flops_lower, bool bytes_lower)
{
    const char *how = isnan(x) || isinf(x) || (!flops_lower && !bytes_lower) ? ""
                      : flops_lower && bytes_lower                     ? "about "
                      : flops_lower                                    ? "at least "
                                                                       : "at most ";
    return worded(how, x);
}

out_figure ncu_pct(double fraction)
{
    return isnan(fraction) ? worded("", fraction) : out_pct(fraction);
}
