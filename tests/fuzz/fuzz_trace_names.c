/* libFuzzer harness: any bytes (to the first NUL) as a kernel's name in a
 * trace or a report, brought to the key the two demanglers' spellings
 * share (trace_names.h).  The key has no space but one between two
 * words (`unsigned int`), no other white space; a readable name's key is
 * no longer than the name and every word of it stands in the name (the
 * key only leaves out and shortens); a mangled name libiberty cannot
 * read is its own key's words too; and the key's words stand in the name
 * by gr_trace_name_words_in, the rule that joins an unreadable name. */
#include <ctype.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "trace_names.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A kernel's name is read up to this many bytes: the longest of the
 * recorded traces' is 1,676, of the reports' 3,488 (the words check is
 * quadratic in the name: longer inputs only slow the fuzzing down). */
#define NAME_MOST 8192

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static void check_key(const char *name, const char *key)
{
    for (const char *at = key; *at; at++)
        if (isspace((unsigned char)*at) && (*at != ' ' || at == key || !word_char(at[-1]) || !word_char(at[1])))
            abort();
    bool mangled = strncmp(name, "_Z", 2) == 0;
    if (!mangled && strlen(key) > strlen(name))
        abort();
    /* a key with words words_in counts (its words are in itself: not only
     * the builtin types and lambda it passes over) has them in its name */
    bool has_words = gr_trace_name_words_in(key, key);
    if ((!mangled || gr_trace_name_unreadable(name)) && has_words && !gr_trace_name_words_in(key, name))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > NAME_MOST)
        size = NAME_MOST;
    char *name = malloc(size + 1);
    if (!name)
        return 0;
    memcpy(name, data, size);
    name[size] = '\0';
    gr_buf key = GR_BUF_INIT;
    if (gr_trace_name_key(name, &key))
        check_key(name, gr_buf_text(&key));
    gr_buf_free(&key);
    free(name);
    return 0;
}
