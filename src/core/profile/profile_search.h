/* Finding profiles by name along a search path of directories. */
#ifndef GPUROOF_PROFILE_SEARCH_H
#define GPUROOF_PROFILE_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "gpu_info.h"
#include "profile.h"
#include "gpuroof_files.h"

/* True if text names a file rather than a profile: it holds a '/' or ends
 * in .yaml or .yml. */
bool gr_names_file(const char *text);

/* Loads the profile text names: a file, or NAME.yaml in the first directory
 * that has one (whose `name` must then be NAME), NAME being text in lower
 * case ("A100" is a100).  An unknown name's error offers the closest
 * profiles' names ("did you mean a100?"). */
bool gr_profile_find(const gr_search_path *sp, const char *text, gr_profile *p, gr_error *err);

/* A file on the path that names a profile but did not load; its name and
 * path are the list's, freed with it (gr_profile_list_free). */
typedef struct {
    char *name;     /* the profile name its file gives; "" where the file's name is none */
    char *path;     /* the file */
    gr_error error; /* why, at its line and column */
} gr_profile_failure;

typedef struct {
    size_t count;
    gr_profile *items; /* sorted by name; the first directory wins */
    size_t failure_count;
    gr_profile_failure *failures; /* sorted by path */
} gr_profile_list;

/* Loads every profile on the path that loads, and keeps each file that does
 * not with its error: one broken profile neither hides the others nor is
 * silently skipped.  A broken file still takes its name, as it would for
 * gr_profile_find, so a later directory's profile of that name is not
 * listed in its stead.  False, with err, only where no list can be made
 * (out of memory). */
bool gr_profile_list_all(const gr_search_path *sp, gr_profile_list *out, gr_error *err);
void gr_profile_list_free(gr_profile_list *list);

/* The profile of the list that describes this GPU: the same compute
 * capability, SMs and shared memory, and where several have them (H100 and
 * H200), the one whose full name has the GPU's model ("H200" of "NVIDIA
 * H200"); NULL where none does. */
const gr_profile *gr_profile_match_gpu(const gr_profile_list *list, const gr_gpu_info *gpu);

#endif
