#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpuroof_text.h"
#include "plot_levels.h"

/* One item of --levels, a name of its own. */
static int take_named_level(const char *name, bool levels[GR_MEMORY_LEVELS])
{
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        /* l1: what gpuroof ncu's quantities call the L1/shared-memory data path */
        if (gr_name_equal(name, gr_level_key(l)) || (l == GR_LEVEL_SHARED && gr_name_equal(name, "l1"))) {
            if (levels[l])
                return cli_usage_error("plot", "--levels: %s is named twice", gr_level_key(l));
            levels[l] = true;
            return EXIT_OK;
        }
    gr_name_suggestion s;
    gr_suggest_start(&s, name);
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        gr_suggest_consider(&s, gr_level_key(l));
    return cli_usage_error("plot", "--levels: no memory level '%s' (%sthe levels are dram, l2 and shared)", name,
                           cli_suggested(&s, "did you mean ", "? ").text);
}

/* One item of --levels, as long as len: copied, so that it ends where the
 * list's comma is. */
static int take_level(const char *item, size_t len, bool levels[GR_MEMORY_LEVELS])
{
    if (len == 0)
        return cli_usage_error("plot", "--levels: an empty name in the list (give dram, l2 and shared, "
                                       "comma-separated)");
    gr_buf name = GR_BUF_INIT;
    gr_buf_addf(&name, "%.*s", (int)len, item);
    int rc = gr_buf_failed(&name) ? cli_fail("out of memory") : take_named_level(gr_buf_text(&name), levels);
    gr_buf_free(&name);
    return rc;
}

int plot_parse_levels(const char *text, bool levels[GR_MEMORY_LEVELS])
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        levels[l] = false;
    for (const char *item = text;;) {
        size_t len = strcspn(item, ",");
        int rc = take_level(item, len, levels);
        if (rc != EXIT_OK)
            return rc;
        if (item[len] == '\0')
            return EXIT_OK;
        item += len + 1;
    }
}
