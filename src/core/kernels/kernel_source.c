/* CUDA source and PTX given where compiled code belongs (kernel_source.h). */
#include <string.h>
#include "kernel_source.h"
#include "kernel_resources.h"

/* Only the beginning is looked at: a directive or a kernel comes early,
 * and a large file that is neither costs no more. */
#define LOOKED_AT_BYTES ((size_t)1 << 20)

/* What may stand before __global__ on its line. */
static const char *const cuda_prefixes[] = {"extern \"C\"", "static", "inline"};

typedef struct {
    const char *text;
    size_t size;
} text_view;

static bool is_word_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Where a line of t begins with word after blanks (and after any of the
 * given prefixes, each followed by blanks): the byte after it, or NULL. */
static const char *line_starting(text_view t, const char *word, const char *const *prefixes, size_t prefix_count)
{
    size_t n = strlen(word);
    for (size_t at = 0; at < t.size;) {
        size_t i = at;
        while (i < t.size && is_blank(t.text[i]))
            i++;
        for (size_t p = 0; p < prefix_count; p++) {
            size_t m = strlen(prefixes[p]);
            if (i + m < t.size && memcmp(t.text + i, prefixes[p], m) == 0 && is_blank(t.text[i + m])) {
                i += m;
                while (i < t.size && is_blank(t.text[i]))
                    i++;
            }
        }
        if (i + n <= t.size && memcmp(t.text + i, word, n) == 0 &&
            (i + n == t.size || !is_word_char(word[n - 1]) || !is_word_char(t.text[i + n])))
            return t.text + i + n;
        const char *end = memchr(t.text + at, '\n', t.size - at);
        at = end ? (size_t)(end - t.text) + 1 : t.size;
    }
    return NULL;
}

/* The architecture a PTX .target names ("sm_90"); "sm_XX" where it names
 * none gpuroof knows. */
static gr_sm_text ptx_target(text_view t, const char *after)
{
    const char *end = t.text + t.size;
    while (after < end && is_blank(*after))
        after++;
    size_t n = 0;
    while (after + n < end && n < GR_SM_NAME_SIZE - 1 && is_word_char(after[n]))
        n++;
    gr_sm sm;
    return gr_sm_parse(after, n, &sm) ? gr_sm_name_of(sm) : (gr_sm_text){"sm_XX"};
}

bool gr_kernel_source_advice(const char *file, const unsigned char *data, size_t size, gr_error *err)
{
    text_view t = {(const char *)data, size < LOOKED_AT_BYTES ? size : LOOKED_AT_BYTES};
    if (memchr(t.text, '\0', t.size))
        return false; /* not text */
    const char *target = line_starting(t, ".target", NULL, 0);
    if (target && line_starting(t, ".version", NULL, 0)) {
        gr_sm_text sm = ptx_target(t, target);
        return !gr_error_set(err, "%s: PTX, which has no registers until ptxas compiles it: give ptxas's report "
                                  "(ptxas -v -arch=%s FILE 2>&1 | gpuroof kernels -) or the cubin it writes "
                                  "(ptxas -arch=%s -o FILE.cubin FILE)", file, sm.text, sm.text);
    }
    if (line_starting(t, "__global__", cuda_prefixes, sizeof cuda_prefixes / sizeof cuda_prefixes[0]) && !line_starting(t, "```", NULL, 0))
        return !gr_error_set(err, "%s: CUDA source, not compiled code: give nvcc's report "
                                  "(nvcc --resource-usage -arch=sm_90 -c FILE 2>&1 | gpuroof kernels -), the cubin "
                                  "(nvcc -cubin -arch=sm_90 FILE) or the program or library built from it", file);
    return false;
}
