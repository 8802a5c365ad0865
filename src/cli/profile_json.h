/* A profile as JSON, with the keys of its YAML file. */
#ifndef GPUROOF_PROFILE_JSON_H
#define GPUROOF_PROFILE_JSON_H

#include <jansson.h>
#include "gpuroof_profile.h"

json_t *profile_to_json(const gr_profile *p);
/* The figures `gpuroof devices` lists. */
json_t *profile_summary_json(const gr_profile *p);

#endif
