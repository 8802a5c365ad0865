/* Where gpuroof looks for its data files: a search path of directories for
 * each kind of data (device profiles, kernel models, the chart style), all
 * built by one rule.  The command line passes in what only it can know (an
 * option, the environment, where the running program is); nothing here
 * reads the environment or holds state. */
#ifndef GPUROOF_SEARCH_PATH_H
#define GPUROOF_SEARCH_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"

#define GR_MAX_SEARCH_DIRS 16

typedef struct {
    size_t count;
    char dirs[GR_MAX_SEARCH_DIRS][512];
} gr_search_path;

/* Appends one directory, or each of a colon-separated list; empty entries,
 * a NULL list, directories too long to hold and those past the 16th are
 * left out. */
void gr_search_path_add(gr_search_path *sp, const char *dirs);

/* Writes to path the first DIR/relative on the path that is a regular
 * file; false where none is (path is then empty). */
bool gr_search_path_find(const gr_search_path *sp, const char *relative, char *path, size_t size);

/* One file a listing of the path found. */
typedef struct {
    char name[128];  /* its name less the suffix: "a100" of a100.yaml, "smem-rect/setRowReadCol"
                        of smem-rect/setRowReadCol.yaml one folder down */
    char path[1024];
} gr_listed_file;

typedef struct {
    size_t count;
    gr_listed_file *items; /* sorted by name; the first directory that has a name hides it in the others */
} gr_file_list;

/* Every regular file whose name ends in suffix in the path's directories
 * and, where subfolders, in their folders one level down; hidden files
 * (".x") and names too long to hold are left out, and so is a directory
 * that cannot be read.  False (with err) only where memory runs out. */
bool gr_search_path_list(const gr_search_path *sp, const char *suffix, bool subfolders, gr_file_list *out,
                         gr_error *err);
void gr_file_list_free(gr_file_list *list);

/* The file of the list with that name, or else the first whose name is
 * the same but for case ("MATMUL-NAIVE" is matmul-naive); NULL where none. */
const gr_listed_file *gr_file_list_find(const gr_file_list *list, const char *name);

/* The directories for a message, in order: "a, b, c" ("(none)" where the
 * path is empty); cut short where size is too small. */
void gr_search_path_text(const gr_search_path *sp, char *text, size_t size);

/* The kinds of data, each in its folder of the data directory. */
typedef enum { GR_DATA_PROFILES, GR_DATA_MODELS, GR_DATA_STYLE } gr_data_kind;

/* The folder of the data directory that holds the kind: "profiles",
 * "models", "plots". */
const char *gr_data_folder(gr_data_kind kind);

/* The environment variable that names more directories for the kind:
 * GPUROOF_PROFILES, GPUROOF_MODELS; NULL for the chart style, of which
 * gpuroof ships one and takes no other. */
const char *gr_data_variable(gr_data_kind kind);

/* What a gpuroof program knows of where its data can be.  All but program
 * come from its build's configuration. */
typedef struct {
    const char *program;       /* the running program's file; NULL where unknown */
    const char *build_program; /* the program its build tree makes */
    const char *build_data;    /* the directory holding the build tree's profiles/, models/, plots/ */
    const char *bindir;        /* where make install puts the program */
    const char *pkgdatadir;    /* where make install puts the data */
} gr_data_places;

/* The data directory of the running program, one and never both of:
 * build_data, where program is the build tree's own program (the same file
 * as build_program); else pkgdatadir under the root the program is
 * installed in: "" for an ordinary install, DESTDIR for one staged by
 * `make install DESTDIR=...` (program in ROOT followed by bindir).  False
 * where the directory is too long for dir. */
bool gr_data_dir(const gr_data_places *places, char *dir, size_t size);

/* The search path of a kind: the directories of option (colon-separated;
 * NULL: none), then those of variable (the value of the kind's environment
 * variable; NULL: none), then the kind's folder of the data directory. */
void gr_data_search_path(gr_data_kind kind, const char *option, const char *variable,
                         const gr_data_places *places, gr_search_path *sp);

#endif
