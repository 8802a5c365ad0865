#include <math.h>
#include <stdio.h>
#include "cli.h"
#include "ncu_figure_text.h"

/* The words and the figure together always fit: checked where it is built. */
_Static_assert(sizeof "at least " - 1 + GR_NUM_TEXT_LONGEST < NCU_WORDED_FIG_SIZE, "a worded figure fits its buffer");
_Static_assert(GR_NUM_TEXT_LONGEST + 1 < GR_NUM_TEXT_SIZE, "a percentage fits its buffer");

const char *ncu_fig(char buf[GR_NUM_TEXT_SIZE], double x)
{
    if (isnan(x))
        return "?";
    if (isinf(x))
        return "infinite";
    return cli_num(buf, x);
}

const char *ncu_lfig(char buf[NCU_WORDED_FIG_SIZE], double x, bool lower)
{
    char n[GR_NUM_TEXT_SIZE];
    const char *shown = ncu_fig(n, x); /* "?" or "infinite" are not written into n */
    snprintf(buf, NCU_WORDED_FIG_SIZE, "%s%s", lower && !isnan(x) ? "at least " : "", shown);
    return buf;
}

const char *ncu_ifig(char buf[NCU_WORDED_FIG_SIZE], double x, bool flops_lower, bool bytes_lower)
{
    char n[GR_NUM_TEXT_SIZE];
    const char *shown = ncu_fig(n, x); /* "?" or "infinite" are not written into n */
    const char *how = isnan(x) || isinf(x) || (!flops_lower && !bytes_lower) ? ""
                      : flops_lower && bytes_lower                     ? "about "
                      : flops_lower                                    ? "at least "
                                                                       : "at most ";
    snprintf(buf, NCU_WORDED_FIG_SIZE, "%s%s", how, shown);
    return buf;
}

const char *ncu_percent(char buf[GR_NUM_TEXT_SIZE], double fraction)
{
    char n[GR_NUM_TEXT_SIZE];
    if (isnan(fraction))
        return "?";
    snprintf(buf, GR_NUM_TEXT_SIZE, "%s%%", cli_num(n, 100 * fraction));
    return buf;
}
