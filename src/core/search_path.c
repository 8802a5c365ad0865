#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "search_path.h"

static void add_one(gr_search_path *sp, const char *dir, size_t len)
{
    if (len > 0 && len < sizeof sp->dirs[0] && sp->count < GR_MAX_SEARCH_DIRS) {
        memcpy(sp->dirs[sp->count], dir, len);
        sp->dirs[sp->count++][len] = '\0';
    }
}

void gr_search_path_add(gr_search_path *sp, const char *dirs)
{
    const char *start = dirs;
    while (start && *start) {
        const char *colon = strchr(start, ':');
        add_one(sp, start, colon ? (size_t)(colon - start) : strlen(start));
        start = colon ? colon + 1 : NULL;
    }
}

static bool is_regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool gr_search_path_find(const gr_search_path *sp, const char *relative, char *path, size_t size)
{
    for (size_t i = 0; i < sp->count; i++) {
        int len = snprintf(path, size, "%s/%s", sp->dirs[i], relative);
        if (len >= 0 && (size_t)len < size && is_regular_file(path))
            return true;
    }
    if (size > 0)
        path[0] = '\0';
    return false;
}

void gr_search_path_text(const gr_search_path *sp, char *text, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    snprintf(text, size, "%s", sp->count == 0 ? "(none)" : "");
    for (size_t i = 0; i < sp->count && used < size; i++) {
        int len = snprintf(text + used, size - used, "%s%s", i > 0 ? ", " : "", sp->dirs[i]);
        used += len > 0 ? (size_t)len : 0;
    }
}

const char *gr_data_folder(gr_data_kind kind)
{
    switch (kind) {
    case GR_DATA_PROFILES:
        return "profiles";
    case GR_DATA_MODELS:
        return "models";
    case GR_DATA_STYLE:
        return "plots";
    }
    return "";
}

const char *gr_data_variable(gr_data_kind kind)
{
    switch (kind) {
    case GR_DATA_PROFILES:
        return "GPUROOF_PROFILES";
    case GR_DATA_MODELS:
        return "GPUROOF_MODELS";
    case GR_DATA_STYLE:
        return NULL;
    }
    return NULL;
}

/* The same file under two names, as the kernel sees it: a path compared as
 * text would miss symbolic links and repeated slashes. */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return a && b && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The length of the root program is installed under: what precedes bindir
 * in the program's directory, 0 where the directory is not ROOT + bindir. */
static size_t install_root_length(const char *program, const char *bindir)
{
    const char *slash = program ? strrchr(program, '/') : NULL;
    size_t dir_len = slash ? (size_t)(slash - program) : 0, bindir_len = bindir ? strlen(bindir) : 0;
    if (bindir_len == 0 || bindir[0] != '/' || dir_len < bindir_len)
        return 0;
    if (memcmp(program + dir_len - bindir_len, bindir, bindir_len) != 0)
        return 0;
    return dir_len - bindir_len;
}

bool gr_data_dir(const gr_data_places *places, char *dir, size_t size)
{
    int len;
    if (same_file(places->program, places->build_program))
        len = snprintf(dir, size, "%s", places->build_data);
    else
        len = snprintf(dir, size, "%.*s%s", (int)install_root_length(places->program, places->bindir),
                       places->program ? places->program : "", places->pkgdatadir);
    if (len >= 0 && (size_t)len < size)
        return true;
    if (size > 0)
        dir[0] = '\0';
    return false;
}

void gr_data_search_path(gr_data_kind kind, const char *option, const char *variable,
                         const gr_data_places *places, gr_search_path *sp)
{
    char data_dir[sizeof sp->dirs[0]], folder[sizeof sp->dirs[0]];
    sp->count = 0;
    gr_search_path_add(sp, option);
    gr_search_path_add(sp, variable);
    if (!gr_data_dir(places, data_dir, sizeof data_dir))
        return;
    int len = snprintf(folder, sizeof folder, "%s/%s", data_dir, gr_data_folder(kind));
    /* one directory, whatever it holds: a ':' in it separates nothing */
    if (len >= 0 && (size_t)len < sizeof folder)
        add_one(sp, folder, (size_t)len);
}
