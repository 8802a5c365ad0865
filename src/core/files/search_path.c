#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gpuroof_text.h"
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

static bool listed(const gr_file_list *list, const char *name)
{
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i].name, name) == 0)
            return true;
    return false;
}

/* Adds dir/entry where it is a file of the listing: folder is "" or the
 * subfolder's name with its '/'. */
static bool add_listed(gr_file_list *list, const char *dir, const char *folder, const char *entry,
                       const char *suffix, gr_error *err)
{
    gr_listed_file f;
    size_t stem_len = strlen(entry) - strlen(suffix);
    int name_len = snprintf(f.name, sizeof f.name, "%s%.*s", folder, (int)stem_len, entry);
    int path_len = snprintf(f.path, sizeof f.path, "%s/%s%s", dir, folder, entry);
    if (name_len < 0 || (size_t)name_len >= sizeof f.name || path_len < 0 || (size_t)path_len >= sizeof f.path ||
        !is_regular_file(f.path) || listed(list, f.name))
        return true;
    gr_listed_file *grown = realloc(list->items, (list->count + 1) * sizeof *grown);
    if (!grown)
        return gr_error_set(err, "out of memory");
    list->items = grown;
    list->items[list->count++] = f;
    return true;
}

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The files of dir/folder (folder "" or "name/"), and where subfolders,
 * those of each folder in it. */
static bool list_directory(gr_file_list *list, const char *dir, const char *folder, const char *suffix,
                           bool subfolders, gr_error *err)
{
    char where[1024];
    snprintf(where, sizeof where, "%s/%s", dir, folder);
    DIR *d = opendir(where);
    if (!d)
        return true; /* a directory on the path need not exist */
    bool ok = true;
    struct dirent *entry;
    while (ok && (entry = readdir(d))) {
        const char *e = entry->d_name;
        char sub[256], sub_path[1024];
        if (e[0] == '.')
            continue;
        if (strlen(e) > strlen(suffix) && strcmp(e + strlen(e) - strlen(suffix), suffix) == 0)
            ok = add_listed(list, dir, folder, e, suffix, err);
        else if (subfolders && snprintf(sub, sizeof sub, "%s/", e) < (int)sizeof sub &&
                 snprintf(sub_path, sizeof sub_path, "%s%s", where, e) < (int)sizeof sub_path &&
                 is_directory(sub_path))
            ok = list_directory(list, dir, sub, suffix, false, err);
    }
    closedir(d);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const gr_listed_file *)a)->name, ((const gr_listed_file *)b)->name);
}

bool gr_search_path_list(const gr_search_path *sp, const char *suffix, bool subfolders, gr_file_list *out,
                         gr_error *err)
{
    *out = (gr_file_list){.count = 0, .items = NULL};
    for (size_t i = 0; i < sp->count; i++)
        if (!list_directory(out, sp->dirs[i], "", suffix, subfolders, err)) {
            gr_file_list_free(out);
            return false;
        }
    if (out->count > 1)
        qsort(out->items, out->count, sizeof *out->items, by_name);
    return true;
}

void gr_file_list_free(gr_file_list *list)
{
    free(list->items);
    *list = (gr_file_list){.count = 0, .items = NULL};
}

const gr_listed_file *gr_file_list_find(const gr_file_list *list, const char *name)
{
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i].name, name) == 0)
            return &list->items[i];
    for (size_t i = 0; i < list->count; i++)
        if (gr_name_equal(list->items[i].name, name))
            return &list->items[i];
    return NULL;
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
