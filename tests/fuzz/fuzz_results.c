/* libFuzzer harness: the results-file reader (what `plot --results` reads),
 * and its writer on whatever the reader accepted: what it writes must read
 * back, and written again be the same text (numbers settle at the writer's
 * ten digits after one pass).  The read through the ceilings (what measure
 * --compare reads of a fleet's files) must take whatever the whole read
 * takes, and read the same device, provenance and ceilings. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "results_format.h"
#include "yaml_doc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes r, reads it back into back; false only where the text is larger
 * than any file gpuroof reads (the reader's limit, not the writer's fault). */
static bool write_and_read(const gr_results *r, gr_results *back, char **text, size_t *len)
{
    gr_error err;
    if (!gr_results_render(r, text, len, &err))
        abort();
    if (*len > GR_YAML_MAX_BYTES) {
        free(*text);
        return false;
    }
    if (!gr_results_load_buffer("written.yaml", *text, *len, back, &err))
        abort();
    return true;
}

/* Whether the mapping section called name holds the same keys in a and b. */
static bool same_section(const gr_results *a, const gr_results *b, const char *name)
{
    const gr_results_section *s = gr_results_section_named(name);
    return gr_results_keys_same(s, (const char *)a + s->offset, (const char *)b + s->offset);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gr_results results, back, again;
    gr_error err;
    char *text, *text_again;
    size_t len, len_again;
    gr_results head;
    bool head_read = gr_results_load_buffer_through("fuzz.yaml", (const char *)data, size, "ceilings", &head, &err);
    if (!gr_results_load_buffer("fuzz.yaml", (const char *)data, size, &results, &err)) {
        gr_results_free(&head);
        return 0;
    }
    if (!head_read || !same_section(&head, &results, "device") || !same_section(&head, &results, "provenance") ||
        memcmp(&head.ceilings, &results.ceilings, sizeof head.ceilings) != 0)
        abort();
    gr_results_free(&head);
    (void)gr_results_best_bandwidth(&results);
    if (write_and_read(&results, &back, &text, &len)) {
        if (write_and_read(&back, &again, &text_again, &len_again)) {
            if (len != len_again || memcmp(text, text_again, len) != 0)
                abort();
            free(text_again);
            gr_results_free(&again);
        }
        free(text);
        gr_results_free(&back);
    }
    gr_results_free(&results);
    return 0;
}
