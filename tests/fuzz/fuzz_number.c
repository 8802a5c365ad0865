/* libFuzzer harness: the command line's number parser (cli_int and
 * cli_double, as every numeric option reads its value) and the printers of
 * what it returns.  The first byte picks the quantity, byte % 3: plain,
 * bytes or a count (the suffixes each takes). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* cli_fail prints each rejected number; the sanitizers report on file
     * descriptor 2, which this leaves open */
    FILE *quiet = fopen("/dev/null", "w");
    if (quiet)
        stderr = quiet;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    cli_quantity quantity = (cli_quantity)(data[0] % 3);
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    int64_t n;
    double d;
    if (cli_int("--fuzz", text, quantity, INT64_MIN, INT64_MAX, &n))
        (void)out_bytes(n);
    if (cli_double("--fuzz", text, quantity, -1e308, 1e308, &d))
        (void)out_num(d);
    free(text);
    return 0;
}
