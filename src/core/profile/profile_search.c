#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gpuroof_text.h"
#include "profile_search.h"

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool gr_names_file(const char *text)
{
    return strchr(text, '/') || ends_with(text, ".yaml") || ends_with(text, ".yml");
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The profiles' names closest to text, from their files' names (a broken
 * profile is still a name to suggest): "did you mean a100? " or "". */
static void suggest_device(const gr_search_path *sp, const char *text, char *out, size_t size)
{
    gr_file_list files;
    gr_name_suggestion s;
    char names[256];
    out[0] = '\0';
    if (!gr_search_path_list(sp, ".yaml", false, &files, NULL))
        return; /* out of memory: the error is still right without a suggestion */
    gr_suggest_start(&s, text);
    for (size_t i = 0; i < files.count; i++)
        gr_suggest_consider(&s, files.items[i].name);
    if (gr_suggest_text(&s, names, sizeof names))
        snprintf(out, size, ": did you mean %s?", names);
    gr_file_list_free(&files);
}

/* Profile names are lower-case (their files' names too, so that one name
 * is one file on every file system); a name given in capitals, as GPUs are
 * written (A100, H100-PCIe), is the same name. */
bool gr_profile_find(const gr_search_path *sp, const char *text, gr_profile *p, gr_error *err)
{
    if (gr_names_file(text))
        return gr_profile_load_file(text, p, err);
    char name[64] = "", file[80], path[1024], suggestion[300];
    size_t len = strlen(text);
    for (size_t i = 0; len < sizeof name && i <= len; i++)
        name[i] = (text[i] >= 'A' && text[i] <= 'Z') ? (char)(text[i] - 'A' + 'a') : text[i];
    if (len >= sizeof name || !gr_profile_name_valid(name))
        return gr_error_set(err, "'%s' is not a profile name (letters, digits, '-' and '_')", text);
    snprintf(file, sizeof file, "%s.yaml", name);
    if (gr_search_path_find(sp, file, path, sizeof path))
        return gr_profile_load_named(path, name, p, err);
    suggest_device(sp, text, suggestion, sizeof suggestion);
    return gr_error_set(err, "unknown device '%s'%s (gpuroof devices lists the profiles)", text, suggestion);
}

static bool listed(const gr_profile_list *list, const char *name)
{
    for (size_t i = 0; i < list->count; i++)
        if (strcmp(list->items[i].name, name) == 0)
            return true;
    for (size_t i = 0; i < list->failure_count; i++)
        if (strcmp(list->failures[i].name, name) == 0)
            return true;
    return false;
}

/* name is "" or a valid profile name, which fits. */
static bool add_failure(gr_profile_list *list, const char *name, const char *path, const gr_error *why,
                        gr_error *err)
{
    gr_profile_failure *grown = realloc(list->failures, (list->failure_count + 1) * sizeof *grown);
    if (!grown)
        return gr_error_set(err, "out of memory");
    list->failures = grown;
    gr_profile_failure f = {strdup(name), strdup(path), *why};
    if (!f.name || !f.path) {
        free(f.name);
        free(f.path);
        return gr_error_set(err, "out of memory");
    }
    grown[list->failure_count++] = f;
    return true;
}

static bool add_profile(gr_profile_list *list, const char *dir, const char *file, gr_error *err)
{
    char name[256], path[1024];
    gr_error why;
    snprintf(name, sizeof name, "%.*s", (int)(strlen(file) - strlen(".yaml")), file);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (!file_exists(path))
        return true; /* a directory named like a profile is no profile */
    if (!gr_profile_name_valid(name)) {
        gr_error_set(&why, "%s: '%s' is not a profile name (lower-case letters, digits, '-' and '_'): rename the file",
                     path, name);
        return add_failure(list, "", path, &why, err);
    }
    if (listed(list, name))
        return true;
    gr_profile *grown = realloc(list->items, (list->count + 1) * sizeof *grown);
    if (!grown)
        return gr_error_set(err, "out of memory");
    list->items = grown;
    if (!gr_profile_load_named(path, name, &list->items[list->count], &why))
        return add_failure(list, name, path, &why, err);
    list->count++;
    return true;
}

static bool add_directory(gr_profile_list *list, const char *dir, gr_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return true; /* a directory on the path need not exist */
    bool ok = true;
    struct dirent *entry;
    while (ok && (entry = readdir(d)))
        if (ends_with(entry->d_name, ".yaml"))
            ok = add_profile(list, dir, entry->d_name, err);
    closedir(d);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const gr_profile *)a)->name, ((const gr_profile *)b)->name);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const gr_profile_failure *)a)->path, ((const gr_profile_failure *)b)->path);
}

bool gr_profile_list_all(const gr_search_path *sp, gr_profile_list *out, gr_error *err)
{
    *out = (gr_profile_list){0};
    for (size_t i = 0; i < sp->count; i++)
        if (!add_directory(out, sp->dirs[i], err)) {
            gr_profile_list_free(out);
            return false;
        }
    if (out->count > 1)
        qsort(out->items, out->count, sizeof *out->items, by_name);
    if (out->failure_count > 1)
        qsort(out->failures, out->failure_count, sizeof *out->failures, by_path);
    return true;
}

void gr_profile_list_free(gr_profile_list *list)
{
    free(list->items);
    for (size_t i = 0; i < list->failure_count; i++) {
        free(list->failures[i].name);
        free(list->failures[i].path);
    }
    free(list->failures);
    *list = (gr_profile_list){0};
}

/* The model in a GPU's name: its first word with a digit ("H200" of
 * "NVIDIA H200", "A100-SXM4-40GB" cut at '-'). */
static void model_word(const char *name, char *out, size_t size)
{
    out[0] = '\0';
    for (const char *w = name; *w; w += strcspn(w, " ")) {
        w += strspn(w, " ");
        size_t len = strcspn(w, " -");
        if (strcspn(w, "0123456789") < len) {
            snprintf(out, size, "%.*s", (int)len, w);
            return;
        }
    }
}

const gr_profile *gr_profile_match_gpu(const gr_profile_list *list, const gr_gpu_info *gpu)
{
    char model[64];
    const gr_profile *found = NULL;
    model_word(gpu->name, model, sizeof model);
    for (size_t i = 0; i < list->count; i++) {
        const gr_profile *p = &list->items[i];
        if (p->cc_major != gpu->cc_major || p->cc_minor != gpu->cc_minor || p->sm_count != gpu->sm_count ||
            p->smem_sm_bytes != gpu->smem_sm)
            continue;
        if (!found || (model[0] && strstr(p->full_name, model)))
            found = p;
    }
    return found;
}
