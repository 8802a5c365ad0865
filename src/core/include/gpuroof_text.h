/* Errors and text shown to people: gr_error, numbers (gr_num_text, GR_NUM), text that grows (gr_buf), texts a record keeps (gr_text_pool), names matched case-insensitively with "did you mean".
 * The core's public interface for this area: the layers above it (chart,
 * measure, the command line) include this header alone, never the
 * per-file headers it gathers (their include paths do not reach them). */
#ifndef GPUROOF_PUBLIC_TEXT_H
#define GPUROOF_PUBLIC_TEXT_H

#include "../text/error.h"
#include "../text/num_text.h"
#include "../text/text_buf.h"
#include "../text/text_pool.h"
#include "../text/names.h"
#include "../text/expr.h"
#include "../text/name_hash.h"
#include "../text/text_span.h"
#include "../text/le_bytes.h"
#include "../text/grow.h"

#endif
