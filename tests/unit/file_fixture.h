/* Shared by the unit tests that read fixture files: a whole file, read. */
#ifndef GPUROOF_TEST_FILE_FIXTURE_H
#define GPUROOF_TEST_FILE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    unsigned char *bytes; /* size bytes and a NUL after them, for the text readers */
    size_t size;
} file_bytes;

/* path's bytes; a file that does not read fails the test. */
static inline file_bytes load(const char *path)
{
    file_bytes b = {0};
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    b.size = (size_t)n;
    b.bytes = malloc(b.size + 1);
    assert_non_null(b.bytes);
    assert_int_equal(fread(b.bytes, 1, b.size, f), b.size);
    b.bytes[b.size] = '\0';
    fclose(f);
    return b;
}

#endif
