/* Runs a fuzz harness over files, without libFuzzer: how `make check`
 * replays the seed corpora and every input a fuzzer once crashed on
 * (tests/fuzz/regressions/), under whatever sanitizers the build has. */
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Reads all of path into a fresh buffer; NULL if it cannot. */
static uint8_t *read_input(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap || ferror(f))
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger, cap *= 2;
    }
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    *size = len;
    return buf;
}

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        uint8_t *data = read_input(argv[i], &size);
        if (!data) {
            fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
            return 1;
        }
        LLVMFuzzerTestOneInput(data, size);
        free(data);
    }
    return 0;
}
