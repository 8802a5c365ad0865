/* The search paths of the gpuroof running now: the core's rule
 * (search_path.h) given the option, the environment and where this program
 * is. */
#ifndef GPUROOF_CLI_DATA_H
#define GPUROOF_CLI_DATA_H

#include "gpuroof_files.h"

/* The kind's search path: option's directories (NULL: none), those of the
 * kind's environment variable, then this program's data directory: its
 * build tree's when it is the program of that tree, else the installed
 * one. */
void cli_data_path(gr_data_kind kind, const char *option, gr_search_path *sp);

#endif
